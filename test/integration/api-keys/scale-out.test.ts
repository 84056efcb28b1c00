import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as } from '../../helpers/factories.js';
import { needs } from '../../helpers/requirements.js';
import { accountKey, asK, storeKey, storeOn } from './helpers.js';

/**
 * Two API processes on one PostgreSQL and one Redis: a revocation answered by one must
 * stop the key on the other's very next request, although the other had it cached.
 */
const scaleOut = needs('postgres', 'redis');

describe.skipIf(scaleOut.skip)(`scale-out: two processes, one database, one Redis${scaleOut.note}`, () => {
  let a: TestApp;
  let b: TestApp;
  const prefix = `folio-test:${randomUUID()}:`;
  beforeAll(async () => {
    const env = { FOLIO_REDIS_PREFIX: prefix };
    [a, b] = await Promise.all([buildTestApp({ env }), buildTestApp({ env })]);
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('revocation and rotation on one process stop the key on the other at once', async () => {
    const store = await storeOn(a, 'advanced');
    const url = `/v1/stores/${store.id}/api-keys`;
    for (let round = 0; round < 5; round++) {
      const sk = await storeKey(a, store);
      expect((await b.app.inject({ method: 'GET', url, headers: asK(sk.key) })).statusCode).toBe(200);
      expect(b.deps.apiKeys.cache.size).toBeGreaterThan(0); // b holds it in memory now
      const del = await a.app.inject({ method: 'DELETE', url: `${url}/${sk.data.uuid}`, headers: as.B(store) });
      expect(del.statusCode).toBe(200);
      expect((await b.app.inject({ method: 'GET', url, headers: asK(sk.key) })).statusCode).toBe(401);
    }
    const old = await storeKey(a, store);
    expect((await b.app.inject({ method: 'GET', url, headers: asK(old.key) })).statusCode).toBe(200);
    const rot = await a.app.inject({ method: 'POST', url: `${url}/${old.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: 0 } });
    expect(rot.statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url, headers: asK(old.key) })).statusCode).toBe(401);
    expect((await b.app.inject({ method: 'GET', url, headers: asK(rot.json().key) })).statusCode).toBe(200);
  });

  it('a store change on one process reaches the keys cached by the other', async () => {
    const store = await storeOn(a, 'advanced');
    const acc = await accountKey(a, store.owner);
    const headers = asK(acc.key, { 'x-service-store-sid': store.sid });
    const before = await b.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers });
    expect(before.json().data.entitlement.tier).toBe('advanced');
    await a.deps.stores.setTier(store.id, 'enterprise');
    const after = await b.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers });
    expect(after.json().data.entitlement.tier).toBe('enterprise');
  });

  it('store keys and public tokens cached by one process follow a store change made on the other at once', async () => {
    const store = await storeOn(a, 'advanced');
    const tierOn = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(store) })).json().data.entitlement.tier;
    const productsOn = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/v1/products', headers: as.U(store) })).statusCode;
    expect(await tierOn(b)).toBe('advanced');
    expect(await productsOn(b)).toBe(200);
    await a.deps.stores.setTier(store.id, 'enterprise');
    expect(await tierOn(b)).toBe('enterprise');
    // credentials reissued on a: the old store key and public token stop on b's next request
    const reissued = await a.app.inject({ method: 'PUT', url: '/v1/stores/token-revoke', headers: as.B(store) });
    expect(reissued.statusCode, reissued.body).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(store) })).statusCode).toBe(401);
    expect(await productsOn(b)).toBe(401);
    const fresh = { ...store, sid: reissued.json().data.sid, secret: reissued.json().data.secret, unauth_token: reissued.json().data.unauth_token };
    expect((await b.app.inject({ method: 'GET', url: '/v1/products', headers: as.U(fresh) })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(fresh) })).statusCode).toBe(200);
    // deleted on a: refused on b at once
    expect((await a.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}`, headers: as.J(store.owner) })).statusCode).toBe(200);
    expect((await b.app.inject({ method: 'GET', url: '/v1/products', headers: as.U(fresh) })).statusCode).toBe(401);
    expect((await b.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(fresh) })).statusCode).toBe(401);
  });

  it('a password changed on one process ends the earlier JWTs on the other at once, though it had them cached', async () => {
    // JWTs are signed with the deployment's secret: a third process sharing a's secrets
    const c = await buildTestApp({ env: { FOLIO_REDIS_PREFIX: prefix, FOLIO_DATA_DIR: a.dataDir } });
    try {
      const store = await storeOn(a, 'advanced');
      const user = store.owner;
      expect((await c.app.inject({ method: 'GET', url: '/v1/stores', headers: as.J(user) })).statusCode).toBe(200);
      const res = await a.app.inject({ method: 'PUT', url: '/v1/account/password-update', headers: as.J(user), payload: { current_password: user.password, password: 'N3w-Passw0rd!' } });
      expect(res.statusCode, res.body).toBe(200);
      expect((await c.app.inject({ method: 'GET', url: '/v1/stores', headers: as.J(user) })).statusCode).toBe(401);
      expect((await c.app.inject({ method: 'GET', url: '/v1/stores', headers: as.J({ token: res.json().data.access_token }) })).statusCode).toBe(200);
    } finally {
      await c.close();
    }
  });

  it('audit events written by both processes end up in one trail', async () => {
    const store = await storeOn(a, 'advanced');
    const sk = await storeKey(a, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    await a.app.inject({ method: 'GET', url, headers: asK(sk.key) });
    await b.app.inject({ method: 'GET', url, headers: asK(sk.key) });
    await b.deps.apiKeys.audit.flush();
    const res = await a.app.inject({ method: 'GET', url: `${url}/${sk.data.uuid}/events`, headers: as.B(store) });
    expect(res.json().data.filter((e: { event: string }) => e.event === 'auth_succeeded')).toHaveLength(2);
  });
});
