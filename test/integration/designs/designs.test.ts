import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { expectStablePaging, upload } from '../catalog/helpers.js';
import { imageLayer, printProduct, saveDesign, textLayer } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
const events: DomainEvent[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.deps.events.subscribe(async (e) => void events.push(e));
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
});
afterAll(async () => t.close());

describe('/designs', () => {
  it('saves with the public token, embeds the side snapshot, reads, updates, deletes; events; another store 404', async () => {
    const { product, front } = await printProduct(t.app, store);
    const { layer } = await imageLayer(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer(), layer], viewport_width: 600, viewport_height: 848 });
    expect(d).toMatchObject({
      side_id: front.id,
      product_id: product.id,
      project_id: null,
      name: 'Front',
      status: 'processing',
      is_uploader: false,
      viewport: { width: 600, height: 848 },
      original_side: { id: front.id, width: 148, height: 210, bleed: { top: 3 }, safe_zone: { left: 5 }, dimension_unit: 'mm', dpi: 300 },
      original_output_options: { dpi: 300, dimension_unit: 'mm' },
      side: { id: front.id, ratio: 148 / 210 },
      product: { id: product.id, name: 'Flyer A5' },
    });
    expect(d.layers).toHaveLength(2);
    expect(events.at(-1)).toMatchObject({ topic: 'designs', event: 'POST', storeId: store.id, data: { id: d.id } });

    const got = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) });
    expect(got.json()).toMatchObject({ data: { id: d.id, layers: d.layers }, message: 'Retrieved successfully' });
    const put = await t.app.inject({ method: 'PUT', url: `/v1/designs/${d.id}`, headers: as.U(store), payload: { status: 'accepted', note: 'rush', layers: [textLayer({ text: 'Changed' })] } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toMatchObject({ data: { status: 'accepted', note: 'rush', layers: [{ text: 'Changed' }] }, message: 'Updated successfully' });
    expect(events.at(-1)).toMatchObject({ topic: 'designs', event: 'PUT' });

    for (const [method, payload] of [['GET', undefined], ['PUT', { note: 'x' }], ['DELETE', undefined]] as const) {
      const res = await t.app.inject({ method, url: `/v1/designs/${d.id}`, headers: as.B(other), ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method}`).toBe(404);
    }
    // The public token may not delete or list (store key only).
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/designs/${d.id}`, headers: as.U(store) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs', headers: as.U(store) })).statusCode).toBe(401);
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/designs/${d.id}`, headers: as.B(store) });
    expect(del.json()).toEqual({ message: 'Deleted successfully' });
    expect(events.at(-1)).toMatchObject({ topic: 'designs', event: 'DELETE', data: { id: d.id } });
    const gone = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.B(store) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(`Can't find design with id: ${d.id}`);
  });

  it('keeps its snapshot when the product and side change or are deleted', async () => {
    const { product, front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer()] });
    await t.app.inject({ method: 'PUT', url: `/v1/sides/${front.id}`, headers: as.B(store), payload: { width: 99, bleed: { top: 0, right: 0, bottom: 0, left: 0 }, dpi: 150 } });
    const after = (await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.B(store) })).json().data;
    expect(after.original_side).toMatchObject({ width: 148, bleed: { top: 3 }, dpi: 300 });
    expect(after.original_output_options).toEqual({ dpi: 300, dimension_unit: 'mm' });
    expect(after.side).toMatchObject({ width: 99, dpi: 150 });
    // An edit of the design itself keeps the snapshot the order was made with.
    const edited = (await t.app.inject({ method: 'PUT', url: `/v1/designs/${d.id}`, headers: as.U(store), payload: { note: 'edited' } })).json().data;
    expect(edited.original_side.width).toBe(148);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/products/${product.id}`, headers: as.B(store) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/sides/${front.id}`, headers: as.B(store) })).statusCode).toBe(200);
    const still = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: as.U(store) });
    expect(still.statusCode).toBe(200);
    expect(still.json().data).toMatchObject({ original_side: { id: front.id, width: 148 }, product: { id: product.id } });
    // It cannot be moved onto a deleted side, though.
    const moved = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id } });
    expect(moved.statusCode).toBe(400);
    expect(moved.json().error).toHaveProperty('side_id');
  });

  it('rejects unknown layer types, unknown fonts and foreign images with 400 naming the layer', async () => {
    const { front } = await printProduct(t.app, store);
    const foreign = (await upload(t.app, other)).json().data;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/designs',
      headers: as.U(store),
      payload: { side_id: front.id, layers: [textLayer(), { type: 'hologram', left: 1 }] },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid input', error: { 'layers[1].type': expect.any(Array) } });

    const fonts = await t.app.inject({
      method: 'POST',
      url: '/v1/designs',
      headers: as.U(store),
      payload: { side_id: front.id, layers: [textLayer({ fontFamily: 'Comic Sans MS' }), textLayer({ fontFamily: "'Nope', sans-serif" }), { type: 'group', objects: [textLayer({ fontFamily: 'Papyrus' })] }] },
    });
    expect(fonts.statusCode).toBe(400);
    expect(Object.keys(fonts.json().error).sort()).toEqual(['layers[0].fontFamily', 'layers[2].objects[0].fontFamily']);

    const images = await t.app.inject({
      method: 'POST',
      url: '/v1/designs',
      headers: as.U(store),
      payload: { side_id: front.id, layers: [{ type: 'image', src: foreign.url }, { type: 'image', image_id: foreign.id }, { type: 'image', src: 'https://example.com/cat.png' }] },
    });
    expect(images.statusCode).toBe(400);
    expect(Object.keys(images.json().error).sort()).toEqual(['layers[0].src', 'layers[1].image_id', 'layers[2].src']);

    // Fonts the store registered are fine, and so are default ones and the store's images by id.
    const own = (await upload(t.app, store)).json().data;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/v1/designs',
      headers: as.U(store),
      payload: { side_id: front.id, layers: [textLayer({ fontFamily: 'Lora' }), { type: 'image', image_id: own.id }] },
    });
    expect(ok.statusCode, ok.body).toBe(201);

    const refs = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { side_id: front.id, project_id: 'nope', preview_image_id: foreign.id } });
    expect(refs.statusCode).toBe(400);
    expect(Object.keys(refs.json().error).sort()).toEqual(['preview_image_id', 'project_id']);
    const schema = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: as.U(store), payload: { layers: 'x', status: 'shipped' } });
    expect(schema.statusCode).toBe(400);
    expect(schema.json().message).toBe('Invalid input');
  });

  it('lists with status filter, search, sort and stable cursor paging; counts; 413 above 100', async () => {
    const s = await createStore(t.app);
    const { product, front, back } = await printProduct(t.app, s);
    const a = await saveDesign(t.app, s, { side_id: front.id, name: 'Alpha card', status: 'accepted' });
    const b = await saveDesign(t.app, s, { side_id: back.id, name: 'Beta card' });
    const c = await saveDesign(t.app, s, { side_id: front.id, name: 'Gamma', status: 'declined' });
    const list = async (q: string) => (await t.app.inject({ method: 'GET', url: `/v1/designs${q}`, headers: as.B(s) })).json();
    expect((await list('')).data.map((d: { id: string }) => d.id)).toEqual([c.id, b.id, a.id]);
    expect((await list('?status=accepted')).data.map((d: { id: string }) => d.id)).toEqual([a.id]);
    expect((await list('?search=CARD&sort=asc')).data.map((d: { id: string }) => d.id)).toEqual([a.id, b.id]);
    expect((await list('?sortBy=name&sort=asc')).data.map((d: { name: string }) => d.name)).toEqual(['Alpha card', 'Beta card', 'Gamma']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs?limit=101', headers: as.B(s) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs?sortBy=colour', headers: as.B(s) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs/count', headers: as.B(s) })).json()).toEqual({ data: { count: 3 }, message: 'Retrieved successfully' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${product.id}/designs/count`, headers: as.B(s) })).json().data.count).toBe(3);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${product.id}/designs?status=declined`, headers: as.B(s) })).json().data.map((d: { id: string }) => d.id)).toEqual([c.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${product.id}/designs`, headers: as.B(other) })).statusCode).toBe(404);
    await expectStablePaging(t.app, '/v1/designs', as.B(s), [a.id, b.id, c.id], () => saveDesign(t.app, s, { side_id: front.id }));
  });

  it('batch creates and updates with the public token, all or nothing; batch delete needs the store key', async () => {
    const s = await createStore(t.app);
    const { front, back } = await printProduct(t.app, s);
    const created = await t.app.inject({ method: 'POST', url: '/v1/designs/batch', headers: as.U(s), payload: { designs: [{ side_id: front.id, layers: [textLayer()] }, { side_id: back.id }] } });
    expect(created.statusCode, created.body).toBe(201);
    const [x, y] = created.json().data;
    const failed = await t.app.inject({ method: 'POST', url: '/v1/designs/batch', headers: as.U(s), payload: { designs: [{ side_id: front.id }, { side_id: front.id, layers: [{ type: 'blob' }] }] } });
    expect(failed.statusCode).toBe(400);
    expect(Object.keys(failed.json().error)).toEqual(['designs.1.layers[0].type']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs/count', headers: as.B(s) })).json().data.count).toBe(2);
    const updated = await t.app.inject({ method: 'PUT', url: '/v1/designs/batch', headers: as.U(s), payload: { designs: [{ id: x.id, status: 'accepted' }, { id: y.id, note: 'n' }] } });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().data.map((d: { status: string; note: string | null }) => [d.status, d.note])).toEqual([['accepted', null], ['processing', 'n']]);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/designs/batch', headers: as.U(s), payload: { designs: [{ id: x.id }] } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/designs/batch', headers: as.B(s), payload: { designs: [{ id: x.id }, { id: y.id }] } })).json()).toEqual({ message: 'Deleted successfully' });
    expect((await t.app.inject({ method: 'POST', url: '/v1/designs/batch', headers: as.U(s), payload: { designs: Array.from({ length: 101 }, () => ({ side_id: front.id })) } })).statusCode).toBe(413);
  });

  it("lists a design's fonts and the store's design images", async () => {
    const { front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id, layers: [textLayer({ fontFamily: 'Lora' }), { type: 'group', objects: [textLayer({ fontFamily: 'Roboto Mono' })] }] });
    const fonts = await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}/fonts`, headers: as.U(store) });
    expect(fonts.statusCode).toBe(200);
    expect(new Set(fonts.json().data.map((f: { family: string }) => f.family))).toEqual(new Set(['Lora', 'Roboto Mono']));
    const s = await createStore(t.app);
    await upload(t.app, s, '/v1/images', undefined, [{ name: 'type', value: 'designs' }], as.U(s));
    await upload(t.app, s);
    const imgs = (await t.app.inject({ method: 'GET', url: '/v1/designs/images', headers: as.U(s) })).json();
    expect(imgs.data).toHaveLength(1);
    expect(imgs.data[0]).toMatchObject({ type: 'designs' });
  });

  it('API keys: designs:write saves and reads back, designs:read lists, a publishable key saves but cannot list', async () => {
    const { front } = await printProduct(t.app, store);
    const writer = (await storeKey(t, store, { scopes: ['designs:write'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['designs:read'] })).key;
    const catalogOnly = (await storeKey(t, store, { scopes: ['catalog:read'] })).key;
    const pk = (await storeKey(t, store, { kind: 'store_publishable' })).key;
    const d = await saveDesign(t.app, store, { side_id: front.id }, asK(writer));
    expect((await t.app.inject({ method: 'GET', url: `/v1/designs/${d.id}`, headers: asK(writer) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs', headers: asK(writer) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs', headers: asK(reader) })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'POST', url: '/v1/designs', headers: asK(catalogOnly), payload: { side_id: front.id } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('insufficient_scope');
    expect((await t.app.inject({ method: 'POST', url: '/v1/designs', headers: asK(pk), payload: { side_id: front.id } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'GET', url: '/v1/designs', headers: asK(pk) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/designs/${d.id}`, headers: asK(reader) })).statusCode).toBe(403);
  });

  it('credential cases on every route', async () => {
    const { product, front } = await printProduct(t.app, store);
    const d = await saveDesign(t.app, store, { side_id: front.id });
    const routes = [
      { method: 'POST', url: '/v1/designs', payload: { side_id: front.id }, accepts: ['U'] },
      { method: 'GET', url: '/v1/designs', accepts: ['B', 'JS'] },
      { method: 'GET', url: '/v1/designs/count', accepts: ['B', 'JS'] },
      { method: 'GET', url: `/v1/designs/${d.id}`, accepts: ['U'] },
      { method: 'PUT', url: `/v1/designs/${d.id}`, payload: { note: 'x' }, accepts: ['U'] },
      { method: 'DELETE', url: `/v1/designs/${d.id}`, accepts: ['B', 'JS'] },
      { method: 'POST', url: '/v1/designs/batch', payload: { designs: [{ side_id: front.id }] }, accepts: ['U'] },
      { method: 'PUT', url: '/v1/designs/batch', payload: { designs: [{ id: d.id }] }, accepts: ['U'] },
      { method: 'DELETE', url: '/v1/designs/batch', payload: { designs: [{ id: d.id }] }, accepts: ['B', 'JS'] },
      { method: 'GET', url: `/v1/designs/${d.id}/fonts`, accepts: ['U'] },
      { method: 'GET', url: '/v1/designs/images', accepts: ['U'] },
      { method: 'GET', url: `/v1/products/${product.id}/designs`, accepts: ['B', 'JS'] },
      { method: 'GET', url: `/v1/products/${product.id}/designs/count`, accepts: ['B', 'JS'] },
    ] as const;
    for (const r of routes) await expectAuthCases(t.app, { ...r, accepts: [...r.accepts] }, store);
  });
});
