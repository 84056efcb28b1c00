/**
 * What metrics cost: requests/s on an authenticated list route, GET /v1/products?limit=20
 * with a store key (20 products in the store), on two servers built alike except for
 * FOLIO_METRICS (true / false), in one run. Target: metrics on at most 3% slower.
 *
 *   npx tsx bench/metrics.ts [--duration 10] [--connections 50] [--rounds 5] [--scrape-ms 5000] [--json FILE]
 *
 * Each server runs in a process of its own (so the metrics server's process collectors,
 * event-loop monitor included, cannot slow the other one), on an ephemeral port with a temp
 * data dir (SQLite, or DATABASE_URL / REDIS_URL when set). autocannon runs as a third
 * process. Rounds alternate the order (on-off, off-on, …); the medians are compared. While
 * the metrics server is loaded it is scraped every --scrape-ms, as Prometheus would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import { runAutocannon } from './autocannon-cli.js';
import { cpuSeconds } from './process-cpu.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}
function strArg(name: string): string | null {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? process.argv[i + 1]! : null;
}

const METRICS_TOKEN = 'bench-metrics-token-0123456789';

interface Ready {
  url: string;
  headers: Record<string, string>;
  pid: number;
}

/** The child: one server, metrics on or off, a store with 20 products; prints where it listens. */
async function serve(mode: 'on' | 'off'): Promise<void> {
  const { loadConfig } = await import('../src/config/index.js');
  const { createServer } = await import('../src/main/server.js');
  const { loadPlanTable } = await import('../src/modules/plans/plans.service.js');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `folio-bench-metrics-${mode}-`));
  const config = loadConfig({
    ...process.env,
    FOLIO_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'silent',
    FOLIO_SCRYPT_COST: '10',
    FOLIO_WARMUP: 'false',
    FOLIO_REDIS_PREFIX: `folio-bench-metrics-${mode}-${process.pid}:`,
    FOLIO_METRICS: mode === 'on' ? 'true' : 'false',
    FOLIO_METRICS_TOKEN: METRICS_TOKEN,
  });
  // The per-principal limiter (1000/min) would answer 429 within a second: lift it for the bench.
  const plans = loadPlanTable(config.plansFile);
  plans.quotas.requests_per_minute = Object.fromEntries(plans.tiers.map((t) => [t, 1_000_000_000]));
  const { app } = await createServer(config, { plans }, false);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });
  const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
    if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
    return (await res.json()) as { data: any };
  };
  const signup = await post('/v1/account', { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
  const store = (await post('/v1/stores?include=credentials', { store_name: 'Bench store' }, { authorization: `Bearer ${signup.data.access_token}` })).data;
  const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
  for (let i = 0; i < 20; i++) await post('/v1/products', { name: `Poster ${i}` }, basic);
  const shutdown = () => {
    void app.close().finally(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
      process.exit(0);
    });
  };
  process.once('SIGTERM', shutdown);
  process.stdin.on('end', shutdown); // the parent died
  process.stdin.resume();
  const ready: Ready = { url: `${base}/v1/products?limit=20`, headers: basic, pid: process.pid };
  process.stdout.write(`${JSON.stringify(ready)}\n`);
}

function startChild(mode: 'on' | 'off'): Promise<{ child: ChildProcess; ready: Ready }> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), '--serve', mode], { stdio: ['pipe', 'pipe', 'inherit'], env: process.env });
  return new Promise((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout! });
    lines.once('line', (line) => resolve({ child, ready: JSON.parse(line) as Ready }));
    child.once('exit', (code) => reject(new Error(`the metrics-${mode} server exited with ${code}`)));
  });
}


/**
 * The recording cost alone, free of the load's noise: ns per http_request_duration_seconds
 * observation (the one thing metrics add to every request besides the onResponse hook).
 */
