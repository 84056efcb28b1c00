// The whole path, both sides real: Medusa (fresh PostgreSQL database, migrations, seed, the
// plugin registered) and Folio (the repository's server). The merchant connects the store in
// Folio with a Medusa secret API key; a shopper orders a personalised product through the
// storefront API (the design id in the line item's metadata); order.placed makes the Folio
// project `received` with its external_ref; its print file is made (a PDF); Folio moves it to
// shipped, and the Medusa order gets a fulfilment with the shipment's tracking.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { merchantSetUp, startFolio } from './lib/folio.mjs';
import { adminFetch, dropDatabase, prepareMedusa, startMedusa } from './lib/medusa.mjs';
import { placeOrder, storefront } from './lib/storefront.mjs';

const DB = 'folio_medusa_e2e_full';
const MEDUSA_PORT = Number(process.env.MEDUSA_E2E_PORT ?? 4710);
const FOLIO_PORT = Number(process.env.FOLIO_E2E_PORT ?? 4720);
const webhookSecret = 'whsec_' + Buffer.from('folio medusa e2e secret').toString('base64');
let folio;
let medusa;
let seed;
let shop;
let integration;

async function until(what, fn, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (Array.isArray(v) ? v.length > 0 : v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n--- medusa ---\n${medusa?.logs().slice(-2500)}\n--- folio ---\n${folio?.logs().slice(-2500)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
}

before(async () => {
  // Medusa's database and Folio start side by side
  const [prepared, started] = await Promise.all([prepareMedusa(DB), startFolio({ port: FOLIO_PORT })]);
  seed = prepared.seed;
  folio = started;
  const medusaUrl = `http://127.0.0.1:${MEDUSA_PORT}`;
  shop = await merchantSetUp(folio.url);
  integration = await shop.asAccount('POST', `/v1/stores/${shop.store.id}/integrations`, {
    type: 'medusa', shop: medusaUrl, webhook_secret: webhookSecret, api_key: seed.secret_key,
  });
  medusa = await startMedusa({ databaseUrl: prepared.databaseUrl, port: MEDUSA_PORT, folio: { url: folio.url, integrationId: integration.id, webhookSecret } });
});

after(async () => {
  await medusa?.stop();
  await folio?.stop();
  if (!process.env.MEDUSA_E2E_KEEP_DB) await dropDatabase(DB);
});

test('the store is connected: integration_type medusa, is_integrated', async () => {
  assert.equal(integration.type, 'medusa');
  assert.equal(integration.status, 'connected');
  const store = await shop.asAccount('GET', `/v1/stores/${shop.store.id}`);
  assert.equal(store.integration_type, 'medusa');
  assert.equal(store.is_integrated, true);
});

test('cart → order → Folio project → print file → shipped → Medusa fulfilment', async () => {
  const sdk = storefront(medusa.url, seed.publishable_key);
  const order = await placeOrder(sdk, seed, [
    { variant_id: seed.variant_id, quantity: 250, metadata: { _folio_design_id: shop.design.id } },
    { variant_id: seed.plain_variant_id, quantity: 1 },
  ]);
  const line = order.items.find((i) => i.metadata?._folio_design_id === shop.design.id);

  // order.placed → the plugin → Folio's intake: one project for the personalised line
  const projects = await until('the Folio project', () => shop.asStore('GET', `/v1/projects?external_order=medusa:${order.id}`));
  assert.equal(projects.length, 1, 'the plain line makes no project');
  const project = projects[0];
  assert.deepEqual(project.external_ref, { source: 'medusa', order_id: order.id, line_item_id: line.id });
  assert.ok(['received', 'approved'].includes(project.state), `state ${project.state}`);
  assert.equal(project.quantity, 250);
  // the shopper's design, frozen into the order: one page, of the design's side
  const snapshot = await shop.asStore('GET', `/v1/projects/${project.id}/snapshot`);
  assert.equal(snapshot.pages.length, 1);
  assert.equal(snapshot.pages[0].name, 'Front');

  // the print file: a PDF
  const file = await until('the print file', async () => {
    const files = await shop.asStore('GET', `/v1/projects/${project.id}/files`);
    const print = files.find((f) => f.kind === 'print');
    if (print?.status === 'failed') throw new Error(`print file failed: ${print.error}`);
    return print?.status === 'completed' ? print : null;
  }, 120_000);
  const pdf = Buffer.from(await (await fetch(file.url)).arrayBuffer());
  const pdfPath = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-medusa-pdf-')), file.name);
  fs.writeFileSync(pdfPath, pdf);
  const { stdout: info } = await promisify(execFile)('pdfinfo', [pdfPath]);
  assert.match(info, /^PDF version:\s+1\.\d/m);
  assert.match(info, /^Pages:\s+1$/m);
  // the card with its bleed: (3.5 + 2 × 0.125) × (2 + 2 × 0.125) in, PDF/X-4 (the default print profile)
  assert.match(info, /^Page size:\s+270 x 162 pts$/m);
  assert.match(info, /^PDF subtype:\s+PDF\/X-4$/m);
  fs.rmSync(path.dirname(pdfPath), { recursive: true, force: true });

  // the shop floor moves it on; shipped with tracking → Medusa fulfilment + shipment
  for (const to of ['approved', 'in_production', 'printed']) {
    const cur = await shop.asStore('GET', `/v1/projects/${project.id}`);
    if (cur.state === to || (to === 'approved' && cur.state !== 'received')) continue;
    await shop.asStore('POST', `/v1/projects/${project.id}/transitions`, { to });
  }
  const tracking = { number: '1Z999AA10123456784', url: 'https://track.example/1Z999AA10123456784', company: 'UPS' };
  const shipped = await shop.asStore('POST', `/v1/projects/${project.id}/transitions`, { to: 'shipped', note: 'sent with UPS', tracking });
  assert.equal(shipped.state, 'shipped');

  const admin = adminFetch(medusa.url, seed.secret_key);
  const fields = 'id,fulfillment_status,*items,*items.detail,*fulfillments,*fulfillments.items,*fulfillments.labels';
  const done = await until('the Medusa shipment', async () => {
    const { order: o } = await admin('GET', `/admin/orders/${order.id}?fields=${fields}`);
    // the fulfilment's shipped_at and the line's shipped quantity are written one after the other
    const lineShipped = Number(o.items.find((i) => i.id === line.id)?.detail?.shipped_quantity ?? 0);
    return o.fulfillments?.some((f) => f.shipped_at) && lineShipped > 0 ? o : null;
  });
  const fulfilment = done.fulfillments.find((f) => f.shipped_at);
  assert.deepEqual(fulfilment.items.map((i) => [i.line_item_id, Number(i.quantity)]), [[line.id, 250]]);
  assert.equal(fulfilment.labels[0].tracking_number, tracking.number);
  assert.equal(fulfilment.labels[0].tracking_url, tracking.url);
  const shippedQty = Object.fromEntries(done.items.map((i) => [i.id, Number(i.detail.shipped_quantity)]));
  assert.equal(shippedQty[line.id], 250);
  assert.equal(done.fulfillment_status, 'partially_shipped', 'the plain line is the shop\'s to ship');
});
