// Shop webhooks in: 1,000 Shopify `orders/paid` webhooks (default) from 50 concurrent senders,
// 10 % of them sent twice (the same X-Shopify-Webhook-Id: Shopify's retries), each order
// with one personalised line (its own design: distinct pages) and one plain line. Measures
// the intake (every webhook answered: 2xx, no error) and the time until every line's project
// is `received` (designs copied and frozen, print file started); checks exactly one project
// per line. Baseline, same server, same run: the same number of orders made the way an
// integration without the connector does it, through the API (POST /projects with its
// external_ref, POST /designs into it, POST …/transitions received), with the same clients.
//
//   npm run build && node bench/shop-webhooks.mjs [--webhooks 1000] [--senders 50] [--mode both|embedded|scaleout] [--json FILE]
import { createHmac, randomUUID } from 'node:crypto';
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
const WEBHOOKS = Number(arg('webhooks', '1000'));
const SENDERS = Number(arg('senders', '50'));
const MODE = arg('mode', 'both');
const JSON_OUT = arg('json', null);
const DUP_SHARE = 0.1;
const ORDERS = Math.round(WEBHOOKS / (1 + DUP_SHARE));
const PLANS_FILE = path.join(root, 'bench', 'plans-unlimited.json');
const SHOP = 'bench-shop.myshopify.com';
const SECRET = 'bench-app-secret';
const log = (m) => process.stderr.write(`[shop-webhooks] ${m}\n`);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

const layers = (i) => [
  { type: 'rect', left: 0, top: 0, width: 850, height: 90, fill: '#1d4ed8' },
  { type: 'textbox', text: `Person ${i}`, left: 60, top: 200, width: 730, fontSize: 56, fontFamily: 'Roboto', fill: '#0f172a' },
];

async function seed(base, setTier) {
  const signup = await api(base, 'POST', '/account', { body: { name: 'Bench', email: `shop-${Date.now()}@bench.local`, password: 'Bench-pass-1!' } });
  const store = (await api(base, 'POST', '/stores?include=credentials', { headers: { authorization: `Bearer ${signup.data.access_token}` }, body: { store_name: 'Bench shop' } })).data;
  await setTier(store.id, 'advanced');
  const B = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
  const U = { 'x-service-unauth-token': store.unauth_token };
  const product = (await api(base, 'POST', '/products', { headers: B, body: { name: 'Business card', dimension_unit: 'mm', viewport_width: 850, viewport_height: 550 } })).data;
  const side = (await api(base, 'POST', '/sides', { headers: B, body: { product_id: product.id, name: 'Front', width: 85, height: 55, bg_type: 'color', bg_color_value: '#f8fafc' } })).data;
  await api(base, 'POST', `/stores/${store.id}/integrations`, { headers: B, body: { type: 'shopify', shop: SHOP, webhook_secret: SECRET, access_token: 'shpat_bench' } });
  log(`seeding ${2 * ORDERS} shopper designs (public token)`);
  const designs = await pool([...Array(2 * ORDERS).keys()], 16, async (i) => (await api(base, 'POST', '/designs', { headers: U, body: { side_id: side.id, layers: layers(i) } })).data.id);
  return { B, side, designs };
}

function paid(orderId, designId) {
  return JSON.stringify({
    id: orderId,
    admin_graphql_api_id: `gid://shopify/Order/${orderId}`,
    name: `#${orderId}`,
    financial_status: 'paid',
    line_items: [
      { id: orderId * 10 + 1, admin_graphql_api_id: `gid://shopify/LineItem/${orderId * 10 + 1}`, title: 'Business cards', quantity: 250, properties: [{ name: '_folio_design_id', value: designId }] },
      { id: orderId * 10 + 2, admin_graphql_api_id: `gid://shopify/LineItem/${orderId * 10 + 2}`, title: 'Gift card', quantity: 1, properties: [] },
    ],
  });
}

/** Every project of the store (paged); the count of those `received` with a shop order line. */
async function projectsOf(base, B) {
  const out = [];
  let cursor = null;
  do {
    const page = await api(base, 'GET', `/projects?limit=100&include=none${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`, { headers: B });
    out.push(...page.data);
    cursor = page.links?.next ? new URL(page.links.next, base).searchParams.get('cursor') : null;
  } while (cursor);
  return out;
}

async function untilReceived(base, B, source, n, t0) {
  for (;;) {
    const rows = (await projectsOf(base, B)).filter((p) => p.external_ref?.source === source);
    const received = rows.filter((p) => p.state === 'received').length;
    if (received >= n) return { rows, ms: Date.now() - t0 };
    if (Date.now() - t0 > 600_000) throw new Error(`${source}: ${received}/${n} received after 10 minutes`);
    await sleep(200);
  }
}

