import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp, type TestStore, type TestUser } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { accountKey, asK, asKHeader, eventsOf, storeKey, storeOn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
interface Endpoint {
  name: string;
  method: Method;
  url(owner: TestUser, store: TestStore): Promise<string>;
  payload?: Record<string, unknown>;
}

// Account routes manage every key of the account: account keys and store keys alike.
const endpoints: Endpoint[] = [
  { name: 'list', method: 'GET', url: async () => '/v1/account/api-keys' },
  { name: 'create', method: 'POST', url: async () => '/v1/account/api-keys', payload: { name: 'made here' } },
  { name: 'rotate', method: 'POST', url: async (o) => `/v1/account/api-keys/${(await accountKey(t, o)).data.uuid}/rotate` },
  { name: 'rotate a store key', method: 'POST', url: async (_o, s) => `/v1/account/api-keys/${(await storeKey(t, s)).data.uuid}/rotate` },
  { name: 'revoke', method: 'DELETE', url: async (o) => `/v1/account/api-keys/${(await accountKey(t, o)).data.uuid}` },
  { name: 'events', method: 'GET', url: async (_o, s) => `/v1/account/api-keys/${(await storeKey(t, s)).data.uuid}/events` },
];

describe('account key endpoints × credentials (K, J)', () => {
  let owner: TestUser;
  let store: TestStore;
  let acc: string;
  beforeAll(async () => {
    owner = await signUp(t.app);
    store = await storeOn(t, 'advanced', owner);
    acc = (await accountKey(t, owner)).key;
  });

  for (const ep of endpoints) {
    it(`${ep.name}: J, an account key (Bearer, X-API-Key, with a sid) succeed`, async () => {
      for (const headers of [as.J(owner), asK(acc), asKHeader(acc), asK(acc, { 'x-service-store-sid': store.sid })]) {
        const res = await t.app.inject({ method: ep.method, url: await ep.url(owner, store), headers, ...(ep.payload ? { payload: ep.payload } : {}) });
        expect(res.statusCode, res.body).toBe(200);
      }
    });

    it(`${ep.name}: none, B, U, J+S, wrong secrets → 401; store and publishable keys → 403`, async () => {
      const url = await ep.url(owner, store);
      const base = { method: ep.method, url, ...(ep.payload ? { payload: ep.payload } : {}) };
      await expectAuthCases(t.app, { ...base, accepts: ['K', 'J'] }, store);
      const sk = await storeKey(t, store);
      const pk = await storeKey(t, store, { kind: 'store_publishable' });
      const bySk = await t.app.inject({ ...base, headers: asK(sk.key) });
      expect(bySk.statusCode, bySk.body).toBe(403);
      expect(bySk.json().error.message).toContain('store key');
      expect((await t.app.inject({ ...base, headers: asK(pk.key) })).statusCode).toBe(403);
    });
  }

  it("a store key's attempt on account keys is in its trail as scope_denied", async () => {
    const sk = await storeKey(t, store);
    const res = await t.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: asK(sk.key) });
    expect(res.statusCode).toBe(403);
    const events = await eventsOf(t, owner, sk.data.uuid);
    expect(events[0]).toMatchObject({ event: 'scope_denied', reason: 'store key on account keys', route: '/v1/account/api-keys' });
  });

  it("another account's key is 404 on rotate, revoke and events", async () => {
    const stranger = await signUp(t.app);
    await storeOn(t, 'advanced', stranger);
    const theirs = await accountKey(t, stranger);
    for (const [method, suffix] of [['POST', '/rotate'], ['DELETE', ''], ['GET', '/events']] as const) {
      for (const headers of [as.J(owner), asK(acc)]) {
        const res = await t.app.inject({ method, url: `/v1/account/api-keys/${theirs.data.uuid}${suffix}`, headers });
        expect(res.statusCode).toBe(404);
      }
    }
  });
});

