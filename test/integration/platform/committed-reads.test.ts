import fs from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp, type App } from '../../../src/app.js';
import { loadConfig } from '../../../src/config/index.js';
import { buildDeps } from '../../../src/main/deps.js';
import type { RateStore } from '../../../src/platform/http/rate-limit.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, signUp, type TestStore, type TestUser } from '../../helpers/factories.js';
import { multipart } from '../catalog/helpers.js';

/**
 * Reads are never wrong: whatever sequence of writes two processes make on one database,
 * every list and every single read, through either process, answers what a process that has
 * never served a request reads from the database, and what a model of the committed writes
 * predicts. The writes include the ones that fail half-way and roll back (an invalid second
 * item of a batch: the first was written inside the transaction), which is where caches of
 * what a transaction read go wrong.
 *
 * Model-based (fast-check `commands`): each command acts through one of the two apps (A or
 * B, built on the same SQLite file, or the same PostgreSQL database), with the store key, the
 * public token or the owner's token, checks its status against the model, then checks every
 * read of the store (checkReads).
 *
 * Every read goes out with the `If-None-Match` of the same read's last answer through the same
 * app (http/conditional.ts): a 304 is right only where the fresh reader's answer is what that
 * app answered last (checked in its place), and a changed answer must come as a 200.
 */

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/images');
const NOWHERE = '0190b0b0-0000-7000-8000-000000000000'; // a uuid no row has
type Kind = 'products' | 'sides' | 'templates' | 'designs' | 'projects';
const KINDS: readonly Kind[] = ['products', 'sides', 'templates', 'designs', 'projects'];
const STATUSES: Record<Kind, readonly (string | undefined)[]> = {
  products: ['publish', 'draft', 'trashed'],
  sides: ['publish', 'draft', 'trashed'],
  templates: [undefined],
  designs: ['accepted', 'processing', 'declined', 'trashed'],
  projects: ['processing', 'reviewing', 'accepted', 'trashed'],
};

// ---- the model ----------------------------------------------------------------------------

interface Doc {
  id: string;
  name: string;
  status: string | null;
  /** sides: the product; templates and designs: the side */
  parent: string | null;
  /** designs: their project; products: their parent product (only ever NOWHERE, refused) */
  link: string | null;
  /** products: product_image_id */
  image: string | null;
  /** designs: the product of their side, and the side's name when saved (original_side) */
  product: string | null;
  snapSide: string | null;
  gone: boolean;
}
interface Model {
  docs: Record<Kind, Map<string, Doc>>;
  images: Map<string, { id: string; gone: boolean }>;
  balance: number;
  ledger: number;
  /** Idempotency-Keys of paid calls that succeeded, with their bodies */
  paid: Array<{ key: string; body: object }>;
}

interface Real {
  apps: [App, App];
  store: TestStore;
  owner: TestUser;
}

const live = (m: Model, kind: Kind, id: string | null | undefined) => (id ? m.docs[kind].get(id)?.gone === false : false);
const liveImage = (m: Model, id: string | null) => (id ? m.images.get(id)?.gone === false : false);

/** Whether the service accepts a document as it would stand after a create or an update. */
function accepts(m: Model, kind: Kind, d: Doc, creating: boolean): boolean {
  switch (kind) {
    case 'products':
      return (d.image === null || liveImage(m, d.image)) && d.link === null;
    case 'sides':
      return live(m, 'products', d.parent);
    case 'templates':
      return live(m, 'sides', d.parent);
    case 'designs':
      return (!creating || live(m, 'sides', d.parent)) && (d.link === null || live(m, 'projects', d.link));
    case 'projects':
      return true;
  }
}

/** A change of a batch or single write: the body sent and what it does to the model's document. */
interface Change {
  id: string;
  body: Record<string, unknown>;
  apply: Partial<Doc>;
}

/** Applies changes in order as one transaction: the model after it, or the status of the first failure. */
function simulateUpdates(m: Model, kind: Kind, changes: Change[]): { ok: true; docs: Map<string, Doc> } | { ok: false; status: number } {
  const docs = new Map([...m.docs[kind]].map(([k, v]) => [k, { ...v }]));
  for (const c of changes) {
    const d = docs.get(c.id);
    if (!d || d.gone) return { ok: false, status: 404 };
    const next = { ...d, ...c.apply };
    if (!accepts(m, kind, next, false)) return { ok: false, status: 400 };
    docs.set(c.id, next);
  }
  return { ok: true, docs };
}

