/**
 * The back office's load time, size and list rendering, measured the way the editor is
 * (bench/editor-load.ts), in headless Chromium:
 * - cold interactive: the `folio:interactive` mark (the page's first API data painted) of
 *   /admin/s/<store>/products in a fresh browser context (no cache), then warm (a second page
 *   in that context), against a baseline in the same round: the same page with its scripts
 *   blocked (HTML + CSS only; it paints nothing, so its load event). With the cold page's
 *   resource timings: when the scripts had arrived, when the store and the list were read.
 * - lists: each API-backed list page (products, templates, orders) with 100 rows
 *   (`?limit=100`), the time from its data's arrival to the rows painted
 *   (`window.__folioListRenders`), for the page's first mount and, separately, for a re-render
 *   (the "Next page" button: the next cursor page, 100 other rows). Every round reads rows
 *   no other round read (each round's rows are their own `?q=` search), so no answer repeats.
 * - the bundle's size: what /admin loads first, and every chunk, raw and gzip.
 * Targets (the issue): interactive ≤ 1 s cold; 100 rows ≤ 100 ms after data.
 *
 *   npx tsx bench/admin-load.ts [--rounds 7] [--compare dist/admin-before] [--pg] [--waterfall]
 *
 * `--compare <dir>`: another build of the back office (e.g. a copy of dist/admin made before a
 * change), served by a second server over the same data and measured in the same rounds,
 * interleaved with this one, so that both sets of numbers share the machine's load.
 * The database is SQLite in a temp dir; `--pg`: a new database on TEST_DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/postgres, dropped afterwards (as bench/list-search.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../src/config/index.js';
import { createServer } from '../src/main/server.js';
import { loadPlanTable } from '../src/modules/plans/index.js';
import { createPgDatabase } from '../test/helpers/pg-database.js';
import { bundleSize, kib, median, pool } from './lib.mjs';
// @ts-expect-error plain .mjs script without types
import { ensureAdmin } from '../scripts/build-customizer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const arg = (name: string) => (process.argv.includes(name) ? process.argv[process.argv.indexOf(name) + 1] : undefined);
const rounds = Number(arg('--rounds') ?? 7);
const compare = arg('--compare');
const waterfall = process.argv.includes('--waterfall');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ROWS = 100;

/** What admin/src/components/CursorList.tsx records of each render of a list's data. */
type Render = { list: string; rows: number; ms: number; kind: 'mount' | 'update' };
declare global {
  interface Window {
    __folioListRenders?: Render[];
  }
}
type Cold = { firstPaint: number; interactive: number; scripts: number; storeStart: number; storeEnd: number; listStart: number; listEnd: number };
interface Variant {
  name: string;
  dir: string;
  base: string;
  close: () => Promise<void>;
  baseline: number[];
  cold: Cold[];
  warm: number[];
  lists: Map<string, { mount: number[]; update: number[]; rows: number }>;
}

const LISTS = [
  ['products', 'products', 'Product'],
  ['templates', 'templates', 'Template'],
  ['orders', 'orders', 'Order'],
] as const;