async function observeCostNs(): Promise<number> {
  const { Metrics } = await import('../src/platform/metrics/metrics.js');
  const { httpObserver } = await import('../src/platform/metrics/http.js');
  const observe = httpObserver(new Metrics({ enabled: true, defaultMetrics: false }));
  const routes = ['/v1/products', '/v1/products/:id', '/v1/designs', undefined];
  const n = 500_000;
  let best = Infinity;
  for (let round = 0; round < 3; round++) {
    const t0 = process.hrtime.bigint();
    for (let i = 0; i < n; i++) observe('GET', routes[i & 3], i % 7 === 0 ? 404 : 200, (i % 97) / 1000);
    best = Math.min(best, Number(process.hrtime.bigint() - t0) / n);
  }
  return best;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

async function main(): Promise<void> {
  const duration = arg('duration', 10);
  const connections = arg('connections', 50);
  const rounds = arg('rounds', 5);
  const scrapeMs = arg('scrape-ms', 5000);
  const jsonOut = strArg('json');
  const servers = { on: await startChild('on'), off: await startChild('off') };
  try {
    const dialect = process.env.DATABASE_URL ? 'postgres' : 'sqlite';
    console.log(
      `folio bench: GET /v1/products?limit=20 (store key, 20 products), metrics on vs off, ${connections} connections, ${duration} s per run, ${rounds} rounds, database ${dialect}${process.env.REDIS_URL ? ' + redis' : ''}, scrape every ${scrapeMs} ms; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
    );
    // Warm both (JIT, statement caches) before measuring.
    for (const s of Object.values(servers)) await runAutocannon(s.ready.url, s.ready.headers, 3, connections);

    type Run = { rps: number; p50: number; p99: number; cpuUsPerReq: number | null; bad: number };
    const runs: Record<'on' | 'off', Run[]> = { on: [], off: [] };
    let scrapes = 0;
    const measure = async (mode: 'on' | 'off') => {
      const { ready } = servers[mode];
      const metricsUrl = new URL('/metrics', ready.url).toString();
      const timer =
        mode === 'on'
          ? setInterval(() => {
              void fetch(metricsUrl, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } }).then(async (r) => {
                if (r.status !== 200) throw new Error(`scrape answered ${r.status}`);
                await r.text();
                scrapes++;
              });
            }, scrapeMs)
          : null;
      const cpu0 = cpuSeconds(ready.pid);
      const r = await runAutocannon(ready.url, ready.headers, duration, connections);
      const cpu1 = cpuSeconds(ready.pid);
      if (timer) clearInterval(timer);
      const total = r.requests.average * duration;
      runs[mode].push({
        rps: r.requests.average,
        p50: r.latency.p50,
        p99: r.latency.p99,
        cpuUsPerReq: cpu0 !== null && cpu1 !== null ? ((cpu1 - cpu0) * 1e6) / Math.max(1, total) : null,
        bad: r.non2xx + r.errors,
      });
      const last = runs[mode].at(-1)!;
      console.log(`  round ${runs[mode].length} metrics ${mode.padEnd(3)} ${last.rps.toFixed(0).padStart(7)} req/s  p50 ${last.p50.toFixed(1)} ms  p99 ${last.p99.toFixed(1)} ms`);
    };
    for (let i = 0; i < rounds; i++) {
      const order: Array<'on' | 'off'> = i % 2 === 0 ? ['on', 'off'] : ['off', 'on'];
      for (const mode of order) await measure(mode);
    }

    // A scrape after the load: the HTTP series the bench produced are there.
    const text = await (await fetch(new URL('/metrics', servers.on.ready.url), { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
    const countLine = text.split('\n').find((l) => l.startsWith('http_request_duration_seconds_count{') && l.includes('route="/v1/products"') && l.includes('status_code="200"'));

    const summary = (rs: Run[]) => ({
      rps: median(rs.map((r) => r.rps)),
      p50: median(rs.map((r) => r.p50)),
      p99: median(rs.map((r) => r.p99)),
      cpuUsPerReq: rs.every((r) => r.cpuUsPerReq !== null) ? median(rs.map((r) => r.cpuUsPerReq!)) : null,
      bad: rs.reduce((s, r) => s + r.bad, 0),
    });
    const on = summary(runs.on);
    const off = summary(runs.off);
    const row = (name: string, s: ReturnType<typeof summary>) =>
      console.log(
        `${name.padEnd(12)} ${s.rps.toFixed(0).padStart(8)} req/s (median)   p50 ${s.p50.toFixed(1).padStart(5)} ms   p99 ${s.p99.toFixed(1).padStart(5)} ms   server CPU ${s.cpuUsPerReq === null ? '   ?' : s.cpuUsPerReq.toFixed(0).padStart(4)} µs/req   non-2xx/errors ${s.bad}`,
      );
    row('metrics off', off);
    row('metrics on', on);
    const ratio = on.rps / off.rps;
    const slower = (1 - ratio) * 100;
    console.log(`ratio on / off: ${ratio.toFixed(3)} (${slower >= 0 ? `${slower.toFixed(1)}% slower` : `${(-slower).toFixed(1)}% faster`}; target at most 3% slower: ${slower <= 3 ? 'met' : 'NOT met'})`);
    console.log(`scrapes during the load: ${scrapes}; after it: ${countLine ?? 'no list-route series (unexpected)'}`);
    const ns = await observeCostNs();
    const share = off.cpuUsPerReq ? (ns / 1000 / off.cpuUsPerReq) * 100 : null;
    console.log(`one histogram observation: ${ns.toFixed(0)} ns${share === null ? '' : ` = ${share.toFixed(2)}% of the server's CPU per request (metrics off)`}`);
    if (jsonOut) {
      fs.writeFileSync(jsonOut, `${JSON.stringify({ route: 'GET /v1/products?limit=20', connections, duration, rounds, dialect, on, off, ratio, observeNs: ns, runs, loadavg: os.loadavg() }, null, 2)}\n`);
    }
    if (on.bad > 0 || off.bad > 0 || !countLine) process.exitCode = 1;
  } finally {
    for (const s of Object.values(servers)) s.child.kill('SIGTERM');
  }
}

const serveMode = strArg('serve');
(serveMode === 'on' || serveMode === 'off' ? serve(serveMode) : main()).catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
