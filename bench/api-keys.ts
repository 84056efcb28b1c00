/**
 * API key authentication overhead: requests/s on one list route, GET /v1/stores/:store/api-keys,
 * authenticated with the store key (HTTP Basic, the baseline) and with an sk_live_ API key,
 * in one run on one server. Target: the API key path within 10% of the store key path.
 *
 *   npx tsx bench/api-keys.ts [--duration 10] [--connections 50] [--rounds 1] [--no-cache]
 *
 * --no-cache turns the verified-key cache off, so every API key request reads its key
 * from the database like the store key does (the worst case for the key path).
 *
 * The server runs in this process on an ephemeral port with a temp data dir (SQLite, or
 * DATABASE_URL / REDIS_URL when set); autocannon runs as a separate process so the load
 * generator does not share the server's event loop. Rounds alternate the two paths.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runAutocannon, type AutocannonResult } from './autocannon-cli.js';
import { loadConfig } from '../src/config/index.js';
import { createServer } from '../src/main/server.js';
import { loadPlanTable } from '../src/modules/plans/plans.service.js';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] ? Number(process.argv[i + 1]) : fallback;
}

const duration = arg('duration', 10);
const connections = arg('connections', 50);
const rounds = arg('rounds', 1);
const noCache = process.argv.includes('--no-cache');


/** autocannon in its own process; the server's CPU time over the run comes back with it. */
async function measure(url: string, headers: Record<string, string>, seconds: number): Promise<AutocannonResult & { cpuUsPerRequest: number }> {
  const before = process.cpuUsage();
  const r = await runAutocannon(url, headers, seconds, connections);
  const used = process.cpuUsage(before);
  const total = r.requests.average * seconds;
  return { ...r, cpuUsPerRequest: (used.user + used.system) / Math.max(1, total) };
}


async function main(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ ...process.env, FOLIO_DATA_DIR: dataDir, HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10' });
  // The per-principal limiter (1000/min) would answer 429 within a second: lift it for the bench.
  const plans = loadPlanTable(config.plansFile);
  plans.quotas.requests_per_minute = Object.fromEntries(plans.tiers.map((t) => [t, 1_000_000_000]));
  const { app, deps } = await createServer(config, { plans, ...(noCache ? { apiKeys: { cacheTtlMs: 0 } } : {}) }, false);
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const post = async (url: string, body: unknown, headers: Record<string, string> = {}) => {
      const res = await fetch(`${base}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
      return (await res.json()) as { data: any; key?: string };
    };
    const signup = await post('/v1/account', { name: 'Bench', email: `bench-${Date.now()}@example.test`, password: 'Bench-Pass-1!' });
    const jwt = { authorization: `Bearer ${signup.data.access_token}` };
    const store = (await post('/v1/stores?include=credentials', { store_name: 'Bench store' }, jwt)).data;
    await deps.stores.setTier(store.id, 'advanced');
    const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
    const key = (await post(`/v1/stores/${store.id}/api-keys`, { name: 'bench' }, basic)).key!;
    const apiKey = { authorization: `Bearer ${key}` };
    const url = `${base}/v1/stores/${store.id}/api-keys`;

    console.log(`folio bench: GET /v1/stores/:store/api-keys, ${connections} connections, ${duration} s per run, ${rounds} round(s), database ${deps.database.dialect}${deps.redis ? ' + redis' : ''}, key cache ${noCache ? 'off' : 'on'}`);
    // Warm both paths (JIT, caches, connection pools) before measuring.
    await runAutocannon(url, basic, 2, connections);
    await runAutocannon(url, apiKey, 2, connections);

    type Measured = Awaited<ReturnType<typeof measure>>;
    const totals = { basic: [] as Measured[], key: [] as Measured[] };
    for (let r = 0; r < rounds; r++) {
      totals.basic.push(await measure(url, basic, duration));
      totals.key.push(await measure(url, apiKey, duration));
    }
    const summary = (rs: Measured[]) => ({
      rps: rs.reduce((s, r) => s + r.requests.average, 0) / rs.length,
      p50: rs.reduce((s, r) => s + r.latency.p50, 0) / rs.length,
      p99: rs.reduce((s, r) => s + r.latency.p99, 0) / rs.length,
      cpu: rs.reduce((s, r) => s + r.cpuUsPerRequest, 0) / rs.length,
      bad: rs.reduce((s, r) => s + r.non2xx + r.errors, 0),
    });
    const b = summary(totals.basic);
    const k = summary(totals.key);
    const row = (name: string, s: ReturnType<typeof summary>) =>
      console.log(`${name.padEnd(22)} ${s.rps.toFixed(0).padStart(8)} req/s   p50 ${s.p50.toFixed(1).padStart(6)} ms   p99 ${s.p99.toFixed(1).padStart(6)} ms   server CPU ${s.cpu.toFixed(0).padStart(4)} µs/req   non-2xx/errors ${s.bad}`);
    row('store key (Basic)', b);
    row('API key (sk_live_)', k);
    const ratio = k.rps / b.rps;
    console.log(`ratio API key / store key: ${ratio.toFixed(3)} (target >= 0.90: ${ratio >= 0.9 ? 'met' : 'NOT met'}); CPU per request ${(k.cpu / b.cpu).toFixed(3)}`);
    await deps.apiKeys.audit.flush();
    const events = await deps.database.db.selectFrom('api_key_events').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    console.log(`audit events written: ${Number(events.n)}`);
    if (b.bad > 0 || k.bad > 0) process.exitCode = 1;
  } finally {
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
