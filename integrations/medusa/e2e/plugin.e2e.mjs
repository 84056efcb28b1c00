// The plugin inside a real Medusa (fresh PostgreSQL database, migrations, seed, `medusa start`),
// posting to a local receiver that checks the signature: a storefront order with a personalised
// line reaches it signed (after a 503 the plugin retries), a plain order sends nothing, a
// cancelled order sends order.canceled, and the Admin API calls Folio makes on `shipped`
// (fulfilment, then shipment, with the secret API key) work on the order; the Admin route that
// sends an order again delivers it under a new message id.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { adminFetch, dropDatabase, prepareMedusa, startMedusa } from './lib/medusa.mjs';
import { startReceiver } from './lib/receiver.mjs';
import { placeOrder, storefront } from './lib/storefront.mjs';

const DB = 'folio_medusa_e2e_plugin';
const PORT = Number(process.env.MEDUSA_E2E_PORT ?? 4710);
const secret = 'e2e-webhook-secret';
const integrationId = 'int_e2e_receiver';
let receiver;
let medusa;
let seed;
let sdk;
let admin;

async function until(what, fn, timeoutMs = 60_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (Array.isArray(v) ? v.length > 0 : v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}\n${medusa?.logs().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

before(async () => {
  receiver = await startReceiver({ secret, integrationId, statuses: [503] });
  const prepared = await prepareMedusa(DB);
  seed = prepared.seed;
  medusa = await startMedusa({ databaseUrl: prepared.databaseUrl, port: PORT, folio: { url: receiver.url, integrationId, webhookSecret: secret } });
  sdk = storefront(medusa.url, seed.publishable_key);
  admin = adminFetch(medusa.url, seed.secret_key);
});

after(async () => {
  await medusa?.stop();
  await receiver?.close();
  if (!process.env.MEDUSA_E2E_KEEP_DB) await dropDatabase(DB);
});

let placed;
const designId = randomUUID();

test('a plain order sends nothing; an order with a personalised line reaches Folio signed, retried after a 503', async () => {
  const plain = await placeOrder(sdk, seed, [{ variant_id: seed.plain_variant_id, quantity: 1 }]);
  placed = await placeOrder(sdk, seed, [
    { variant_id: seed.variant_id, quantity: 2, metadata: { _folio_design_id: designId } },
    { variant_id: seed.plain_variant_id, quantity: 1 },
  ]);
  const delivered = await until('the order.placed webhook', () => receiver.received.filter((r) => r.body?.order?.id === placed.id && r.status === 200));
  assert.ok(delivered[0].signed && delivered[0].forUs);
  const attempts = receiver.received.filter((r) => r.body?.order?.id === placed.id);
  assert.equal(attempts.length, 2, 'first attempt answered 503, the second delivered');
  assert.equal(attempts[0].headers['webhook-id'], attempts[1].headers['webhook-id']);
  const body = delivered[0].body;
  assert.equal(body.topic, 'order.placed');
  assert.equal(body.order.display_id, placed.display_id);
  const personalised = body.order.items.find((i) => i.metadata._folio_design_id === designId);
  const mine = placed.items.find((i) => i.metadata?._folio_design_id === designId);
  assert.equal(personalised.id, mine.id);
  assert.equal(personalised.quantity, 2);
  assert.equal(personalised.title, 'Business cards');
  assert.equal(body.order.items.length, 2);
  await new Promise((r) => setTimeout(r, 1000));
  assert.equal(receiver.received.filter((r) => r.body?.order?.id === plain.id).length, 0, 'the plain order is not sent');
});

test("Folio's status back: fulfilment and shipment through the Admin API with the secret key", async () => {
  const line = placed.items.find((i) => i.metadata?._folio_design_id === designId);
  const { order } = await admin('POST', `/admin/orders/${placed.id}/fulfillments?fields=id,*fulfillments`, { items: [{ id: line.id, quantity: line.quantity }] });
  const fulfillment = order.fulfillments?.at(-1);
  assert.ok(fulfillment?.id);
  const labels = [{ tracking_number: '1Z999AA10123456784', tracking_url: 'https://track.example/1Z999AA10123456784', label_url: 'https://track.example/label' }];
  await admin('POST', `/admin/orders/${placed.id}/fulfillments/${fulfillment.id}/shipments`, { items: [{ id: line.id, quantity: line.quantity }], labels });
  const after = await admin('GET', `/admin/orders/${placed.id}?fields=id,fulfillment_status,*items,*items.detail,*fulfillments,*fulfillments.labels`);
  assert.equal(after.order.fulfillment_status, 'partially_shipped');
  const shippedQty = Object.fromEntries(after.order.items.map((i) => [i.id, i.detail.shipped_quantity]));
  assert.deepEqual(shippedQty, Object.fromEntries(placed.items.map((i) => [i.id, i.id === line.id ? 2 : 0])), 'the personalised line shipped; the plain one waits');
  const shipped = after.order.fulfillments.find((f) => f.id === fulfillment.id);
  assert.ok(shipped.shipped_at);
  assert.equal(shipped.labels[0].tracking_number, '1Z999AA10123456784');
});

test('an order is sent again by hand: POST /admin/folio/orders/{id}/send (admin auth)', async () => {
  const before = receiver.received.length;
  const sent = await admin('POST', `/admin/folio/orders/${placed.id}/send`, {});
  assert.deepEqual({ ...sent, folio: undefined }, {
    order_id: placed.id, personalised_lines: 1, sent: true, delivered: true, folio_status: 200, attempts: 1, folio: undefined, error: null,
  });
  const again = receiver.received.slice(before);
  assert.equal(again.length, 1);
  assert.equal(again[0].signed, true);
  assert.equal(again[0].body.topic, 'order.placed');
  assert.match(again[0].headers['webhook-id'], new RegExp(`^msg_medusa_order_placed_${placed.id}_resend_\\d+$`));
  const anonymous = await fetch(`${medusa.url}/admin/folio/orders/${placed.id}/send`, { method: 'POST' });
  assert.equal(anonymous.status, 401);
  await assert.rejects(admin('POST', `/admin/folio/orders/${placed.id}/send`, { topic: 'order.shipped' }), /→ 400/);
  await assert.rejects(admin('POST', '/admin/folio/orders/order_missing/send', {}), /→ 404/);
});

test('a cancelled order with a personalised line sends order.canceled', async () => {
  const order = await placeOrder(sdk, seed, [{ variant_id: seed.variant_id, quantity: 1, metadata: { _folio_design_id: randomUUID() } }]);
  await until('its order.placed', () => receiver.received.find((r) => r.body?.order?.id === order.id && r.body.topic === 'order.placed'));
  await admin('POST', `/admin/orders/${order.id}/cancel`);
  const canceled = await until('the order.canceled webhook', () => receiver.received.find((r) => r.body?.order?.id === order.id && r.body.topic === 'order.canceled'));
  assert.equal(canceled.signed, true);
  assert.equal(canceled.headers['webhook-id'], `msg_medusa_order_canceled_${order.id}`);
  // sent again by hand, a cancelled order is sent as cancelled
  const sent = await admin('POST', `/admin/folio/orders/${order.id}/send`, {});
  assert.equal(sent.delivered, true);
  assert.equal(receiver.received.at(-1).body.topic, 'order.canceled');
});
