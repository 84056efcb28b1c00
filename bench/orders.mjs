// Orders to press: N paid orders (default 1,000 business cards, one design each) from
// `received` to delivered files (the print file and its JDF in a hot folder), against the
// baseline of printing the same N designs' PDFs alone (POST /designs/{id}/pdf, same PDF/X-4
// profile) on the same server in the same run.
//
//   npm run build && node bench/orders.mjs [--orders 1000] [--mode both|embedded|scaleout] [--concurrency 16] [--json FILE]
//
// Embedded: one `folio serve` (SQLite, in-process queue and workers). Scale-out:
// scripts/topology.mjs with 1 × serve and 2 × worker (PostgreSQL, Redis, S3).
// Per order: from the POST that receives it to its delivery's `delivered_at`; per PDF: from the
// POST to the job's completion (both read from the server's timestamps, one clock).
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { api, pct, pool, startProcess } from './lib.mjs';
import { ensureBuilt, freePort, startTopology } from '../scripts/topology.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cliJs = path.join(root, 'dist', 'main', 'cli.js');
const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : dflt;
};
const ORDERS = Number(arg('orders', '1000'));
const MODE = arg('mode', 'both');
const CONCURRENCY = Number(arg('concurrency', '16'));
const JSON_OUT = arg('json', null);
// the rate limits of a plan are not what is measured here
const PLANS_FILE = path.join(root, 'bench', 'plans-unlimited.json');
const log = (m) => process.stderr.write(`[orders] ${m}\n`);

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function seed(base, setTier) {
  const signup = await api(base, 'POST', '/account', { body: { name: 'Bench', email: `orders-${Date.now()}@bench.local`, password: 'Bench-pass-1!' } });
  const store = (await api(base, 'POST', '/stores?include=credentials', { headers: { authorization: `Bearer ${signup.data.access_token}` }, body: { store_name: 'Bench prints' } })).data;
  await setTier(store.id, 'advanced');
  const B = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
  const product = (await api(base, 'POST', '/products', { headers: B, body: { name: 'Business card', dimension_unit: 'mm', viewport_width: 850, viewport_height: 550, media: '350gsm silk' } })).data;
  const side = (await api(base, 'POST', '/sides', { headers: B, body: { product_id: product.id, name: 'Front', width: 85, height: 55, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, bg_type: 'color', bg_color_value: '#f8fafc' } })).data;
  log(`seeding ${ORDERS} orders`);
  const orders = await pool([...Array(ORDERS).keys()], CONCURRENCY, async (i) => {
    const project = (await api(base, 'POST', '/projects', { headers: B, body: { name: `Order ${i}`, quantity: 250, external_ref: { source: 'bench', order_id: String(1000 + i), line_item_id: '1' } } })).data;
    const layers = [
      { type: 'rect', left: 0, top: 0, width: 850, height: 90, fill: '#1d4ed8' },
      { type: 'textbox', text: `Person ${i}`, left: 60, top: 200, width: 730, fontSize: 56, fontFamily: 'Roboto', fill: '#0f172a' },
      { type: 'textbox', text: `person${i}@example.com · +1 555 01${String(i).padStart(4, '0')}`, left: 60, top: 300, width: 730, fontSize: 28, fontFamily: 'Roboto', fill: '#334155' },
    ];
    const design = (await api(base, 'POST', '/designs', { headers: B, body: { side_id: side.id, project_id: project.id, layers } })).data;
    return { project: project.id, design: design.id };
  });
  return { B, orders };
}

/** Polls until `done()` is true (every `ms`); gives up after `limitMs`. */
async function until(what, done, limitMs = 3_600_000, ms = 500) {
  const end = Date.now() + limitMs;
  while (!(await done())) {
    if (Date.now() > end) throw new Error(`${what}: timed out`);
    await sleep(ms);
  }
}

/** PDFs of `designs` (the profile the orders use), each with the time it was asked for; resolves when all are completed. */
async function printAll(base, s, designs) {
  const jobs = await pool(designs, CONCURRENCY, async (o) => {
    const at = Date.now();
    return { id: (await api(base, 'POST', `/designs/${o.design}/pdf`, { headers: s.B, body: { pdf_standard: 'pdf_x4' } })).data.id, at };
  });
  const finished = new Map();
  await until('pdf jobs', async () => {
    // the oldest unfinished ones (jobs finish about in order): a poll as cheap as the deliveries list's pages
    const open = jobs.filter((j) => !finished.has(j.id)).slice(0, 2 * CONCURRENCY);
    await pool(open, CONCURRENCY, async (j) => {
      const job = (await api(base, 'GET', `/jobs/${j.id}`, { headers: s.B })).data;
      if (job.status === 'failed') throw new Error(`pdf job failed: ${JSON.stringify(job.error)}`);
      if (job.status === 'completed') finished.set(j.id, Date.parse(job.completed_at));
    });
    return finished.size === jobs.length;
  }, 3_600_000, 250);
  return { jobs, finished };
}

