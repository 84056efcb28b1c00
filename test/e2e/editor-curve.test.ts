/**
 * Curved text in the editor, end to end in headless Debian Chromium with real mouse and
 * keyboard: add a text, bend it with the "Curve" slider by mouse and by arrow keys, bend it
 * down, put it on a circle and change the radius by keyboard, undo, save, reopen `?design=`
 * (still curved, controls showing it), axe-core clean; screenshots at 1280 × 900 and 390 × 844
 * go to test-artifacts/editor/curve-*.png.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { needs } from '../helpers/requirements.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { openSection } from '../helpers/editor-sheet.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const SIDE = { name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };

type Curved = { text: string; textAlign: string; curve?: { amount: number; circle: boolean; radius: number }; path?: { type: string; visible: boolean; path: unknown[][] }; left: number; top: number };

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`curved text in the editor (Chromium)${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;
  let productId = '';

  const open = async (query: string, p: Page = page) => {
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}${query}`);
    await waitForStatus(p, /^(Ready|Prêt|מוכן)$/);
  };
  const layers = (p: Page = page) => p.evaluate(() => (window as any).customizer.state.active.layers()) as Promise<Curved[]>;
  const shot = async (name: string, p: Page = page) => {
    await p.screenshot({ path: path.join(ARTIFACTS, `curve-${name}-desktop.png`) });
    const size = p.viewportSize()!;
    await p.setViewportSize({ width: 390, height: 844 });
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await p.screenshot({ path: path.join(ARTIFACTS, `curve-${name}-390.png`) });
    await p.setViewportSize(size);
    await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  };
  const axe = async (p: Page = page) => axeViolations(p);
  /** The size of the selected text's path (design pixels), or null when it has none. */
  const pathSize = (p: Page = page) =>
    p.evaluate(() => {
      const o = (window as any).customizer.state.active.canvas.getActiveObject();
      return o?.path ? { width: o.path.width as number, height: o.path.height as number } : null;
    });

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp());
    store = await createStore(t.app);
    const post = async (url: string, payload: object) => {
      const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    productId = (await post('/v1/products', { name: 'Card', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: productId, ...SIDE });
    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: { width: 1280, height: 900 }, deviceScaleFactor: 1 })).newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('curves a text by mouse and keyboard, down, around a circle; undo; saves and reopens it curved', async () => {
    await open(`&product=${productId}`);
    await page.fill('#text-input', 'Curved hello');
    await page.click('#add-text');
    await waitForStatus(page, /Added text/);
    expect(await pathSize()).toBeNull();
    expect(await page.inputValue('#curve-amount')).toBe('0');

    // the mouse: a click three quarters along the slider (−100…100) bends the text up by about 50
    // (a locator's click scrolls the slider out from under the tools' sticky Order card, as a shopper would)
    const box = (await page.locator('#curve-amount').boundingBox())!;
    await page.locator('#curve-amount').click({ position: { x: box.width * 0.75, y: box.height / 2 } });
    let l = (await layers())[0]!;
    expect(l.curve!.amount).toBeGreaterThan(35);
    expect(l.curve!.amount).toBeLessThan(65);
    expect(l.path).toMatchObject({ type: 'Path', visible: false });
    expect(l.textAlign).toBe('center');
    const byMouse = l.curve!.amount;
    // the keyboard: the slider has focus after the click; five ArrowRight steps
    for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
    l = (await layers())[0]!;
    expect(l.curve!.amount).toBe(byMouse + 5);
    expect(await page.textContent('#curve-value')).toBe(String(byMouse + 5));
    // an arc: its chord shorter than the text, its height a fair part of it
    const up = (await pathSize())!;
    expect(up.height).toBeGreaterThan(up.width * 0.15);
    await shot('arc-up');

    // undo walks back one key press
    await page.click('#undo');
    await page.waitForFunction(() => !document.body.dataset.busy);
    expect((await layers())[0]!.curve!.amount).toBe(byMouse + 4);

    // undo rebuilt the canvas: select the text again from the layers panel
    await page.click('#layers li input[data-action="rename"]');
    expect(await page.inputValue('#curve-amount')).toBe(String(byMouse + 4));
    // Home: all the way down (−100), an arc bending down
    await page.focus('#curve-amount');
    await page.keyboard.press('Home');
    l = (await layers())[0]!;
    expect(l.curve!.amount).toBe(-100);
    await shot('arc-down');

    // the circle, by keyboard (Tab to the checkbox, Space), then a larger radius with arrow keys
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('curve-circle');
    await page.keyboard.press('Space');
    l = (await layers())[0]!;
    expect(l.curve!.circle).toBe(true);
    const r0 = l.curve!.radius;
    expect(await page.isVisible('#curve-radius')).toBe(true);
    await page.focus('#curve-radius');
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowRight');
    l = (await layers())[0]!;
    expect(l.curve!.radius).toBe(r0 + 10);
    const ring = (await pathSize())!;
    expect(ring.width).toBeCloseTo(2 * l.curve!.radius, 0);
    expect(ring.height).toBeCloseTo(2 * l.curve!.radius, 0);
    expect(await axe()).toEqual([]);
    await shot('circle');

    // save, reopen ?design=: still on its circle, the controls show it
    await page.click('#save');
    await waitForStatus(page, /Saved 1 design/);
    const designId = await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!);
    const res = await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: as.B(store) });
    const saved = res.json().data.layers[0] as Curved;
    expect(saved.curve).toEqual(l.curve);
    expect(saved.path!.type).toBe('Path');
    await open(`&design=${designId}`);
    const back = (await layers())[0]!;
    expect(back.curve).toEqual(l.curve);
    expect(back.path!.path).toEqual(saved.path!.path);
    // select it from the layers panel: the controls show the circle
    await page.click('#layers li input[data-action="rename"]');
    expect(await pathSize()).toEqual(ring);
    expect(await page.isChecked('#curve-circle')).toBe(true);
    expect(await axe()).toEqual([]);
    await shot('reopened');

    // straight again: the slider to 0 with the circle off
    await page.click('#curve-circle');
    await page.focus('#curve-amount');
    await page.keyboard.press('End');
    for (let i = 0; i < 100; i++) await page.keyboard.press('ArrowLeft');
    l = (await layers())[0]!;
    expect(l.curve).toBeUndefined();
    expect(l.path).toBeUndefined();
  }, 180_000);

  it('on a 390 px phone in Hebrew: a tap and arrow keys curve the text, the controls are labelled, axe-core finds nothing serious', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const p = await phone.newPage();
    try {
      await open(`&product=${productId}&locale=he`, p);
      await p.tap('#sheet-toggle');
      await openSection(p, 'h-text');
      await p.fill('#text-input', 'שלום עולם');
      await p.evaluate(() => (document.getElementById('add-text') as HTMLButtonElement).click());
      await p.waitForFunction(() => (window as any).customizer.state.active.canvas.getActiveObject());
      // a tap a fifth of the way in from the slider's right end (the page is right to left: the slider is mirrored)
      const slider = p.locator('#curve-amount');
      await slider.scrollIntoViewIfNeeded();
      const b = (await slider.boundingBox())!;
      await slider.tap({ position: { x: b.width * 0.8, y: b.height / 2 } });
      const tapped = (await layers(p))[0]!.curve!.amount;
      expect(Math.abs(tapped)).toBeGreaterThan(40);
      // then the keyboard: three steps
      await slider.focus();
      for (let i = 0; i < 3; i++) await p.keyboard.press('ArrowUp');
      expect((await layers(p))[0]!.curve!.amount).toBe(tapped + 3);
      await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      const label = await p.$eval('#curve-amount', (el) => (el as HTMLInputElement).labels?.[0]?.textContent?.trim());
      expect(label).toBe('עיקול');
      expect(await axe(p)).toEqual([]);
      await p.screenshot({ path: path.join(ARTIFACTS, 'curve-hebrew-390.png') });
    } finally {
      await phone.close();
    }
  }, 120_000);
});
