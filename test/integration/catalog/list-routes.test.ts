import fs from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { createSide, expectStablePaging, post } from './helpers.js';
import { catalogOperations, catalogRouteTable, send, type CatalogOperation, type Fixtures } from './route-table.js';

/**
 * The list conventions (decisions § Lists) on every catalog list route, i.e. every catalog
 * GET the OpenAPI document gives a `limit`: 413 above 100, 400 for limit 0, an unknown sortBy
 * or a forged cursor; `sort` reverses the order; walking the pages one row at a time gives the
 * full list exactly; `search` narrows by name; and, where the store can add rows, paging
 * while rows are added has no gaps or duplicates. And every route that names a store's
 * resource in its path is 404 to another store.
 */
const require = createRequire(import.meta.url);
const LORA = fs.readFileSync(require.resolve('@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf'));

let t: TestApp;
let store: TestStore;
let other: TestStore;
let table: ReturnType<typeof catalogRouteTable>;
let fx: Fixtures;
let clipartStorages: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t.app);
  other = await createStore(t.app);
  table = catalogRouteTable(t, store, { bytes: LORA, url: 'http://unused.invalid/' });
  fx = await table.fixtures();
  // A few rows in every store list (fx.side belongs to a product of its own, and fx.template to a side of its own).
  await createSide(t.app, store, fx.product.id, { name: 'Side x' });
  await post(t.app, store, '/v1/templates', { side_id: fx.side.id, name: 'Template x' });
  for (let i = 0; i < 2; i++) {
    await table.make.product();
    await table.make.category();
    await table.make.image();
    await table.make.font();
    await table.make.clipart(fx.clipartStorage.id);
    await createSide(t.app, store, fx.product.id, { name: `Side ${i}` });
    await post(t.app, store, '/v1/templates', { side_id: fx.side.id, name: `Template ${i}` });
    clipartStorages.push((await table.make.clipartStorage()).id);
  }
  clipartStorages = [fx.clipartStorage.id, ...clipartStorages];
  await setClipartStorages(clipartStorages);
});
afterAll(async () => t.close());

async function setClipartStorages(ids: string[]) {
  const res = await t.app.inject({ method: 'PUT', url: `/v1/cliparts/${fx.clipart.id}`, headers: as.B(store), payload: { storages: ids } });
  expect(res.statusCode, res.body).toBe(200);
}

/** How the store adds a row to each list while it is paged; null: the list is the curated set, which no store changes. */
const GROW: Record<string, (() => Promise<unknown>) | null> = {
  'GET /v1/storages': () => table.make.category(),
  'GET /v1/storages/default': null,
  'GET /v1/images': () => table.make.image(),
  'GET /v1/cliparts': () => table.make.clipart(),
  'GET /v1/cliparts/default': null,
  'GET /v1/cliparts/mine': () => table.make.clipart(),
  'GET /v1/cliparts/global': null,
  'GET /v1/clipart-storages': () => table.make.clipartStorage(),
  'GET /v1/clipart-storages/default': null,
  'GET /v1/clipart-storages/{id}/cliparts': () => table.make.clipart(fx.clipartStorage.id),
  'GET /v1/clipart-storages/{id}/cliparts-default': null,
  'GET /v1/clipart-storages/{id}/storages': async () => {
    clipartStorages.push((await table.make.clipartStorage()).id);
    await setClipartStorages(clipartStorages);
  },
  'GET /v1/clipart-storages/{id}/storages-default': null,
  'GET /v1/fonts': () => table.make.font(),
  'GET /v1/fonts/default': null,
  'GET /v1/products': () => table.make.product(),
  'GET /v1/products/{id}/sides': () => createSide(t.app, store, fx.product.id),
  'GET /v1/sides': () => table.make.side(),
  'GET /v1/sides/{id}/templates': () => post(t.app, store, '/v1/templates', { side_id: fx.side.id, name: 'Grown' }),
  'GET /v1/templates': () => table.make.template(),
  'GET /v1/templates/template-default': null,
};

type Row = { id: string | number; name?: string };
const withQuery = (url: string, q: string) => `${url}${url.includes('?') ? '&' : '?'}${q}`;

async function listOps(): Promise<CatalogOperation[]> {
  return (await catalogOperations(t)).filter((o) => o.method === 'GET' && o.query.includes('limit'));
}

