/**
 * The back office's products in Chromium: a product created through the UI, a side drawn by
 * dragging its handles with the real mouse and nudged with the arrow keys, saved, and read back
 * through the API (width, height, bleed, safe zone as drawn); an optimistic side save the API
 * refuses rolled back with the API's message; the print profile, proof approval, spot inks and
 * mockup template edited and read back; the list's search as you type; deleting with confirmation; axe-core in en, fr and
 * he on the list, a product and its side editor, at the desktop and tablet sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { needs } from '../../helpers/requirements.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { accountWithStore, adminPage, axeViolations, dragHandle, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');
const T = { timeout: 60_000 };

const num = async (page: Page, label: RegExp | string) => Number.parseFloat(await page.getByLabel(label).inputValue());

async function api(world: AdminWorld, store: TestStore, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) {
  const res = await world.t.app.inject({ method, url: `/v1${url}`, headers: as.JS(store), ...(payload ? { payload } : {}) });
  return { status: res.statusCode, body: res.body ? (res.json() as { data: Record<string, unknown> }) : null };
}

describe.skipIf(chromiumGate.skip)(`back office products in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  const shots = screenshots('products');

  beforeAll(async () => {
    world = await startAdminWorld();
  }, 180_000);
  afterAll(async () => world?.close());

  it('creates a product, draws a side with the mouse and the keyboard, saves it, and the API has what was drawn; a refused save rolls back', async () => {
    const { user, store } = await accountWithStore(world);
    const { context, page } = await adminPage(world, { user });
    page.setDefaultTimeout(T.timeout);
    await page.goto(`${world.base}/admin/s/${store!.id}/products`);
    await page.getByRole('heading', { name: 'No products yet' }).waitFor();
    await shots.shot(page, 'list-empty');

    await page.getByRole('link', { name: 'New product' }).first().click();
    await page.getByLabel('Name').fill('Business card');
    await page.getByLabel('Unit').selectOption('mm');
    await page.getByLabel('Description').fill('85 × 55, matt');
    await shots.shot(page, 'new-product');
    await page.getByRole('button', { name: 'Create product' }).click();
    await page.waitForURL(/\/products\/[0-9a-f-]{36}$/);
    const productId = page.url().split('/').pop()!;
    await page.getByRole('heading', { name: 'Business card' }).waitFor();
    await page.getByRole('heading', { name: 'No sides yet' }).waitFor();
    await shots.shot(page, 'product');

    // a product photo, uploaded with its progress bar; the side editor draws over it
    const photo = await sharp({ create: { width: 600, height: 400, channels: 3, background: { r: 40, g: 120, b: 200 } } }).png().toBuffer();
    const chooser = page.waitForEvent('filechooser');
    await page.getByLabel('Product photo').click();
    await (await chooser).setFiles({ name: 'card.png', mimeType: 'image/png', buffer: photo });
    await page.getByText('Photo saved').waitFor();
    await page.getByRole('img', { name: 'Photo of Business card' }).waitFor();
    const withPhoto = (await api(world, store!, 'GET', `/products/${productId}`)).body!.data;
    expect(withPhoto.product_image_id).toEqual(expect.any(String));

    await page.getByRole('link', { name: 'Add side' }).click();
    await page.waitForURL(/\/sides\/new$/);
    await page.getByLabel('Side name').fill('Front');
    const start = { w: await num(page, 'Trim width (mm)'), h: await num(page, 'Trim height (mm)'), br: await num(page, 'Bleed right (mm)'), st: await num(page, 'Safe zone top (mm)'), bt: await num(page, 'Bleed top (mm)') };
    expect(start).toEqual({ w: 90, h: 50, br: 3, st: 4, bt: 3 });
    expect(await page.locator('[data-testid="side-canvas"] image').count()).toBe(1);

    // the mouse: the trim wider and taller, more bleed on the right, a deeper safe zone at the top
    await dragHandle(page, 'trim-right', 120, 0);
    await dragHandle(page, 'trim-bottom', 0, 70);
    await dragHandle(page, 'bleed-right', 25, 0);
    await dragHandle(page, 'safe-top', 0, 18);
    const drawn = { w: await num(page, 'Trim width (mm)'), h: await num(page, 'Trim height (mm)'), br: await num(page, 'Bleed right (mm)'), st: await num(page, 'Safe zone top (mm)') };
    expect(drawn.w).toBeGreaterThan(start.w + 5);
    expect(drawn.h).toBeGreaterThan(start.h + 5);
    expect(drawn.br).toBeGreaterThan(start.br);
    expect(drawn.st).toBeGreaterThan(start.st);
    for (const v of Object.values(drawn)) expect(Number.isInteger(v * 2), `${v} is on the 0.5 mm step`).toBe(true);

    // the keyboard: the trim 1.5 mm wider (three steps right), the top bleed 1 mm deeper (two steps up), shift = ten steps
    await page.locator('[data-handle="trim-right"]').focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.locator('[data-handle="bleed-top"]').focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    await page.locator('[data-handle="bleed-left"]').focus();
    await page.keyboard.press('Shift+ArrowLeft');
    expect(await num(page, 'Trim width (mm)')).toBe(drawn.w + 1.5);
    expect(await num(page, 'Bleed top (mm)')).toBe(start.bt + 1);
    expect(await num(page, 'Bleed left (mm)')).toBe(3 + 5);
    expect(await page.locator('[data-handle="trim-right"]').getAttribute('aria-valuenow')).toBe(String(drawn.w + 1.5));
    await shots.shot(page, 'side-drawn');

    const fields = async () => ({
      width: await num(page, 'Trim width (mm)'),
      height: await num(page, 'Trim height (mm)'),
      bleed: { top: await num(page, 'Bleed top (mm)'), right: await num(page, 'Bleed right (mm)'), bottom: await num(page, 'Bleed bottom (mm)'), left: await num(page, 'Bleed left (mm)') },
      safe_zone: { top: await num(page, 'Safe zone top (mm)'), right: await num(page, 'Safe zone right (mm)'), bottom: await num(page, 'Safe zone bottom (mm)'), left: await num(page, 'Safe zone left (mm)') },
    });
    const expected = await fields();
    await page.getByRole('button', { name: 'Save side' }).click();
    await page.waitForURL(/\/sides\/[0-9a-f-]{36}$/);
    await page.getByText('Side created').waitFor();
    const sideId = page.url().split('/').pop()!;
    const stored = await api(world, store!, 'GET', `/sides/${sideId}`);
    expect(stored.status).toBe(200);
    const s = stored.body!.data;
    expect({ width: s.width, height: s.height, bleed: s.bleed, safe_zone: s.safe_zone, dimension_unit: s.dimension_unit, product_id: s.product_id, name: s.name }).toEqual({ ...expected, dimension_unit: 'mm', product_id: productId, name: 'Front' });
    await page.getByRole('heading', { name: 'Side: Front' }).waitFor();
    await shots.shot(page, 'side-saved');

    // the unit switch shows inches; the drawing and the API keep millimetres
    await page.getByText('in', { exact: true }).click();
    expect(await num(page, 'Trim width (in)')).toBeCloseTo(expected.width / 25.4, 3);
    await shots.shot(page, 'side-inches');
    await page.getByText('mm', { exact: true }).click();

    // a save the API refuses (the side was deleted meanwhile): the toast has the API's message, the form goes back
    const width = page.getByLabel('Trim width (mm)');
    await width.click();
    await width.press('Control+A');
    await width.pressSequentially('120');
    await page.getByLabel('Side name').focus();
    expect(await num(page, 'Trim width (mm)')).toBe(120);
    expect((await api(world, store!, 'DELETE', `/sides/${sideId}`)).status).toBeLessThan(300);
    await page.getByRole('button', { name: 'Save side' }).click();
    await page.getByText('Could not save').waitFor();
    await expect.poll(() => num(page, 'Trim width (mm)'), T).toBe(expected.width);
    await shots.shot(page, 'side-rolled-back');

    // back on the product, the list of sides links to the editor
    await page.getByRole('link', { name: 'Back to the product' }).click();
    await page.getByRole('heading', { name: 'Business card' }).waitFor();
    await context.close();
  }, 240_000);

  it('edits the print profile and proof approval (read back through the API), searches the list as you type, deletes with confirmation', async () => {
    const { user, store } = await accountWithStore(world);
    for (const name of ['Poster A2', 'Mug classic', 'Flyer A5']) expect((await api(world, store!, 'POST', '/products', { name, dimension_unit: 'mm' })).status).toBe(201);
    const { context, page } = await adminPage(world, { user });
    page.setDefaultTimeout(T.timeout);
    await page.goto(`${world.base}/admin/s/${store!.id}/products`);
    await page.getByText('3 products in this store').waitFor();
    await page.getByLabel('Search').click();
    await page.keyboard.type('mug', { delay: 60 });
    await page.waitForURL(/q=mug/);
    await expect.poll(() => page.locator('tbody tr').count(), T).toBe(1);
    expect(await page.locator('tbody tr').first().textContent()).toContain('Mug classic');
    await settled(page);
    await shots.shot(page, 'list-search');

    await page.getByLabel('Search').fill('');
    await expect.poll(() => page.locator('tbody tr').count(), T).toBe(3);
    await page.getByRole('link', { name: 'Poster A2' }).click();
    await page.getByRole('heading', { name: 'Poster A2' }).waitFor();
    const productId = page.url().split('/').pop()!;
    await page.getByRole('switch', { name: 'Requires proof approval' }).focus();
    await page.keyboard.press('Space');
    await page.getByLabel('PDF standard').selectOption('pdf_x1a');
    await page.getByLabel('Crop marks outside the bleed').check();
    await page.getByLabel('Output profile (printing condition)').selectOption('fogra39');
    await page.getByLabel('Description').fill('Matt 170 g');

    // spot inks, typed: White (its alternate and overprint come with the name), a Pantone with its CMYK, a third one removed again
    const addInk = page.getByRole('button', { name: 'Add spot ink' });
    await addInk.click();
    await page.getByLabel('Ink 1 name').click();
    await page.keyboard.type('White');
    expect(await page.getByLabel('Ink 1 overprints').isChecked()).toBe(true);
    await addInk.click();
    await page.getByLabel('Ink 2 name').click();
    await page.keyboard.type('PANTONE 185 C');
    for (const [channel, value] of [['magenta', '93'], ['yellow', '79']] as const) {
      await page.getByLabel(`Ink 2 ${channel} (%)`).click();
      await page.keyboard.press('Control+A');
      await page.keyboard.type(value);
    }
    await page.keyboard.press('Tab');
    await page.getByLabel('Ink 2 overprints').click();
    await addInk.click();
    await page.getByLabel('Ink 3 name').fill('Varnish');
    await page.getByRole('button', { name: 'Remove ink 3 (Varnish)' }).click();
    expect(await page.getByLabel('Ink 3 name').count()).toBe(0);
    // the swatch shows the alternate: 0/93/79/0 is a red
    expect(await page.getByRole('img', { name: 'Ink 2 alternate colour: C 0 M 93 Y 79 K 0' }).getAttribute('data-swatch')).toBe('rgb(255, 18, 54)');
    // the mockup template: the curated defaults are offered
    const templates = page.getByLabel('Mockup template');
    await templates.focus();
    await templates.selectOption({ label: 'Business card on a desk' });
    const templateId = await templates.inputValue();
    expect(templateId).toMatch(/^[0-9a-f-]{36}$/);
    await page.getByLabel('Ink 2 name').scrollIntoViewIfNeeded();
    await shots.shot(page, 'product-edited');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Saved', { exact: true }).waitFor();
    const p = (await api(world, store!, 'GET', `/products/${productId}`)).body!.data;
    expect({ requires_proof: p.requires_proof, print_profile: p.print_profile, output_profile: p.output_profile, description: p.description, spot_inks: p.spot_inks, mockup_template_id: p.mockup_template_id }).toEqual({
      requires_proof: true,
      print_profile: { pdf_standard: 'pdf_x1a', crop_marks: true },
      output_profile: 'fogra39',
      description: 'Matt 170 g',
      spot_inks: [
        { name: 'White', cmyk: [0, 0, 0, 0], overprint: true },
        { name: 'PANTONE 185 C', cmyk: [0, 93, 79, 0], overprint: true },
      ],
      mockup_template_id: templateId,
    });
    expect((await api(world, store!, 'GET', `/mockup-templates/${templateId}`)).body!.data.name).toBe('Business card on a desk');
    await shots.shot(page, 'product-saved');

    // an ink the API refuses (no CMYK for an unknown name would be 400, so: a reserved name): the API's message, nothing stored
    await page.getByLabel('Ink 2 name').fill('Cyan');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Could not save').waitFor();
    await expect.poll(() => page.getByLabel('Ink 2 name').inputValue(), T).toBe('PANTONE 185 C');
    expect(((await api(world, store!, 'GET', `/products/${productId}`)).body!.data.spot_inks as Array<{ name: string }>)[1]!.name).toBe('PANTONE 185 C');

    // back to RGB with the store's default profile
    await page.getByLabel('PDF standard').selectOption('none');
    await page.getByLabel('Output profile (printing condition)').selectOption('');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await api(world, store!, 'GET', `/products/${productId}`)).body!.data.print_profile, T).toBeNull();
    expect((await api(world, store!, 'GET', `/products/${productId}`)).body!.data.output_profile).toBeNull();

    // no template and no inks again
    await page.getByLabel('Mockup template').selectOption('');
    await page.getByRole('button', { name: 'Remove ink 2 (PANTONE 185 C)' }).click();
    await page.getByRole('button', { name: 'Remove ink 1 (White)' }).click();
    await page.getByText('No spot inks', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(async () => (await api(world, store!, 'GET', `/products/${productId}`)).body!.data.mockup_template_id, T).toBeNull();
    expect((await api(world, store!, 'GET', `/products/${productId}`)).body!.data.spot_inks).toEqual([]);

    // an edit made while a save is on its way stays, unsaved, when the answer comes (the PUT is held back)
    await page.route(`**/v1/products/${productId}`, async (route) => {
      if (route.request().method() === 'PUT') await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    const answered = page.waitForResponse((r) => r.url().endsWith(`/v1/products/${productId}`) && r.request().method() === 'PUT');
    await page.getByLabel('Description').fill('Matt 350 g');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByLabel('Description').fill('Matt 400 g');
    expect((await answered).status()).toBe(200);
    await expect.poll(() => page.getByRole('button', { name: 'Save', exact: true }).isEnabled(), T).toBe(true);
    expect(await page.getByLabel('Description').inputValue()).toBe('Matt 400 g');
    expect((await api(world, store!, 'GET', `/products/${productId}`)).body!.data.description).toBe('Matt 350 g');
    await page.unroute(`**/v1/products/${productId}`);

    await page.getByRole('button', { name: 'Delete product' }).click();
    await page.getByRole('dialog', { name: 'Delete this product?' }).waitFor();
    await shots.shot(page, 'delete-confirm');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete product' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByText('2 products in this store').waitFor();
    expect((await api(world, store!, 'GET', `/products/${productId}`)).status).toBe(404);
    await context.close();
  }, 240_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on the list, a product and its side editor (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      const { user, store } = await accountWithStore(world);
      const product = (await api(world, store!, 'POST', '/products', { name: 'Sticker', dimension_unit: 'mm', requires_proof: true, spot_inks: [{ name: 'White' }, { name: 'Gold', cmyk: [0, 20, 60, 10] }] })).body!.data;
      const side = (await api(world, store!, 'POST', '/sides', { product_id: product.id, name: 'Front', width: 76, height: 76, bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: { top: 3, right: 3, bottom: 3, left: 3 } })).body!.data;
      const base = `${world.base}/admin/s/${store!.id}/products`;
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user, viewport, locale });
        page.setDefaultTimeout(T.timeout);
        for (const [name, url] of [
          ['list', base],
          ['product', `${base}/${product.id}`],
          ['side', `${base}/${product.id}/sides/${side.id}`],
          ['new-product', `${base}/new`],
        ] as const) {
          await page.goto(url);
          await settled(page);
          await page.locator('h1').first().waitFor();
          if (name === 'side') await page.locator('[data-handle="trim-right"]').focus();
          expect(await axeViolations(page), `${name} ${locale} ${viewport}`).toEqual([]);
          if (name !== 'new-product') await shots.shot(page, `${name}-${locale}`);
          if (name === 'product') {
            // the spot inks' table, in each locale and direction
            await page.locator('[data-ink="1"]').scrollIntoViewIfNeeded();
            await shots.shot(page, `product-inks-${locale}`);
          }
        }
        await context.close();
      }
    }, 240_000);
  }
});
