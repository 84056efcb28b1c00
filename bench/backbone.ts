/**
 * Processing backbone bench (run: npx tsx bench/backbone.ts).
 *
 *   1. enqueue → handler latency (p50, p95) per queue driver: the time from calling
 *      JobsService.create (charge + job row in one transaction, then the announcement) to
 *      the handler starting, one job at a time so no queueing inflates it; beside it a
 *      baseline (in-process: one committed single-row transaction; BullMQ: a bare BullMQ
 *      add → worker round trip without any database).
 *   2. charges per second per database: JobsService.create with a 1-token charge, 32 in
 *      flight, on one wallet (every charge queues on the same row: the worst case) and
 *      spread over 32 wallets, against the same database's bare commit rate (one-row
 *      insert transactions, 32 in flight) as the baseline.
 *
 * SQLite always; PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres)
 * and Redis (BENCH_REDIS_URL, default redis://127.0.0.1:6379) when they answer. A fresh
 * PostgreSQL database is made for the run and dropped after. Results also go to
 * bench/results/backbone-<time>.json.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Queue as BullQueue, Worker as BullWorker } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { createPgDatabase, type PgDatabase } from '../test/helpers/pg-database.js';
import { loadConfig } from '../src/config/index.js';
import { buildDeps, type Deps } from '../src/main/deps.js';
import { BG_REMOVE_FLOW } from '../src/modules/jobs/flows.js';
import { bind, jobKind } from '../src/platform/queue/registry.js';
import { reachable as reachableAt } from './reachable.js';

const PG_BASE = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const LATENCY_JOBS = Number(process.env.BENCH_LATENCY_JOBS ?? 300);
const CHARGES = Number(process.env.BENCH_CHARGES ?? 3000);
const IN_FLIGHT = 32;

const kind = jobKind<{ i: number }, null>({ type: 'bench.noop', statuses: BG_REMOVE_FLOW });
let onHandler: ((id: string) => void) | null = null;

function pct(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}
function summary(samples: number[]): { p50: number; p95: number; mean: number } {
  const s = [...samples].sort((a, b) => a - b);
  return { p50: round(pct(s, 50)), p95: round(pct(s, 95)), mean: round(s.reduce((a, b) => a + b, 0) / s.length) };
}
const round = (n: number) => Math.round(n * 100) / 100;

const reachable = (what: 'pg' | 'redis') => reachableAt(what, what === 'pg' ? PG_BASE : REDIS);

function freshPgDatabase(): Promise<PgDatabase> {
  return createPgDatabase(PG_BASE, 'folio_bench');
}

async function withDeps<T>(env: Record<string, string>, work: (deps: Deps) => Promise<T>): Promise<T> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10', FOLIO_REDIS_PREFIX: `folio-bench:${Date.now()}:`, FOLIO_DB_POOL_SIZE: '16', ...env });
  const deps = await buildDeps(config, {
    jobs: [
      bind(kind, async (ctx) => {
        onHandler?.(ctx.id);
        return null;
      }),
    ],
  });
  try {
    return await work(deps);
  } finally {
    await deps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function account(deps: Deps, tokens: number): Promise<string> {
  const s = await deps.identity.signUp({ name: 'Bench', email: `bench-${Date.now()}-${Math.random()}@example.test`, password: 'Bench-Mark-1!' });
  await deps.wallet.credit(s.user.id, tokens, 'bench');
  return s.user.id;
}

/** Enqueue → handler, one job at a time. */
async function latency(env: Record<string, string>): Promise<{ p50: number; p95: number; mean: number }> {
  return withDeps({ ...env, FOLIO_WORKER_CONCURRENCY: '4', FOLIO_JOB_POLL_MS: '1000' }, async (deps) => {
    await deps.startWorkers();
    const accountId = await account(deps, LATENCY_JOBS + 100);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_JOBS + 20; i++) {
      const started = new Promise<number>((resolve) => (onHandler = () => resolve(performance.now())));
      const t0 = performance.now();
      await deps.jobs.create(kind, { accountId, payload: { i }, cost: 1 });
      const t1 = await started;
      if (i >= 20) samples.push(t1 - t0); // the first 20 warm up connections and JIT
    }
    onHandler = null;
    return summary(samples);
  });
}

