/**
 * The back office's templates in Chromium: a template made for a side through the form, laid
 * out in the customizer's template mode (framed, the store credential handed over postMessage),
 * a text layer marked as the field `name`, another layer locked, saved (checked through the
 * API), then previewed with a sample value that the merge engine really prints (pdftotext on
 * the job's PDF); deleting with confirmation; axe-core in en, fr and he at the desktop and
 * tablet sizes on the list, the form, the layout (the frame too) and the preview.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../helpers/requirements.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { waitForStatus } from '../../helpers/editor-status.js';
import { accountWithStore, addTextField, adminPage, axeViolations, screenshots, settled, startAdminWorld, templateFrame, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');
const AXE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

describe.skipIf(chromiumGate.skip)(`back office templates in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  let store: TestStore;
  let sideId = '';
  const shots = screenshots('templates');

  const api = async (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await world.t.app.inject({ method, url, headers: as.JS(store), ...(payload ? { payload: payload as object } : {}) });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res.body ? res.json().data : null;
  };
  beforeAll(async () => {
    world = await startAdminWorld();
    store = (await accountWithStore(world)).store!;
    const product = await api('POST', '/v1/products', { name: 'Business card', dimension_unit: 'mm', dpi: 300 });
    sideId = (await api('POST', '/v1/sides', { product_id: product.id, name: 'Front', width: 85, height: 55, bleed: { top: 2, right: 2, bottom: 2, left: 2 } })).id;
    await api('POST', '/v1/sides', { product_id: product.id, name: 'Back', width: 85, height: 55 });
  }, 180_000);
  afterAll(async () => world?.close());

  it('creates a template for a side, lays it out in template mode (field + lock), saves, previews with sample data, deletes', async () => {
    const { context, page } = await adminPage(world, { user: store.owner });
    await page.goto(`${world.base}/admin/s/${store.id}/templates`);
    await page.getByRole('heading', { name: 'No templates yet' }).waitFor({ timeout: 60_000 });
    await shots.shot(page, 'empty');

    // the form: name, product (search as you type), side
    await page.getByRole('link', { name: 'New template' }).first().click();
    await page.waitForURL(/\/templates\/new$/);
    await page.getByLabel('Name').fill('Name badge');
    const productInput = page.getByRole('combobox', { name: /^Product/ });
    await productInput.click();
    await productInput.pressSequentially('Busi');
    await page.getByRole('option', { name: 'Business card' }).click();
    const sideInput = page.getByRole('combobox', { name: /^Side/ });
    await sideInput.click();
    await page.getByRole('option', { name: 'Front' }).click();
    await shots.shot(page, 'new');
    await page.getByRole('button', { name: 'Create template' }).click();
    await page.waitForURL(/\/templates\/(?!new)[^/]+$/, { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    expect((await api('GET', `/v1/templates/${id}`)).side_id).toBe(sideId);
    await page.getByText('Front of Business card').waitFor();

    // the editor in template mode: the credential came over postMessage, not in the URL
    const frame = await templateFrame(page);
    expect(frame.url()).not.toMatch(/token|jwt|sid=/i);
    await waitForStatus(frame, /Editing Name badge/);
    expect(await frame.isHidden('#product')).toBe(true);
    await frame.selectOption('#font-family', 'Roboto');
    await frame.fill('#text-input', 'ACME PRINT');
    await frame.click('#add-text');
    await waitForStatus(frame, /Added text in Roboto/);
    await addTextField(frame, 'Your name', 'name');
    await frame.getByText('name is now a Text field').waitFor();
    // lock the other layer from the layers list
    await frame.getByRole('button', { name: 'Lock Text “ACME PRINT” for shoppers' }).click();
    await expect.poll(() => frame.getByRole('button', { name: 'Lock Text “ACME PRINT” for shoppers' }).getAttribute('aria-pressed')).toBe('true');
    await shots.shot(page, 'layout-field-lock');
    await frame.click('#save-template');
    await waitForStatus(frame, /Template saved \(1 fields\)/);
    await page.getByText('Template saved: 1 fields').waitFor();
    await shots.shot(page, 'saved');

    // through the API: the field and the lock are on the template's layers
    const tpl = await api('GET', `/v1/templates/${id}`);
    const layers = tpl.layers as Array<{ text?: string; field?: { name: string; type: string }; locked?: boolean }>;
    expect(layers.find((l) => l.text === 'Your name')?.field).toMatchObject({ name: 'name', type: 'text' });
    expect(layers.find((l) => l.text === 'ACME PRINT')?.locked).toBe(true);
    expect(layers.find((l) => l.text === 'ACME PRINT')?.field).toBeUndefined();
    expect(tpl.viewport_width).toBeGreaterThan(0);

    // preview with sample data: the merge engine prints the value
    await page.getByRole('link', { name: 'Preview with sample data' }).click();
    await page.waitForURL(/\/preview$/);
    const value = page.getByLabel('name (text)');
    await value.fill('Grace Hopper');
    await shots.shot(page, 'preview-form');
    await value.press('Enter');
    const result = page.getByRole('region', { name: 'Rendered preview' });
    await result.waitFor({ timeout: 120_000 });
    await shots.shot(page, 'preview-result');
    const pdfUrl = await result.getByRole('link', { name: 'Open the PDF' }).getAttribute('href');
    const res = await fetch(new URL(pdfUrl!, world.base));
    expect(res.status).toBe(200);
    const file = path.join(os.tmpdir(), `tpl-preview-${id}.pdf`);
    fs.writeFileSync(file, Buffer.from(await res.arrayBuffer()));
    const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    fs.rmSync(file, { force: true });
    expect(text).toMatch(/Grace Hopper/);
    expect(text).toMatch(/ACME PRINT/);
    expect(text).not.toMatch(/Your name/);
    // the design that carried the layers to the merge is gone again
    await expect.poll(async () => (await api('GET', `/v1/designs?limit=10`)).length, { timeout: 10_000 }).toBe(0);

    // back to the list: the row shows the side and the field; delete asks first
    await page.getByRole('link', { name: 'Templates' }).first().click();
    await page.waitForURL(/\/templates$/);
    const row = page.locator(`tr[data-row-id="${id}"]`);
    await row.getByText('Front of Business card').waitFor();
    await expect(row.textContent()).resolves.toContain('name');
    await row.getByRole('button', { name: 'Delete Name badge' }).click();
    await page.getByRole('dialog').getByText('Delete Name badge?').waitFor();
    await shots.shot(page, 'delete-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete template' }).click();
    await page.getByRole('heading', { name: 'No templates yet' }).waitFor();
    const gone = await world.t.app.inject({ method: 'GET', url: `/v1/templates/${id}`, headers: as.JS(store) });
    expect(gone.statusCode).toBe(404);
    await context.close();
  }, 300_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on the list, the form, the layout and the preview (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      const tpl = await api('POST', '/v1/templates', {
        side_id: sideId,
        name: `Badge ${viewport}`,
        viewport_width: 340,
        viewport_height: 220,
        layers: [{ type: 'textbox', text: 'Your name', left: 40, top: 60, width: 260, fontFamily: 'Roboto', fontSize: 24, fill: '#111827', field: { name: 'name', type: 'text' } }],
      });
      const base = `${world.base}/admin/s/${store.id}/templates`;
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user: store.owner, viewport, locale });
        for (const [name, url] of [['list', base], ['new', `${base}/new`], ['preview', `${base}/${tpl.id}/preview`]] as const) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 });
          await settled(page);
          expect(await axeViolations(page), `${name} ${locale} ${viewport}`).toEqual([]);
          if (locale !== 'en' || name === 'list') await shots.shot(page, `${name}-${locale}`);
        }
        await page.goto(`${base}/${tpl.id}`);
        const frame = await templateFrame(page);
        await waitForStatus(frame, /Editing|Modification|עריכת/);
        await frame.waitForFunction(() => document.body.dataset.templateId !== undefined, undefined, { timeout: 60_000 });
        expect(await frame.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([locale, locale === 'he' ? 'rtl' : 'ltr']);
        await frame.evaluate(`${AXE};undefined`);
        expect(await axeViolations(page), `layout ${locale} ${viewport}`).toEqual([]);
        await shots.shot(page, `layout-${locale}`);
        await context.close();
      }
      await api('DELETE', `/v1/templates/${tpl.id}`);
    }, 300_000);
  }
});