function newDoc(m: Model, kind: Kind, name: string, parent: string | null, extra: Partial<Doc> = {}): Doc {
  const side = kind === 'designs' && parent ? m.docs.sides.get(parent) : undefined;
  return {
    id: '',
    name,
    status: kind === 'templates' ? null : kind === 'designs' || kind === 'projects' ? 'processing' : 'publish',
    parent,
    link: null,
    image: null,
    product: side?.parent ?? null,
    snapSide: side?.name ?? null,
    gone: false,
    ...extra,
  };
}

/** The body creating `d` (all refs as the model holds them; NOWHERE where a test wants a refusal). */
function createBody(kind: Kind, d: Doc): Record<string, unknown> {
  switch (kind) {
    case 'products':
      return { name: d.name, dimension_unit: 'mm', ...(d.image ? { product_image_id: d.image } : {}), ...(d.link ? { parent_id: d.link } : {}) };
    case 'sides':
      return { product_id: d.parent, name: d.name, width: 100, height: 60 };
    case 'templates':
      return { side_id: d.parent, name: d.name };
    case 'designs':
      return { side_id: d.parent, name: d.name, ...(d.link ? { project_id: d.link } : {}) };
    case 'projects':
      return { name: d.name };
  }
}

/** The field of an update body that makes the service refuse it (the batch's second item). */
function poison(kind: Kind, id: string): Change {
  switch (kind) {
    case 'products':
      return { id, body: { parent_id: NOWHERE }, apply: { link: NOWHERE } };
    case 'sides':
      return { id, body: { product_id: NOWHERE }, apply: { parent: NOWHERE } };
    case 'templates':
      return { id, body: { side_id: NOWHERE }, apply: { parent: NOWHERE } };
    case 'designs':
      return { id, body: { project_id: NOWHERE }, apply: { link: NOWHERE } };
    case 'projects':
      // a project's body is never refused: the second item names no project (404)
      return { id: NOWHERE, body: { name: 'never' }, apply: {} };
  }
}

// ---- requests -----------------------------------------------------------------------------

type Cred = 'B' | 'U';
interface Answer {
  status: number;
  body: any;
  etag?: string;
}
async function call(app: App, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Record<string, string>, payload?: object | Buffer): Promise<Answer> {
  const res = await app.inject({ method, url, headers, ...(payload !== undefined ? { payload } : {}) });
  let body: unknown = res.body;
  try {
    body = res.json();
  } catch {
    // not JSON: compared as text
  }
  return { status: res.statusCode, body, ...(typeof res.headers.etag === 'string' ? { etag: res.headers.etag } : {}) };
}

/** The last 200 each app answered each read with its tag, by app, URL and credential. */
const lastAnswers = new Map<string, Answer>();
/**
 * A read through an app as a revalidating client makes it: with the `If-None-Match` of that
 * app's last answer to it. A 304 stands for that answer (returned in its place, so it is
 * checked against the fresh reader like any other); a 304 without a tag sent is wrong.
 */
async function revalidated(app: App, via: number, url: string, headers: Record<string, string>): Promise<Answer> {
  const key = `${via}\u0000${url}\u0000${JSON.stringify(headers)}`;
  const last = lastAnswers.get(key);
  const got = await call(app, 'GET', url, { ...headers, ...(last?.etag ? { 'if-none-match': last.etag } : {}) });
  if (got.status === 304) {
    expect(last?.etag, `${url}: 304 to a request without If-None-Match`).toBeDefined();
    return last!;
  }
  if (got.status === 200 && got.etag) lastAnswers.set(key, got);
  else lastAnswers.delete(key);
  return got;
}

const AS = ['A', 'B'];
const header = (r: Real, cred: Cred) => (cred === 'U' ? as.U(r.store) : as.B(r.store));

/**
 * An answer as compared: signed links carry an expiry and a signature of the second they were
 * made in (compared without their query); an error names its request (without its id).
 */
function unsigned(v: unknown): unknown {
  if (typeof v === 'string') return /^https?:\/\//.test(v) ? v.replace(/\?.*$/, '') : v;
  if (Array.isArray(v)) return v.map(unsigned);
  if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).filter(([k]) => k !== 'request_id').map(([k, x]) => [k, unsigned(x)]));
  return v;
}

// ---- the apps -----------------------------------------------------------------------------

/** No rate limits: the check reads every URL of the store after every step, through both apps. */
const unlimited: RateStore = { hit: async () => ({ count: 1, resetMs: 60_000 }), close: async () => undefined };

let A: TestApp;
let B: TestApp;
/** The environment of A (buildTestApp's), for the fresh readers. */
let env: Record<string, string>;

