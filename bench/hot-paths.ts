/**
 * The API's hot read paths against the stack they run on, in one run: each Folio route
 * below, and a minimal Fastify app doing the same work (bench/servers/minimal-app.mjs: look
 * up a hashed credential, select 20 indexed rows, serialise them with a response schema).
 * Prints, per route: req/s (median of the rounds), the ratio to the minimal app, server CPU
 * per request, and SQL statements per request (counted in the server process: every
 * better-sqlite3 statement execution, or every pg query, BEGIN/COMMIT included); on SQLite the
 * time spent inside statement calls, on PostgreSQL the server's CPU per request (every
 * `postgres` process, read from /proc around each timed run).
 *
 *   npx tsx bench/hot-paths.ts [--duration 5] [--connections 40] [--rounds 3] [--pg] [--only designs] [--json FILE] [--src]
 *                              [--writer [--write-rate 50] | --revalidate]
 *   npx tsx bench/hot-paths.ts --profile DIR [--only designs] [--writer | --revalidate]
 *
 * Workloads (a line of the output names the one run), each server measured the same way in
 * the same run:
 *   default       full answers (no If-None-Match), nothing written.
 *   --writer      a live shop: every route read while a writer updates the same store
 *                 --write-rate times a second (50) for the whole timed run, on a steady clock
 *                 from this process: Folio gets `PUT /v1/products/{id}` with the store key,
 *                 renaming 4 of the store's products in turn (the one `GET /v1/products/{id}`
 *                 reads among them); the minimal app `PUT /items/:id`, the same credential check,
 *                 renaming 4 rows of its page. Readers send no If-None-Match (full answers).
 *                 Prints the writes/s each server took (2xx), and the writes failed or missed.
 *   --revalidate  every Folio request carries `If-None-Match` with the route's current ETag
 *                 (taken by a GET first; a conditional route without one fails the run), so
 *                 every answer is a 304 with no body; any other answer fails the run. The
 *                 routes that are not conditional (the key and store lists) are skipped. The
 *                 minimal app answers its full page (200), as in the default mode. The tags name
 *                 the hour of their links, so a run that would cross the hour waits for it.
 *
 * Folio is served from its compiled build (dist/, built first when older than src/), as
 * `npm start` serves it; --src serves the TypeScript sources through tsx instead (its
 * transform adds helpers, e.g. a `__name` call per function defined in a request, which cost
 * a few per cent on the list routes).
 *
 * --profile DIR: instead of the timed rounds, a CPU profile of each route under load, written
 * to DIR and summarised (self time per function, bench/profile-top.ts). The statement probes
 * are switched on only while the statements are counted, so timed runs pay nothing for them.
 *
 * --pg: both servers on PostgreSQL (fresh databases on TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres), Folio with Redis (REDIS_URL, else
 * redis://127.0.0.1:6379). The mixed load of the issue's table is bench/load.mjs.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { badAnswers, runAutocannon, statusesOf } from './autocannon-cli.js';
import { cpuSeconds, cpuSinceOf } from './process-cpu.js';
import { printTop, profileTop } from './profile-top.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const argv = process.argv.slice(2);
const num = (name: string, dflt: number): number => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? Number(argv[i + 1]) : dflt;
};
const str = (name: string): string | null => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : null;
};

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
  /** the route answers an ETag and a 304 to a matching If-None-Match (http/conditional.ts) */
  conditional?: boolean;
  /** the one status every answer must have (--revalidate: 304); else any 2xx */
  expect?: number;
}

/** What the --writer workload sends: PUTs cycling over `urls`, each a JSON body `{name}`. */
interface WriterSpec {
  urls: string[];
  headers: Record<string, string>;
}

// ---------------------------------------------------------------------------------------------
// child: Folio in this process, statements counted, seeded through its own HTTP API

let statements = 0;
/** time spent inside better-sqlite3 statement calls (SQLite only: pg queries are asynchronous) */
let sqlNs = 0n;

/**
 * Probes on better-sqlite3's statement methods and pg's Client.query, installed only while
 * the parent counts (the timed runs and profiles see the drivers untouched).
 */
