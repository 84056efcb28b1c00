/**
 * Photo filters in the customizer, end to end (docs/editor.md, "Image filters";
 * customizer/src/filters.ts): the real app on a port, headless Chromium, real mouse and
 * keyboard at 1280 × 900 and a 390 × 844 phone. Brightness, contrast and saturation sliders
 * (mouse and arrow keys), greyscale and sepia toggles (click, Space, Enter), a reset; one undo
 * step each; the pixels change on the canvas; saved, reopened with ?design= the filters are
 * there and drawn; the design's PDF has no UNSUPPORTED_FEATURE warning; each action timed in
 * the page (performance.now around its events) on a 1500 × 1000 photo, logged; axe-core clean.
 * Screenshots go to test-artifacts/editor-filters/. Duotone: the select offers the product's spot
 * ink; chosen with the keyboard (one undo step), saved and reopened, printed without a warning.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { openSection } from '../helpers/editor-sheet.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { needs } from '../helpers/requirements.js';
import { downloadLink, finishedJob } from '../integration/designs/helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor-filters');
/** 1500 × 1000: a typical photo */
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'card-photo.jpg');
const SIDE = { name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 150 };
type Filter = { type: string; brightness?: number; contrast?: number; saturation?: number; spot?: string; cmyk?: number[] };
type Img = { type: string; filters: Filter[]; left: number; top: number };

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`photo filters in the customizer, headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;
  let product = '';
  let designId = '';
  let step = 0;
  const timings: string[] = [];

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${String(++step).padStart(2, '0')}-${name}-${page.viewportSize()!.width}.png`) });
  const photo = () => page.evaluate(() => (window as any).customizer.state.active.layers().at(-1)) as Promise<Img>;
  const types = async () => (await photo()).filters.map((f) => f.type);
  /** The canvas's pixel (lower canvas: no selection drawn) at the photo's centre, a little up and left. */
  const pixel = () =>
    page.evaluate(() => {
      const c = (window as any).customizer.state.active.canvas;
      c.renderAll();
      const o = c.getObjects().at(-1);
      const p = o.getCenterPoint();
      const v = c.viewportTransform;
      const k = c.getRetinaScaling();
      const d = c.lowerCanvasEl.getContext('2d').getImageData(Math.round((p.x - 20) * v[0] * k + v[4] * k), Math.round((p.y - 10) * v[3] * k + v[5] * k), 1, 1).data;
      return [d[0], d[1], d[2]];
    }) as Promise<number[]>;
  const idle = () => page.waitForFunction(() => !document.body.dataset.busy);
  /** Clicks the photo on the canvas (undo, redo and reopening leave nothing selected). */
  const selectPhoto = async () => {
    const at = (await page.evaluate(() => {
      const c = (window as any).customizer.state.active.canvas;
      const p = c.getObjects().at(-1).getCenterPoint();
      const r = c.upperCanvasEl.getBoundingClientRect();
      const v = c.viewportTransform;
      return { x: r.left + p.x * v[0] + v[4], y: r.top + p.y * v[3] + v[5] };
    })) as { x: number; y: number };
    await page.mouse.click(at.x, at.y);
    await page.waitForFunction(() => !(document.querySelector('#image-tools') as HTMLFieldSetElement).disabled);
  };
  const undo = async () => (await page.click('#undo'), await idle(), await selectPhoto());
  const redo = async () => (await page.click('#redo'), await idle(), await selectPhoto());
  /**
   * Runs `fn` (a real input action) and returns the ms the page spent on it: performance.now()
   * around each event it dispatched (a capturing listener on window starts the clock, a bubbling
   * one stops it, so the editor's handlers, the filtering and the redraw are inside), summed.
   * The round trips of the test driver are not.
   */
  const timed = async (name: string, fn: () => Promise<void>) => {
    await page.evaluate(() => {
      const w = window as any;
      w.__busy = 0;
      if (w.__timing) return;
      w.__timing = true;
      for (const type of ['input', 'change', 'click', 'keydown', 'keyup', 'pointerdown', 'pointerup', 'mousedown', 'mouseup']) {
        window.addEventListener(type, () => void (w.__start = performance.now()), true);
        window.addEventListener(type, () => void (w.__busy += performance.now() - w.__start));
      }
    });
    await fn();
    const ms = (await page.evaluate(() => (window as any).__busy)) as number;
    timings.push(`  ${name.padEnd(34)} ${ms.toFixed(0)} ms`);
    return ms;
  };
  /** Tabs from the element before `selector` until it has focus (keyboard only). */
  const tabTo = async (selector: string) => {
    await page.focus(selector);
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    expect(await page.evaluate((s) => document.activeElement === document.querySelector(s), selector)).toBe(true);
  };
  const open = async (query: string) => {
    await page.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}${query}`);
    await waitForStatus(page, /^Ready$/);
  };
  /** Saves the one side and opens its design afresh: the photo's filters as they were, drawn alike; the design's id. */
  const saveAndReopen = async () => {
    const saved = await photo();
    const drawn = await pixel();
    await page.click('#save');
    await waitForStatus(page, /^Saved 1 design$/);
    const id = await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!);
    await open(`&design=${id}`);
    await page.waitForFunction(() => (window as any).customizer.state.active?.canvas.getObjects().length === 1);
    expect((await photo()).filters).toEqual(saved.filters);
    expect(await pixel()).toEqual(drawn);
    await selectPhoto();
    return id;
  };
  /** The design's PDF: made with no UNSUPPORTED_FEATURE warning, kept in the artifacts as `file`. */
  const printClean = async (id: string, file: string) => {
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${id}/pdf`, headers: as.U(store), payload: {} });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    expect((job.warnings ?? []).filter((w: { code: string }) => w.code === 'UNSUPPORTED_FEATURE')).toEqual([]);
    fs.writeFileSync(path.join(ARTIFACTS, file), await downloadLink(t.app, job.pdf_url));
  };

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true }));
    store = await createStore(t.app);
    product = (await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: product, ...SIDE });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })).newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
  }, 300_000);

  afterAll(async () => {
    console.log(`filter actions on a 1500 × 1000 photo (filter + redraw):\n${timings.join('\n')}`);
    await browser?.close();
    await t?.close();
  });

  it('desktop: sliders by mouse and keyboard, toggles, reset, one undo step each, saved and reopened', async () => {
    await open(`&product=${product}`);
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    expect(await page.$eval('#image-adjust', (e) => (e as HTMLFieldSetElement).matches(':disabled'))).toBe(false);
    const px0 = await pixel();
    await shot('added');

    // brightness with the mouse: a click three quarters along the slider (−100..100 → about +50)
    await page.locator('#image-adjust').scrollIntoViewIfNeeded();
    const box = (await page.locator('#adjust-brightness').boundingBox())!;
    const ms1 = await timed('brightness (mouse click)', () => page.mouse.click(box.x + box.width * 0.75, box.y + box.height / 2));
    let f = (await photo()).filters;
    expect(f.map((x) => x.type)).toEqual(['Brightness']);
    expect(f[0]!.brightness).toBeGreaterThan(0.4);
    expect(f[0]!.brightness).toBeLessThan(0.6);
    expect(await page.locator('output[for=adjust-brightness]').textContent()).toBe(String(Math.round(f[0]!.brightness! * 100)));
    const px1 = await pixel();
    expect(px1[0]! + px1[1]! + px1[2]!).toBeGreaterThan(px0[0]! + px0[1]! + px0[2]!);

    // contrast with the keyboard: three arrow presses (three undo steps), the photo stays put
    const at = await photo();
    await tabTo('#adjust-contrast');
    const ms2 = await timed('contrast (arrow key)', () => page.keyboard.press('ArrowRight'));
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowUp');
    f = (await photo()).filters;
    expect(f.map((x) => x.type)).toEqual(['Brightness', 'Contrast']);
    expect(f[1]!.contrast).toBeCloseTo(0.03, 5);
    expect([(await photo()).left, (await photo()).top]).toEqual([at.left, at.top]);
    await undo();
    expect((await photo()).filters[1]!.contrast).toBeCloseTo(0.02, 5);
    await redo();

    // saturation by dragging the thumb to the far left (−100: grey)
    await page.locator('#adjust-saturation').scrollIntoViewIfNeeded();
    const sbox = (await page.locator('#adjust-saturation').boundingBox())!;
    await page.mouse.move(sbox.x + sbox.width / 2, sbox.y + sbox.height / 2);
    await page.mouse.down();
    await page.mouse.move(sbox.x + sbox.width * 0.25, sbox.y + sbox.height / 2, { steps: 3 });
    await page.mouse.move(sbox.x - 10, sbox.y + sbox.height / 2, { steps: 3 });
    await page.mouse.up();
    f = (await photo()).filters;
    expect(f.map((x) => [x.type, x.saturation])).toContainEqual(['Saturation', -1]);
    const grey = await pixel();
    expect(Math.max(...grey) - Math.min(...grey)).toBeLessThanOrEqual(1);

    // greyscale with Space, sepia with a click: toggles as aria-pressed buttons
    await tabTo('#adjust-greyscale');
    const ms3 = await timed('greyscale (Space)', () => page.keyboard.press(' '));
    expect(await page.getAttribute('#adjust-greyscale', 'aria-pressed')).toBe('true');
    const ms4 = await timed('sepia (click)', () => page.click('#adjust-sepia'));
    expect(await page.getAttribute('#adjust-sepia', 'aria-pressed')).toBe('true');
    expect(await types()).toEqual(['Brightness', 'Contrast', 'Saturation', 'Grayscale', 'Sepia']);
    const sepia = await pixel();
    expect(sepia[0]).toBeGreaterThan(sepia[2]!);
    await shot('all-filters');
    expect(await axeViolations(page)).toEqual([]);

    // one undo step per toggle; redo gives it back
    await undo();
    expect(await types()).toEqual(['Brightness', 'Contrast', 'Saturation', 'Grayscale']);
    expect(await page.getAttribute('#adjust-sepia', 'aria-pressed')).toBe('false');
    await redo();
    expect(await types()).toContain('Sepia');

    // Reset (Enter on it) clears every filter in one step, undone in one
    await tabTo('#adjust-reset');
    const ms5 = await timed('reset (Enter)', () => page.keyboard.press('Enter'));
    expect((await photo()).filters).toEqual([]);
    expect(await pixel()).toEqual(px0);
    expect(await page.inputValue('#adjust-brightness')).toBe('0');
    await undo();
    expect(await types()).toEqual(['Brightness', 'Contrast', 'Saturation', 'Grayscale', 'Sepia']);
    expect(await page.inputValue('#adjust-saturation')).toBe('-100');
    // The aim is ≤ 200 ms an action (docs/editor.md, "Performance"): the times are logged, and
    // so is the work itself (all five filters applied and the canvas redrawn, best of five
    // runs); the bounds here only catch a pathological slowdown, as a machine shared by
    // parallel suites makes any one figure slow
    for (const ms of [ms1, ms2, ms3, ms4, ms5]) expect(ms).toBeLessThan(2000);
    const work = (await page.evaluate(() => {
      const c = (window as any).customizer.state.active.canvas;
      const img = c.getObjects().at(-1);
      let best = Infinity;
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        img.applyFilters();
        c.renderAll();
        best = Math.min(best, performance.now() - t0);
      }
      return best;
    })) as number;
    timings.push(`  ${'all five filters + redraw (best of 5)'.padEnd(34)} ${work.toFixed(0)} ms`);
    expect(work).toBeLessThan(1000);

    // saved, reopened: the same filters, drawn
    designId = await saveAndReopen();
    await page.waitForFunction(() => document.querySelector('#adjust-sepia')?.getAttribute('aria-pressed') === 'true');
    expect(await page.inputValue('#adjust-saturation')).toBe('-100');
    await shot('reopened');
  }, 180_000);

  it('the design\'s PDF prints the filters: no UNSUPPORTED_FEATURE warning', async () => {
    await printClean(designId, 'design.pdf');
  }, 120_000);

  it('duotone in the product\'s spot ink: chosen by keyboard, one undo step, Reset clears it, saved and reopened, printed', async () => {
    const inked = (await post('/v1/products', { name: 'Ink card', dimension_unit: 'mm', spot_inks: [{ name: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }] })).id;
    await post('/v1/sides', { product_id: inked, ...SIDE });
    await open(`&product=${inked}`);
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    const px0 = await pixel();
    await page.locator('#adjust-duotone').scrollIntoViewIfNeeded();
    expect(await page.$$eval('#adjust-duotone option', (os) => os.map((o) => (o as HTMLOptionElement).value))).toEqual(['', 'PANTONE 185 C']);
    // labelled: a combobox named Duotone
    expect(await page.getByRole('combobox', { name: /^Duotone/ }).getAttribute('id')).toBe('adjust-duotone');
    const at = await photo();
    await tabTo('#adjust-duotone');
    const ms = await timed('duotone (arrow key)', () => page.keyboard.press('ArrowDown'));
    expect(ms).toBeLessThan(2000);
    expect((await photo()).filters).toEqual([{ type: 'Duotone', spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }]);
    expect([(await photo()).left, (await photo()).top]).toEqual([at.left, at.top]);
    // the ink over white: red, no blue-green cast
    const duo = await pixel();
    expect(duo).not.toEqual(px0);
    expect(duo[0]).toBeGreaterThan(duo[1]! + 20);
    await shot('duotone');
    expect(await axeViolations(page)).toEqual([]);
    await undo();
    expect((await photo()).filters).toEqual([]);
    expect(await page.inputValue('#adjust-duotone')).toBe('');
    await redo();
    expect(await types()).toEqual(['Duotone']);
    expect(await page.inputValue('#adjust-duotone')).toBe('PANTONE 185 C');
    // a tonal filter goes before it; Reset clears both in one step
    await page.click('#adjust-sepia');
    expect(await types()).toEqual(['Sepia', 'Duotone']);
    await tabTo('#adjust-reset');
    await page.keyboard.press('Enter');
    expect((await photo()).filters).toEqual([]);
    expect(await page.inputValue('#adjust-duotone')).toBe('');
    await undo();
    expect(await types()).toEqual(['Sepia', 'Duotone']);
    // saved, reopened: the duotone is there and drawn, the select shows it
    const id = await saveAndReopen();
    await page.waitForFunction(() => (document.querySelector('#adjust-duotone') as HTMLSelectElement).value === 'PANTONE 185 C');
    await printClean(id, 'duotone.pdf');
  }, 180_000);

  it('at 390 × 844: the filters from the bottom sheet by touch-sized taps; axe-core clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(`&product=${product}`);
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    await page.click('#sheet-toggle');
    await openSection(page, 'h-photo', 'click');
    await page.locator('#adjust-sepia').scrollIntoViewIfNeeded();
    await page.click('#adjust-sepia');
    await tabTo('#adjust-brightness');
    await page.keyboard.press('ArrowLeft');
    expect(await types()).toEqual(['Brightness', 'Sepia']);
    expect((await photo()).filters[0]!.brightness).toBeCloseTo(-0.01, 5);
    await shot('phone');
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);
});
