import { expect } from 'vitest';
import { defaultId } from '../../../src/modules/catalog/defaults.js';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { createProduct, createSide, multipart, png, post } from './helpers.js';

/**
 * Every catalog route with a request that succeeds for a credential holding its scope, keyed
 * `METHOD /v1/path` as the OpenAPI document names it. Tests that walk every catalog route
 * (API keys, lists) compare this table with the served document, so a new route needs a row.
 */
export interface Req {
  url: string;
  payload?: unknown;
  /** multipart parts instead of a JSON payload */
  parts?: Parameters<typeof multipart>[0];
}

export type Fixtures = Record<'product' | 'side' | 'template' | 'category' | 'clipartStorage' | 'image' | 'clipart' | 'font', { id: string }>;

export function catalogRouteTable(t: TestApp, store: TestStore, font: { bytes: Buffer; url: string }) {
  const LORA = font.bytes;
  const fontUrl = font.url;
  /** POST /images/import's link: `logo.png` beside the font, on the same test server */
  const imageUrl = font.url.replace(/[^/]*$/, 'logo.png');
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

  /** One request per route that succeeds for a credential holding the route's scope; DELETEs make what they delete. */
  const routes: Record<string, (fx: Fixtures) => Promise<Req> | Req> = {
    'GET /v1/storages': () => ({ url: '/v1/storages' }),
    'POST /v1/storages': () => ({ url: '/v1/storages', payload: { name: 'New' } }),
    'GET /v1/storages/default': () => ({ url: '/v1/storages/default' }),
    'GET /v1/storages/count': () => ({ url: '/v1/storages/count' }),
    'GET /v1/storages/{storage}': (fx) => ({ url: `/v1/storages/${fx.category.id}` }),
    'PUT /v1/storages/{storage}': (fx) => ({ url: `/v1/storages/${fx.category.id}`, payload: { name: 'Renamed' } }),

    'POST /v1/images': async () => ({ url: '/v1/images', parts: [await file()] }),
    'GET /v1/images': () => ({ url: '/v1/images' }),
    'POST /v1/images/import': () => ({ url: '/v1/images/import', payload: { url: imageUrl, type: 'designs' } }),
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

  /** One of each store resource, for the routes that read or change one. */
  async function fixtures(): Promise<Fixtures> {
    const cs = await make.clipartStorage();
    return {
      product: await make.product(),
      side: await make.side(),
      template: await make.template(),
      category: await make.category(),
      clipartStorage: cs,
      image: await make.image(),
      clipart: await make.clipart(cs.id),
      font: await make.font(),
    };
  }
  return { routes, make, fixtures };
}

export interface CatalogOperation {
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  acceptsK: boolean;
  scope: string | undefined;
  /** query parameter names */
  query: string[];
}

/** The catalog operations of the served OpenAPI document (tags `Catalog: …`). */
export async function catalogOperations(t: TestApp): Promise<CatalogOperation[]> {
  const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json() as {
    paths: Record<string, Record<string, { tags?: string[]; security?: Array<Record<string, unknown>>; description?: string; parameters?: Array<{ in: string; name: string }> }>>;
  };
  const out: CatalogOperation[] = [];
  for (const [path, ops] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      if (!(op.tags ?? []).some((tag) => tag.startsWith('Catalog'))) continue;
      out.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase() as CatalogOperation['method'],
        acceptsK: (op.security ?? []).some((s) => 'apiKey' in s),
        scope: /scope `([^`]+)`/.exec(op.description ?? '')?.[1],
        query: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
      });
    }
  }
  return out;
}

export async function send(t: TestApp, method: CatalogOperation['method'], req: Req, headers: Record<string, string>) {
  if (req.parts) {
    const m = multipart(req.parts);
    return t.app.inject({ method, url: req.url, payload: m.payload, headers: { ...headers, ...m.headers } });
  }
  return t.app.inject({ method, url: req.url, headers, ...(req.payload !== undefined ? { payload: req.payload as object } : {}) });
}
