import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultId } from '../../../src/modules/catalog/defaults.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { accountKey, asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { createProduct, createSide, multipart, png, post } from './helpers.js';

/**
 * The API-key (K) cases of every catalog route, table-driven. The routes come from the
 * served OpenAPI document (every operation tagged `Catalog: …`) with their credential kinds
 * and scope, so a new catalog route fails this test until it has a row below. For each:
 * a store secret key holding just the route's scope succeeds; one holding the other catalog
 * scopes gets 403 insufficient_scope; a publishable key reads but is refused writes (403);
 * an account key reaches the store only when it names it with X-Service-Store-Sid.
 */
const require = createRequire(import.meta.url);
const LORA = fs.readFileSync(require.resolve('@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf'));
const CATALOG_SCOPES = ['catalog:read', 'catalog:write', 'assets:write'] as const;
type Scope = (typeof CATALOG_SCOPES)[number];

interface Req {
  url: string;
  payload?: unknown;
  /** multipart parts instead of a JSON payload */
  parts?: Parameters<typeof multipart>[0];
}

let t: TestApp;
let store: TestStore;
let origin: http.Server;
let fontUrl = '';
beforeAll(async () => {
  origin = http.createServer((_req, res) => void res.writeHead(200, { 'content-type': 'font/ttf' }).end(LORA));
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  fontUrl = `http://127.0.0.1:${(origin.address() as AddressInfo).port}/lora.ttf`;
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
  // API keys need the advanced tier.
  store = await storeOn(t, 'advanced');
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => origin.close(r));
});

const B = () => as.B(store);
const file = async (name = 'file') => ({ name, filename: 'a.png', body: await png(24, 16) });
const uploadB = async (url: string, parts: Parameters<typeof multipart>[0]) => {
  const m = multipart(parts);
  const res = await t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...B(), ...m.headers } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

/** Fresh store resources, made with the store key. */
const make = {
  product: () => createProduct(t.app, store),
  side: async () => createSide(t.app, store, (await make.product()).id),
  template: async () => post(t.app, store, '/v1/templates', { side_id: (await make.side()).id, name: 'T' }),
  category: () => post(t.app, store, '/v1/storages', { name: 'Cat' }),
  clipartStorage: () => post(t.app, store, '/v1/clipart-storages', { name: 'Clip cat' }),
  image: async () => uploadB('/v1/images', [await file()]),
  clipart: async (storage?: string) => uploadB('/v1/cliparts', [await file(), ...(storage ? [{ name: 'storages[]', value: storage }] : [])]),
  font: async () => uploadB('/v1/fonts/upload', [{ name: 'file', filename: 'f.ttf', body: LORA }]),
};

type Fixtures = Record<'product' | 'side' | 'template' | 'category' | 'clipartStorage' | 'image' | 'clipart' | 'font', { id: string }>;

