import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiKeysRepo } from '../../../src/modules/api-keys/api-keys.repo.js';
import { generateKey } from '../../../src/modules/api-keys/key-format.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp } from '../../helpers/factories.js';
import { accountKey, asK, asKHeader, eventsOf, storeKey, storeOn, testClock } from './helpers.js';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(async () => t.close());

const HOUR = 3_600_000;
const get = (url: string, headers: Record<string, string>, extra: { remoteAddress?: string } = {}) => t.app.inject({ method: 'GET', url, headers, ...extra });

describe('K on the existing routes that list it', () => {
  it('GET /stores/:store, /stores/store-details and /account/capabilities answer a store key; never with store credentials', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store, { scopes: [] }); // these reads need no scope
    for (const headers of [asK(sk.key), asKHeader(sk.key)]) {
      const one = await get(`/v1/stores/${store.id}?include=credentials`, headers);
      expect(one.statusCode).toBe(200);
      expect(one.json().data.id).toBe(store.id);
      expect(one.json().data.secret).toBeUndefined();
      expect(one.json().data.sid).toBeUndefined();
      expect(one.json().data.unauth_token).toBeUndefined();
      const details = await get('/v1/stores/store-details?include=credentials', headers);
      expect(details.statusCode).toBe(200);
      expect(details.json().data.secret).toBeUndefined();
      const caps = await get('/v1/account/capabilities', headers);
      expect(caps.statusCode).toBe(200);
      expect(caps.json().data.entitlement.tier).toBe('advanced');
    }
    const other = await createStore(t.app, store.owner);
    expect((await get(`/v1/stores/${other.id}`, asK(sk.key))).statusCode).toBe(404);
  });

  it('an account key without a sid is a user principal: capabilities 403, store-details 404; with a sid it is the store', async () => {
    const owner = await signUp(t.app);
    const store = await storeOn(t, 'premium', owner);
    const acc = await accountKey(t, owner);
    expect((await get('/v1/account/capabilities', asK(acc.key))).statusCode).toBe(403);
    expect((await get('/v1/stores/store-details', asK(acc.key))).statusCode).toBe(404);
    const caps = await get('/v1/account/capabilities', asK(acc.key, { 'x-service-store-sid': store.sid }));
    expect(caps.statusCode).toBe(200);
    expect(caps.json().data.entitlement.tier).toBe('premium');
    const read = await get(`/v1/stores/${store.id}?include=credentials`, asK(acc.key));
    expect(read.statusCode).toBe(200);
    expect(read.json().data.secret).toBeUndefined();
  });

  it('routes that do not list K answer 401, and the attempt is in the trail', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const res = await get('/v1/stores', asK(sk.key));
    expect(res.statusCode).toBe(401);
    expect(res.json().error.message).toContain('Unacceptable');
    await new Promise((r) => setTimeout(r, 50)); // the lookup for the trail runs after the answer
    const events = await eventsOf(t, store.owner, sk.data.uuid);
    expect(events[0]).toMatchObject({ event: 'auth_failed', reason: 'credential_not_accepted', method: 'GET', route: '/v1/stores' });
  });

  it('malformed keys are 401 without a database lookup; well-formed unknown keys are 401 after one', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    const lookups = vi.spyOn(ApiKeysRepo.prototype, 'byHash');
    try {
      const flipped = `${sk.key.slice(0, 20)}${sk.key[20] === 'a' ? 'b' : 'a'}${sk.key.slice(21)}`;
      for (const bad of [sk.key.slice(0, -1), `${sk.key}x`, 'sk_live_short', sk.key.replace('sk_live_', 'sk_acc_live_'), flipped]) {
        expect((await get(url, asK(bad))).statusCode, bad).toBe(401);
      }
      expect(lookups).not.toHaveBeenCalled();
      const unknown = generateKey('store_secret').key;
      expect((await get(url, asK(unknown))).statusCode).toBe(401);
      expect(lookups).toHaveBeenCalledTimes(1);
    } finally {
      lookups.mockRestore();
    }
  });
});

