/**
 * `GET /v1/products` with 1,000, 10,000 and 100,000 products in a store: the first page, a deep
 * page (a cursor from the middle of the list) and `search`, each the median and p95 of distinct
 * requests (a different cursor or search text each time) through the real app (`app.inject`:
 * auth, validation, repo, serialisation; no socket), one client. Two kinds of search text:
 * - selective: 5 digits of one product's code (the "find that product" search: a few rows);
 * - common: a product type and size, or an adjective and a type ("flyer a5": 1/48 or 1/64 of
 *   the store).
 * Beside them, in the same run, the baseline: the scan the indexes replaced, today's predicate
 * `lower(name) like '%…%'` timed directly through the database handle with the same texts (SQL
 * only, so a request costs about the first page's overhead more); on PostgreSQL in a
 * transaction with bitmap scans off, which leaves the trigram index unusable, as before it existed.
 *
 *   npx tsx bench/list-search.ts [--pg] [--sizes 1000,10000,100000] [--requests 200]
 *
 * Each size gets a fresh database (SQLite in a temp dir; --pg: a new database on
 * TEST_DATABASE_URL, else postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards, with
 * ANALYZE after loading). Rows are inserted through the database handle in batches (the index
 * triggers and the GIN index are maintained as they go). Every request reads the database.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { loadConfig } from '../src/config/index.js';
import { createServer } from '../src/main/server.js';
import { loadPlanTable } from '../src/modules/plans/index.js';
import { createPgDatabase, type PgDatabase } from '../test/helpers/pg-database.js';

const argv = process.argv.slice(2);
const arg = (name: string): string | null => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : null;
};
const usePg = argv.includes('--pg');
const sizes = (arg('sizes') ?? '1000,10000,100000').split(',').map(Number);
const REQUESTS = Number(arg('requests') ?? 200);
const WARMUP = 20;

/** A seeded generator: the same names and texts every run. */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ADJECTIVES = ['Glossy', 'Matte', 'Recycled', 'Premium', 'Classic', 'Kraft', 'Linen', 'Silk'];
const TYPES = ['Flyer', 'Poster', 'Business card', 'Sticker', 'Postcard', 'Brochure', 'Banner', 'Menu'];
const SIZES = ['A3', 'A4', 'A5', 'A6', 'DL', 'Square'];

interface Stats {
  median: number;
  p95: number;
  /** rows answered per request, on average */
  rows: number;
}

function stats(ms: number[], rows: number[]): Stats {
  const s = [...ms].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))]!;
  return { median: at(0.5), p95: at(0.95), rows: rows.reduce((a, b) => a + b, 0) / Math.max(1, rows.length) };
}

interface SizeResult {
  n: number;
  first: Stats;
  deep: Stats;
  selective: Stats;
  common: Stats;
  scanSelective: Stats;
  scanCommon: Stats;
}