async function statementProbes(): Promise<{ on(): void; off(): void }> {
  const Database = (await import('better-sqlite3')).default;
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...a: unknown[]) => unknown>;
  probe.close();
  const pg = (await import('pg')).default;
  const pgProto = pg.Client.prototype as unknown as Record<string, (...a: unknown[]) => unknown>;
  const originals = new Map<string, (...a: unknown[]) => unknown>(['all', 'get', 'run', 'iterate'].map((m) => [m, proto[m]!]));
  const pgQuery = pgProto.query!;
  return {
    on() {
      for (const [m, orig] of originals) {
        proto[m] = function (this: unknown, ...a: unknown[]) {
          statements++;
          const t0 = process.hrtime.bigint();
          try {
            return orig.apply(this, a);
          } finally {
            sqlNs += process.hrtime.bigint() - t0;
          }
        };
      }
      pgProto.query = function (this: unknown, ...a: unknown[]) {
        statements++;
        return pgQuery.apply(this, a);
      };
    },
    off() {
      for (const [m, orig] of originals) proto[m] = orig;
      pgProto.query = pgQuery;
    },
  };
}

async function serveFolio(): Promise<void> {
  const probes = await statementProbes();
  // the compiled build, as `npm start` serves it (built by the parent), or the sources with --src
  const from = (file: string) => pathToFileURL(path.join(root, argv.includes('--src') ? 'src' : 'dist', file)).href;
  const { loadConfig } = (await import(from('config/index.js'))) as typeof import('../src/config/index.js');
  const { createServer } = (await import(from('main/server.js'))) as typeof import('../src/main/server.js');
  const { loadPlanTable } = (await import(from('modules/plans/index.js'))) as typeof import('../src/modules/plans/index.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-hot-'));
  const config = loadConfig({
    ...process.env,
    FOLIO_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    FOLIO_SCRYPT_COST: '10',
    FOLIO_WARMUP: 'false',
    FOLIO_REDIS_PREFIX: `folio-bench-hot-${process.pid}:`,
  });
  const plans = loadPlanTable(config.plansFile);
  plans.quotas.requests_per_minute = Object.fromEntries(plans.tiers.map((t) => [t, 1_000_000_000]));
  const { app, deps } = await createServer(config, { plans }, false);
  const base = `${await app.listen({ host: '127.0.0.1', port: 0 })}/v1`;
  const call = async (method: string, url: string, headers: Record<string, string>, body?: unknown): Promise<any> => {
    const isForm = body instanceof FormData;
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { ...(body !== undefined && !isForm ? { 'content-type': 'application/json' } : {}), ...headers },
      ...(body !== undefined ? { body: isForm ? body : JSON.stringify(body) } : {}),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text);
  };

  const signup = await call('POST', '/account', {}, { name: 'Bench', email: `hot-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
  const jwt = { authorization: `Bearer ${signup.data.access_token}` };
  let store: any;
  for (let i = 0; i < 20; i++) store = (await call('POST', '/stores?include=credentials', jwt, { store_name: `Bench store ${i}` })).data;
  await deps.stores.setTier(store.id, 'advanced');
  const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
  const unauth = { 'x-service-unauth-token': store.unauth_token };
  let key = '';
  for (let i = 0; i < 20; i++) key = (await call('POST', `/stores/${store.id}/api-keys`, basic, { name: `key ${i}` })).key;
  const apiKey = { 'x-api-key': key };
  const product = (await call('POST', '/products', basic, { name: 'Flyer A5', viewport_width: 600, viewport_height: 848 })).data;
  const products: string[] = [product.id];
  for (let i = 0; i < 19; i++) products.push((await call('POST', '/products', basic, { name: `Product ${i}` })).data.id);
  const side = (await call('POST', '/sides', basic, { product_id: product.id, name: 'Front', width: 148, height: 210, dpi: 300 })).data;
  // a page of 20 sides (the designs below all use the first)
  for (let i = 0; i < 19; i++) await call('POST', '/sides', basic, { product_id: product.id, name: `Side ${i}`, width: 148, height: 210, dpi: 300 });
  const form = new FormData();
  const png = fs.readFileSync(path.join(root, 'test', 'fixtures', 'images', 'logo.png'));
  form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
  const image = (await call('POST', '/images', basic, form)).data;
  const layers = [
    { type: 'rect', left: 20, top: 20, width: 200, height: 120, fill: '#ffcc00' },
    { type: 'textbox', left: 60, top: 80, width: 400, text: 'Hello print', fontFamily: 'Roboto', fontSize: 32, fill: '#112233' },
    { type: 'image', src: image.url, left: 300, top: 300, scaleX: 0.5, scaleY: 0.5 },
  ];
  let design: any;
  for (let i = 0; i < 20; i++) design = (await call('POST', '/designs', unauth, { side_id: side.id, layers, viewport_width: 600, viewport_height: 848 })).data;

  // the key and store lists are not conditional (no ETag: --revalidate skips them)
  const targets: Target[] = [
    { name: 'GET /v1/stores/{id}/api-keys (store key)', url: `${base}/stores/${store.id}/api-keys?limit=20`, headers: basic },
    { name: 'GET /v1/stores/{id}/api-keys (API key)', url: `${base}/stores/${store.id}/api-keys?limit=20`, headers: apiKey },
    { name: 'GET /v1/stores?limit=20 (JWT)', url: `${base}/stores?limit=20`, headers: jwt },
    { name: 'GET /v1/products?limit=20 (public token)', url: `${base}/products?limit=20`, headers: unauth, conditional: true },
    { name: 'GET /v1/products/{id} (store key)', url: `${base}/products/${product.id}`, headers: basic, conditional: true },
    { name: 'GET /v1/sides?limit=20 (public token)', url: `${base}/sides?limit=20`, headers: unauth, conditional: true },
    { name: 'GET /v1/designs?limit=20 (API key)', url: `${base}/designs?limit=20`, headers: apiKey, conditional: true },
    { name: 'GET /v1/designs?limit=20&include=none (API key)', url: `${base}/designs?limit=20&include=none`, headers: apiKey, conditional: true },
    { name: 'GET /v1/designs/{id} (public token)', url: `${base}/designs/${design.id}`, headers: unauth, conditional: true },
  ];
  // --writer: renames cycling over a few of the store's products, the one read above among them
  const writer: WriterSpec = { urls: products.slice(0, 4).map((id) => `${base}/products/${id}`), headers: basic };
  for (const t of targets) {
    const res = await fetch(t.url, { headers: t.headers });
    if (res.status !== 200) throw new Error(`${t.name}: ${res.status} ${await res.text()}`);
  }
  const { Session } = await import('node:inspector/promises');
  const inspector = new Session();
  process.on('message', (m: { type: string; file?: string }) => {
    if (m.type === 'count-start') {
      probes.on();
      statements = 0;
      sqlNs = 0n;
      process.send!({ type: 'counting' });
    }
    if (m.type === 'count') {
      probes.off();
      process.send!({ type: 'count', statements, sqlUs: Number(sqlNs / 1000n) });
    }
    if (m.type === 'exit') process.exit(0);
    // a CPU profile of what happens between the two messages (no set-up, no seeding)
    if (m.type === 'profile-start') {
      inspector.connect();
      void inspector.post('Profiler.enable').then(() => inspector.post('Profiler.start')).then(() => process.send!({ type: 'profiling' }));
    }
    if (m.type === 'profile-stop') {
      void inspector.post('Profiler.stop').then(({ profile }) => {
        fs.writeFileSync(m.file!, JSON.stringify(profile));
        inspector.disconnect();
        process.send!({ type: 'profiled', file: m.file });
      });
    }
  });
  const shutdown = () =>
    void app.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  process.once('SIGTERM', shutdown);
  process.once('disconnect', shutdown);
  process.send!({ type: 'ready', targets, writer });
}

// ---------------------------------------------------------------------------------------------
// parent

interface Server {
  child: ChildProcess;
  pid: number;
}

async function startFolio(env: NodeJS.ProcessEnv): Promise<{ server: Server; targets: Target[]; writer: WriterSpec }> {
  const fromSrc = argv.includes('--src');
  if (!fromSrc) {
    const { ensureBuilt } = (await import(pathToFileURL(path.join(root, 'scripts', 'topology.mjs')).href)) as { ensureBuilt(): boolean };
    if (ensureBuilt()) console.error('[hot-paths] built dist/ from src/');
  }
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve-folio', ...(fromSrc ? ['--src'] : [])], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'], env });
  return new Promise((resolve, reject) => {
    child.once('message', (m: { type: string; targets: Target[]; writer: WriterSpec }) => resolve({ server: { child, pid: child.pid! }, targets: m.targets, writer: m.writer }));
    child.once('exit', (code) => reject(new Error(`the Folio server exited with ${code}`)));
  });
}

function startMinimal(env: NodeJS.ProcessEnv): Promise<{ server: Server; target: Target; writer: WriterSpec }> {
  const child = spawn(process.execPath, [path.join(root, 'bench', 'servers', 'minimal-app.mjs')], { stdio: ['ignore', 'pipe', 'inherit'], env });
  return new Promise((resolve, reject) => {
    readline.createInterface({ input: child.stdout! }).once('line', (line) => {
      const m = /^READY (\S+) (.*)$/.exec(line);
      if (!m) return reject(new Error(`minimal app: ${line}`));
      const info = JSON.parse(m[2]!) as { path: string; authorization: string; writes: string[] };
      const headers = { authorization: info.authorization };
      resolve({ server: { child, pid: child.pid! }, target: { name: 'minimal app', url: `${m[1]}${info.path}`, headers }, writer: { urls: info.writes.map((w) => `${m[1]}${w}`), headers } });
    });
    child.once('exit', (code) => reject(new Error(`the minimal app exited with ${code}`)));
  });
}

/** Sends `message` to the Folio child and waits for its answer of type `answer`. */
function ask<T>(server: Server, message: Record<string, unknown>, answer: string): Promise<T> {
  return new Promise((resolve) => {
    const on = (m: { type: string }) => {
      if (m.type !== answer) return;
      server.child.off('message', on);
      resolve(m as T);
    };
    server.child.on('message', on);
    server.child.send(message);
  });
}

interface WriterStats {
  /** writes answered 2xx (sent during the run; the last few answered just after it) */
  done: number;
  /** writes answered otherwise, or not at all (socket error, 10 s timeout) */
  failed: number;
  /** writes not sent: a second's worth were already waiting for their answers */
  missed: number;
  /** the slots of the run (sent or missed) × the interval: writes/s achieved = done ÷ seconds */
  seconds: number;
  /** the 2xx writes' latencies, ms */
  p50: number | null;
  p99: number | null;
  firstErrors: string[];
}

/**
 * The --writer workload: `PUT {name}` to `spec.urls` in turn, `perSecond` a second on a steady
 * clock from the moment it starts (each write sent at its slot, whether the previous one was
 * answered or not: the readers' load slows the answers, not the pace), until stop(). At most a
 * second's worth wait for answers at once; a slot beyond that is counted missed, not sent.
 */
function startWriter(spec: WriterSpec, perSecond: number): { stop(): Promise<WriterStats> } {
  const interval = 1000 / perSecond;
  const stats: WriterStats = { done: 0, failed: 0, missed: 0, seconds: 0, p50: null, p99: null, firstErrors: [] };
  const latencies: number[] = [];
  const fail = (what: string) => {
    stats.failed++;
    if (stats.firstErrors.length < 3) stats.firstErrors.push(what);
  };
  const inFlight = new Set<Promise<void>>();
  const t0 = performance.now();
  let n = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const send = (i: number) => {
    const url = spec.urls[i % spec.urls.length]!;
    const sent = performance.now();
    const p = fetch(url, {
      method: 'PUT',
      headers: { ...spec.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ name: `Renamed ${i}` }),
      signal: AbortSignal.timeout(10_000),
    })
      .then(async (res) => {
        const text = await res.text();
        if (res.ok) {
          stats.done++;
          latencies.push(performance.now() - sent);
        } else fail(`PUT ${new URL(url).pathname}: ${res.status} ${text.slice(0, 200)}`);
      })
      .catch((err: unknown) => fail(`PUT ${new URL(url).pathname}: ${(err as Error).message}`))
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  };
  const tick = () => {
    if (stopped) return;
    // every slot due by now (a late timer catches up)
    while (t0 + n * interval <= performance.now()) {
      if (inFlight.size >= perSecond) stats.missed++;
      else send(n);
      n++;
    }
    timer = setTimeout(tick, Math.max(0, t0 + n * interval - performance.now()));
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      stats.seconds = (n * interval) / 1000;
      await Promise.all(inFlight);
      const sorted = latencies.sort((a, b) => a - b);
      const pct = (q: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]! : null);
      stats.p50 = pct(0.5);
      stats.p99 = pct(0.99);
      return stats;
    },
  };
}

/** One GET of `t` as it is (its own headers), answered 200; its ETag, or null. */
async function etagOf(t: Target): Promise<string | null> {
  const res = await fetch(t.url, { headers: t.headers });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${t.name}: ${res.status} to a plain GET`);
  return res.headers.get('etag');
}

