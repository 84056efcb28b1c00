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
      const res: { statusCode: number; json(): any } = await t.app.inject({ method: 'GET', url: url.replace('http://folio.test', ''), headers: as.J(user) });
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

// ---- listing -------------------------------------------------------------------------------

const local = (url: string) => url.replace('http://folio.test', '');

async function list(user: { token: string }, query: string): Promise<{ statusCode: number; body: any }> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/stores${query}`, headers: as.J(user) });
  return { statusCode: res.statusCode, body: res.json() };
}

const names = (body: { data: Array<{ name: string }> }) => body.data.map((s) => s.name);

describe('GET /v1/stores (sorting, search, links)', () => {
  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/stores', accepts: ['J'] }, store);
  });

  it("lists only the caller's live stores, newest first by default", async () => {
    const user = await signUp(t.app);
    const ids: string[] = [];
    for (const name of ['Bravo', 'Alpha', 'Charlie']) ids.push((await createStore(t.app, user, { name })).id);
    await createStore(t.app); // someone else's
    const res = await list(user, '');
    expect(res.statusCode).toBe(200);
    expect(res.body.message).toBe('Retrieved successfully');
    expect(names(res.body)).toEqual(['Charlie', 'Alpha', 'Bravo']);
    expect(res.body.data[0].secret).toBeUndefined();
    expect(res.body.meta).toEqual({ path: 'http://folio.test/v1/stores', per_page: 20 });
    expect(res.body.links.next).toBeNull();
    expect(res.body.links.prev).toBeNull();
  });

  it('sorts asc and desc by created_date, name and id', async () => {
    const user = await signUp(t.app);
    const created: Array<{ id: string; name: string }> = [];
    for (const name of ['Bravo', 'Alpha', 'Delta', 'Charlie']) created.push({ id: (await createStore(t.app, user, { name })).id, name });
    const byCreation = created.map((s) => s.name);
    const byName = [...byCreation].sort();
    const byId = [...created].sort((a, b) => (a.id < b.id ? -1 : 1)).map((s) => s.name);

    expect(names((await list(user, '?sort=asc')).body)).toEqual(byCreation);
    expect(names((await list(user, '?sort=desc&sortBy=created_date')).body)).toEqual([...byCreation].reverse());
    expect(names((await list(user, '?sortBy=name&sort=asc')).body)).toEqual(byName);
    expect(names((await list(user, '?sortBy=name')).body)).toEqual([...byName].reverse());
    expect(names((await list(user, '?sortBy=id&sort=asc')).body)).toEqual(byId);
    expect(names((await list(user, '?sortBy=id&sort=desc')).body)).toEqual([...byId].reverse());
  });

  it('rejects an unknown sortBy or sort with the validation envelope', async () => {
    const user = await signUp(t.app);
    const bySecret = await list(user, '?sortBy=secret_hash');
    expect(bySecret.statusCode).toBe(400);
    expect(bySecret.body.message).toBe('Invalid input');
    expect(bySecret.body.error.sortBy).toEqual(['must be one of: created_date, name, id']);
    const sideways = await list(user, '?sort=sideways');
    expect(sideways.statusCode).toBe(400);
    expect(sideways.body.error.sort).toEqual(['must be one of: asc, desc']);
    expect((await list(user, '?limit=abc')).statusCode).toBe(400);
  });

  it('searches names case-insensitively, with % and _ taken literally', async () => {
    const user = await signUp(t.app);
    for (const name of ['100% Cotton', '100 Cotton', 'under_score', 'underXscore', 'Plain']) await createStore(t.app, user, { name });
    const search = async (q: string) => names((await list(user, `?sort=asc&search=${encodeURIComponent(q)}`)).body);
    expect(await search('COTTON')).toEqual(['100% Cotton', '100 Cotton']);
    expect(await search('%')).toEqual(['100% Cotton']);
    expect(await search('0% c')).toEqual(['100% Cotton']);
    expect(await search('_')).toEqual(['under_score']);
    expect(await search('r_s')).toEqual(['under_score']);
    expect(await search('\\')).toEqual([]);
    expect(await search('nothing like it')).toEqual([]);
  });

  it('links.next, prev and last walk the pages and keep the other query params', async () => {
    const user = await signUp(t.app);
    for (const n of [3, 0, 6, 1, 5, 2, 4]) await createStore(t.app, user, { name: `Shop ${n}` });
    await createStore(t.app, user, { name: 'Elsewhere' });
    const keep = (url: string) => {
      const q = new URL(url).searchParams;
      expect(q.get('limit')).toBe('3');
      expect(q.get('sortBy')).toBe('name');
      expect(q.get('sort')).toBe('asc');
      expect(q.get('search')).toBe('shop');
    };
    const p1 = await list(user, '?limit=3&sortBy=name&sort=asc&search=shop');
    expect(names(p1.body)).toEqual(['Shop 0', 'Shop 1', 'Shop 2']);
    expect(p1.body.links.prev).toBeNull();
    for (const l of [p1.body.links.first, p1.body.links.last, p1.body.links.next]) keep(l);
    expect(new URL(p1.body.links.first).searchParams.get('cursor')).toBeNull();

    const p2 = await list(user, local(p1.body.links.next).replace('/v1/stores', ''));
    expect(names(p2.body)).toEqual(['Shop 3', 'Shop 4', 'Shop 5']);
    keep(p2.body.links.prev);
    const back = await list(user, local(p2.body.links.prev).replace('/v1/stores', ''));
    expect(names(back.body)).toEqual(['Shop 0', 'Shop 1', 'Shop 2']);
    expect(back.body.links.prev).toBeNull();
    keep(back.body.links.next);

    const last = await list(user, local(p1.body.links.last).replace('/v1/stores', ''));
    expect(last.statusCode).toBe(200);
    expect(names(last.body)).toEqual(['Shop 4', 'Shop 5', 'Shop 6']);
    expect(last.body.links.next).toBeNull();
    keep(last.body.links.prev);
    const beforeLast = await list(user, local(last.body.links.prev).replace('/v1/stores', ''));
    expect(names(beforeLast.body)).toEqual(['Shop 1', 'Shop 2', 'Shop 3']);
    const afterThat = await list(user, local(beforeLast.body.links.next).replace('/v1/stores', ''));
    expect(names(afterThat.body)).toEqual(['Shop 4', 'Shop 5', 'Shop 6']);
  });

  it('rejects a cursor made for another sortBy or sort', async () => {
    const user = await signUp(t.app);
    for (let i = 0; i < 3; i++) await createStore(t.app, user, { name: `Shop ${i}` });
    const page = await list(user, '?limit=1&sortBy=name');
    const cursor = new URL(page.body.links.next).searchParams.get('cursor')!;
    const other = await list(user, `?limit=1&sortBy=created_date&cursor=${encodeURIComponent(cursor)}`);
    expect(other.statusCode).toBe(400);
    expect(other.body.error.cursor.length).toBeGreaterThan(0);
    const flipped = await list(user, `?limit=1&sortBy=name&sort=asc&cursor=${encodeURIComponent(cursor)}`);
    expect(flipped.statusCode).toBe(400);
    // Tampering with the payload breaks the signature.
    const [payload, sig] = cursor.split('.');
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), s: 'id' })).toString('base64url');
    expect((await list(user, `?limit=1&sortBy=id&cursor=${forged}.${sig}`)).statusCode).toBe(400);
    expect((await list(user, `?limit=1&sortBy=name&cursor=${encodeURIComponent(cursor)}`)).statusCode).toBe(200);
  });
});

// ---- update and delete ---------------------------------------------------------------------

describe('PUT /v1/stores/:store', () => {
  it('updates the fields given and leaves the others', async () => {
    const store = await createStore(t.app, undefined, { name: 'Before' });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/v1/stores/${store.id}`,
      headers: as.J(store.owner),
      payload: { store_name: ' After ', shop_url: 'https://shop.example/a', timezone: 'Europe/Berlin', unsplash: 'unsplash-key-1' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Updated successfully');
    expect(body.data).toMatchObject({ id: store.id, name: 'After', shop_url: 'https://shop.example/a', timezone: 'Europe/Berlin', unsplash_key: 'unsplash-key-1', view_store_url: null });
    expect(body.data.secret).toBeUndefined();

    const cleared = await t.app.inject({ method: 'PUT', url: `/v1/stores/${store.id}`, headers: as.J(store.owner), payload: { shop_url: null, unsplash: null } });
    expect(cleared.statusCode).toBe(200);
    expect(cleared.json().data).toMatchObject({ name: 'After', shop_url: null, unsplash_key: null, timezone: 'Europe/Berlin' });
    const read = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}`, headers: as.B(store) });
    expect(read.json().data).toMatchObject({ name: 'After', shop_url: null, timezone: 'Europe/Berlin' });
  });

  it('validates its body', async () => {
    const store = await createStore(t.app);
    const put = (payload: unknown) => t.app.inject({ method: 'PUT', url: `/v1/stores/${store.id}`, headers: as.J(store.owner), payload: payload as object });
    const cases: Array<[unknown, string]> = [
      [{ store_name: '' }, 'store_name'],
      [{ store_name: '   ' }, 'store_name'],
      [{ store_name: 'x'.repeat(256) }, 'store_name'],
      [{ store_name: 7 }, 'store_name'],
      [{ shop_url: 'not a url' }, 'shop_url'],
      [{ view_store_url: 'x'.repeat(2049) }, 'view_store_url'],
      [{ timezone: 'x'.repeat(65) }, 'timezone'],
    ];
    for (const [payload, field] of cases) {
      const res = await put(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Invalid input');
      expect(res.json().error[field], JSON.stringify(payload)).toBeDefined();
    }
    const read = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}`, headers: as.B(store) });
    expect(read.json().data.name).not.toBe('');
  });

  it("answers 404 for another tenant's store and for ids that are not stores", async () => {
    const mine = await createStore(t.app);
    const theirs = await createStore(t.app, undefined, { name: 'Theirs' });
    for (const id of [theirs.id, '01900000-0000-7000-8000-000000000000', 'not-a-uuid']) {
      const res = await t.app.inject({ method: 'PUT', url: `/v1/stores/${id}`, headers: as.J(mine.owner), payload: { store_name: 'Mine now' } });
      expect(res.statusCode, id).toBe(404);
      expect(typeof res.json().error.message).toBe('string');
    }
    const read = await t.app.inject({ method: 'GET', url: `/v1/stores/${theirs.id}`, headers: as.B(theirs) });
    expect(read.json().data.name).toBe('Theirs');
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'PUT', url: `/v1/stores/${store.id}`, payload: { store_name: 'x' }, accepts: ['J'] }, store);
  });
});

