import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { transition } from '../orders/helpers.js';
import { createHmac } from 'node:crypto';
import { connect, hmacBase64, integrationsApp, orderProjects, projectDesigns, recordingShop, settled, shopperDesigns, uid, type Recorded } from './helpers.js';

const SECRET = 'shpss_test_app_secret';
const SHOP = 'folio-demo.myshopify.com';
const INSTALL_SHOP = 'folio-install.myshopify.com';
const INSTALL_SECRET = 'shpss_install_secret';
let t: TestApp;
let store: TestStore;
let shop: Awaited<ReturnType<typeof recordingShop>>;
let designs: string[];

/** The Admin GraphQL API as the fulfilment needs it: the order's fulfilment orders, then fulfillmentCreate. */
function adminApi(r: Recorded) {
  if (r.path === '/admin/oauth/access_token') {
    return r.body?.code === 'good-code' && r.body?.client_secret === INSTALL_SECRET ? { body: { access_token: 'shpat_from_install', scope: 'read_orders' } } : { status: 400, body: { error: 'invalid_request' } };
  }
  const q = String(r.body?.query ?? '');
  if (q.includes('fulfillmentOrders')) {
    return {
      body: {
        data: {
          order: {
            fulfillmentOrders: {
              nodes: [
                {
                  id: 'gid://shopify/FulfillmentOrder/1046000778',
                  status: 'OPEN',
                  lineItems: {
                    nodes: [
                      { id: 'gid://shopify/FulfillmentOrderLineItem/1001', remainingQuantity: 2, lineItem: { id: 'gid://shopify/LineItem/866550311766439020' } },
                      { id: 'gid://shopify/FulfillmentOrderLineItem/1002', remainingQuantity: 1, lineItem: { id: 'gid://shopify/LineItem/141249953214522974' } },
                      { id: 'gid://shopify/FulfillmentOrderLineItem/1003', remainingQuantity: 1, lineItem: { id: 'gid://shopify/LineItem/518995019' } },
                    ],
                  },
                },
              ],
            },
          },
        },
      },
    };
  }
  if (q.includes('fulfillmentCreate')) return { body: { data: { fulfillmentCreate: { fulfillment: { id: 'gid://shopify/Fulfillment/255858046', status: 'SUCCESS' }, userErrors: [] } } } };
  return { status: 400, body: { errors: 'unexpected query' } };
}

beforeAll(async () => {
  shop = await recordingShop(adminApi);
  ({ t, store } = await integrationsApp({ FOLIO_SHOPIFY_ADMIN_ORIGIN: shop.url }));
  designs = await shopperDesigns(t.app, store);
});
afterAll(async () => {
  await t.close();
  await shop.close();
});

/** An `orders/paid` payload in the shape of Shopify's docs: two personalised lines and a plain one. */
function paidOrder(orderId: string, designIds: string[]) {
  return {
    id: `#${orderId}#`,
    admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    name: '#1001',
    email: 'jon@example.com',
    financial_status: 'paid',
    currency: 'EUR',
    line_items: [
      {
        id: '#866550311766439020#',
        admin_graphql_api_id: 'gid://shopify/LineItem/866550311766439020',
        title: 'Business cards',
        quantity: 2,
        properties: [
          { name: '_folio_design_id', value: designIds[0] },
          { name: '_folio_preview_url', value: 'https://print.example.com/files/preview.png' },
        ],
      },
      { id: '#141249953214522974#', admin_graphql_api_id: 'gid://shopify/LineItem/141249953214522974', title: 'Flyer', quantity: 1, properties: [{ name: '_folio_design_id', value: designIds[1] }] },
      { id: '#518995019#', admin_graphql_api_id: 'gid://shopify/LineItem/518995019', title: 'Gift card', quantity: 1, properties: [] },
    ],
  };
}

/** The JSON Shopify sends: ids written `'#<digits>#'` here go out as bare numbers, some past 2^53 as in Shopify's own samples. */
function webhook(topic: string, payload: unknown, opts: { id?: string; secret?: string; shop?: string } = {}) {
  const body = JSON.stringify(payload).replace(/"#(\d+)#"/g, '$1');
  return t.app.inject({
    method: 'POST',
    url: '/v1/integrations/shopify/webhooks',
    headers: {
      'content-type': 'application/json',
      'x-shopify-topic': topic,
      'x-shopify-shop-domain': opts.shop ?? SHOP,
      'x-shopify-webhook-id': opts.id ?? uid(),
      'x-shopify-hmac-sha256': hmacBase64(opts.secret ?? SECRET, body),
      'x-shopify-api-version': '2025-10',
    },
    payload: body,
  });
}