/**
 * `t` with the `If-None-Match` of its current ETag, every answer expected to be a 304. The tag
 * names the hour its signed links are made in (storage/blob-store.ts linkWindow), so a run
 * that would end after the hour turns waits for it, and takes the new hour's tag.
 */
async function revalidating(t: Target, seconds: number): Promise<Target> {
  const hour = 3600_000;
  const left = hour - (Date.now() % hour);
  if (left < (seconds + 10) * 1000) {
    console.error(`[hot-paths] --revalidate: waiting ${Math.ceil(left / 1000) + 1} s for the hour to turn (the ETags name the hour of their links)`);
    await new Promise((r) => setTimeout(r, left + 1000));
  }
  const tag = await etagOf(t);
  if (!tag) throw new Error(`--revalidate: ${t.name} answered no ETag`);
  const conditional: Target = { ...t, headers: { ...t.headers, 'if-none-match': tag }, expect: 304 };
  const res = await fetch(conditional.url, { headers: conditional.headers });
  const body = await res.arrayBuffer();
  if (res.status !== 304) throw new Error(`--revalidate: ${t.name} answered ${res.status}, not 304, to If-None-Match: ${tag}`);
  if (body.byteLength !== 0) throw new Error(`--revalidate: ${t.name} answered a 304 with a body of ${body.byteLength} bytes`);
  return conditional;
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

interface Measured {
  rps: number;
  p99: number;
  cpuUs: number | null;
  /** PostgreSQL's CPU per request (every `postgres` process), with --pg */
  pgCpuUs: number | null;
  /** answers other than t.expect (else non-2xx), socket errors and timeouts */
  bad: number;
  /** every status seen, when some were bad */
  statuses: string;
  /** --writer: the writes sent to the same server over the run */
  writes: WriterStats | null;
}

/**
 * One timed autocannon run of `t`; with `writer`, that server's writes over the whole run
 * (started before the load, stopped after it). CPU per request: the server's CPU over the
 * run (the writes' included) ÷ the reads answered.
 */
async function measure(server: Server, t: Target, seconds: number, connections: number, usePg: boolean, writer: { spec: WriterSpec; perSecond: number } | null): Promise<Measured> {
  const c0 = cpuSeconds(server.pid);
  const pgCpu = usePg ? cpuSinceOf('postgres') : null;
  const writes = writer ? startWriter(writer.spec, writer.perSecond) : null;
  const r = await runAutocannon(t.url, t.headers, seconds, connections);
  const written = writes ? await writes.stop() : null;
  const c1 = cpuSeconds(server.pid);
  const pgUsed = pgCpu ? pgCpu.since() : null;
  const total = Math.max(1, r.requests.average * seconds);
  const bad = badAnswers(r, t.expect);
  return {
    rps: r.requests.average,
    p99: r.latency.p99,
    cpuUs: c0 !== null && c1 !== null ? ((c1 - c0) * 1e6) / total : null,
    pgCpuUs: pgUsed !== null ? (pgUsed * 1e6) / total : null,
    bad,
    statuses: bad > 0 ? `${statusesOf(r)}${r.errors ? `, ${r.errors} socket errors/timeouts` : ''}` : '',
    writes: written,
  };
}

async function main(): Promise<void> {
  const seconds = num('duration', 5);
  const connections = num('connections', 40);
  const rounds = num('rounds', 3);
  const only = str('only');
  const jsonOut = str('json');
  const profileDir = str('profile');
  const usePg = argv.includes('--pg');
  const writerMode = argv.includes('--writer');
  const revalidate = argv.includes('--revalidate');
  const writeRate = num('write-rate', 50);
  if (writerMode && revalidate) {
    console.error('--writer and --revalidate are two workloads, one at a time (every write changes the ETags the revalidating requests carry)');
    process.exit(2);
  }
  if (writerMode && !(writeRate > 0)) {
    console.error('--write-rate: writes per second, more than 0');
    process.exit(2);
  }
  const mode = writerMode ? 'writer' : revalidate ? 'revalidate' : 'default';
  const drops: Array<() => Promise<void>> = [];
  const folioEnv: NodeJS.ProcessEnv = { ...process.env };
  const minimalEnv: NodeJS.ProcessEnv = { ...process.env };
  delete folioEnv.DATABASE_URL;
  delete minimalEnv.DATABASE_URL;
  if (usePg) {
    const { createPgDatabase } = await import('../test/helpers/pg-database.js');
    const pgBase = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const a = await createPgDatabase(pgBase, 'folio_bench_hot');
    const b = await createPgDatabase(pgBase, 'folio_bench_min');
    drops.push(a.drop, b.drop);
    folioEnv.DATABASE_URL = a.url;
    folioEnv.REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    minimalEnv.DATABASE_URL = b.url;
  }
  const folio = await startFolio(folioEnv);
  const minimal = await startMinimal(minimalEnv).catch(async (e) => {
    folio.server.child.kill('SIGTERM');
    throw e;
  });
  try {
    const picked = folio.targets.filter((t) => !only || t.name.includes(only));
    // --revalidate: the conditional routes only; the others answer no ETag, so no 304
    const skipped = revalidate ? picked.filter((t) => !t.conditional) : [];
    for (const t of skipped) if (await etagOf(t)) console.error(`[hot-paths] note: ${t.name} answers an ETag, though not marked conditional here (skipped all the same)`);
    const targets = revalidate ? picked.filter((t) => t.conditional) : picked;
    if (!targets.length) throw new Error(`no route to load${only ? ` (--only ${only})` : ''}${revalidate ? ' that is conditional' : ''}`);
    /** the target as this mode loads it: with --revalidate, carrying its current ETag (fails loudly without one) */
    const loaded = (t: Target): Promise<Target> => (revalidate ? revalidating(t, seconds) : Promise.resolve(t));
    // --writer: each server's own writes while it is read
    const folioWriter = writerMode ? { spec: folio.writer, perSecond: writeRate } : null;
    const minimalWriter = writerMode ? { spec: minimal.writer, perSecond: writeRate } : null;
    console.log(
      `folio bench: hot read paths vs a minimal Fastify + ${usePg ? 'pg' : 'better-sqlite3'} app, ${connections} connections, ${seconds} s per run, ${rounds} rounds (medians); load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    console.log(
      writerMode
        ? `mode: --writer (a live shop): every route read while ${writeRate} writes/s go to the same store, steadily, for the whole run (Folio: PUT /v1/products/{id} with the store key, renaming ${folio.writer.urls.length} of its products in turn; the minimal app: PUT /items/:id, renaming ${minimal.writer.urls.length} rows of its page); reads without If-None-Match, full answers`
        : revalidate
          ? 'mode: --revalidate: every Folio request carries If-None-Match with its route\'s current ETag and must be answered 304 (no body); the minimal app answers its full page (200)'
          : 'mode: default: full answers (no If-None-Match), no writes',
    );
    if (skipped.length) console.log(`--revalidate skips the routes that are not conditional (no ETag): ${skipped.map((t) => t.name).join('; ')}`);
    // statements per request, exactly: sequential requests, nothing else in flight (no writes)
    const perRequest = new Map<string, number>();
    const sqlUs = new Map<string, number>();
    const bytes = new Map<string, number>();
    for (const base of targets) {
      const t = await loaded(base);
      for (let i = 0; i < 20; i++) bytes.set(t.name, (await (await fetch(t.url, { headers: t.headers })).arrayBuffer()).byteLength);
      await ask(folio.server, { type: 'count-start' }, 'counting');
      for (let i = 0; i < 50; i++) await (await fetch(t.url, { headers: t.headers })).arrayBuffer();
      const counted = await ask<{ statements: number; sqlUs: number }>(folio.server, { type: 'count' }, 'count');
      perRequest.set(t.name, counted.statements / 50);
      sqlUs.set(t.name, counted.sqlUs / 50);
    }
    // warm up (JIT, statement caches; the write routes too with --writer)
    const warm = async (t: Target, writer: { spec: WriterSpec; perSecond: number } | null) => {
      const writes = writer ? startWriter(writer.spec, writer.perSecond) : null;
      await runAutocannon(t.url, t.headers, 2, connections);
      await writes?.stop();
    };
    await warm(minimal.target, minimalWriter);
    for (const t of targets) await warm(await loaded(t), folioWriter);
    if (profileDir) {
      // a CPU profile of each route under load, summarised; no timed rounds in this mode
      fs.mkdirSync(profileDir, { recursive: true });
      for (const base of targets) {
        const t = await loaded(base);
        const file = path.join(profileDir, `${t.name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}${mode === 'default' ? '' : `-${mode}`}.cpuprofile`);
        await ask(folio.server, { type: 'profile-start' }, 'profiling');
        const writes = folioWriter ? startWriter(folioWriter.spec, folioWriter.perSecond) : null;
        await runAutocannon(t.url, t.headers, seconds, connections);
        await writes?.stop();
        await ask(folio.server, { type: 'profile-stop', file }, 'profiled');
        console.log(`\n${t.name}: self time, top 25 (${file})`);
        printTop(profileTop(JSON.parse(fs.readFileSync(file, 'utf8')), 25));
      }
      return;
    }

    const runs = new Map<string, Measured[]>([[minimal.target.name, []], ...targets.map((t) => [t.name, []] as [string, Measured[]])]);
    for (let r = 0; r < rounds; r++) {
      runs.get(minimal.target.name)!.push(await measure(minimal.server, minimal.target, seconds, connections, usePg, minimalWriter));
      for (const t of targets) runs.get(t.name)!.push(await measure(folio.server, await loaded(t), seconds, connections, usePg, folioWriter));
    }
    const sum = (name: string) => {
      const rs = runs.get(name)!;
      const med = (f: (x: Measured) => number | null) => (rs.every((x) => f(x) !== null) ? median(rs.map((x) => f(x)!)) : null);
      const total = (f: (w: WriterStats) => number) => rs.reduce((s, x) => s + (x.writes ? f(x.writes) : 0), 0);
      return {
        rps: median(rs.map((x) => x.rps)),
        p99: median(rs.map((x) => x.p99)),
        cpuUs: med((x) => x.cpuUs),
        pgCpuUs: med((x) => x.pgCpuUs),
        bad: rs.reduce((s, x) => s + x.bad, 0),
        statuses: rs.map((x) => x.statuses).filter(Boolean),
        // --writer: writes answered 2xx per second (median of the rounds), and over all rounds those failed and missed
        writesPerSecond: med((x) => (x.writes ? x.writes.done / x.writes.seconds : null)),
        writeP99: med((x) => x.writes?.p99 ?? null),
        writesDone: total((w) => w.done),
        writesFailed: total((w) => w.failed),
        writesMissed: total((w) => w.missed),
        writeErrors: rs.flatMap((x) => x.writes?.firstErrors ?? []).slice(0, 3),
      };
    };
    const floor = { ...sum(minimal.target.name), bytes: (await (await fetch(minimal.target.url, { headers: minimal.target.headers })).arrayBuffer()).byteLength };
    const kb = (n: number) => `${(n / 1024).toFixed(1)} kB`.padStart(7);
    const fmtCpu = (us: number | null) => (us === null ? '    ?' : `${(us / 1000).toFixed(2)} ms`);
    // SQLite: time inside the driver's statement calls; PostgreSQL: the server's CPU per request
    const sqlCol = (us: number | null | undefined) => (us === undefined || us === null ? '' : `${us.toFixed(0)} µs`).padStart(9);
    // --writer: the writes each server took over its runs
    const writesCol = (s: ReturnType<typeof sum>) =>
      writerMode ? `   ${(s.writesPerSecond ?? 0).toFixed(1).padStart(8)}   ${s.writeP99 === null ? '     ?' : `${s.writeP99.toFixed(0).padStart(3)} ms`}   ${String(s.writesFailed).padStart(6)}   ${String(s.writesMissed).padStart(6)}` : '';
    const badHead = revalidate ? 'non-304' : 'non-2xx';
    console.log(
      `\n${'route (20 rows)'.padEnd(48)} ${'req/s'.padStart(7)}  ÷ minimal   CPU/request   SQL/request  ${usePg ? ' PG CPU ' : 'SQL time'}   p99      body     ${badHead}${writerMode ? '   writes/s   w. p99   failed   missed' : ''}`,
    );
    console.log(
      `${'minimal app (hashed credential, 20 rows)'.padEnd(48)} ${floor.rps.toFixed(0).padStart(7)}  ${'1.00'.padStart(9)}   ${fmtCpu(floor.cpuUs).padStart(11)}   ${'2'.padStart(11)}  ${sqlCol(usePg ? floor.pgCpuUs : undefined)}   ${floor.p99.toFixed(0).padStart(3)} ms   ${kb(floor.bytes)}   ${String(floor.bad).padStart(revalidate ? 7 : 1)}${writesCol(floor)}`,
    );
    const table: Record<string, unknown>[] = [];
    for (const t of targets) {
      const s = sum(t.name);
      const ratio = s.rps / floor.rps;
      table.push({ route: t.name, ...s, ratio, bytes: bytes.get(t.name), statements: perRequest.get(t.name), ...(usePg ? {} : { sqlUs: sqlUs.get(t.name) }) });
      console.log(
        `${t.name.padEnd(48)} ${s.rps.toFixed(0).padStart(7)}  ${ratio.toFixed(2).padStart(9)}   ${fmtCpu(s.cpuUs).padStart(11)}   ${perRequest.get(t.name)!.toFixed(1).padStart(11)}  ${sqlCol(usePg ? s.pgCpuUs : sqlUs.get(t.name))}   ${s.p99.toFixed(0).padStart(3)} ms   ${kb(bytes.get(t.name)!)}   ${String(s.bad).padStart(revalidate ? 7 : 1)}${writesCol(s)}`,
      );
    }
    if (revalidate) console.log('(--revalidate: Folio\'s rows are 304s, no body, and count any other answer as bad; the minimal app\'s row is its full 200 page, any non-2xx bad)');
    if (writerMode) {
      console.log(
        `(--writer: writes/s: writes sent on the run's ${writeRate}/s clock and answered 2xx, per second of the run, median of the rounds; w. p99: their latency; failed: answered otherwise or not at all; missed: not sent, ${writeRate} already waiting; CPU/request: the server's CPU, the writes' included, ÷ the reads)`,
      );
    }
    // what went wrong, loudly
    const failures: string[] = [];
    for (const [name, s] of [[minimal.target.name, floor] as const, ...targets.map((t) => [t.name, sum(t.name)] as const)]) {
      if (s.bad > 0) failures.push(`${name}: ${s.bad} answers not ${revalidate && name !== minimal.target.name ? '304' : '2xx'} (${s.statuses.join('; ')})`);
      if (s.writesFailed > 0) failures.push(`${name}: ${s.writesFailed} writes failed (${s.writeErrors.join('; ')})`);
    }
    for (const f of failures) console.log(`FAILED ${f}`);
    if (jsonOut) {
      fs.writeFileSync(
        jsonOut,
        `${JSON.stringify({ dialect: usePg ? 'postgres' : 'sqlite', mode, ...(writerMode ? { writeRate } : {}), ...(revalidate ? { skipped: skipped.map((t) => t.name) } : {}), seconds, connections, rounds, minimal: floor, routes: table, loadavg: os.loadavg() }, null, 2)}\n`,
      );
    }
    if (failures.length) process.exitCode = 1;
  } finally {
    folio.server.child.kill('SIGTERM');
    minimal.server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    for (const drop of drops) await drop().catch(() => undefined);
  }
}

if (argv.includes('--serve-folio')) {
  serveFolio().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
} else {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
