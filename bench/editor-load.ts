/**
 * The editor's load time and size: first paint and "interactive" (the `folio:interactive`
 * mark: store, fonts, templates and the product's sides loaded, the canvas drawn) of
 * /customizer in headless Chromium, against a baseline measured in the same run — the same
 * page with its script blocked (HTML + CSS only: what the network and the browser cost before
 * any of the editor's work). Also the bundle's size, raw and gzip. Target: interactive < 1 s.
 *
 *   npx tsx bench/editor-load.ts [--rounds 7]
 *
 * The server runs in this process on an ephemeral port with a temp data dir; Chromium is
 * Debian's /usr/bin/chromium (CHROMIUM_PATH to change it). Each round opens a fresh browser
 * context (cold HTTP cache) and then a second page in it (warm cache).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startEditorBench } from './editor-bench.js';
import { bundleSize, median } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const i = process.argv.indexOf('--rounds');
const rounds = i > 0 ? Number(process.argv[i + 1]) : 7;

async function main(): Promise<void> {
  const { base, browser, store, product, close } = await startEditorBench();
  try {
    const url = `${base}/customizer/?token=${encodeURIComponent(store.unauth_token)}&product=${product.id}`;

    type Sample = { firstPaint: number; interactive: number };
    const measure = async (ctx: Awaited<ReturnType<typeof browser.newContext>>, blockScript: boolean): Promise<Sample> => {
      const page = await ctx.newPage();
      if (blockScript) await page.route('**/*.js', (r) => r.abort());
      await page.goto(url);
      if (!blockScript) await page.waitForFunction(() => performance.getEntriesByName('folio:interactive').length > 0, undefined, { timeout: 30_000 });
      else await page.waitForFunction(() => performance.getEntriesByName('first-paint').length > 0, undefined, { timeout: 30_000 });
      const s = await page.evaluate(() => ({
        firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN,
        interactive: performance.getEntriesByName('folio:interactive')[0]?.startTime ?? NaN,
      }));
      await page.close();
      return s;
    };
    const base_ = { cold: [] as Sample[] };
    const cold: Sample[] = [];
    const warm: Sample[] = [];
    for (let r = 0; r < rounds + 1; r++) {
      const ctxB = await browser.newContext();
      const b = await measure(ctxB, true);
      await ctxB.close();
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      const c = await measure(ctx, false);
      const w = await measure(ctx, false);
      await ctx.close();
      // the first round warms the server and the browser: not counted
      if (r === 0) continue;
      base_.cold.push(b);
      cold.push(c);
      warm.push(w);
    }
    const size = bundleSize(path.join(root, 'dist', 'customizer'));
    const basePaint = median(base_.cold.map((s) => s.firstPaint));
    console.log(`folio bench: /customizer in headless Chromium, ${rounds} rounds (median), bundle ${size.files.join(' + ')}`);
    console.log(`bundle                      ${(size.all.raw / 1024).toFixed(0)} KiB raw, ${(size.all.gzip / 1024).toFixed(1)} KiB gzip`);
    console.log(`baseline (HTML+CSS only)    first paint ${basePaint.toFixed(0)} ms`);
    for (const [name, xs] of [['editor, cold cache', cold], ['editor, warm cache', warm]] as const) {
      const fp = median(xs.map((s) => s.firstPaint));
      const ti = median(xs.map((s) => s.interactive));
      console.log(`${name.padEnd(27)} first paint ${fp.toFixed(0)} ms, interactive ${ti.toFixed(0)} ms (${(ti / basePaint).toFixed(2)}× the baseline's first paint; target < 1000 ms: ${ti < 1000 ? 'met' : 'NOT met'})`);
    }
  } finally {
    await close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