describe('Shopify connection', () => {
  it('connects a store: secrets write-only, the store reads integration_type; validation, conflicts, auth and other tenants', async () => {
    const noToken = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/integrations`, headers: as.B(store), payload: { type: 'shopify', shop: SHOP, webhook_secret: SECRET } });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().error.access_token).toBeDefined();
    const badShop = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/integrations`, headers: as.B(store), payload: { type: 'shopify', shop: 'https://evil.example.com', webhook_secret: SECRET, access_token: 'shpat_x' } });
    expect(badShop.statusCode, badShop.body).toBe(400);
    expect(badShop.json().error.shop[0], badShop.body).toContain('myshopify.com');
    expect((await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/integrations`, payload: { type: 'shopify', shop: SHOP, webhook_secret: SECRET } })).statusCode).toBe(401);

    const made = await connect(t.app, store, { type: 'shopify', shop: `https://${SHOP.toUpperCase()}/`, webhook_secret: SECRET, access_token: 'shpat_0123456789' });
    expect(made).toMatchObject({ type: 'shopify', shop: SHOP, status: 'connected', webhook_url: 'http://folio.test/v1/integrations/shopify/webhooks', topics: ['orders/paid', 'orders/cancelled', 'app/uninstalled'] });
    expect(JSON.stringify(made)).not.toContain('shpat_');
    const sealed = await t.deps.database.db.selectFrom('store_integrations').select('secrets_enc').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(sealed.secrets_enc).not.toContain('shpat_');
    const read = (await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}`, headers: as.B(store) })).json().data;
    expect(read).toMatchObject({ integration_type: 'shopify', is_integrated: true });
    const list = (await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/integrations`, headers: as.JS(store) })).json().data;
    expect(list.map((i: { id: string }) => i.id)).toEqual([made.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/integrations/${made.id}`, headers: as.J(store.owner) })).json().data.id).toBe(made.id);

    // one shop per store, one store per shop
    expect((await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/integrations`, headers: as.B(store), payload: { type: 'woocommerce', shop: 'https://shop.example.com', webhook_secret: 'x', consumer_key: 'ck', consumer_secret: 'cs' } })).statusCode).toBe(409);
    const other = await createStore(t.app);
    expect((await t.app.inject({ method: 'POST', url: `/v1/stores/${other.id}/integrations`, headers: as.B(other), payload: { type: 'shopify', shop: SHOP, webhook_secret: SECRET, access_token: 'shpat_1' } })).statusCode).toBe(409);
    // another tenant's store and connection are 404, and the public token cannot read them
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/integrations`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${other.id}/integrations/${made.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/integrations/${made.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect([401, 403]).toContain((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/integrations`, headers: as.U(store) })).statusCode);
  });

  it("a product keeps the shop's products and variants it is (external_ids)", async () => {
    const product = (await t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { name: 'Mug' } })).json().data;
    expect(product.external_ids).toEqual([]);
    const ids = ['gid://shopify/Product/8123456789', 'gid://shopify/ProductVariant/44123456789'];
    const put = await t.app.inject({ method: 'PUT', url: `/v1/products/${product.id}`, headers: as.B(store), payload: { external_ids: ids } });
    expect(put.statusCode, put.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${product.id}`, headers: as.U(store) })).json().data.external_ids).toEqual(ids);
    const twice = await t.app.inject({ method: 'PUT', url: `/v1/products/${product.id}`, headers: as.B(store), payload: { external_ids: [ids[0], ids[0]] } });
    expect(twice.statusCode).toBe(400);
  });
});

describe('Shopify webhooks', () => {
  it('orders/paid: two personalised lines make two received projects with their designs; a retry, a bad signature and an unknown shop make nothing', async () => {
    const orderId = '820982911946154508';
    const id = uid();
    const first = await webhook('orders/paid', paidOrder(orderId, designs), { id });
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toMatchObject({ topic: 'orders/paid', duplicate: false });
    const projects = await orderProjects(t.app, store, `shopify:${orderId}`, 2);
    expect(projects.map((p) => p.external_ref).sort((a, b) => a.line_item_id.localeCompare(b.line_item_id))).toEqual([
      { source: 'shopify', order_id: orderId, line_item_id: '141249953214522974' },
      { source: 'shopify', order_id: orderId, line_item_id: '866550311766439020' },
    ]);
    const cards = projects.find((p) => p.external_ref.line_item_id === '866550311766439020');
    expect(cards).toMatchObject({ name: '#1001 · Business cards', quantity: 2, state: 'received', locked_at: expect.any(String) });
    // the shopper's design was copied into the order; the shopper's own stays theirs
    const copied = await projectDesigns(t.app, store, cards.id);
    expect(copied).toHaveLength(1);
    expect(copied[0].id).not.toBe(designs[0]);
    expect(copied[0].layers[0].text).toBe('Ada Lovelace');
    // the print file was started by receiving it
    const files = (await t.app.inject({ method: 'GET', url: `/v1/projects/${cards.id}/files`, headers: as.B(store) })).json().data;
    expect(files.map((f: { kind: string }) => f.kind)).toEqual(['print']);

    const again = await webhook('orders/paid', paidOrder(orderId, designs), { id });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.duplicate).toBe(true);
    const forged = await webhook('orders/paid', paidOrder('1111', designs), { secret: 'not the secret' });
    expect(forged.statusCode).toBe(401);
    const stranger = await webhook('orders/paid', paidOrder('2222', designs), { shop: 'someone-else.myshopify.com' });
    expect(stranger.statusCode).toBe(404);
    await settled(t);
    const all = (await t.app.inject({ method: 'GET', url: '/v1/projects?limit=100', headers: as.B(store) })).json().data;
    expect(all.filter((p: { external_ref: unknown }) => p.external_ref)).toHaveLength(2);
    // the same order again under a new delivery id (Shopify resends orders/paid) changes nothing either
    expect((await webhook('orders/paid', paidOrder(orderId, designs))).statusCode).toBe(202);
    await settled(t);
    expect((await orderProjects(t.app, store, `shopify:${orderId}`, 2)).map((p) => p.id).sort()).toEqual(projects.map((p) => p.id).sort());
    expect(await projectDesigns(t.app, store, cards.id)).toHaveLength(1);
  });

  it('a line whose design is not the store\'s goes on hold with a note; orders/cancelled cancels what is not printed', async () => {
    const orderId = '450789469';
    const stranger = '00000000-0000-4000-8000-000000000000';
    expect((await webhook('orders/paid', paidOrder(orderId, [designs[0]!, stranger]))).statusCode).toBe(202);
    await settled(t);
    const projects = (await t.app.inject({ method: 'GET', url: `/v1/projects?external_order=shopify:${orderId}`, headers: as.B(store) })).json().data;
    expect(projects.map((p: { state: string }) => p.state).sort()).toEqual(['on_hold', 'received']);
    const held = projects.find((p: { state: string }) => p.state === 'on_hold');
    const history = (await t.app.inject({ method: 'GET', url: `/v1/projects/${held.id}/history`, headers: as.B(store) })).json().data;
    expect(history[0].note).toContain(`the design ${stranger} on this line is not a design of this store`);

    expect((await webhook('orders/cancelled', { id: `#${orderId}#`, admin_graphql_api_id: `gid://shopify/Order/${orderId}`, name: '#1002', cancel_reason: 'customer' })).statusCode).toBe(202);
    await orderProjects(t.app, store, `shopify:${orderId}`, 2, 'cancelled');
  });

  it('the same order sent 20 times at once under different delivery ids: one project per line, each with one copy of its design', async () => {
    const orderId = '777000111';
    const sent = await Promise.all(Array.from({ length: 20 }, () => webhook('orders/paid', paidOrder(orderId, designs))));
    expect(sent.map((r) => r.statusCode)).toEqual(Array(20).fill(202));
    await settled(t);
    const projects = await orderProjects(t.app, store, `shopify:${orderId}`, 2);
    for (const p of projects) expect(await projectDesigns(t.app, store, p.id)).toHaveLength(1);
    const history = (await t.app.inject({ method: 'GET', url: `/v1/projects/${projects[0].id}/history`, headers: as.B(store) })).json().data;
    expect(history.map((h: { to: string }) => h.to)).toEqual(['received']);
  });

  it('a product with two sides: the line lists both designs (_folio_design_ids) and the project gets both, in order', async () => {
    const orderId = '5012345678901';
    const order = {
      id: `#${orderId}#`,
      admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
      name: '#1003',
      line_items: [{ id: '#13012345678901#', admin_graphql_api_id: 'gid://shopify/LineItem/13012345678901', title: 'Folded card', quantity: 1, properties: [{ name: '_folio_design_id', value: designs[0] }, { name: '_folio_design_ids', value: `${designs[0]},${designs[1]}` }] }],
    };
    expect((await webhook('orders/paid', order)).statusCode).toBe(202);
    const [project] = await orderProjects(t.app, store, `shopify:${orderId}`, 1);
    const copies = (await t.app.inject({ method: 'GET', url: `/v1/projects/${project.id}/designs?include=none&sort_by=created_date&sort_order=asc`, headers: as.B(store) })).json().data;
    expect(copies.map((d: { layers: Array<{ text: string }> }) => d.layers[0]!.text).sort()).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const snap = (await t.app.inject({ method: 'GET', url: `/v1/projects/${project.id}/snapshot`, headers: as.B(store) })).json().data;
    expect(snap.pages).toHaveLength(2);
  });

  it('a shipped line becomes a Shopify fulfilment with its tracking, through the Admin GraphQL API', async () => {
    const orderId = '820982911946154508';
    const cards = (await orderProjects(t.app, store, `shopify:${orderId}`, 2)).find((p) => p.external_ref.line_item_id === '866550311766439020');
    for (const to of ['approved', 'in_production', 'printed']) expect((await transition(t.app, store, cards.id, to)).statusCode).toBe(200);
    const wrong = await t.app.inject({ method: 'POST', url: `/v1/projects/${cards.id}/transitions`, headers: as.B(store), payload: { to: 'printed', tracking: { number: 'x' } } });
    expect(wrong.statusCode).toBe(400);
    const shipped = await t.app.inject({ method: 'POST', url: `/v1/projects/${cards.id}/transitions`, headers: as.B(store), payload: { to: 'shipped', tracking: { number: '1Z999AA10123456784', company: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' } } });
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(shipped.json().data.tracking).toEqual({ number: '1Z999AA10123456784', company: 'UPS', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' });
    const created = await waitFor(async () => shop.requests.find((r) => String(r.body?.query).includes('fulfillmentCreate')), 'fulfillmentCreate', 20_000, 50);
    const read = shop.requests.find((r) => String(r.body?.query).includes('fulfillmentOrders'))!;
    expect(read.path).toBe('/admin/api/2025-10/graphql.json');
    expect(read.headers['x-shopify-access-token']).toBe('shpat_0123456789');
    expect(read.body.variables).toEqual({ id: `gid://shopify/Order/${orderId}` });
    expect(created.body.variables.fulfillment).toEqual({
      lineItemsByFulfillmentOrder: [{ fulfillmentOrderId: 'gid://shopify/FulfillmentOrder/1046000778', fulfillmentOrderLineItems: [{ id: 'gid://shopify/FulfillmentOrderLineItem/1001', quantity: 2 }] }],
      notifyCustomer: true,
      trackingInfo: { number: '1Z999AA10123456784', url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', company: 'UPS' },
    });
    await settled(t);
  });

  it('app/uninstalled marks the connection; later orders are ignored; disconnecting erases it', async () => {
    expect((await webhook('app/uninstalled', { id: 548380009, domain: SHOP })).statusCode).toBe(202);
    const conn = await waitFor(async () => {
      const c = (await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/integrations`, headers: as.B(store) })).json().data[0];
      return c.status === 'uninstalled' ? c : undefined;
    }, 'uninstalled');
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}`, headers: as.B(store) })).json().data).toMatchObject({ integration_type: 'shopify', is_integrated: false });
    const ignored = await webhook('orders/paid', paidOrder('99', designs));
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data.ignored).toContain('uninstalled');
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/integrations/${conn.id}`, headers: as.B(store) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}`, headers: as.B(store) })).json().data).toMatchObject({ integration_type: null, is_integrated: false });
    expect((await webhook('orders/paid', paidOrder('100', designs))).statusCode).toBe(404);
  });
});