async function run(base, s) {
  // Baseline: the same orders through the API by hand, first half of the designs.
  log(`baseline: ${ORDERS} orders through the API`);
  const t0 = Date.now();
  const apiLat = await pool([...Array(ORDERS).keys()], SENDERS, async (i) => {
    const at = Date.now();
    const project = (await api(base, 'POST', '/projects', { headers: s.B, body: { name: `Order ${i}`, quantity: 250, external_ref: { source: 'api', order_id: String(i), line_item_id: '1' } } })).data;
    const design = (await api(base, 'GET', `/designs/${s.designs[i]}?include=none`, { headers: s.B })).data;
    await api(base, 'POST', '/designs', { headers: s.B, body: { side_id: design.side_id, project_id: project.id, layers: design.layers } });
    await api(base, 'POST', `/projects/${project.id}/transitions`, { headers: s.B, body: { to: 'received', note: 'paid' } });
    return Date.now() - at;
  });
  const baseTotal = Date.now() - t0;
  await untilReceived(base, s.B, 'api', ORDERS, t0);

  // Webhooks: ORDERS orders, 10 % sent twice with the same delivery id, shuffled.
  const sends = [...Array(ORDERS).keys()].map((i) => ({ order: 100_000 + i, design: s.designs[ORDERS + i], id: randomUUID() }));
  const dups = sends.slice(0, WEBHOOKS - ORDERS).map((x) => ({ ...x }));
  const all = [...sends, ...dups].sort(() => Math.random() - 0.5);
  log(`webhooks: ${all.length} (${dups.length} duplicates) from ${SENDERS} senders`);
  const codes = new Map();
  const t1 = Date.now();
  const lat = await pool(all, SENDERS, async (w) => {
    const body = paid(w.order, w.design);
    const at = Date.now();
    const res = await fetch(`${base}/integrations/shopify/webhooks`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-shopify-topic': 'orders/paid', 'x-shopify-shop-domain': SHOP, 'x-shopify-webhook-id': w.id, 'x-shopify-hmac-sha256': createHmac('sha256', SECRET).update(body).digest('base64') },
      body,
    });
    await res.arrayBuffer();
    codes.set(res.status, (codes.get(res.status) ?? 0) + 1);
    return Date.now() - at;
  });
  const intakeMs = Date.now() - t1;
  const errors = [...codes].filter(([c]) => c < 200 || c > 299).reduce((n, [, k]) => n + k, 0);
  const { rows, ms: receivedMs } = await untilReceived(base, s.B, 'shopify', ORDERS, t1);
  await sleep(2000);
  const again = (await projectsOf(base, s.B)).filter((p) => p.external_ref?.source === 'shopify');
  const lines = new Set(again.map((p) => `${p.external_ref.order_id}:${p.external_ref.line_item_id}`));
  const round = Math.round;
  return {
    webhooks: all.length,
    duplicates: dups.length,
    senders: SENDERS,
    status_codes: Object.fromEntries(codes),
    errors,
    projects: again.length,
    distinct_lines: lines.size,
    exactly_one_per_line: again.length === ORDERS && lines.size === ORDERS && rows.length === ORDERS,
    intake: { total_ms: intakeMs, per_s: +(all.length / (intakeMs / 1000)).toFixed(1), p50_ms: round(pct(lat, 50)), p95_ms: round(pct(lat, 95)) },
    webhooks_to_all_received_ms: receivedMs,
    baseline_api: { total_ms: baseTotal, per_s: +(ORDERS / (baseTotal / 1000)).toFixed(1), p50_ms: round(pct(apiLat, 50)), p95_ms: round(pct(apiLat, 95)) },
    ratio_received_vs_api: +(receivedMs / baseTotal).toFixed(2),
  };
}

async function embedded() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-shop-bench-'));
  const env = { PORT: String(await freePort()), HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', STORAGE_URL: '', FOLIO_WARMUP: 'false', FOLIO_SCRYPT_COST: '10', FOLIO_PLANS_FILE: PLANS_FILE };
  const folio = await startProcess(process.execPath, [cliJs, 'serve'], env);
  try {
    const setTier = (id, tier) => promisify(execFile)(process.execPath, [cliJs, 'store', 'plan', '--store', id, '--tier', tier], { env: { ...process.env, ...env } });
    const base = `${folio.url}/v1`;
    return await run(base, await seed(base, setTier));
  } finally {
    await folio.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function scaleout() {
  const topo = await startTopology({ apis: 1, workers: 2, env: { FOLIO_PLANS_FILE: PLANS_FILE }, log: (l) => log(`topology: ${l}`) });
  try {
    const setTier = (id, tier) => promisify(execFile)(process.execPath, [cliJs, 'store', 'plan', '--store', id, '--tier', tier], { env: { ...topo.env, FOLIO_DATA_DIR: path.join(topo.dir, 'data', 'cli'), LOG_LEVEL: 'warn' } });
    const base = topo.urls[0];
    return await run(base, await seed(base, setTier));
  } finally {
    await topo.stop();
  }
}

ensureBuilt();
const report = {};
if (MODE === 'both' || MODE === 'embedded') report['embedded: 1 × folio serve, SQLite'] = await embedded();
if (MODE === 'both' || MODE === 'scaleout') report['scale-out: 1 × folio serve + 2 × folio worker, PostgreSQL, Redis, S3'] = await scaleout();
for (const [name, r] of Object.entries(report)) {
  console.log(`\n${name}: ${r.webhooks} webhooks (${r.duplicates} duplicates) from ${r.senders} senders`);
  console.log(`  intake                 total ${(r.intake.total_ms / 1000).toFixed(1)} s  ${r.intake.per_s}/s  p50 ${r.intake.p50_ms} ms  p95 ${r.intake.p95_ms} ms  errors ${r.errors}  codes ${JSON.stringify(r.status_codes)}`);
  console.log(`  webhooks → all received ${(r.webhooks_to_all_received_ms / 1000).toFixed(1)} s; ${r.projects} projects for ${r.distinct_lines} lines: exactly one per line ${r.exactly_one_per_line ? 'yes' : 'NO'}`);
  console.log(`  baseline (API by hand)  total ${(r.baseline_api.total_ms / 1000).toFixed(1)} s  ${r.baseline_api.per_s}/s  p50 ${r.baseline_api.p50_ms} ms  p95 ${r.baseline_api.p95_ms} ms`);
  console.log(`  ratio (webhooks → received) / (API by hand): ${r.ratio_received_vs_api}`);
}
if (JSON_OUT) fs.writeFileSync(JSON_OUT, JSON.stringify(report, null, 2));
if (Object.values(report).some((r) => r.errors > 0 || !r.exactly_one_per_line)) process.exitCode = 1;