describe('POST /v1/account/api-keys', () => {
  it('issues sk_acc_live_ account keys with every scope by default', async () => {
    const owner = await signUp(t.app);
    await storeOn(t, 'advanced', owner);
    const k = await accountKey(t, owner, { name: 'CI', allowed_ips: ['2001:db8::/48'] });
    expect(k.key).toMatch(/^sk_acc_live_[0-9A-Za-z]{46}$/);
    expect(k.data).toMatchObject({ kind: 'account', store_id: null, name: 'CI', allowed_ips: ['2001:db8::/48'], status: 'active' });
    expect(k.data.scopes).toHaveLength(12);
  });

  it('402 when no store of the account is on Advanced; allowed once one is', async () => {
    const owner = await signUp(t.app);
    const post = () => t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: as.J(owner), payload: { name: 'x' } });
    const none = await post(); // no store at all
    expect(none.statusCode).toBe(402);
    expect(none.json().error).toMatchObject({ code: 'capability_not_available', details: { current_tier: 'free', cta: { url: expect.any(String) } } });
    await storeOn(t, 'free', owner);
    const pro = await storeOn(t, 'pro', owner);
    const low = await post();
    expect(low.statusCode).toBe(402);
    expect(low.json().error.details.current_tier).toBe('pro');
    await t.deps.stores.setTier(pro.id, 'premium');
    expect((await post()).statusCode).toBe(200);
  });

  it('400 on unknown scope and malformed expiry; kind is not taken here', async () => {
    const owner = await signUp(t.app);
    await storeOn(t, 'advanced', owner);
    for (const [payload, field] of [
      [{ name: 'x', scopes: ['keys:admin'] }, 'scopes'],
      [{ name: 'x', expires_at: '31/12/2031' }, 'expires_at'],
      [{ name: 'x', expires_at: '2000-01-01T00:00:00Z' }, 'expires_at'],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: as.J(owner), payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error[field]).toBeDefined();
    }
    const k = await accountKey(t, owner, { kind: 'store_publishable' });
    expect(k.data.kind).toBe('account');
  });
});

describe('GET /v1/account/api-keys', () => {
  it('lists every key across every store of the account plus account keys, and nobody else’s', async () => {
    const owner = await signUp(t.app);
    const a = await storeOn(t, 'advanced', owner);
    const b = await createStore(t.app, owner, { tier: 'enterprise', deps: t.deps });
    const ids = [(await storeKey(t, a)).data.uuid, (await storeKey(t, b, { kind: 'store_publishable' })).data.uuid, (await accountKey(t, owner)).data.uuid];
    const stranger = await storeOn(t, 'advanced');
    await storeKey(t, stranger);
    const res = await t.app.inject({ method: 'GET', url: '/v1/account/api-keys', headers: as.J(owner) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((k: { uuid: string }) => k.uuid).sort()).toEqual(ids.sort());
    expect(res.json().links).toBeDefined();
  });
});

describe('account key reach', () => {
  it('reaches every store of its account by path, or one store named by X-Service-Store-Sid', async () => {
    const owner = await signUp(t.app);
    const a = await storeOn(t, 'advanced', owner);
    const b = await createStore(t.app, owner, { deps: t.deps }); // free tier: reach does not depend on plan
    const acc = await accountKey(t, owner);
    for (const s of [a, b]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/stores/${s.id}/api-keys`, headers: asK(acc.key) });
      expect(res.statusCode).toBe(200);
    }
    // Named store: that store only.
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${a.id}/api-keys`, headers: asK(acc.key, { 'x-service-store-sid': a.sid }) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${b.id}/api-keys`, headers: asK(acc.key, { 'x-service-store-sid': a.sid }) })).statusCode).toBe(404);
    const details = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: asK(acc.key, { 'x-service-store-sid': b.sid }) });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.id).toBe(b.id);
  });

  it("a sid of another account's store, or no store at all, is 401", async () => {
    const owner = await signUp(t.app);
    await storeOn(t, 'advanced', owner);
    const acc = await accountKey(t, owner);
    const stranger = await storeOn(t, 'advanced');
    for (const sid of [stranger.sid, 'sid_doesnotexist']) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: asK(acc.key, { 'x-service-store-sid': sid }) });
      expect(res.statusCode).toBe(401);
    }
  });

  it('a store key sent with the sid of another store is 401', async () => {
    const owner = await signUp(t.app);
    const a = await storeOn(t, 'advanced', owner);
    const b = await createStore(t.app, owner);
    const sk = await storeKey(t, a);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: asK(sk.key, { 'x-service-store-sid': a.sid }) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: asK(sk.key, { 'x-service-store-sid': b.sid }) })).statusCode).toBe(401);
  });
});
