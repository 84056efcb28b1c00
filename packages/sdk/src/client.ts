import createClient, { type Client, type MaybeOptionalInit } from 'openapi-fetch';
import { anonymous, type Credential } from './credentials.js';
import { errorFromResponse, JobError, UnknownPathError } from './errors.js';
import { orderHelpers, type OrderHelpers } from './orders.js';
import { sleep } from './sleep.js';
import { operationIndex, type OperationId, type Operations } from './operations.js';
import { KeptAnswers, revalidation, type RevalidateOptions } from './revalidate.js';
import type { paths } from './schema.js';

export type Paths = paths;
type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** Paths that have an operation for `M`. */
export type PathsWith<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];

type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : R extends { content: infer C } ? C[keyof C] : undefined;
/** The 2xx body of an operation. */
export type Success<Op> = Op extends { responses: infer Rs } ? JsonOf<Rs[Extract<keyof Rs, 200 | 201 | 202 | 204 | '2XX'>]> : never;
/** What `client.get('/products/{id}', …)` resolves to. */
export type ResponseOf<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer Op } ? Success<Op> : never;

type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
type Init<P extends keyof paths, M extends Method> = MaybeOptionalInit<paths[P], M>;
type InitArg<I> = RequiredKeys<I> extends never ? [init?: I & { [key: string]: unknown }] : [init: I & { [key: string]: unknown }];
type IsUnion<T, U = T> = T extends unknown ? ([U] extends [T] ? false : true) : never;
/**
 * The options argument of a call on path `P`. When `P` is not one path (a typo'd path leaves
 * TypeScript with the whole union), the argument is optional, so the compiler reports the
 * path itself ("'/prodcts' is not assignable to …") rather than "Expected 2 arguments".
 */
type Args<P extends keyof paths, M extends Method> = true extends IsUnion<P> ? [init?: { [key: string]: unknown }] : InitArg<Init<P, M>>;

/** The method and path of an operation, by its operationId (see operations.ts). */
export type MethodOf<Id extends OperationId> = Operations[Id]['method'];
export type PathOf<Id extends OperationId> = Operations[Id]['path'] & keyof paths;
/** What `client.op(id, …)` resolves to. */
export type OperationResponse<Id extends OperationId> = ResponseOf<PathOf<Id>, MethodOf<Id>>;

/** List paths that have a `…/count` companion: `client.count('/products')`. */
export type CountablePath = { [P in ListPath]: `${P}/count` extends PathsWith<'get'> ? P : never }[ListPath];

/** List paths: their GET answers `{data[], links, meta, message}`. */
export type ListPath = { [P in PathsWith<'get'>]: ResponseOf<P, 'get'> extends { data: unknown[]; links: { next: unknown } } ? P : never }[PathsWith<'get'>];
export type ItemOf<P extends ListPath> = ResponseOf<P, 'get'> extends { data: Array<infer I> } ? I : never;
type ParamsOf<P extends keyof paths> = paths[P] extends { get: { parameters: infer Ps } } ? Ps : never;

export interface PaginateOptions<P extends ListPath> {
  /** the list's filters and sort; the cursor is the iterator's business */
  query?: Omit<NonNullable<ParamsOf<P> extends { query?: infer Q } ? Q : never>, 'cursor'>;
  path?: ParamsOf<P> extends { path: infer X } ? X : never;
  signal?: AbortSignal;
}

/** A PDF (or other) job as GET /jobs/{id} answers it. */
export interface Job {
  id: string;
  type?: string;
  status: 'queued' | 'processing' | 'completed' | 'failed' | string;
  error?: unknown;
  [key: string]: unknown;
}

export interface WaitOptions {
  /** give up after this long (default 120 s) */
  timeoutMs?: number;
  /** first pause between polls (default 250 ms); it doubles up to `maxDelayMs` */
  initialDelayMs?: number;
  /** longest pause between polls (default 5 s) */
  maxDelayMs?: number;
  signal?: AbortSignal;
}

export interface FolioClientOptions {
  /** the service's URL, e.g. https://folio.example.com (with or without /v1) */
  baseUrl: string;
  /** storeKey(), publicToken(), accountJwt() or apiKey(); none for sign-up / sign-in */
  credential?: Credential;
  /** a fetch implementation (default: the global one) */
  fetch?: (request: Request) => Promise<Response>;
  /** extra headers on every request (e.g. Idempotency-Key on one client) */
  headers?: Record<string, string>;
  /**
   * Revalidate GETs with their ETags (default `true`): the client keeps the last 200 answers
   * that carried an `ETag` (per full URL and credential, the least recently used dropped past
   * `maxEntries` (200) or `maxBytes` (16 MiB)), sends `If-None-Match` on the next GET of the
   * same URL, and hands a `304 Not Modified` on as the kept body with status 200
   * (`wasRevalidated(response)` tells the two apart). `false` sends every GET unconditionally.
   * Clients made with `withCredential` share their parent's kept answers (keyed by credential).
   */
  revalidate?: boolean | RevalidateOptions;
}

