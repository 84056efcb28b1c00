/**
 * Webhook delivery bench (run: npx tsx bench/webhooks.ts).
 *
 *   latency: event → receiver, one event at a time (no queueing): from the start of the
 *   writer's transaction that publishes the event (it records the delivery and its job) to
 *   the local receiver reading the signed POST. Baseline in the same run: a bare node:http
 *   POST of the same body to the same receiver on a fresh connection (the safe fetcher
 *   opens one per delivery, as it must connect to the address it checked).
 *   burst: 500 events published at once; deliveries per second until all arrived.
 *
 * SQLite with the in-process queue always; PostgreSQL + BullMQ (BENCH_DATABASE_URL,
 * BENCH_REDIS_URL) when they answer. Results also go to bench/results/webhooks-<time>.json.
 */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { buildDeps, type Deps } from '../src/main/deps.js';
import { reachable as reachableAt } from './reachable.js';

const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const EVENTS = Number(process.env.BENCH_WEBHOOK_EVENTS ?? 300);
const BURST = Number(process.env.BENCH_WEBHOOK_BURST ?? 500);
const WARMUP = 20;

const round = (n: number) => Math.round(n * 100) / 100;
function summary(samples: number[]) {
  const s = [...samples].sort((a, b) => a - b);
  const pct = (p: number) => s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
  return { p50: round(pct(50)), p95: round(pct(95)), mean: round(s.reduce((a, b) => a + b, 0) / s.length), n: s.length };
}

/** The receiver: resolves the waiter of each arriving request with its arrival time. */
let arrived: ((at: number, body: string) => void) | null = null;
const receiver = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (c: Buffer) => chunks.push(c));
  req.on('end', () => {
    const at = performance.now();
    res.writeHead(204).end();
    arrived?.(at, Buffer.concat(chunks).toString('utf8'));
  });
});
await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', r));
const port = (receiver.address() as AddressInfo).port;
const url = (p: string) => `http://127.0.0.1:${port}${p}`;

const reachable = (what: 'pg' | 'redis') => reachableAt(what, what === 'pg' ? PG_BASE : REDIS);

async function setup(deps: Deps): Promise<{ accountId: string; storeId: string }> {
  const app = await buildApp({ ...deps.appDeps, logger: false });
  const signup = await app.inject({ method: 'POST', url: '/v1/account', payload: { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Bench-Mark-1!' } });
  const user = signup.json().data;
  const auth = { authorization: `Bearer ${user.access_token}` };
  const store = (await app.inject({ method: 'POST', url: '/v1/stores', headers: auth, payload: { store_name: 'Bench' } })).json().data;
  await deps.stores.setTier(store.id, 'pro');
  const hook = await app.inject({
    method: 'POST',
    url: '/v1/webhooks',
    headers: { ...auth, 'x-service-store-sid': (await app.inject({ method: 'GET', url: `/v1/stores/${store.id}?include=credentials`, headers: auth })).json().data.sid },
    payload: { topic: 'products', event: 'PUT', callback_url: url('/bench') },
  });
  if (hook.statusCode !== 201) throw new Error(`webhook registration failed: ${hook.body}`);
  await app.close();
  return { accountId: user.user.id, storeId: store.id };
}

const sampleData = (i: number) => ({ id: `0190e8e0-0000-7000-8000-${String(i).padStart(12, '0')}`, name: `Product ${i}`, alias: `product-${i}`, status: 'publish', sides: 2 });

async function run(label: string, env: Record<string, string>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-wh-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10', FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_REDIS_PREFIX: `folio-bench:${Date.now()}:`, FOLIO_WORKER_CONCURRENCY: '8', ...env });
  const deps = await buildDeps(config);
  try {
    await deps.startWorkers();
    const { accountId, storeId } = await setup(deps);
    const publish = (i: number) =>
      deps.database.db.transaction().execute((tx) => deps.events.publish({ accountId, storeId, topic: 'products', event: 'PUT', data: sampleData(i) }, tx));

    const samples: number[] = [];
    for (let i = 0; i < EVENTS + WARMUP; i++) {
      const got = new Promise<number>((resolve) => (arrived = (at) => resolve(at)));
      const t0 = performance.now();
      await publish(i);
      const t1 = await got;
      if (i >= WARMUP) samples.push(t1 - t0);
    }

    let left = BURST;
    const all = new Promise<number>((resolve) => (arrived = (at) => --left === 0 && resolve(at)));
    const b0 = performance.now();
    await Promise.all(Array.from({ length: BURST }, (_, i) => publish(100_000 + i)));
    const published = performance.now() - b0;
    const b1 = await all;
    arrived = null;
    return { label, latency: summary(samples), burst: { events: BURST, publish_ms: round(published), all_delivered_ms: round(b1 - b0), per_second: Math.round((BURST / (b1 - b0)) * 1000) } };
  } finally {
    await deps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Baseline: a bare POST of the same kind of body to the same receiver, fresh connection each time. */
async function bareLatency() {
  const body = JSON.stringify({ type: 'products.put', timestamp: new Date().toISOString(), topic: 'products', event: 'PUT', store_id: 'x', data: sampleData(1) });
  const samples: number[] = [];
  for (let i = 0; i < EVENTS + WARMUP; i++) {
    const got = new Promise<number>((resolve) => (arrived = (at) => resolve(at)));
    const t0 = performance.now();
    await new Promise<void>((resolve, reject) => {
      const req = http.request(url('/bare'), { method: 'POST', agent: false, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) } }, (res) => {
        res.resume();
        res.on('end', resolve);
      });
      req.on('error', reject);
      req.end(body);
    });
    const t1 = await got;
    if (i >= WARMUP) samples.push(t1 - t0);
  }
  arrived = null;
  return summary(samples);
}

const results: Record<string, unknown> = { node: process.version, cpus: os.cpus().length, events: EVENTS };
const bare = await bareLatency();
results.bare_post = bare;
console.log(`bare POST (baseline)            p50 ${bare.p50} ms  p95 ${bare.p95} ms`);
const runs = [await run('sqlite + in-process queue', {})];
if ((await reachable('pg')) && (await reachable('redis'))) {
  const name = `folio_bench_wh_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_BASE });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(PG_BASE);
  u.pathname = `/${name}`;
  try {
    runs.push(await run('postgres + in-process queue', { DATABASE_URL: u.toString() }));
    runs.push(await run('postgres + bullmq', { DATABASE_URL: u.toString(), REDIS_URL: REDIS }));
  } finally {
    const c = new pg.Client({ connectionString: PG_BASE });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  }
}
results.runs = runs;
for (const r of runs) {
  console.log(
    `${r.label.padEnd(32)} p50 ${r.latency.p50} ms  p95 ${r.latency.p95} ms  (×${round(r.latency.p50 / bare.p50)} / ×${round(r.latency.p95 / bare.p95)} of bare)  burst ${r.burst.events} events: ${r.burst.per_second}/s`,
  );
}
fs.mkdirSync(path.join(import.meta.dirname, 'results'), { recursive: true });
const out = path.join(import.meta.dirname, 'results', `webhooks-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
fs.writeFileSync(out, JSON.stringify(results, null, 2));
console.log(`results: ${path.relative(process.cwd(), out)}`);
receiver.close();
process.exit(0);