/** GET routes alone: a fresh reader answers reads, and compiling no write route halves its start. */
const WRITES = new Set(['post', 'put', 'delete', 'patch']);
function readsOnly<T extends object>(app: T): T {
  return new Proxy(app, {
    get(target, prop, receiver) {
      if (typeof prop === 'string' && WRITES.has(prop)) return () => receiver;
      if (prop === 'get') return (url: string, ...rest: unknown[]) => (READ_ROUTES.has(url) ? (target as { get: (...a: unknown[]) => unknown }).get(url, ...rest) : receiver);
      if (prop === 'route') throw new Error('readsOnly: app.route() is not filtered');
      if (prop === 'register') {
        return (plugin: (s: object, o: unknown) => unknown, opts?: unknown) =>
          (target as { register: (p: unknown, o: unknown) => unknown }).register(
            plugin.constructor.name === 'AsyncFunction' && !(plugin as unknown as Record<symbol, unknown>)[Symbol.for('skip-override')] ? async (s: object, o: unknown) => plugin(readsOnly(s), o) : plugin,
            opts,
          );
      }
      const v: unknown = Reflect.get(target, prop, target);
      return typeof v === 'function' ? (v as (...a: unknown[]) => unknown).bind(target) : v;
    },
  });
}
const READ_MODULES = new Set(['catalog', 'designs', 'projects', 'wallet']);
const READ_ROUTES = new Set([...['products', 'sides', 'templates', 'designs', 'projects', 'images'].flatMap((k) => [`/${k}`, `/${k}/:id`]), '/account/wallet', '/account/wallet/transactions']);

/**
 * A process that has served nothing: its own deps (database connection, caches, kept
 * answers, built memos, credential caches, all empty) and the real read routes of the
 * resources compared, over A's database and data dir. Built for each check and closed after.
 */
async function freshReader(): Promise<{ app: App; close(): Promise<void> }> {
  const deps = await buildDeps(loadConfig({ ...env, FOLIO_REDIS_PREFIX: `folio-test:${randomUUID()}:` }), { rateStore: unlimited });
  try {
    const app = await buildApp({
      ...deps.appDeps,
      logger: false,
      routes: async (v1) => {
        for (const m of deps.modules) if (READ_MODULES.has(m.name)) await m.routes?.(readsOnly(v1));
      },
    });
    app.addHook('onClose', async () => deps.close());
    await app.ready();
    return { app, close: () => app.close() };
  } catch (err) {
    await deps.close();
    throw err;
  }
}

beforeAll(async () => {
  A = await buildTestApp({ rateStore: unlimited });
  env = {
    FOLIO_DATA_DIR: A.config.dataDir,
    FOLIO_PUBLIC_URL: 'http://folio.test',
    FOLIO_SCRYPT_COST: '10',
    LOG_LEVEL: 'silent',
    FOLIO_WARMUP: 'false',
    ...(inject('databaseUrl') ? { DATABASE_URL: inject('databaseUrl')! } : {}),
    ...(inject('redisUrl') ? { REDIS_URL: inject('redisUrl')! } : {}),
  };
  // B: a second process on the same database and data dir (secrets, blobs)
  B = await buildTestApp({ rateStore: unlimited, env: { FOLIO_DATA_DIR: A.config.dataDir } });
});
afterAll(async () => {
  await B?.close();
  await A?.close();
});

// ---- the check after every step ---------------------------------------------------------

interface Read {
  url: string;
  headers: Record<string, string>;
  /** what the model says the answer holds (the fresh reader's answer is checked against it) */
  expect(a: Answer): void;
}

function expected(m: Model, kind: Kind, d: Doc, embeds = true): Record<string, unknown> {
  switch (kind) {
    case 'products':
      return { id: d.id, name: d.name, status: d.status, product_image: liveImage(m, d.image) ? { id: d.image } : null };
    case 'sides':
      return { id: d.id, name: d.name, status: d.status, product_id: d.parent };
    case 'templates':
      return { id: d.id, name: d.name, side_id: d.parent };
    case 'designs': {
      const out: Record<string, unknown> = { id: d.id, name: d.name, status: d.status, side_id: d.parent, product_id: d.product, project_id: d.link };
      if (!embeds) return out;
      const side = m.docs.sides.get(d.parent!)!;
      const product = m.docs.products.get(d.product!)!;
      const project = d.link ? m.docs.projects.get(d.link)! : null;
      return {
        ...out,
        side: { id: side.id, name: side.name, status: side.status },
        product: expected(m, 'products', product),
        project: project ? { id: project.id, name: project.name, status: project.status } : null,
        original_side: { id: side.id, name: d.snapSide },
      };
    }
    case 'projects':
      return { id: d.id, name: d.name, status: d.status };
  }
}

