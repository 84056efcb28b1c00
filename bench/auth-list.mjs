// Authenticated request cost against a bare Fastify hello-world, measured in one run.
//   npm run build && node bench/auth-list.mjs [--duration 10]
// Folio runs from dist/ (the production build) on a temp SQLite data dir, in its own
// process; autocannon drives each server in turn with 50 connections.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import { load, row, startProcess } from './lib.mjs';

const duration = Number(process.argv[process.argv.indexOf('--duration') + 1]) || 10;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));

const bare = await startProcess(process.execPath, ['bench/servers/bare-fastify.mjs'], { PORT: '0' });
const folio = await startProcess(process.execPath, ['dist/main/cli.js', 'serve'], {
  PORT: '18931', HOST: '127.0.0.1', FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn', FOLIO_PLANS_FILE: 'bench/plans-unlimited.json',
}).catch(async (e) => { await bare.stop(); throw e; });
const base = 'http://127.0.0.1:18931/v1';

async function json(method, url, body, headers = {}) {
  const res = await fetch(url, { method, headers: { 'content-type': 'application/json', ...headers }, body: body ? JSON.stringify(body) : undefined });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return res.json();
}

try {
  const email = `bench-${Date.now()}@folio.local`;
  const signup = await json('POST', `${base}/account`, { name: 'Bench', email, password: 'Bench-pass-1!' });
  const jwt = { authorization: `Bearer ${signup.data.access_token}` };
  let store;
  for (let i = 0; i < 25; i++) store = (await json('POST', `${base}/stores?include=credentials`, { store_name: `Bench store ${i}` }, jwt)).data;
  const basic = { authorization: `Basic ${Buffer.from(`${store.sid}:${store.secret}`).toString('base64')}` };
  // API keys need the advanced plan; the keys list is the store key's list route.
  execFileSync(process.execPath, ['dist/main/cli.js', 'store', 'plan', '--store', store.id, '--tier', 'advanced'], {
    env: { ...process.env, FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  });
  for (let i = 0; i < 20; i++) await json('POST', `${base}/stores/${store.id}/api-keys`, { name: `key ${i}` }, basic);

  const results = [];
  const hello = await load(`${bare.url}/hello`, { duration });
  results.push(row('bare Fastify hello-world (baseline)', hello));
  results.push(row('GET /v1/health (no auth)', await load(`${base}/health`, { duration }), hello));
  results.push(row('GET /v1/stores/:id/api-keys (store key, list of 20)', await load(`${base}/stores/${store.id}/api-keys?limit=20`, { duration, headers: basic }), hello));
  results.push(row('GET /v1/stores/store-details (store key)', await load(`${base}/stores/store-details`, { duration, headers: basic }), hello));
  results.push(row('GET /v1/stores?limit=20 (account JWT, list)', await load(`${base}/stores?limit=20`, { duration, headers: jwt }), hello));
  console.log(`\nFolio auth/list bench: ${duration}s per run, 50 connections, ${os.cpus().length} cores, node ${process.version}\n`);
  for (const line of results) console.log(line);
} finally {
  await folio.stop();
  await bare.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