describe('DELETE /v1/stores/:store', () => {
  it("deletes the store; its credentials stop working and it is gone from reads", async () => {
    const store = await createStore(t.app);
    const keep = await createStore(t.app, store.owner);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}`, headers: as.J(store.owner) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: 'Deleted successfully' });

    for (const headers of [as.B(store), as.U(store), as.JS(store)]) {
      const r = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers });
      expect(r.statusCode).toBe(401);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}`, headers: as.J(store.owner) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'PUT', url: `/v1/stores/${store.id}`, headers: as.J(store.owner), payload: { store_name: 'x' } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}`, headers: as.J(store.owner) })).statusCode).toBe(404);
    const listed = await list(store.owner, '');
    expect(listed.body.data.map((s: { id: string }) => s.id)).toEqual([keep.id]);
    // The owner's other store is untouched.
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(keep) })).statusCode).toBe(200);
  });

  it("answers 404 for another tenant's store and leaves it alone", async () => {
    const mine = await createStore(t.app);
    const theirs = await createStore(t.app);
    const res = await t.app.inject({ method: 'DELETE', url: `/v1/stores/${theirs.id}`, headers: as.J(mine.owner) });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(theirs) })).statusCode).toBe(200);
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'DELETE', url: `/v1/stores/${store.id}`, accepts: ['J'] }, store);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(200);
  });
});

// ---- the calling store ---------------------------------------------------------------------

describe('GET /v1/stores/store-details', () => {
  it('answers with the store of the public token, the store key and the store JWT', async () => {
    const store = await createStore(t.app, undefined, { name: 'Mine' });
    await createStore(t.app, store.owner, { name: 'Sibling' });
    for (const headers of [as.U(store), as.B(store), as.JS(store)]) {
      const res = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({ id: store.id, name: 'Mine', tier: 'free' });
      expect(res.json().data.secret).toBeUndefined();
    }
    const withCreds = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details?include=credentials', headers: as.B(store) });
    expect(withCreds.json().data).toMatchObject({ sid: store.sid, secret: store.secret, unauth_token: store.unauth_token });
  });

  it('rejects the account JWT alone, which names no store', async () => {
    const store = await createStore(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.J(store.owner) });
    expect(res.statusCode).toBe(401);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/stores/store-details', accepts: ['U', 'K'] }, store);
  });

  it("rejects the account JWT with the sid of someone else's store", async () => {
    const mine = await createStore(t.app);
    const theirs = await createStore(t.app);
    const headers = { authorization: `Bearer ${mine.owner.token}`, 'x-service-store-sid': theirs.sid };
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${theirs.id}`, headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/stores/token-revoke', headers })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers })).statusCode).toBe(401);
    // Their credentials were not reissued.
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(theirs) })).statusCode).toBe(200);
  });
});