function listRead(m: Model, kind: Kind, url: string, headers: Record<string, string>, filter: (d: Doc) => boolean = () => true, embeds = true): Read {
  return {
    url,
    headers,
    expect(a) {
      expect(a.status, `${url}: ${JSON.stringify(a.body)}`).toBe(200);
      const want = [...m.docs[kind].values()].filter((d) => !d.gone && filter(d));
      const got = a.body.data as Array<Record<string, unknown>>;
      expect(got.map((x) => x.id).sort(), url).toEqual(want.map((d) => d.id).sort());
      for (const d of want) expect(got.find((x) => x.id === d.id), `${url} ${d.id}`).toMatchObject(expected(m, kind, d, embeds));
      if (!embeds) for (const x of got) for (const e of ['side', 'product', 'project', 'original_side']) expect(x, url).not.toHaveProperty(e);
    },
  };
}

function readsOf(m: Model, r: Real): Read[] {
  const B = as.B(r.store);
  const U = as.U(r.store);
  const reads: Read[] = [
    listRead(m, 'products', '/v1/products?limit=100&include_total=true', B),
    listRead(m, 'products', '/v1/products?limit=100', U),
    listRead(m, 'products', '/v1/products?limit=100&status=trashed', B, (d) => d.status === 'trashed'),
    listRead(m, 'sides', '/v1/sides?limit=100', B),
    listRead(m, 'templates', '/v1/templates?limit=100', U),
    listRead(m, 'designs', '/v1/designs?limit=100', B),
    listRead(m, 'designs', '/v1/designs?limit=100&include=none', B, () => true, false),
    listRead(m, 'projects', '/v1/projects?limit=100', B),
    {
      url: '/v1/images?limit=100',
      headers: B,
      expect(a) {
        expect(a.status).toBe(200);
        const want = [...m.images.values()].filter((i) => !i.gone).map((i) => i.id);
        expect((a.body.data as Array<{ id: string }>).map((x) => x.id).sort(), 'images').toEqual(want.sort());
      },
    },
    {
      url: '/v1/account/wallet',
      headers: as.J(r.owner),
      expect(a) {
        expect(a.status).toBe(200);
        expect(a.body.data.balance, 'wallet balance').toBe(m.balance);
      },
    },
    {
      url: '/v1/account/wallet/transactions?limit=100',
      headers: as.J(r.owner),
      expect(a) {
        expect(a.status).toBe(200);
        expect(a.body.data, 'wallet ledger').toHaveLength(m.ledger);
      },
    },
  ];
  const one = (kind: Kind, d: Doc, url: string, headers: Record<string, string>, embeds = true): Read => ({
    url,
    headers,
    expect(a) {
      if (d.gone) return expect(a.status, `${url} (deleted)`).toBe(404);
      expect(a.status, `${url}: ${JSON.stringify(a.body)}`).toBe(200);
      expect(a.body.data, url).toMatchObject(expected(m, kind, d, embeds));
    },
  });
  for (const kind of KINDS) {
    let i = 0;
    for (const d of m.docs[kind].values()) {
      // the public token reads the catalog and designs; projects are the store's
      const cred = kind !== 'projects' && kind !== 'sides' && i++ % 2 === 1 ? U : B;
      reads.push(one(kind, d, `/v1/${kind}/${d.id}`, cred));
      if (kind === 'designs') reads.push(one(kind, d, `/v1/designs/${d.id}?include=none`, B, false));
    }
  }
  for (const img of m.images.values()) {
    reads.push({
      url: `/v1/images/${img.id}`,
      headers: U,
      expect(a) {
        expect(a.status, `/v1/images/${img.id}`).toBe(img.gone ? 404 : 200);
      },
    });
  }
  return reads;
}

/**
 * Every read of the store through A and B equals what a fresh reader answers (links
 * unsigned), and the fresh reader's answers are what the model predicts.
 */
