import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountJwt, createFolioClient, publicToken, storeKey, wasRevalidated, type FolioClient } from '../../../packages/sdk/src/index.js';
import { listeningServer, type ListeningServer } from './server.js';

/**
 * The SDK's ETag revalidation against the real app. It needs the server's HTTP caching (a GET
 * of a catalog resource answers `ETag`, and `If-None-Match` with that ETag answers `304`
 * while nothing changed): until that lands the 304s counted here are 200s and this fails.
 */
let s: ListeningServer;
beforeAll(async () => {
  s = await listeningServer();
});
afterAll(async () => s.close());

interface Wire {
  url: string;
  ifNoneMatch: string | null;
  status: number;
}

/** A client of `credential` whose fetch records every request and the status it got on the wire. */
function watched(credential: Parameters<FolioClient['withCredential']>[0]) {
  const wire: Wire[] = [];
  const client = createFolioClient({
    baseUrl: s.url,
    credential,
    fetch: async (request) => {
      const response = await fetch(request);
      const url = new URL(request.url);
      wire.push({ url: `${url.pathname}${url.search}`, ifNoneMatch: request.headers.get('if-none-match'), status: response.status });
      return response;
    },
  });
  const statuses = () => wire.reduce<Record<number, number>>((n, w) => ((n[w.status] = (n[w.status] ?? 0) + 1), n), {});
  return { client, wire, statuses };
}

it('a second GET of an unchanged list is a 304 on the wire and the same data for the caller', async () => {
  const anon = createFolioClient({ baseUrl: s.url });
  const signedUp = await anon.post('/account', { body: { name: 'Ada', email: `sdk-etag-${randomUUID()}@example.test`, password: 'Corr3ct-Horse!' } });
  const account = anon.withCredential(accountJwt(signedUp.data.access_token));
  const store = (await account.post('/stores', { params: { query: { include: 'credentials' } }, body: { store_name: 'Etag Prints' } })).data;
  const admin = account.withCredential(storeKey(store.sid!, store.secret!));
  for (const name of ['Card', 'Flyer']) await admin.post('/products', { body: { name } });

  const { client, wire, statuses } = watched(storeKey(store.sid!, store.secret!));
  const first = await client.get('/products', { params: { query: { limit: 20 } } });
  expect(first.data.map((p) => p.name).sort()).toEqual(['Card', 'Flyer']);
  expect(wire).toEqual([{ url: '/v1/products?limit=20', ifNoneMatch: null, status: 200 }]);

  const second = await client.get('/products', { params: { query: { limit: 20 } } });
  expect(statuses()).toEqual({ 200: 1, 304: 1 });
  expect(wire[1]!.ifNoneMatch).toMatch(/^W\/".+"$/);
  expect(second).toEqual(first);
  const raw = await client.raw.GET('/products', { params: { query: { limit: 20 } } });
  expect(raw.response.status).toBe(200);
  expect(wasRevalidated(raw.response)).toBe(true);
  expect(raw.data).toEqual(first);

  // A change is a 200 with the new list, confirmed by a 304 after that.
  await admin.post('/products', { body: { name: 'Poster' } });
  const changed = await client.get('/products', { params: { query: { limit: 20 } } });
  expect(changed.data.map((p) => p.name).sort()).toEqual(['Card', 'Flyer', 'Poster']);
  const again = await client.get('/products', { params: { query: { limit: 20 } } });
  expect(again).toEqual(changed);
  expect(wire.map((w) => w.status)).toEqual([200, 304, 304, 200, 304]);

  // Another credential of the same store shares nothing: its first GET is unconditional.
  const browser = client.withCredential(publicToken(store.unauth_token!));
  const seenByBrowser = await browser.get('/products', { params: { query: { limit: 20 } } });
  expect(seenByBrowser.data.map((p) => p.name).sort()).toEqual(['Card', 'Flyer', 'Poster']);
  expect(wire.at(-1)).toEqual({ url: '/v1/products?limit=20', ifNoneMatch: null, status: 200 });
});