async function main(): Promise<void> {
  ensureAdmin({ log: () => {} });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const pgDb = process.argv.includes('--pg') ? await createPgDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres', 'folio_bench_admin') : null;
  const config = loadConfig({ ...process.env, FOLIO_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10', ...(pgDb ? { DATABASE_URL: pgDb.url } : {}) });
  // the rows are made through the API, faster than a plan's requests per minute allow
  const plans = loadPlanTable(config.plansFile);
  plans.quotas.requests_per_minute = Object.fromEntries(plans.tiers.map((t) => [t, 1_000_000_000]));
  const variants: Variant[] = [];
  for (const [name, dir] of [['this build', path.join(root, 'dist', 'admin')], ...(compare ? [['compared', path.resolve(compare)]] : [])] as Array<[string, string]>) {
    const { app } = await createServer(config, { plans, adminDir: dir }, false);
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    variants.push({ name, dir, base, close: () => app.close(), baseline: [], cold: [], warm: [], lists: new Map() });
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  try {
    const base = variants[0]!.base;
    const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: any }).data;
    };
    const signup = await post('/v1/account', { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
    const store = await post('/v1/stores?include=credentials', { store_name: 'Bench store' }, { authorization: `Bearer ${signup.access_token}` });
    const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
    const first = await post('/v1/products', { name: 'Bench product', dimension_unit: 'mm' }, basic);
    const side = await post('/v1/sides', { product_id: first.id, name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 } }, basic);
    // Each (round, build) reads its own 2 × 100 rows of each list: the rows whose name holds its tag.
    const tag = (r: number, v: number) => `set-r${r}v${v}-`;
    const tags = Array.from({ length: rounds + 1 }, (_, r) => variants.map((_v, v) => tag(r, v))).flat();
    const n2 = Array.from({ length: 2 * ROWS }, (_, n) => n);
    for (const t of tags) {
      await pool(n2, 4, (n) => post('/v1/products', { name: `Product ${t}${String(n).padStart(3, '0')}`, dimension_unit: 'mm' }, basic));
      await pool(n2, 4, (n) => post('/v1/templates', { side_id: side.id, name: `Template ${t}${n}`, viewport_width: 1480, viewport_height: 1050, layers: [] }, basic));
      await pool(n2, 4, (n) => post('/v1/projects', { name: `Order ${t}${n}`, quantity: 1 + (n % 5) }, basic));
    }
    const session = { jwt: signup.access_token, user: signup.user, expiresAt: Date.now() + 3600_000 };
    const newContext = async () => {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await ctx.addInitScript((s) => localStorage.setItem('folio.admin.session', JSON.stringify(s)), session);
      return ctx;
    };

    for (let r = 0; r < rounds + 1; r++) {
      for (const [v, variant] of variants.entries()) {
        const url = `${variant.base}/admin/s/${store.id}/products`;
        const ctxB = await newContext();
        const b = await baselineLoad(ctxB, url);
        await ctxB.close();
        const ctx = await newContext();
        const c = await coldLoad(ctx, url, store.id, waterfall && r === rounds ? variant.name : undefined);
        const w = await coldLoad(ctx, url, store.id);
        await ctx.close();
        for (const [name, area] of LISTS) {
          const got = await listRenders(await newContext(), `${variant.base}/admin/s/${store.id}/${area}?limit=${ROWS}&q=${tag(r, v)}`);
          if (r === 0) continue;
          const l = variant.lists.get(name) ?? { mount: [], update: [], rows: Infinity };
          if (got.mount) l.mount.push(got.mount.ms);
          if (got.update) l.update.push(got.update.ms);
          l.rows = Math.min(l.rows, got.mount?.rows ?? 0, got.update?.rows ?? 0);
          variant.lists.set(name, l);
        }
        // the first round warms the server and the browser: not counted
        if (r === 0) continue;
        variant.baseline.push(b);
        variant.cold.push(c);
        variant.warm.push(w.interactive);
      }
    }
    report(variants);
  } finally {
    await browser.close();
    for (const v of variants) await v.close();
    await pgDb?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The page with its scripts blocked: its load event (it paints nothing). */
async function baselineLoad(ctx: BrowserContext, url: string): Promise<number> {
  const page = await ctx.newPage();
  await page.route('**/*.js', (r) => r.abort());
  await page.goto(url);
  await page.waitForFunction(() => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0, undefined, { timeout: 30_000 });
  const t = await page.evaluate(() => (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd);
  await page.close();
  return t;
}

/** The products page to `folio:interactive`, with when its scripts, store and list arrived. */
async function coldLoad(ctx: BrowserContext, url: string, storeId: string, show?: string): Promise<Cold> {
  const page = await ctx.newPage();
  if (show) page.on('console', (m) => console.log(`  console: ${m.text()}`));
  await page.goto(url);
  await page.waitForFunction(() => performance.getEntriesByName('folio:interactive').length > 0, undefined, { timeout: 30_000 });
  // the paint entries are reported after the frame is presented: when the first paint is the
  // interactive one, a moment after the mark
  await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0, undefined, { timeout: 2_000 }).catch(() => undefined);
  const s = await page.evaluate((id) => {
    const res = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    // (no named functions in here: tsx would wrap them in a helper the page does not have)
    const paths = res.map((e) => new URL(e.name).pathname + new URL(e.name).search);
    const store = res[paths.findIndex((p) => p.startsWith(`/v1/stores/${id}?`))];
    const list = res[paths.findIndex((p) => p.startsWith('/v1/products?'))];
    return {
      firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN,
      interactive: performance.getEntriesByName('folio:interactive')[0]!.startTime,
      // the last script of the page's (and its route's) code to arrive
      scripts: Math.max(0, ...res.filter((e) => /\.js$/.test(e.name)).map((e) => e.responseEnd)),
      storeStart: store?.startTime ?? NaN,
      storeEnd: store?.responseEnd ?? NaN,
      listStart: list?.startTime ?? NaN,
      listEnd: list?.responseEnd ?? NaN,
    };
  }, storeId);
  if (show) {
    // the last round's cold load, request by request (`--waterfall`)
    const rows = await page.evaluate(() =>
      [...performance.getEntriesByType('resource'), ...performance.getEntriesByType('paint'), ...performance.getEntriesByType('mark')].map((e) => ({
        name: e.name.replace(location.origin, ''),
        start: e.startTime,
        end: (e as PerformanceResourceTiming).responseEnd ?? e.startTime,
        size: (e as PerformanceResourceTiming).encodedBodySize ?? 0,
      })),
    );
    console.log(`waterfall of a cold load (${show}):`);
    for (const w of rows.sort((a, b) => a.start - b.start)) console.log(`  ${w.start.toFixed(0).padStart(5)}–${w.end.toFixed(0).padStart(5)} ms ${w.size ? `${(w.size / 1024).toFixed(0).padStart(4)} KiB` : '        '} ${w.name.slice(0, 90)}`);
  }
  await page.close();
  return s;
}

const renders = (page: Page, n: number) =>
  page
    .waitForFunction((k) => ((window.__folioListRenders ?? []).length >= k ? (window.__folioListRenders ?? null) : null), n, { timeout: 15_000 })
    .then((h) => h.jsonValue() as Promise<Render[]>)
    .catch(() => [] as Render[]);

/** A list page's first render with its data, then the next cursor page's (another 100 rows). */
async function listRenders(ctx: BrowserContext, url: string): Promise<{ mount?: Render; update?: Render }> {
  try {
    const page = await ctx.newPage();
    await page.goto(url);
    const mount = (await renders(page, 1)).find((x) => x.kind === 'mount');
    await page.getByRole('button', { name: 'Next page' }).click();
    const update = (await renders(page, 2)).find((x) => x.kind === 'update');
    return { ...(mount ? { mount } : {}), ...(update ? { update } : {}) };
  } finally {
    await ctx.close();
  }
}

function report(variants: Variant[]): void {
  const ms = (x: number) => `${x.toFixed(0)} ms`;
  console.log(`folio bench: /admin in headless Chromium, ${process.argv.includes('--pg') ? 'PostgreSQL' : 'SQLite'}, ${rounds} rounds (median), ${variants.length > 1 ? 'builds interleaved in each round' : 'one build'}`);
  for (const v of variants) {
    const size = bundleSize(v.dir);
    const basePaint = median(v.baseline);
    const cold = (k: keyof Cold) => median(v.cold.map((c) => c[k]));
    const ti = cold('interactive');
    const wi = median(v.warm);
    console.log(`\n== ${v.name} (${path.relative(root, v.dir)})`);
    console.log(`bundle: first load ${kib(size.first.raw)} raw, ${kib(size.first.gzip)} gzip; all ${size.chunks} chunks ${kib(size.all.raw)} raw, ${kib(size.all.gzip)} gzip`);
    console.log(`baseline (HTML+CSS only)    loaded ${ms(basePaint)}`);
    console.log(`products page, cold cache   first paint ${ms(cold('firstPaint'))}, interactive ${ms(ti)} (${(ti / basePaint).toFixed(2)}× the baseline; target ≤ 1000 ms: ${ti <= 1000 ? 'met' : 'NOT met'})`);
    console.log(`  where it went             scripts in ${ms(cold('scripts'))}; store read ${ms(cold('storeStart'))}–${ms(cold('storeEnd'))}; list read ${ms(cold('listStart'))}–${ms(cold('listEnd'))}; rows painted ${ms(ti)}`);
    console.log(`products page, warm cache   interactive ${ms(wi)}`);
    for (const [name] of LISTS) {
      const l = v.lists.get(name);
      if (!l || !l.mount.length) {
        console.log(`list ${name.padEnd(10)} no samples`);
        continue;
      }
      const verdict = (x: number) => (l.rows < ROWS ? `only ${l.rows} rows` : x <= 100 ? 'met' : 'NOT met');
      const mnt = median(l.mount);
      const upd = l.update.length ? median(l.update) : NaN;
      console.log(`list ${name.padEnd(10)} ${ROWS} rows painted after data: first mount ${mnt.toFixed(1)} ms (${verdict(mnt)}), next page ${upd.toFixed(1)} ms (${verdict(upd)}); target ≤ 100 ms`);
    }
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
