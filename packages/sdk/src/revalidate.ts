import type { Middleware } from 'openapi-fetch';

/**
 * Revalidation with ETags: the client keeps the last answers of its GETs (body, headers and
 * ETag, per URL and credential) and asks again with `If-None-Match`; a `304 Not Modified`
 * is handed on as the kept answer, a `200`. A kept body is never used without the server's
 * 304: the server decides what is fresh, so a kept answer that went stale costs nothing but
 * its memory.
 */
export interface RevalidateOptions {
  /** most answers kept (default 200); the least recently used go first */
  maxEntries?: number;
  /** most bytes kept, bodies and headers together (default 16 MiB); a larger answer is not kept */
  maxBytes?: number;
}

export const DEFAULT_MAX_ENTRIES = 200;
export const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;

interface Kept {
  etag: string;
  body: Uint8Array<ArrayBuffer>;
  headers: Array<[string, string]>;
  /** the request's values of the headers the answer's `Vary` names */
  vary: Array<[string, string | null]>;
  bytes: number;
}

/** Kept answers by key, least recently used first, within a count and a byte budget. */
export class KeptAnswers {
  readonly maxEntries: number;
  readonly maxBytes: number;
  readonly #entries = new Map<string, Kept>();
  #bytes = 0;

  constructor(options: RevalidateOptions = {}) {
    this.maxEntries = Math.max(0, Math.floor(options.maxEntries ?? DEFAULT_MAX_ENTRIES));
    this.maxBytes = Math.max(0, Math.floor(options.maxBytes ?? DEFAULT_MAX_BYTES));
  }

  get size(): number {
    return this.#entries.size;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** The kept answer, now the most recently used. */
  get(key: string): Kept | undefined {
    const kept = this.#entries.get(key);
    if (kept) {
      this.#entries.delete(key);
      this.#entries.set(key, kept);
    }
    return kept;
  }

  set(key: string, kept: Kept): void {
    this.delete(key);
    if (this.maxEntries === 0 || kept.bytes > this.maxBytes) return;
    this.#entries.set(key, kept);
    this.#bytes += kept.bytes;
    while (this.#entries.size > this.maxEntries || this.#bytes > this.maxBytes) this.delete(this.#entries.keys().next().value!);
  }

  delete(key: string): void {
    const kept = this.#entries.get(key);
    if (!kept) return;
    this.#entries.delete(key);
    this.#bytes -= kept.bytes;
  }

  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
  }
}

/** The headers that carry a credential: an answer kept for one set of them is never offered to another. */
const IDENTITY_HEADERS = ['authorization', 'x-api-key', 'x-service-unauth-token', 'x-service-store-sid'] as const;

/** Headers of a 304 that describe no body: the kept answer's own stay. */
const BODY_HEADERS = new Set(['content-length', 'content-type', 'content-encoding', 'content-range', 'transfer-encoding']);

/** A Headers' pairs (the package's lib has no DOM.Iterable). */
function pairs(headers: Headers): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  headers.forEach((value, name) => out.push([name, value]));
  return out;
}

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * The key of a GET: a SHA-256 of its credential headers (so the secrets themselves are not the
 * map's keys) and its full URL, query included. Where WebCrypto is missing (a browser page
 * served over plain http) the headers themselves stand in for their hash.
 */
async function keyOf(request: Request): Promise<string> {
  const identity = JSON.stringify(IDENTITY_HEADERS.map((h) => request.headers.get(h)));
  const subtle = globalThis.crypto?.subtle;
  const id = subtle ? hex(await subtle.digest('SHA-256', new TextEncoder().encode(identity))) : identity;
  return `${id} ${request.url}`;
}

function varyOf(response: Response, request: Request): Array<[string, string | null]> | null {
  const names = (response.headers.get('vary') ?? '').split(',').map((s) => s.trim().toLowerCase()).filter(Boolean);
  if (names.includes('*')) return null;
  return names.map((name) => [name, request.headers.get(name)]);
}

const varyMatches = (kept: Kept, request: Request) => kept.vary.every(([name, value]) => request.headers.get(name) === value);