async function checkReads(m: Model, r: Real, step: string): Promise<void> {
  const reads = readsOf(m, r);
  const seen: Array<[Answer, Answer]> = [];
  for (const read of reads) seen.push([await revalidated(r.apps[0], 0, read.url, read.headers), await revalidated(r.apps[1], 1, read.url, read.headers)]);
  const truths: Answer[] = [];
  const fresh = await freshReader();
  try {
    for (const read of reads) truths.push(await call(fresh.app, 'GET', read.url, read.headers));
  } finally {
    await fresh.close();
  }
  // every wrong read named first, then the first one's difference in full
  const body = (a: Answer) => unsigned({ status: a.status, body: a.body });
  const wrong = reads.flatMap((read, i) => seen[i]!.flatMap((got, app) => (isDeepStrictEqual(body(got), body(truths[i]!)) ? [] : [{ app: AS[app]!, read, got, truth: truths[i]! }])));
  if (wrong.length) {
    const list = wrong.map((w) => `GET ${w.read.url} through app ${w.app}`).join('; ');
    const w = wrong[0]!;
    expect(body(w.got), `after ${step}: ${wrong.length} read(s) differ from a fresh process's read of the database (${list}); the first`).toEqual(body(w.truth));
  }
  for (const [i, read] of reads.entries()) read.expect(truths[i]!);
}

// ---- the commands -------------------------------------------------------------------------

/** An index into the model's documents of a kind, live or deleted, resolved when the command runs. */
interface Pick {
  n: number;
  gone: boolean;
}
function pickDoc(m: Readonly<Model>, kind: Kind, p: Pick): Doc | null {
  const pool = [...m.docs[kind].values()].filter((d) => d.gone === p.gone);
  return pool.length ? pool[p.n % pool.length]! : null;
}
function pickImage(m: Readonly<Model>, p: Pick): string | null {
  const pool = [...m.images.values()].filter((i) => i.gone === p.gone);
  return pool.length ? pool[p.n % pool.length]!.id : null;
}
const PARENT: Partial<Record<Kind, Kind>> = { sides: 'products', templates: 'sides', designs: 'sides' };

abstract class Step implements fc.AsyncCommand<Model, Real> {
  constructor(readonly via: 0 | 1) {}
  abstract check(m: Readonly<Model>): boolean;
  /** the write alone, its status checked against the model, and the model updated */
  abstract act(m: Model, r: Real, app: App): Promise<void>;
  protected abstract describe(): string;
  async run(m: Model, r: Real): Promise<void> {
    await this.act(m, r, r.apps[this.via]);
    await checkReads(m, r, this.toString());
  }
  toString(): string {
    return `${this.describe()} via ${AS[this.via]}`;
  }
}

/** The document a create makes from the picks (its parent, a product's image, a design's project). */
function drafted(m: Readonly<Model>, kind: Kind, name: string, parent: Pick, ref: Pick | null): Doc | null {
  const parentKind = PARENT[kind];
  const p = parentKind ? pickDoc(m, parentKind, parent) : null;
  if (parentKind && !p) return null;
  const extra: Partial<Doc> = {};
  if (kind === 'products' && ref) extra.image = pickImage(m, ref);
  if (kind === 'designs' && ref) extra.link = pickDoc(m, 'projects', ref)?.id ?? null;
  return newDoc(m as Model, kind, name, p?.id ?? null, extra);
}

class Create extends Step {
  constructor(readonly kind: Kind, readonly names: string[], readonly parent: Pick, readonly ref: Pick | null, readonly poisonLast: boolean, readonly cred: Cred, via: 0 | 1) {
    super(via);
  }
  private get batch() {
    return this.names.length > 1;
  }
  /** the public token creates designs and projects; the catalog takes the store key */
  get credential(): Cred {
    return this.kind === 'designs' || this.kind === 'projects' ? this.cred : 'B';
  }
  check(m: Readonly<Model>) {
    // a project's body is never refused: no batch of projects fails half-way
    return drafted(m, this.kind, 'x', this.parent, this.ref) !== null && !(this.poisonLast && this.kind === 'projects');
  }
  protected describe() {
    return `${this.batch ? 'POST batch' : 'POST'} ${this.kind} ${JSON.stringify(this.names)}${this.poisonLast ? ' (last item refused)' : ''} parent=${JSON.stringify(this.parent)} ref=${JSON.stringify(this.ref)} as ${this.credential}`;
  }
  async act(m: Model, r: Real, app: App) {
    const docs = this.names.map((n) => drafted(m, this.kind, n, this.parent, this.ref)!);
    if (this.poisonLast) Object.assign(docs[docs.length - 1]!, this.kind === 'products' ? { link: NOWHERE } : { parent: NOWHERE });
    const ok = docs.every((d) => accepts(m, this.kind, d, true));
    const cred = this.credential;
    const bodies = docs.map((d) => createBody(this.kind, d));
    const res = this.batch
      ? await call(app, 'POST', `/v1/${this.kind}/batch`, header(r, cred), { [this.kind]: bodies })
      : await call(app, 'POST', `/v1/${this.kind}`, header(r, cred), bodies[0]!);
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(ok ? 201 : 400);
    if (!ok) return;
    const made = (this.batch ? res.body.data : [res.body.data]) as Array<{ id: string }>;
    docs.forEach((d, i) => m.docs[this.kind].set(made[i]!.id, { ...d, id: made[i]!.id }));
  }
}

