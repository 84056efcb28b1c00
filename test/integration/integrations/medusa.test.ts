import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { signOne } from '../../../src/modules/webhooks/signature.js';
import { transition } from '../orders/helpers.js';
import { connect, integrationsApp, orderProjects, recordingShop, settled, shopperDesigns, uid } from './helpers.js';

const SECRET = 'medusa-plugin-secret';
let t: TestApp;
let store: TestStore;
let shop: Awaited<ReturnType<typeof recordingShop>>;
let designs: string[];
let integrationId: string;

beforeAll(async () => {
  // the Admin API: a fulfilment of the line, then its shipment
  shop = await recordingShop((r) =>
    r.path.endsWith('/shipments')
      ? { body: { order: { id: 'order_01J' } } }
      : { body: { order: { id: 'order_01J', fulfillments: [{ id: 'ful_01', created_at: '2026-11-27T10:00:00Z', shipped_at: null, items: [{ line_item_id: 'ordli_01A', quantity: 2 }] }] } } },
  );
  ({ t, store } = await integrationsApp());
  designs = await shopperDesigns(t.app, store);
  integrationId = (await connect(t.app, store, { type: 'medusa', shop: shop.url, webhook_secret: SECRET, api_key: 'sk_test_medusa' })).id;
});
afterAll(async () => {
  await t.close();
  await shop.close();
});

function webhook(payload: unknown, opts: { id?: string; secret?: string; at?: number } = {}) {
  const body = JSON.stringify(payload);
  const id = opts.id ?? uid();
  const ts = opts.at ?? Math.floor(Date.now() / 1000);
  const key = `whsec_${Buffer.from(opts.secret ?? SECRET).toString('base64')}`;
  return t.app.inject({
    method: 'POST',
    url: '/v1/integrations/medusa/webhooks',
    headers: { 'content-type': 'application/json', 'x-folio-integration': integrationId, 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': signOne(key, id, ts, body) },
    payload: body,
  });
}

const placed = (orderId: string) => ({
  topic: 'order.placed',
  order: {
    id: orderId,
    display_id: 42,
    items: [
      { id: 'ordli_01A', title: 'Business cards', quantity: 2, metadata: { _folio_design_id: designs[0] } },
      { id: 'ordli_01B', title: 'T-shirt', quantity: 1, metadata: {} },
    ],
  },
});

describe('Medusa webhooks (the Folio plugin)', () => {
  it('order.placed makes a received project per personalised line; replays, stale and forged signatures make nothing', async () => {
    const id = uid();
    expect((await webhook(placed('order_01J'), { id })).statusCode).toBe(202);
    const [project] = await orderProjects(t.app, store, 'medusa:order_01J', 1);
    expect(project).toMatchObject({ name: '#42 · Business cards', quantity: 2, external_ref: { source: 'medusa', order_id: 'order_01J', line_item_id: 'ordli_01A' } });
    expect((await webhook(placed('order_01J'), { id })).json().data.duplicate).toBe(true);
    expect((await webhook(placed('order_02'), { secret: 'nope' })).statusCode).toBe(401);
    expect((await webhook(placed('order_03'), { at: Math.floor(Date.now() / 1000) - 3600 })).statusCode).toBe(401);
    await settled(t);
    expect((await t.app.inject({ method: 'GET', url: '/v1/projects?limit=100', headers: as.B(store) })).json().data.filter((p: { external_ref: unknown }) => p.external_ref)).toHaveLength(1);
  });

  it('a shipped line becomes a Medusa fulfilment and its shipment with the tracking label', async () => {
    const [project] = await orderProjects(t.app, store, 'medusa:order_01J', 1);
    for (const to of ['approved', 'in_production', 'printed']) expect((await transition(t.app, store, project.id, to)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: `/v1/projects/${project.id}/transitions`, headers: as.B(store), payload: { to: 'shipped', tracking: { number: 'JJD000390007', url: 'https://track.example.com/JJD000390007' } } });
    expect(res.statusCode, res.body).toBe(200);
    const shipment = await waitFor(async () => shop.requests.find((r) => r.path.endsWith('/shipments')), 'the shipment', 20_000, 50);
    // the fields ask for the order's fulfilments: Medusa's answer has none without them
    const fulfilment = shop.requests.find((r) => r.path === '/admin/orders/order_01J/fulfillments?fields=id,*fulfillments,*fulfillments.items')!;
    expect(fulfilment.headers.authorization).toBe(`Basic ${Buffer.from('sk_test_medusa:').toString('base64')}`);
    expect(fulfilment.body).toEqual({ items: [{ id: 'ordli_01A', quantity: 2 }] });
    expect(shipment.path).toBe('/admin/orders/order_01J/fulfillments/ful_01/shipments');
    expect(shipment.body).toEqual({ items: [{ id: 'ordli_01A', quantity: 2 }], labels: [{ tracking_number: 'JJD000390007', tracking_url: 'https://track.example.com/JJD000390007', label_url: 'https://track.example.com/JJD000390007' }] });
    await settled(t);
  });

  it('order.canceled cancels the projects of the order', async () => {
    expect((await webhook(placed('order_04'))).statusCode).toBe(202);
    await orderProjects(t.app, store, 'medusa:order_04', 1);
    expect((await webhook({ topic: 'order.canceled', order: { id: 'order_04', display_id: 43 } })).statusCode).toBe(202);
    await orderProjects(t.app, store, 'medusa:order_04', 1, 'cancelled');
  });
});
