import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { createProduct, createSide, expectStablePaging, upload } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
const events: DomainEvent[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.deps.events.subscribe(async (e) => void events.push(e));
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => t.close());

describe('/products', () => {
  it('creates with defaults, reads, updates, deletes; publishes events; another store sees 404', async () => {
    const p = await createProduct(t.app, store, { category_ids: [] });
    expect(p).toMatchObject({ name: 'Flyer', dpi: 72, dimension_unit: 'mm', status: 'publish', enable_pod: false, max_file_upload: 1 });
    expect(events.at(-1)).toMatchObject({ topic: 'products', event: 'POST', storeId: store.id, accountId: store.owner.id, data: { id: p.id } });
    const got = await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}`, headers: as.U(store) });
    expect(got.json()).toMatchObject({ data: { id: p.id }, message: 'Retrieved successfully' });
    const put = await t.app.inject({ method: 'PUT', url: `/v1/products/${p.id}`, headers: as.B(store), payload: { name: 'Poster', status: 'draft' } });
    expect(put.json()).toMatchObject({ data: { name: 'Poster', status: 'draft', dimension_unit: 'mm' }, message: 'Updated successfully' });
    expect(events.at(-1)).toMatchObject({ topic: 'products', event: 'PUT' });
    for (const [method, payload] of [['GET', undefined], ['PUT', { name: 'x' }], ['DELETE', undefined]] as const) {
      const res = await t.app.inject({ method, url: `/v1/products/${p.id}`, headers: as.B(other), ...(payload ? { payload } : {}) });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/products?status=draft`, headers: as.B(store) })).json().data.map((x: { id: string }) => x.id)).toEqual([p.id]);
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/products/${p.id}`, headers: as.B(store) });
    expect(del.json()).toEqual({ message: 'Deleted successfully' });
    expect(events.at(-1)).toMatchObject({ topic: 'products', event: 'DELETE', data: { id: p.id } });
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}`, headers: as.B(store) })).statusCode).toBe(404);
    // Soft-deleted: what designs reference stays readable through the service.
    expect(await t.deps.catalog.products.getIncludingDeleted(store.id, p.id)).toMatchObject({ id: p.id, name: 'Poster' });
  });

  it('validates fields and references', async () => {
    const bad = await t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { dimension_unit: 'furlong' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Invalid input');
    expect(Object.keys(bad.json().error)).toEqual(expect.arrayContaining(['name', 'dimension_unit']));
    const foreignImg = (await upload(t.app, other)).json().data;
    const ref = await t.app.inject({ method: 'POST', url: '/v1/products', headers: as.B(store), payload: { name: 'x', product_image_id: foreignImg.id, category_ids: ['nope'] } });
    expect(ref.statusCode).toBe(400);
    expect(Object.keys(ref.json().error).sort()).toEqual(['category_ids', 'product_image_id']);
  });

  it('batch creates, updates and deletes all or nothing; 413 above 100 items', async () => {
    const s = await createStore(t.app);
    const created = await t.app.inject({ method: 'POST', url: '/v1/products/batch', headers: as.B(s), payload: { products: [{ name: 'A' }, { name: 'B' }] } });
    expect(created.statusCode, created.body).toBe(201);
    const [a, b] = created.json().data;
    expect(events.at(-1)).toMatchObject({ topic: 'products', event: 'POST/batch' });
    const failed = await t.app.inject({ method: 'POST', url: '/v1/products/batch', headers: as.B(s), payload: { products: [{ name: 'C' }, { name: 'D', parent_id: 'nope' }] } });
    expect(failed.statusCode).toBe(400);
    expect(failed.json().error['products.1.parent_id']).toBeDefined();
    expect((await t.app.inject({ method: 'GET', url: '/v1/products/count', headers: as.B(s) })).json().data.count).toBe(2);
    const upd = await t.app.inject({ method: 'PUT', url: '/v1/products/batch', headers: as.B(s), payload: { products: [{ id: a.id, name: 'A2' }, { id: b.id, dpi: 300 }] } });
    expect(upd.json().data.map((x: { name: string; dpi: number }) => [x.name, x.dpi])).toEqual([['A2', 72], ['B', 300]]);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/products/batch', headers: as.B(other), payload: { products: [{ id: a.id, name: 'x' }] } })).statusCode).toBe(404);
    const many = { products: Array.from({ length: 101 }, (_, i) => ({ name: `P${i}` })) };
    expect((await t.app.inject({ method: 'POST', url: '/v1/products/batch', headers: as.B(s), payload: many })).statusCode).toBe(413);
    const del = await t.app.inject({ method: 'DELETE', url: '/v1/products/batch', headers: as.B(s), payload: { products: [{ id: a.id }, { id: b.id }] } });
    expect(del.json()).toEqual({ message: 'Deleted successfully' });
    expect(events.at(-1)).toMatchObject({ topic: 'products', event: 'DELETE/batch' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/products/count', headers: as.B(s) })).json().data.count).toBe(0);
  });

  it('pages without gaps or duplicates, sorts and searches; 413 on limit', async () => {
    const s = await createStore(t.app);
    const ids: string[] = [];
    for (const n of ['Mug', 'T-shirt', 'Poster', 'Sticker', 'Mousepad']) ids.push((await createProduct(t.app, s, { name: n })).id);
    let k = 0;
    await expectStablePaging(t.app, '/v1/products', as.U(s), ids, () => createProduct(t.app, s, { name: `Late ${k++}` }));
    await expectStablePaging(t.app, '/v1/products?sortBy=name&sort=asc', as.B(s), ids, () => createProduct(t.app, s, { name: `Aardvark ${k++}` }));
    const found = await t.app.inject({ method: 'GET', url: '/v1/products?search=MOU&sortBy=name&sort=desc', headers: as.B(s) });
    expect(found.json().data.map((x: { name: string }) => x.name)).toEqual(['Mousepad']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/products?limit=101', headers: as.B(s) })).statusCode).toBe(413);
  });
});

describe('/sides', () => {
  it('carries trim, bleed and safe zone; rejects negative bleed and a safe zone outside the trim', async () => {
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    expect(side).toMatchObject({ product_id: p.id, width: 210, height: 297, bleed: { top: 3 }, safe_zone: { left: 5 }, dimension_unit: 'mm', dpi: 300 });
    expect(events.at(-1)).toMatchObject({ topic: 'sides', event: 'POST' });
    const neg = await t.app.inject({ method: 'PUT', url: `/v1/sides/${side.id}`, headers: as.B(store), payload: { bleed: { top: -1, right: 0, bottom: 0, left: 0 } } });
    expect(neg.statusCode).toBe(400);
    expect(neg.json().error['bleed.top']).toBeDefined();
    const outside = await t.app.inject({ method: 'PUT', url: `/v1/sides/${side.id}`, headers: as.B(store), payload: { safe_zone: { top: 150, right: 0, bottom: 150, left: 0 } } });
    expect(outside.statusCode).toBe(400);
    expect(outside.json().error.safe_zone).toBeDefined();
    const svg = (await upload(t.app, store, '/v1/images', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'))).json().data;
    const svgSide = await t.app.inject({ method: 'PUT', url: `/v1/sides/${side.id}`, headers: as.B(store), payload: { side_image_id: svg.id } });
    expect(svgSide.json().error.side_image_id).toEqual(['Side image can not svg']);
    const foreign = await createProduct(t.app, other);
    expect((await t.app.inject({ method: 'POST', url: '/v1/sides', headers: as.B(store), payload: { product_id: foreign.id, name: 'x', width: 1, height: 1 } })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: `/v1/sides/${side.id}`, headers: as.B(other) })).statusCode).toBe(404);
  });

  it("lists a product's sides and a side's templates; deleting keeps the snapshot readable", async () => {
    const photo = (await upload(t.app, store)).json().data;
    const p = await createProduct(t.app, store, { product_image_id: photo.id });
    expect(p.product_image).toMatchObject({ id: photo.id, mime_type: 'image/png' });
    const front = await createSide(t.app, store, p.id, { side_image_id: photo.id });
    expect(front.side_image).toMatchObject({ id: photo.id });
    expect(front.img_overlay).toBeNull();
    const back = await createSide(t.app, store, p.id, { name: 'Back' });
    const sides = await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}/sides?sort=asc`, headers: as.U(store) });
    expect(sides.json().data.map((x: { id: string }) => x.id)).toEqual([front.id, back.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}/sides/count`, headers: as.B(store) })).json().data.count).toBe(2);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}/sides`, headers: as.B(other) })).statusCode).toBe(404);
    const tpl = await t.app.inject({ method: 'POST', url: '/v1/templates', headers: as.B(store), payload: { side_id: front.id, name: 'Birthday', layers: [{ type: 'textbox', text: 'Hi', fontFamily: 'Roboto' }] } });
    expect(tpl.statusCode, tpl.body).toBe(201);
    expect(events.at(-1)).toMatchObject({ topic: 'templates', event: 'POST' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/sides/${front.id}/templates`, headers: as.U(store) })).json().data.map((x: { id: string }) => x.id)).toEqual([tpl.json().data.id]);
    const fonts = await t.app.inject({ method: 'GET', url: `/v1/templates/${tpl.json().data.id}/fonts`, headers: as.U(store) });
    expect(fonts.json().data.length).toBeGreaterThan(0);
    expect(fonts.json().data.every((f: { family: string }) => f.family === 'Roboto')).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: `/v1/sides/${front.id}`, headers: as.B(store) })).statusCode).toBe(200);
    expect(events.at(-1)).toMatchObject({ topic: 'sides', event: 'DELETE' });
    expect(await t.deps.catalog.sides.getIncludingDeleted(store.id, front.id)).toMatchObject({ id: front.id, width: 210, bleed: { top: 3 } });
    expect(await t.deps.catalog.sides.getIncludingDeleted(other.id, front.id)).toBeNull();
  });

  it('batches, pages, searches', async () => {
    const s = await createStore(t.app);
    const p = await createProduct(t.app, s);
    const res = await t.app.inject({ method: 'POST', url: '/v1/sides/batch', headers: as.B(s), payload: { sides: ['Front', 'Back', 'Inside'].map((name) => ({ product_id: p.id, name, width: 10, height: 10 })) } });
    expect(res.statusCode, res.body).toBe(201);
    expect(events.at(-1)).toMatchObject({ topic: 'sides', event: 'POST/batch' });
    const ids = res.json().data.map((x: { id: string }) => x.id);
    await expectStablePaging(t.app, '/v1/sides', as.B(s), ids, () => createSide(t.app, s, p.id));
    expect((await t.app.inject({ method: 'GET', url: '/v1/sides?search=insi', headers: as.B(s) })).json().data.map((x: { name: string }) => x.name)).toEqual(['Inside']);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/sides/batch', headers: as.B(s), payload: { sides: [{ id: ids[0], name: 'F' }] } })).statusCode).toBe(200);
    expect(events.at(-1)).toMatchObject({ topic: 'sides', event: 'PUT/batch' });
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/sides/batch', headers: as.B(s), payload: { sides: [{ id: ids[0] }] } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/sides?limit=101', headers: as.B(s) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/templates?limit=101', headers: as.B(s) })).statusCode).toBe(413);
  });

  it('runs the auth cases on products, sides and templates', async () => {
    const p = await createProduct(t.app, store);
    const side = await createSide(t.app, store, p.id);
    const tpl = (await t.app.inject({ method: 'POST', url: '/v1/templates', headers: as.B(store), payload: { side_id: side.id } })).json().data;
    const read = ['U', 'B', 'JS'] as const;
    const write = ['B', 'JS'] as const;
    const list: Array<[string, string, readonly ('U' | 'B' | 'JS')[], unknown?]> = [];
    for (const [path, id, body] of [['products', p.id, { name: 'x' }], ['sides', side.id, { name: 'x' }], ['templates', tpl.id, { name: 'x' }]] as const) {
      list.push(['GET', `/v1/${path}`, read], ['POST', `/v1/${path}`, write, body], ['GET', `/v1/${path}/count`, write], ['GET', `/v1/${path}/${id}`, read],
        ['PUT', `/v1/${path}/${id}`, write, body], ['DELETE', `/v1/${path}/${id}`, write], ['POST', `/v1/${path}/batch`, write, { [path]: [body] }],
        ['PUT', `/v1/${path}/batch`, write, { [path]: [{ id, ...body }] }], ['DELETE', `/v1/${path}/batch`, write, { [path]: [{ id }] }]);
    }
    list.push(['GET', `/v1/products/${p.id}/sides`, read], ['GET', `/v1/products/${p.id}/sides/count`, write], ['GET', `/v1/sides/${side.id}/templates`, read], ['GET', `/v1/templates/${tpl.id}/fonts`, read]);
    for (const [method, url, accepts, payload] of list) {
      await expectAuthCases(t.app, { method: method as 'GET', url, accepts: [...accepts], ...(payload ? { payload } : {}) }, store);
    }
  });
});
