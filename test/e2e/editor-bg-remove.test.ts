/**
 * Background removal from the editor, end to end (docs/editor.md, "Images"; customizer/src/bg-remove.ts):
 * the real app on a port with its job workers (the local model), headless Chromium at 1280 px and
 * on a 390 px phone. A store that allows it shows "Remove background" in the image tools; a click
 * replaces the selected photo's source with the cut-out (transparent around the subject) keeping
 * its frame, crop and place, as one undo step; the saved design names the new image. A store that
 * does not allow it shows no button. axe-core finds nothing serious. Screenshots go to
 * test-artifacts/editor-bg-remove/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { openSection } from '../helpers/editor-sheet.js';
import { needs } from '../helpers/requirements.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor-bg-remove');
/** 512 × 384, a potted plant on a plain white backdrop */
const PHOTO = path.join(ROOT, 'test', 'fixtures', 'bgremove', 'eval', 'h01-plant-white.jpg');
const SIDE = { width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dpi: 300 };
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Img { image_id: string; left: number; top: number; width: number; height: number; scaleX: number; scaleY: number; cropX: number; cropY: number }

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`removing a photo's background in the customizer, headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let browser: Browser;
  let allowed: TestStore;
  let plain: TestStore;
  const products = new Map<string, string>();

  const post = async (store: TestStore, url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const photo = (p: Page) => p.evaluate(`(() => { const o = window.customizer.state.active.layers().at(-1); return { image_id: o.image_id, left: o.left, top: o.top, width: o.width, height: o.height, scaleX: o.scaleX, scaleY: o.scaleY, cropX: o.cropX, cropY: o.cropY }; })()`) as Promise<Img>;
  /** Alpha (0–255) of the photo's own bitmap at fractions of its natural size: (0.01, 0.01) a corner, (0.5, 0.55) the plant. */
  const alphaAt = (p: Page, pts: Array<[number, number]>) =>
    p.evaluate(`(() => { const el = window.customizer.state.active.canvas.getObjects().filter((o) => o.type === "image").at(-1).getElement(); const c = document.createElement('canvas'); c.width = el.naturalWidth; c.height = el.naturalHeight;
      const g = c.getContext('2d'); g.drawImage(el, 0, 0); return ${JSON.stringify(pts)}.map(([fx, fy]) => g.getImageData(Math.floor(fx * c.width), Math.floor(fy * c.height), 1, 1).data[3]); })()`) as Promise<number[]>;
  const idle = (p: Page) => p.waitForFunction(() => !document.body.dataset.busy);
  const shot = (p: Page, name: string) => p.screenshot({ path: path.join(ARTIFACTS, `${name}.png`) });
  const open = async (p: Page, store: TestStore) => {
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${products.get(store.id)}`);
    await waitForStatus(p, /^Ready$/);
  };
  const addPhoto = async (p: Page) => {
    await p.setInputFiles('#photo-input', PHOTO);
    await waitForStatus(p, /Added photo/);
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true, env: { FOLIO_JOB_POLL_MS: '50' } }));
    allowed = await createStore(t.app);
    plain = await createStore(t.app);
    await t.deps.wallet.credit(allowed.owner.id, 1000, 'test top-up');
    const on = await t.app.inject({ method: 'PUT', url: `/v1/stores/${allowed.id}`, headers: as.J(allowed.owner), payload: { editor_background_removal: true } });
    expect(on.statusCode, on.body).toBe(200);
    for (const store of [allowed, plain]) {
      const product = await post(store, '/v1/products', { name: 'Postcard', dimension_unit: 'mm' });
      await post(store, '/v1/sides', { product_id: product.id, name: 'Front', ...SIDE });
      products.set(store.id, product.id);
    }
    browser = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('desktop: the button replaces the photo with its cut-out in the same frame, one undo step, keyboard reachable, saved', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, deviceScaleFactor: 1 });
    page.on('pageerror', (err) => console.error('[page error]', err));
    try {
      await open(page, allowed);
      await page.waitForSelector('#remove-bg', { state: 'visible' });
      await addPhoto(page);
      const before = await photo(page);
      expect(await alphaAt(page, [[0.01, 0.01], [0.5, 0.55]])).toEqual([255, 255]);
      await shot(page, 'desktop-before');

      // by the keyboard: focus the button and press Enter; disabled while it runs, status said in the live region
      await page.focus('#remove-bg');
      await page.keyboard.press('Enter');
      await page.waitForFunction(() => /Removing background/.test(document.getElementById('status')?.textContent ?? ''), undefined, { timeout: 5_000 });
      expect(await page.getAttribute('#status', 'aria-live')).toBe('polite');
      expect(await page.$eval('#remove-bg', (b) => (b as HTMLButtonElement).disabled)).toBe(true);
      await waitForStatus(page, /Background removed/);
      expect(await page.$eval('#remove-bg', (b) => (b as HTMLButtonElement).disabled)).toBe(false);

      const after = await photo(page);
      expect(after.image_id).not.toBe(before.image_id);
      // the same frame, crop and place
      for (const k of ['left', 'top', 'width', 'height', 'scaleX', 'scaleY', 'cropX', 'cropY'] as const) expect(after[k], k).toBeCloseTo(before[k], 6);
      const [corner, plant] = await alphaAt(page, [[0.01, 0.01], [0.5, 0.55]]);
      expect(corner).toBe(0);
      expect(plant).toBeGreaterThan(200);
      await shot(page, 'desktop-after');
      expect(await axeViolations(page)).toEqual([]);

      // one undo step brings the photo back, redo the cut-out
      await page.click('#undo');
      await idle(page);
      expect((await photo(page)).image_id).toBe(before.image_id);
      await page.click('#redo');
      await idle(page);
      expect((await photo(page)).image_id).toBe(after.image_id);

      // saved: the design's layer names the cut-out
      await page.click('#save');
      await waitForStatus(page, /Saved/);
      const designId = await page.$eval('.side-canvas', (e) => (e as HTMLElement).dataset.designId!);
      const d = (await t.app.inject({ method: 'GET', url: `/v1/designs/${designId}`, headers: as.B(allowed) })).json().data;
      const layer = (d.layers as Img[]).at(-1)!;
      expect(layer.image_id).toBe(after.image_id);
      expect(layer.cropX).toBeCloseTo(before.cropX, 3);
      expect(await t.deps.wallet.balance(allowed.owner.id)).toBeLessThan(1000);
    } finally {
      await page.close();
    }
  }, 180_000);

  it('a store that does not allow it shows no button', async () => {
    const page = await browser.newPage({ viewport: DESKTOP, deviceScaleFactor: 1 });
    try {
      await open(page, plain);
      await addPhoto(page);
      expect(await page.isHidden('#remove-bg')).toBe(true);
      await shot(page, 'desktop-not-allowed');
    } finally {
      await page.close();
    }
  }, 120_000);

  it('phone (390 px, touch): the button in the Photo section removes the background', async () => {
    const page = await browser.newPage({ viewport: PHONE, deviceScaleFactor: 2, hasTouch: true, isMobile: true });
    page.on('pageerror', (err) => console.error('[page error]', err));
    try {
      await open(page, allowed);
      const sheet = await page.$('#sheet-toggle');
      if (sheet && (await sheet.isVisible())) await sheet.tap();
      await openSection(page, 'h-photo');
      await addPhoto(page);
      await openSection(page, 'h-photo');
      const before = await photo(page);
      await page.tap('#remove-bg');
      await waitForStatus(page, /Background removed/);
      expect((await photo(page)).image_id).not.toBe(before.image_id);
      expect((await alphaAt(page, [[0.01, 0.01]]))[0]).toBe(0);
      await shot(page, 'phone-after');
      expect(await axeViolations(page)).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});