/** What an update sets: a name, a status (trashed and back: the catalog's restore), a product's image, a design's project. */
interface Edit {
  name: string | null;
  status: number | null;
  ref: Pick | 'none' | null;
}
function change(m: Readonly<Model>, kind: Kind, id: string, e: Edit): Change {
  const body: Record<string, unknown> = {};
  const apply: Partial<Doc> = {};
  if (e.name !== null) body.name = apply.name = e.name;
  const status = e.status === null ? undefined : STATUSES[kind][e.status % STATUSES[kind].length];
  if (status !== undefined) body.status = apply.status = status;
  if (e.ref !== null && kind === 'products') body.product_image_id = apply.image = e.ref === 'none' ? null : pickImage(m, e.ref);
  if (e.ref !== null && kind === 'designs') body.project_id = apply.link = e.ref === 'none' ? null : (pickDoc(m, 'projects', e.ref)?.id ?? null);
  if (Object.keys(body).length === 0) body.name = apply.name = 'Renamed';
  return { id, body, apply };
}

class Update extends Step {
  /** second: another edit in the same batch; 'poison': the same document refused; 'missing': an id that is not there */
  constructor(readonly kind: Kind, readonly target: Pick, readonly edit: Edit, readonly second: { target: Pick; edit: Edit } | 'poison' | 'missing' | null, readonly cred: Cred, via: 0 | 1) {
    super(via);
  }
  check(m: Readonly<Model>) {
    return pickDoc(m, this.kind, this.target) !== null && (this.second === null || typeof this.second === 'string' || pickDoc(m, this.kind, this.second.target) !== null);
  }
  protected describe() {
    return `${this.second ? 'PUT batch' : 'PUT'} ${this.kind} ${JSON.stringify(this.target)} ${JSON.stringify(this.edit)}${this.second ? ` then ${JSON.stringify(this.second)}` : ''} as ${this.credential}`;
  }
  /** the public token saves designs; everything else takes the store key */
  get credential(): Cred {
    return this.kind === 'designs' ? this.cred : 'B';
  }
  async act(m: Model, r: Real, app: App) {
    const first = pickDoc(m, this.kind, this.target)!;
    const changes = [change(m, this.kind, first.id, this.edit)];
    if (this.second === 'poison') changes.push(poison(this.kind, first.id));
    else if (this.second === 'missing') changes.push({ id: NOWHERE, body: { name: 'never' }, apply: {} });
    else if (this.second) changes.push(change(m, this.kind, pickDoc(m, this.kind, this.second.target)!.id, this.second.edit));
    const outcome = simulateUpdates(m, this.kind, changes);
    const cred = this.credential;
    const res = this.second
      ? await call(app, 'PUT', `/v1/${this.kind}/batch`, header(r, cred), { [this.kind]: changes.map((c) => ({ id: c.id, ...c.body })) })
      : await call(app, 'PUT', `/v1/${this.kind}/${first.id}`, header(r, cred), changes[0]!.body);
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(outcome.ok ? 200 : outcome.status);
    if (outcome.ok) m.docs[this.kind] = outcome.docs;
  }
}

class Delete extends Step {
  constructor(readonly kind: Kind, readonly target: Pick, readonly second: Pick | 'missing' | null, via: 0 | 1) {
    super(via);
  }
  check(m: Readonly<Model>) {
    return pickDoc(m, this.kind, this.target) !== null && (this.second === null || this.second === 'missing' || pickDoc(m, this.kind, this.second) !== null);
  }
  protected describe() {
    return `${this.second ? 'DELETE batch' : 'DELETE'} ${this.kind} ${JSON.stringify(this.target)}${this.second ? ` and ${JSON.stringify(this.second)}` : ''}`;
  }
  async act(m: Model, r: Real, app: App) {
    const ids = [pickDoc(m, this.kind, this.target)!.id];
    if (this.second === 'missing') ids.push(NOWHERE);
    else if (this.second) ids.push(pickDoc(m, this.kind, this.second)!.id);
    const ok = ids.every((id) => live(m, this.kind, id));
    const res = this.second
      ? await call(app, 'DELETE', `/v1/${this.kind}/batch`, as.B(r.store), { [this.kind]: ids.map((id) => ({ id })) })
      : await call(app, 'DELETE', `/v1/${this.kind}/${ids[0]}`, as.B(r.store));
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(ok ? 200 : 404);
    if (ok) for (const id of ids) m.docs[this.kind].get(id)!.gone = true;
  }
}

