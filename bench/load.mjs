// Mixed-workload load test, on the embedded stack and on the scale-out topology, against a
// bare Fastify hello-world measured in the same run.
//
//   npm run build && node bench/load.mjs [--duration 60] [--mode both|embedded|scaleout] [--connections 40] [--json FILE]
//   node bench/load.mjs --short            5 s per stage, no warm-up: the CI check (exit 1 on any error)
//   node bench/load.mjs --mode embedded --profile DIR
//                                          the embedded server's CPU profile over the run, written to DIR
//                                          (read it with npx tsx bench/profile-top.ts DIR/*.cpuprofile)
// Full runs warm each stage up first (--warmup S, default duration/6 up to 10 s), unmeasured.
//
// The mix, each request type driven by its own autocannon instance at the same time:
//   catalog read   GET  /v1/products?limit=20           public token (X-Service-Unauth-Token)
//   design save    POST /v1/designs                     public token, a text and a rect layer
//   design read    GET  /v1/designs/:id                 public token
//   key list       GET  /v1/designs?limit=20            secret API key (X-API-Key)
//   charged job    POST /v1/services/bg-remove          account JWT, a trickle (one every --trickle-ms),
//                  GET  /v1/services/bg-remove/:id      each followed (every 200 ms) until completed (local model, a
//                                                       local image server reached through FOLIO_FETCH_ALLOWLIST)
// Any answer other than the expected 2xx, a socket error, a timeout or a failed job is an error.
// Embedded: one `folio serve` (SQLite, in-process queue and workers). Scale-out: scripts/topology.mjs
// (2 × serve, 2 × worker, PostgreSQL, Redis, S3), each request type split over both API processes.
// PostgreSQL for the scale-out run: TOPOLOGY_DATABASE_URL or TEST_DATABASE_URL, else the local server.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import sharp from 'sharp';
import { ensureBuilt, freePort, startTopology } from '../scripts/topology.mjs';
import { startProcess } from './lib.mjs';

const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const opt = (name, fallback) => {
  const i = argv.indexOf(name);
  return i >= 0 && argv[i + 1] !== undefined ? argv[i + 1] : fallback;
};
const short = flag('--short');
const duration = Number(opt('--duration', short ? 5 : 60));
const mode = opt('--mode', 'both');
const connections = Number(opt('--connections', 40));
const trickleMs = Number(opt('--trickle-ms', short ? 1000 : 2000));
const jsonOut = opt('--json', null);
const profileDir = opt('--profile', null);
// Unmeasured load first (JIT, connection pools, the engine's model), except in --short mode.
// A request unanswered this long is an error (--short runs beside the whole test suite in CI).
const requestTimeoutS = Number(opt('--timeout', short ? 30 : 10));
const warmSeconds = Number(opt('--warmup', short ? 0 : Math.min(10, Math.ceil(duration / 6))));
if (!['both', 'embedded', 'scaleout'].includes(mode) || !(duration > 0) || !(connections >= 5)) {
  console.error('usage: node bench/load.mjs [--short] [--duration S] [--mode both|embedded|scaleout] [--connections N>=5] [--trickle-ms MS] [--json FILE]');
  process.exit(2);
}
const log = (line) => process.stderr.write(`[load] ${line}\n`);
const root = path.resolve(import.meta.dirname, '..');
const cliJs = path.join(root, 'dist', 'main', 'cli.js');
const plansFile = path.join(root, 'bench', 'plans-unlimited.json');
// Settings every Folio process gets, on both shapes; FOLIO_* variables in this script's own
// environment are passed on too and win (FOLIO_PG_PREPARED_STATEMENTS=0 node bench/load.mjs …).
const commonEnv = {
  FOLIO_PLANS_FILE: plansFile,
  FOLIO_SIGNUP_TOKENS: '1000000',
  FOLIO_FETCH_ALLOWLIST: '127.0.0.1',
  FOLIO_SCRYPT_COST: '10',
  FOLIO_WARMUP: 'true',
  ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('FOLIO_'))),
};

// ---- percentiles over every latency we saw ---------------------------------------------------

