/**
 * The back office's Developers area in Chromium: a store API key created through the UI with
 * chosen scopes, its secret read from the page and used with curl (200, then 401 once revoked
 * through the confirmation), a rotation with grace (both keys work), the audit trail; a webhook
 * endpoint with a local receiver, its delivery in the log, a replay, a secret rotation, pausing;
 * a shop connection made and removed; the plan gate on a free store; axe-core on every page in
 * en, fr and he at the desktop and tablet sizes.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { needs } from '../../helpers/requirements.js';
import { as } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { accountWithStore, adminPage, axeViolations, curlStatus, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');

interface Hit {
  path: string;
  id: string;
  body: string;
}

describe.skipIf(chromiumGate.skip)(`back office developers in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  let receiver: http.Server;
  let rxBase = '';
  const hits: Hit[] = [];
  const shots = screenshots('developers');

  beforeAll(async () => {
    world = await startAdminWorld({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' } });
    receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        hits.push({ path: req.url ?? '/', id: String(req.headers['webhook-id'] ?? ''), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
    rxBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  }, 180_000);
  afterAll(async () => {
    await new Promise((r) => receiver?.close(r));
    await world?.close();
  });

  const dialog = (page: Page) => page.getByRole('dialog');

  it('creates a store key with chosen scopes, uses it with curl, revokes it (401), rotates another with grace, shows the audit trail', async () => {
    const { user, store } = await accountWithStore(world, { tier: 'advanced' });
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store!.id}/developers`);
    await page.waitForURL(/\/developers\/keys$/);
    await page.getByRole('heading', { name: 'Store API keys' }).waitFor();
    await settled(page);
    await page.getByRole('heading', { name: 'No API keys yet' }).waitFor();
    await shots.shot(page, 'keys-empty');

    await page.getByRole('button', { name: 'New API key' }).first().click();
    await dialog(page).getByLabel('Name').fill('Catalog reader');
    const keep = new Set(['catalog:read', 'keys:read']);
    for (const box of await dialog(page).getByRole('checkbox').all()) {
      const name = (await box.getAttribute('value')) ?? '';
      if (!keep.has(name)) await box.click();
    }
    expect(await dialog(page).getByRole('checkbox', { checked: true }).count()).toBe(2);
    await page.waitForFunction(() => [...document.querySelectorAll('[role=dialog]')].every((d) => getComputedStyle(d).opacity === '1'));
    expect(await axeViolations(page), 'create key dialog').toEqual([]);
    await shots.shot(page, 'key-create-form');
    await dialog(page).getByLabel('Name').focus();
    await page.keyboard.press('Enter');

    const secretField = page.getByRole('textbox', { name: 'Secret key' });
    await secretField.waitFor();
    const key = await secretField.inputValue();
    expect(key).toMatch(/^sk_live_/);
    await expect(page.getByText('you will not see it again').waitFor()).resolves.toBeUndefined();
    await page.waitForFunction(() => [...document.querySelectorAll('[role=dialog]')].every((d) => getComputedStyle(d).opacity === '1'));
    expect(await axeViolations(page), 'secret dialog').toEqual([]);
    await shots.shot(page, 'key-secret-once');

    expect(await curlStatus(world.base, key, '/products')).toBe(200);
    expect(await curlStatus(world.base, key, `/stores/${store!.id}/api-keys`)).toBe(200);
    expect(await curlStatus(world.base, key, '/products', 'POST')).toBe(403); // no catalog:write

    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(/\/developers\/keys\/[0-9a-f-]{36}$/);
    await page.getByRole('heading', { name: 'Catalog reader' }).waitFor();
    await expect(page.getByText('catalog:read keys:read').first().waitFor()).resolves.toBeUndefined();
    // the uses are written in batches (200 ms): the audit trail shows them after a reload
    await waitFor(
      async () => {
        await page.reload();
        await settled(page);
        return (await page.getByRole('table', { name: /Events of this key/ }).getByText('Used').count()) > 0;
      },
      'the audit trail to show the key being used',
      30_000,
      500,
    );
    await shots.shot(page, 'key-detail-audit');

    await page.getByRole('button', { name: 'Revoke' }).click();
    await dialog(page).getByText('Every request with this key is refused').waitFor();
    await shots.shot(page, 'key-revoke-confirm');
    await dialog(page).getByRole('button', { name: 'Revoke' }).click();
    await page.getByTestId('key-status').getByText('Revoked').waitFor();
    expect(await curlStatus(world.base, key, '/products')).toBe(401);
    await shots.shot(page, 'key-revoked');

    // a second key (default scopes), rotated with a day's grace: old and new both work
    await page.getByRole('link', { name: 'Back to the list' }).click();
    await page.waitForURL(/\/developers\/keys$/);
    await page.getByRole('button', { name: 'New API key' }).click();
    await dialog(page).getByLabel('Name').fill('Rotating key');
    await dialog(page).getByRole('button', { name: 'Create key' }).click();
    const first = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByRole('heading', { name: 'Rotating key' }).waitFor();
    const oldUrl = page.url();
    await page.getByRole('button', { name: 'Rotate' }).click();
    await dialog(page).getByText('A new key with the same scopes').waitFor();
    await shots.shot(page, 'key-rotate');
    await dialog(page).getByRole('button', { name: 'Rotate' }).click();
    await page.getByRole('dialog', { name: 'Your new API key' }).waitFor();
    const second = await page.getByRole('textbox', { name: 'Secret key' }).inputValue();
    expect(second).toMatch(/^sk_live_/);
    expect(second).not.toBe(first);
    expect(await curlStatus(world.base, second, '/products')).toBe(200);
    expect(await curlStatus(world.base, first, '/products')).toBe(200); // in its grace period
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL((u) => u.toString() !== oldUrl && /\/keys\/[0-9a-f-]{36}$/.test(u.pathname));
    await page.getByText('Replaces').waitFor();
    await page.goBack();
    await page.getByTestId('key-status').getByText('Grace period').waitFor();
    await page.getByRole('link', { name: 'Back to the list' }).click();
    // the URL changes before the list replaces the key's page (a transition): wait for the rows
    await expect.poll(() => page.getByRole('table', { name: 'API keys' }).getByRole('row').count(), { timeout: 30_000 }).toBe(4); // header + 3 keys
    await settled(page);
    await shots.shot(page, 'keys-list');
    await context.close();
  }, 240_000);

  it('registers a webhook endpoint, shows its delivery, replays it, rotates its secret and pauses it', async () => {
    const { user, store } = await accountWithStore(world, { tier: 'advanced' });
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store!.id}/developers/keys`);
    await page.getByRole('navigation', { name: 'Developer sections' }).getByRole('link', { name: 'Webhooks' }).click();
    await page.waitForURL(/\/developers\/webhooks$/);
    await settled(page);
    await page.getByRole('heading', { name: 'No webhook endpoints yet' }).waitFor();
    await page.getByRole('button', { name: 'New endpoint' }).first().click();
    await dialog(page).getByLabel('Endpoint URL').fill(`${rxBase}/folio`);
    await shots.shot(page, 'webhook-create');
    await dialog(page).getByRole('button', { name: 'Add endpoint' }).click();
    const secret = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shots.shot(page, 'webhook-secret-once');
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.waitForURL(/\/developers\/webhooks\/[0-9a-f-]{36}$/);
    await settled(page);
    await page.getByRole('heading', { name: 'No deliveries yet' }).waitFor();

    // an event of the endpoint's topic: a product made through the API
    const made = await world.t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store!), payload: { name: 'Hooked mug' } });
    expect(made.statusCode, made.body).toBe(201);
    const hit = await waitFor(async () => hits.find((h) => h.path === '/folio' && h.body.includes('Hooked mug')), 'the receiver to get the delivery', 30_000, 50);
    const log = page.getByRole('table', { name: /Deliveries to this endpoint/ });
    await waitFor(
      async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await settled(page);
        return (await log.getByText('Delivered').count()) > 0;
      },
      'the delivery log to show the delivery',
      30_000,
      300,
    );
    await shots.shot(page, 'webhook-delivery');
    await log.getByRole('button', { name: `View delivery ${hit.id}` }).click();
    await dialog(page).getByText('Hooked mug').first().waitFor();
    await shots.shot(page, 'webhook-delivery-payload');
    await page.keyboard.press('Escape');
    await dialog(page).waitFor({ state: 'hidden' });

    await log.getByRole('button', { name: `Redeliver ${hit.id}` }).click();
    await page.getByText('Sent again').waitFor();
    await waitFor(async () => hits.filter((h) => h.id === hit.id).length >= 2, 'the replay to reach the receiver', 30_000, 50);
    await shots.shot(page, 'webhook-redelivered');

    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await dialog(page).getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = await page.getByRole('textbox', { name: 'Signing secret' }).inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(secret);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await page.getByText('Old secret signs until').waitFor();

    const hookId = new URL(page.url()).pathname.split('/').pop()!;
    await dialog(page).waitFor({ state: 'hidden' });
    await page.getByRole('switch', { name: 'Receives deliveries' }).click({ force: true });
    await waitFor(async () => {
      const r = await world.t.app.inject({ method: 'GET', url: `/v1/webhooks/${hookId}`, headers: as.B(store!) });
      return r.json().data.enabled === false;
    }, 'the endpoint to be paused', 20_000, 100);
    await shots.shot(page, 'webhook-detail');
    await context.close();
  }, 240_000);

  it('connects a shop (Medusa) with its fields, shows the webhook URL, disconnects with confirmation', async () => {
    const { user, store } = await accountWithStore(world, { tier: 'advanced' });
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store!.id}/developers/integrations`);
    await settled(page);
    await page.getByRole('heading', { name: 'No shop connected' }).waitFor();
    await page.getByText('Medusa', { exact: true }).click();
    await page.getByLabel('Shop address').fill('https://commerce.example.com');
    await page.getByLabel('Webhook secret').fill('whsec_medusa_test_secret');
    await page.getByLabel('Secret API key').fill('sk_medusa_test');
    await shots.shot(page, 'integration-form');
    await page.getByRole('button', { name: 'Connect the shop' }).click();
    const url = page.getByRole('textbox', { name: 'Webhook URL to subscribe in the shop' });
    await url.waitFor();
    expect(await url.inputValue()).toContain('/v1/integrations/medusa/webhooks');
    await shots.shot(page, 'integration-connected');
    await page.getByRole('button', { name: 'Disconnect' }).click();
    await dialog(page).getByRole('button', { name: 'Disconnect' }).click();
    await page.getByRole('heading', { name: 'No shop connected' }).waitFor();
    const left = await world.t.app.inject({ method: 'GET', url: `/v1/stores/${store!.id}/integrations`, headers: as.B(store!) });
    expect(left.json().data).toEqual([]);
    await context.close();
  }, 120_000);

  it('says honestly when the plan lacks API keys and webhooks, with the link to upgrade', async () => {
    const { user, store } = await accountWithStore(world);
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store!.id}/developers/keys`);
    const gate = page.getByTestId('plan-gate');
    await gate.getByText('Not included in your plan').waitFor();
    expect(await gate.getByRole('link', { name: 'See plans and upgrade' }).getAttribute('href')).toBeTruthy();
    expect(await page.getByRole('button', { name: 'New API key' }).first().isDisabled()).toBe(true);
    expect(await axeViolations(page), 'plan gate').toEqual([]);
    await shots.shot(page, 'plan-gate-keys');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByTestId('plan-gate').getByText('webhooks').waitFor();
    await settled(page);
    expect(await axeViolations(page), 'plan gate webhooks').toEqual([]);
    await context.close();
  }, 120_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on any developers page (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      const { user, store } = await accountWithStore(world, { tier: 'advanced' });
      const k = await world.t.app.inject({ method: 'POST', url: `/v1/stores/${store!.id}/api-keys`, headers: as.JS(store!), payload: { name: 'Axe key', allowed_origins: ['https://shop.example'] } });
      expect(k.statusCode, k.body).toBe(200);
      const ak = await world.t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: as.J(user), payload: { name: 'Axe account key' } });
      expect(ak.statusCode, ak.body).toBe(200);
      const h = await world.t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store!), payload: { topic: 'products', callback_url: `${rxBase}/axe` } });
      expect(h.statusCode, h.body).toBe(201);
      await world.t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store!), payload: { name: 'Axe product' } });
      await waitFor(async () => hits.some((x) => x.path === '/axe'), 'a delivery for the axe page', 30_000, 50);
      const base = `${world.base}/admin/s/${store!.id}/developers`;
      const pages = {
        keys: `${base}/keys`,
        key: `${base}/keys/${k.json().data.uuid}`,
        'account-keys': `${base}/account-keys`,
        'account-key': `${base}/account-keys/${ak.json().data.uuid}`,
        webhooks: `${base}/webhooks`,
        webhook: `${base}/webhooks/${h.json().data.id}`,
        integrations: `${base}/integrations`,
      };
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user, viewport, locale });
        for (const [name, url] of Object.entries(pages)) {
          await page.goto(url);
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await settled(page);
          expect(await page.evaluate(() => document.documentElement.dir)).toBe(locale === 'he' ? 'rtl' : 'ltr');
          expect(await axeViolations(page), `${name} ${locale} ${viewport}`).toEqual([]);
          if (locale !== 'fr' || name === 'webhook') await shots.shot(page, `axe-${name}-${locale}`);
        }
        await context.close();
      }
    }, 600_000);
  }
});
