/**
 * Print areas of any shape in the editor, end to end in headless Chromium: a 60 mm round
 * sticker opens clipped to its circle (grown by the 2 mm bleed) with circular cut and safe
 * lines; a photo dragged past the edge is cut off on screen; saved, its print file holds the
 * circle as a CutContour die line and no ink outside the grown circle (Ghostscript tiffsep);
 * the design's picture is transparent outside the cut line. A mug's wrap area (a rectangle
 * leaving the handle's margin) clips the same way. At 1280 × 900 and 390 × 844, axe-core clean.
 * Screenshots go to test-artifacts/editor-masks/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { needs } from '../helpers/requirements.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { downloadLink, finishedJob } from '../integration/designs/helpers.js';
import { gsPlates } from '../unit/engines/pdf/pdfx-helpers.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor-masks');
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'images', 'quadrants.png');
const STICKER = { name: 'Sticker', width: 60, height: 60, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 4, right: 4, bottom: 4, left: 4 }, dpi: 300, mask: { shape: 'circle' } };
const MUG = { name: 'Wrap', width: 200, height: 90, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 3, right: 3, bottom: 3, left: 3 }, dpi: 300, mask: { shape: 'rectangle', x_mm: 20, y_mm: 0, width_mm: 160, height_mm: 90 } };

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`editor: print areas of any shape in headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;
  let sticker = '';
  let mug = '';

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const shot = (name: string) => page.screenshot({ path: path.join(ARTIFACTS, `${name}-${page.viewportSize()!.width}.png`) });
  const open = async (product: string) => {
    await page.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${product}`);
    await waitForStatus(page, /^Ready$/);
  };
  /** RGBA of the side's rendering (no outlines) at a point in mm from the trim's top-left. */
  const pixelAt = (xMm: number, yMm: number) =>
    page.evaluate(({ xMm, yMm }) => {
      const sc = (window as any).customizer.state.active;
      const c = sc.canvas;
      sc.hideGuides = true;
      c.renderAll();
      const v = c.viewportTransform;
      const k = sc.layout.pxPerUnit; // design px per mm (mm sides)
      const r = c.getRetinaScaling();
      const x = Math.round((xMm * k * v[0] + v[4]) * r);
      const y = Math.round((yMm * k * v[3] + v[5]) * r);
      const d = Array.from(c.lowerCanvasEl.getContext('2d').getImageData(x, y, 1, 1).data) as number[];
      sc.hideGuides = false;
      c.renderAll();
      return d;
    }, { xMm, yMm });
  /** Drags the first object by (dx, dy) mm with the mouse. */
  const dragBy = async (dxMm: number, dyMm: number) => {
    const { x, y, k } = await page.evaluate(() => {
      const sc = (window as any).customizer.state.active;
      const c = sc.canvas;
      const o = c.getObjects()[0];
      const r = c.upperCanvasEl.getBoundingClientRect();
      const v = c.viewportTransform;
      const p = o.getCenterPoint();
      return { x: r.left + p.x * v[0] + v[4], y: r.top + p.y * v[3] + v[5], k: sc.layout.pxPerUnit * v[0] };
    });
    await page.mouse.move(x, y);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) await page.mouse.move(x + (dxMm * k * i) / 8, y + (dyMm * k * i) / 8, { steps: 2 });
    await page.mouse.up();
  };

  beforeAll(async () => {
    fs.rmSync(ARTIFACTS, { recursive: true, force: true });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true }));
    store = await createStore(t.app);
    sticker = (await post('/v1/products', { name: 'Round sticker', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: sticker, ...STICKER });
    mug = (await post('/v1/products', { name: 'Mug', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: mug, ...MUG });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })).newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('a round sticker opens clipped to its circle with circular guides; a photo dragged past the edge is cut off; its print file and picture keep to the circle', async () => {
    await open(sticker);
    const shape = await page.evaluate(() => {
      const sc = (window as any).customizer.state.active;
      return { cut: sc.shape?.cut as string, clipped: !!sc.canvas.clipPath, bounds: sc.shape?.bounds, k: sc.layout.pxPerUnit };
    });
    expect(shape.clipped).toBe(true);
    expect(shape.cut).toMatch(/^M .* C .* Z$/); // curves: a circle, not the trim rectangle
    expect(shape.bounds.width / shape.k).toBeCloseTo(60, 1);
    await shot('sticker-open');
    // a photo, dragged up and left past the circle's edge
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    await dragBy(-22, -28);
    await page.waitForFunction(() => !document.body.dataset.busy);
    const box = await page.evaluate(() => (window as any).customizer.state.active.canvas.getObjects()[0].getBoundingRect());
    const k = shape.k;
    expect(box.left / k).toBeLessThan(0); // the photo reaches past the trim's top-left corner
    expect(box.top / k).toBeLessThan(0);
    // a point of the photo inside the circle: its bottom-right corner, 1 mm in
    const [ix, iy] = [(box.left + box.width) / k - 1, (box.top + box.height) / k - 1];
    expect(Math.hypot(ix - 30, iy - 30)).toBeLessThan(30);
    // on screen: the photo shows inside the circle, nothing at the bleed box's corner (transparent)
    const inside = await pixelAt(ix, iy);
    expect(inside[3]).toBe(255);
    expect(inside.slice(0, 3).some((v) => v < 200)).toBe(true);
    expect((await pixelAt(-1.5, -1.5))[3]).toBe(0);
    expect((await pixelAt(3, 3))[3]).toBe(0); // within the trim box, outside the grown circle
    await shot('sticker-photo-clipped');
    expect(await axeViolations(page)).toEqual([]);
    // the picture of the side as cut: transparent outside the circle
    const corners = await page.evaluate(async () => {
      const { previewPng } = (window as any).customizer;
      const sc = (window as any).customizer.state.active;
      const blob: Blob = await previewPng(sc, 120);
      const bmp = await createImageBitmap(blob);
      const cv = new OffscreenCanvas(bmp.width, bmp.height);
      const ctx = cv.getContext('2d')!;
      ctx.drawImage(bmp, 0, 0);
      return [Array.from(ctx.getImageData(2, 2, 1, 1).data), Array.from(ctx.getImageData(30, 35, 1, 1).data)];
    });
    expect(corners[0]![3]).toBe(0);
    expect(corners[1]![3]).toBe(255);
    // saved, printed: the circle is a CutContour die line; no ink outside the grown circle
    await page.click('#save');
    await waitForStatus(page, /^Saved 1 design$/);
    const designId = await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!);
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designId}/pdf`, headers: as.U(store), payload: { pdf_standard: 'pdf_x4' } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.U(store));
    expect(job.status, JSON.stringify(job.error)).toBe('completed');
    const pdf = await downloadLink(t.app, job.pdf_url);
    fs.writeFileSync(path.join(ARTIFACTS, 'sticker.pdf'), pdf);
    const plates = await gsPlates(pdf, 150);
    expect(plates.names).toContain('CutContour');
    const pt = 72 / 25.4;
    const all = (b: { x0: number; y0: number; x1: number; y1: number }) => Math.max(...['Cyan', 'Magenta', 'Yellow', 'Black'].map((n) => plates.maxInk(n, b)));
    // the page's top-left corner (bleed box, outside the circle grown by 2 mm) has no ink; inside, the photo prints
    expect(all({ x0: 0, y0: 0, x1: 6 * pt, y1: 6 * pt })).toBe(0);
    expect(all({ x0: (ix + 1) * pt, y0: (iy + 1) * pt, x1: (ix + 2) * pt, y1: (iy + 2) * pt })).toBeGreaterThan(0.2);
    expect(plates.maxInk('CutContour', { x0: 1.5 * pt, y0: 31 * pt, x1: 2.5 * pt, y1: 33 * pt })).toBeGreaterThan(0.5);
  }, 180_000);

  it("a mug's wrap area: the handle's margin stays empty on screen", async () => {
    await open(mug);
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    // scale the photo over the whole side
    await page.evaluate(() => {
      const sc = (window as any).customizer.state.active;
      const o = sc.canvas.getObjects()[0];
      const { bleed } = sc.layout;
      o.set({ originX: 'left', originY: 'top', left: bleed.left, top: bleed.top, scaleX: bleed.width / o.width, scaleY: bleed.height / o.height });
      o.setCoords();
      sc.canvas.requestRenderAll();
    });
    expect((await pixelAt(10, 45))[3]).toBe(0); // the handle's margin
    expect((await pixelAt(19, 45))[3]).toBe(255); // the wrap area's bleed
    expect((await pixelAt(100, 45))[3]).toBe(255);
    expect((await pixelAt(190, 45))[3]).toBe(0);
    await shot('mug-wrap');
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);

  it('at 390 × 844: the round sticker is clipped and guided the same; axe-core clean', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await open(sticker);
    expect(await page.evaluate(() => !!(window as any).customizer.state.active.canvas.clipPath)).toBe(true);
    await page.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(page, /Added photo/);
    await dragBy(-22, -22);
    expect((await pixelAt(-1.5, -1.5))[3]).toBe(0);
    await shot('sticker-phone');
    expect(await axeViolations(page)).toEqual([]);
  }, 120_000);
});
