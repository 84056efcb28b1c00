/**
 * The back office's orders in Chromium: paid orders seeded through the API (a product that asks
 * for a proof, and one that does not), the queue's per-state counts, an order's page with only
 * the moves its state allows, its proof approved on the customer's behalf, its print file
 * downloaded through the page and read with poppler, a bulk move of two orders, a production
 * batch from them, the delivery log; axe-core in en, fr and he at the desktop and tablet sizes.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { needs } from '../../helpers/requirements.js';
import { as, type TestStore, type TestUser } from '../../helpers/factories.js';
import { printProduct, saveDesign, textLayer } from '../../integration/designs/helpers.js';
import { createOrder, moveTo } from '../../integration/orders/helpers.js';
import { accountWithStore, adminPage, axeViolations, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const run = promisify(execFile);
const chromiumGate = needs('chromium');
const LONG = { timeout: 90_000 };

describe.skipIf(chromiumGate.skip)(`back office orders in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  let user: TestUser;
  let store: TestStore;
  const orders: { proofed: { id: string; code: string }; plain: Array<{ id: string; code: string }> } = { proofed: { id: '', code: '' }, plain: [] };
  const shots = screenshots('orders');

  /** A paid order line: a project with one design of `side`, moved to received (as the shop's paid-order webhook does). */
  async function paidOrder(sideId: string, name: string, text: string, line: string) {
    const app = world.t.app;
    const order = await createOrder(app, store, { name, quantity: 100, external_ref: { source: 'shop', order_id: '2001', line_item_id: line } });
    await saveDesign(app, store, { side_id: sideId, project_id: order.id, layers: [textLayer({ text })] });
    const moved = await moveTo(app, store, order.id, 'received', 'paid');
    return { id: order.id as string, code: order.code as string, state: moved.state as string };
  }

  beforeAll(async () => {
    world = await startAdminWorld();
    ({ user, store } = (await accountWithStore(world, { tier: 'advanced' })) as { user: TestUser; store: TestStore });
    const app = world.t.app;
    const proofed = await printProduct(app, store);
    const put = await app.inject({ method: 'PUT', url: `/v1/products/${proofed.product.id}`, headers: as.B(store), payload: { requires_proof: true } });
    expect(put.statusCode, put.body).toBe(200);
    const plain = await printProduct(app, store);
    const p1 = await paidOrder(proofed.front.id, 'Order #2001 cards', 'Ada Lovelace', '1');
    expect(p1.state).toBe('proof_pending');
    orders.proofed = p1;
    const plainOrders = [await paidOrder(plain.front.id, 'Order #2001 flyer', 'Grace Hopper', '2'), await paidOrder(plain.front.id, 'Order #2001 poster', 'Mary Somerville', '3')];
    for (const o of plainOrders) expect(o.state).toBe('received');
    orders.plain = plainOrders;
  }, 240_000);
  afterAll(async () => world?.close());

  const tab = (page: Page, state: string) => page.locator(`[role="tab"][data-state="${state}"]`);
  /** The count a state's tab shows, once it stops changing to `want` (counts refetch after a move). */
  const count = (page: Page, state: string, want: string) => expect.poll(() => tab(page, state).locator('[data-count]').textContent(), LONG).toBe(want);
  const rowCount = (page: Page, n: number) => expect.poll(() => page.locator('tbody tr').count(), LONG).toBe(n);

  it('lists the order under its state with the right count, takes it through proof → approved with the allowed moves only, downloads its print file', async () => {
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store.id}/orders`);
    await page.getByRole('heading', { name: 'Orders', level: 1 }).waitFor(LONG);
    await settled(page);
    await count(page, 'proof_pending', '1');
    await count(page, 'received', '2');
    await shots.shot(page, 'queue-all');
    await tab(page, 'proof_pending').click();
    await page.waitForURL(/state=proof_pending/);
    await settled(page);
    await rowCount(page, 1);
    await shots.shot(page, 'queue-proof-pending');
    // search as you type narrows, the URL keeps it
    await page.getByLabel('Search').fill('zzz-none');
    await page.getByRole('heading', { name: 'Nothing matches “zzz-none”' }).waitFor(LONG);
    await page.getByLabel('Search').fill('');
    await page.getByRole('link', { name: orders.proofed.code }).waitFor(LONG);

    // keyboard: focus the order's link and open it with Enter
    await page.getByRole('link', { name: orders.proofed.code }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/orders/${orders.proofed.id}$`));
    await page.getByRole('heading', { name: new RegExp(orders.proofed.code) }).waitFor(LONG);
    const moves = page.getByTestId('moves');
    await moves.getByRole('button', { name: 'Approve' }).waitFor(LONG);
    for (const name of ['Put on hold', 'Cancel order']) await expect(moves.getByRole('button', { name }).count()).resolves.toBe(1);
    // not allowed from proof_pending: absent, not merely disabled
    for (const name of ['Ship', 'Mark printed', 'Start production', 'Send a proof']) await expect(moves.getByRole('button', { name, exact: true }).count()).resolves.toBe(0);
    await page.getByRole('img', { name: 'Proof of Front' }).waitFor(LONG);
    await expect(page.getByRole('textbox', { name: 'Approval link' }).inputValue()).resolves.toMatch(/\/proof\/.+/);
    await settled(page);
    await shots.shot(page, 'project-proof-pending');

    await page.getByRole('button', { name: 'Approve on behalf of the customer' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Approved by (name or e-mail)').fill('Ada (by phone)');
    await shots.shot(page, 'approve-on-behalf');
    await dialog.getByRole('button', { name: 'Approve' }).click();
    await page.getByText('Proof approved').waitFor(LONG);
    await moves.getByRole('button', { name: 'Start production' }).waitFor(LONG);
    await expect(moves.getByRole('button', { name: 'Approve', exact: true }).count()).resolves.toBe(0);
    await page.getByText('Decided by Ada (by phone)', { exact: false }).first().waitFor(LONG);
    const history = page.locator('section[aria-labelledby="order-history"]');
    for (const s of ['Received', 'Proof pending', 'Approved']) await history.getByText(s, { exact: true }).first().waitFor(LONG);

    // the print file (made on approval) downloads through its link
    const printLink = page.getByRole('link', { name: new RegExp(`^Download ${orders.proofed.code}-1-.*-100x\\.pdf$`) });
    await printLink.waitFor({ timeout: 150_000 });
    await settled(page);
    await shots.shot(page, 'project-approved');
    const [download] = await Promise.all([page.waitForEvent('download', LONG), printLink.click()]);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-orders-')), download.suggestedFilename());
    await download.saveAs(file);
    expect(path.basename(file)).toMatch(new RegExp(`^${orders.proofed.code}-1-flyer-a5-100x\\.pdf$`));
    const info = (await run('pdfinfo', [file])).stdout;
    expect(info).toMatch(/Pages:\s+1/);
    expect(info).toMatch(/PDF version:\s+1\.[4-7]/);
    expect((await run('pdftotext', [file, '-'])).stdout).toContain('Ada Lovelace');
    await context.close();
  }, 400_000);

  it('moves two received orders in bulk with a per-row result, batches them, and shows the delivery log', async () => {
    const { context, page } = await adminPage(world, { user });
    await page.goto(`${world.base}/admin/s/${store.id}/orders?state=received`);
    await settled(page);
    for (const o of orders.plain) await page.getByRole('checkbox', { name: `Choose ${o.code}` }).check();
    await page.getByLabel('Move chosen to').selectOption('approved');
    await shots.shot(page, 'bulk-chosen');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('2 of 2 moved to Approved').waitFor(LONG);
    await settled(page);
    await count(page, 'received', '0');
    await count(page, 'approved', '3');
    await page.getByText('No orders here').waitFor(LONG);
    await shots.shot(page, 'bulk-done');

    // a production batch from the two: the Production batches tab, choose, create
    await page.getByRole('tab', { name: 'Production batches' }).click();
    await page.waitForURL(/\/orders\/batches$/);
    await settled(page);
    await page.getByText('No batches yet').waitFor(LONG);
    for (const o of orders.plain) await page.getByRole('checkbox', { name: `Choose ${o.code}` }).check();
    await page.getByRole('button', { name: 'Create batch from 2' }).click();
    await page.getByRole('dialog').getByLabel('Name').fill('Flyers 27 Nov');
    await page.getByRole('dialog').getByRole('button', { name: 'Create' }).click();
    await page.getByRole('heading', { name: 'Flyers 27 Nov' }).waitFor(LONG);
    await page.getByRole('button', { name: 'Mark printed' }).waitFor({ timeout: 150_000 });
    await settled(page);
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 30_000 });
    await shots.shot(page, 'batch');
    expect(await axeViolations(page), 'batch page').toEqual([]);
    await page.getByRole('button', { name: 'Mark printed' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Mark printed' }).click();
    await page.getByText('Batch marked printed').waitFor(LONG);
    const printed = (await world.t.app.inject({ method: 'GET', url: `/v1/projects?state=printed`, headers: as.B(store) })).json().data.map((p: { id: string }) => p.id);
    expect(printed.sort()).toEqual(orders.plain.map((o) => o.id).sort());

    await page.getByRole('tab', { name: 'Delivery log' }).click();
    await page.waitForURL(/\/orders\/deliveries$/);
    await page.getByText('Nothing delivered yet').waitFor(LONG);
    // the shared success toast (its close button has no name: see the report) goes by itself after 3 s
    await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached', timeout: 30_000 });
    expect(await axeViolations(page), 'delivery log').toEqual([]);
    await shots.shot(page, 'deliveries');
    await page.goBack();
    await page.waitForURL(/\/orders\/batches\//);
    await context.close();
  }, 400_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on the queue and an order's page (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user, viewport, locale });
        await page.goto(`${world.base}/admin/s/${store.id}/orders`);
        await page.locator('tbody tr').first().waitFor(LONG);
        await settled(page);
        expect(await axeViolations(page), `queue ${locale}`).toEqual([]);
        await shots.shot(page, `queue-${locale}`);
        await page.goto(`${world.base}/admin/s/${store.id}/orders/${orders.proofed.id}`);
        await page.getByTestId('moves').waitFor(LONG);
        await settled(page);
        expect(await axeViolations(page), `project ${locale}`).toEqual([]);
        await shots.shot(page, `project-${locale}`);
        await context.close();
      }
    }, 240_000);
  }
});