class Samples {
  constructor() {
    this.ms = [];
    this.errors = 0;
    this.firstErrors = [];
  }
  ok(ms) {
    this.ms.push(ms);
  }
  error(ms, what) {
    if (ms !== null) this.ms.push(ms);
    this.errors += 1;
    if (this.firstErrors.length < 5) this.firstErrors.push(what);
  }
  merge(other) {
    for (const v of other.ms) this.ms.push(v);
    this.errors += other.errors;
    this.firstErrors.push(...other.firstErrors.slice(0, 5 - this.firstErrors.length));
    return this;
  }
  summary(seconds) {
    const sorted = Float64Array.from(this.ms).sort();
    const pct = (p) => (sorted.length ? Math.round(sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] * 10) / 10 : null);
    return { requests: sorted.length, rps: Math.round((sorted.length / seconds) * 10) / 10, p50: pct(50), p99: pct(99), errors: this.errors, first_errors: this.firstErrors };
  }
}

/** One autocannon instance; every answer lands in `samples` (non-expected statuses are errors). */
function cannon(samples, { url, connections: conns, duration: seconds, requests, expect: expected }) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, connections: conns, duration: seconds, pipelining: 1, timeout: requestTimeoutS, requests }, (err, result) => (err ? reject(err) : resolve(result)));
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status === expected) samples.ok(ms);
      else samples.error(ms, `HTTP ${status}`);
    });
    instance.on('reqError', (err) => samples.error(null, err.code ?? err.message));
  });
}

// ---- CPU time of the processes under test (Linux /proc; robust to a shared machine) ----------

const TICK_MS = 10; // USER_HZ is 100 on Linux
function cpuMsOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(f[11]) + Number(f[12])) * TICK_MS; // utime + stime
  } catch {
    return null;
  }
}

/** Snapshot of each group's processes' CPU; `since()` gives the CPU seconds each group used since. */
async function cpuSnapshot(groups) {
  const before = {};
  for (const [name, pidsOf] of Object.entries(groups)) {
    before[name] = new Map();
    for (const pid of await pidsOf()) before[name].set(pid, cpuMsOf(pid));
  }
  return {
    async since() {
      const out = {};
      for (const [name, pidsOf] of Object.entries(groups)) {
        let ms = 0;
        let seen = false;
        for (const pid of await pidsOf()) {
          const a = before[name].get(pid);
          const b = cpuMsOf(pid);
          if (a === undefined || a === null || b === null) continue; // started or ended in between
          ms += b - a;
          seen = true;
        }
        out[name] = seen ? Math.round(ms) / 1000 : null;
      }
      return out;
    },
  };
}

// ---- a local image server for the charged jobs -----------------------------------------------

async function imageServer() {
  // A subject on a plain background: something for the model to cut out.
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#dfe7ef"/><circle cx="160" cy="120" r="70" fill="#c0392b"/></svg>';
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const server = http.createServer((_req, res) => res.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length }).end(png));
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}/subject.png`, close: () => new Promise((r) => server.close(r)) };
}

// ---- seeding through the API ------------------------------------------------------------------

async function api(base, method, url, { headers = {}, body } = {}) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    signal: AbortSignal.timeout(30_000),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${text.slice(0, 500)}`);
  return JSON.parse(text);
}

const textLayer = { type: 'textbox', left: 60, top: 80, width: 400, text: 'Hello print', fontFamily: 'Roboto', fontSize: 32, fill: '#112233' };
const rectLayer = { type: 'rect', left: 20, top: 20, width: 200, height: 120, fill: '#ffcc00' };