export interface FolioClient {
  /** the openapi-fetch client underneath: `{data, response}` answers; errors still throw FolioError */
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  get<P extends PathsWith<'get'>>(path: P, ...init: Args<P, 'get'>): Promise<ResponseOf<P, 'get'>>;
  post<P extends PathsWith<'post'>>(path: P, ...init: Args<P, 'post'>): Promise<ResponseOf<P, 'post'>>;
  put<P extends PathsWith<'put'>>(path: P, ...init: Args<P, 'put'>): Promise<ResponseOf<P, 'put'>>;
  patch<P extends PathsWith<'patch'>>(path: P, ...init: Args<P, 'patch'>): Promise<ResponseOf<P, 'patch'>>;
  delete<P extends PathsWith<'delete'>>(path: P, ...init: Args<P, 'delete'>): Promise<ResponseOf<P, 'delete'>>;
  /**
   * An operation by its operationId (as in /v1/openapi.json), e.g.
   * `client.op('getProduct', { params: { path: { id } } })`; typed like the path it names.
   */
  op<Id extends OperationId>(id: Id, ...init: true extends IsUnion<Id> ? [init?: { [key: string]: unknown }] : InitArg<Init<PathOf<Id>, MethodOf<Id>>>): Promise<OperationResponse<Id>>;
  /** Every item of a list, page after page (following `links.next`'s cursor), e.g. `for await (const p of client.paginate('/products'))`. */
  paginate<P extends ListPath>(path: P, options?: PaginateOptions<P>): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** Every item of a list in one array (pages followed as `paginate` does): for small collections. */
  listAll<P extends ListPath>(path: P, options?: PaginateOptions<P>): Promise<Array<ItemOf<P>>>;
  /**
   * How many items a list holds, from its `…/count` operation (one cheap query; a list page
   * carries `meta.total` only when asked with `include_total: true`), e.g. `client.count('/products')`, `client.count('/products/{id}/sides', { path: { id } })`.
   */
  count<P extends CountablePath>(path: P, options?: { path?: PaginateOptions<P>['path']; signal?: AbortSignal }): Promise<number>;
  /** Polls GET /jobs/{id} with exponential backoff until the job completes; throws JobError when it fails or time runs out. */
  waitForJob(id: string, options?: WaitOptions): Promise<Job>;
  /** The same client acting with another credential. */
  withCredential(credential: Credential): FolioClient;
  /** Typed helpers of the order lifecycle: transitions, history, files, snapshot, waiting for the print file (docs/orders.md). */
  readonly orders: OrderHelpers;
}

function normaliseBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

/** Paths of the API (relative to /v1) by method, from the operations of the document. */
const KNOWN: Record<string, Set<string>> = {};
for (const { method, path } of Object.values(operationIndex) as Array<{ method: string; path: string }>) (KNOWN[method] ??= new Set()).add(path);

function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, i) => i);
  for (let i = 1; i <= a.length; i++) {
    let prev = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const cur = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
      prev = cur;
    }
  }
  return row[b.length]!;
}

/** "; did you mean …?" naming the nearest candidate, or nothing when none is near. */
function suggest(wrong: string, candidates: Iterable<string>): string {
  let best: string | null = null;
  let bestD = Infinity;
  for (const c of candidates) {
    const d = distance(wrong.toLowerCase(), c.toLowerCase());
    if (d < bestD) [best, bestD] = [c, d];
  }
  return best !== null && bestD <= Math.max(3, Math.floor(wrong.length / 3)) ? `; did you mean ${best}?` : '';
}

/** A path the API does not have (for this method) fails before any request, naming the nearest known one. */
function checkPath(method: string, path: string): void {
  if (KNOWN[method]?.has(path)) return;
  const other = Object.entries(KNOWN).filter(([, set]) => set.has(path)).map(([m]) => m.toUpperCase());
  const hint = other.length > 0 ? ` (that path takes ${other.join(', ')}).` : suggest(path, KNOWN[method] ?? []) || '.';
  throw new UnknownPathError(`${method.toUpperCase()} ${path} is not an operation of the Folio API${hint} Paths are relative to /v1 and keep their {placeholders}: pass values in params.path.`);
}

