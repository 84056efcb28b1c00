/**
 * "Preview on product" end to end, as a shopper uses it: the real app on a port, headless
 * Debian Chromium (playwright-core) with real mouse and keyboard. Add red text, open the
 * preview (the side is saved first, once), pick the business card on a desk, and check the
 * image: its real size is what was asked, and the design's red shows inside the template's
 * print area, where the photo alone has none. Escape closes and gives focus back; opening
 * again without changes saves nothing, after an edit updates the same design; a failing call
 * shows a translated error; the mug in Hebrew, right to left. axe-core with the dialog open.
 * One browser for the file; screenshots (desktop and 390 px) go to test-artifacts/editor/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import sharp from 'sharp';
import type { TestApp } from '../helpers/app.js';
import { axeViolations, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { multipart } from '../integration/catalog/helpers.js';
import { needs } from '../helpers/requirements.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const FRONT = { name: 'Front', width: 85, height: 55, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 4, right: 4, bottom: 4, left: 4 }, dpi: 300 };
const CARD = 'Business card on a desk';
const WIDTH = 800;

type Pt = [number, number];
interface Tpl { id: string; name: string; width: number; height: number; print_area: { type: string; corners?: Pt[] }; layers: { photo: { url: string } } }


/** Whether p is inside the convex quad (corners clockwise or not). */
function inQuad(p: Pt, q: Pt[]): boolean {
  let sign = 0;
  for (let i = 0; i < q.length; i++) {
    const [a, b] = [q[i]!, q[(i + 1) % q.length]!];
    const cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
    if (cross !== 0) {
      if (sign !== 0 && Math.sign(cross) !== sign) return false;
      sign = Math.sign(cross);
    }
  }
  return true;
}

