import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { loadPlanTable } from '../../../src/modules/plans/plans.service.js';
import { expectStablePaging, png, upload } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  const plans = loadPlanTable(null);
  // A free store may keep 20 KB of cliparts here, so the quota is reached with small files.
  plans.quotas.clipart_storage_bytes = { ...plans.quotas.clipart_storage_bytes, free: 20_000 };
  t = await buildTestApp({ plans });
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const clipartStorage = async (s: TestStore, name: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/v1/clipart-storages', headers: as.B(s), payload: { name } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
};

describe('/cliparts', () => {
  it('uploads a clipart into categories; reads it as an Image and as a numeric Clipart', async () => {
    const cat = await clipartStorage(store, 'Animals');
    const res = await upload(t.app, store, '/v1/cliparts', await png(120, 80), [{ name: 'name', value: 'Fox' }, { name: 'storages[]', value: cat.id }]);
    expect(res.statusCode, res.body).toBe(201);
    const img = res.json().data;
    expect(img).toMatchObject({ type: 'cliparts', name: 'Fox', width: 120, height: 80 });
    expect((await t.app.inject({ method: 'GET', url: `/v1/cliparts/${img.id}`, headers: as.U(store) })).json().data.id).toBe(img.id);
    expect((await t.app.inject({ method: 'GET', url: `/v1/cliparts/${img.id}`, headers: as.B(other) })).statusCode).toBe(404);

    const mine = (await t.app.inject({ method: 'GET', url: '/v1/cliparts/mine', headers: as.U(store) })).json().data;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ uuid: img.id, name: 'Fox', storages: [cat.id], is_global: false });
    expect(Number.isInteger(mine[0].id)).toBe(true);
    const global = (await t.app.inject({ method: 'GET', url: '/v1/cliparts/global?limit=100', headers: as.U(store) })).json().data;
    expect(global.length).toBeGreaterThanOrEqual(6);
    expect(global.every((c: { is_global: boolean; id: number }) => c.is_global && Number.isInteger(c.id))).toBe(true);

    const inCat = await t.app.inject({ method: 'GET', url: `/v1/clipart-storages/${cat.id}/cliparts`, headers: as.U(store) });
    expect(inCat.json().data.map((d: { id: string }) => d.id)).toEqual([img.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/clipart-storages/${cat.id}/cliparts/count`, headers: as.B(store) })).json().data.count).toBe(1);
    const cats = await t.app.inject({ method: 'GET', url: `/v1/clipart-storages/${img.id}/storages`, headers: as.U(store) });
    expect(cats.json().data.map((d: { id: string }) => d.id)).toEqual([cat.id]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/clipart-storages/${cat.id}/cliparts`, headers: as.B(other) })).statusCode).toBe(404);
  });

  it('updates categories with 422 on invalid data; deletes', async () => {
    const img = (await upload(t.app, store, '/v1/cliparts')).json().data;
    const a = await clipartStorage(store, 'A');
    const bad = await t.app.inject({ method: 'PUT', url: `/v1/cliparts/${img.id}`, headers: as.B(store), payload: { storages: 'nope' } });
    expect(bad.statusCode).toBe(422);
    expect(bad.json()).toMatchObject({ message: expect.any(String), errors: { storages: expect.any(Array) } });
    const foreign = await clipartStorage(other, 'Theirs');
    expect((await t.app.inject({ method: 'PUT', url: `/v1/cliparts/${img.id}`, headers: as.B(store), payload: { storages: [foreign.id] } })).statusCode).toBe(422);
    const ok = await t.app.inject({ method: 'PUT', url: `/v1/cliparts/${img.id}`, headers: as.JS(store), payload: { storages: [a.id] } });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/cliparts/${img.id}`, headers: as.B(other), payload: { storages: [] } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/cliparts/${img.id}`, headers: as.B(store) })).json().message).toBe('Deleted successfully');
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/clipart-storages/${a.id}`, headers: as.B(store) })).statusCode).toBe(200);
  });

  it('refuses an upload over the tier quota with 402, and a PDF with 415', async () => {
    const s = await createStore(t.app);
    // Noise does not compress: about 11 KB each, so the second upload passes 20 KB.
    const big = await sharp(randomBytes(60 * 60 * 3), { raw: { width: 60, height: 60, channels: 3 } }).png().toBuffer();
    let status = 201;
    let n = 0;
    while (status === 201 && n < 5) {
      const res = await upload(t.app, s, '/v1/cliparts', Buffer.concat([big]), [], as.B(s));
      status = res.statusCode;
      n++;
      if (status !== 201) expect(res.json().error.code).toBe('quota_exceeded');
    }
    expect(status).toBe(402);
    expect((await upload(t.app, s, '/v1/cliparts', Buffer.from('%PDF-1.4\n%\xe2\xe3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF'))).statusCode).toBe(415);
  });

  it('lists defaults; pages, sorts and searches; 413 on limit', async () => {
    const def = (await t.app.inject({ method: 'GET', url: '/v1/cliparts/default?sortBy=name&sort=asc&limit=100', headers: as.U(store) })).json().data;
    expect(def.map((d: { name: string }) => d.name)).toEqual(['Arrow', 'Badge', 'Circle', 'Heart', 'Speech bubble', 'Star']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/cliparts/default/count', headers: as.B(store) })).json().data.count).toBe(6);
    expect((await t.app.inject({ method: 'GET', url: '/v1/clipart-storages/default', headers: as.U(store) })).json().data.length).toBeGreaterThanOrEqual(2);
    const s = await createStore(t.app);
    const ids: string[] = [];
    for (const n of ['one', 'two', 'three']) ids.push((await upload(t.app, s, '/v1/cliparts', await png(8, 8), [{ name: 'name', value: n }], as.B(s))).json().data.id);
    await expectStablePaging(t.app, '/v1/cliparts', as.B(s), ids, () => upload(t.app, s, '/v1/cliparts', undefined, [], as.B(s)));
    const mineIds = (await t.app.inject({ method: 'GET', url: '/v1/cliparts/mine?limit=100', headers: as.B(s) })).json().data.map((c: { id: number }) => String(c.id));
    await expectStablePaging(t.app, '/v1/cliparts/mine', as.B(s), mineIds, () => upload(t.app, s, '/v1/cliparts', undefined, [], as.B(s)));
    expect((await t.app.inject({ method: 'GET', url: '/v1/cliparts?search=THR', headers: as.B(s) })).json().data.map((d: { name: string }) => d.name)).toEqual(['three']);
    for (const url of ['/v1/cliparts', '/v1/cliparts/default', '/v1/cliparts/mine', '/v1/cliparts/global', '/v1/clipart-storages']) {
      expect((await t.app.inject({ method: 'GET', url: `${url}?limit=101`, headers: as.B(s) })).statusCode).toBe(413);
    }
  });

  it('runs the auth cases', async () => {
    const img = (await upload(t.app, store, '/v1/cliparts')).json().data;
    const cat = await clipartStorage(store, 'Auth');
    const read = ['U', 'B', 'JS'] as const;
    const write = ['B', 'JS'] as const;
    const routes: Array<[string, string, readonly ('U' | 'B' | 'JS')[], unknown?]> = [
      ['GET', '/v1/cliparts', read], ['POST', '/v1/cliparts', write], ['GET', '/v1/cliparts/default', read], ['GET', '/v1/cliparts/mine', read],
      ['GET', '/v1/cliparts/global', read], ['GET', '/v1/cliparts/count', read], ['GET', `/v1/cliparts/${img.id}`, read],
      ['PUT', `/v1/cliparts/${img.id}`, write, { storages: [] }], ['DELETE', `/v1/cliparts/${img.id}`, write], ['POST', '/v1/clipart/batch', write],
      ['POST', '/v1/clipart-storages', write, { name: 'x' }], ['GET', '/v1/clipart-storages', read], ['GET', '/v1/clipart-storages/default', read],
      ['DELETE', `/v1/clipart-storages/${cat.id}`, write], ['GET', `/v1/clipart-storages/${cat.id}/cliparts`, read],
      ['GET', `/v1/clipart-storages/${cat.id}/cliparts-default`, read], ['GET', `/v1/clipart-storages/${img.id}/storages`, read],
      ['GET', `/v1/clipart-storages/${img.id}/storages-default`, read], ['GET', `/v1/clipart-storages/${cat.id}/cliparts/count`, write],
    ];
    for (const [method, url, accepts, payload] of routes) {
      await expectAuthCases(t.app, { method: method as 'GET', url, accepts: [...accepts], ...(payload ? { payload } : {}) }, store);
    }
  });
});
