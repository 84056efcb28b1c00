import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { createProduct, createSide, expectStablePaging } from '../catalog/helpers.js';
import { printProduct, saveDesign } from './helpers.js';

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

const project = async (s: TestStore, body: Record<string, unknown>, headers: Record<string, string> = as.U(s)) => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/projects', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

describe('/projects and /project', () => {
  it('creates with the public token (code generated), reads, updates and deletes with the store key; the alias is the same collection', async () => {
    const p = await project(store, { name: 'Order 1042', note: 'gift wrap' });
    expect(p).toMatchObject({ name: 'Order 1042', status: 'processing', note: 'gift wrap', code: expect.stringMatching(/^P-[2-9A-HJ-NP-Z]{8}$/) });
    expect(events.at(-1)).toMatchObject({ topic: 'projects', event: 'POST', data: { id: p.id } });
    const viaAlias = await t.app.inject({ method: 'GET', url: `/v1/project/${p.id}`, headers: as.B(store) });
    expect(viaAlias.json()).toMatchObject({ data: { id: p.id, code: p.code } });
    const put = await t.app.inject({ method: 'PUT', url: `/v1/project/${p.id}`, headers: as.B(store), payload: { status: 'reviewing', code: 'SHOP-1042' } });
    expect(put.json()).toMatchObject({ data: { status: 'reviewing', code: 'SHOP-1042' }, message: 'Updated successfully' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}`, headers: as.B(store) })).json().data.status).toBe('reviewing');
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}`, headers: as.U(store) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/projects/${p.id}`, headers: as.U(store), payload: { status: 'accepted' } })).statusCode).toBe(401);
    for (const [method, payload] of [['GET', undefined], ['PUT', { note: 'x' }], ['DELETE', undefined]] as const) {
      expect((await t.app.inject({ method, url: `/v1/projects/${p.id}`, headers: as.B(other), ...(payload ? { payload } : {}) })).statusCode).toBe(404);
    }
    const bad = await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.U(store), payload: { status: 'shipped' } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error).sort()).toEqual(expect.arrayContaining(['name', 'status']));
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/project/${p.id}`, headers: as.B(store) })).json()).toEqual({ message: 'Deleted successfully' });
    const gone = await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}`, headers: as.B(store) });
    expect(gone.statusCode).toBe(404);
    expect(gone.json().error.message).toBe(`Can't find project with id: ${p.id}`);
  });

  it('filters by status, searches by name with `s` or `search`, pages stably; counts; 413', async () => {
    const s = await createStore(t.app);
    const a = await project(s, { name: 'Wedding invitations' });
    const b = await project(s, { name: 'Team shirts', status: 'accepted' });
    const c = await project(s, { name: 'Wedding menus', status: 'trashed' });
    const ids = async (q: string) => (await t.app.inject({ method: 'GET', url: `/v1/projects${q}`, headers: as.B(s) })).json().data.map((x: { id: string }) => x.id);
    expect(await ids('')).toEqual([c.id, b.id, a.id]);
    expect(await ids('?status=accepted')).toEqual([b.id]);
    expect(await ids('?s=wedding&sort=asc')).toEqual([a.id, c.id]);
    expect(await ids('?search=wedding&status=trashed')).toEqual([c.id]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/projects?status=lost', headers: as.B(s) })).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: '/v1/project?limit=101', headers: as.B(s) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/projects/count', headers: as.B(s) })).json().data.count).toBe(3);
    await expectStablePaging(t.app, '/v1/projects', as.B(s), [a.id, b.id, c.id], () => project(s, { name: 'more' }));
  });

  it("links designs by project_id and lists a project's designs and products", async () => {
    const s = await createStore(t.app);
    const { product, front, back } = await printProduct(t.app, s);
    const mug = await createProduct(t.app, s, { name: 'Mug' });
    const wrap = await createSide(t.app, s, mug.id, { name: 'Wrap', width: 200, height: 90 });
    await createProduct(t.app, s, { name: 'Unused' });
    const p = await project(s, { name: 'Order' });
    const d1 = await saveDesign(t.app, s, { side_id: front.id, project_id: p.id });
    const d2 = await saveDesign(t.app, s, { side_id: back.id, project_id: p.id, status: 'accepted' });
    const d3 = await saveDesign(t.app, s, { side_id: wrap.id });
    await saveDesign(t.app, s, { side_id: front.id });
    const moved = await t.app.inject({ method: 'PUT', url: `/v1/designs/${d3.id}`, headers: as.U(s), payload: { project_id: p.id } });
    expect(moved.json().data).toMatchObject({ project_id: p.id, project: { id: p.id, name: 'Order' } });
    const designs = (await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}/designs?sort=asc`, headers: as.B(s) })).json();
    expect(designs.data.map((d: { id: string }) => d.id)).toEqual([d1.id, d2.id, d3.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/project/${p.id}/designs?status=accepted`, headers: as.B(s) })).json().data.map((d: { id: string }) => d.id)).toEqual([d2.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}/designs/count`, headers: as.B(s) })).json().data.count).toBe(3);
    const products = (await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}/products?sortBy=name&sort=asc`, headers: as.B(s) })).json();
    expect(products.data.map((x: { name: string }) => x.name)).toEqual(['Flyer A5', 'Mug']);
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}/products/count`, headers: as.B(s) })).json().data.count).toBe(2);
    expect(product.id).toBeTruthy();
    const empty = await project(s, { name: 'Empty' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${empty.id}/products`, headers: as.B(s) })).json().data).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}/designs`, headers: as.B(other) })).statusCode).toBe(404);
    // A project of another store cannot be linked.
    const foreign = await project(other, { name: 'Theirs' });
    const cross = await t.app.inject({ method: 'PUT', url: `/v1/designs/${d1.id}`, headers: as.U(s), payload: { project_id: foreign.id } });
    expect(cross.statusCode).toBe(400);
    expect(cross.json().error).toHaveProperty('project_id');
  });

  it('batch: creation takes one project (the reference shape) or a list, with the public token; update and delete need the store key', async () => {
    const s = await createStore(t.app);
    const one = await t.app.inject({ method: 'POST', url: '/v1/projects/batch', headers: as.U(s), payload: { projects: { name: 'Single' } } });
    expect(one.statusCode, one.body).toBe(201);
    expect(one.json().data).toHaveLength(1);
    const many = await t.app.inject({ method: 'POST', url: '/v1/project/batch', headers: as.U(s), payload: { projects: [{ name: 'A' }, { name: 'B' }] } });
    expect(many.json().data.map((p: { name: string }) => p.name)).toEqual(['A', 'B']);
    const [a, b] = many.json().data;
    expect((await t.app.inject({ method: 'PUT', url: '/v1/projects/batch', headers: as.U(s), payload: { projects: [{ id: a.id, status: 'accepted' }] } })).statusCode).toBe(401);
    const upd = await t.app.inject({ method: 'PUT', url: '/v1/projects/batch', headers: as.B(s), payload: { projects: [{ id: a.id, status: 'accepted' }, { id: b.id, name: 'B2' }] } });
    expect(upd.json().data.map((p: { status: string; name: string }) => [p.name, p.status])).toEqual([['A', 'accepted'], ['B2', 'processing']]);
    const missing = await t.app.inject({ method: 'PUT', url: '/v1/projects/batch', headers: as.B(s), payload: { projects: [{ id: a.id, name: 'x' }, { id: '00000000-0000-4000-8000-000000000000', name: 'y' }] } });
    expect(missing.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${a.id}`, headers: as.B(s) })).json().data.name).toBe('A');
    expect((await t.app.inject({ method: 'DELETE', url: '/v1/projects/batch', headers: as.B(s), payload: { projects: [{ id: a.id }, { id: b.id }] } })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/projects/count', headers: as.B(s) })).json().data.count).toBe(1);
  });

  it('API keys: projects:write creates, projects:read reads; the public token and publishable keys cannot read orders', async () => {
    const writer = (await storeKey(t, store, { scopes: ['projects:write'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['projects:read'] })).key;
    const pk = (await storeKey(t, store, { kind: 'store_publishable' })).key;
    const p = await project(store, { name: 'K' }, asK(writer));
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}`, headers: asK(reader) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${p.id}`, headers: asK(writer) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/projects/${p.id}`, headers: asK(reader), payload: { name: 'x' } })).statusCode).toBe(403);
    // The default publishable key holds catalog:read designs:write only.
    expect((await t.app.inject({ method: 'POST', url: '/v1/projects', headers: asK(pk), payload: { name: 'x' } })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/projects', headers: asK(pk) })).statusCode).toBe(403);
  });

  it('credential cases on every route, both paths', async () => {
    const { front } = await printProduct(t.app, store);
    const p = await project(store, { name: 'Auth' });
    await saveDesign(t.app, store, { side_id: front.id, project_id: p.id });
    for (const base of ['/v1/projects', '/v1/project']) {
      const routes = [
        { method: 'POST', url: base, payload: { name: 'x' }, accepts: ['U'] },
        { method: 'GET', url: base, accepts: ['B', 'JS'] },
        { method: 'GET', url: `${base}/count`, accepts: ['B', 'JS'] },
        { method: 'GET', url: `${base}/${p.id}`, accepts: ['B', 'JS'] },
        { method: 'PUT', url: `${base}/${p.id}`, payload: { note: 'x' }, accepts: ['B', 'JS'] },
        { method: 'DELETE', url: `${base}/${p.id}`, accepts: ['B', 'JS'] },
        { method: 'POST', url: `${base}/batch`, payload: { projects: { name: 'x' } }, accepts: ['U'] },
        { method: 'PUT', url: `${base}/batch`, payload: { projects: [{ id: p.id }] }, accepts: ['B', 'JS'] },
        { method: 'DELETE', url: `${base}/batch`, payload: { projects: [{ id: p.id }] }, accepts: ['B', 'JS'] },
        { method: 'GET', url: `${base}/${p.id}/designs`, accepts: ['U'] },
        { method: 'GET', url: `${base}/${p.id}/designs/count`, accepts: ['B', 'JS'] },
        { method: 'GET', url: `${base}/${p.id}/products`, accepts: ['B', 'JS'] },
        { method: 'GET', url: `${base}/${p.id}/products/count`, accepts: ['B', 'JS'] },
      ] as const;
      for (const r of routes) await expectAuthCases(t.app, { ...r, accepts: [...r.accepts] }, store);
    }
  });
});