/** One request per route that succeeds for a credential holding the route's scope; DELETEs make what they delete. */
const ROUTES: Record<string, (fx: Fixtures) => Promise<Req> | Req> = {
  'GET /v1/storages': () => ({ url: '/v1/storages' }),
  'POST /v1/storages': () => ({ url: '/v1/storages', payload: { name: 'New' } }),
  'GET /v1/storages/default': () => ({ url: '/v1/storages/default' }),
  'GET /v1/storages/count': () => ({ url: '/v1/storages/count' }),
  'GET /v1/storages/{storage}': (fx) => ({ url: `/v1/storages/${fx.category.id}` }),
  'PUT /v1/storages/{storage}': (fx) => ({ url: `/v1/storages/${fx.category.id}`, payload: { name: 'Renamed' } }),

  'POST /v1/images': async () => ({ url: '/v1/images', parts: [await file()] }),
  'GET /v1/images': () => ({ url: '/v1/images' }),
  'POST /v1/images/batch': async () => ({ url: '/v1/images/batch', parts: [await file('files[]'), await file('files[]')] }),
  'GET /v1/images/count': () => ({ url: '/v1/images/count' }),
  'GET /v1/images/{id}': (fx) => ({ url: `/v1/images/${fx.image.id}` }),
  'DELETE /v1/images/{id}': async () => ({ url: `/v1/images/${(await make.image()).id}` }),

  'GET /v1/cliparts': () => ({ url: '/v1/cliparts' }),
  'POST /v1/cliparts': async () => ({ url: '/v1/cliparts', parts: [await file()] }),
  'POST /v1/clipart/batch': async () => ({ url: '/v1/clipart/batch', parts: [await file('files[]')] }),
  'GET /v1/cliparts/default': () => ({ url: '/v1/cliparts/default' }),
  'GET /v1/cliparts/mine': () => ({ url: '/v1/cliparts/mine' }),
  'GET /v1/cliparts/global': () => ({ url: '/v1/cliparts/global' }),
  'GET /v1/cliparts/count': () => ({ url: '/v1/cliparts/count' }),
  'GET /v1/cliparts/default/count': () => ({ url: '/v1/cliparts/default/count' }),
  'GET /v1/cliparts/{clipart}': (fx) => ({ url: `/v1/cliparts/${fx.clipart.id}` }),
  'PUT /v1/cliparts/{clipart}': (fx) => ({ url: `/v1/cliparts/${fx.clipart.id}`, payload: { name: 'Renamed' } }),
  'DELETE /v1/cliparts/{clipart}': async () => ({ url: `/v1/cliparts/${(await make.clipart()).id}` }),

  'POST /v1/clipart-storages': () => ({ url: '/v1/clipart-storages', payload: { name: 'New' } }),
  'GET /v1/clipart-storages': () => ({ url: '/v1/clipart-storages' }),
  'GET /v1/clipart-storages/default': () => ({ url: '/v1/clipart-storages/default' }),
  'DELETE /v1/clipart-storages/{id}': async () => ({ url: `/v1/clipart-storages/${(await make.clipartStorage()).id}` }),
  'GET /v1/clipart-storages/{id}/cliparts': (fx) => ({ url: `/v1/clipart-storages/${fx.clipartStorage.id}/cliparts` }),
  'GET /v1/clipart-storages/{id}/cliparts/count': (fx) => ({ url: `/v1/clipart-storages/${fx.clipartStorage.id}/cliparts/count` }),
  'GET /v1/clipart-storages/{id}/cliparts-default': () => ({ url: `/v1/clipart-storages/${defaultId('category:shapes')}/cliparts-default` }),
  'GET /v1/clipart-storages/{id}/cliparts-default/count': () => ({ url: `/v1/clipart-storages/${defaultId('category:shapes')}/cliparts-default/count` }),
  'GET /v1/clipart-storages/{id}/storages': (fx) => ({ url: `/v1/clipart-storages/${fx.clipart.id}/storages` }),
  'GET /v1/clipart-storages/{id}/storages-default': () => ({ url: `/v1/clipart-storages/${defaultId('clipart:star.svg')}/storages-default` }),

  'POST /v1/fonts': () => ({ url: '/v1/fonts', payload: { name: 'Lora', url: fontUrl } }),
  'GET /v1/fonts': () => ({ url: '/v1/fonts' }),
  'POST /v1/fonts/upload': () => ({ url: '/v1/fonts/upload', parts: [{ name: 'file', filename: 'f.ttf', body: LORA }] }),
  'GET /v1/fonts/default': () => ({ url: '/v1/fonts/default' }),
  'GET /v1/fonts/count': () => ({ url: '/v1/fonts/count' }),
  'GET /v1/fonts/default/count': () => ({ url: '/v1/fonts/default/count' }),
  'GET /v1/fonts/{id}': (fx) => ({ url: `/v1/fonts/${fx.font.id}` }),
  'PUT /v1/fonts/{id}': (fx) => ({ url: `/v1/fonts/${fx.font.id}`, payload: { name: 'Renamed' } }),
  'DELETE /v1/fonts/{id}': async () => ({ url: `/v1/fonts/${(await make.font()).id}` }),

  'POST /v1/products': () => ({ url: '/v1/products', payload: { name: 'New' } }),
  'GET /v1/products': () => ({ url: '/v1/products' }),
  'GET /v1/products/count': () => ({ url: '/v1/products/count' }),
  'POST /v1/products/batch': () => ({ url: '/v1/products/batch', payload: { products: [{ name: 'A' }, { name: 'B' }] } }),
  'PUT /v1/products/batch': (fx) => ({ url: '/v1/products/batch', payload: { products: [{ id: fx.product.id, name: 'Renamed' }] } }),
  'DELETE /v1/products/batch': async () => ({ url: '/v1/products/batch', payload: { products: [{ id: (await make.product()).id }] } }),
  'GET /v1/products/{id}': (fx) => ({ url: `/v1/products/${fx.product.id}` }),
  'PUT /v1/products/{id}': (fx) => ({ url: `/v1/products/${fx.product.id}`, payload: { name: 'Renamed' } }),
  'DELETE /v1/products/{id}': async () => ({ url: `/v1/products/${(await make.product()).id}` }),
  'GET /v1/products/{id}/sides': (fx) => ({ url: `/v1/products/${fx.product.id}/sides` }),
  'GET /v1/products/{id}/sides/count': (fx) => ({ url: `/v1/products/${fx.product.id}/sides/count` }),

  'POST /v1/sides': (fx) => ({ url: '/v1/sides', payload: { product_id: fx.product.id, name: 'Back', width: 100, height: 50 } }),
  'GET /v1/sides': () => ({ url: '/v1/sides' }),
  'GET /v1/sides/count': () => ({ url: '/v1/sides/count' }),
  'POST /v1/sides/batch': (fx) => ({ url: '/v1/sides/batch', payload: { sides: [{ product_id: fx.product.id, name: 'Inside', width: 10, height: 10 }] } }),
  'PUT /v1/sides/batch': (fx) => ({ url: '/v1/sides/batch', payload: { sides: [{ id: fx.side.id, name: 'Renamed' }] } }),
  'DELETE /v1/sides/batch': async () => ({ url: '/v1/sides/batch', payload: { sides: [{ id: (await make.side()).id }] } }),
  'GET /v1/sides/{id}': (fx) => ({ url: `/v1/sides/${fx.side.id}` }),
  'PUT /v1/sides/{id}': (fx) => ({ url: `/v1/sides/${fx.side.id}`, payload: { name: 'Renamed' } }),
  'DELETE /v1/sides/{id}': async () => ({ url: `/v1/sides/${(await make.side()).id}` }),
  'GET /v1/sides/{id}/templates': (fx) => ({ url: `/v1/sides/${fx.side.id}/templates` }),

  'POST /v1/templates': (fx) => ({ url: '/v1/templates', payload: { side_id: fx.side.id, name: 'New' } }),
  'GET /v1/templates': () => ({ url: '/v1/templates' }),
  'GET /v1/templates/count': () => ({ url: '/v1/templates/count' }),
  'POST /v1/templates/batch': (fx) => ({ url: '/v1/templates/batch', payload: { templates: [{ side_id: fx.side.id }] } }),
  'PUT /v1/templates/batch': (fx) => ({ url: '/v1/templates/batch', payload: { templates: [{ id: fx.template.id, name: 'Renamed' }] } }),
  'DELETE /v1/templates/batch': async () => ({ url: '/v1/templates/batch', payload: { templates: [{ id: (await make.template()).id }] } }),
  'GET /v1/templates/{id}': (fx) => ({ url: `/v1/templates/${fx.template.id}` }),
  'PUT /v1/templates/{id}': (fx) => ({ url: `/v1/templates/${fx.template.id}`, payload: { name: 'Renamed' } }),
  'DELETE /v1/templates/{id}': async () => ({ url: `/v1/templates/${(await make.template()).id}` }),
  'GET /v1/templates/template-default': () => ({ url: '/v1/templates/template-default' }),
  'GET /v1/templates/default/count': () => ({ url: '/v1/templates/default/count' }),
  'GET /v1/templates/{id}/fonts': (fx) => ({ url: `/v1/templates/${fx.template.id}/fonts` }),
};

