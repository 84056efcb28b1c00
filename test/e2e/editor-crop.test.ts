/**
 * Cropping photos in the customizer, end to end (docs/editor.md, "Images"; customizer/src/crop.ts):
 * the real app on a port, headless Debian Chromium (playwright-core), real mouse and keyboard at
 * 1280 × 900 and touch on a 390 px phone. A side handle crops: the picture keeps its proportions
 * (scaleX === scaleY) and its pixels where it still shows, the frame gets narrower; a corner
 * keeps proportions; crop mode by the Crop button and by double-click drags the photo inside its
 * frame (and the arrow keys move it), Escape/Enter end it as one undo step; the saved design's
 * layer has the crop. Screenshots `crop-*` go to test-artifacts/editor/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { needs } from '../helpers/requirements.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
/** 240 × 160, four coloured quadrants with a checker: a stretch or a wrong crop shows */
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'quadrants.png');
const SIDE = { width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Pt { x: number; y: number }
interface Img { left: number; top: number; width: number; height: number; scaleX: number; scaleY: number; cropX: number; cropY: number }

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`cropping photos in the customizer, headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let productId = '';

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const active = <T>(p: Page, fn: string): Promise<T> => p.evaluate(`(() => { const sc = window.customizer.state.active; const c = sc.canvas; return (${fn})(sc, c); })()`) as Promise<T>;
  const photo = (p: Page) => active<Img>(p, '(sc) => sc.layers().at(-1)');
  const pressed = (p: Page) => p.getAttribute('#crop-mode', 'aria-pressed');
  /** Undo restores the side's layers asynchronously (images load again): wait until the page is idle. */
  const undo = async (p: Page) => {
    await p.click('#undo');
    await p.waitForFunction(() => !document.body.dataset.busy);
  };
  const redo = async (p: Page) => {
    await p.click('#redo');
    await p.waitForFunction(() => !document.body.dataset.busy);
  };
  /** Screen points of the photo: its controls, and a point at (fx, fy) of its frame. */
  const handles = (p: Page) =>
    active<Record<'ml' | 'mr' | 'br' | 'mt' | 'centre', Pt>>(
      p,
      `(sc, c) => { const o = c.getObjects().at(-1); o.setCoords(); const r = c.upperCanvasEl.getBoundingClientRect(); const v = c.viewportTransform;
        const k = (q) => ({ x: r.left + q.x, y: r.top + q.y }); const ce = o.getCenterPoint();
        return { ml: k(o.oCoords.ml), mr: k(o.oCoords.mr), mt: k(o.oCoords.mt), br: k(o.oCoords.br), centre: { x: r.left + ce.x * v[0] + v[4], y: r.top + ce.y * v[3] + v[5] } }; }`,
    );
  /** The canvas's pixel (lower canvas: no selection drawn) at a design point. */
  const pixel = (p: Page, q: Pt) =>
    active<number[]>(p, `(sc, c) => { c.renderAll(); const v = c.viewportTransform; const k = c.getRetinaScaling(); const d = c.lowerCanvasEl.getContext('2d').getImageData(Math.round((${q.x} * v[0] + v[4]) * k), Math.round((${q.y} * v[3] + v[5]) * k), 1, 1).data; return [d[0], d[1], d[2]]; }`);
  /** The design point at (fx, fy) of the photo's frame (no rotation). */
  const inFrame = (o: Img, fx: number, fy: number): Pt => ({ x: o.left + (fx - 0.5) * o.width * o.scaleX, y: o.top + (fy - 0.5) * o.height * o.scaleY });
  const drag = async (p: Page, from: Pt, to: Pt) => {
    await p.mouse.move(from.x, from.y);
    await p.mouse.down();
    await p.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
    await p.mouse.move(to.x, to.y, { steps: 4 });
    await p.mouse.up();
  };
  const shot = (p: Page, name: string) => p.screenshot({ path: path.join(ARTIFACTS, `crop-${name}.png`) });
  const axe = async (p: Page) => axeViolations(p);
  /** Fabric's top canvas (the guides are drawn there) as a PNG data URL, after two frames. */
  const topCanvas = async (p: Page) => {
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    return p.evaluate(() => (window as unknown as { customizer: { state: { active: { canvas: { upperCanvasEl: HTMLCanvasElement } } } } }).customizer.state.active.canvas.upperCanvasEl.toDataURL());
  };
  const open = async (p: Page) => {
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${productId}`);
    await waitForStatus(p, /^Ready$/);
    await p.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(p, /Added photo/);
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true }));
    store = await createStore(t.app);
    productId = (await post('/v1/products', { name: 'Postcard', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: productId, name: 'Front', ...SIDE });
    browser = await launchChromium();
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('desktop: side handles crop without stretching, corners keep proportions, crop mode by button and double-click, one undo each, saved', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, deviceScaleFactor: 1 });
    page.on('pageerror', (err) => console.error('[page error]', err));
    try {
      await open(page);
      const o0 = await photo(page);
      expect(o0.scaleX).toBe(o0.scaleY);
      const left0 = o0.left - (o0.width * o0.scaleX) / 2;
      const probe = inFrame(o0, 0.2, 0.3);
      const px0 = await pixel(page, probe);
      await shot(page, 'added');

      // the right side handle, dragged 80 px left: the frame is narrower, the picture neither stretched nor moved
      let h = await handles(page);
      await drag(page, h.mr, { x: h.mr.x - 80, y: h.mr.y });
      const o1 = await photo(page);
      expect(o1.scaleX).toBe(o0.scaleX);
      expect(o1.scaleY).toBe(o0.scaleY);
      expect(o1.width).toBeLessThan(o0.width - 20);
      expect(o1.height).toBe(o0.height);
      expect(o1.cropX).toBe(0);
      expect(o1.left - (o1.width * o1.scaleX) / 2).toBeCloseTo(left0, 1);
      expect(await pixel(page, probe)).toEqual(px0);
      await shot(page, 'side-right');

      // the left side handle, dragged right: cropX grows, the right edge stays, the pixels stay
      h = await handles(page);
      const right1 = o1.left + (o1.width * o1.scaleX) / 2;
      const probe2 = inFrame(o1, 0.6, 0.6);
      const px2 = await pixel(page, probe2);
      await drag(page, h.ml, { x: h.ml.x + 40, y: h.ml.y });
      const o2 = await photo(page);
      expect(o2.scaleX).toBe(o0.scaleX);
      expect(o2.cropX).toBeGreaterThan(5);
      expect(o2.cropX + o2.width).toBeCloseTo(o1.width, 3);
      expect(o2.left + (o2.width * o2.scaleX) / 2).toBeCloseTo(right1, 1);
      expect(await pixel(page, probe2)).toEqual(px2);
      // cannot uncrop past the photo: dragged far out, the left edge stops at the photo's
      h = await handles(page);
      await drag(page, h.ml, { x: h.ml.x - 300, y: h.ml.y });
      const o2b = await photo(page);
      expect(o2b.cropX).toBe(0);
      expect(o2b.width).toBeCloseTo(o1.width, 3);
      // one undo step per drag
      await undo(page);
      expect((await photo(page)).cropX).toBeCloseTo(o2.cropX, 3);

      // a corner keeps proportions (undo revived the layers: select the photo again)
      h = await handles(page);
      await page.mouse.click(h.centre.x, h.centre.y);
      h = await handles(page);
      await drag(page, h.br, { x: h.br.x + 60, y: h.br.y + 10 });
      const o3 = await photo(page);
      expect(o3.scaleX).toBeGreaterThan(o2.scaleX);
      expect(o3.scaleX).toBeCloseTo(o3.scaleY, 6);
      await undo(page);
      expect((await photo(page)).scaleX).toBe(o2.scaleX);

      // crop mode by the button: the whole photo shows; dragging moves it inside the frame
      h = await handles(page);
      await page.mouse.click(h.centre.x, h.centre.y);
      await page.click('#crop-mode');
      expect(await pressed(page)).toBe('true');
      h = await handles(page);
      await drag(page, h.centre, { x: h.centre.x + 25, y: h.centre.y });
      const o4 = await photo(page);
      expect(o4.cropX).toBeLessThan(o2.cropX);
      expect(o4.cropX).toBeGreaterThanOrEqual(0);
      expect(o4.left).toBe(o2.left);
      expect(o4.width).toBe(o2.width);
      await shot(page, 'mode-button');
      expect(await axe(page)).toEqual([]);
      await page.keyboard.press('Escape');
      expect(await pressed(page)).toBe('false');
      // the whole crop-mode session is one undo step
      await undo(page);
      expect((await photo(page)).cropX).toBeCloseTo(o2.cropX, 3);

      // crop mode by double-click; arrow keys move the photo (Shift: 10); Enter ends
      h = await handles(page);
      const guidesOnly = await topCanvas(page);
      await page.mouse.dblclick(h.centre.x, h.centre.y);
      expect(await pressed(page)).toBe('true');
      // the pointer rests on the photo while the keys move it (Fabric renders its top canvas on a hover)
      await page.mouse.move(h.centre.x + 3, h.centre.y + 2);
      await page.mouse.move(h.centre.x + 5, h.centre.y + 4);
      const before = await photo(page);
      await page.keyboard.press('Shift+ArrowLeft');
      const o5 = await photo(page);
      expect(o5.cropX).toBeCloseTo(before.cropX + 10 / before.scaleX, 3);
      expect(o5.left).toBe(before.left);
      await page.keyboard.press('ArrowRight');
      expect((await photo(page)).cropX).toBeCloseTo(before.cropX + 9 / before.scaleX, 3);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      // the ghost is drawn with the picture only: Fabric's top canvas holds the guides as before crop mode, no stale ghost
      expect(await topCanvas(page)).toBe(guidesOnly);
      await shot(page, 'mode-dblclick');
      await page.keyboard.press('Enter');
      expect(await pressed(page)).toBe('false');
      const o6 = await photo(page);
      await undo(page);
      expect((await photo(page)).cropX).toBeCloseTo(before.cropX, 3);
      await redo(page);
      expect((await photo(page)).cropX).toBeCloseTo(o6.cropX, 3);

      // saved: the design's layer has the crop
      await page.click('#save');
      await waitForStatus(page, /Saved/);
      const designId = await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!);
      const d = (await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: as.B(store) })).json().data;
      const layer = (d.layers as Img[]).at(-1)!;
      expect(layer.cropX).toBeCloseTo(o6.cropX, 3);
      expect(layer.width).toBeCloseTo(o6.width, 3);
      expect(layer.scaleX).toBe(layer.scaleY);
    } finally {
      await page.close();
    }
  }, 120_000);

  it('phone (390 px, touch): a side handle crops, crop mode by the button drags the photo with a finger, a tap outside ends it', async () => {
    const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    page.on('pageerror', (err) => console.error('[page error]', err));
    try {
      await open(page);
      const cdp: CDPSession = await page.context().newCDPSession(page);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', pts: Pt[]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: pts.map((q, i) => ({ x: q.x, y: q.y, id: i })) });
      const swipe = async (from: Pt, to: Pt) => {
        await touch('touchStart', [from]);
        for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: from.x + ((to.x - from.x) * i) / 6, y: from.y + ((to.y - from.y) * i) / 6 }]);
        await touch('touchEnd', []);
      };
      const o0 = await photo(page);
      const probe = inFrame(o0, 0.5, 0.8);
      const px0 = await pixel(page, probe);
      let h = await handles(page);
      await swipe(h.mt, { x: h.mt.x, y: h.mt.y + 20 });
      const o1 = await photo(page);
      expect(o1.scaleX).toBe(o1.scaleY);
      expect(o1.height).toBeLessThan(o0.height);
      expect(o1.cropY).toBeGreaterThan(0);
      expect(await pixel(page, probe)).toEqual(px0);
      await shot(page, 'phone-side');
      // crop mode: the Crop button in the tools sheet
      const sheet = await page.$('#sheet-toggle');
      if (sheet && (await sheet.isVisible())) await sheet.tap();
      await page.tap('#crop-mode');
      expect(await pressed(page)).toBe('true');
      if (sheet && (await sheet.isVisible())) await sheet.tap();
      h = await handles(page);
      await swipe(h.centre, { x: h.centre.x, y: h.centre.y + 15 });
      const o2 = await photo(page);
      expect(o2.cropY).toBeLessThan(o1.cropY);
      expect(o2.top).toBe(o1.top);
      await shot(page, 'phone-mode');
      // a tap outside the photo ends crop mode
      await touch('touchStart', [{ x: 10, y: h.centre.y + 200 }]);
      await touch('touchEnd', []);
      expect(await pressed(page)).toBe('false');
    } finally {
      await page.close();
    }
  }, 120_000);
});
