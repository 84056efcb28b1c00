import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore } from '../../helpers/factories.js';
import { asK, eventsOf, storeKey, storeOn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string>, extra: { remoteAddress?: string } = {}) => t.app.inject({ method: 'GET', url, headers, ...extra });

describe('allowed origins and IPs', () => {
  it('a key with allowed_origins works only from those origins', async () => {
    const store = await storeOn(t, 'advanced');
    const pk = await storeKey(t, store, { kind: 'store_publishable', allowed_origins: ['https://shop.example', 'http://localhost:5173'] });
    const url = '/v1/stores/store-details';
    expect((await get(url, asK(pk.key, { origin: 'https://shop.example' }))).statusCode).toBe(200);
    expect((await get(url, asK(pk.key, { origin: 'http://localhost:5173' }))).statusCode).toBe(200);
    expect((await get(url, asK(pk.key, { origin: 'https://evil.example' }))).statusCode).toBe(401);
    expect((await get(url, asK(pk.key, { origin: 'https://shop.example.evil.example' }))).statusCode).toBe(401);
    expect((await get(url, asK(pk.key, { origin: 'http://shop.example' }))).statusCode).toBe(401);
    expect((await get(url, asK(pk.key))).statusCode).toBe(401); // no Origin at all
    const events = await eventsOf(t, store.owner, pk.data.uuid);
    expect(events[0]).toMatchObject({ event: 'auth_failed', reason: 'origin_not_allowed' });
  });

  it('a key with allowed_ips works only from those addresses and ranges (IPv4 and IPv6)', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store, { allowed_ips: ['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'] });
    const url = '/v1/stores/store-details';
    for (const ip of ['10.1.2.3', '192.0.2.7', '2001:db8::42', '::ffff:10.9.9.9']) {
      expect((await get(url, asK(sk.key), { remoteAddress: ip })).statusCode, ip).toBe(200);
    }
    for (const ip of ['11.0.0.1', '192.0.2.8', '2001:db9::1', '127.0.0.1']) {
      expect((await get(url, asK(sk.key), { remoteAddress: ip })).statusCode, ip).toBe(401);
    }
    const events = await eventsOf(t, store.owner, sk.data.uuid);
    expect(events[0]).toMatchObject({ event: 'auth_failed', reason: 'ip_not_allowed', ip: '127.0.0.1' });
  });
});

describe('CORS', () => {
  let c: TestApp;
  beforeAll(async () => {
    c = await buildTestApp({ env: { FOLIO_CORS_ORIGINS: 'https://dashboard.example' } });
  });
  afterAll(async () => c.close());

  const preflight = (app: TestApp, origin: string) =>
    app.app.inject({
      method: 'OPTIONS',
      url: '/v1/stores/store-details',
      headers: { origin, 'access-control-request-method': 'GET', 'access-control-request-headers': 'authorization' },
    });

  it("answers for a live publishable key's allowed origins, on preflight and on the request", async () => {
    const store = await createStore(c.app, undefined, { tier: 'advanced', deps: c.deps });
    const shop = 'https://shop-cors.example';
    expect((await preflight(c, shop)).headers['access-control-allow-origin']).toBeUndefined();
    const pk = await storeKey(c, store, { kind: 'store_publishable', allowed_origins: [shop] });

    const pre = await preflight(c, shop);
    expect(pre.statusCode).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe(shop);
    expect(String(pre.headers['access-control-allow-headers']).toLowerCase()).toContain('authorization');
    const real = await c.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: asK(pk.key, { origin: shop }) });
    expect(real.statusCode).toBe(200);
    expect(real.headers['access-control-allow-origin']).toBe(shop);

    expect((await preflight(c, 'https://dashboard.example')).headers['access-control-allow-origin']).toBe('https://dashboard.example');
    expect((await preflight(c, 'https://evil.example')).headers['access-control-allow-origin']).toBeUndefined();
    // A secret key's origins do not open CORS: secret keys do not belong in browsers.
    await storeKey(c, store, { allowed_origins: ['https://secret-only.example'] });
    expect((await preflight(c, 'https://secret-only.example')).headers['access-control-allow-origin']).toBeUndefined();

    await c.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/api-keys/${pk.data.uuid}`, headers: as.B(store) });
    expect((await preflight(c, shop)).headers['access-control-allow-origin']).toBeUndefined();
  });
});
