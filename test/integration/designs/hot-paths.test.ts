import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { post, upload } from '../catalog/helpers.js';
import { asKHeader, storeKey, storeOn } from '../api-keys/helpers.js';
import { printProduct, saveDesign, textLayer } from './helpers.js';

/**
 * Issue 19: a list or read costs a fixed number of statements, whatever the page holds (no
 * query per row), and what the hot paths keep from one request to the next (cached API keys,
 * the store a credential resolved, links signed in the same second) never outlives a change.
 */

// Every statement the app runs, counted where the drivers execute them (better-sqlite3
// statements; pg queries when the suite runs on PostgreSQL), except the API keys' audit
// trail, which a timer writes in batches off the request path and may land in any window, and
// SQLite's `pragma data_version`, which the credential caches ask before they answer (reads
// no row: a few µs; cache/verified-cache.ts).
let statements = 0;
const offPath = (text: unknown) => typeof text === 'string' && /^\s*(insert into "?api_key_events"?|pragma data_version)/i.test(text);
async function countStatements(): Promise<void> {
  const Database = (await import('better-sqlite3')).default;
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  probe.close();
  for (const m of ['all', 'get', 'run', 'iterate']) {
    const orig = proto[m]!;
    proto[m] = function (this: { source: string }, ...a: unknown[]) {
      if (!offPath(this.source)) statements++;
      return orig.apply(this, a);
    };
  }
  const pg = (await import('pg')).default;
  const q = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: unknown, ...a: unknown[]) {
    const text = typeof a[0] === 'string' ? a[0] : (a[0] as { text?: unknown } | undefined)?.text;
    if (!offPath(text)) statements++;
    return q.apply(this, a);
  } as typeof pg.Client.prototype.query;
}

let t: TestApp;
let store: TestStore;
let key: string;
let product: Record<string, any>;
let front: Record<string, any>;

beforeAll(async () => {
  await countStatements();
  t = await buildTestApp();
  store = await storeOn(t, 'advanced');
  key = (await storeKey(t, store, { scopes: ['designs:read', 'designs:write', 'catalog:read', 'keys:read', 'keys:write'] })).key;
  ({ product, front } = await printProduct(t.app, store));
});
afterAll(async () => {
  await t?.close();
});

const unsigned = (v: unknown) => JSON.parse(JSON.stringify(v).replace(/\?expires=\d+&sig=[\w-]+/g, '')) as unknown;

/**
 * Statements one request runs to build its answer (checked), after a first unmeasured one
 * (caches warm). The conditional routes' read of the store's version (one statement before
 * the handler: http/conditional.ts) is not counted.
 */
const CONDITIONAL = /^\/v1\/(designs|products|sides|templates|projects)\b/;
async function statementsOf(url: string, headers: Record<string, string>): Promise<number> {
  expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(200);
  const before = statements;
  const res = await t.app.inject({ method: 'GET', url, headers });
  expect(res.statusCode, res.body).toBe(200);
  return statements - before - (CONDITIONAL.test(url) ? 1 : 0);
}