/** Shopify's signature of an app URL's query (hex HMAC of the sorted parameters). */
function signedQuery(params: Record<string, string>, secret = INSTALL_SECRET): string {
  const message = Object.keys(params).sort().map((k) => `${k}=${params[k]}`).join('&');
  return new URLSearchParams({ ...params, hmac: createHmac('sha256', secret).update(message).digest('hex') }).toString();
}

describe('Shopify app install (authorization code grant)', () => {
  it('a connection with client_id waits for the install, which trades the code for the token; forged or stale answers are refused', async () => {
    const other = await createStore(t.app);
    const made = await connect(t.app, other, { type: 'shopify', shop: INSTALL_SHOP, webhook_secret: INSTALL_SECRET, client_id: 'client-123' });
    expect(made).toMatchObject({ status: 'awaiting_install', install_url: `http://folio.test/integrations/shopify/install?shop=${INSTALL_SHOP}` });
    // opened by Shopify after the install (signed query): to the shop's consent page
    const start = await t.app.inject({ method: 'GET', url: `/integrations/shopify/install?${signedQuery({ shop: INSTALL_SHOP, timestamp: String(Math.floor(Date.now() / 1000)), host: 'YWRtaW4' })}` });
    expect(start.statusCode).toBe(302);
    const to = new URL(start.headers.location as string);
    expect(`${to.origin}${to.pathname}`).toBe(`https://${INSTALL_SHOP}/admin/oauth/authorize`);
    expect(Object.fromEntries(to.searchParams)).toMatchObject({ client_id: 'client-123', redirect_uri: 'http://folio.test/integrations/shopify/callback', scope: expect.stringContaining('write_merchant_managed_fulfillment_orders') });
    const state = to.searchParams.get('state')!;
    expect((await t.app.inject({ method: 'GET', url: `/integrations/shopify/install?${signedQuery({ shop: INSTALL_SHOP }, 'wrong')}` })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/integrations/shopify/install?shop=nobody.myshopify.com' })).statusCode).toBe(404);

    // the shop's answer: a forged signature, a tampered state and a refused code change nothing
    const callback = (params: Record<string, string>, secret?: string) => t.app.inject({ method: 'GET', url: `/integrations/shopify/callback?${signedQuery({ shop: INSTALL_SHOP, timestamp: '1764230400', ...params }, secret)}` });
    expect((await callback({ code: 'good-code', state }, 'wrong')).statusCode).toBe(401);
    expect((await callback({ code: 'good-code', state: `${state.slice(0, -2)}xx` })).statusCode).toBe(400);
    const refused = await callback({ code: 'bad-code', state });
    expect(refused.statusCode).toBe(502);
    expect(refused.body).toContain('could not be installed');
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${other.id}/integrations/${made.id}`, headers: as.B(other) })).json().data.status).toBe('awaiting_install');

    const done = await callback({ code: 'good-code', state });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.headers['content-type']).toContain('text/html');
    expect(done.body).toContain('Folio is connected to your shop');
    const exchange = shop.requests.filter((r) => r.path === '/admin/oauth/access_token').at(-1)!;
    expect(exchange.body).toEqual({ client_id: 'client-123', client_secret: INSTALL_SECRET, code: 'good-code' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${other.id}/integrations/${made.id}`, headers: as.B(other) })).json().data.status).toBe('connected');
    const sealed = await t.deps.database.db.selectFrom('store_integrations').select('secrets_enc').where('id', '=', made.id).executeTakeFirstOrThrow();
    expect(sealed.secrets_enc).not.toContain('shpat_from_install');

    // the token the install brought is the one the fulfilments use
    const [design] = await shopperDesigns(t.app, other);
    const order = { id: '#9001#', admin_graphql_api_id: 'gid://shopify/Order/9001', name: '#9001', line_items: [{ id: '#866550311766439020#', admin_graphql_api_id: 'gid://shopify/LineItem/866550311766439020', title: 'Cards', quantity: 2, properties: [{ name: '_folio_design_id', value: design }] }] };
    const body = JSON.stringify(order).replace(/"#(\d+)#"/g, '$1');
    const paid = await t.app.inject({ method: 'POST', url: '/v1/integrations/shopify/webhooks', headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-shop-domain': INSTALL_SHOP, 'x-shopify-webhook-id': uid(), 'x-shopify-hmac-sha256': hmacBase64(INSTALL_SECRET, body) }, payload: body });
    expect(paid.statusCode).toBe(202);
    const [project] = await orderProjects(t.app, other, 'shopify:9001', 1);
    for (const to of ['approved', 'in_production', 'printed', 'shipped']) expect((await transition(t.app, other, project.id, to)).statusCode).toBe(200);
    const sent = await waitFor(async () => shop.requests.find((r) => r.headers['x-shopify-access-token'] === 'shpat_from_install'), 'a call with the installed token', 20_000, 50);
    expect(sent.path).toBe('/admin/api/2025-10/graphql.json');
    await settled(t);
  });
});
