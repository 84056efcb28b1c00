import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { loadPlanTable } from '../../src/modules/plans/plans.service.js';
import { buildTestApp, type TestApp, type TestAppOptions } from './app.js';
import { envelopeProblem } from './envelopes.js';
import { as, createStore, signUp, type TestStore, type TestUser } from './factories.js';
import { binaryParts, fromSchema, multipartBody, TINY_PNG, type IdSource, type Part } from './hostile.js';
import { openApiDocument, operations, type Kind, type Operation } from './openapi-ops.js';

/**
 * A tenant with everything the API can hold, made through the API from the OpenAPI document
 * itself: an account, an Advanced store, a store secret key and an account key, and one
 * object per creatable resource (every POST operation is tried with schema-valid bodies until
 * one succeeds). Routes added later get their objects without this file changing.
 * Every response seen is kept, so property-level checks can walk them.
 */
export interface Seen {
  method: string;
  path: string;
  url: string;
  kind: Kind | 'none';
  /** store id of the tenant whose credentials were sent */
  tenant: string | null;
  status: number;
  body: unknown;
}

export interface Tenant {
  user: TestUser;
  store: TestStore;
  storeKey: string;
  accountKey: string;
  /** ids created per operation path template (POST /v1/products → '/v1/products') */
  pools: Map<string, string[]>;
  ids: string[];
}