/** Baseline for in-process latency: one committed single-row transaction. */
async function commitLatency(env: Record<string, string>): Promise<{ p50: number; p95: number; mean: number }> {
  return withDeps(env, async (deps) => {
    const db = deps.database.db;
    await sql`drop table if exists bench_commit`.execute(db);
    await sql`create table bench_commit (id integer primary key, v text)`.execute(db);
    const samples: number[] = [];
    for (let i = 0; i < LATENCY_JOBS + 20; i++) {
      const t0 = performance.now();
      await db.transaction().execute(async (tx) => void (await sql`insert into bench_commit (id, v) values (${i}, 'x')`.execute(tx)));
      if (i >= 20) samples.push(performance.now() - t0);
    }
    return summary(samples);
  });
}

/** Baseline for BullMQ latency: add → worker with no database at all. */
async function bareBullLatency(): Promise<{ p50: number; p95: number; mean: number }> {
  const prefix = `folio-bench-bare:${Date.now()}`;
  const conn = new Redis(REDIS, { maxRetriesPerRequest: null });
  const q = new BullQueue('bare', { connection: conn, prefix });
  let resolve: ((t: number) => void) | null = null;
  const w = new BullWorker('bare', async () => resolve?.(performance.now()), { connection: new Redis(REDIS, { maxRetriesPerRequest: null }), prefix, concurrency: 4 });
  await w.waitUntilReady();
  const samples: number[] = [];
  for (let i = 0; i < LATENCY_JOBS + 20; i++) {
    const started = new Promise<number>((r) => (resolve = r));
    const t0 = performance.now();
    await q.add('x', { id: String(i) }, { removeOnComplete: true });
    const t1 = await started;
    if (i >= 20) samples.push(t1 - t0);
  }
  await w.close();
  await q.obliterate({ force: true });
  await q.close();
  conn.disconnect();
  return summary(samples);
}

async function inFlight<T>(count: number, width: number, make: (i: number) => Promise<T>): Promise<number> {
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < count) await make(next++);
    }),
  );
  return performance.now() - t0;
}

/** Charges per second: the real charged path (charge + ledger row + job row in one transaction). */
async function chargeRate(env: Record<string, string>): Promise<{ oneWallet: number; manyWallets: number; baselineCommitsPerSecond: number }> {
  return withDeps({ ...env, FOLIO_QUEUE: 'inprocess' }, async (deps) => {
    const accountId = await account(deps, CHARGES);
    const ms = await inFlight(CHARGES, IN_FLIGHT, (i) => deps.jobs.create(kind, { accountId, payload: { i }, cost: 1 }));
    const audit = await deps.wallet.audit(accountId);
    if (audit.balance !== 50 || audit.ledgerSum !== audit.balance) throw new Error(`ledger mismatch after the bench: ${JSON.stringify(audit)}`);
    const wallets = await Promise.all(Array.from({ length: IN_FLIGHT }, () => account(deps, CHARGES)));
    const spreadMs = await inFlight(CHARGES, IN_FLIGHT, (i) => deps.jobs.create(kind, { accountId: wallets[i % IN_FLIGHT]!, payload: { i }, cost: 1 }));
    const db = deps.database.db;
    await sql`drop table if exists bench_commit`.execute(db);
    await sql`create table bench_commit (id integer primary key, v text)`.execute(db);
    const base = await inFlight(CHARGES, IN_FLIGHT, (i) => db.transaction().execute(async (tx) => void (await sql`insert into bench_commit (id, v) values (${i}, 'x')`.execute(tx))));
    return {
      oneWallet: Math.round((CHARGES / ms) * 1000),
      manyWallets: Math.round((CHARGES / spreadMs) * 1000),
      baselineCommitsPerSecond: Math.round((CHARGES / base) * 1000),
    };
  });
}