describe('expiry', () => {
  it('works until expires_at, then 401 with an auth_failed event', async () => {
    const store = await storeOn(t, 'advanced');
    const expires = clock.now() + HOUR;
    const sk = await storeKey(t, store, { expires_at: new Date(expires).toISOString() });
    expect(sk.data.expires_at).toBe(new Date(expires).toISOString());
    const url = `/v1/stores/${store.id}/api-keys`;
    clock.set(expires - 1);
    expect((await get(url, asK(sk.key))).statusCode).toBe(200);
    clock.set(expires);
    expect((await get(url, asK(sk.key))).statusCode).toBe(401);
    const events = await eventsOf(t, store.owner, sk.data.uuid);
    expect(events[0]).toMatchObject({ event: 'auth_failed', reason: 'expired' });
    const listed = await get(url, as.B(store));
    expect(listed.json().data[0].status).toBe('expired');
  });

  it('expires_at must be in the future by the service clock', async () => {
    const store = await storeOn(t, 'advanced');
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/stores/${store.id}/api-keys`,
      headers: as.B(store),
      payload: { name: 'x', expires_at: new Date(clock.now()).toISOString() },
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('rotation', () => {
  it('the old key works until grace_until and fails from it; the new key carries the same settings', async () => {
    const store = await storeOn(t, 'advanced');
    const old = await storeKey(t, store, {
      name: 'rotating',
      scopes: ['catalog:read', 'keys:read', 'keys:write'],
      expires_at: new Date(clock.now() + 30 * 24 * HOUR).toISOString(),
      allowed_origins: ['https://shop.example'],
      allowed_ips: ['127.0.0.0/8', '::1'],
    });
    const headers = (key: string) => asK(key, { origin: 'https://shop.example' });
    const url = `/v1/stores/${store.id}/api-keys`;
    expect((await get(url, headers(old.key))).statusCode).toBe(200); // cached from here on

    const t0 = clock.now();
    const rot = await t.app.inject({ method: 'POST', url: `${url}/${old.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: 60 } });
    expect(rot.statusCode, rot.body).toBe(200);
    const fresh = rot.json();
    expect(fresh.key).toMatch(/^sk_live_/);
    expect(fresh.key).not.toBe(old.key);
    expect(fresh.data).toMatchObject({
      kind: 'store_secret',
      name: 'rotating',
      scopes: old.data.scopes,
      expires_at: old.data.expires_at,
      allowed_origins: old.data.allowed_origins,
      allowed_ips: old.data.allowed_ips,
      rotated_from: old.data.uuid,
      grace_until: null,
      status: 'active',
    });
    expect(fresh.data.uuid).not.toBe(old.data.uuid);

    const graceUntil = t0 + 60_000;
    const oldRecord = (await get(url, as.B(store))).json().data.find((k: { uuid: string }) => k.uuid === old.data.uuid);
    expect(oldRecord).toMatchObject({ grace_until: new Date(graceUntil).toISOString(), status: 'grace' });

    clock.set(graceUntil - 1);
    expect((await get(url, headers(old.key))).statusCode).toBe(200);
    expect((await get(url, headers(fresh.key))).statusCode).toBe(200);
    clock.set(graceUntil);
    expect((await get(url, headers(old.key))).statusCode).toBe(401);
    expect((await get(url, headers(fresh.key))).statusCode).toBe(200);

    const events = await eventsOf(t, store.owner, old.data.uuid);
    expect(events[0]).toMatchObject({ event: 'auth_failed', reason: 'grace_expired' });
    expect(events.find((e) => e.event === 'rotated')).toMatchObject({ detail: { rotated_to: fresh.data.uuid } });
  });

  it('grace defaults to 24 h, accepts 0 (the old key fails at once) and is bounded to 0..604800', async () => {
    const store = await storeOn(t, 'advanced');
    const url = `/v1/stores/${store.id}/api-keys`;
    const a = await storeKey(t, store);
    const ra = await t.app.inject({ method: 'POST', url: `${url}/${a.data.uuid}/rotate`, headers: as.B(store) });
    expect(ra.statusCode, ra.body).toBe(200);
    const aRecord = (await get(url, as.B(store))).json().data.find((k: { uuid: string }) => k.uuid === a.data.uuid);
    expect(Date.parse(aRecord.grace_until) - clock.now()).toBe(86_400_000);

    const b = await storeKey(t, store);
    expect((await get(url, asK(b.key))).statusCode).toBe(200);
    const rb = await t.app.inject({ method: 'POST', url: `${url}/${b.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: 0 } });
    expect(rb.statusCode).toBe(200);
    expect((await get(url, asK(b.key))).statusCode).toBe(401);
    expect((await get(url, asK(rb.json().key))).statusCode).toBe(200);

    const c = await storeKey(t, store);
    for (const grace of [-1, 604_801, 1.5, '60']) {
      const res = await t.app.inject({ method: 'POST', url: `${url}/${c.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: grace } });
      expect(res.statusCode, String(grace)).toBe(400);
    }
    const max = await t.app.inject({ method: 'POST', url: `${url}/${c.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: 604_800 } });
    expect(max.statusCode).toBe(200);
  });

  it('only an active key can be rotated: 409 for one in grace, revoked or expired', async () => {
    const store = await storeOn(t, 'advanced');
    const url = `/v1/stores/${store.id}/api-keys`;
    const k = await storeKey(t, store);
    expect((await t.app.inject({ method: 'POST', url: `${url}/${k.data.uuid}/rotate`, headers: as.B(store) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: `${url}/${k.data.uuid}/rotate`, headers: as.B(store) })).statusCode).toBe(409);
    const r = await storeKey(t, store);
    await t.app.inject({ method: 'DELETE', url: `${url}/${r.data.uuid}`, headers: as.B(store) });
    expect((await t.app.inject({ method: 'POST', url: `${url}/${r.data.uuid}/rotate`, headers: as.B(store) })).statusCode).toBe(409);
    const e = await storeKey(t, store, { expires_at: new Date(clock.now() + 1000).toISOString() });
    clock.advance(1000);
    expect((await t.app.inject({ method: 'POST', url: `${url}/${e.data.uuid}/rotate`, headers: as.B(store) })).statusCode).toBe(409);
  });

  it('a key can rotate itself; the new key is a store key of the same kind', async () => {
    const store = await storeOn(t, 'advanced');
    const pk = await storeKey(t, store, { kind: 'store_publishable', allowed_origins: ['https://shop.example'] });
    const rot = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys/${pk.data.uuid}/rotate`, headers: as.JS(store) });
    expect(rot.json().key).toMatch(/^pk_live_/);
    expect(rot.json().data.kind).toBe('store_publishable');
    const sk = await storeKey(t, store);
    const self = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys/${sk.data.uuid}/rotate`, headers: asK(sk.key) });
    expect(self.statusCode).toBe(200);
  });
});

describe('revocation', () => {
  it('takes effect on the very next request, also for a key that was just used (cached)', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    for (let i = 0; i < 3; i++) expect((await get(url, asK(sk.key))).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `${url}/${sk.data.uuid}`, headers: as.B(store) });
    expect(del.statusCode).toBe(200);
    expect(del.json().data).toMatchObject({ uuid: sk.data.uuid, status: 'revoked', revoked_at: new Date(clock.now()).toISOString() });
    expect((await get(url, asK(sk.key))).statusCode).toBe(401);
    // Revocation is final even if the clock goes back.
    clock.advance(-HOUR);
    expect((await get(url, asK(sk.key))).statusCode).toBe(401);
    clock.advance(HOUR);
    // The record is kept, and revoking again changes nothing.
    const again = await t.app.inject({ method: 'DELETE', url: `${url}/${sk.data.uuid}`, headers: as.B(store) });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.revoked_at).toBe(del.json().data.revoked_at);
    const events = await eventsOf(t, store.owner, sk.data.uuid);
    expect(events.filter((e) => e.event === 'revoked')).toHaveLength(1);
    expect(events[0]).toMatchObject({ event: 'auth_failed', reason: 'revoked' });
  });

  it('revoking a key in its grace window ends the window', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    await t.app.inject({ method: 'POST', url: `${url}/${sk.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: 3600 } });
    expect((await get(url, asK(sk.key))).statusCode).toBe(200);
    await t.app.inject({ method: 'DELETE', url: `${url}/${sk.data.uuid}`, headers: as.B(store) });
    expect((await get(url, asK(sk.key))).statusCode).toBe(401);
  });

  it('a key can revoke itself; it fails at once', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${sk.data.uuid}`, headers: asK(sk.key) })).statusCode).toBe(200);
    expect((await get(url, asK(sk.key))).statusCode).toBe(401);
  });

  it("a deleted store's keys stop at once; a reissued sid stops account keys that name the old one", async () => {
    const owner = await signUp(t.app);
    const store = await storeOn(t, 'advanced', owner);
    const sk = await storeKey(t, store);
    const acc = await accountKey(t, owner);
    expect((await get('/v1/stores/store-details', asK(sk.key))).statusCode).toBe(200);
    expect((await get('/v1/stores/store-details', asK(acc.key, { 'x-service-store-sid': store.sid }))).statusCode).toBe(200);
    const reissued = await t.app.inject({ method: 'PUT', url: '/v1/stores/token-revoke', headers: as.B(store) });
    const sid = reissued.json().data.sid;
    expect((await get('/v1/stores/store-details', asK(acc.key, { 'x-service-store-sid': store.sid }))).statusCode).toBe(401);
    expect((await get('/v1/stores/store-details', asK(acc.key, { 'x-service-store-sid': sid }))).statusCode).toBe(200);
    expect((await get('/v1/stores/store-details', asK(sk.key))).statusCode).toBe(200);
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}`, headers: as.J(owner) });
    expect(del.statusCode).toBe(200);
    expect((await get('/v1/stores/store-details', asK(sk.key))).statusCode).toBe(401);
  });
});