interface CatalogOperation {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  acceptsK: boolean;
  scope: Scope;
}

async function catalogOperations(): Promise<CatalogOperation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as { paths: Record<string, Record<string, { tags?: string[]; security?: Array<Record<string, unknown>>; description?: string }>> };
  const out: CatalogOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!(op.tags ?? []).some((tag) => tag.startsWith('Catalog'))) continue;
      const scope = /scope `([^`]+)`/.exec(op.description ?? '')?.[1];
      expect(CATALOG_SCOPES, `${method} ${path}: scope ${scope}`).toContain(scope);
      out.push({ key: `${method.toUpperCase()} ${path}`, method: method.toUpperCase() as CatalogOperation['method'], acceptsK: (op.security ?? []).some((s) => 'apiKey' in s), scope: scope as Scope });
    }
  }
  return out;
}

async function send(method: CatalogOperation['method'], req: Req, headers: Record<string, string>) {
  if (req.parts) {
    const m = multipart(req.parts);
    return t.app.inject({ method, url: req.url, payload: m.payload, headers: { ...headers, ...m.headers } });
  }
  return t.app.inject({ method, url: req.url, headers, ...(req.payload !== undefined ? { payload: req.payload as object } : {}) });
}

describe('API keys (K) on every catalog route', () => {
  it('the table covers exactly the catalog routes the service documents', async () => {
    const ops = await catalogOperations();
    expect(ops.length).toBeGreaterThanOrEqual(70);
    expect(ops.map((o) => o.key).sort()).toEqual(Object.keys(ROUTES).sort());
  });

  it('scoped secret keys succeed or get 403 insufficient_scope; publishable keys only read; account keys need the store sid', async () => {
    const only = {} as Record<Scope, string>;
    const without = {} as Record<Scope, string>;
    for (const s of CATALOG_SCOPES) {
      only[s] = (await storeKey(t, store, { scopes: [s] })).key;
      without[s] = (await storeKey(t, store, { scopes: CATALOG_SCOPES.filter((x) => x !== s) })).key;
    }
    const pk = (await storeKey(t, store, { kind: 'store_publishable' })).key;
    expect(pk.startsWith('pk_live_')).toBe(true);
    expect(only['catalog:read'].startsWith('sk_live_')).toBe(true);
    const acc = (await accountKey(t, store.owner)).key;
    expect(acc.startsWith('sk_acc_live_')).toBe(true);

    const cs = await make.clipartStorage();
    const fx: Fixtures = {
      product: await make.product(),
      side: await make.side(),
      template: await make.template(),
      category: await make.category(),
      clipartStorage: cs,
      image: await make.image(),
      clipart: await make.clipart(cs.id),
      font: await make.font(),
    };

    const failures: string[] = [];
    const check = (ok: boolean, what: string, res: { statusCode: number; body: string }) => {
      if (!ok) failures.push(`${what}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    };
    const is2xx = (res: { statusCode: number }) => res.statusCode >= 200 && res.statusCode < 300;
    const insufficient = (res: { statusCode: number; json(): any }) => res.statusCode === 403 && res.json()?.error?.code === 'insufficient_scope';

    for (const op of await catalogOperations()) {
      const build = ROUTES[op.key]!;
      const k = (key: string, extra: Record<string, string> = {}) => asK(key, extra);
      if (!op.acceptsK) {
        for (const key of [only[op.scope], pk, acc]) {
          const res = await send(op.method, await build(fx), k(key, { 'x-service-store-sid': store.sid }));
          check(res.statusCode === 401, `${op.key} does not accept K`, res);
        }
        continue;
      }
      let res = await send(op.method, await build(fx), k(without[op.scope]));
      check(insufficient(res), `${op.key} sk_live_ without ${op.scope} → 403 insufficient_scope`, res);

      res = await send(op.method, await build(fx), k(acc));
      check(res.statusCode === 401, `${op.key} sk_acc_live_ without X-Service-Store-Sid → 401`, res);

      res = await send(op.method, await build(fx), k(pk));
      if (op.scope === 'catalog:read') check(is2xx(res), `${op.key} pk_live_ reads`, res);
      else check(insufficient(res), `${op.key} pk_live_ on a write → 403 insufficient_scope`, res);

      res = await send(op.method, await build(fx), k(only[op.scope]));
      check(is2xx(res), `${op.key} sk_live_ with just ${op.scope} → 2xx`, res);

      res = await send(op.method, await build(fx), k(acc, { 'x-service-store-sid': store.sid }));
      check(is2xx(res), `${op.key} sk_acc_live_ with X-Service-Store-Sid → 2xx`, res);
    }
    expect(failures).toEqual([]);
  });
});