const IMAGES = ['logo.png', 'palette.png', 'lowres.png', 'badge.svg'];
const imageBytes = new Map(IMAGES.map((f) => [f, fs.readFileSync(path.join(FIXTURES, f))]));

class Upload extends Step {
  /** refused: a batch whose second part is not an image (415: nothing kept) */
  constructor(readonly file: number, readonly refused: boolean, readonly cred: Cred, via: 0 | 1) {
    super(via);
  }
  check() {
    return true;
  }
  protected describe() {
    return `POST ${this.refused ? 'images/batch (second part not an image)' : `images ${IMAGES[this.file % IMAGES.length]}`} as ${this.cred}`;
  }
  async act(m: Model, r: Real, app: App) {
    const name = IMAGES[this.file % IMAGES.length]!;
    const parts = [{ name: this.refused ? 'files[]' : 'file', filename: name, body: imageBytes.get(name)! }];
    if (this.refused) parts.push({ name: 'files[]', filename: 'notes.txt', body: Buffer.from('not an image at all\n'.repeat(20)) });
    const form = multipart(parts);
    const res = await call(app, 'POST', this.refused ? '/v1/images/batch' : '/v1/images', { ...header(r, this.cred), ...form.headers }, form.payload);
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(this.refused ? 415 : 201);
    if (!this.refused) m.images.set(res.body.data.id, { id: res.body.data.id, gone: false });
  }
}

class DeleteImage extends Step {
  constructor(readonly target: Pick, via: 0 | 1) {
    super(via);
  }
  check(m: Readonly<Model>) {
    return pickImage(m, this.target) !== null;
  }
  protected describe() {
    return `DELETE image ${JSON.stringify(this.target)}`;
  }
  async act(m: Model, r: Real, app: App) {
    const id = pickImage(m, this.target)!;
    const res = await call(app, 'DELETE', `/v1/images/${id}`, as.B(r.store));
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(this.target.gone ? 404 : 200);
    m.images.get(id)!.gone = true;
  }
}

/**
 * A paid call (QR card sheet, 1 token per subject, with an Idempotency-Key): one that works
 * takes its tokens once (a replay of its key takes none); one the engine refuses after the
 * charge gives them back; one the wallet cannot pay takes nothing (402).
 */
class Paid extends Step {
  constructor(readonly mode: 'ok' | 'refused' | 'poor' | 'replay', readonly subjects: number, readonly pick: number, via: 0 | 1) {
    super(via);
  }
  check(m: Readonly<Model>) {
    return this.mode !== 'replay' || m.paid.length > 0;
  }
  protected describe() {
    return `POST services/studio/qr/generate ${this.mode} (${this.subjects} subjects)`;
  }
  async act(m: Model, r: Real, app: App) {
    const count = this.mode === 'poor' ? m.balance + 1 : this.subjects;
    const prior = this.mode === 'replay' ? m.paid[this.pick % m.paid.length]! : null;
    const key = prior?.key ?? randomUUID();
    const body = prior?.body ?? {
      job_id: `job-${key.slice(0, 8)}`,
      subjects: Array.from({ length: count }, (_, i) => ({ student_id: `s${i}`, name: this.mode === 'refused' ? '   ' : `Student ${i}` })),
    };
    const res = await call(app, 'POST', '/v1/services/studio/qr/generate', { ...as.J(r.owner), 'idempotency-key': key }, body);
    const payable = prior !== null || count <= m.balance;
    expect(res.status, `${this}: ${JSON.stringify(res.body)}`).toBe(!payable ? 402 : this.mode === 'refused' ? 400 : 200);
    if (!payable) return;
    if (this.mode === 'ok') {
      m.balance -= count;
      m.ledger += 1;
      m.paid.push({ key, body });
    } else if (this.mode === 'refused') {
      m.ledger += 2; // the charge and its refund
    }
  }
}

// ---- the property -------------------------------------------------------------------------

