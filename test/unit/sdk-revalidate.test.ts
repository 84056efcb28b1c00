import { describe, expect, it } from 'vitest';
import { createFolioClient, FolioError, publicToken, storeKey, wasRevalidated, type FolioClientOptions } from '../../packages/sdk/src/index.js';

/**
 * The SDK's revalidation against a fake fetch that behaves as the server will: a GET's 200
 * carries `ETag: W/"<version>"` and `Cache-Control: private, no-cache`, the same GET with
 * `If-None-Match: <that etag>` is a 304 without a body while the version is unchanged.
 * The ETag deliberately leaves the credential out (one version for the whole fake database),
 * so an answer kept for one credential and offered to another would be confirmed by a 304.
 */
interface Sent {
  method: string;
  url: string;
  ifNoneMatch: string | null;
  who: string;
  status: number;
}

interface Answer {
  body: unknown;
  status?: number;
  etag?: string | null;
  headers?: Record<string, string>;
}

function fakeServer(handler?: (url: URL, request: Request, who: string) => Answer | undefined) {
  const versions = new Map<string, number>();
  const wire: Sent[] = [];
  let requestIds = 0;
  const server = {
    wire,
    /** a write to this path: its next GET is a 200 with a new ETag */
    bump: (path: string) => versions.set(path, (versions.get(path) ?? 1) + 1),
    /** wire answers by status */
    statuses: () => wire.reduce<Record<number, number>>((n, s) => ((n[s.status] = (n[s.status] ?? 0) + 1), n), {}),
    fetch: async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      const who = request.headers.get('authorization') ?? request.headers.get('x-service-unauth-token') ?? 'anonymous';
      const version = versions.get(url.pathname) ?? 1;
      const a = handler?.(url, request, who) ?? { body: { data: { path: url.pathname, query: url.search, who, version } } };
      const status = a.status ?? (request.method === 'POST' ? 201 : 200);
      const etag = a.etag === undefined ? `W/"${version}"` : a.etag;
      const common: Record<string, string> = { 'x-request-id': `req-${++requestIds}`, ...a.headers };
      const ifNoneMatch = request.headers.get('if-none-match');
      let response: Response;
      if (request.method === 'GET' && status === 200 && etag && ifNoneMatch === etag) {
        response = new Response(null, { status: 304, headers: { ...common, etag, 'cache-control': 'private, no-cache' } });
      } else {
        const validator: Record<string, string> = request.method === 'GET' && status === 200 && etag ? { etag, 'cache-control': 'private, no-cache' } : {};
        const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8', ...validator, ...common };
        response = new Response(JSON.stringify(a.body), { status, headers });
      }
      wire.push({ method: request.method, url: `${url.pathname}${url.search}`, ifNoneMatch, who, status: response.status });
      return response;
    },
  };
  return server;
}

const BASE = 'https://folio.test';
const KEY_A = storeKey('sid_a', 'secret-a');
const KEY_B = storeKey('sid_b', 'secret-b');

function client(server: ReturnType<typeof fakeServer>, extra: Partial<FolioClientOptions> = {}) {
  return createFolioClient({ baseUrl: BASE, credential: KEY_A, fetch: server.fetch, ...extra });
}

const product = (id: string) => ({ params: { path: { id } } });