/** The body of `response` (read from a clone), or null when it is larger than `limit` bytes. */
async function readUpTo(response: Response, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = response.headers.get('content-length');
  if (declared !== null && Number(declared) > limit) return null;
  const reader = response.clone().body?.getReader();
  if (!reader) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // Not awaited: cancelling one branch of a tee settles only once the other is cancelled too.
      reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) {
    body.set(chunk, at);
    at += chunk.byteLength;
  }
  return body;
}

const NO_STORE = /(?:^|[\s,])no-store(?:$|[\s,;=])/i;

/** Keeps a GET's 200 that has an ETag; anything else drops what was kept for it. */
async function keep(store: KeptAnswers, request: Request, response: Response): Promise<void> {
  if (response.status !== 200) return;
  const key = await keyOf(request);
  const etag = response.headers.get('etag');
  const vary = varyOf(response, request);
  const body = etag && vary && !NO_STORE.test(response.headers.get('cache-control') ?? '') ? await readUpTo(response, store.maxBytes) : null;
  if (!etag || !vary || !body) return store.delete(key);
  const headers = pairs(response.headers);
  const bytes = body.byteLength + key.length + headers.reduce((n, [k, v]) => n + k.length + v.length, 0);
  store.set(key, { etag, body, headers, vary, bytes });
}

/** Answers that were a 304 on the wire and were handed on as the kept 200. */
const revalidated = new WeakSet<Response>();

/**
 * Whether `response` (as `client.raw` answers it, or as a middleware added after the client's
 * sees it) is a kept answer the server confirmed with `304 Not Modified`, rather than a body
 * that came over the wire.
 */
export function wasRevalidated(response: Response): boolean {
  return revalidated.has(response);
}

/** The kept answer as a 200, its headers brought up to date by the 304's. */
function answer(kept: Kept, notModified: Response, request: Request): Response {
  const headers = new Headers(kept.headers);
  notModified.headers.forEach((v, k) => {
    if (!BODY_HEADERS.has(k)) headers.set(k, v);
  });
  kept.headers = pairs(headers);
  kept.etag = headers.get('etag') ?? kept.etag;
  headers.set('content-length', String(kept.body.byteLength));
  // The Response copies the bytes (Fetch: "extract a body"), so a caller never shares the kept ones.
  const out = new Response(kept.body, { status: 200, statusText: 'OK', headers });
  Object.defineProperty(out, 'url', { value: notModified.url || request.url });
  revalidated.add(out);
  return out;
}

/**
 * The middleware. Registered after the one that sets the credential (its onRequest sees the
 * credential headers) and so before the one that throws on non-2xx answers in onResponse (a
 * 304 it stands in for never reaches that one).
 */
export function revalidation(store: KeptAnswers): Middleware {
  /** request id → the ETag this middleware sent with it */
  const conditioned = new Map<string, string>();
  return {
    async onRequest({ request, id }) {
      // A caller's own If-None-Match is theirs: it is left alone, and so is its 304.
      if (request.method !== 'GET' || request.headers.has('if-none-match')) return undefined;
      const kept = store.get(await keyOf(request));
      if (!kept || !varyMatches(kept, request)) return undefined;
      request.headers.set('If-None-Match', kept.etag);
      conditioned.set(id, kept.etag);
      return request;
    },

    async onResponse({ request, response, id, options }) {
      if (request.method !== 'GET') return undefined;
      const sent = conditioned.get(id);
      conditioned.delete(id);
      if (response.status === 304) {
        if (sent === undefined) return undefined;
        // Looked up again from the request as it went out (a middleware added later may have
        // changed it), and used only when the condition sent was this answer's ETag.
        const kept = store.get(await keyOf(request));
        if (kept && kept.etag === request.headers.get('if-none-match') && varyMatches(kept, request)) return answer(kept, response, request);
        // Dropped or replaced while the request was out: ask once more without the condition.
        const again = new Request(request);
        again.headers.delete('if-none-match');
        const fresh = await options.fetch(again);
        await keep(store, again, fresh);
        return fresh;
      }
      await keep(store, request, response);
      return undefined;
    },

    onError({ id }) {
      conditioned.delete(id);
      return undefined;
    },
  };
}