describe('designs list and read: statements per request', () => {
  it('a page of 20 designs with images embedded costs at most 3 statements, the same as a page of 1', async () => {
    // images on every level a design embeds: its own preview, the side, the product
    const img = async () => (await upload(t.app, store)).json().data;
    const [preview, sideImage, productImage] = [await img(), await img(), await img()];
    await t.app.inject({ method: 'PUT', url: `/v1/sides/${front.id}`, headers: as.B(store), payload: { side_image_id: sideImage.id } });
    await t.app.inject({ method: 'PUT', url: `/v1/products/${product.id}`, headers: as.B(store), payload: { product_image_id: productImage.id } });
    const project = await post(t.app, store, '/v1/projects', { name: 'Order 1' });
    await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()], preview_image_id: preview.id, project_id: project.id });
    const one = await statementsOf('/v1/designs?limit=20', asKHeader(key));
    for (let i = 0; i < 19; i++) await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()], preview_image_id: preview.id, project_id: i % 2 ? project.id : null });
    const twenty = await statementsOf('/v1/designs?limit=20', asKHeader(key));
    expect(twenty).toBeLessThanOrEqual(3);
    expect(twenty).toBe(one);

    // the batched page answers exactly what each design's own read answers
    const page = (await t.app.inject({ method: 'GET', url: '/v1/designs?limit=20', headers: asKHeader(key) })).json().data;
    expect(page).toHaveLength(20);
    for (const d of page.slice(0, 3)) {
      const single = (await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.B(store) })).json().data;
      // (links signed in another second carry another expiry and signature)
      expect(unsigned(d)).toEqual(unsigned(single));
      expect(d.preview_image.id).toBe(preview.id);
      expect(d.side.side_image.id).toBe(sideImage.id);
      expect(d.product.product_image.id).toBe(productImage.id);
    }
    expect(page.filter((d: any) => d.project?.id === project.id).length).toBeGreaterThanOrEqual(10);
    // a read: the credential, the row, its side/product/project, their images
    expect(await statementsOf(`/v1/designs/${page[0].id}`, asKHeader(key))).toBeLessThanOrEqual(3);
  });

  it('products and sides lists embed their images without a query per row', async () => {
    const before = await statementsOf('/v1/products?limit=20', as.U(store));
    const img = (await upload(t.app, store)).json().data;
    for (let i = 0; i < 5; i++) await post(t.app, store, '/v1/products', { name: `P${i}`, product_image_id: img.id });
    // the credential, the page, the page's images (once): as many as before these rows
    const after = await statementsOf('/v1/products?limit=20', as.U(store));
    expect(after).toBeLessThanOrEqual(3);
    expect(after).toBe(before);
    const list = (await t.app.inject({ method: 'GET', url: '/v1/products?limit=20', headers: as.U(store) })).json().data;
    expect(list.filter((p: any) => p.product_image?.id === img.id)).toHaveLength(5);
  });
});