/** Red pixels (the design's text colour) inside and outside the quad, and the image's size. */
async function redPixels(image: Buffer, quad: Pt[], width = WIDTH) {
  const { data, info } = await sharp(image).resize({ width }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  let inside = 0;
  let outside = 0;
  for (let y = 0; y < info.height; y++) {
    for (let x = 0; x < info.width; x++) {
      const i = (y * info.width + x) * 3;
      if (data[i]! > 150 && data[i + 1]! < 90 && data[i + 2]! < 90) {
        if (inQuad([x, y], quad)) inside++;
        else outside++;
      }
    }
  }
  return { inside, outside };
}

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`preview on product in headless Chromium${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  let page: Page;
  let productId = '';
  /** the customizer's design writes, as the browser sent them */
  const writes: string[] = [];
  const DESKTOP = { width: 1280, height: 900 };

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const waitIdle = () => page.waitForFunction(() => !document.body.dataset.busy, undefined, { timeout: 60_000 });
  const dialogState = (re: RegExp) => page.waitForFunction((src) => new RegExp(src).test(document.getElementById('preview-dialog')?.dataset.state ?? ''), re.source, { timeout: 60_000 });
  const focused = () => page.evaluate(() => document.activeElement?.id ?? '');
  const shots = async (name: string) => {
    await page.screenshot({ path: path.join(ARTIFACTS, `preview-${name}-desktop.png`) });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    await page.screenshot({ path: path.join(ARTIFACTS, `preview-${name}-390.png`) });
    await page.setViewportSize(DESKTOP);
  };
  const axe = async () => axeViolations(page);
  const open = async (query = '') => {
    await page.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${productId}${query}`);
    await page.waitForFunction(() => /^(Ready|Prêt)$/.test(document.getElementById('status')?.textContent ?? '') && !document.body.dataset.busy, undefined, { timeout: 60_000 });
  };
  const designCount = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/designs?limit=100', headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as unknown[]).length;
  };

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true }));
    store = await createStore(t.app);
    productId = (await post('/v1/products', { name: 'Business card', dimension_unit: 'mm' })).id;
    await post('/v1/sides', { product_id: productId, ...FRONT });
    // one template of the store's own, listed after the curated ones
    const photo = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#9ca3af' } }).png().toBuffer();
    const m = multipart([
      { name: 'name', value: 'Shop window' },
      { name: 'spec', value: JSON.stringify({ print_area: { type: 'quad', corners: [[100, 60], [300, 60], [300, 190], [100, 190]] } }) },
      { name: 'photo', filename: 'photo.png', body: photo, type: 'image/png' },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/mockup-templates', payload: m.payload, headers: { ...as.B(store), ...m.headers } });
    expect(res.statusCode, res.body).toBe(201);

    browser = await launchChromium();
    page = await (await browser.newContext({ viewport: DESKTOP, deviceScaleFactor: 1 })).newPage();
    page.on('pageerror', (err) => console.error('[page error]', err));
    page.on('request', (req) => {
      if (/\/v1\/designs(\/|$)/.test(new URL(req.url()).pathname) && req.method() !== 'GET') writes.push(req.method());
    });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('saves the side once, shows the design on a curated product photo in a modal dialog, and gives focus back on Escape', async () => {
    await open();
    // red text, large: the colour to find on the photo
    await page.click('#text-input', { clickCount: 3 });
    await page.keyboard.type('HELLO');
    await page.fill('#text-color', '#e00000');
    await page.click('#add-text');
    await waitIdle();
    await page.click('#font-size', { clickCount: 3 });
    await page.keyboard.type('47'); // points: about 120 design pixels on this card
    await page.keyboard.press('Tab');
    expect(writes).toEqual([]);

    const button = page.getByRole('button', { name: 'Preview on product' });
    await button.click();
    await dialogState(/^ready$/);
    await waitIdle();
    const dialog = page.getByRole('dialog', { name: 'Preview on product' });
    expect(await dialog.isVisible()).toBe(true);
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await focused()).toBe('preview-template');
    // saved first: one new design, the side remembers it
    expect(writes).toEqual(['POST']);
    expect(await designCount()).toBe(1);
    const groups = await page.$$eval('#preview-template optgroup', (gs) => gs.map((g) => ({ label: (g as HTMLOptGroupElement).label, names: [...g.querySelectorAll('option')].map((o) => o.textContent) })));
    expect(groups.map((g) => g.label)).toEqual(['Standard photos', 'Store photos']);
    expect(groups[0]!.names).toContain(CARD);
    expect(groups[0]!.names).toHaveLength(4);
    expect(groups[1]!.names).toEqual(['Shop window']);

    // pick the card with the keyboard: type-ahead on the focused select
    await page.keyboard.type('Business');
    await dialogState(/^(shown|error)$/);
    expect(await page.textContent('#preview-error')).toBe('');
    const img = await page.$eval('#preview-image', (el) => {
      const i = el as HTMLImageElement;
      return { src: i.src, naturalWidth: i.naturalWidth, naturalHeight: i.naturalHeight, alt: i.alt, hidden: i.hidden, template: i.dataset.templateId };
    });
    expect(img.hidden).toBe(false);
    expect(img.alt).toBe(`Front on ${CARD}`);
    expect(await page.textContent('#preview-state')).toBe(`Front on ${CARD}`);

    const curated = (await t.app.inject({ method: 'GET', url: '/v1/mockup-templates/default', headers: as.U(store) })).json().data as Tpl[];
    const card = curated.find((c) => c.name === CARD)!;
    expect(img.template).toBe(card.id);
    expect(img.naturalWidth).toBe(WIDTH);
    expect(img.naturalHeight).toBe(Math.round((WIDTH * card.height) / card.width));
    // the image against the template's photo alone, at the same size: the red is the design's, inside the print area
    const mockup = Buffer.from(await (await fetch(img.src)).arrayBuffer());
    const photo = Buffer.from(await (await fetch(card.layers.photo.url)).arrayBuffer());
    const s = WIDTH / card.width;
    const quad = card.print_area.corners!.map(([x, y]) => [x * s, y * s] as Pt);
    const onMockup = await redPixels(mockup, quad);
    const onPhoto = await redPixels(photo, quad);
    expect(onPhoto.inside).toBeLessThan(5);
    expect(onMockup.inside).toBeGreaterThan(200);
    expect(onMockup.outside).toBeLessThan(onMockup.inside / 20);

    expect(await axe()).toEqual([]);
    await shots('card');

    await page.keyboard.press('Escape');
    await page.waitForFunction(() => !(document.getElementById('preview-dialog') as HTMLDialogElement).open);
    await expect.poll(focused, { timeout: 10_000 }).toBe('preview'); // the dialog's close event, a task after the close
  }, 120_000);

  it('opens again on the same photo without saving when nothing changed; after an edit updates the same design', async () => {
    writes.length = 0;
    await page.keyboard.press('Enter'); // focus is back on the button
    await dialogState(/^(shown|error)$/);
    await waitIdle();
    expect(await page.$eval('#preview-image', (el) => (el as HTMLImageElement).alt)).toBe(`Front on ${CARD}`);
    expect(writes).toEqual([]);
    await page.getByRole('button', { name: 'Close' }).click();
    await expect.poll(focused, { timeout: 10_000 }).toBe('preview');

    // an edit: the text, still selected, nudged with the keyboard
    await page.focus('#zoom-reset');
    await page.keyboard.press('Shift+ArrowRight');
    await page.click('#preview');
    await dialogState(/^(shown|error)$/);
    await waitIdle();
    expect(writes).toEqual(['PUT']);
    expect(await designCount()).toBe(1);
    await page.keyboard.press('Escape');
  }, 120_000); // two mockups made, each waited on for up to 60 s

  it('shows a clear, translated error when the mockup cannot be made', async () => {
    await open('&locale=fr');
    await page.route('**/v1/mockups', (route) => route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ message: 'Layer 2: the image was deleted', error: { message: 'Layer 2: the image was deleted' } }) }));
    await page.getByRole('button', { name: 'Aperçu sur le produit' }).click();
    await dialogState(/^ready$/);
    await waitIdle();
    await page.keyboard.type('Business');
    await dialogState(/^error$/);
    await page.unroute('**/v1/mockups'); // the refusal was answered: the next test makes real mockups
    expect(await page.textContent('#preview-error')).toBe('L’aperçu n’a pas pu être créé : Layer 2: the image was deleted');
    expect(await page.isVisible('#preview-error')).toBe(true);
    expect(await page.isHidden('#preview-image')).toBe(true);
    expect(await page.getAttribute('#preview-error', 'role')).toBe('alert');
    expect(await axe()).toEqual([]);
    await shots('error-fr');
    await page.keyboard.press('Escape');
    await expect.poll(focused, { timeout: 10_000 }).toBe('preview');
  }, 60_000);

  it('speaks Hebrew right to left in the dialog, and passes axe-core there', async () => {
    await page.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${productId}&locale=he`);
    await page.waitForFunction(() => document.getElementById('status')?.textContent === 'מוכן' && !document.body.dataset.busy, undefined, { timeout: 60_000 });
    await page.getByRole('button', { name: 'תצוגה מקדימה על המוצר' }).click();
    await dialogState(/^ready$/);
    await waitIdle();
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    expect(await page.getByRole('dialog', { name: 'תצוגה מקדימה על המוצר' }).isVisible()).toBe(true);
    expect(await page.$$eval('#preview-template optgroup', (gs) => gs.map((g) => (g as HTMLOptGroupElement).label))).toEqual(['תמונות רגילות', 'תמונות החנות']);
    await page.keyboard.type('White');
    await dialogState(/^(shown|error)$/);
    expect(await page.textContent('#preview-error')).toBe('');
    expect(await page.$eval('#preview-image', (el) => (el as HTMLImageElement).naturalWidth)).toBe(WIDTH);
    // the Latin names isolated, so "(11 oz)" keeps its parentheses in a right-to-left line
    expect(await page.textContent('#preview-state')).toBe('\u2068Front\u2069 על \u2068White mug (11 oz)\u2069');
    expect(await axe()).toEqual([]);
    await shots('mug-he');
    await page.getByRole('button', { name: 'סגירה' }).click();
    await expect.poll(focused, { timeout: 10_000 }).toBe('preview');
  }, 60_000);
});