describe('PUT /v1/stores/token-revoke (credentials)', () => {
  it('works with the store JWT too', async () => {
    const store = await createStore(t.app);
    const res = await t.app.inject({ method: 'PUT', url: '/v1/stores/token-revoke', headers: as.JS(store) });
    expect(res.statusCode).toBe(200);
    const fresh = res.json().data;
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.JS({ ...store, sid: fresh.sid }) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(401);
  });

  it('accepts the store key and the store JWT only', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'PUT', url: '/v1/stores/token-revoke', accepts: ['B', 'JS'] }, store);
    // The rejected calls reissued nothing.
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) })).statusCode).toBe(200);
  });
});

describe('GET /v1/stores/:store (credentials)', () => {
  it('accepts the account JWT, the store key and the store JWT, not the public token', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'GET', url: `/v1/stores/${store.id}`, accepts: ['J', 'B', 'JS', 'K'] }, store);
  });
});

describe('POST /v1/stores (validation)', () => {
  it('rejects a blank, too long or mistyped store_name and a bad URL', async () => {
    const user = await signUp(t.app);
    const cases: Array<[unknown, string]> = [
      [{ store_name: '' }, 'store_name'],
      [{ store_name: '  ' }, 'store_name'],
      [{ store_name: 'x'.repeat(256) }, 'store_name'],
      [{ store_name: ['a'] }, 'store_name'],
      [{ store_name: 'ok', shop_url: 'ftp//nope' }, 'shop_url'],
    ];
    for (const [payload, field] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/stores', headers: as.J(user), payload: payload as object });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error[field], JSON.stringify(payload)).toBeDefined();
    }
    expect((await list(user, '')).body.data).toEqual([]);
  });
});
