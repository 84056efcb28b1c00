/**
 * The owner's own pages in Chromium: a store created from the stores page with its credentials
 * shown once (copy buttons), store settings saved, the credentials replaced after a
 * confirmation (the old secret then refused by the API), a password change (the old password
 * then refused), and axe-core on the stores, settings and account pages in en, fr and he at the
 * desktop and tablet sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../helpers/requirements.js';
import { as } from '../../helpers/factories.js';
import { accountWithStore, adminPage, axeViolations, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`back office account pages in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  const shots = screenshots('account');

  beforeAll(async () => {
    world = await startAdminWorld();
  }, 120_000);
  afterAll(async () => world?.close());

  it('creates a store, shows its credentials once, saves settings and replaces the credentials after confirming', async () => {
    const { user } = await accountWithStore(world, { store: false });
    const { context, page } = await adminPage(world, { user });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: world.base });
    await page.goto(`${world.base}/admin`);
    await page.waitForURL(/\/admin\/stores/);
    await page.getByText('No store yet').waitFor();
    await shots.shot(page, 'no-store');
    await page.getByLabel('Store name').fill('Paper Moon');
    await page.getByRole('button', { name: 'Create store' }).click();
    const dialog = page.getByRole('dialog', { name: 'Store credentials' });
    await dialog.waitFor();
    const secret = await dialog.getByLabel('Secret', { exact: true }).inputValue();
    const sid = await dialog.getByLabel('Store ID (sid)', { exact: true }).inputValue();
    expect(secret.length).toBeGreaterThan(20);
    await dialog.getByRole('button', { name: 'Copy: Secret' }).click();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    await shots.shot(page, 'credentials-once');
    // the secret works as the store
    const store = { sid, secret };
    expect((await world.t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(200);
    await dialog.getByRole('button', { name: 'I have saved them' }).click();
    await page.waitForURL(/\/admin\/s\/[^/]+\/products/);
    const storeId = /\/admin\/s\/([^/]+)\//.exec(page.url())![1]!;

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Store settings' }).click();
    await page.getByRole('heading', { name: 'Store settings' }).waitFor();
    await shots.shot(page, 'settings');
    await page.getByLabel('Store name').fill('Paper Moon Press');
    await page.getByLabel('Time zone').fill('Europe/Paris');
    await shots.shot(page, 'settings-filled');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await page.getByText('Settings saved').waitFor();
    const read = await world.t.app.inject({ method: 'GET', url: `/v1/stores/${storeId}`, headers: as.J(user) });
    expect(read.json().data).toMatchObject({ name: 'Paper Moon Press', timezone: 'Europe/Paris' });
    await shots.shot(page, 'settings-saved');

    await page.getByRole('button', { name: 'Replace credentials' }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace this store’s credentials?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect((await world.t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(200);
    await page.getByRole('button', { name: 'Replace credentials' }).click();
    await confirm.getByRole('button', { name: 'Replace now' }).click();
    const fresh = page.getByRole('dialog', { name: 'Store credentials' });
    await fresh.waitFor();
    const next = { sid: await fresh.getByLabel('Store ID (sid)', { exact: true }).inputValue(), secret: await fresh.getByLabel('Secret', { exact: true }).inputValue() };
    expect(next.secret).not.toBe(secret);
    expect((await world.t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(401);
    expect((await world.t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(next) })).statusCode).toBe(200);
    await shots.shot(page, 'credentials-replaced');
    await fresh.getByRole('button', { name: 'I have saved them' }).click();
    // the pages act with the new sid
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Products' }).click();
    await page.getByText('No products yet').waitFor();
    await context.close();
  }, 120_000);

  it('changes the password: the new one signs in, the old one no longer does', async () => {
    const { user } = await accountWithStore(world);
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/account`);
    const NEW = 'N3w-Passw0rd!x';
    await page.getByLabel('Current password').fill('not-it-Passw0rd!');
    await page.getByLabel('New password').fill(NEW);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('alert').first().waitFor();
    await page.getByLabel('Current password').fill(user.password);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed: other sessions are signed out').waitFor();
    await shots.shot(page, 'password-changed');
    const signIn = (password: string) => world.t.app.inject({ method: 'POST', url: '/v1/account/signIn', payload: { email: user.email, password } });
    expect((await signIn(user.password)).statusCode).toBe(401);
    expect((await signIn(NEW)).statusCode).toBe(200);
    // this session carries on with the JWT the change answered
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Stores' }).click();
    await page.getByRole('table').waitFor();
    await context.close();
  }, 120_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on the stores, settings and account pages (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      const { user, store } = await accountWithStore(world);
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user, viewport, locale });
        for (const url of ['/admin/stores', `/admin/s/${store!.id}/settings`, '/admin/account']) {
          await page.goto(`${world.base}${url}`);
          await settled(page);
          await page.locator('h1').first().waitFor();
          expect(await axeViolations(page), `${url} ${locale}`).toEqual([]);
        }
        await shots.shot(page, `account-${locale}`);
        await context.close();
      }
    }, 180_000);
  }
});
