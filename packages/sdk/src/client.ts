import createClient, { type Client, type MaybeOptionalInit } from 'openapi-fetch';
import { anonymous, type Credential } from './credentials.js';
import { errorFromResponse, JobError } from './errors.js';
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
}

export interface FolioClient {
  /** the openapi-fetch client underneath: `{data, response}` answers; errors still throw FolioError */
  readonly raw: Client<paths>;
  readonly baseUrl: string;
  get<P extends PathsWith<'get'>>(path: P, ...init: InitArg<Init<P, 'get'>>): Promise<ResponseOf<P, 'get'>>;
  post<P extends PathsWith<'post'>>(path: P, ...init: InitArg<Init<P, 'post'>>): Promise<ResponseOf<P, 'post'>>;
  put<P extends PathsWith<'put'>>(path: P, ...init: InitArg<Init<P, 'put'>>): Promise<ResponseOf<P, 'put'>>;
  patch<P extends PathsWith<'patch'>>(path: P, ...init: InitArg<Init<P, 'patch'>>): Promise<ResponseOf<P, 'patch'>>;
  delete<P extends PathsWith<'delete'>>(path: P, ...init: InitArg<Init<P, 'delete'>>): Promise<ResponseOf<P, 'delete'>>;
  /** Every item of a list, page after page (following `links.next`'s cursor), e.g. `for await (const p of client.paginate('/products'))`. */
  paginate<P extends ListPath>(path: P, options?: PaginateOptions<P>): AsyncGenerator<ItemOf<P>, void, undefined>;
  /** Polls GET /jobs/{id} with exponential backoff until the job completes; throws JobError when it fails or time runs out. */
  waitForJob(id: string, options?: WaitOptions): Promise<Job>;
  /** The same client acting with another credential. */
  withCredential(credential: Credential): FolioClient;
}

function normaliseBase(url: string): string {
  const trimmed = url.replace(/\/+$/, '');
  return trimmed.endsWith('/v1') ? trimmed : `${trimmed}/v1`;
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** A typed Folio client. Non-2xx answers throw the FolioError subclass of their envelope. */
export function createFolioClient(options: FolioClientOptions): FolioClient {
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

  const call = async (method: string, path: string, init: unknown) => {
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

    withCredential: (next) => createFolioClient({ ...options, credential: next }),
  };
  return client;
}
