/**
 * The back office's Assets (/admin/s/:store/assets/*) and Wallet (/admin/wallet) in Chromium:
 * an image and a font uploaded through the file inputs with the progress bar seen going and
 * finishing (upload throttled over the DevTools protocol), the font previewed in its own face,
 * a clipart category created and a clipart uploaded into it, deletes confirmed in a dialog and
 * checked against the API; the wallet's balance as the API reports it, the ledger filtered by
 * type and reference, its CSV export compared row by row with the API; axe-core in en, fr and
 * he on every page at the desktop and tablet sizes.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { needs } from '../../helpers/requirements.js';
import type { TestStore, TestUser } from '../../helpers/factories.js';
import { accountWithStore, adminPage, axeViolations, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');
const require = createRequire(import.meta.url);
const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/images');
const PHOTO = path.join(FIXTURES, 'card-photo.jpg');
const BADGE = path.join(FIXTURES, 'badge.svg');
const LORA = require.resolve('@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf');
const WAIT = { timeout: 60_000 };

describe.skipIf(chromiumGate.skip)(`back office assets and wallet in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  let user: TestUser;
  let store: TestStore;
  const shots = screenshots('assets');

  const api = async (p: string, init: { method?: string; body?: FormData | object; store?: boolean } = {}) => {
    const headers: Record<string, string> = { authorization: `Bearer ${user.token}` };
    if (init.store !== false) headers['x-service-store-sid'] = store.sid;
    let body: FormData | string | undefined;
    if (init.body instanceof FormData) body = init.body;
    else if (init.body) {
      body = JSON.stringify(init.body);
      headers['content-type'] = 'application/json';
    }
    const res = await fetch(`${world.base}/v1${p}`, { method: init.method ?? 'GET', headers, body });
    const json = (await res.json()) as any;
    expect(res.status, JSON.stringify(json)).toBeLessThan(300);
    return json;
  };
  const allLedger = async (query: string) => {
    const rows: any[] = [];
    let cursor = '';
    for (;;) {
      const page = await api(`/account/wallet/transactions?limit=100${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { store: false });
      rows.push(...page.data);
      if (!page.links.next) return rows;
      cursor = new URL(page.links.next, world.base).searchParams.get('cursor')!;
    }
  };
  /** Throttles uploads so the progress bar is seen moving (the DevTools protocol's network emulation). */
  const throttle = async (page: Page, bytesPerSecond: number | null) => {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: bytesPerSecond ?? -1 });
  };
  const confirmDelete = async (page: Page, name: string) => {
    await page.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor(WAIT);
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await dialog.waitFor({ state: 'hidden', ...WAIT });
    // The list drops the row at once (an optimistic delete), and the row's dialog goes with it:
    // the API has answered only once the page says so.
    await page.getByText(`${name} deleted`).first().waitFor(WAIT);
  };

  beforeAll(async () => {
    world = await startAdminWorld();
    ({ user, store } = (await accountWithStore(world)) as { user: TestUser; store: TestStore });
    // Ledger rows besides the sign-up grant: a top-up, a charge and a promotional credit.
    const { wallet, database } = world.t.deps as any;
    await wallet.credit(user.id, 500, 'test top-up');
    await database.db.transaction().execute((tx: unknown) => wallet.chargeIn(tx, { accountId: user.id, cost: 30, reference: 'job:e2e-print' }));
    await wallet.credit(user.id, 20, 'promo-autumn');
  }, 180_000);
  afterAll(async () => world?.close());

  it('uploads an image with a progress bar, lists it, deletes it after confirming', async () => {
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store.id}/assets`);
    await page.waitForURL(/\/assets\/images$/, WAIT);
    await page.getByRole('heading', { name: 'No images yet' }).waitFor(WAIT);
    await shots.shot(page, 'images-empty');
    await throttle(page, 12 * 1024);
    await page.locator('input[type=file]').setInputFiles(PHOTO);
    const bar = page.getByRole('progressbar', { name: 'Upload progress of card-photo.jpg' });
    await bar.waitFor(WAIT);
    await shots.shot(page, 'image-uploading');
    await bar.waitFor({ state: 'detached', ...WAIT });
    await throttle(page, null);
    await page.getByText('card-photo.jpg uploaded').waitFor(WAIT);
    const card = page.getByRole('listitem').filter({ hasText: 'card-photo.jpg' });
    await card.getByRole('img', { name: 'card-photo.jpg' }).waitFor(WAIT);
    await expect.poll(() => card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth), WAIT).toBeGreaterThan(0);
    const listed = await api('/images');
    expect(listed.data.map((i: any) => i.name)).toEqual(['card-photo.jpg']);
    await shots.shot(page, 'image-listed');

    await confirmDelete(page, 'card-photo.jpg');
    await page.getByRole('heading', { name: 'No images yet' }).waitFor(WAIT);
    expect((await api('/images')).data).toEqual([]);
    await context.close();
  }, 180_000);

  it('creates a clipart category, uploads a clipart into it, deletes both', async () => {
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store.id}/assets/cliparts`);
    await page.getByRole('heading', { name: 'No clipart categories yet' }).waitFor(WAIT);
    await page.getByLabel('Category name').fill('Animals');
    await page.keyboard.press('Enter');
    await page.getByText('Category Animals created').waitFor(WAIT);
    await page.getByRole('link', { name: 'Animals' }).waitFor(WAIT);
    await shots.shot(page, 'category-created');
    await page.getByRole('link', { name: 'Animals' }).click();
    await page.getByRole('heading', { name: 'Cliparts in Animals' }).waitFor(WAIT);
    const categoryId = new URL(page.url()).pathname.split('/').pop()!;
    await page.getByRole('heading', { name: 'No cliparts in this category' }).waitFor(WAIT);
    await page.locator('input[type=file]').setInputFiles(BADGE);
    await page.getByText('badge.svg uploaded').waitFor(WAIT);
    await page.getByRole('listitem').filter({ hasText: 'badge.svg' }).waitFor(WAIT);
    const inCategory = await api(`/clipart-storages/${categoryId}/cliparts`);
    expect(inCategory.data.map((c: any) => c.name)).toEqual(['badge.svg']);
    await shots.shot(page, 'clipart-in-category');

    // a reload keeps the page (deep link), then the clipart goes after confirming
    await page.reload();
    await page.getByRole('listitem').filter({ hasText: 'badge.svg' }).waitFor(WAIT);
    await confirmDelete(page, 'badge.svg');
    await page.getByRole('heading', { name: 'No cliparts in this category' }).waitFor(WAIT);
    expect((await api(`/clipart-storages/${categoryId}/cliparts`)).data).toEqual([]);

    await page.getByRole('link', { name: 'All categories' }).click();
    await page.getByRole('link', { name: 'Animals' }).waitFor(WAIT);
    await confirmDelete(page, 'Animals');
    await page.getByRole('heading', { name: 'No clipart categories yet' }).waitFor(WAIT);
    expect((await api('/clipart-storages')).data).toEqual([]);
    await context.close();
  }, 180_000);

  it('uploads a font with a progress bar and previews text in its face', async () => {
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store.id}/assets/fonts`);
    await page.getByRole('heading', { name: 'No fonts yet' }).waitFor(WAIT);
    await throttle(page, 40 * 1024);
    await page.locator('input[type=file]').setInputFiles(LORA);
    const bar = page.getByRole('progressbar', { name: 'Upload progress of Lora_700Bold_Italic.ttf' });
    await bar.waitFor(WAIT);
    await shots.shot(page, 'font-uploading');
    await bar.waitFor({ state: 'detached', ...WAIT });
    await throttle(page, null);
    await page.getByText('Lora_700Bold_Italic.ttf uploaded').waitFor(WAIT);
    const [font] = (await api('/fonts')).data;
    expect(font).toMatchObject({ family: 'Lora', style: 'italic', weight: 700 });
    const row = page.locator(`tr[data-row-id="${font.id}"]`);
    await row.waitFor(WAIT);
    await page.getByLabel('Preview text').fill('Folio prints Lora');
    const preview = row.locator(`[data-font-preview="${font.id}"]`);
    await expect.poll(() => preview.getAttribute('data-loaded'), WAIT).toBe('true');
    expect(await preview.textContent()).toBe('Folio prints Lora');
    const face = await preview.evaluate((el) => ({ family: getComputedStyle(el).fontFamily, ready: document.fonts.check(`italic 700 20px ${getComputedStyle(el).fontFamily.split(',')[0]}`) }));
    expect(face.family).toContain(`folio-preview-${font.id}`);
    expect(face.ready).toBe(true);
    await expect(row.getByText('Not recorded').count()).resolves.toBe(1);
    await shots.shot(page, 'font-preview');

    // its licence note, typed in the dialog and saved: the row and the API have it
    const note = 'Desktop licence, 5 seats, PDF embedding allowed';
    await row.getByRole('button', { name: `Edit the licence note of ${font.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Edit the licence note of ${font.name}` });
    await dialog.getByLabel('Licence note').pressSequentially(note);
    await shots.shot(page, 'font-licence');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await row.getByText(note).waitFor(WAIT);
    expect((await api(`/fonts/${font.id}`)).data.license).toBe(note);

    await page.goto(`${world.base}/admin/s/${store.id}/assets/defaults/fonts`);
    await settled(page);
    const defaults = await api('/fonts/default?limit=10');
    await page.getByText(defaults.data[0].name, { exact: true }).first().waitFor(WAIT);
    await expect(page.getByRole('button', { name: /^Delete|^Edit the licence/ }).count()).resolves.toBe(0);
    await shots.shot(page, 'default-fonts');
    await page.goto(`${world.base}/admin/s/${store.id}/assets/defaults/cliparts`);
    await settled(page);
    const defaultCliparts = await api('/cliparts/default');
    await page.getByRole('img', { name: defaultCliparts.data[0].name }).waitFor(WAIT);
    await shots.shot(page, 'default-cliparts');
    await context.close();
  }, 180_000);

  it('wallet: balance as the API says, plan, ledger filtered by type and reference, CSV export equal to the API rows', async () => {
    const { context, page } = await adminPage(world, { user });
    const wallet = (await api('/account/wallet', { store: false })).data;
    await page.goto(`${world.base}/admin/wallet`);
    await settled(page);
    await expect(page.getByTestId('balance').textContent()).resolves.toBe(`${wallet.balance.toLocaleString('en')} tokens`);
    const caps = (await api('/account/capabilities')).data;
    await expect(page.getByTestId('tier').textContent()).resolves.toBe(caps.entitlement.tier);
    const all = await allLedger('');
    expect(all.length).toBeGreaterThanOrEqual(3);
    await expect.poll(() => page.locator('tbody tr[data-row-id^="TX-"]').count(), WAIT).toBe(all.length);
    await shots.shot(page, 'wallet');

    await page.getByRole('combobox', { name: 'Type' }).click();
    await page.getByRole('option', { name: 'Charge' }).click();
    await page.waitForURL(/type=charge/, WAIT);
    await settled(page);
    const charges = await allLedger('&type=charge');
    expect(charges.map((r) => r.reference)).toEqual(['job:e2e-print']);
    await expect.poll(() => page.locator('tbody tr[data-row-id^="TX-"]').count(), WAIT).toBe(1);
    await shots.shot(page, 'ledger-charges');

    const exportRows = async () => {
      const [download] = await Promise.all([page.waitForEvent('download', WAIT), page.getByRole('button', { name: 'Export CSV' }).click()]);
      const file = await download.path();
      return { name: download.suggestedFilename(), lines: fs.readFileSync(file!, 'utf8').trimEnd().split('\r\n') };
    };
    const asCsv = (r: any) => [r.id, r.created_at, r.type, r.amount, r.balance_after, r.reference ?? '', r.refund_of ?? ''].join(',');
    const charged = await exportRows();
    expect(charged.name).toMatch(/^folio-ledger-\d{4}-\d{2}-\d{2}-charge\.csv$/);
    expect(charged.lines).toEqual(['id,created_at,type,amount,balance_after,reference,refund_of', ...charges.map(asCsv)]);

    await page.goto(`${world.base}/admin/wallet`);
    await settled(page);
    await page.getByLabel('Search').fill('promo');
    await page.waitForURL(/q=promo/, WAIT);
    await settled(page);
    await expect.poll(() => page.locator('tbody tr[data-row-id^="TX-"]').allTextContents(), WAIT).toEqual([expect.stringContaining('promo-autumn')]);
    const promo = await exportRows();
    expect(promo.lines.slice(1)).toEqual((await allLedger('&search=promo')).map(asCsv));
    await page.goto(`${world.base}/admin/wallet`);
    await settled(page);
    await expect.poll(() => page.locator('tbody tr[data-row-id^="TX-"]').count(), WAIT).toBe(all.length);
    const everything = await exportRows();
    expect(everything.lines.slice(1)).toEqual(all.map(asCsv));
    await shots.shot(page, 'ledger-exported');
    await context.close();
  }, 180_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on every assets and wallet page (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      // a store of its own with one of each asset, so the grids and tables are drawn
      const image = new FormData();
      image.append('file', new Blob([fs.readFileSync(PHOTO)], { type: 'image/jpeg' }), 'card-photo.jpg');
      await api('/images', { method: 'POST', body: image });
      const category = (await api('/clipart-storages', { method: 'POST', body: { name: `Shapes ${viewport}` } })).data;
      const clipart = new FormData();
      clipart.append('storages[]', category.id);
      clipart.append('file', new Blob([fs.readFileSync(BADGE)], { type: 'image/svg+xml' }), 'badge.svg');
      await api('/cliparts', { method: 'POST', body: clipart });
      const pages = ['assets/images', 'assets/cliparts', `assets/cliparts/${category.id}`, 'assets/fonts', 'assets/defaults/fonts', 'assets/defaults/cliparts'].map((p) => `/admin/s/${store.id}/${p}`);
      pages.push('/admin/wallet');
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user, viewport, locale });
        for (const url of pages) {
          await page.goto(`${world.base}${url}`);
          await settled(page);
          await page.locator('h1').waitFor(WAIT);
          if (url.endsWith('wallet')) await page.getByTestId('tier').waitFor(WAIT);
          await settled(page);
          expect(await axeViolations(page), `${url} ${locale} ${viewport}`).toEqual([]);
          if (locale !== 'fr' || url.endsWith('wallet')) await shots.shot(page, `${url.split('/').slice(-2).join('-')}-${locale}`);
        }
        await context.close();
      }
      await api(`/clipart-storages/${category.id}`, { method: 'DELETE' });
    }, 420_000);
  }
});
