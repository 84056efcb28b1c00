import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t.close());

describe('POST /v1/stores', () => {
  it('creates a store on the lowest tier; credentials only when asked for', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/stores', headers: as.J(user), payload: { store_name: 'Prints & Co' } });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Created successfully');
    expect(body.data).toMatchObject({ name: 'Prints & Co', tier: 'free', is_integrated: false });
    expect(body.data.secret).toBeUndefined();
    expect(body.data.sid).toBeUndefined();
  });

  it('rejects a missing store_name with the validation envelope', async () => {
    const user = await signUp(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/v1/stores', headers: as.J(user), payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid input', error: { store_name: ['is required'] } });
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/stores', payload: { store_name: 'x' }, accepts: ['J'] }, store);
  });
});

describe('GET /v1/stores/:store', () => {
  it('gives credentials to the store key and the owner, never to the public token', async () => {
    const store = await createStore(t.app);
    for (const headers of [as.B(store), as.JS(store), as.J(store.owner)]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}?include=credentials`, headers });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toMatchObject({ id: store.id, sid: store.sid, secret: store.secret, unauth_token: store.unauth_token });
    }
    const details = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details?include=credentials', headers: as.U(store) });
    expect(details.statusCode).toBe(200);
    expect(details.json().data.id).toBe(store.id);
    expect(details.json().data.secret).toBeUndefined();
    expect(details.json().data.unauth_token).toBeUndefined();
  });

  it("answers 404 for another tenant's store, whatever the credential", async () => {
    const mine = await createStore(t.app);
    const theirs = await createStore(t.app);
    for (const headers of [as.B(mine), as.JS(mine), as.J(mine.owner)]) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/stores/${theirs.id}`, headers });
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBeTypeOf('string');
    }
    const junk = await t.app.inject({ method: 'GET', url: '/v1/stores/not-a-uuid', headers: as.J(mine.owner) });
    expect(junk.statusCode).toBe(404);
  });
});

describe('PUT /v1/stores/token-revoke', () => {
  it('reissues all three credentials; the old ones fail on the next request', async () => {
    const store = await createStore(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/v1/stores/token-revoke', headers: as.B(store) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data;
    expect(fresh.sid).not.toBe(store.sid);
    expect(fresh.secret).not.toBe(store.secret);
    expect(fresh.unauth_token).not.toBe(store.unauth_token);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.U(store) })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.JS(store) })).statusCode).toBe(401);
    const next = { ...store, ...fresh };
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(next) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.U(next) })).statusCode).toBe(200);
  });
});

describe('GET /v1/stores (list conventions)', () => {
  it('pages with cursors without gaps or duplicates while rows are added', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 7; i++) await createStore(t.app, user, { name: `Shop ${i}` });
    const seen: string[] = [];
    let url: string | null = '/v1/stores?limit=3';
    let added = 0;
    while (url) {
      const res = await t.app.inject({ method: 'GET', url: url.replace('http://folio.test', ''), headers: as.J(user) });
      expect(res.statusCode).toBe(200);
      const body: { meta: unknown; data: Array<{ id: string }>; links: { next: string | null } } = res.json();
      expect(body.meta).toEqual({ path: 'http://folio.test/v1/stores', per_page: 3 });
      seen.push(...body.data.map((s: { id: string }) => s.id));
      if (added++ < 2) await createStore(t.app, user, { name: `Late ${added}` }); // newer rows sort before the cursor
      url = body.links.next;
    }
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });

  it('413 above 100, 400 below 1 and for a forged cursor', async () => {
    const user = await signUp(t.app);
    const big = await t.app.inject({ method: 'GET', url: '/v1/stores?limit=101', headers: as.J(user) });
    expect(big.statusCode).toBe(413);
    expect(big.json().error.message).toBe('limit must not exceed 100');
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores?limit=0', headers: as.J(user) })).statusCode).toBe(400);
    const forged = await t.app.inject({ method: 'GET', url: '/v1/stores?cursor=eyJkIjoiYSJ9.abc', headers: as.J(user) });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().error.cursor).toBeDefined();
  });
});
