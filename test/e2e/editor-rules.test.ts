/**
 * A product's design rules in the editor (docs/catalog.md § Design rules, docs/editor.md):
 * palette swatches in place of every colour picker (text and shapes), the side's own palette on
 * the back, only the product's spot inks and allowed fonts offered, saving accepted by the API
 * that would refuse anything else, and a product locking its sides cannot leave one out in the
 * proof step. Real mouse and keyboard, desktop and 390 px, axe-core; screenshots `rules-*` in
 * test-artifacts/editor/.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../helpers/app.js';
import { as, createStore, type TestStore } from '../helpers/factories.js';
import { needs } from '../helpers/requirements.js';
import { waitForStatus } from '../helpers/editor-status.js';
import { waitForProof } from '../helpers/editor-order.js';
import { axeViolations as axe, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';
import { openSection } from '../helpers/editor-sheet.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const SIDE = { width: 85, height: 55, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 4, right: 4, bottom: 4, left: 4 }, dpi: 300 };
const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`design rules in the editor (Chromium)${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  const ids = { product: '', front: '', back: '' };

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const layers = (p: Page) => p.evaluate(() => (window as any).customizer.state.active.layers()) as Promise<Array<Record<string, any>>>;

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: true }));
    store = await createStore(t.app);
    const product = await post('/v1/products', {
      name: 'Brand card',
      dimension_unit: 'mm',
      spot_inks: [{ name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0] }],
      design_rules: { colors: ['#112233', '#C8102E'], fonts: ['Roboto', 'Open Sans', 'Lobster'], lock_sides: true },
    });
    ids.product = product.id;
    ids.front = (await post('/v1/sides', { product_id: product.id, name: 'Front', ...SIDE })).id;
    ids.back = (await post('/v1/sides', { product_id: product.id, name: 'Back', ...SIDE, design_rules: { colors: ['#000000'] } })).id;
    // a store template on another product brings its own spot ink: not this product's
    const other = await post('/v1/products', { name: 'Other', dimension_unit: 'mm' });
    const otherSide = await post('/v1/sides', { product_id: other.id, name: 'Front', ...SIDE });
    await post('/v1/templates', { name: 'Gold', side_id: otherSide.id, viewport_width: 850, viewport_height: 550, layers: [{ type: 'rect', left: 0, top: 0, width: 100, height: 100, fill: { spot: 'Gold', cmyk: [0, 20, 60, 10] } }] });
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  for (const viewport of [{ width: 1280, height: 900 }, { width: 390, height: 844 }]) {
    it(`offers only the product's colours, inks and fonts, saves, and keeps every side in the order (${viewport.width} px)`, async () => {
      const p = await browser.newPage({ viewport, hasTouch: viewport.width < 500 });
      await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${ids.product}`);
      await waitForStatus(p, /^Ready$/);
      if (viewport.width < 500) await p.tap('#sheet-toggle');
      await openSection(p, 'h-text');

      // the text and shape colour pickers give way to the palette; fonts and inks are the product's
      for (const id of ['text-color', 'shape-fill', 'shape-stroke']) expect(await p.isHidden(`#${id}`), id).toBe(true);
      const swatches = await p.$$eval('.palette', (gs) => gs.map((g) => [...g.querySelectorAll('button')].map((b) => b.dataset.color)));
      expect(swatches).toEqual([['#112233', '#C8102E'], ['#112233', '#C8102E'], ['#112233', '#C8102E']]);
      // Lobster is neither the store's nor a default font: not offered
      expect((await p.$$eval('#font-family option', (os) => os.map((o) => (o as HTMLOptionElement).value))).sort()).toEqual(['Open Sans', 'Roboto']);
      expect(await p.$$eval('#spot-colors button', (bs) => bs.map((b) => b.textContent))).toEqual(['PANTONE 185 C']);
      // a new text takes a palette colour even before one is picked
      expect(await p.$eval('#text-color', (i) => (i as HTMLInputElement).value)).toBe('#112233');

      // the red swatch with the mouse, then Add text: the text is red
      await p.click('.palette[aria-label="Colours of this product"] button[data-color="#C8102E"]');
      await p.selectOption('#font-family', 'Roboto');
      await p.click('#add-text');
      await waitForStatus(p, /Added text in Roboto/);
      expect((await layers(p)).map((l) => [l.fill, l.fontFamily])).toEqual([['#c8102e', 'Roboto']]);
      // the selected text turns dark blue from the keyboard: focus the swatch, Space
      await p.focus('.palette button[data-color="#112233"]');
      await p.keyboard.press('Space');
      expect((await layers(p))[0]!.fill).toBe('#112233');
      await p.screenshot({ path: path.join(ARTIFACTS, `rules-front-${viewport.width}.png`) });
      expect(await axe(p)).toEqual([]);

      // the back has its own palette: black only
      await openSection(p, 'h-product');
      await p.click('#sides button[data-side-id="' + ids.back + '"]');
      expect(await p.$$eval('.palette', (gs) => gs.map((g) => [...g.querySelectorAll('button')].map((b) => b.dataset.color)))).toEqual([['#000000'], ['#000000'], ['#000000']]);
      expect(await p.$eval('#text-color', (i) => (i as HTMLInputElement).value)).toBe('#000000');

      // what the editor made is what the API accepts: saved, as the rules allow
      await openSection(p, 'h-order');
      await p.click('#save');
      await waitForStatus(p, /Saved/);
      const front = await p.evaluate(() => (window as any).customizer.state.sides.values().next().value.designId);
      const design = (await t.app.inject({ method: 'GET', url: `/v1/designs/${front}`, headers: as.B(store) })).json().data;
      expect(design.layers.map((l: any) => l.fill)).toEqual(['#112233']);

      // the product locks its sides: the empty back cannot be left out of the order
      await p.click('#create-project');
      await waitForProof(p);
      expect(await p.isDisabled(`input[name="proof-empty-${ids.back}"][value="leave"]`)).toBe(true);
      expect(await p.isChecked(`input[name="proof-empty-${ids.back}"][value="blank"]`)).toBe(true);
      await p.screenshot({ path: path.join(ARTIFACTS, `rules-proof-${viewport.width}.png`) });
      await p.close();
    }, 120_000);
  }
});