describe('plan downgrade', () => {
  it('keys made on Advanced keep working after a downgrade and can still be rotated and revoked; new ones are 402', async () => {
    const owner = await signUp(t.app);
    const store = await storeOn(t, 'advanced', owner);
    const sk = await storeKey(t, store);
    const acc = await accountKey(t, owner);
    const url = `/v1/stores/${store.id}/api-keys`;
    expect((await get(url, asK(sk.key))).statusCode).toBe(200);
    await t.deps.stores.setTier(store.id, 'free');

    expect((await get(url, asK(sk.key))).statusCode).toBe(200);
    const caps = await get('/v1/account/capabilities', asK(sk.key));
    expect(caps.json().data.entitlement.tier).toBe('free'); // the cached store tier followed the downgrade
    expect((await get(url, asK(acc.key))).statusCode).toBe(200);

    const created = await t.app.inject({ method: 'POST', url, headers: asK(sk.key), payload: { name: 'new' } });
    expect(created.statusCode).toBe(402);
    expect(created.json().error.details.current_tier).toBe('free');
    const createdAcc = await t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: as.J(owner), payload: { name: 'new' } });
    expect(createdAcc.statusCode).toBe(402);

    const rot = await t.app.inject({ method: 'POST', url: `${url}/${sk.data.uuid}/rotate`, headers: asK(sk.key), payload: { grace_period_seconds: 0 } });
    expect(rot.statusCode).toBe(200);
    const next = rot.json().key;
    expect((await get(url, asK(next))).statusCode).toBe(200);
    const accRot = await t.app.inject({ method: 'POST', url: `/v1/account/api-keys/${acc.data.uuid}/rotate`, headers: as.J(owner) });
    expect(accRot.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `${url}/${rot.json().data.uuid}`, headers: asK(next) })).statusCode).toBe(200);
    expect((await get(url, asK(next))).statusCode).toBe(401);
  });
});