async function run(base, s, hotRoot) {
  // Warm-up (not measured): fonts, profiles and the engine loaded in every worker, as on a server that has been up a while.
  log('warming up');
  await printAll(base, s, s.orders.slice(0, 4 * CONCURRENCY));
  // Baseline: the same designs' PDFs alone, same profile.
  log('baseline: printing the designs alone');
  const t0 = Date.now();
  const { jobs, finished } = await printAll(base, s, s.orders);
  const baseTotal = Math.max(...finished.values()) - t0;
  const baseLat = jobs.map((j) => finished.get(j.id) - j.at);

  // Orders: a hot folder, then every order received; done when every delivery is delivered.
  const dir = fs.mkdtempSync(path.join(hotRoot, 'press-'));
  await api(base, 'POST', '/delivery-targets', { headers: s.B, body: { name: 'Press hot folder', type: 'hot_folder', path: dir, ticket: 'jdf' } });
  log('orders: receiving');
  const t1 = Date.now();
  const sent = await pool(s.orders, CONCURRENCY, async (o) => {
    const at = Date.now();
    await api(base, 'POST', `/projects/${o.project}/transitions`, { headers: s.B, body: { to: 'received', note: 'paid' } });
    return { project: o.project, at };
  });
  const delivered = new Map();
  await until('deliveries', async () => {
    let cursor = null;
    do {
      const page = await api(base, 'GET', `/deliveries?status=delivered&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: s.B });
      for (const d of page.data) delivered.set(d.project_id, Date.parse(d.delivered_at));
      cursor = page.links?.next ? new URL(page.links.next, base).searchParams.get('cursor') : null;
    } while (cursor);
    const failed = await api(base, 'GET', '/deliveries?status=failed&limit=1', { headers: s.B });
    if (failed.data.length) throw new Error(`a delivery failed: ${JSON.stringify(failed.data[0])}`);
    return delivered.size === s.orders.length;
  }, 3_600_000, 1000);
  const orderTotal = Math.max(...delivered.values()) - t1;
  const orderLat = sent.map((o) => delivered.get(o.project) - o.at);
  const files = fs.readdirSync(dir);
  const pdfs = files.filter((f) => f.endsWith('.pdf')).length;
  const jdfs = files.filter((f) => f.endsWith('.jdf')).length;
  if (pdfs !== s.orders.length || jdfs !== s.orders.length) throw new Error(`hot folder holds ${pdfs} PDFs and ${jdfs} JDFs, expected ${s.orders.length} each`);
  const round = (x) => Math.round(x);
  return {
    orders: s.orders.length,
    concurrency: CONCURRENCY,
    baseline_print_only: { total_ms: baseTotal, per_s: +(s.orders.length / (baseTotal / 1000)).toFixed(1), p50_ms: round(pct(baseLat, 50)), p95_ms: round(pct(baseLat, 95)) },
    received_to_delivered: { total_ms: orderTotal, per_s: +(s.orders.length / (orderTotal / 1000)).toFixed(1), p50_ms: round(pct(orderLat, 50)), p95_ms: round(pct(orderLat, 95)) },
    ratio_total: +(orderTotal / baseTotal).toFixed(2),
    ratio_p95: +(pct(orderLat, 95) / pct(baseLat, 95)).toFixed(2),
    hot_folder: { pdfs, jdfs },
  };
}

async function embedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-orders-bench-'));
  const hotRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-orders-hot-'));
  const env = { PORT: String(await freePort()), HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', STORAGE_URL: '', FOLIO_WARMUP: 'false', FOLIO_SCRYPT_COST: '10', FOLIO_HOT_FOLDER_ROOTS: hotRoot, FOLIO_PLANS_FILE: PLANS_FILE };
  const folio = await startProcess(process.execPath, [cliJs, 'serve'], env);
  try {
    const setTier = (id, tier) => promisify(execFile)(process.execPath, [cliJs, 'store', 'plan', '--store', id, '--tier', tier], { env: { ...process.env, ...env } });
    const base = `${folio.url}/v1`;
    return await run(base, await seed(base, setTier), hotRoot);
  } finally {
    await folio.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(hotRoot, { recursive: true, force: true });
  }
}

async function scaleout() {
  const hotRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-orders-hot-'));
  const topo = await startTopology({ apis: 1, workers: 2, env: { FOLIO_HOT_FOLDER_ROOTS: hotRoot, FOLIO_PLANS_FILE: PLANS_FILE }, log: (l) => log(`topology: ${l}`) });
  try {
    const setTier = (id, tier) => promisify(execFile)(process.execPath, [cliJs, 'store', 'plan', '--store', id, '--tier', tier], { env: { ...topo.env, FOLIO_DATA_DIR: path.join(topo.dir, 'data', 'cli'), LOG_LEVEL: 'warn' } });
    const base = topo.urls[0];
    return await run(base, await seed(base, setTier), hotRoot);
  } finally {
    await topo.stop();
    fs.rmSync(hotRoot, { recursive: true, force: true });
  }
}

ensureBuilt();
const report = {};
if (MODE === 'both' || MODE === 'embedded') report['embedded: 1 × folio serve, SQLite'] = await embedded();
if (MODE === 'both' || MODE === 'scaleout') report['scale-out: 1 × folio serve + 2 × folio worker, PostgreSQL, Redis, S3'] = await scaleout();
for (const [name, r] of Object.entries(report)) {
  console.log(`\n${name}: ${r.orders} orders, ${r.concurrency} clients`);
  console.log(`  baseline (PDFs alone)       total ${(r.baseline_print_only.total_ms / 1000).toFixed(1)} s  ${r.baseline_print_only.per_s}/s  p50 ${r.baseline_print_only.p50_ms} ms  p95 ${r.baseline_print_only.p95_ms} ms`);
  console.log(`  received → delivered        total ${(r.received_to_delivered.total_ms / 1000).toFixed(1)} s  ${r.received_to_delivered.per_s}/s  p50 ${r.received_to_delivered.p50_ms} ms  p95 ${r.received_to_delivered.p95_ms} ms`);
  console.log(`  ratio                       total ×${r.ratio_total}  p95 ×${r.ratio_p95}   (hot folder: ${r.hot_folder.pdfs} PDFs, ${r.hot_folder.jdfs} JDFs)`);
}
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(report, null, 2));