/** An account, an advanced-tier store with a product, a side, 20 designs and a secret API key. */
async function seed(base, setTier) {
  const signup = await api(base, 'POST', '/account', { body: { name: 'Load', email: `load-${Date.now()}-${Math.random().toString(36).slice(2)}@folio.local`, password: 'Load-pass-1!' } });
  const jwt = { authorization: `Bearer ${signup.data.access_token}` };
  const store = (await api(base, 'POST', '/stores?include=credentials', { headers: jwt, body: { store_name: 'Load store' } })).data;
  await setTier(store.id, 'advanced');
  const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
  const unauth = { 'x-service-unauth-token': store.unauth_token };
  const product = (await api(base, 'POST', '/products', { headers: basic, body: { name: 'Flyer A5', viewport_width: 600, viewport_height: 848 } })).data;
  for (let i = 0; i < 19; i++) await api(base, 'POST', '/products', { headers: basic, body: { name: `Product ${i}` } });
  const side = (await api(base, 'POST', '/sides', { headers: basic, body: { product_id: product.id, name: 'Front', width: 148, height: 210, dpi: 300 } })).data;
  const designBody = { side_id: side.id, layers: [rectLayer, textLayer], viewport_width: 600, viewport_height: 848 };
  const designs = [];
  for (let i = 0; i < 20; i++) designs.push((await api(base, 'POST', '/designs', { headers: unauth, body: designBody })).data.id);
  const key = (await api(base, 'POST', `/stores/${store.id}/api-keys`, { headers: basic, body: { name: 'load' } })).key;
  // Each route answers as expected before the clock starts.
  await api(base, 'GET', '/designs?limit=20', { headers: { 'x-api-key': key } });
  return { jwt, unauth, apiKey: { 'x-api-key': key }, designBody, designs };
}

// ---- one measured run -------------------------------------------------------------------------

/**
 * The mix against `bases` (…/v1 of each API process), for `seconds`. Returns per-type and
 * overall summaries; charged jobs are followed to completion (up to 120 s after the load).
 */
async function mix(bases, s, image, seconds, cpuGroups = {}) {
  const cpu = await cpuSnapshot(cpuGroups);
  const types = {
    'catalog read (public token)': { weight: 3, expect: 200, requests: [{ method: 'GET', path: '/v1/products?limit=20', headers: s.unauth }] },
    'design save (public token)': { weight: 2, expect: 201, requests: [{ method: 'POST', path: '/v1/designs', headers: { ...s.unauth, 'content-type': 'application/json' }, body: JSON.stringify(s.designBody) }] },
    'design read (public token)': { weight: 3, expect: 200, requests: s.designs.map((id) => ({ method: 'GET', path: `/v1/designs/${id}`, headers: s.unauth })) },
    'design list (API key)': { weight: 2, expect: 200, requests: [{ method: 'GET', path: '/v1/designs?limit=20', headers: s.apiKey }] },
  };
  const totalWeight = Object.values(types).reduce((a, t) => a + t.weight, 0);
  const samples = Object.fromEntries(Object.keys(types).map((k) => [k, new Samples()]));
  const runs = [];
  for (const [name, t] of Object.entries(types)) {
    const conns = Math.max(1, Math.round((connections * t.weight) / totalWeight / bases.length));
    for (const base of bases) {
      // autocannon takes the origin from url; paths carry /v1.
      runs.push(cannon(samples[name], { url: new URL(base).origin, connections: conns, duration: seconds, requests: t.requests, expect: t.expect }));
    }
  }

  // The trickle of charged jobs: create, then follow each to its end.
  const jobs = new Samples();
  const jobTimes = new Samples();
  const polls = new Samples();
  const follows = [];
  let n = 0;
  const trickle = setInterval(() => {
    const base = bases[n++ % bases.length];
    const t0 = performance.now();
    const follow = (async () => {
      let created;
      try {
        created = await api(base, 'POST', '/services/bg-remove', { headers: s.jwt, body: { image_url: image.url } });
        jobs.ok(performance.now() - t0);
      } catch (err) {
        jobs.error(performance.now() - t0, err.message);
        return;
      }
      const deadline = Date.now() + seconds * 1000 + 120_000;
      for (;;) {
        await new Promise((r) => setTimeout(r, 200));
        const p0 = performance.now();
        const job = await api(base, 'GET', `/services/bg-remove/${created.job_id}`, { headers: s.jwt }).catch((err) => ({ error: err.message }));
        if (job.error) polls.error(performance.now() - p0, job.error);
        else polls.ok(performance.now() - p0);
        if (job.status === 'completed') return jobTimes.ok(performance.now() - t0);
        if (job.status === 'failed' || job.error || Date.now() > deadline) return jobTimes.error(null, `job ${created.job_id}: ${JSON.stringify(job).slice(0, 300)}`);
      }
    })();
    follows.push(follow);
  }, trickleMs);

  await Promise.all(runs);
  clearInterval(trickle);
  await Promise.all(follows);

  const out = {};
  const overall = new Samples();
  for (const [name, smp] of Object.entries(samples)) {
    out[name] = smp.summary(seconds);
    overall.merge(smp);
  }
  out['charged job: create (JWT)'] = jobs.summary(seconds);
  out['charged job: status (JWT)'] = polls.summary(seconds);
  out['charged job: create → completed'] = jobTimes.summary(seconds);
  overall.merge(jobs);
  overall.merge(polls);
  const totals = overall.summary(seconds);
  totals.errors += jobTimes.errors;
  out.overall = totals;
  // CPU seconds each part used over the run (the trickle's jobs included), and per request.
  const used = await cpu.since();
  out.cpu = { seconds: used, ms_per_request: Object.fromEntries(Object.entries(used).map(([k, v]) => [k, v === null || totals.requests === 0 ? null : Math.round((v * 1000 * 100) / totals.requests) / 100])) };
  return out;
}