describe('nothing kept across requests outlives a change', () => {
  it('a product or side edit shows in the next design read and list (side and product are live)', async () => {
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) });
    expect((await t.app.inject({ method: 'PUT', url: `/v1/products/${product.id}`, headers: as.B(store), payload: { name: 'Renamed flyer' } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/sides/${front.id}`, headers: as.B(store), payload: { name: 'Renamed front' } })).statusCode).toBe(200);
    const read = (await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) })).json().data;
    expect(read.product.name).toBe('Renamed flyer');
    expect(read.side.name).toBe('Renamed front');
    // the snapshot taken at save time does not follow the side
    expect(read.original_side.name).toBe('Front');
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/designs?limit=5', headers: asKHeader(key) })).json().data.find((x: any) => x.id === d.id);
    expect(listed.product.name).toBe('Renamed flyer');
  });

  it('a revoked key is refused on its very next request, though it was just cached', async () => {
    const other = await storeKey(t, store, { scopes: ['designs:read'] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs?limit=1', headers: asKHeader(other.key) })).statusCode).toBe(200);
    const revoke = await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/api-keys/${other.data.uuid}`, headers: as.B(store) });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs?limit=1', headers: asKHeader(other.key) })).statusCode).toBe(401);
  });

  it('a key revoked through another process is refused by this one on its very next request, though this one had it cached', async () => {
    const other = await storeKey(t, store, { scopes: ['designs:read'] });
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs?limit=1', headers: asKHeader(other.key) })).statusCode).toBe(200);
    // a second app of the same deployment: the same database and Redis namespace (SQLite: its
    // commit moves this one's data_version; PostgreSQL: the invalidation over Redis)
    const second = await buildTestApp({ env: { FOLIO_DATA_DIR: t.dataDir, FOLIO_REDIS_PREFIX: t.config.redisPrefix } });
    try {
      const revoke = await second.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/api-keys/${other.data.uuid}`, headers: as.B(store) });
      expect(revoke.statusCode, revoke.body).toBe(200);
    } finally {
      await second.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs?limit=1', headers: asKHeader(other.key) })).statusCode).toBe(401);
  });

  it("the store-key list of a store's keys reads the store once, and still answers 404 for another store and 401 once the store is gone", async () => {
    // the page alone: the store the sid names was looked up by the first request (cached until
    // the store changes) and is not read again by id
    expect(await statementsOf(`/v1/stores/${store.id}/api-keys?limit=20`, as.B(store))).toBe(1);
    // with an API key (cached): the page alone
    expect(await statementsOf(`/v1/stores/${store.id}/api-keys?limit=20`, asKHeader(key))).toBe(1);
    const elsewhere = await storeOn(t, 'advanced');
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${elsewhere.id}/api-keys`, headers: as.B(store) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${elsewhere.id}/api-keys`, headers: asKHeader(key) })).statusCode).toBe(404);
    const gone = await storeOn(t, 'advanced');
    const goneKey = (await storeKey(t, gone, { scopes: ['keys:read'] })).key;
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${gone.id}/api-keys`, headers: asKHeader(goneKey) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/stores/${gone.id}`, headers: as.J(gone.owner) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${gone.id}/api-keys`, headers: as.B(gone) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${gone.id}/api-keys`, headers: asKHeader(goneKey) })).statusCode).toBe(401);
  });
});

describe('lists keep what they built between answers only while the rows read the same', () => {
  const list = async (url: string, headers: Record<string, string> = asKHeader(key)) => {
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as any[];
  };
  const designIn = async (id: string, url = '/v1/designs?limit=50') => (await list(url)).find((x) => x.id === id);

  it('a change to a design, its side, product, project or image shows in the very next list', async () => {
    const own = await printProduct(t.app, store);
    const project = await post(t.app, store, '/v1/projects', { name: 'Kept order' });
    const preview = (await upload(t.app, store)).json().data;
    const d = await saveDesign(t.app, store, { side_id: own.front.id, layers: [textLayer()], project_id: project.id, preview_image_id: preview.id });
    const first = await designIn(d.id);
    expect(unsigned(await designIn(d.id))).toEqual(unsigned(first));
    const put = async (url: string, payload: Record<string, unknown>) => expect((await t.app.inject({ method: 'PUT', url, headers: as.B(store), payload })).statusCode).toBe(200);

    await put(`/v1/designs/${d.id}`, { note: 'kept?' });
    expect((await designIn(d.id)).note).toBe('kept?');
    await put(`/v1/sides/${own.front.id}`, { name: 'Kept front' });
    expect((await designIn(d.id)).side.name).toBe('Kept front');
    await put(`/v1/products/${own.product.id}`, { name: 'Kept product' });
    expect((await designIn(d.id)).product.name).toBe('Kept product');
    expect((await list('/v1/products?limit=100', as.U(store))).find((p) => p.id === own.product.id).name).toBe('Kept product');
    await put(`/v1/projects/${project.id}`, { name: 'Renamed order' });
    expect((await designIn(d.id)).project.name).toBe('Renamed order');
    const other = (await upload(t.app, store)).json().data;
    await put(`/v1/designs/${d.id}`, { preview_image_id: other.id });
    expect((await designIn(d.id)).preview_image.id).toBe(other.id);
    // the same design under another include is another answer
    expect(Object.hasOwn(await designIn(d.id, '/v1/designs?limit=50&include=none'), 'side')).toBe(false);
    expect((await designIn(d.id)).side.name).toBe('Kept front');
    // a document changed without a new updated_at (two writes in one millisecond) is seen too
    const row = await t.deps.database.db.selectFrom('designs').select(['doc', 'updated_at']).where('id', '=', d.id).executeTakeFirstOrThrow();
    const doc = JSON.parse(row.doc);
    await t.deps.database.db.updateTable('designs').set({ doc: JSON.stringify({ ...doc, note: 'same millisecond' }) }).where('id', '=', d.id).execute();
    expect((await designIn(d.id)).note).toBe('same millisecond');
    expect((await designIn(d.id)).updated_at).toBe(new Date(row.updated_at).toISOString());
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/designs/${d.id}`, headers: as.B(store) })).statusCode).toBe(200);
    expect(await designIn(d.id)).toBeUndefined();
  });

  it("links are the same through a window (so is the answer), and another process's write is seen", async () => {
    const preview = (await upload(t.app, store)).json().data;
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()], preview_image_id: preview.id });
    const link = new URL((await designIn(d.id)).preview_image.url);
    const expires = Number(link.searchParams.get('expires'));
    // valid for at least the 24 hours of the interface, at most one window (an hour) more
    const left = expires - Date.now() / 1000;
    expect(left).toBeGreaterThanOrEqual(24 * 3600 - 5);
    expect(left).toBeLessThanOrEqual(25 * 3600);
    const window = Math.floor(Date.now() / 3_600_000);
    const again = new URL((await designIn(d.id)).preview_image.url);
    if (Math.floor(Date.now() / 3_600_000) === window) expect(again.href).toBe(link.href);
    expect((await t.app.inject({ method: 'GET', url: again.pathname + again.search })).statusCode).toBe(200);

    // a second app on the same database: what it writes, this one lists at once
    const second = await buildTestApp({ env: { FOLIO_DATA_DIR: t.dataDir } });
    try {
      const res = await second.app.inject({ method: 'PUT', url: `/v1/designs/${d.id}`, headers: as.B(store), payload: { note: 'from the other process' } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await designIn(d.id)).note).toBe('from the other process');
    } finally {
      await second.close();
    }
  });

  it("the store's key list shows a revoked key as revoked at once", async () => {
    const other = await storeKey(t, store, { scopes: ['designs:read'] });
    const status = async () => (await list(`/v1/stores/${store.id}/api-keys?limit=100`, as.B(store))).find((k) => k.uuid === other.data.uuid).status;
    expect(await status()).toBe('active');
    expect(await status()).toBe('active');
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/api-keys/${other.data.uuid}`, headers: as.B(store) })).statusCode).toBe(200);
    expect(await status()).toBe('revoked');
  });
});

describe('conditional GETs: ETag from the store version, 304 while nothing changed', () => {
  const get = (url: string, headers: Record<string, string>, etag?: string) =>
    t.app.inject({ method: 'GET', url, headers: { ...headers, ...(etag ? { 'if-none-match': etag } : {}) } });

  it('every marked read answers a weak ETag and private, no-cache; the same request with it is a 304 with no body, after one statement', async () => {
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    const project = await post(t.app, store, '/v1/projects', { name: 'Conditional order' });
    for (const [url, headers] of [
      ['/v1/designs?limit=20', asKHeader(key)],
      ['/v1/designs?limit=20&include=none', asKHeader(key)],
      [`/v1/designs/${d.id}`, as.U(store)],
      ['/v1/products?limit=20', as.U(store)],
      [`/v1/products/${product.id}`, as.B(store)],
      ['/v1/sides?limit=20', as.U(store)],
      ['/v1/templates?limit=20', as.U(store)],
      [`/v1/projects/${project.id}`, as.B(store)],
      ['/v1/products/count', as.B(store)],
    ] as const) {
      const first = await get(url, headers);
      expect(first.statusCode, first.body).toBe(200);
      const tag = first.headers.etag as string;
      expect(tag, url).toMatch(/^W\/"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      const before = statements;
      const again = await get(url, headers, tag);
      const used = statements - before;
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(tag);
      expect(again.headers['cache-control']).toBe('private, no-cache');
      expect(again.headers['x-content-type-options']).toBe('nosniff');
      // the credential is cached: the version read alone
      expect(used, url).toBe(1);
      // a list of tags, strong or weak, any of which matches; `*` matches
      expect((await get(url, headers, `"nope", ${tag.slice(2)}`)).statusCode).toBe(304);
      expect((await get(url, headers, '*')).statusCode).toBe(304);
      expect((await get(url, headers, 'W/"nope"')).statusCode).toBe(200);
    }
  });

  it("a write through another process, or one made underneath, changes the tag at once; a rolled-back batch changes neither tag nor answer", async () => {
    const p = await post(t.app, store, '/v1/products', { name: 'Original name' });
    const url = `/v1/products/${p.id}`;
    const first = await get(url, as.B(store));
    const tag = first.headers.etag as string;
    // all or nothing: the second item names a parent that is not the store's, after the first was written
    const batch = await t.app.inject({
      method: 'PUT',
      url: '/v1/products/batch',
      headers: as.B(store),
      payload: { products: [{ id: p.id, name: 'Never committed' }, { id: p.id, parent_id: '0190b0b0-0000-7000-8000-000000000000' }] },
    });
    expect(batch.statusCode, batch.body).toBe(400);
    expect((await get(url, as.B(store), tag)).statusCode).toBe(304);
    expect((await get(url, as.B(store))).json().data.name).toBe('Original name');
    expect((await get('/v1/products?limit=100', as.B(store))).json().data.find((x: any) => x.id === p.id).name).toBe('Original name');

    const second = await buildTestApp({ env: { FOLIO_DATA_DIR: t.dataDir } });
    try {
      // the other process answers the same tag for the same request
      expect((await second.app.inject({ method: 'GET', url, headers: { ...as.B(store), 'if-none-match': tag } })).statusCode).toBe(304);
      const res = await second.app.inject({ method: 'PUT', url, headers: as.B(store), payload: { name: 'From the other process' } });
      expect(res.statusCode, res.body).toBe(200);
      const after = await get(url, as.B(store), tag);
      expect(after.statusCode).toBe(200);
      expect(after.json().data.name).toBe('From the other process');
      expect(after.headers.etag).not.toBe(tag);
      // and the other way round
      expect((await second.app.inject({ method: 'GET', url, headers: { ...as.B(store), 'if-none-match': after.headers.etag as string } })).statusCode).toBe(304);
    } finally {
      await second.close();
    }
    // a job or the CLI writes through the same database, past every service: seen too
    const now = (await get(url, as.B(store))).headers.etag as string;
    await t.deps.database.db.updateTable('catalog_products').set({ name: 'Renamed underneath' }).where('id', '=', p.id).execute();
    const under = await get(url, as.B(store), now);
    expect(under.statusCode).toBe(200);
    expect(under.json().data.name).toBe('Renamed underneath');
  });

  it("a tag is its store's and its credential kind's alone; HEAD answers the same tag without a body", async () => {
    const url = '/v1/designs?limit=20';
    const mine = await get(url, asKHeader(key));
    const tag = mine.headers.etag as string;
    const elsewhere = await storeOn(t, 'advanced');
    const theirs = await storeKey(t, elsewhere, { scopes: ['designs:read'] });
    const other = await get(url, asKHeader(theirs.key), tag);
    expect(other.statusCode).toBe(200);
    expect(other.json().data).toEqual([]);
    expect(other.headers.etag).not.toBe(tag);
    // the same store through another credential kind: its own tag
    const products = await get('/v1/products?limit=20', as.B(store));
    const viaToken = await get('/v1/products?limit=20', as.U(store), products.headers.etag as string);
    expect(viaToken.statusCode).toBe(200);
    expect(viaToken.headers.etag).not.toBe(products.headers.etag);
    // no tag on an error, nor a 304 in place of one
    const missing = await get('/v1/designs/0190b0b0-0000-7000-8000-000000000000', as.U(store));
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
    const head = await t.app.inject({ method: 'HEAD', url, headers: asKHeader(key) });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
    expect(head.headers.etag).toBe(tag);
    expect((await t.app.inject({ method: 'HEAD', url, headers: { ...asKHeader(key), 'if-none-match': tag } })).statusCode).toBe(304);
  });
});

describe('?include= on design reads: the embeds a caller asks for, and only their lookups', () => {
  const EMBEDS = ['side', 'product', 'project', 'original_side'];
  const get = (url: string, headers: Record<string, string> = asKHeader(key)) => t.app.inject({ method: 'GET', url, headers });

  it('include=none leaves the embeds out (absent, not null), keeps every other field, and saves the lookups', async () => {
    const project = await post(t.app, store, '/v1/projects', { name: 'Order include' });
    for (let i = 0; i < 3; i++) await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()], project_id: project.id });
    const full = (await get('/v1/designs?limit=3')).json();
    const none = (await get('/v1/designs?limit=3&include=none')).json();
    expect(none.data.map((d: any) => d.id)).toEqual(full.data.map((d: any) => d.id));
    for (const [i, d] of none.data.entries()) {
      for (const e of EMBEDS) expect(Object.hasOwn(d, e), e).toBe(false);
      const rest = { ...full.data[i] };
      for (const e of EMBEDS) delete rest[e];
      expect(unsigned(d)).toEqual(unsigned(rest));
      expect(full.data[i].project.id).toBe(project.id);
    }
    // an empty value means none too; the next page's link keeps the choice
    expect(Object.hasOwn((await get('/v1/designs?limit=1&include=')).json().data[0], 'side')).toBe(false);
    expect(none.links.next).toContain('include=none');
    const ofProject = (await get(`/v1/projects/${project.id}/designs?include=project`, as.B(store))).json().data;
    expect(ofProject).toHaveLength(3);
    for (const d of ofProject) expect(Object.keys(d).filter((k) => EMBEDS.includes(k))).toEqual(['project']);
    expect(await statementsOf('/v1/designs?limit=20&include=none', asKHeader(key))).toBeLessThan(await statementsOf('/v1/designs?limit=20', asKHeader(key)));
  });

  it('a list of names builds just those, on lists and on a single read', async () => {
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    const some = (await get('/v1/designs?limit=5&include=side,original_side')).json().data.find((x: any) => x.id === d.id);
    expect(some.side.id).toBe(front.id);
    expect(some.original_side.name).toBeTypeOf('string');
    expect(Object.hasOwn(some, 'product')).toBe(false);
    expect(Object.hasOwn(some, 'project')).toBe(false);
    const one = (await get(`/v1/designs/${d.id}?include=product`, as.U(store))).json().data;
    expect(one.product.id).toBe(product.id);
    expect(Object.keys(one).filter((k) => EMBEDS.includes(k))).toEqual(['product']);
    // without include: every embed, as always (project null: this design has none)
    const all = (await get(`/v1/designs/${d.id}`, as.U(store))).json().data;
    expect(Object.keys(all).filter((k) => EMBEDS.includes(k)).sort()).toEqual([...EMBEDS].sort());
    expect(all.project).toBeNull();
    const byProduct = (await get(`/v1/products/${product.id}/designs?include=none`, as.B(store))).json().data;
    expect(byProduct.length).toBeGreaterThan(0);
    for (const x of byProduct) expect(Object.hasOwn(x, 'side')).toBe(false);
  });

  it('an unknown name is a validation error naming include', async () => {
    for (const url of ['/v1/designs?include=sides', '/v1/designs?include=side,,product', `/v1/products/${product.id}/designs?include=layers`]) {
      const res = await get(url, as.B(store));
      expect(res.statusCode, url).toBe(400);
      expect(JSON.stringify(res.json().error), url).toContain('include');
    }
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    expect((await get(`/v1/designs/${d.id}?include=everything`, as.U(store))).statusCode).toBe(400);
    expect((await get(`/v1/designs/${d.id}?include=side&include=product`, as.U(store))).statusCode).toBe(400);
  });

  it('on a resource without embeds, include is ignored as any unknown parameter is (once, twice, or any value)', async () => {
    for (const q of ['include=side', 'include=credentials&include=everything']) {
      const side = await get(`/v1/sides/${front.id}?${q}`, as.U(store));
      expect(side.statusCode, side.body).toBe(200);
      expect(side.json().data.id).toBe(front.id);
      const list = await get(`/v1/products?limit=2&${q}`, as.U(store));
      expect(list.statusCode, list.body).toBe(200);
    }
  });

  it('the OpenAPI document lists include on the design reads', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    for (const [path, op] of [['/v1/designs', 'get'], ['/v1/designs/{id}', 'get'], ['/v1/products/{id}/designs', 'get'], ['/v1/projects/{id}/designs', 'get']] as const) {
      const params = (doc.paths[path]?.[op]?.parameters ?? []) as Array<{ name: string; in: string }>;
      expect(params.some((p) => p.name === 'include' && p.in === 'query'), path).toBe(true);
    }
  });
});