describe('scopes', () => {
  it('a key lacking the route scope gets 403 insufficient_scope and a scope_denied event', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store, { scopes: ['catalog:read'] });
    const res = await get(`/v1/stores/${store.id}/api-keys`, asK(sk.key));
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'insufficient_scope', message: expect.stringContaining('keys:read') });
    const write = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers: asK(sk.key), payload: { name: 'x' } });
    expect(write.statusCode).toBe(403);
    const events = await eventsOf(t, store.owner, sk.data.uuid);
    expect(events[0]).toMatchObject({ event: 'scope_denied', method: 'POST' });
  });

  it('publishable keys default to catalog:read designs:write, narrower than the public token', async () => {
    const store = await storeOn(t, 'advanced');
    const pk = await storeKey(t, store, { kind: 'store_publishable' });
    expect(pk.data.scopes).toEqual(['catalog:read', 'designs:write']);
  });

  it('no key creates a key with a scope it does not hold', async () => {
    const owner = await signUp(t.app);
    const store = await storeOn(t, 'advanced', owner);
    const limited = await storeKey(t, store, { scopes: ['catalog:read', 'keys:read', 'keys:write'] });
    const url = `/v1/stores/${store.id}/api-keys`;
    const post = (payload: Record<string, unknown>, headers = asK(limited.key)) => t.app.inject({ method: 'POST', url, headers, payload });

    const up = await post({ name: 'escalate', scopes: ['catalog:read', 'catalog:write'] });
    expect(up.statusCode).toBe(403);
    expect(up.json().error).toMatchObject({ code: 'insufficient_scope', details: { missing_scopes: ['catalog:write'] } });
    const withFiles = await post({ name: 'escalate', kind: 'store_secret', scopes: ['files:render'] });
    expect(withFiles.statusCode).toBe(403);

    // Omitted scopes: the default set, cut down to what the creator holds.
    const dflt = await post({ name: 'default' });
    expect(dflt.statusCode).toBe(200);
    expect(dflt.json().data.scopes).toEqual(['catalog:read', 'keys:read', 'keys:write']);
    const subset = await post({ name: 'subset', scopes: ['catalog:read'] });
    expect(subset.json().data.scopes).toEqual(['catalog:read']);

    // Rotation would hand out a secret with the old key's scopes: not for a weaker caller.
    const strong = await storeKey(t, store);
    const rot = await t.app.inject({ method: 'POST', url: `${url}/${strong.data.uuid}/rotate`, headers: asK(limited.key) });
    expect(rot.statusCode).toBe(403);
    expect((await get(url, asK(strong.key))).statusCode).toBe(200); // untouched

    // An account key with few scopes cannot mint a broader account key either.
    const accLimited = await accountKey(t, owner, { scopes: ['keys:read', 'keys:write'] });
    const accUp = await t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: asK(accLimited.key), payload: { name: 'x', scopes: ['account:read'] } });
    expect(accUp.statusCode).toBe(403);
    const events = await eventsOf(t, owner, limited.data.uuid);
    expect(events.some((e) => e.event === 'scope_denied' && e.reason.includes('catalog:write'))).toBe(true);
  });
});
