/**
 * Shapes and codes in the editor, end to end in headless Chromium with real mouse and keyboard:
 * every shape added with the mouse, more with the keyboard only; fill, outline, outline width
 * and the product's spot inks; a QR code and an EAN-13 (an EAN-13 with a wrong check digit
 * shows the error and adds nothing); save, reopen with ?design=, and the PDF of the design
 * (zbarimg reads both codes; no image in it); the same at 390 × 844; axe-core clean.
 * Screenshots go to test-artifacts/editor-shapes/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { pdfImages } from '../unit/engines/pdf/helpers.js';
import { decodePages } from '../unit/engines/vdp/helpers.js';
import { needs } from '../helpers/requirements.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { downloadLink, finishedJob } from '../integration/designs/helpers.js';
import { openSection } from '../helpers/editor-sheet.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor-shapes');
const SIDE = { name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
const INK = 'PANTONE 286 C';
type Obj = { type: string; name?: string; fill?: unknown; stroke?: unknown; strokeWidth?: number; symbology?: string; value?: string; width: number; height: number; scaleX: number; scaleY: number };

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`editor shapes and codes in headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;
  let product = '';
  let step = 0;

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const shot = async (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${String(++step).padStart(2, '0')}-${name}-${page.viewportSize()!.width}.png`) });
  const objects = () => page.evaluate(() => (window as unknown as { customizer: { state: { active: { layers(): unknown[] } } } }).customizer.state.active.layers()) as Promise<Obj[]>;
  const open = async (query: string) => {
    await page.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}${query}`);
    await waitForStatus(page, /^Ready$/);
  };
  const axe = async () => axeViolations(page);
  /** Tabs from the element before `selector` until it has focus (keyboard only), then presses `key`. */
  const keyTo = async (selector: string, key = 'Enter') => {
    await page.focus(selector);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate((s) => document.activeElement === document.querySelector(s), selector)).toBe(true);
    if (key) await page.keyboard.press(key);
  };

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true }));
    store = await createStore(t.app);
    product = (await post('/v1/products', { name: 'Label', dimension_unit: 'mm', spot_inks: [{ name: INK, cmyk: [100, 66, 0, 2] }] })).id;
    await post('/v1/sides', { product_id: product, ...SIDE });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })).newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('adds every shape with the mouse and with the keyboard, sets colours, outline and spot inks', async () => {
    await open(`&product=${product}`);
    for (const kind of ['rect', 'rounded', 'ellipse', 'line', 'hexagon', 'star']) {
      await page.click(`#shape-buttons [data-shape=${kind}]`);
      await waitForStatus(page, /^Added /);
    }
    let objs = await objects();
    expect(objs.map((o) => [o.type, o.name])).toEqual([['Rect', 'Rectangle'], ['Rect', 'Rounded rectangle'], ['Ellipse', 'Ellipse'], ['Line', 'Line'], ['Polygon', 'Hexagon'], ['Polygon', 'Star']]);
    expect(await page.$$eval('#layers li', (els) => els.length)).toBe(6);
    // keyboard only: a star with Enter, a hexagon with Space
    await keyTo('#shape-buttons [data-shape=star]', 'Enter');
    await waitForStatus(page, /^Added Star$/);
    await keyTo('#shape-buttons [data-shape=hexagon]', ' ');
    await waitForStatus(page, /^Added Hexagon$/);
    // the hexagon (selected): red fill, the spot ink as outline, 9 px wide
    await page.fill('#shape-fill', '#dc2626');
    await page.click(`#shape-stroke-spots [data-spot="${INK}"]`);
    await keyTo('#shape-stroke-width', '');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('9');
    await page.keyboard.press('Tab');
    objs = await objects();
    expect(objs.at(-1)).toMatchObject({ type: 'Polygon', fill: '#dc2626', stroke: { spot: INK, cmyk: [100, 66, 0, 2] }, strokeWidth: 9 });
    // the fill in the spot ink, with the keyboard
    await keyTo(`#shape-fill-spots [data-spot="${INK}"]`, 'Enter');
    expect((await objects()).at(-1)!.fill).toEqual({ spot: INK, cmyk: [100, 66, 0, 2] });
    expect(await page.getAttribute(`#shape-fill-spots [data-spot="${INK}"]`, 'aria-pressed')).toBe('true');
    // one undo step per change
    await page.keyboard.press('Escape');
    await page.click('#undo');
    await page.waitForFunction(() => !document.body.dataset.busy);
    expect((await objects()).at(-1)!.fill).toBe('#dc2626');
    await page.click('#redo');
    await page.waitForFunction(() => !document.body.dataset.busy);
    await shot('shapes');
    expect(await axe()).toEqual([]);
    // saved and reopened: the same shapes, the spot inks kept
    await page.click('#save');
    await waitForStatus(page, /^Saved 1 design$/);
    const saved = await objects();
    await open(`&design=${await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!)}`);
    expect((await objects()).map((o) => [o.type, o.name, o.fill, o.stroke, o.strokeWidth])).toEqual(saved.map((o) => [o.type, o.name, o.fill, o.stroke, o.strokeWidth]));
  }, 120_000);

  /** Screen point of a design point (design px of the active side). */
  const screen = (fx: number, fy: number) =>
    page.evaluate(({ fx, fy }) => {
      const sc = (window as any).customizer.state.active;
      const c = sc.canvas;
      const r = c.upperCanvasEl.getBoundingClientRect();
      const v = c.viewportTransform;
      const { viewport } = sc.layout;
      return { x: r.left + fx * viewport.width * v[0] + v[4], y: r.top + fy * viewport.height * v[3] + v[5] };
    }, { fx, fy });
  const centreOf = (i: number) =>
    page.evaluate((i) => {
      const c = (window as any).customizer.state.active.canvas;
      const o = c.getObjects()[i];
      const r = c.upperCanvasEl.getBoundingClientRect();
      const v = c.viewportTransform;
      const p = o.getCenterPoint();
      return { x: r.left + p.x * v[0] + v[4], y: r.top + p.y * v[3] + v[5] };
    }, i);

  let designId = '';

  it('adds a QR code and an EAN-13; a wrong check digit shows the error and adds nothing; saves and reopens them', async () => {
    await open(`&product=${product}`);
    const before = (await objects()).length;
    await page.selectOption('#code-symbology', 'qrcode');
    await page.click('#code-value');
    await page.keyboard.type('https://example.com/p/44');
    await page.click('#add-code');
    await waitForStatus(page, /^QR code added$/);
    // keyboard only: the EAN-13, first with a wrong check digit
    await keyTo('#code-symbology', '');
    await page.keyboard.press('End');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await page.inputValue('#code-symbology')).toBe('ean13');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Control+a');
    await page.keyboard.type('4006381333932');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !document.body.dataset.busy);
    expect(await page.isVisible('#code-error')).toBe(true);
    expect(await page.textContent('#code-error')).toBe('Wrong check digit: this EAN-13 ends with 1');
    expect(await page.getAttribute('#code-value', 'aria-invalid')).toBe('true');
    expect((await objects()).length).toBe(before + 1);
    await shot('ean-error');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('1');
    expect(await page.isVisible('#code-error')).toBe(false);
    // the QR code is selected: Enter would update it; drop the selection first
    await page.keyboard.press('Escape');
    await page.evaluate(() => (window as any).customizer.state.active.canvas.discardActiveObject());
    await page.keyboard.press('Enter');
    await waitForStatus(page, /^EAN-13 added$/);
    let objs = await objects();
    expect(objs.slice(-2).map((o) => [o.type, o.symbology, o.value])).toEqual([['barcode', 'qrcode', 'https://example.com/p/44'], ['barcode', 'ean13', '4006381333931']]);
    // the QR code dragged with the mouse to the lower right, clear of the EAN-13
    const from = await centreOf(0);
    const to = await screen(0.78, 0.72);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await page.mouse.move(to.x, to.y, { steps: 4 });
    await page.mouse.up();
    await page.mouse.click((await centreOf(1)).x, (await centreOf(1)).y);
    expect(await page.evaluate(() => (window as any).customizer.state.active.canvas.getActiveObject()?.symbology)).toBe('ean13');
    // the EAN-13 in the spot ink
    await page.click(`#shape-fill-spots [data-spot="${INK}"]`);
    objs = await objects();
    expect(objs.at(-1)!.fill).toEqual({ spot: INK, cmyk: [100, 66, 0, 2] });
    // a code keeps its proportions: no side handles
    expect(await page.evaluate(() => (window as any).customizer.state.active.canvas.getActiveObject().isControlVisible('mr'))).toBe(false);
    await shot('codes');
    expect(await axe()).toEqual([]);

    await page.click('#save');
    await waitForStatus(page, /^Saved 1 design$/);
    designId = await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!);
    expect(designId).toBeTruthy();
    const saved = await objects();
    await open(`&design=${designId}`);
    const reopened = await objects();
    expect(reopened.map((o) => [o.type, o.symbology, o.value, o.fill])).toEqual(saved.map((o) => [o.type, o.symbology, o.value, o.fill]));
    await shot('reopened');
  }, 120_000);

  it('the design\'s PDF holds both codes as vectors that zbarimg reads', async () => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const pdf = await downloadLink(t.app, job.pdf_url);
    fs.writeFileSync(path.join(ARTIFACTS, 'design.pdf'), pdf);
    const [symbols] = await decodePages(pdf, 1, 300);
    expect(symbols).toEqual(['EAN-13:4006381333931', 'QR-Code:https://example.com/p/44']);
    expect(await pdfImages(pdf)).toEqual([]);
  }, 120_000);

  it('at 390 × 844: a shape and a code from the bottom sheet; axe-core clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(`&product=${product}`);
    await page.click('#sheet-toggle');
    await openSection(page, 'h-shapes', 'click');
    await page.click('#shape-buttons [data-shape=star]');
    await waitForStatus(page, /^Added Star$/);
    await openSection(page, 'h-codes', 'click');
    await page.selectOption('#code-symbology', 'ean13');
    await page.fill('#code-value', '123');
    await page.click('#add-code');
    await page.waitForFunction(() => !document.body.dataset.busy);
    expect(await page.textContent('#code-error')).toBe('An EAN-13 is 12 or 13 digits');
    await page.fill('#code-value', '590123412345');
    await page.click('#add-code');
    await waitForStatus(page, /^EAN-13 added$/);
    expect((await objects()).map((o) => o.type)).toEqual(['Polygon', 'barcode']);
    await shot('phone');
    expect(await axe()).toEqual([]);
  }, 120_000);
});
