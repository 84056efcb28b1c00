/**
 * The editor on a 390 × 844 phone with real touch (CDP `Input.dispatchTouchEvent`), end to end
 * in headless Debian Chromium: the tools sheet is an accordion (one section open, the open
 * sheet at most a screen high, sections switched by tap and by keyboard, a selected text opens
 * Text); pinch zoom in, one finger on an object moves it, one finger on empty canvas pans the
 * view (only the viewport transform changes, the layers keep their design coordinates), the
 * pan stops at the bleed box's edges, Fit to screen resets; axe-core clean. Screenshots go to
 * test-artifacts/editor/phone-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, CDPSession, Page } from 'playwright-core';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../unit/engines/pdf/fabric-browser.js';
import { needs } from '../helpers/requirements.js';
// @ts-expect-error plain .mjs script without types
import { ensureCustomizer } from '../../scripts/build-customizer.mjs';
import { freePort } from '../helpers/ports.js';
import { waitForStatus } from '../helpers/editor-status.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const require = createRequire(import.meta.url);
const AXE = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
const SIDE = { name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
// every section of the sheet (the template's fields, 'h-fields', shows only with a template that has fields)
const SECTIONS = ['h-product', 'h-template', 'h-fields', 'h-text', 'h-shapes', 'h-codes', 'h-clipart', 'h-photo', 'h-arrange', 'h-layers', 'h-order'];

type Pt = { x: number; y: number };
type View = { vpt: number[]; zoom: number; fit: number; bleed: { left: number; top: number; width: number; height: number }; width: number; height: number; rect: { left: number; top: number } };

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`the editor on a phone (Chromium, touch)${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let productId = '';

  const axe = async (p: Page) => {
    await p.evaluate(`${AXE};undefined`);
    const res = await p.evaluate(async () => (window as any).axe.run(document, { resultTypes: ['violations'] }));
    return (res.violations as Array<{ id: string; impact: string; nodes: Array<{ target: string[] }> }>).filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}): ${v.nodes.slice(0, 3).map((n) => n.target.join(' ')).join(', ')}`);
  };
  const frames = (p: Page) => p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  const shot = async (p: Page, name: string) => {
    await frames(p);
    await p.screenshot({ path: path.join(ARTIFACTS, `phone-${name}.png`) });
  };
  /** which sections are open (aria-expanded) and shown */
  const openSections = (p: Page) =>
    p.evaluate((ids) => ids.filter((id) => document.querySelector(`#${id} > button`)?.getAttribute('aria-expanded') === 'true' && !document.getElementById(`${id}-body`)!.hidden), SECTIONS);
  const sheetHeights = (p: Page) => p.evaluate(() => ({ panel: document.getElementById('panel')!.getBoundingClientRect().height, content: document.getElementById('sheet-body')!.scrollHeight }));
  const view = (p: Page) =>
    p.evaluate(() => {
      const sc = (window as any).customizer.state.active;
      const c = sc.canvas;
      const r = c.upperCanvasEl.getBoundingClientRect();
      return { vpt: [...c.viewportTransform], zoom: c.getZoom(), fit: sc.fit, bleed: sc.layout.bleed, width: c.width, height: c.height, rect: { left: r.left, top: r.top } };
    }) as Promise<View>;
  const layers = (p: Page) => p.evaluate(() => (window as any).customizer.state.active.layers().map((l: { left: number; top: number }) => ({ left: l.left, top: l.top }))) as Promise<Array<{ left: number; top: number }>>;
  /** the screen point of the first layer's centre */
  const objectCentre = (p: Page) =>
    p.evaluate(() => {
      const c = (window as any).customizer.state.active.canvas;
      const o = c.getObjects()[0];
      const pt = o.getCenterPoint();
      const v = c.viewportTransform;
      const r = c.upperCanvasEl.getBoundingClientRect();
      return { x: r.left + pt.x * v[0] + v[4], y: r.top + pt.y * v[3] + v[5] };
    }) as Promise<Pt>;
  /** a point on the canvas with no object under it, nearest the canvas's top-left corner */
  const emptyPoint = (p: Page) =>
    p.evaluate(() => {
      const c = (window as any).customizer.state.active.canvas;
      const r = c.upperCanvasEl.getBoundingClientRect();
      const pts: Array<{ x: number; y: number }> = [];
      for (let y = r.top + 12; y < r.bottom - 12; y += 16) for (let x = r.left + 12; x < r.right - 12; x += 16) pts.push({ x, y });
      pts.sort((a, b) => a.x + a.y - (b.x + b.y));
      return pts.find((q) => !c.findTarget(new MouseEvent('mousedown', { clientX: q.x, clientY: q.y }))) ?? null;
    }) as Promise<Pt | null>;

  beforeAll(async () => {
    ensureCustomizer({ log: () => {} });
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    t = await buildTestApp({ env: { FOLIO_PUBLIC_URL: base } });
    await t.app.listen({ host: '127.0.0.1', port });
    store = await createStore(t.app);
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    productId = (await post('/v1/products', { name: 'Card', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: productId, ...SIDE });
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('tools sheet: one section open at a time, about a screen high, by tap and keyboard; zoom, pan, clamp, Fit to screen; axe-core clean', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    p.on('pageerror', (err) => console.error('[page error]', err));
    try {
      await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${productId}`);
      await waitForStatus(p, /^Ready$/);

      // ---- the sheet: an accordion of the sections, their headings' own texts ----
      await p.tap('#sheet-toggle');
      expect(await openSections(p)).toEqual(['h-product']);
      expect(await p.locator('#h-text > button').textContent()).toBe('Text');
      expect(await p.getAttribute('#h-text > button', 'aria-controls')).toBe('h-text-body');
      let h = await sheetHeights(p);
      expect(h.panel).toBeLessThanOrEqual(900);
      expect(h.content).toBeLessThanOrEqual(900);
      await shot(p, 'sheet-product');
      // a tap on a heading opens its section and closes the open one
      await p.tap('#h-text > button');
      expect(await openSections(p)).toEqual(['h-text']);
      h = await sheetHeights(p);
      expect(h.panel).toBeLessThanOrEqual(900);
      expect(h.content).toBeLessThanOrEqual(900);
      await p.fill('#text-input', 'Pan me');
      await p.tap('#add-text');
      await waitForStatus(p, /Added text/);
      // the text selected: its tools show in the open Text section
      h = await sheetHeights(p);
      console.log('sheet heights, Text open with a text selected', h);
      expect(h.panel).toBeLessThanOrEqual(900);
      await shot(p, 'sheet-text');
      // the keyboard: Enter and Space on a heading's button
      await p.focus('#h-shapes > button');
      await p.keyboard.press('Enter');
      expect(await openSections(p)).toEqual(['h-shapes']);
      await p.keyboard.press('Shift+Tab');
      expect(await p.evaluate(() => document.activeElement?.closest('h2')?.id)).toBe('h-text');
      await p.keyboard.press(' ');
      expect(await openSections(p)).toEqual(['h-text']);
      // a tap on the open section's heading closes it
      await p.tap('#h-text > button');
      expect(await openSections(p)).toEqual([]);
      await p.tap('#h-layers > button');
      expect(await openSections(p)).toEqual(['h-layers']);
      expect(await axe(p)).toEqual([]);
      await p.tap('#sheet-toggle');

      // a tap on the text selects it; the sheet then opens on Text
      await p.evaluate(() => (window as any).customizer.state.active.canvas.discardActiveObject());
      const centre0 = await objectCentre(p);
      await p.touchscreen.tap(centre0.x, centre0.y);
      await p.waitForFunction(() => (window as any).customizer.state.active.canvas.getActiveObject());
      await p.tap('#sheet-toggle');
      expect(await openSections(p)).toEqual(['h-text']);
      await p.tap('#sheet-toggle');

      // ---- zoom and pan ----
      const cdp: CDPSession = await phone.newCDPSession(p);
      const touch = (type: 'touchStart' | 'touchMove' | 'touchEnd', points: Pt[]) => cdp.send('Input.dispatchTouchEvent', { type, touchPoints: points.map((q, i) => ({ x: q.x, y: q.y, id: i })) });
      const drag = async (from: Pt, dx: number, dy: number, steps = 6) => {
        await touch('touchStart', [from]);
        for (let i = 1; i <= steps; i++) await touch('touchMove', [{ x: from.x + (dx * i) / steps, y: from.y + (dy * i) / steps }]);
        await touch('touchEnd', []);
      };
      // two fingers above and below the text, spreading: zoom in around it
      const c = await objectCentre(p);
      await touch('touchStart', [{ x: c.x, y: c.y - 30 }, { x: c.x, y: c.y + 30 }]);
      for (let i = 1; i <= 6; i++) await touch('touchMove', [{ x: c.x, y: c.y - 30 - 10 * i }, { x: c.x, y: c.y + 30 + 10 * i }]);
      await touch('touchEnd', []);
      const zoomed = await view(p);
      expect(zoomed.zoom / zoomed.fit).toBeGreaterThan(2);
      await shot(p, 'pan-zoomed');

      // one finger on the text: the text moves, the view does not
      const before = await layers(p);
      const oc = await objectCentre(p);
      await drag(oc, -40, -20);
      const moved = await layers(p);
      expect(Math.hypot(moved[0]!.left - before[0]!.left, moved[0]!.top - before[0]!.top)).toBeGreaterThan(30 / zoomed.zoom);
      expect((await view(p)).vpt).toEqual(zoomed.vpt);

      // one finger on empty canvas: the view pans, the layers keep their design coordinates
      const empty = (await emptyPoint(p))!;
      expect(empty).not.toBeNull();
      await drag(empty, 40, 30);
      const panned = await view(p);
      expect(panned.zoom).toBeCloseTo(zoomed.zoom, 9);
      expect(panned.vpt[4]! - zoomed.vpt[4]!).toBeCloseTo(40, 0);
      expect(panned.vpt[5]! - zoomed.vpt[5]!).toBeCloseTo(30, 0);
      expect(await layers(p)).toEqual(moved);
      await shot(p, 'pan-panned');

      // far to the right and down: it stops where the bleed box's top-left corner reaches the canvas's
      for (let i = 0; i < 4; i++) {
        const from = (await emptyPoint(p))!;
        await drag(from, Math.min(300, 380 - from.x), Math.min(300, 600 - from.y));
      }
      let v = await view(p);
      expect(v.bleed.left * v.zoom + v.vpt[4]!).toBeCloseTo(0, 3);
      expect(v.bleed.top * v.zoom + v.vpt[5]!).toBeCloseTo(0, 3);
      await shot(p, 'pan-clamped-top-left');
      // and the other way: the bleed box's bottom-right corner
      for (let i = 0; i < 6; i++) {
        const from = (await p.evaluate(() => {
          const c2 = (window as any).customizer.state.active.canvas;
          const r = c2.upperCanvasEl.getBoundingClientRect();
          for (let y = r.bottom - 12; y > r.top; y -= 16) for (let x = r.right - 12; x > r.left; x -= 16) if (!c2.findTarget(new MouseEvent('mousedown', { clientX: x, clientY: y }))) return { x, y };
          return null;
        }))!;
        await drag(from, -Math.min(300, from.x - 5), -Math.min(300, from.y - 5));
      }
      v = await view(p);
      expect((v.bleed.left + v.bleed.width) * v.zoom + v.vpt[4]!).toBeCloseTo(v.width, 3);
      expect((v.bleed.top + v.bleed.height) * v.zoom + v.vpt[5]!).toBeCloseTo(v.height, 3);
      expect(await layers(p)).toEqual(moved);
      await shot(p, 'pan-clamped-bottom-right');

      // Fit to screen: back to the fit, the whole side in view
      await p.tap('#zoom-reset');
      v = await view(p);
      expect(v.zoom).toBeCloseTo(v.fit, 9);
      expect(v.bleed.left * v.zoom + v.vpt[4]!).toBeGreaterThanOrEqual(0);
      expect((v.bleed.left + v.bleed.width) * v.zoom + v.vpt[4]!).toBeLessThanOrEqual(v.width + 0.001);
      // at the fit one finger on empty canvas does not pan (a selection box, as before)
      const fitVpt = v.vpt;
      await drag((await emptyPoint(p))!, 40, 30);
      expect((await view(p)).vpt).toEqual(fitVpt);
      expect(await layers(p)).toEqual(moved);
      expect(await axe(p)).toEqual([]);
      await shot(p, 'pan-fit');

      // wide again: plain headings, every section open; narrow again: the accordion is back
      await p.setViewportSize({ width: 1280, height: 900 });
      await expect.poll(() => p.locator('#sheet-body h2 > button').count()).toBe(0);
      expect(await p.evaluate((ids) => ids.every((id) => !document.getElementById(`${id}-body`)!.hidden), SECTIONS)).toBe(true);
      expect(await p.locator('#h-layers').textContent()).toBe('Layers');
      await p.setViewportSize({ width: 390, height: 844 });
      await expect.poll(() => p.locator('#sheet-body h2 > button').count()).toBe(SECTIONS.length);
    } finally {
      await phone.close();
    }
  }, 120_000);
});
