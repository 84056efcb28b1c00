import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { expectStablePaging } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const create = async (s: TestStore, body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/storages', headers: as.B(s), payload: body });

describe('/storages', () => {
  it('creates, reads, updates and counts categories; another store sees 404', async () => {
    const res = await create(store, { name: 'Mugs', type: 'product' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Created successfully');
    const cat = res.json().data;
    expect(cat).toMatchObject({ name: 'Mugs', type: 'product', parent_id: null, is_default: false });
    const child = (await create(store, { name: 'Travel mugs', parent_id: cat.id })).json().data;
    expect(child.parent_storage_id).toBe(cat.id);

    const got = await t.app.inject({ method: 'GET', url: `/v1/storages/${cat.id}`, headers: as.U(store) });
    expect(got.json()).toMatchObject({ data: { id: cat.id }, message: 'Retrieved successfully' });
    const put = await t.app.inject({ method: 'PUT', url: `/v1/storages/${cat.id}`, headers: as.JS(store), payload: { name: 'Cups' } });
    expect(put.json()).toMatchObject({ data: { name: 'Cups' }, message: 'Updated successfully' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/storages/count', headers: as.B(store) })).json()).toEqual({ data: { count: 2 }, message: 'Retrieved successfully' });

    expect((await t.app.inject({ method: 'GET', url: `/v1/storages/${cat.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/storages/${cat.id}`, headers: as.B(other), payload: { name: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/storages/not-a-uuid', headers: as.B(store) })).statusCode).toBe(404);
  });

  it('validates: name required, unknown type, parent of another store', async () => {
    const r1 = await create(store, {});
    expect(r1.statusCode).toBe(400);
    expect(r1.json()).toMatchObject({ message: 'Invalid input', error: { name: expect.any(Array) } });
    expect((await create(store, { name: 'x', type: 'shoes' })).statusCode).toBe(400);
    const foreign = (await create(other, { name: 'Theirs' })).json().data;
    const r3 = await create(store, { name: 'x', parent_id: foreign.id });
    expect(r3.statusCode).toBe(400);
    expect(r3.json().error.parent_id).toBeDefined();
  });

  it('lists the curated defaults, and pages, sorts and searches', async () => {
    const def = await t.app.inject({ method: 'GET', url: '/v1/storages/default?limit=100', headers: as.U(store) });
    expect(def.statusCode).toBe(200);
    expect(def.json().data.length).toBeGreaterThanOrEqual(6);
    expect(def.json().data.every((c: { is_default: boolean }) => c.is_default)).toBe(true);

    const s = await createStore(t.app);
    const ids: string[] = [];
    for (const n of ['Alpha', 'beta', 'Gamma', 'delta', 'Epsilon']) ids.push((await create(s, { name: n })).json().data.id);
    let k = 0;
    await expectStablePaging(t.app, '/v1/storages', as.B(s), ids, () => create(s, { name: `Late ${k++}` }));

    const byName = await t.app.inject({ method: 'GET', url: '/v1/storages?sortBy=name&sort=asc&search=ta&limit=10', headers: as.B(s) });
    expect(byName.json().data.map((c: { name: string }) => c.name)).toEqual(['beta', 'delta']);
    const asc = await t.app.inject({ method: 'GET', url: '/v1/storages?sort=asc&limit=1', headers: as.B(s) });
    expect(asc.json().data[0].name).toBe('Alpha');
    expect((await t.app.inject({ method: 'GET', url: '/v1/storages?limit=101', headers: as.B(s) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/storages/default?limit=101', headers: as.B(s) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/storages?sortBy=color', headers: as.B(s) })).statusCode).toBe(400);
  });

  it('runs the auth cases on every route', async () => {
    const cat = (await create(store, { name: 'Auth' })).json().data;
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/storages', accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/storages', payload: { name: 'x' }, accepts: ['B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/storages/default', accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/storages/count', accepts: ['B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: `/v1/storages/${cat.id}`, accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'PUT', url: `/v1/storages/${cat.id}`, payload: { name: 'y' }, accepts: ['B', 'JS'] }, store);
  });
});
