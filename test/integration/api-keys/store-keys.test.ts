import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases, expectEnvelope401 } from '../../helpers/auth-cases.js';
import { sha256Hex } from '../../../src/platform/crypto/tokens.js';
import { accountKey, asK, asKHeader, storeKey, storeOn } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

type Method = 'GET' | 'POST' | 'DELETE';
interface Endpoint {
  name: string;
  method: Method;
  /** a fresh target key each call, so rotate and revoke can run once per credential */
  url(store: TestStore): Promise<string>;
  payload?: Record<string, unknown>;
}

const endpoints: Endpoint[] = [
  { name: 'list', method: 'GET', url: async (s) => `/v1/stores/${s.id}/api-keys` },
  { name: 'create', method: 'POST', url: async (s) => `/v1/stores/${s.id}/api-keys`, payload: { name: 'made here' } },
  { name: 'rotate', method: 'POST', url: async (s) => `/v1/stores/${s.id}/api-keys/${(await storeKey(t, s)).data.uuid}/rotate` },
  { name: 'revoke', method: 'DELETE', url: async (s) => `/v1/stores/${s.id}/api-keys/${(await storeKey(t, s)).data.uuid}` },
  { name: 'events', method: 'GET', url: async (s) => `/v1/stores/${s.id}/api-keys/${(await storeKey(t, s)).data.uuid}/events` },
];