async function runSize(n: number): Promise<SizeResult> {
  const random = prng(n);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-search-'));
  let pgDb: PgDatabase | null = null;
  if (usePg) pgDb = await createPgDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'folio_bench_search');
  const env: Record<string, string> = {
    FOLIO_DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    FOLIO_SCRYPT_COST: '10',
    FOLIO_WARMUP: 'false',
    FOLIO_PUBLIC_URL: 'http://folio.bench',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  };
  const config = loadConfig(env);
  const plans = loadPlanTable(config.plansFile);
  plans.quotas.requests_per_minute = Object.fromEntries(plans.tiers.map((t) => [t, 1_000_000_000]));
  const { app, deps } = await createServer(config, { plans }, false);
  try {
    const call = async (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) => {
      const res = await app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
      if (res.statusCode >= 300) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
      return res.json();
    };
    const signup = await call('POST', '/v1/account', {}, { name: 'Bench', email: `search-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
    const store = (await call('POST', '/v1/stores?include=credentials', { authorization: `Bearer ${signup.data.access_token}` }, { store_name: 'Bench store' })).data;
    const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
    const db = deps.database.db;

    // one product made by the API: its row is the pattern of the others
    const made = (await call('POST', '/v1/products', basic, { name: 'Pattern', dimension_unit: 'mm', viewport_width: 600, viewport_height: 848 })).data;
    const pattern = await db.selectFrom('catalog_products').selectAll().where('id', '=', made.id).executeTakeFirstOrThrow();
    await db.deleteFrom('catalog_products').where('id', '=', made.id).execute();

    // n products: "<adjective> <type> <size> #<code>", codes distinct 6-digit numbers
    const codes = new Set<string>();
    while (codes.size < n) codes.add(String(Math.floor(random() * 1_000_000)).padStart(6, '0'));
    const codeList = [...codes];
    const t0 = Date.parse('2025-01-01T00:00:00.000Z');
    const loadStart = performance.now();
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < n; i += 1000) {
        const rows = [];
        for (let j = i; j < Math.min(n, i + 1000); j++) {
          const at = new Date(t0 + j * 1000).toISOString();
          const name = `${ADJECTIVES[j % 8]} ${TYPES[Math.floor(j / 8) % 8]} ${SIZES[j % 6]} #${codeList[j]}`;
          rows.push({ ...pattern, id: randomUUID(), name, created_at: at, updated_at: at, deleted_at: null });
        }
        await tx.insertInto('catalog_products').values(rows).execute();
      }
    });
    if (usePg) await sql`analyze`.execute(db);
    const loadMs = performance.now() - loadStart;

    const timed = async (urls: string[]): Promise<Stats> => {
      const ms: number[] = [];
      const rows: number[] = [];
      for (const [i, url] of urls.entries()) {
        const start = performance.now();
        const res = await app.inject({ method: 'GET', url, headers: basic });
        const took = performance.now() - start;
        if (res.statusCode !== 200) throw new Error(`GET ${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
        if (i < WARMUP) continue;
        ms.push(took);
        rows.push((res.json() as { data: unknown[] }).data.length);
      }
      return stats(ms, rows);
    };

    // texts: distinct, warm-up ones first
    const selectiveTexts = new Set<string>();
    while (selectiveTexts.size < REQUESTS + WARMUP) {
      const code = codeList[Math.floor(random() * n)]!;
      selectiveTexts.add(code.slice(random() < 0.5 ? 0 : 1).slice(0, 5));
    }
    const commonAll = [...TYPES.flatMap((t) => SIZES.map((s) => `${t} ${s}`)), ...ADJECTIVES.flatMap((a) => TYPES.map((t) => `${a} ${t}`))].map((s) => s.toLowerCase());
    for (let i = commonAll.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [commonAll[i], commonAll[j]] = [commonAll[j]!, commonAll[i]!];
    }
    const commonTexts = commonAll.slice(0, REQUESTS + WARMUP);
    const search = (text: string) => `/v1/products?limit=20&search=${encodeURIComponent(text)}`;

    // deep cursors: 100 rows a page to the middle, then one row a page (a distinct cursor each)
    let url: string | null = '/v1/products?limit=100';
    let seen = 0;
    while (url && seen + 100 < n / 2 - (REQUESTS + WARMUP) / 2) {
      const body = await call('GET', url, basic);
      seen += body.data.length;
      url = body.links.next ? (body.links.next as string).replace(config.publicUrl, '') : null;
    }
    const cursors: string[] = [];
    url = url?.replace('limit=100', 'limit=1') ?? null;
    while (url && cursors.length < REQUESTS + WARMUP) {
      const body = await call('GET', url, basic);
      if (!body.links.next) break;
      url = (body.links.next as string).replace(config.publicUrl, '');
      cursors.push(new URL(body.links.next as string).searchParams.get('cursor')!);
    }

    const first = await timed(Array.from({ length: REQUESTS + WARMUP }, (_, i) => `/v1/products?limit=${20 + (i % 10)}`));
    const deep = await timed(cursors.map((c) => `/v1/products?limit=20&cursor=${encodeURIComponent(c)}`));
    const selective = await timed([...selectiveTexts].map(search));
    const common = await timed(commonTexts.map(search));

    // the baseline: the old predicate, directly
    const scan = async (texts: string[]): Promise<Stats> => {
      const run = async (h: typeof db): Promise<Stats> => {
        const ms: number[] = [];
        const rows: number[] = [];
        for (const [i, text] of texts.entries()) {
          const like = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
          const start = performance.now();
          const r = await sql`select * from catalog_products where store_id = ${store.id} and deleted_at is null and lower(name) like ${like} escape '\\' order by created_at desc, id desc limit 21`.execute(h);
          const took = performance.now() - start;
          if (i < WARMUP) continue;
          ms.push(took);
          rows.push(Math.min(20, r.rows.length));
        }
        return stats(ms, rows);
      };
      if (!usePg) return run(db);
      return db.transaction().execute(async (tx) => {
        await sql`set local enable_bitmapscan = off`.execute(tx);
        return run(tx);
      });
    };
    const scanSelective = await scan([...selectiveTexts]);
    const scanCommon = await scan(commonTexts);
    process.stderr.write(`[bench] ${n} rows loaded in ${(loadMs / 1000).toFixed(1)} s; ${cursors.length} deep cursors from row ~${seen}\n`);
    return { n, first, deep, selective, common, scanSelective, scanCommon };
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

const fmt = (s: Stats) => `${s.median.toFixed(2).padStart(7)} / ${s.p95.toFixed(2).padStart(7)}`;
const results: SizeResult[] = [];
for (const n of sizes) results.push(await runSize(n));

const engine = usePg ? 'PostgreSQL' : 'SQLite';
console.log(`\nGET /v1/products on ${engine}, ms median / p95 of ${REQUESTS} distinct requests each (app.inject, one client; rows answered in brackets)\n`);
const columns: Array<[string, keyof Omit<SizeResult, 'n'>]> = [
  ['first page', 'first'],
  ['deep page', 'deep'],
  ['search selective', 'selective'],
  ['search common', 'common'],
  ['old scan SQL, selective', 'scanSelective'],
  ['old scan SQL, common', 'scanCommon'],
];
console.log(['rows/store'.padEnd(11), ...columns.map(([title]) => title.padEnd(27))].join(''));
for (const r of results) console.log([r.n.toLocaleString('en').padEnd(11), ...columns.map(([, k]) => `${fmt(r[k])} [${r[k].rows.toFixed(1)}]`.padEnd(27))].join(''));
if (results.length > 1) {
  const a = results[0]!;
  const b = results[results.length - 1]!;
  console.log(`\nmedian at ${b.n.toLocaleString('en')} ÷ median at ${a.n.toLocaleString('en')}: ${columns.map(([title, k]) => `${title} ${(b[k].median / a[k].median).toFixed(2)}×`).join(', ')}`);
}