describe('every catalog list route', () => {
  it('is in the table of how it grows', async () => {
    const ops = await listOps();
    expect(ops.length).toBeGreaterThanOrEqual(20);
    expect(ops.map((o) => o.key).sort()).toEqual(Object.keys(GROW).sort());
  });

  it('follows the list conventions: limit, sortBy, cursor, sort, pages, search', async () => {
    const headers = as.B(store);
    for (const op of await listOps()) {
      const url = (await table.routes[op.key]!(fx)).url;
      const get = (q: string) => t.app.inject({ method: 'GET', url: withQuery(url, q), headers });
      const full = await get('limit=100');
      expect(full.statusCode, `${op.key}: ${full.body}`).toBe(200);
      const rows = full.json().data as Row[];
      expect(rows.length, `${op.key} has rows to page`).toBeGreaterThanOrEqual(1);
      expect(full.json()).toMatchObject({ links: { first: expect.any(String) }, meta: { per_page: 100 }, message: 'Retrieved successfully' });

      const over = await get('limit=101');
      expect(over.statusCode, op.key).toBe(413);
      expect(over.json().error.message, op.key).toBe('limit must not exceed 100');
      for (const bad of ['limit=0', 'sortBy=colour', 'cursor=forged.cursor']) expect((await get(bad)).statusCode, `${op.key} ${bad}`).toBe(400);

      const ids = (r: { json(): { data: Row[] } }) => r.json().data.map((x) => String(x.id));
      const desc = ids(await get('limit=100&sortBy=id&sort=desc'));
      expect(ids(await get('limit=100&sortBy=id&sort=asc')), op.key).toEqual([...desc].reverse());

      const walked: string[] = [];
      let next: string | null = withQuery(url, 'limit=1&sortBy=id&sort=desc');
      while (next) {
        const page: Awaited<ReturnType<typeof get>> = await t.app.inject({ method: 'GET', url: next.replace('http://folio.test', ''), headers });
        expect(page.statusCode, op.key).toBe(200);
        walked.push(...ids(page));
        next = page.json().links.next as string | null;
      }
      expect(walked, `${op.key} walked one row at a time`).toEqual(desc);

      // include_total=true: every page carries the whole list's count; without it, no count is paid for.
      expect(full.json().meta.total, op.key).toBeUndefined();
      let counted: string | null = withQuery(url, 'limit=1&include_total=true');
      for (let i = 0; counted && i < 3; i++) {
        const page: Awaited<ReturnType<typeof get>> = await t.app.inject({ method: 'GET', url: counted.replace('http://folio.test', ''), headers });
        expect(page.json().meta, op.key).toMatchObject({ per_page: 1, total: desc.length });
        counted = page.json().links.next as string | null;
      }

      if (op.query.includes('search')) {
        expect((await get('search=zz-no-such-name-zz')).json().data, op.key).toEqual([]);
        const named = rows.find((r) => typeof r.name === 'string' && r.name.length >= 3);
        if (named) {
          const needle = named.name!.slice(1, 3).toUpperCase();
          const found = (await get(`limit=100&search=${encodeURIComponent(needle)}`)).json().data as Row[];
          expect(found.map((r) => r.id), op.key).toContain(named.id);
          for (const r of found) expect(r.name!.toLowerCase(), op.key).toContain(needle.toLowerCase());
          expect((await get(`limit=1&include_total=true&search=${encodeURIComponent(needle)}`)).json().meta.total, op.key).toBe(found.length);
        }
      }
    }
  });

  it('pages without gaps or duplicates while the store adds rows', async () => {
    for (const op of await listOps()) {
      const grow = GROW[op.key];
      if (!grow) continue;
      const url = (await table.routes[op.key]!(fx)).url;
      const before = ((await t.app.inject({ method: 'GET', url: withQuery(url, 'limit=100'), headers: as.B(store) })).json().data as Row[]).map((r) => String(r.id));
      expect(before.length, op.key).toBeGreaterThanOrEqual(3);
      await expectStablePaging(t.app, url, as.B(store), before, grow);
    }
  });

});

describe('every catalog route that names a store resource', () => {
  it('is 404 for another store, whatever the method, and leaves the resource alone', async () => {
    const storeIds = new Set(Object.values(fx).map((r) => r.id));
    let checked = 0;
    for (const op of await catalogOperations(t)) {
      if (!op.key.includes('{')) continue;
      const req = await table.routes[op.key]!(fx);
      const id = /\/([0-9a-f-]{36})(?:\/|$)/.exec(req.url)?.[1];
      // Routes under a curated resource (cliparts-default, storages-default) answer every store.
      if (!id || (!storeIds.has(id) && op.method === 'GET')) continue;
      const res = await send(t, op.method, req, as.B(other));
      expect(res.statusCode, `${op.key} as another store: ${res.body}`).toBe(404);
      expect(res.json().error, op.key).toBeDefined();
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(25);
    // Nothing was changed or deleted by the other store's attempts.
    for (const [kind, url] of [['product', `/v1/products/${fx.product.id}`], ['side', `/v1/sides/${fx.side.id}`], ['template', `/v1/templates/${fx.template.id}`], ['font', `/v1/fonts/${fx.font.id}`], ['clipart', `/v1/cliparts/${fx.clipart.id}`], ['category', `/v1/storages/${fx.category.id}`]] as const) {
      const res = await t.app.inject({ method: 'GET', url, headers: as.B(store) });
      expect(res.statusCode, kind).toBe(200);
      expect(res.json().data.name, kind).not.toBe('Renamed');
    }
  });
});
