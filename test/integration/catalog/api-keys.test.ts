import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { createProduct, multipart, png } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

const uploadAs = async (url: string, headers: Record<string, string>) => {
  const m = multipart([{ name: 'file', filename: 'a.png', body: await png() }]);
  return t.app.inject({ method: 'POST', url, payload: m.payload, headers: { ...headers, ...m.headers } });
};

describe('catalog routes with API keys (K)', () => {
  it('reads need catalog:read, writes catalog:write, uploads assets:write', async () => {
    const reader = (await storeKey(t, store, { scopes: ['catalog:read'] })).key;
    const writer = (await storeKey(t, store, { scopes: ['catalog:write'] })).key;
    const assets = (await storeKey(t, store, { scopes: ['assets:write'] })).key;
    const p = await createProduct(t.app, store);

    expect((await t.app.inject({ method: 'GET', url: '/v1/products', headers: asK(reader) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/products/${p.id}`, headers: asK(reader) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/storages/default', headers: asK(reader) })).statusCode).toBe(200);
    const denied = await t.app.inject({ method: 'POST', url: '/v1/products', headers: asK(reader), payload: { name: 'x' } });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('insufficient_scope');
    expect((await t.app.inject({ method: 'GET', url: '/v1/products', headers: asK(writer) })).statusCode).toBe(403);

    expect((await t.app.inject({ method: 'POST', url: '/v1/products', headers: asK(writer), payload: { name: 'x' } })).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/products/${p.id}`, headers: asK(writer), payload: { name: 'y' } })).statusCode).toBe(200);
    expect((await uploadAs('/v1/images', asK(writer))).statusCode).toBe(403);

    expect((await uploadAs('/v1/images', asK(assets))).statusCode).toBe(201);
    expect((await uploadAs('/v1/cliparts', asK(assets))).statusCode).toBe(201);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/products/${p.id}`, headers: asK(assets) })).statusCode).toBe(403);

    // A publishable key (catalog:read designs:write by default) reads but cannot upload.
    const pk = (await storeKey(t, store, { kind: 'store_publishable' })).key;
    expect((await t.app.inject({ method: 'GET', url: '/v1/cliparts/default', headers: asK(pk) })).statusCode).toBe(200);
    expect((await uploadAs('/v1/images', asK(pk))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/v1/products', headers: as.B(store) })).statusCode).toBe(200);
  });
});
