/**
 * The template's fields as a form (docs/editor.md, "Template fields"): a store template with
 * variable-data fields shows "Your details" beside the canvas; typing there types into the
 * design (placeholders replaced), undo takes it back, the saved design holds what was typed.
 * Real keyboard and mouse at 1280 px, touch at 390 px; axe-core; screenshots `fields-*` in
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
import { openSection } from '../helpers/editor-sheet.js';
import { axeViolations as axe, launchChromium, startEditorApp } from '../helpers/editor-e2e.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ARTIFACTS = path.join(ROOT, 'test-artifacts', 'editor');
const SIDE = { width: 85, height: 55, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 4, right: 4, bottom: 4, left: 4 }, dpi: 300 };
const text = (t: string, top: number, field: object, extra: object = {}) => ({ type: 'textbox', text: t, left: 80, top, width: 600, fontFamily: 'Roboto', fontSize: 40, fill: '#111827', field, ...extra });
const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`template fields form (Chromium)${chromiumGate.note}`, () => {
  let t: TestApp;
  let base: string;
  let store: TestStore;
  let browser: Browser;
  const ids = { product: '', front: '', template: '' };

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, payload, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  const texts = (p: Page) => p.evaluate(() => (window as any).customizer.state.active.layers().map((l: any) => l.text)) as Promise<string[]>;
  const labels = (p: Page) => p.$$eval('#fields-list label span', (ss) => ss.map((s) => s.textContent));

  beforeAll(async () => {
    fs.mkdirSync(ARTIFACTS, { recursive: true });
    ({ t, base } = await startEditorApp({ workers: false }));
    store = await createStore(t.app);
    ids.product = (await post('/v1/products', { name: 'Name card', dimension_unit: 'mm' })).id;
    ids.front = (await post('/v1/sides', { product_id: ids.product, name: 'Front', ...SIDE })).id;
    await post('/v1/sides', { product_id: ids.product, name: 'Back', ...SIDE });
    ids.template = (
      await post('/v1/templates', {
        name: 'Contact card',
        side_id: ids.front,
        viewport_width: 850,
        viewport_height: 550,
        layers: [
          text('Your name', 100, { name: 'name', type: 'text' }, { placeholder: true }),
          text('Job title', 200, { name: 'title', type: 'text', label: 'Job title' }),
          text('+1 555 0100', 300, { name: 'phone_number', type: 'text' }),
          { type: 'textbox', text: 'ACME', left: 80, top: 420, width: 300, fontFamily: 'Roboto', fontSize: 30, fill: '#111827', locked: true },
        ],
      })
    ).id;
    browser = await launchChromium();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await t?.close();
  });

  it('fills the template from the form with the keyboard, undoes, saves (1280 px)', async () => {
    const p = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${ids.product}`);
    await waitForStatus(p, /^Ready$/);
    expect(await p.isHidden('#fields-section')).toBe(true);
    await p.selectOption('#template', `store:${ids.template}`);
    await p.click('#apply-template');
    await waitForStatus(p, /Contact card/);
    expect(await p.isVisible('#fields-section')).toBe(true);
    expect(await labels(p)).toEqual(['Name', 'Job title', 'Phone number']);
    // the placeholder is shown as the input's hint, not as its value
    const name = p.locator('#fields-list').getByLabel('Name', { exact: true });
    expect(await name.inputValue()).toBe('');
    expect(await name.getAttribute('placeholder')).toBe('Your name');
    expect(await p.locator('#fields-list').getByLabel('Phone number').inputValue()).toBe('+1 555 0100');

    await name.focus();
    await p.keyboard.type('Ada Lovelace');
    await p.keyboard.press('Tab'); // on to "Job title": the change is applied
    await p.keyboard.press('Control+A');
    await p.keyboard.type('Analyst');
    await p.keyboard.press('Tab');
    await p.waitForFunction(() => (window as any).customizer.state.active.layers()[1].text === 'Analyst');
    expect(await texts(p)).toEqual(['Ada Lovelace', 'Analyst', '+1 555 0100', 'ACME']);
    const placeholder = await p.evaluate(() => (window as any).customizer.state.active.layers()[0].placeholder);
    expect(placeholder).toBe(false);
    await p.screenshot({ path: path.join(ARTIFACTS, 'fields-filled-1280.png') });
    expect(await axe(p)).toEqual([]);

    // undo (outside the form) takes the last field back; the form follows the design
    await p.click('#undo');
    await p.waitForFunction(() => !document.body.dataset.busy);
    expect((await texts(p))[1]).toBe('Job title');
    expect(await p.locator('#fields-list').getByLabel('Job title').inputValue()).toBe('Job title');

    await p.click('#save');
    await waitForStatus(p, /Saved/);
    const id = await p.evaluate(() => (window as any).customizer.state.active.designId);
    const design = (await t.app.inject({ method: 'GET', url: `/v1/designs/${id}`, headers: as.B(store) })).json().data;
    expect(design.layers.map((l: any) => l.text)).toEqual(['Ada Lovelace', 'Job title', '+1 555 0100', 'ACME']);
    expect(design.layers[0].field).toEqual({ name: 'name', type: 'text' });
    await p.close();
  }, 120_000);

  it('fills a field by touch on a 390 px phone', async () => {
    const p = await browser.newPage({ viewport: { width: 390, height: 844 }, hasTouch: true });
    await p.goto(`${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${ids.product}`);
    await waitForStatus(p, /^Ready$/);
    await p.tap('#sheet-toggle');
    await openSection(p, 'h-template');
    await p.selectOption('#template', `store:${ids.template}`);
    await p.tap('#apply-template');
    await waitForStatus(p, /Contact card/);
    await openSection(p, 'h-fields');
    const phone = p.locator('#fields-list').getByLabel('Phone number');
    await phone.scrollIntoViewIfNeeded();
    await phone.tap();
    await phone.fill('+44 20 7946 0000');
    await p.waitForFunction(() => (window as any).customizer.state.active.layers()[2].text === '+44 20 7946 0000');
    await p.screenshot({ path: path.join(ARTIFACTS, 'fields-phone-390.png') });
    expect(await axe(p)).toEqual([]);
    await p.close();
  }, 120_000);
});
