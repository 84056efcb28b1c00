/**
 * Editing in the customizer, end to end as a shopper does it (docs/editor.md, "Keyboard",
 * "Autosave", "Duplicate, copy, paste"): the real app on a port, headless Debian Chromium
 * (playwright-core) with real keyboard, mouse and touch, at the desktop size and on a 390 px
 * phone. Existing text edited from the keyboard (the canvas takes focus, Tab selects, Enter
 * types, Escape stops, one undo step; the Selected text field); the crop sliders' arrows move
 * the slider, not the photo. Autosave: three objects, the Saved indicator, a reload brings them
 * back (both sides); leaving right after a change asks first. Duplicate, copy and paste from
 * the keyboard and with the buttons, across sides, one undo step each. Auto-width text grows as
 * typed, wraps at the safe width, keeps a width set with a side handle, and the PDF prints the
 * same lines (pdftotext). Screenshots `editing-*` go to test-artifacts/editor/.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';
import { freePort } from '../helpers/ports.js';
import { openSection } from '../helpers/editor-sheet.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'photo.jpg');
const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SIDE = { width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Obj { type: string; text?: string; left: number; top: number; width: number; height: number; scaleX: number; scaleY: number; cropX?: number; cropY?: number }

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`editing in the customizer, headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let productId = '';
  /** the dialogs the page opened (leaving with unsaved changes asks first), each accepted */
  const dialogs: string[] = [];

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const active = <T>(fn: string, p: Page = page): Promise<T> => p.evaluate(`(() => { const sc = window.customizer.state.active; const c = sc.canvas; return (${fn})(sc, c); })()`) as Promise<T>;
  const objects = (p: Page = page) => active<Obj[]>('(sc) => sc.layers()', p);
  const selected = (p: Page = page) => active<number[]>('(sc, c) => c.getActiveObjects().map((o) => c.getObjects().indexOf(o))', p);
  const editing = (p: Page = page) => active<boolean>('(sc, c) => Boolean(c.getActiveObject()?.isEditing)', p);
  const focused = (p: Page = page) => p.evaluate(() => document.activeElement?.id ?? '');
  const settle = (p: Page = page) => p.waitForFunction(() => !document.body.dataset.busy);
  const open = async (query = '', p: Page = page) => {
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${productId}${query}`);
    await waitForStatus(p, /^(Ready|Prêt|מוכן)$/);
  };
  const shot = async (name: string, p: Page = page) => {
    const w = p.viewportSize()?.width === PHONE.width ? '390' : 'desktop';
    await p.screenshot({ path: path.join(ARTIFACTS, `editing-${name}-${w}.png`) });
  };
  const axe = async (p: Page = page) => {
    await p.evaluate(`${AXE};undefined`);
    const res = await p.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
    return (res.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  };
  const addText = async (words: string, p: Page = page) => {
    await p.fill('#text-input', words);
    await p.click('#add-text');
    await waitForStatus(p, /Added text/);
  };

  beforeAll(async () => {
    ensureCustomizer({ log: () => {} });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    await t.deps.startWorkers();
    store = await createStore(t.app);
    productId = (await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: productId, name: 'Front', ...SIDE });
    await post('/v1/sides', { product_id: productId, name: 'Back', ...SIDE });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
    context = await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 });
    page = await context.newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
    page.on('dialog', (d) => {
      dialogs.push(d.type());
      void d.accept();
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('edits an existing text from the keyboard: Tab to the canvas, Tab selects, Enter types, Escape stops, one undo step', async () => {
    await open();
    await addText('Hello');
    await addText('World');
    // from the toolbar, Tab goes on through the tools panel to the canvas
    await page.focus('#zoom-reset');
    let hops = 0;
    while ((await focused()) !== 'stage' && hops++ < 120) await page.keyboard.press('Tab');
    expect(await focused()).toBe('stage');
    expect(await page.getAttribute('#stage', 'aria-label')).toBe('Design canvas');
    // the layers panel on the way selected its rows' objects: drop the selection
    await page.keyboard.press('Escape');
    expect(await selected()).toEqual([]);
    // Tab selects the objects one after the other, then leaves the canvas
    await page.keyboard.press('Tab');
    expect(await selected()).toEqual([0]);
    await page.keyboard.press('Tab');
    expect(await selected()).toEqual([1]);
    await page.keyboard.press('Shift+Tab');
    expect(await selected()).toEqual([0]);
    expect(await page.inputValue('#text-content')).toBe('Hello');
    await shot('text-selected');
    // Enter: type over the words
    await page.keyboard.press('Enter');
    expect(await editing()).toBe(true);
    await page.keyboard.type('Bonjour tout le monde');
    await shot('text-typing');
    await page.keyboard.press('Escape');
    expect(await editing()).toBe(false);
    expect((await objects())[0]!.text).toBe('Bonjour tout le monde');
    // still selected, focus back on the canvas, the field follows
    expect(await selected()).toEqual([0]);
    expect(await focused()).toBe('stage');
    expect(await page.inputValue('#text-content')).toBe('Bonjour tout le monde');
    // what was typed is one undo step
    await page.keyboard.press('ControlOrMeta+Z');
    await settle();
    expect((await objects()).map((o) => o.text)).toEqual(['Hello', 'World']);
    await page.keyboard.press('ControlOrMeta+Shift+Z');
    await settle();
    expect((await objects()).map((o) => o.text)).toEqual(['Bonjour tout le monde', 'World']);
    // Tab past the last object leaves the canvas for the next control
    await page.focus('#stage');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focused()).not.toBe('stage');
    expect(await axe()).toEqual([]);
  }, 90_000);

  it('the Selected text field shows and changes the selected text, one undo step when left', async () => {
    await page.focus('#stage');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab'); // the first object
    await page.keyboard.press('Tab'); // the second: "World"
    expect(await page.inputValue('#text-content')).toBe('World');
    await page.click('#text-content', { clickCount: 3 });
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Le monde entier');
    // the canvas follows as it is typed
    expect((await objects())[1]!.text).toBe('Le monde entier');
    await page.keyboard.press('Tab');
    await shot('content-field');
    await page.click('#undo');
    await settle();
    expect((await objects())[1]!.text).toBe('World');
    // nothing selected: the field is disabled and empty
    await page.focus('#stage');
    await page.keyboard.press('Escape');
    expect(await page.isDisabled('#text-content')).toBe(true);
    expect(await page.inputValue('#text-content')).toBe('');
  }, 60_000);

  it('arrow keys on a crop slider move the slider, not the photo', async () => {
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    await page.click('#fill');
    await settle();
    const before = (await objects()).at(-1)!;
    await page.focus('#crop-x');
    const v0 = Number(await page.inputValue('#crop-x'));
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    expect(Number(await page.inputValue('#crop-x'))).toBe(v0 - 2);
    const after = (await objects()).at(-1)!;
    expect(after.left).toBe(before.left);
    expect(after.top).toBe(before.top);
    // outside the slider the arrows still nudge the photo
    await page.focus('#stage');
    await page.keyboard.press('ArrowLeft');
    expect((await objects()).at(-1)!.left).toBe(before.left - 1);
  }, 60_000);

  it('on a 390 px phone: tap a text, edit it in the Selected text field and with Enter', async () => {
    const phone = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    try {
      await open('', phone);
      await phone.tap('#sheet-toggle');
      await openSection(phone, 'h-text');
      await addText('Tap me', phone);
      const centre = await active<{ x: number; y: number }>(`(sc, c) => { const o = c.getObjects()[0]; const r = c.upperCanvasEl.getBoundingClientRect(); const v = c.viewportTransform; const p = o.getCenterPoint(); return { x: r.left + p.x * v[0] + v[4], y: r.top + p.y * v[3] + v[5] }; }`, phone);
      await phone.tap('#sheet-toggle'); // close the sheet to reach the canvas
      await active('(sc, c) => { c.discardActiveObject(); c.requestRenderAll(); }', phone);
      await phone.touchscreen.tap(centre.x, centre.y);
      expect(await selected(phone)).toEqual([0]);
      await phone.tap('#sheet-toggle');
      // the selected text opened the sheet's Text section
      expect(await phone.getAttribute('#h-text > button', 'aria-expanded')).toBe('true');
      expect(await phone.inputValue('#text-content')).toBe('Tap me');
      await phone.fill('#text-content', 'Tapped');
      await phone.keyboard.press('Tab');
      expect((await objects(phone))[0]!.text).toBe('Tapped');
      await shot('phone-content', phone);
      // a keyboard on the phone: focus the canvas, Enter, type
      await phone.focus('#stage');
      await phone.keyboard.press('Enter');
      expect(await editing(phone)).toBe(true);
      await phone.keyboard.type('Typed');
      await phone.keyboard.press('Escape');
      expect((await objects(phone))[0]!.text).toBe('Typed');
      await shot('phone-typed', phone);
      expect(await axe(phone)).toEqual([]);
    } finally {
      await phone.close();
    }
  }, 90_000);

  // ---- autosave ---------------------------------------------------------------------------

  const saveState = (p: Page = page) => p.evaluate(() => document.getElementById('save-state')?.dataset.state ?? '');
  const waitSaved = (p: Page = page) => p.waitForFunction(() => document.getElementById('save-state')?.dataset.state === 'saved', undefined, { timeout: 20_000 });
  const designCount = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/designs?limit=100', headers: as.B(store) });
    return (res.json().data as unknown[]).length;
  };
  const selectSide = (name: string, p: Page = page) => p.click(`#sides button:text-is("${name}")`);

  it('saves on its own after a change: the indicator says so, the address names the designs, a reload brings the work back', async () => {
    await open();
    const before = await designCount();
    expect(await saveState()).toBe('');
    await addText('One');
    await addText('Two');
    expect(await saveState()).toBe('unsaved');
    expect(await page.textContent('#save-state')).toBe('Unsaved changes');
    // the back side too: one design per side
    await selectSide('Back');
    await addText('Three');
    const changed = Date.now();
    await page.waitForFunction(() => document.getElementById('save-state')?.dataset.state === 'saving', undefined, { timeout: 10_000 }).catch(() => undefined);
    await waitSaved();
    const savedAfter = Date.now() - changed;
    console.log(`[editing] autosaved ${savedAfter} ms after the last change`);
    expect(savedAfter).toBeGreaterThanOrEqual(1900);
    expect(await page.textContent('#save-state')).toBe('Saved');
    expect(await designCount()).toBe(before + 2);
    const url = new URL(page.url());
    expect(url.searchParams.getAll('design')).toHaveLength(2);
    await shot('autosaved');
    // nothing unsaved: a reload asks nothing, and opens the work again
    dialogs.length = 0;
    await page.reload();
    await waitForStatus(page, /Reopened|Ready/);
    expect(dialogs).toEqual([]);
    expect((await objects()).map((o) => o.text)).toEqual(['One', 'Two']);
    await selectSide('Back');
    expect((await objects()).map((o) => o.text)).toEqual(['Three']);
    expect(await saveState()).toBe('');
    // a further change PUTs the same designs
    await addText('Four');
    await waitSaved();
    expect(await designCount()).toBe(before + 2);
    await page.reload();
    await waitForStatus(page, /Reopened|Ready/);
    await selectSide('Back');
    expect((await objects()).map((o) => o.text)).toEqual(['Three', 'Four']);
  }, 90_000);

  it('asks before leaving while a change is not saved yet', async () => {
    await addText('Unsaved');
    expect(await saveState()).toBe('unsaved');
    dialogs.length = 0;
    await page.reload();
    await waitForStatus(page, /Reopened|Ready/);
    expect(dialogs).toEqual(['beforeunload']);
    // left anyway: the change was lost, the saved work is there
    await selectSide('Back');
    expect((await objects()).map((o) => o.text)).toEqual(['Three', 'Four']);
  }, 60_000);

  // ---- duplicate, copy, paste ---------------------------------------------------------------

  it('duplicates, copies and pastes from the keyboard and with the buttons, across sides, one undo step each', async () => {
    await open();
    await addText('Copy me');
    const [orig] = await objects();
    // Ctrl+D: a copy next to it, selected
    await page.focus('#stage');
    await page.keyboard.press('ControlOrMeta+D');
    await waitForStatus(page, /Duplicated 1 object/);
    let objs = await objects();
    expect(objs).toHaveLength(2);
    expect(objs[1]!.text).toBe('Copy me');
    expect(objs[1]!.left - orig!.left).toBeCloseTo(10, 6);
    expect(objs[1]!.top - orig!.top).toBeCloseTo(10, 6);
    expect(await selected()).toEqual([1]);
    await page.keyboard.press('ControlOrMeta+Z');
    await settle();
    expect(await objects()).toHaveLength(1);
    // the button
    await active('(sc, c) => { c.setActiveObject(c.getObjects()[0]); c.requestRenderAll(); }');
    await page.click('#duplicate');
    await waitForStatus(page, /Duplicated 1 object/);
    expect(await objects()).toHaveLength(2);
    // Ctrl+C on the first, Ctrl+V on the back side: a copy, selected, offset
    await page.focus('#stage');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+C');
    await waitForStatus(page, /Copied 1 object/);
    await selectSide('Back');
    await page.focus('#stage');
    await page.keyboard.press('ControlOrMeta+V');
    await waitForStatus(page, /Pasted 1 object/);
    objs = await objects();
    expect(objs.map((o) => o.text)).toEqual(['Copy me']);
    expect(objs[0]!.left - orig!.left).toBeCloseTo(10, 6);
    expect(await selected()).toEqual([0]);
    // a second paste goes 10 px further
    await page.click('#paste');
    await waitForStatus(page, /Pasted 1 object/);
    objs = await objects();
    expect(objs).toHaveLength(2);
    expect(objs[1]!.left - orig!.left).toBeCloseTo(20, 6);
    await shot('pasted');
    // one undo step per paste
    await page.click('#undo');
    await settle();
    expect(await objects()).toHaveLength(1);
    // not while typing in a field: Ctrl+V there is the field's own paste
    await page.fill('#text-input', 'typed');
    await page.focus('#text-input');
    await page.keyboard.press('ControlOrMeta+V');
    await page.keyboard.press('ControlOrMeta+D');
    expect(await objects()).toHaveLength(1);
    // not while editing a text: Ctrl+V is the text's own paste, no layer is pasted
    await page.focus('#stage');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await editing()).toBe(true);
    await page.keyboard.press('End'); // the caret after the words: the (empty) system clipboard replaces nothing
    await page.keyboard.press('ControlOrMeta+V');
    await page.keyboard.press('Escape');
    expect((await objects()).map((o) => o.text)).toEqual(['Copy me']);
    // the Copy button on a selection made with the mouse (a rubber band over the whole front), pasted on the back as one step
    await selectSide('Front');
    const r = await active<{ left: number; top: number; right: number; bottom: number }>('(sc, c) => c.upperCanvasEl.getBoundingClientRect().toJSON()');
    await page.mouse.move(r.left + 3, r.top + 3);
    await page.mouse.down();
    await page.mouse.move((r.left + r.right) / 2, (r.top + r.bottom) / 2, { steps: 4 });
    await page.mouse.move(r.right - 3, r.bottom - 3, { steps: 4 });
    await page.mouse.up();
    expect(await selected()).toEqual([0, 1]);
    await page.click('#copy');
    await waitForStatus(page, /Copied 2 objects/);
    await selectSide('Back');
    await page.click('#paste');
    await waitForStatus(page, /Pasted 2 objects/);
    expect(await objects()).toHaveLength(3);
    expect(await selected()).toEqual([1, 2]);
    await shot('pasted-two');
    await page.keyboard.press('ControlOrMeta+Z');
    await settle();
    expect(await objects()).toHaveLength(1);
    expect(await axe()).toEqual([]);
  }, 90_000);

  it('on a 390 px phone: duplicate and paste with taps', async () => {
    const phone = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    phone.on('dialog', (d) => void d.accept());
    try {
      await open('', phone);
      await phone.tap('#sheet-toggle');
      await openSection(phone, 'h-text');
      await addText('Phone', phone);
      await openSection(phone, 'h-layers');
      await phone.tap('#duplicate');
      await waitForStatus(phone, /Duplicated 1 object/);
      await phone.tap('#copy');
      await waitForStatus(phone, /Copied 1 object/);
      await phone.tap('#paste');
      await waitForStatus(phone, /Pasted 1 object/);
      const objs = await objects(phone);
      expect(objs.map((o) => o.text)).toEqual(['Phone', 'Phone', 'Phone']);
      await shot('phone-pasted', phone);
      await phone.waitForFunction(() => document.getElementById('save-state')?.dataset.state === 'saved', undefined, { timeout: 20_000 });
      await shot('phone-saved', phone);
    } finally {
      await phone.close();
    }
  }, 90_000);

  // ---- auto-width text ----------------------------------------------------------------------

  /** The first text's lines as Fabric wraps them, its width and the safe area's width (design px). */
  const lines = (p: Page = page) => active<{ lines: string[]; width: number; safe: number; auto: boolean }>('(sc, c) => { const o = c.getObjects()[0]; return { lines: o.textLines.map((l) => l.join ? l.join("") : String(l)), width: o.width, safe: sc.layout.safe.width, auto: Boolean(o.autoWidth) }; }', p);
  const typeOver = async (words: string) => {
    await page.focus('#stage');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.keyboard.type(words);
    await page.keyboard.press('Escape');
  };
  /** The PDF of the side's autosaved design, made through the API, as pdftotext -layout reads it. */
  const pdfText = async (designId: string) => {
    const h = as.B(store);
    const project = await post('/v1/projects', { name: 'Auto width' });
    const d = (await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: h })).json().data;
    const put = await t.app.inject({ method: 'PUT', url: `/v1/designs/${designId}`, headers: h, payload: { side_id: d.side_id, project_id: project.id, layers: d.layers, viewport_width: d.viewport_width, viewport_height: d.viewport_height } });
    expect(put.statusCode, put.body).toBe(200);
    let job = (await t.app.inject({ method: 'POST', url: `/v1/projects/${project.id}/pdf`, headers: h, payload: {} })).json().data;
    for (let i = 0; i < 300 && (job.status === 'queued' || job.status === 'processing'); i++) {
      await new Promise((r) => setTimeout(r, 200));
      job = (await t.app.inject({ method: 'GET', url: `/v1/jobs/${job.id}`, headers: h })).json().data;
    }
    expect(job.status, JSON.stringify(job)).toBe('completed');
    const file = path.join(ARTIFACTS, 'editing-auto-width.pdf');
    fs.writeFileSync(file, Buffer.from(await (await fetch(job.pdf_url)).arrayBuffer()));
    return execFileSync('pdftotext', ['-layout', '-f', '1', '-l', '1', file, '-'], { encoding: 'utf8' });
  };

  it('auto-width text grows as typed, wraps at the safe width, keeps a width set with a side handle; the PDF prints the same lines', async () => {
    await open();
    await addText('Hi');
    const first = await lines();
    expect(first.auto).toBe(true);
    expect(first.lines).toEqual(['Hi']);
    // a short sentence typed later: one line, wider than before
    await typeOver('A short sentence typed later');
    let now = await lines();
    expect(now.lines).toEqual(['A short sentence typed later']);
    expect(now.width).toBeGreaterThan(first.width * 3);
    expect(now.width).toBeLessThan(now.safe);
    await shot('auto-width-short');
    // a long one wraps at the safe area's width
    await typeOver('This sentence is much too long to fit on one line of a postcard at this size');
    now = await lines();
    expect(now.lines.length).toBeGreaterThan(1);
    expect(now.width).toBeLessThanOrEqual(now.safe);
    expect(now.width).toBeGreaterThan(now.safe * 0.8);
    expect(now.lines.join(' ')).toBe('This sentence is much too long to fit on one line of a postcard at this size');
    await shot('auto-width-wrapped');
    // a side handle: the shopper's width, kept when typing
    const mr = await active<{ x: number; y: number }>('(sc, c) => { const o = c.getActiveObject(); o.setCoords(); const r = c.upperCanvasEl.getBoundingClientRect(); return { x: r.left + o.oCoords.mr.x, y: r.top + o.oCoords.mr.y }; }');
    await page.mouse.move(mr.x, mr.y);
    await page.mouse.down();
    await page.mouse.move(mr.x - 60, mr.y, { steps: 5 });
    await page.mouse.move(mr.x - 120, mr.y, { steps: 5 });
    await page.mouse.up();
    const set = await lines();
    expect(set.auto).toBe(false);
    expect(set.width).toBeLessThan(now.width - 50);
    await typeOver('Short');
    expect((await lines()).width).toBeCloseTo(set.width, 6);
    // back to the short sentence and a wrapped one: the PDF breaks the lines where the canvas does
    await typeOver('A short sentence typed later');
    await page.click('#undo'); // the width set by hand: undo the typing, then the handle
    await settle();
    await page.click('#undo');
    await settle();
    await page.click('#undo');
    await settle();
    now = await lines();
    expect(now.auto).toBe(true);
    await typeOver('A short sentence typed later');
    expect((await lines()).lines).toEqual(['A short sentence typed later']);
    // a long text added with Add text: wrapped at the safe width
    await addText('Every line of this long text should print exactly where the editor broke it');
    const wrapped = await active<string[]>('(sc, c) => c.getObjects()[1].textLines.map((l) => String(l))');
    expect(wrapped.length).toBeGreaterThan(1);
    await page.waitForFunction(() => document.getElementById('save-state')?.dataset.state === 'saved', undefined, { timeout: 20_000 });
    const designId = new URL(page.url()).searchParams.get('design')!;
    const text = await pdfText(designId);
    const printed = text.split('\n').map((l) => l.trim()).filter(Boolean);
    expect(printed).toContain('A short sentence typed later');
    for (const line of wrapped) expect(printed.some((l) => l.endsWith(line.trim()) || l.startsWith(line.trim())), `${line} in\n${text}`).toBe(true);
  }, 120_000);

  // ---- units ----------------------------------------------------------------------------------

  it('shows the font size in printed points and letter spacing in em, the layer keeping Fabric values; labelled in every locale', async () => {
    await open();
    await addText('Units');
    expect(await page.textContent('label:has(#font-size) span')).toBe('Size (pt)');
    expect(await page.textContent('label:has(#letter-spacing) span')).toBe('Letter spacing (em)');
    // a 148 × 105 mm card: points per design pixel through the trim size
    const k = await active<number>('(sc) => (148 / 25.4) * 72 / sc.layout.viewport.width');
    const px = (await active<number>('(sc, c) => c.getActiveObject().fontSize'));
    expect(Number(await page.inputValue('#font-size'))).toBeCloseTo(px * k, 1);
    await page.fill('#font-size', '24');
    await page.keyboard.press('Enter');
    await page.fill('#letter-spacing', '0.15');
    await page.keyboard.press('Enter');
    const o = (await active<{ fontSize: number; charSpacing: number }>('(sc, c) => ({ fontSize: c.getActiveObject().fontSize, charSpacing: c.getActiveObject().charSpacing })'));
    expect(o.fontSize * k).toBeCloseTo(24, 6);
    expect(o.charSpacing).toBe(150);
    await shot('units');
    await open('&locale=fr');
    expect(await page.textContent('label:has(#font-size) span')).toBe('Taille (pt)');
    await open('&locale=he');
    expect(await page.textContent('label:has(#letter-spacing) span')).toBe('ריווח אותיות (em)');
  }, 60_000);
});