async function warmUp(bases, s, image) {
  if (warmSeconds <= 0) return;
  log(`warming up for ${warmSeconds} s (not measured)`);
  const r = await mix(bases, s, image, warmSeconds);
  if (r.overall.errors > 0) log(`warm-up errors: ${r.overall.errors}`);
}

async function baseline(seconds) {
  const bare = await startProcess(process.execPath, [path.join(root, 'bench/servers/bare-fastify.mjs')], { PORT: '0' });
  try {
    if (warmSeconds > 0) await cannon(new Samples(), { url: bare.url, connections, duration: warmSeconds, requests: [{ method: 'GET', path: '/hello' }], expect: 200 });
    const smp = new Samples();
    const cpu = await cpuSnapshot({ 'bare Fastify': async () => [bare.pid] });
    await cannon(smp, { url: bare.url, connections, duration: seconds, requests: [{ method: 'GET', path: '/hello' }], expect: 200 });
    const out = smp.summary(seconds);
    const used = (await cpu.since())['bare Fastify'];
    out.cpu = { seconds: { 'bare Fastify': used }, ms_per_request: { 'bare Fastify': used === null ? null : Math.round((used * 1e6) / out.requests) / 1000 } };
    return out;
  } finally {
    await bare.stop();
  }
}

async function embedded(image, seconds) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-load-'));
  const port = await freePort();
  const env = { ...commonEnv, PORT: String(port), HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', DATABASE_URL: '', REDIS_URL: '', STORAGE_URL: '' };
  const profile = profileDir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(profileDir)}`] : [];
  const folio = await startProcess(process.execPath, [...profile, cliJs, 'serve'], env);
  try {
    const base = `${folio.url}/v1`;
    const setTier = (id, tier) => promisify(execFile)(process.execPath, [cliJs, 'store', 'plan', '--store', id, '--tier', tier], { env: { ...process.env, ...env } });
    const s = await seed(base, setTier);
    await warmUp([base], s, image);
    log(`embedded: seeded; ${seconds} s of load`);
    return await mix([base], s, image, seconds, { 'folio serve (API, workers, SQLite)': async () => [folio.pid] });
  } finally {
    await folio.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function scaleout(image, seconds) {
  const topo = await startTopology({ env: commonEnv, log: (l) => log(`topology: ${l}`) });
  try {
    const setTier = (id, tier) =>
      promisify(execFile)(process.execPath, [cliJs, 'store', 'plan', '--store', id, '--tier', tier], { env: { ...topo.env, FOLIO_DATA_DIR: path.join(topo.dir, 'data', 'cli'), LOG_LEVEL: 'warn' } });
    const s = await seed(topo.urls[0], setTier);
    await warmUp(topo.urls, s, image);
    log(`scale-out: seeded; ${seconds} s of load over ${topo.urls.length} API processes`);
    const pg = (await import('pg')).default;
    const backends = async () => {
      const client = new pg.Client({ connectionString: topo.databaseUrl });
      await client.connect();
      try {
        return (await client.query('select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [topo.databaseName])).rows.map((r) => r.pid);
      } finally {
        await client.end();
      }
    };
    return await mix(topo.urls, s, image, seconds, {
      'folio serve ×2 (API)': async () => topo.apis.map((a) => a.pid),
      'folio worker ×2': async () => topo.workers.map((w) => w.pid),
      'PostgreSQL backends': backends,
      'Redis': async () => [topo.redis.pid],
    });
  } finally {
    await topo.stop();
  }
}

function print(title, results, base) {
  console.log(`\n${title}`);
  console.log(`${'request type'.padEnd(34)} ${'req/s'.padStart(8)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'errors'.padStart(7)} ${'count'.padStart(8)}  ratio to hello-world`);
  for (const [name, r] of Object.entries(results)) {
    if (name === 'cpu') continue;
    const ratio = name === 'overall' || name === 'bare Fastify hello-world' ? (r.rps / base.rps).toFixed(3) : '';
    console.log(`${name.padEnd(34)} ${String(r.rps).padStart(8)} ${String(r.p50).padStart(8)} ${String(r.p99).padStart(8)} ${String(r.errors).padStart(7)} ${String(r.requests).padStart(8)}  ${ratio}`);
    for (const e of r.first_errors ?? []) console.log(`    error: ${e}`);
  }
  if (results.cpu && results.cpu.seconds && !('bare Fastify' in results.cpu.seconds)) {
    console.log('CPU used over the run (s), and per request (ms):');
    for (const [k, v] of Object.entries(results.cpu.seconds)) console.log(`  ${k.padEnd(36)} ${String(v).padStart(8)} s  ${String(results.cpu.ms_per_request[k]).padStart(7)} ms/request`);
  }
}

if (ensureBuilt()) log('built dist/');
const image = await imageServer();
const report = { duration_s: duration, connections, trickle_ms: trickleMs, cores: os.cpus().length, node: process.version, at: new Date().toISOString() };
let errors = 0;
try {
  log(`baseline: bare Fastify hello-world, ${duration} s, ${connections} connections`);
  report.baseline = await baseline(duration);
  print('bare Fastify hello-world (baseline)', { 'bare Fastify hello-world': report.baseline }, report.baseline);
  console.log(`CPU per request: ${report.baseline.cpu.ms_per_request['bare Fastify']} ms`);
  errors += report.baseline.errors;
  for (const m of mode === 'both' ? ['embedded', 'scaleout'] : [mode]) {
    const results = m === 'embedded' ? await embedded(image, duration) : await scaleout(image, duration);
    report[m] = results;
    results.overall.ratio_to_baseline = Math.round((results.overall.rps / report.baseline.rps) * 1000) / 1000;
    // On a shared machine throughput follows the neighbours; CPU per request does not.
    const folioCpu = Object.values(results.cpu.seconds).reduce((a, v) => a + (v ?? 0), 0);
    const helloMs = report.baseline.cpu.ms_per_request['bare Fastify'];
    results.cpu.total_ms_per_request = results.overall.requests ? Math.round((folioCpu * 1e5) / results.overall.requests) / 100 : null;
    results.cpu.ratio_to_baseline = helloMs && results.cpu.total_ms_per_request ? Math.round((results.cpu.total_ms_per_request / helloMs) * 10) / 10 : null;
    print(m === 'embedded' ? 'embedded: 1 × folio serve, SQLite' : 'scale-out: 2 × folio serve + 2 × folio worker, PostgreSQL, Redis, S3', results, report.baseline);
    errors += results.overall.errors;
    console.log(`CPU per request, all parts: ${results.cpu.total_ms_per_request} ms = ${results.cpu.ratio_to_baseline} × the hello-world's ${report.baseline.cpu.ms_per_request['bare Fastify']} ms`);
  }
} finally {
  await image.close();
}
console.log(`\n${duration} s per stage, ${connections} connections, ${os.cpus().length} cores, node ${process.version}; errors: ${errors}`);
if (jsonOut) fs.writeFileSync(jsonOut, `${JSON.stringify(report, null, 2)}\n`);
process.exit(errors === 0 ? 0 : 1);