const via = fc.constantFrom<0 | 1>(0, 1);
const cred = fc.constantFrom<Cred>('B', 'U');
const kind = fc.constantFrom<Kind>(...KINDS);
const name = fc.string({ minLength: 1, maxLength: 12 });
/** mostly live documents; now and then a deleted one (a write on it is refused) */
const pick = (goneWeight = 1): fc.Arbitrary<Pick> => fc.record({ n: fc.nat({ max: 50 }), gone: fc.oneof({ arbitrary: fc.constant(false), weight: 6 }, { arbitrary: fc.constant(true), weight: goneWeight }) });
const edit: fc.Arbitrary<Edit> = fc.record({
  name: fc.option(name, { freq: 4 }),
  status: fc.option(fc.nat({ max: 3 }), { freq: 2 }),
  ref: fc.option(fc.oneof(fc.constant<'none'>('none'), pick()), { freq: 2 }),
});

const commands = [
  // creates, one or a batch of two, now and then with a refused last item
  fc.tuple(kind, fc.array(name, { minLength: 1, maxLength: 2 }), pick(), fc.option(pick()), fc.boolean(), cred, via).map(
    ([k, names, parent, ref, poisoned, c, v]) => new Create(k, names, parent, ref, poisoned && names.length > 1, c, v),
  ),
  fc.tuple(kind, pick(), edit, cred, via).map(([k, t, e, c, v]) => new Update(k, t, e, null, c, v)),
  fc.tuple(kind, pick(0), edit, fc.record({ target: pick(), edit }), cred, via).map(([k, t, e, second, c, v]) => new Update(k, t, e, second, c, v)),
  // the batches that fail half-way, having written their first item
  ...[1, 2, 3].map(() => fc.tuple(kind, pick(0), edit, fc.constantFrom<'poison' | 'missing'>('poison', 'poison', 'missing'), cred, via).map(([k, t, e, second, c, v]) => new Update(k, t, e, second, c, v))),
  fc.tuple(kind, pick(), fc.option(fc.oneof(pick(0), fc.constant<'missing'>('missing'))), via).map(([k, t, second, v]) => new Delete(k, t, second, v)),
  fc.tuple(fc.nat({ max: 3 }), fc.boolean(), cred, via).map(([f, refused, c, v]) => new Upload(f, refused, c, v)),
  fc.tuple(pick(), via).map(([t, v]) => new DeleteImage(t, v)),
  fc.tuple(fc.constantFrom<Paid['mode']>('ok', 'refused', 'poor', 'replay'), fc.integer({ min: 1, max: 3 }), fc.nat(), via).map(([mode, n, p, v]) => new Paid(mode, n, p, v)),
];

/** What every run starts from, so that most commands have something to act on: one of each. */
const first = { n: 0, gone: false };
const seed: Step[] = [
  new Upload(0, false, 'B', 0),
  new Create('products', ['Seed product'], first, first, false, 'B', 0),
  new Create('sides', ['Seed side'], first, null, false, 'B', 0),
  new Create('templates', ['Seed template'], first, null, false, 'B', 0),
  new Create('projects', ['Seed project'], first, null, false, 'U', 0),
  new Create('designs', ['Seed design'], first, first, false, 'U', 0),
];

/** The issue's example: a rename rolled back with its batch must not be read afterwards. */
const rolledBackRename: Step[] = [
  new Create('products', ['Original name'], { n: 0, gone: false }, null, false, 'B', 0),
  // (the second live product: the first is the seed's)
  new Update('products', { n: 1, gone: false }, { name: 'Never committed', status: null, ref: null }, 'poison', 'B', 0),
];

async function setup(): Promise<{ model: Model; real: Real }> {
  const owner = await signUp(A.app);
  const store = await createStore(A.app, owner);
  const model: Model = { docs: { products: new Map(), sides: new Map(), templates: new Map(), designs: new Map(), projects: new Map() }, images: new Map(), balance: 50, ledger: 1, paid: [] };
  const real: Real = { apps: [A.app, B.app], store, owner };
  for (const step of seed) await step.act(model, real, A.app);
  return { model, real };
}

/**
 * Bounded for the suite: the issue's example, then random runs for about 15 s (a fresh reader
 * per step costs 0.3-0.6 s). A deeper search, without the time limit:
 * COMMITTED_READS_RUNS=100 npx vitest run test/integration/platform/committed-reads.test.ts
 */
const deep = Number(process.env.COMMITTED_READS_RUNS ?? 0);

describe('reads answer what is committed, through every process', () => {
  it("after every write of a random sequence (batches failing half-way among them), every list and read of two apps equals a fresh reader's and the model's", async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 8, size: 'max' }), (cmds) => fc.asyncModelRun(setup, cmds)),
      { numRuns: deep || 6, examples: [[rolledBackRename]], ...(deep ? {} : { interruptAfterTimeLimit: 15_000 }) },
    );
  }, deep ? deep * 30_000 : 60_000);
});
