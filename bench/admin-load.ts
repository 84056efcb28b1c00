/**
 * The back office's load time, size and list rendering, measured the way the editor is
 * (bench/editor-load.ts): in headless Chromium, "interactive" is the `folio:interactive` mark
 * (the page's first API data rendered) of /admin/s/<store>/products, cold (fresh browser
 * context) and warm, against a baseline in the same run — the same page with its scripts
 * blocked (HTML + CSS only: its load event, as it paints nothing). Then each API-backed list page with 100 rows (`?limit=100`):
 * the time from its data's arrival to the rows painted (`window.__folioListRenders`).
 * Also the bundle's size (what /admin loads first, and every chunk), raw and gzip.
 * Targets: interactive ≤ 1 s cold; 100 rows ≤ 100 ms after data.
 *
 *   npx tsx bench/admin-load.ts [--rounds 7]
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config/index.js';
import { createServer } from '../src/main/server.js';
// @ts-expect-error plain .mjs script without types
import { ensureAdmin } from '../scripts/build-customizer.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const i = process.argv.indexOf('--rounds');
const rounds = i > 0 ? Number(process.argv[i + 1]) : 7;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};
const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** Sizes of the files the page loads first (from index.html) and of every chunk. */
function bundleSize(): { first: { raw: number; gzip: number }; all: { raw: number; gzip: number }; chunks: number } {
  const dir = path.join(root, 'dist', 'admin');
  const html = fs.readFileSync(path.join(dir, 'index.html'), 'utf8');
  const firstFiles = new Set([...html.matchAll(/\/admin\/(assets\/[^"]+\.(?:js|css))/g)].map((m) => m[1]!));
  const sum = { first: { raw: 0, gzip: 0 }, all: { raw: 0, gzip: 0 }, chunks: 0 };
  for (const f of fs.readdirSync(path.join(dir, 'assets')).filter((x) => /\.(js|css)$/.test(x))) {
    const b = fs.readFileSync(path.join(dir, 'assets', f));
    const gz = zlib.gzipSync(b, { level: 9 }).length;
    sum.all.raw += b.length;
    sum.all.gzip += gz;
    sum.chunks++;
    if (firstFiles.has(`assets/${f}`)) {
      sum.first.raw += b.length;
      sum.first.gzip += gz;
    }
  }
  return sum;
}

async function main(): Promise<void> {
  ensureAdmin({ log: () => {} });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ ...process.env, FOLIO_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10' });
  const { app } = await createServer(config, {}, false);
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'], headless: true });
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { data: any }).data;
    };
    const signup = await post('/v1/account', { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
    const store = await post('/v1/stores?include=credentials', { store_name: 'Bench store' }, { authorization: `Bearer ${signup.access_token}` });
    const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
    // 100 rows in each list: products, templates (on one side), projects
    const products: Array<{ id: string }> = [];
    for (let n = 0; n < 100; n++) products.push(await post('/v1/products', { name: `Product ${String(n).padStart(3, '0')}`, dimension_unit: 'mm' }, basic));
    const side = await post('/v1/sides', { product_id: products[0]!.id, name: 'Front', width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 } }, basic);
    for (let n = 0; n < 100; n++) await post('/v1/templates', { side_id: side.id, name: `Template ${n}`, viewport_width: 1480, viewport_height: 1050, layers: [] }, basic);
    for (let n = 0; n < 100; n++) await post('/v1/projects', { name: `Order ${n}`, quantity: 1 + (n % 5) }, basic);
    const session = { jwt: signup.access_token, user: signup.user, expiresAt: Date.now() + 3600_000 };
    const newContext = async () => {
      const ctx = await browser.newContext({ viewport: { width: 1440, height: 900 } });
      await ctx.addInitScript((s) => localStorage.setItem('folio.admin.session', JSON.stringify(s)), session);
      return ctx;
    };
    const products_url = `${base}/admin/s/${store.id}/products`;

    type Sample = { firstPaint: number; interactive: number };
    const measure = async (ctx: Awaited<ReturnType<typeof browser.newContext>>, url: string, blockScript: boolean): Promise<Sample> => {
      const page = await ctx.newPage();
      if (blockScript) await page.route('**/*.js', (r) => r.abort());
      await page.goto(url);
      if (!blockScript) await page.waitForFunction(() => performance.getEntriesByName('folio:interactive').length > 0, undefined, { timeout: 30_000 });
      // the page without its scripts paints nothing (an empty root): its load event instead
      else await page.waitForFunction(() => ((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.loadEventEnd ?? 0) > 0, undefined, { timeout: 30_000 });
      const s = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd,
        interactive: performance.getEntriesByName('folio:interactive')[0]?.startTime ?? NaN,
      }));
      await page.close();
      return s;
    };
    const baseline: Sample[] = [];
    const cold: Sample[] = [];
    const warm: Sample[] = [];
    for (let r = 0; r < rounds + 1; r++) {
      const ctxB = await newContext();
      const b = await measure(ctxB, products_url, true);
      await ctxB.close();
      const ctx = await newContext();
      const c = await measure(ctx, products_url, false);
      const w = await measure(ctx, products_url, false);
      await ctx.close();
      if (r === 0) continue; // warms the server and the browser
      baseline.push(b);
      cold.push(c);
      warm.push(w);
    }

    // 100 rows per list page: data arrival → rows painted
    const lists: Array<[string, string]> = [
      ['products', `/admin/s/${store.id}/products?limit=100`],
      ['templates', `/admin/s/${store.id}/templates?limit=100`],
      ['orders', `/admin/s/${store.id}/orders?limit=100`],
      ['wallet ledger', `/admin/wallet?limit=100`],
    ];
    const listTimes: Array<{ name: string; rows: number; ms: number }> = [];
    for (const [name, url] of lists) {
      const samples: Array<{ rows: number; ms: number }> = [];
      for (let r = 0; r < rounds; r++) {
        const ctx = await newContext();
        const page = await ctx.newPage();
        await page.goto(`${base}${url}`);
        const got = await page
          .waitForFunction(() => ((window as unknown as { __folioListRenders?: Array<{ rows: number; ms: number }> }).__folioListRenders ?? []).at(-1) ?? null, undefined, { timeout: 15_000 })
          .then((h) => h.jsonValue() as Promise<{ rows: number; ms: number }>)
          .catch(() => null);
        await ctx.close();
        if (got) samples.push(got);
      }
      if (samples.length) listTimes.push({ name, rows: Math.max(...samples.map((s) => s.rows)), ms: median(samples.map((s) => s.ms)) });
    }

    const size = bundleSize();
    const basePaint = median(baseline.map((s) => s.firstPaint));
    console.log(`folio bench: /admin in headless Chromium, ${rounds} rounds (median)`);
    console.log(`bundle: first load ${kib(size.first.raw)} raw, ${kib(size.first.gzip)} gzip; all ${size.chunks} chunks ${kib(size.all.raw)} raw, ${kib(size.all.gzip)} gzip`);
    console.log(`baseline (HTML+CSS only)    loaded ${basePaint.toFixed(0)} ms`);
    for (const [name, xs] of [['products page, cold cache', cold], ['products page, warm cache', warm]] as const) {
      const fp = median(xs.map((s) => s.firstPaint));
      const ti = median(xs.map((s) => s.interactive));
      console.log(`${name.padEnd(27)} first paint ${fp.toFixed(0)} ms, interactive ${ti.toFixed(0)} ms (${(ti / basePaint).toFixed(2)}× the baseline; target ≤ 1000 ms: ${ti <= 1000 ? 'met' : 'NOT met'})`);
    }
    for (const l of listTimes) console.log(`list ${l.name.padEnd(22)} ${l.rows} rows painted ${l.ms.toFixed(1)} ms after data (target ≤ 100 ms: ${l.ms <= 100 && l.rows >= 100 ? 'met' : l.rows < 100 ? `only ${l.rows} rows` : 'NOT met'})`);
  } finally {
    await browser.close();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