describe('SDK revalidation with ETags', () => {
  it('sends If-None-Match on the next GET of a URL and hands a 304 on as the kept body', async () => {
    const server = fakeServer();
    const folio = client(server);
    const first = await folio.get('/products/{id}', product('p1'));
    const second = await folio.get('/products/{id}', product('p1'));
    expect(second).toEqual(first);
    expect(server.wire.map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [null, 200],
      ['W/"1"', 304],
    ]);
  });

  it('answers openapi-fetch callers with a 200, its headers brought up to date, and says it was revalidated', async () => {
    const server = fakeServer();
    const folio = client(server);
    const first = await folio.raw.GET('/products/{id}', product('p1'));
    expect(first.response.status).toBe(200);
    expect(wasRevalidated(first.response)).toBe(false);
    const second = await folio.raw.GET('/products/{id}', product('p1'));
    expect(second.response.status).toBe(200);
    expect(second.response.ok).toBe(true);
    expect(second.error).toBeUndefined();
    expect(second.data).toEqual(first.data);
    expect(wasRevalidated(second.response)).toBe(true);
    expect(second.response.url).toBe(`${BASE}/v1/products/p1`);
    // The 304's own headers win; the body's stay those of the kept answer.
    expect(second.response.headers.get('x-request-id')).toBe('req-2');
    expect(second.response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(second.response.headers.get('content-length'))).toBe(JSON.stringify(first.data).length);
  });

  it('takes the new body and ETag when the resource changed, and revalidates with those next', async () => {
    const server = fakeServer();
    const folio = client(server);
    await folio.get('/products/{id}', product('p1'));
    server.bump('/v1/products/p1');
    const changed = (await folio.get('/products/{id}', product('p1'))) as unknown as { data: { version: number } };
    expect(changed.data.version).toBe(2);
    const again = (await folio.get('/products/{id}', product('p1'))) as unknown as { data: { version: number } };
    expect(again.data.version).toBe(2);
    expect(server.wire.map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [null, 200],
      ['W/"1"', 200],
      ['W/"2"', 304],
    ]);
  });

  it('keys by the full URL: another query is another answer', async () => {
    const server = fakeServer();
    const folio = client(server);
    await folio.get('/products', { params: { query: { limit: 10 } } });
    await folio.get('/products', { params: { query: { limit: 20 } } });
    await folio.get('/products', { params: { query: { limit: 10 } } });
    await folio.get('/products');
    expect(server.wire.map((s) => [s.url, s.ifNoneMatch])).toEqual([
      ['/v1/products?limit=10', null],
      ['/v1/products?limit=20', null],
      ['/v1/products?limit=10', 'W/"1"'],
      ['/v1/products', null],
    ]);
  });

  it('never offers an answer kept for one credential to another, though the ETags are equal', async () => {
    const server = fakeServer();
    const a = client(server);
    const b = a.withCredential(KEY_B); // shares a's kept answers
    const browser = a.withCredential(publicToken('unauth-a'));
    const readA = (await a.get('/products')) as unknown as { data: { who: string } };
    const readB = (await b.get('/products')) as unknown as { data: { who: string } };
    const readU = (await browser.get('/products')) as unknown as { data: { who: string } };
    expect(readB.data.who).not.toBe(readA.data.who);
    expect(readU.data.who).toBe('unauth-a');
    // A header given on the call is the credential that counts.
    const overridden = (await a.get('/products', { headers: { Authorization: 'Bearer sk_live_other' } })) as unknown as { data: { who: string } };
    expect(overridden.data.who).toBe('Bearer sk_live_other');
    expect(server.wire.map((s) => s.ifNoneMatch)).toEqual([null, null, null, null]);
    // Each credential revalidates its own.
    expect(((await b.get('/products')) as unknown as { data: { who: string } }).data.who).toBe(readB.data.who);
    expect(((await a.get('/products')) as unknown as { data: { who: string } }).data.who).toBe(readA.data.who);
    expect(server.wire.slice(4).map((s) => [s.who, s.ifNoneMatch, s.status])).toEqual([
      [readB.data.who, 'W/"1"', 304],
      [readA.data.who, 'W/"1"', 304],
    ]);
  });

  it('the same store sid with another secret, or with and without X-Service-Store-Sid, is another credential', async () => {
    const server = fakeServer();
    const a = client(server, { credential: storeKey('sid_a', 'one') });
    await a.get('/products');
    await a.withCredential(storeKey('sid_a', 'two')).get('/products');
    await a.get('/products', { headers: { 'X-Service-Store-Sid': 'sid_other' } });
    expect(server.wire.map((s) => s.ifNoneMatch)).toEqual([null, null, null]);
  });

  it('never makes a POST, PUT or DELETE conditional, even on a URL it has kept', async () => {
    const server = fakeServer();
    const folio = client(server);
    await folio.get('/products/{id}', product('p1'));
    await folio.put('/products/{id}', { params: { path: { id: 'p1' } }, body: { name: 'x' } });
    await folio.delete('/products/{id}', product('p1'));
    await folio.post('/products', { body: { name: 'y' } });
    await folio.get('/products');
    await folio.post('/products', { body: { name: 'z' } });
    expect(server.wire.map((s) => [s.method, s.ifNoneMatch])).toEqual([
      ['GET', null],
      ['PUT', null],
      ['DELETE', null],
      ['POST', null],
      ['GET', null],
      ['POST', null],
    ]);
  });

  it('revalidate: false sends every GET unconditionally', async () => {
    const server = fakeServer();
    const folio = client(server, { revalidate: false });
    await folio.get('/products/{id}', product('p1'));
    await folio.get('/products/{id}', product('p1'));
    await folio.withCredential(KEY_B).get('/products/{id}', product('p1'));
    expect(server.wire.map((s) => [s.ifNoneMatch, s.status])).toEqual([
      [null, 200],
      [null, 200],
      [null, 200],
    ]);
  });

  it('never serves a kept body without the server’s 304: a failed revalidation throws', async () => {
    let fail = false;
    const server = fakeServer(() => (fail ? { status: 500, body: { message: 'down' }, etag: null } : undefined));
    const folio = client(server);
    await folio.get('/products/{id}', product('p1'));
    fail = true;
    const err = await folio.get('/products/{id}', product('p1')).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FolioError);
    expect((err as FolioError).status).toBe(500);
    expect(server.wire[1]!.ifNoneMatch).toBe('W/"1"');
  });

  it('keeps no answer without an ETag, with Cache-Control: no-store or Vary: *, and drops one that lost its ETag', async () => {
    let mode: 'etag' | 'none' | 'no-store' | 'vary' = 'none';
    const server = fakeServer((url): Answer | undefined => {
      const body = { data: { path: url.pathname } };
      if (mode === 'none') return { body, etag: null };
      if (mode === 'no-store') return { body, headers: { 'cache-control': 'no-store' } };
      if (mode === 'vary') return { body, headers: { vary: '*' } };
      return undefined;
    });
    const folio = client(server);
    for (const m of ['none', 'no-store', 'vary'] as const) {
      mode = m;
      await folio.get('/products/{id}', product(m));
      await folio.get('/products/{id}', product(m));
    }
    mode = 'etag';
    await folio.get('/products/{id}', product('later'));
    mode = 'none';
    await folio.get('/products/{id}', product('later')); // conditional, answered 200 without an ETag: dropped
    await folio.get('/products/{id}', product('later'));
    expect(server.wire.map((s) => s.ifNoneMatch)).toEqual([null, null, null, null, null, null, null, 'W/"1"', null]);
  });

  it('keeps answers apart by the headers their Vary names', async () => {
    const server = fakeServer(() => ({ body: { data: 1 }, headers: { vary: 'Accept-Language, Origin' } }));
    const folio = client(server);
    await folio.get('/products', { headers: { 'Accept-Language': 'fr' } });
    await folio.get('/products', { headers: { 'Accept-Language': 'de' } });
    await folio.get('/products', { headers: { 'Accept-Language': 'de' } });
    expect(server.wire.map((s) => s.ifNoneMatch)).toEqual([null, null, 'W/"1"']);
  });

  it('keeps at most maxEntries answers, dropping the least recently used', async () => {
    const server = fakeServer();
    const folio = client(server, { revalidate: { maxEntries: 2 } });
    const get = (id: string) => folio.get('/products/{id}', product(id));
    await get('a');
    await get('b');
    await get('a'); // a is now the most recent: c drops b
    await get('c');
    await get('b');
    await get('a');
    expect(server.wire.map((s) => [s.url.slice('/v1/products/'.length), s.ifNoneMatch])).toEqual([
      ['a', null],
      ['b', null],
      ['a', 'W/"1"'],
      ['c', null],
      ['b', null],
      ['a', null], // b's return dropped a (c was used more recently)
    ]);
  });

  it('keeps no answer larger than maxBytes, and drops older ones to stay within it', async () => {
    const server = fakeServer((url) => ({ body: { data: { pad: 'x'.repeat(url.pathname.endsWith('big') ? 5_000 : 1_000) } } }));
    const folio = client(server, { revalidate: { maxBytes: 3_000 } });
    const get = (id: string) => folio.get('/products/{id}', product(id));
    await get('big');
    await get('big');
    await get('s1');
    await get('s2');
    await get('s3'); // three of ~1.3 kB pass 3 kB: s1 goes
    await get('s3');
    await get('s2');
    await get('s1');
    expect(server.wire.map((s) => [s.url.slice('/v1/products/'.length), s.ifNoneMatch])).toEqual([
      ['big', null],
      ['big', null],
      ['s1', null],
      ['s2', null],
      ['s3', null],
      ['s3', 'W/"1"'],
      ['s2', 'W/"1"'],
      ['s1', null],
    ]);
  });

  it('hands each caller a copy: changing one answer changes no later one', async () => {
    const server = fakeServer();
    const folio = client(server);
    const first = (await folio.get('/products/{id}', product('p1'))) as unknown as { data: { path: string } };
    first.data.path = 'changed';
    const second = (await folio.get('/products/{id}', product('p1'))) as unknown as { data: { path: string } };
    second.data.path = 'changed again';
    const third = (await folio.get('/products/{id}', product('p1'))) as unknown as { data: { path: string } };
    expect(third.data.path).toBe('/v1/products/p1');
    expect(server.statuses()).toEqual({ 200: 1, 304: 2 });
  });

  it('leaves a caller’s own If-None-Match alone', async () => {
    const server = fakeServer();
    const folio = client(server);
    await folio.get('/products/{id}', product('p1'));
    const { response } = await folio.raw.GET('/products/{id}', { ...product('p1'), headers: { 'If-None-Match': 'W/"0"' } });
    expect(server.wire[1]!.ifNoneMatch).toBe('W/"0"');
    expect(response.status).toBe(200);
    const err = await folio.raw.GET('/products/{id}', { ...product('p1'), headers: { 'If-None-Match': 'W/"1"' } }).catch((e: unknown) => e);
    expect((err as FolioError).status).toBe(304); // the caller's condition, the caller's 304
  });

  it('asks again unconditionally when the kept answer was dropped while its revalidation was out', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const server = fakeServer();
    let hold = false;
    const folio = client(
      { ...server, fetch: async (request) => {
        if (hold && request.url.endsWith('/a')) await held;
        return server.fetch(request);
      } },
      { revalidate: { maxEntries: 1 } },
    );
    await folio.get('/products/{id}', product('a'));
    hold = true;
    const pending = folio.get('/products/{id}', product('a'));
    await new Promise((r) => setTimeout(r, 10));
    await folio.get('/products/{id}', product('b')); // takes the one place: a's answer is dropped
    release();
    const read = (await pending) as unknown as { data: { path: string } };
    expect(read.data.path).toBe('/v1/products/a');
    expect(server.wire.map((s) => [s.url, s.ifNoneMatch, s.status])).toEqual([
      ['/v1/products/a', null, 200],
      ['/v1/products/b', null, 200],
      ['/v1/products/a', 'W/"1"', 304],
      ['/v1/products/a', null, 200],
    ]);
  });

  it('works with paginate: a second walk of an unchanged list is all 304s and the same items', async () => {
    const items = Array.from({ length: 5 }, (_, i) => ({ id: `p${i}`, name: `P${i}` }));
    const server = fakeServer((url) => {
      if (url.pathname !== '/v1/products') return undefined;
      const at = Number(url.searchParams.get('cursor') ?? 0);
      const next = at + 2 < items.length ? `${BASE}/v1/products?limit=2&cursor=${at + 2}` : null;
      return { body: { data: items.slice(at, at + 2), links: { next }, meta: { path: url.pathname, per_page: 2 }, message: 'ok' }, etag: `W/"page-${at}"` };
    });
    const folio = client(server);
    const first = await folio.listAll('/products', { query: { limit: 2 } });
    const second = await folio.listAll('/products', { query: { limit: 2 } });
    expect(first.map((p) => p.id)).toEqual(items.map((p) => p.id));
    expect(second).toEqual(first);
    expect(server.statuses()).toEqual({ 200: 3, 304: 3 });
  });

  it('works with waitForJob: an unchanged job is a 304, its completion a 200', async () => {
    let polls = 0;
    const server = fakeServer((url) => {
      if (!url.pathname.startsWith('/v1/jobs/')) return undefined;
      polls++;
      const status = polls >= 4 ? 'completed' : 'processing';
      return { body: { data: { id: 'j1', status, ...(status === 'completed' ? { pdf_url: 'https://x/y.pdf' } : {}) } }, etag: `W/"${status}"` };
    });
    const folio = client(server);
    const job = await folio.waitForJob('j1', { initialDelayMs: 1, maxDelayMs: 2 });
    expect(job).toEqual({ id: 'j1', status: 'completed', pdf_url: 'https://x/y.pdf' });
    expect(server.wire.map((s) => s.status)).toEqual([200, 304, 304, 200]);
  });
});