describe('store key endpoints × credentials (K, B, J+S)', () => {
  let store: TestStore;
  let other: TestStore;
  let credentials: Array<[string, Record<string, string>]>;
  beforeAll(async () => {
    store = await storeOn(t, 'advanced');
    other = await storeOn(t, 'advanced', store.owner); // same account, another store
    const sk = await storeKey(t, store);
    const acc = await accountKey(t, store.owner);
    credentials = [
      ['B', as.B(store)],
      ['J+S', as.JS(store)],
      ['K sk_live_ (Bearer)', asK(sk.key)],
      ['K sk_live_ (X-API-Key)', asKHeader(sk.key)],
      ['K sk_acc_live_', asK(acc.key)],
      ['K sk_acc_live_ + sid', asK(acc.key, { 'x-service-store-sid': store.sid })],
    ];
  });

  for (const ep of endpoints) {
    it(`${ep.name}: every accepted credential succeeds`, async () => {
      for (const [label, headers] of credentials) {
        const res = await t.app.inject({ method: ep.method, url: await ep.url(store), headers, ...(ep.payload ? { payload: ep.payload } : {}) });
        expect(res.statusCode, `${label}: ${res.body}`).toBe(200);
      }
    });

    it(`${ep.name}: no credential, U, J alone and wrong secrets → 401; a key with a bad checksum → 401`, async () => {
      const url = await ep.url(store);
      await expectAuthCases(t.app, { method: ep.method, url, accepts: ['K', 'B', 'JS'], ...(ep.payload ? { payload: ep.payload } : {}) }, store);
      const sk = (credentials[2]![1].authorization ?? '').slice(7);
      const mangled = `${sk.slice(0, -1)}${sk.endsWith('a') ? 'b' : 'a'}`;
      expectEnvelope401(await t.app.inject({ method: ep.method, url, headers: asK(mangled), ...(ep.payload ? { payload: ep.payload } : {}) }));
    });

    it(`${ep.name}: another store's credential → 404; a publishable key → 403`, async () => {
      const url = await ep.url(store);
      const otherKey = await storeKey(t, other);
      const acc = await accountKey(t, store.owner);
      for (const headers of [as.B(other), as.JS(other), asK(otherKey.key), asK(acc.key, { 'x-service-store-sid': other.sid })]) {
        const res = await t.app.inject({ method: ep.method, url, headers, ...(ep.payload ? { payload: ep.payload } : {}) });
        expect(res.statusCode, res.body).toBe(404);
      }
      const pk = await storeKey(t, store, { kind: 'store_publishable' });
      const res = await t.app.inject({ method: ep.method, url, headers: asK(pk.key), ...(ep.payload ? { payload: ep.payload } : {}) });
      expect(res.statusCode, res.body).toBe(403);
      expect(res.json().error.code).toBe('insufficient_scope');
    });
  }

  it("another account's store is 404, whatever the credential", async () => {
    const stranger = await storeOn(t, 'advanced');
    const acc = await accountKey(t, store.owner);
    for (const headers of [as.B(store), as.JS(store), asK(acc.key)]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/stores/${stranger.id}/api-keys`, headers });
      expect(res.statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/not-a-uuid/api-keys', headers: as.B(store) })).statusCode).toBe(404);
  });

  it('a key id of another store, or no key at all, is 404', async () => {
    const theirs = await storeKey(t, other);
    for (const id of [theirs.data.uuid, '01890a5d-ac96-774b-bcce-b302099a8057', 'nope']) {
      for (const [method, suffix] of [['POST', '/rotate'], ['DELETE', ''], ['GET', '/events']] as const) {
        const res = await t.app.inject({ method, url: `/v1/stores/${store.id}/api-keys/${id}${suffix}`, headers: as.B(store) });
        expect(res.statusCode, `${method} ${suffix} ${id}`).toBe(404);
      }
    }
  });
});

describe('POST /v1/stores/:store/api-keys', () => {
  it('issues sk_live_ by default and pk_live_ for publishable keys; the secret appears once', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store, { name: 'Server', expires_at: null, allowed_ips: ['203.0.113.0/24'] });
    expect(sk.key).toMatch(/^sk_live_[0-9A-Za-z]{46}$/);
    expect(sk.data).toMatchObject({
      name: 'Server',
      kind: 'store_secret',
      store_id: store.id,
      expires_at: null,
      allowed_origins: [],
      allowed_ips: ['203.0.113.0/24'],
      revoked_at: null,
      grace_until: null,
      status: 'active',
      prefix: sk.key.slice(0, 12),
      last4: sk.key.slice(-4),
    });
    expect(sk.data.scopes).toHaveLength(12);
    expect(JSON.stringify(sk.data)).not.toContain(sk.key);

    const pk = await storeKey(t, store, { name: 'Browser', kind: 'store_publishable', allowed_origins: ['https://Shop.Example/'] });
    expect(pk.key).toMatch(/^pk_live_[0-9A-Za-z]{46}$/);
    expect(pk.data).toMatchObject({ kind: 'store_publishable', scopes: ['catalog:read', 'designs:write'], allowed_origins: ['https://shop.example'] });

    // Nothing that is read later carries the secret.
    const list = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/api-keys`, headers: as.B(store) });
    expect(list.body).not.toContain(sk.key);
    expect(list.body).not.toContain(pk.key);
    expect(list.json().data.map((k: { uuid: string }) => k.uuid).sort()).toEqual([sk.data.uuid, pk.data.uuid].sort());
    expect(list.json().data[0].key).toBeUndefined();
  });

  it('stores only the SHA-256 of a key, never the key', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const row = await t.deps.database.db.selectFrom('api_keys').selectAll().where('id', '=', sk.data.uuid).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(sha256Hex(sk.key));
    expect(JSON.stringify(row)).not.toContain(sk.key);
    expect(JSON.stringify(row)).not.toContain(sk.key.slice(12, -4));
  });

  it('400: missing or blank name, unknown scope, malformed or past expiry, bad origin or IP, bad kind', async () => {
    const store = await storeOn(t, 'advanced');
    const post = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers: as.B(store), payload });
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, 'name'],
      [{ name: '   ' }, 'name'],
      [{ name: 'x', scopes: ['catalog:read', 'root:all'] }, 'scopes'],
      [{ name: 'x', scopes: 'catalog:read' }, 'scopes'],
      [{ name: 'x', expires_at: 'tomorrow' }, 'expires_at'],
      [{ name: 'x', expires_at: '2031-02-30' }, 'expires_at'],
      [{ name: 'x', expires_at: 1893456000 }, 'expires_at'],
      [{ name: 'x', expires_at: '2001-01-01T00:00:00Z' }, 'expires_at'],
      [{ name: 'x', allowed_origins: ['shop.example'] }, 'allowed_origins'],
      [{ name: 'x', allowed_origins: ['https://shop.example/path'] }, 'allowed_origins'],
      [{ name: 'x', allowed_ips: ['10.0.0.0/33'] }, 'allowed_ips'],
      [{ name: 'x', allowed_ips: ['example.com'] }, 'allowed_ips'],
      [{ name: 'x', kind: 'account' }, 'kind'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Invalid input');
      expect(res.json().error[field], `${JSON.stringify(payload)} → ${res.body}`).toBeDefined();
    }
    const unknown = await post({ name: 'x', scopes: ['root:all'] });
    expect(unknown.json().error.scopes[0]).toContain('root:all');
    const past = await post({ name: 'x', expires_at: '2001-01-01T00:00:00Z' });
    expect(past.json().error.expires_at).toEqual(['must be in the future']);
  });

  it('402 capability_not_available with current_tier and cta.url below Advanced', async () => {
    for (const tier of ['free', 'pro']) {
      const store = await storeOn(t, tier);
      const res = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers: as.B(store), payload: { name: 'x' } });
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toMatchObject({
        code: 'capability_not_available',
        details: { capability: 'api_keys', required_tier: 'advanced', current_tier: tier, cta: { url: expect.stringMatching(/^http.*tier=advanced/) } },
      });
    }
    for (const tier of ['advanced', 'premium', 'enterprise']) {
      const store = await storeOn(t, tier);
      await storeKey(t, store);
    }
  });

  it('a publishable key can hold at most the public-token scopes, never keys:*', async () => {
    const store = await storeOn(t, 'advanced');
    for (const scopes of [['keys:read'], ['keys:write'], ['catalog:write'], ['catalog:read', 'files:render']]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/v1/stores/${store.id}/api-keys`,
        headers: as.B(store),
        payload: { name: 'pk', kind: 'store_publishable', scopes },
      });
      expect(res.statusCode, scopes.join()).toBe(400);
      expect(res.json().error.scopes[0]).toContain('publishable');
    }
    const ok = await storeKey(t, store, { kind: 'store_publishable', scopes: ['catalog:read', 'designs:write', 'projects:write', 'assets:write'] });
    expect(ok.data.scopes).toEqual(['catalog:read', 'assets:write', 'designs:write', 'projects:write']);
  });
});

describe('GET /v1/stores/:store/api-keys (list conventions)', () => {
  it('pages with cursors, searches by name, 413 above 100', async () => {
    const store = await storeOn(t, 'advanced');
    for (let i = 0; i < 5; i++) await storeKey(t, store, { name: `Key ${i}` });
    await storeKey(t, store, { name: 'Zebra' });
    const seen: string[] = [];
    let url: string | null = `/v1/stores/${store.id}/api-keys?limit=2`;
    while (url) {
      const res = await t.app.inject({ method: 'GET', url: url.replace('http://folio.test', ''), headers: as.B(store) });
      expect(res.statusCode).toBe(200);
      const body: any = res.json();
      expect(body.meta.per_page).toBe(2);
      seen.push(...body.data.map((k: { uuid: string }) => k.uuid));
      url = body.links.next;
    }
    expect(new Set(seen).size).toBe(6);
    const search = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/api-keys?search=zeb`, headers: as.B(store) });
    expect(search.json().data.map((k: { name: string }) => k.name)).toEqual(['Zebra']);
    const big = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/api-keys?limit=101`, headers: as.B(store) });
    expect(big.statusCode).toBe(413);
  });

  it("lists only this store's keys, not account keys nor other stores' keys", async () => {
    const owner = await signUp(t.app);
    const a = await storeOn(t, 'advanced', owner);
    const b = await createStore(t.app, owner, { tier: 'advanced', deps: t.deps });
    const ka = await storeKey(t, a);
    await storeKey(t, b);
    await accountKey(t, owner);
    const res = await t.app.inject({ method: 'GET', url: `/v1/stores/${a.id}/api-keys`, headers: as.B(a) });
    expect(res.json().data.map((k: { uuid: string }) => k.uuid)).toEqual([ka.data.uuid]);
  });
});
