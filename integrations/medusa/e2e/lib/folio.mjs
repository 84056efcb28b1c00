// A real Folio for the e2e: the repository's own server (`folio serve` from src/ through tsx,
// so it is the checked-out code), on its own port with a temporary data dir (SQLite, local
// blobs) and FOLIO_FETCH_ALLOWLIST letting it reach the local Medusa. Plus the API calls a
// merchant's set-up makes: an account, a store, a product with its side, a shopper's design.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PLUGIN_DIR } from './medusa.mjs';

export const FOLIO_ROOT = path.resolve(PLUGIN_DIR, '..', '..');

export async function startFolio({ port }) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-medusa-e2e-'));
  const url = `http://127.0.0.1:${port}`;
  let out = '';
  // the embedded stack: no PostgreSQL, Redis or S3 from the caller's environment
  const { DATABASE_URL: _d, REDIS_URL: _r, STORAGE_URL: _s, ...inherited } = process.env;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main/cli.ts', 'serve'], {
    cwd: FOLIO_ROOT,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      FOLIO_PUBLIC_URL: url,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_FETCH_ALLOWLIST: '127.0.0.1,localhost',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout.on('data', (c) => (out = (out + c).slice(-100_000)));
  child.stderr.on('data', (c) => (out = (out + c).slice(-100_000)));
  const until = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`folio serve exited ${child.exitCode}:\n${out.slice(-4000)}`);
    const ok = await fetch(`${url}/v1/ready`).then((r) => r.ok, () => false);
    if (ok) break;
    if (Date.now() > until) throw new Error(`Folio did not get ready:\n${out.slice(-4000)}`);
    await new Promise((r) => setTimeout(r, 300));
  }
  return {
    url,
    logs: () => out,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        process.kill(-child.pid, 'SIGTERM');
        const t = setTimeout(() => child.exitCode === null && process.kill(-child.pid, 'SIGKILL'), 10_000);
        await exited;
        clearTimeout(t);
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A JSON client for one credential: {bearer} (account JWT), {basic: [sid, secret]} or {publicToken}. */
export function folioClient(base, cred) {
  const auth = cred.bearer
    ? { authorization: `Bearer ${cred.bearer}` }
    : cred.basic
      ? { authorization: `Basic ${Buffer.from(cred.basic.join(':')).toString('base64')}` }
      : { 'x-service-unauth-token': cred.publicToken };
  return async (method, p, body) => {
    const res = await fetch(`${base}${p}`, {
      method,
      headers: { ...auth, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    const json = await res.json().catch(() => null);
    if (!res.ok) throw new Error(`Folio ${method} ${p} → ${res.status} ${JSON.stringify(json)}`);
    return json.data;
  };
}

/** Account, store, product, its side, and a shopper's design. */
export async function merchantSetUp(folioUrl) {
  const account = await fetch(`${folioUrl}/v1/account`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Grace Hopper', email: `grace+${Date.now()}@example.com`, password: 'Corr3ct-Horse!' }),
  }).then((r) => r.json());
  const jwt = account.data.access_token;
  const asAccount = folioClient(folioUrl, { bearer: jwt });
  const store = await asAccount('POST', '/v1/stores?include=credentials', { store_name: 'Hopper Prints' });
  const asStore = folioClient(folioUrl, { basic: [store.sid, store.secret] });
  const shopper = folioClient(folioUrl, { publicToken: store.unauth_token });
  const product = await asStore('POST', '/v1/products', { name: 'Business cards', dimension_unit: 'inch', dpi: 300 });
  const side = await asStore('POST', '/v1/sides', {
    product_id: product.id, name: 'Front', width: 3.5, height: 2,
    bleed: { top: 0.125, right: 0.125, bottom: 0.125, left: 0.125 },
    safe_zone: { top: 0.125, right: 0.125, bottom: 0.125, left: 0.125 },
  });
  const design = await shopper('POST', '/v1/designs', {
    side_id: side.id, viewport_width: 1050, viewport_height: 600,
    layers: [{ type: 'textbox', text: 'Grace Hopper', left: 80, top: 260, width: 700, fontSize: 56, fontFamily: 'Open Sans', fill: '#1d3557' }],
  });
  return { jwt, store, product, side, design, asAccount, asStore, shopper };
}