/** A typed Folio client. Non-2xx answers throw the FolioError subclass of their envelope. */
export function createFolioClient(options: FolioClientOptions): FolioClient {
  const revalidate = options.revalidate ?? true;
  return build(options, revalidate === false ? null : new KeptAnswers(revalidate === true ? {} : revalidate));
}

function build(options: FolioClientOptions, kept: KeptAnswers | null): FolioClient {
  const credential = options.credential ?? anonymous;
  const baseUrl = normaliseBase(options.baseUrl);
  const raw = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}), headers: options.headers });
  raw.use({
    onRequest({ request }) {
      // A header given on the call wins over the client's credential.
      for (const [k, v] of Object.entries(credential.headers())) if (!request.headers.has(k)) request.headers.set(k, v);
      return request;
    },
    async onResponse({ response }) {
      if (response.ok) return undefined;
      const text = await response.clone().text();
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        /* not JSON: keep the text */
      }
      throw errorFromResponse(response, body);
    },
  });
  // After the credential's middleware: its onRequest sees the credential, and its onResponse
  // (middlewares answer in reverse) turns a 304 into the kept 200 before the one above throws.
  if (kept) raw.use(revalidation(kept));

  const call = async (method: string, path: string, init: unknown) => {
    checkPath(method.toLowerCase(), path);
    const fn = (raw as unknown as Record<string, (p: string, i: unknown) => Promise<{ data?: unknown }>>)[method]!;
    const { data } = await fn(path, init);
    return data as never;
  };

  const client: FolioClient = {
    raw,
    baseUrl,
    get: (path, ...init) => call('GET', path, init[0]),
    post: (path, ...init) => call('POST', path, init[0]),
    put: (path, ...init) => call('PUT', path, init[0]),
    patch: (path, ...init) => call('PATCH', path, init[0]),
    delete: (path, ...init) => call('DELETE', path, init[0]),

    op: (id, ...init) => {
      const known = (operationIndex as Record<string, { method: string; path: string } | undefined>)[id];
      if (!known) throw new UnknownPathError(`No operation has the operationId ${JSON.stringify(id)}${suggest(String(id), Object.keys(operationIndex))}`);
      return call(known.method.toUpperCase(), known.path, init[0]);
    },

    async listAll(path, opts) {
      const out: Array<ItemOf<typeof path>> = [];
      for await (const item of client.paginate(path, opts)) out.push(item);
      return out;
    },

    async count(path, opts = {}) {
      const answer = (await call('GET', `${path}/count`, { params: { path: opts.path }, signal: opts.signal })) as { data: { count: number } };
      return answer.data.count;
    },

    async *paginate(path, opts = {}) {
      let cursor: string | null = null;
      const seen = new Set<string>();
      for (;;) {
        const query = { ...(opts.query as Record<string, unknown> | undefined), ...(cursor ? { cursor } : {}) };
        const page = (await call('GET', path, { params: { query, path: opts.path }, signal: opts.signal })) as { data: unknown[]; links: { next: string | null } };
        for (const item of page.data) yield item as never;
        const next = page.links?.next;
        if (!next) return;
        cursor = new URL(next, baseUrl).searchParams.get('cursor');
        // A server that hands back a cursor it already gave would loop forever.
        if (!cursor || seen.has(cursor)) return;
        seen.add(cursor);
      }
    },

    async waitForJob(id, opts = {}) {
      const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
      let delay = opts.initialDelayMs ?? 250;
      const maxDelay = opts.maxDelayMs ?? 5_000;
      for (;;) {
        const { data: job } = (await call('GET', '/jobs/{id}', { params: { path: { id } }, signal: opts.signal })) as { data: Job };
        if (job.status === 'completed') return job;
        if (job.status === 'failed') throw new JobError(`job ${id} failed${job.error ? `: ${JSON.stringify(job.error)}` : ''}`, job);
        const left = deadline - Date.now();
        if (left <= 0) throw new JobError(`job ${id} still ${job.status} after ${opts.timeoutMs ?? 120_000} ms`, job);
        await sleep(Math.min(delay, left), opts.signal);
        delay = Math.min(delay * 2, maxDelay);
      }
    },

    withCredential: (next) => build({ ...options, credential: next }, kept),
    get orders() {
      return orderHelpers(client);
    },
  };
  return client;
}