async function main(): Promise<void> {
  const hasPg = await reachable('pg');
  const hasRedis = await reachable('redis');
  const results: Record<string, unknown> = {
    when: new Date().toISOString(),
    node: process.version,
    cpus: os.cpus().length,
    cpu: os.cpus()[0]?.model,
    latency_jobs: LATENCY_JOBS,
    charges: CHARGES,
    in_flight: IN_FLIGHT,
  };
  const pgDb = hasPg ? await freshPgDatabase() : null;
  try {
    const sqlite = { DATABASE_URL: `sqlite://${path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-db-')), 'bench.db')}` };
    const latencyRows: Array<{ driver: string; database: string; p50_ms: number; p95_ms: number; baseline: string; baseline_p50_ms: number; ratio_p50: number }> = [];
    const commitBase = { sqlite: await commitLatency(sqlite), ...(pgDb ? { postgres: await commitLatency({ DATABASE_URL: pgDb.url }) } : {}) };
    const bullBase = hasRedis ? await bareBullLatency() : null;
    const combos: Array<[string, string, Record<string, string>]> = [['inprocess', 'sqlite', { ...sqlite, FOLIO_QUEUE: 'inprocess' }]];
    if (pgDb) combos.push(['inprocess', 'postgres', { DATABASE_URL: pgDb.url, FOLIO_QUEUE: 'inprocess' }]);
    if (hasRedis) combos.push(['bullmq', 'sqlite', { ...sqlite, REDIS_URL: REDIS, FOLIO_QUEUE: 'bullmq' }]);
    if (hasRedis && pgDb) combos.push(['bullmq', 'postgres', { DATABASE_URL: pgDb.url, REDIS_URL: REDIS, FOLIO_QUEUE: 'bullmq' }]);
    for (const [driver, database, env] of combos) {
      const r = await latency(env);
      const base = driver === 'bullmq' ? bullBase! : commitBase[database as 'sqlite' | 'postgres']!;
      latencyRows.push({
        driver,
        database,
        p50_ms: r.p50,
        p95_ms: r.p95,
        baseline: driver === 'bullmq' ? 'bare BullMQ add→worker' : 'one committed 1-row transaction',
        baseline_p50_ms: base.p50,
        ratio_p50: round(r.p50 / base.p50),
      });
    }
    results.latency = latencyRows;
    if (!hasRedis) results.latency_note = `BullMQ skipped: no Redis at ${REDIS}`;

    const chargeRows: Array<{ database: string; one_wallet_per_s: number; many_wallets_per_s: number; baseline_commits_per_s: number; ratio_many: number }> = [];
    const rates: Array<[string, Record<string, string>]> = [['sqlite', sqlite]];
    if (pgDb) rates.push(['postgres', { DATABASE_URL: pgDb.url }]);
    for (const [database, env] of rates) {
      const r = await chargeRate(env);
      chargeRows.push({
        database,
        one_wallet_per_s: r.oneWallet,
        many_wallets_per_s: r.manyWallets,
        baseline_commits_per_s: r.baselineCommitsPerSecond,
        ratio_many: round(r.manyWallets / r.baselineCommitsPerSecond),
      });
    }
    results.charges = chargeRows;
    if (!pgDb) results.charges_note = `PostgreSQL skipped: nothing at ${PG_BASE}`;
  } finally {
    await pgDb?.drop();
  }

  process.stdout.write(`\nenqueue → handler latency (${LATENCY_JOBS} jobs, one at a time)\n`);
  console.table(results.latency);
  process.stdout.write(`\ncharges per second (${CHARGES} charged job creations, ${IN_FLIGHT} in flight, on one wallet and on ${IN_FLIGHT}; baseline: 1-row commits on the same database)\n`);
  console.table(results.charges);
  for (const note of [results.latency_note, results.charges_note]) if (note) process.stdout.write(`${String(note)}\n`);
  const outDir = path.resolve(import.meta.dirname, 'results');
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, `backbone-${Date.now()}.json`);
  fs.writeFileSync(file, `${JSON.stringify(results, null, 2)}\n`);
  process.stdout.write(`\nwritten to ${path.relative(process.cwd(), file)}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`${err instanceof Error ? err.stack : String(err)}\n`);
    process.exit(1);
  },
);
