import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { transition } from '../orders/helpers.js';
import { connect, hmacBase64, integrationsApp, orderProjects, projectDesigns, recordingShop, settled, shopperDesigns, uid } from './helpers.js';

const SECRET = 'wc-webhook-secret';
let t: TestApp;
let store: TestStore;
let shop: Awaited<ReturnType<typeof recordingShop>>;
let designs: string[];

beforeAll(async () => {
  // the shop's REST API: notes and order updates answered as WooCommerce does
  shop = await recordingShop((r) => (r.path.endsWith('/notes') ? { status: 201, body: { id: 281, note: r.body.note, customer_note: true } } : { body: { id: 727, status: r.body?.status } }));
  ({ t, store } = await integrationsApp());
  designs = await shopperDesigns(t.app, store);
  await connect(t.app, store, { type: 'woocommerce', shop: `${shop.url}/`, webhook_secret: SECRET, consumer_key: 'ck_live', consumer_secret: 'cs_live' });
});
afterAll(async () => {
  await t.close();
  await shop.close();
});

/** A WooCommerce REST v3 order as its webhooks send it: two personalised lines (order-item meta) and a plain one. */
function order(id: number, status: string, designIds: string[]) {
  return {
    id,
    number: String(id),
    status,
    currency: 'EUR',
    billing: { first_name: 'Ada', email: 'ada@example.com' },
    line_items: [
      { id: 315, name: 'Business cards', product_id: 93, quantity: 3, meta_data: [{ id: 4001, key: '_folio_design_id', value: designIds[0] }, { id: 4002, key: '_folio_preview_url', value: 'https://print.example.com/p.png' }] },
      { id: 316, name: 'Flyer', product_id: 94, quantity: 1, meta_data: [{ id: 4003, key: '_folio_design_id', value: designIds[1] }] },
      { id: 317, name: 'Mug', product_id: 95, quantity: 1, meta_data: [] },
    ],
  };
}

function webhook(topic: string, payload: unknown, opts: { delivery?: string; secret?: string; source?: string } = {}) {
  const body = JSON.stringify(payload);
  return t.app.inject({
    method: 'POST',
    url: '/v1/integrations/woocommerce/webhooks',
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-source': opts.source ?? `${shop.url}/`,
      'x-wc-webhook-topic': topic,
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': topic.split('.')[1]!,
      'x-wc-webhook-id': '12',
      'x-wc-webhook-delivery-id': opts.delivery ?? uid(),
      'x-wc-webhook-signature': hmacBase64(opts.secret ?? SECRET, body),
    },
    payload: body,
  });
}

describe('WooCommerce webhooks', () => {
  it("answers WooCommerce's unsigned ping when the webhook is created", async () => {
    const ping = await t.app.inject({ method: 'POST', url: '/v1/integrations/woocommerce/webhooks', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'webhook_id=12' });
    expect(ping.statusCode).toBe(200);
    expect(ping.json().data.topic).toBe('ping');
  });

  it('order.updated processing: two received projects; a pending order waits; the same delivery again and a bad signature make nothing', async () => {
    const pending = await webhook('order.created', order(727, 'pending', designs));
    expect(pending.statusCode).toBe(202);
    await settled(t);
    expect((await t.app.inject({ method: 'GET', url: '/v1/projects?external_order=woocommerce:727', headers: as.B(store) })).json().data).toEqual([]);

    const delivery = uid();
    expect((await webhook('order.updated', order(727, 'processing', designs), { delivery })).statusCode).toBe(202);
    const projects = await orderProjects(t.app, store, 'woocommerce:727', 2);
    expect(projects.map((p) => p.external_ref.line_item_id).sort()).toEqual(['315', '316']);
    expect(projects.find((p) => p.external_ref.line_item_id === '315')).toMatchObject({ name: '#727 · Business cards', quantity: 3, external_ref: { source: 'woocommerce', order_id: '727', line_item_id: '315' } });
    for (const p of projects) expect(await projectDesigns(t.app, store, p.id)).toHaveLength(1);

    const again = await webhook('order.updated', order(727, 'processing', designs), { delivery });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.duplicate).toBe(true);
    // a later update (completed in the shop) under a new delivery: still the same two projects
    expect((await webhook('order.updated', order(727, 'completed', designs))).statusCode).toBe(202);
    const forged = await webhook('order.updated', order(728, 'processing', designs), { secret: 'wrong' });
    expect(forged.statusCode).toBe(401);
    expect((await webhook('order.updated', order(729, 'processing', designs), { source: 'https://unknown-shop.example.com/' })).statusCode).toBe(404);
    await settled(t);
    const all = (await t.app.inject({ method: 'GET', url: '/v1/projects?limit=100', headers: as.B(store) })).json().data;
    expect(all.filter((p: { external_ref: unknown }) => p.external_ref).map((p: { id: string }) => p.id).sort()).toEqual(projects.map((p) => p.id).sort());
  });

  it('a shipped line adds a customer note; the last line shipped completes the order (REST v3, Basic auth)', async () => {
    const projects = await orderProjects(t.app, store, 'woocommerce:727', 2);
    const [first, second] = projects.sort((a, b) => a.external_ref.line_item_id.localeCompare(b.external_ref.line_item_id));
    const ship = async (id: string, tracking?: Record<string, string>) => {
      for (const to of ['approved', 'in_production', 'printed']) expect((await transition(t.app, store, id, to)).statusCode).toBe(200);
      const res = await t.app.inject({ method: 'POST', url: `/v1/projects/${id}/transitions`, headers: as.B(store), payload: { to: 'shipped', ...(tracking ? { tracking } : {}) } });
      expect(res.statusCode, res.body).toBe(200);
    };
    await ship(first.id, { number: '00340434161094042557', company: 'DHL' });
    const note = await waitFor(async () => shop.requests.find((r) => r.path === '/wp-json/wc/v3/orders/727/notes'), 'the order note', 20_000, 50);
    expect(note.method).toBe('POST');
    expect(note.headers.authorization).toBe(`Basic ${Buffer.from('ck_live:cs_live').toString('base64')}`);
    expect(note.body).toMatchObject({ customer_note: true });
    expect(note.body.note).toContain('Tracking: DHL 00340434161094042557');
    await settled(t);
    expect(shop.requests.filter((r) => r.method === 'PUT')).toEqual([]);
    await ship(second.id);
    const done = await waitFor(async () => shop.requests.find((r) => r.method === 'PUT'), 'the order completed', 20_000, 50);
    expect(done).toMatchObject({ path: '/wp-json/wc/v3/orders/727', body: { status: 'completed' } });
    await settled(t);
  });

  it('order.updated cancelled cancels the projects of the order', async () => {
    expect((await webhook('order.updated', order(730, 'processing', designs))).statusCode).toBe(202);
    await orderProjects(t.app, store, 'woocommerce:730', 2);
    expect((await webhook('order.updated', order(730, 'cancelled', designs))).statusCode).toBe(202);
    await orderProjects(t.app, store, 'woocommerce:730', 2, 'cancelled');
  });
});