export interface Request {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** Operations seeding must not run: they take the tenant's own credentials away. */
const NO_SEED = [/\/token-revoke$/, /\/password-update$/, /^\/v1\/account$/, /\/signIn$/];

/** A requests-per-minute ceiling the fuzzers never reach: they test input, not the limiter. */
function unlimitedPlans() {
  const table = loadPlanTable(null) as any;
  const rpm = table.quotas?.requests_per_minute;
  if (rpm) for (const tier of Object.keys(rpm)) rpm[tier] = 10_000_000;
  return table;
}

/**
 * Names resolve without DNS and nothing leaves the machine: `cdn.fuzz.test` (allow-listed) is
 * the local origin below; every other name resolves to a private address, which the safe
 * fetcher refuses.
 */
const FONT = fs.readFileSync(new URL('../../fonts/DejaVuSans.ttf', import.meta.url));

export const ORIGIN_HOST = 'cdn.fuzz.test';
export const fuzzResolver = async (host: string) => [{ address: host === ORIGIN_HOST ? '127.0.0.1' : '10.0.0.1', family: 4 as const }];

/** A local origin serving what user URLs point at: an image, a font, a webhook receiver. */
async function startOrigin(): Promise<{ port: number; close(): Promise<void> }> {
  const font = FONT;
  const server = http.createServer((req, res) => {
    const [path, query] = (req.url ?? '').split('?') as [string, string | undefined];
    const to = new URLSearchParams(query ?? '').get('to');
    if (path === '/redirect' && to) return void res.writeHead(302, { location: to }).end();
    if (path.endsWith('.png')) return void res.writeHead(200, { 'content-type': 'image/png' }).end(TINY_PNG);
    if (path.endsWith('.ttf')) return void res.writeHead(200, { 'content-type': 'font/ttf' }).end(font);
    if (path === '/hook') return void req.resume().on('end', () => res.writeHead(204).end());
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { port: (server.address() as AddressInfo).port, close: () => new Promise<void>((r) => server.close(() => r())) };
}

export class ApiWorld {
  ops: Operation[] = [];
  doc: Record<string, any> = {};
  seen: Seen[] = [];
  tenant!: Tenant;
  /** second tenant, for cross-tenant checks */
  other: Tenant | null = null;

  /** URLs on the local origin that answer with real content (for making real objects) */
  readonly urls: string[];
  /** the local origin (allow-listed by name): /a.png, /font.ttf, /hook, /redirect?to= */
  readonly originBase: string;

  private constructor(
    readonly t: TestApp,
    private readonly origin: { port: number; close(): Promise<void> },
  ) {
    const base = `http://${ORIGIN_HOST}:${origin.port}`;
    this.originBase = base;
    this.urls = [`${base}/a.png`, `${base}/font.ttf`, `${base}/hook`];
  }

  static async create(opts: TestAppOptions = {}): Promise<ApiWorld> {
    const origin = await startOrigin();
    const t = await buildTestApp({
      plans: unlimitedPlans(),
      resolver: fuzzResolver,
      ...opts,
      env: { FOLIO_SIGNUP_TOKENS: '1000000', FOLIO_FETCH_TIMEOUT_MS: '2000', FOLIO_FETCH_ALLOWLIST: ORIGIN_HOST, ...opts.env },
    });
    const w = new ApiWorld(t, origin);
    w.doc = await openApiDocument(t.app);
    w.ops = operations(w.doc);
    w.tenant = await w.newTenant();
    return w;
  }

  async close(): Promise<void> {
    await this.t.close();
    await this.origin.close();
  }

  async newTenant(): Promise<Tenant> {
    const user = await signUp(this.t.app);
    const store = await createStore(this.t.app, user, { tier: 'advanced', deps: this.t.deps });
    const sk = await this.t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers: as.B(store), payload: { name: 'fuzz store key' } });
    const ak = await this.t.app.inject({ method: 'POST', url: '/v1/account/api-keys', headers: as.J(user), payload: { name: 'fuzz account key' } });
    if (sk.statusCode !== 200 || ak.statusCode !== 200) throw new Error(`key creation failed: ${sk.body} ${ak.body}`);
    const tenant: Tenant = { user, store, storeKey: sk.json().key, accountKey: ak.json().key, pools: new Map(), ids: [store.id, sk.json().data.uuid, ak.json().data.uuid] };
    tenant.pools.set(`/v1/stores/${'{store}'}/api-keys`, [sk.json().data.uuid]);
    tenant.pools.set('/v1/account/api-keys', [ak.json().data.uuid]);
    await this.seed(tenant);
    return tenant;
  }

  /** Headers for a credential kind of a tenant. Account-level operations get the account key. */
  headers(kind: Kind | 'none', op: Pick<Operation, 'kinds'>, tenant = this.tenant): Record<string, string> {
    const storeLevel = op.kinds.some((k) => k === 'B' || k === 'U' || k === 'JS');
    const key = storeLevel ? tenant.storeKey : tenant.accountKey;
    switch (kind) {
      case 'B':
        return as.B(tenant.store);
      case 'U':
        return as.U(tenant.store);
      case 'JS':
        return as.JS(tenant.store);
      case 'J':
        return as.J(tenant.user);
      case 'K':
        return { authorization: `Bearer ${key}` };
      case 'KH':
        return { 'x-api-key': key };
      default:
        return {};
    }
  }

  /** The most privileged kind an operation accepts (B, then JS, J, K). */
  strongest(op: Operation): Kind | 'none' {
    for (const k of ['B', 'JS', 'J', 'K', 'KH', 'U'] as const) if (op.kinds.includes(k)) return k;
    return 'none';
  }

  idSource(tenant = this.tenant): IdSource {
    return { ids: tenant.ids, idsForField: (name) => this.idsForField(name, tenant) };
  }

  /** Ids for a field by its name: product_id → ids made by POST …/products (last path word by stem). */
  idsForField(name: string, tenant = this.tenant): string[] {
    const word = name.replace(/(_ids?|Ids?)$/, '').split('_').pop()!.toLowerCase();
    const stem = word.replace(/(y|s)$/, '');
    if (stem.length < 3) return [];
    for (const [path, ids] of tenant.pools) {
      const last = path.split('/').filter((x) => x && !x.startsWith('{')).pop() ?? '';
      if (last.startsWith(stem) && ids.length > 0) return ids.slice(0, 1);
    }
    return [];
  }

  /** Real ids a path parameter could take: ids made by the operations under the path before it. */
  idsFor(op: Operation, param: string, tenant = this.tenant): string[] {
    if (param === 'store') return [tenant.store.id];
    const prefix = op.path.slice(0, op.path.indexOf(`/{${param}}`));
    return tenant.pools.get(prefix) ?? [];
  }

  /** The path with each parameter given a real id of the tenant (undefined when one has none). */
  realPath(op: Operation, tenant = this.tenant): string | undefined {
    let url = op.path;
    for (const p of op.pathParams) {
      const ids = this.idsFor(op, p, tenant);
      if (ids.length === 0) return undefined;
      url = url.replace(`{${p}}`, encodeURIComponent(ids[0]!));
    }
    return url;
  }

  async send(req: Request, meta: { op: Pick<Operation, 'path'>; kind: Kind | 'none'; tenant?: Tenant }) {
    const res = await this.t.app.inject({ method: req.method as any, url: req.url, headers: req.headers, ...(req.payload !== undefined ? { payload: req.payload } : {}) });
    let body: unknown = null;
    if (String(res.headers['content-type'] ?? '').startsWith('application/json')) {
      try {
        body = JSON.parse(res.body);
      } catch {
        body = res.body;
      }
    }
    const tenant = meta.kind === 'none' ? null : (meta.tenant ?? this.tenant).store.id;
    this.seen.push({ method: req.method, path: meta.op.path, url: req.url, kind: meta.kind, tenant, status: res.statusCode, body });
    return res;
  }

  /** One request to an operation as a tenant's credential of `kind`, with a body if given. */
  call(op: Operation, kind: Kind | 'none', opts: { tenant?: Tenant; url?: string; body?: { contentType: string | null; payload: string | Buffer | undefined }; headers?: Record<string, string> } = {}) {
    const tenant = opts.tenant ?? this.tenant;
    const headers = { ...this.headers(kind, op, tenant), ...(opts.body?.contentType ? { 'content-type': opts.body.contentType } : {}), ...opts.headers };
    const payload = opts.body?.payload;
    return this.send({ method: op.method, url: opts.url ?? op.path, headers, ...(payload !== undefined ? { payload } : {}) }, { op, kind, tenant });
  }

  /** Creates one object per POST operation, parents first, with schema-valid bodies. */
  private async seed(tenant: Tenant): Promise<void> {
    const posts = this.ops
      .filter((o) => o.method === 'POST' && o.kinds.length > 0 && !NO_SEED.some((re) => re.test(o.path)))
      .sort((a, b) => a.pathParams.length - b.pathParams.length);
    for (let pass = 0; pass < 2; pass++) {
      for (const op of posts) {
        if ((tenant.pools.get(op.path)?.length ?? 0) > 0) continue;
        const url = this.realPath(op, tenant);
        if (!url) continue;
        const kind = this.strongest(op);
        const bodies = this.validBodies(op, tenant, 15);
        for (const body of bodies) {
          const res = await this.send({ method: 'POST', url, headers: { ...this.headers(kind, op, tenant), ...(body.contentType ? { 'content-type': body.contentType } : {}) }, ...(body.payload !== undefined ? { payload: body.payload } : {}) }, { op, kind, tenant });
          if (res.statusCode >= 500 || envelopeProblem(res)) throw new Error(`seeding ${op.method} ${op.path}: ${res.statusCode} ${res.body.slice(0, 500)}`);
          if (res.statusCode < 300) {
            const found = collectIds(JSON.parse(res.body || 'null'));
            tenant.pools.set(op.path, found);
            for (const id of found) if (!tenant.ids.includes(id)) tenant.ids.push(id);
            break;
          }
        }
      }
    }
  }

  /** Schema-valid bodies for an operation (multipart: its binary parts carry a real PNG). */
  validBodies(op: Operation, tenant: Tenant, n: number): Array<{ contentType: string | null; payload: string | Buffer | undefined }> {
    const src = { ...this.idSource(tenant), tame: true, urls: this.urls.filter((u) => urlFits(op.path, u)) };
    if (op.json) return fc.sample(fromSchema(op.json, src), { numRuns: n }).map((v) => ({ contentType: 'application/json', payload: JSON.stringify(v) }));
    if (op.multipart) {
      const props = (op.multipart.properties ?? {}) as Record<string, any>;
      const files = binaryParts(op.multipart);
      const fieldSchema = { ...op.multipart, required: [], properties: Object.fromEntries(Object.entries(props).filter(([k]) => !files.includes(k))) };
      return fc.sample(fromSchema(fieldSchema, src), { numRuns: n }).map((v) => {
        const font = /font/.test(op.path);
        const parts: Part[] = files.map((name) => (font ? { name, filename: 'f.ttf', contentType: 'font/ttf', data: FONT } : { name, filename: 'tiny.png', contentType: 'image/png', data: TINY_PNG }));
        for (const [k, val] of Object.entries((v ?? {}) as Record<string, unknown>)) parts.push({ name: k, data: typeof val === 'string' ? val : JSON.stringify(val) });
        return multipartBody(parts);
      });
    }
    return [{ contentType: null, payload: undefined }];
  }

  /** Whether the tenant's credentials still work (a fuzzed revoke, delete or rotation may have ended them). */
  async healthy(tenant = this.tenant): Promise<boolean> {
    const probes = [
      { url: '/v1/stores/store-details', headers: as.U(tenant.store) },
      { url: '/v1/stores/store-details', headers: as.B(tenant.store) },
      { url: `/v1/stores/${tenant.store.id}`, headers: { authorization: `Bearer ${tenant.storeKey}` } },
      { url: '/v1/account/api-keys', headers: { authorization: `Bearer ${tenant.accountKey}` } },
      { url: '/v1/account', headers: as.J(tenant.user) },
    ];
    for (const p of probes) {
      const res = await this.t.app.inject({ method: 'GET', ...p });
      if (res.statusCode !== 200) return false;
    }
    return true;
  }

  /** A fresh tenant when the current one lost its credentials or store. */
  async ensureHealthy(): Promise<void> {
    if (!(await this.healthy())) this.tenant = await this.newTenant();
  }
}

/** The origin URL a creating operation wants: fonts a font, webhooks a receiver, the rest an image. */
function urlFits(path: string, url: string): boolean {
  if (/font/.test(path)) return url.endsWith('.ttf');
  if (/webhook/.test(path)) return url.endsWith('/hook');
  return url.endsWith('.png');
}

/** Ids in a response: `id`, `*_id` and `*Id` members (strings or integers), outermost first. */
export function collectIds(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, depth: number) => {
    if (depth > 4 || v === null || typeof v !== 'object') return;
    if (Array.isArray(v)) return v.slice(0, 5).forEach((x) => walk(x, depth + 1));
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      if ((k === 'id' || k === 'uuid' || /(_id|Id|_uuid)$/.test(k)) && (typeof x === 'string' || Number.isInteger(x)) && String(x).length > 0) out.push(String(x));
    }
    for (const x of Object.values(v as Record<string, unknown>)) walk(x, depth + 1);
  };
  walk(body, 0);
  return [...new Set(out)];
}
