import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { main, type CliIo } from '../../src/main/cli.js';
import { VERSION } from '../../src/main/deps.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { as, createStore } from '../helpers/factories.js';
import { freePort } from '../helpers/ports.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-'));
const databaseUrl = inject('databaseUrl');
const baseEnv: Record<string, string> = {
  FOLIO_DATA_DIR: dataDir,
  FOLIO_SCRYPT_COST: '10',
  FOLIO_PUBLIC_URL: 'http://folio.test',
  LOG_LEVEL: 'silent',
  ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
};

interface Run {
  code: number;
  out: string[];
  err: string[];
  /** the JSON document printed by --json */
  json(): any;
}

async function run(argv: string[], env: Record<string, string> = {}): Promise<Run> {
  const out: string[] = [];
  const err: string[] = [];
  const io: CliIo = { out: (l) => out.push(l), err: (l) => err.push(l), env: { ...baseEnv, ...env } };
  const code = await main(argv, io);
  return { code, out, err, json: () => JSON.parse(out.join('\n')) };
}

const email = () => `cli-${Math.random().toString(36).slice(2)}@example.test`;
const PASSWORD = 'Cl1-Passw0rd!';

// An app over the same data dir (secrets) and database, as `npm start` would run beside the CLI.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FOLIO_DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('folio (in-process)', () => {
  it('migrate --json reports the database and its migrations', async () => {
    const r = await run(['migrate', '--json']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.json()).toEqual({ database: databaseUrl ? 'postgres' : 'sqlite', migrations: expect.arrayContaining(['0001-foundation']) });
    // Running it again is harmless.
    expect((await run(['migrate', '--json'])).code).toBe(0);
  });

  it('account create --json makes an account that can sign in', async () => {
    const address = email();
    const r = await run(['account', 'create', '--email', address, '--password', PASSWORD, '--name', 'Cli User', '--json']);
    expect(r.code, r.err.join('\n')).toBe(0);
    const created = r.json();
    expect(created).toEqual({ id: expect.any(String), tokens: 50, email: address, name: 'Cli User' });
    expect(r.out.join('\n')).not.toContain(PASSWORD);
    const signIn = await t.app.inject({ method: 'POST', url: '/v1/account/signIn', payload: { email: address, password: PASSWORD } });
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().data.user.id).toBe(created.id);
  });

  it('account create prints readable lines without --json', async () => {
    const address = email();
    const r = await run(['account', 'create', '--email', address, '--password', PASSWORD]);
    expect(r.code).toBe(0);
    expect(r.out).toContain(`email: ${address}`);
  });

  it('account create refuses a weak password, a taken e-mail and missing options', async () => {
    const weak = await run(['account', 'create', '--email', email(), '--password', 'weakpass', '--json']);
    expect(weak.code).toBe(1);
    expect(weak.out).toEqual([]);
    const message = weak.err.join('\n');
    expect(message).toMatch(/^error: Invalid input: password /);
    expect(message).toMatch(/must contain an upper-case letter/);
    expect(message).toMatch(/must contain a digit/);

    const address = email();
    expect((await run(['account', 'create', '--email', address, '--password', PASSWORD])).code).toBe(0);
    const taken = await run(['account', 'create', '--email', address.toUpperCase(), '--password', PASSWORD]);
    expect(taken.code).toBe(1);
    expect(taken.err.join('\n')).toMatch(/email has already been taken/);

    // The CLI skips the HTTP schema; the service still refuses what the API would.
    const notEmail = await run(['account', 'create', '--email', 'not-an-email', '--password', PASSWORD]);
    expect(notEmail.code).toBe(1);
    expect(notEmail.err.join('\n')).toMatch(/email must be an e-mail address/);
    const blank = await run(['account', 'create', '--email', email(), '--password', PASSWORD, '--name', '   ']);
    expect(blank.code).toBe(1);
    expect(blank.err.join('\n')).toMatch(/name must not be blank/);
    const long = await run(['account', 'create', '--email', email(), '--password', PASSWORD, '--name', 'x'.repeat(256)]);
    expect(long.code).toBe(1);

    const missing = await run(['account', 'create', '--email', email()]);
    expect(missing.code).not.toBe(0);
    expect(missing.err.join('\n')).toMatch(/--password/);
  });

  it("store plan --json changes a store's tier, which the API then reports", async () => {
    const store = await createStore(t.app);
    const r = await run(['store', 'plan', '--store', store.id, '--tier', 'advanced', '--json']);
    expect(r.code, r.err.join('\n')).toBe(0);
    expect(r.json()).toEqual({ id: store.id, name: expect.any(String), tier: 'advanced' });
    const caps = await t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(store) });
    expect(caps.json().data.entitlement).toMatchObject({ tier: 'advanced', capabilities: { api_keys: true } });
  });

  it('store plan refuses an unknown tier and an unknown store', async () => {
    const store = await createStore(t.app);
    const badTier = await run(['store', 'plan', '--store', store.id, '--tier', 'gold', '--json']);
    expect(badTier.code).toBe(1);
    expect(badTier.err.join('\n')).toMatch(/tier must be one of: free, pro, advanced, premium, enterprise/);
    const caps = await t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(store) });
    expect(caps.json().data.entitlement.tier).toBe('free');
    for (const id of ['01900000-0000-7000-8000-000000000000', 'nope']) {
      const r = await run(['store', 'plan', '--store', id, '--tier', 'pro']);
      expect(r.code, id).toBe(1);
      expect(r.err.join('\n')).toMatch(/not found/i);
    }
  });

  it('seed --demo --json prints credentials that work against the API', async () => {
    const r = await run(['seed', '--demo', '--json']);
    expect(r.code, r.err.join('\n')).toBe(0);
    const demo = r.json();
    expect(demo).toMatchObject({ base_url: 'http://folio.test/v1', tier: 'advanced', email: expect.any(String), password: expect.any(String) });
    const store = { sid: demo.sid, secret: demo.secret, unauth_token: demo.unauth_token };

    const byKey = await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.B(store) });
    expect(byKey.statusCode, byKey.body).toBe(200);
    expect(byKey.json().data).toMatchObject({ id: demo.store_id, tier: 'advanced' });
    expect((await t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.U(store) })).statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: '/v1/account', headers: as.J({ token: demo.access_token }) });
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json().data.email).toBe(demo.email);
    const signIn = await t.app.inject({ method: 'POST', url: '/v1/account/signIn', payload: { email: demo.email, password: demo.password } });
    expect(signIn.statusCode).toBe(200);
    const caps = await t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(store) });
    expect(caps.json().data.entitlement.capabilities.api_keys).toBe(true);

    // A second seed makes a second, independent demo account.
    const again = await run(['seed', '--demo', '--json']);
    expect(again.code).toBe(0);
    expect(again.json().email).not.toBe(demo.email);
    expect(again.json().product_id).not.toBe(demo.product_id);
  });

  it('seed --demo gives the store something to design on: a product with sides, cliparts and a template, seen through the public API', async () => {
    const r = await run(['seed', '--demo', '--json']);
    expect(r.code, r.err.join('\n')).toBe(0);
    const demo = r.json();
    expect(demo.customizer_url).toBe(`http://folio.test/customizer?token=${encodeURIComponent(demo.unauth_token)}`);
    const U = as.U({ unauth_token: demo.unauth_token });
    const get = async (url: string) => {
      const res = await t.app.inject({ method: 'GET', url, headers: U });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
      return res.json().data;
    };

    const products = await get('/v1/products');
    expect(products).toHaveLength(2);
    expect(products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: demo.product_id, name: 'Business card', dimension_unit: 'inch', dpi: 300, status: 'publish' }),
        expect.objectContaining({ id: demo.sticker_product_id, name: 'Round sticker', dimension_unit: 'mm' }),
      ]),
    );
    const [round] = await get(`/v1/products/${demo.sticker_product_id}/sides`);
    expect(round).toMatchObject({ id: demo.sticker_side_id, width: 60, height: 60, mask: { shape: 'circle' } });
    const sides = await get(`/v1/products/${demo.product_id}/sides`);
    expect(sides.map((x: { name: string }) => x.name).sort()).toEqual(['Back', 'Front']);
    expect(sides.map((x: { id: string }) => x.id).sort()).toEqual([...demo.side_ids].sort());
    for (const side of sides) {
      expect(side).toMatchObject({ width: 3.5, height: 2, bleed: { top: 0.125, right: 0.125, bottom: 0.125, left: 0.125 }, safe_zone: { top: 0.125, right: 0.125, bottom: 0.125, left: 0.125 } });
    }

    const cliparts = await get('/v1/cliparts');
    expect(cliparts.map((c: { id: string }) => c.id).sort()).toEqual([...demo.clipart_ids].sort());
    expect(cliparts.length).toBeGreaterThanOrEqual(3);
    for (const c of cliparts) {
      expect(c).toMatchObject({ width: expect.any(Number), height: expect.any(Number) });
      // Each one's file is there behind its link.
      const file = await t.app.inject({ method: 'GET', url: new URL(c.url).pathname + new URL(c.url).search });
      expect(file.statusCode, c.url).toBe(200);
    }

    const template = await get(`/v1/templates/${demo.template_id}`);
    expect(template).toMatchObject({ side_id: demo.side_ids[0], viewport: { width: 1050, height: 600 } });
    const star = template.layers.find((l: { type: string }) => l.type === 'image');
    expect(demo.clipart_ids).toContain(star.image_id);
    expect(template.layers.some((l: { type: string; text?: string }) => l.type === 'textbox' && l.text === 'Your Name')).toBe(true);

    // The store's customizer link is printed in the readable output too.
    const readable = await run(['seed', '--demo']);
    expect(readable.out.find((l) => l.startsWith('customizer_url: '))).toMatch(/^customizer_url: http:\/\/folio\.test\/customizer\?token=/);
  });

  it('seed without --demo does nothing and says so', async () => {
    const r = await run(['seed', '--json']);
    expect(r.code).toBe(1);
    expect(r.err.join('\n')).toMatch(/--demo/);
  });

  it('an invalid environment exits 2 listing every problem', async () => {
    const r = await run(['migrate', '--json'], { PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(r.code).toBe(2);
    expect(r.out).toEqual([]);
    const message = r.err.join('\n');
    expect(message).toMatch(/Invalid configuration/);
    expect(message).toMatch(/PORT must be an integer from 0 to 65535 \(got "abc"\)/);
    expect(message).toMatch(/LOG_LEVEL must be one of/);
  });

  it('--version and unknown commands', async () => {
    const v = await run(['--version']);
    expect(v.code).toBe(0);
    expect(v.out.join('\n').trim()).toBe(VERSION);
    const unknown = await run(['frobnicate']);
    expect(unknown.code).not.toBe(0);
    expect(unknown.err.join('\n')).toMatch(/unknown command/);
  });
});

// ---- the installed entry point ---------------------------------------------------------------

const execFileP = promisify(execFile);
const cliJs = path.join(root, 'dist', 'main', 'cli.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile() && entry.name.endsWith('.ts')) newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}


describe('bin/folio.js (compiled)', () => {
  beforeAll(() => {
    // `npm test` builds dist/ first; build here only when it is missing or older than src/.
    if (!fs.existsSync(cliJs) || fs.statSync(cliJs).mtimeMs < newestMtime(path.join(root, 'src'))) {
      execFileSync(process.execPath, [path.join(root, 'node_modules/typescript/bin/tsc'), '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'pipe', timeout: 60_000 });
    }
  }, 90_000);

  it('prints the version', async () => {
    const { stdout } = await execFileP(process.execPath, [path.join(root, 'bin/folio.js'), '--version'], { cwd: root, timeout: 20_000 });
    expect(stdout.trim()).toBe(VERSION);
  });

  it('exits 2 on an invalid environment', async () => {
    const res = await execFileP(process.execPath, [path.join(root, 'bin/folio.js'), 'migrate'], {
      cwd: root,
      timeout: 20_000,
      env: { ...process.env, ...baseEnv, PORT: 'abc' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => ({ code: err.code, stderr: err.stderr }),
    );
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/PORT must be an integer/);
  });

  it('serve answers /v1/health and shuts down cleanly on SIGTERM', async () => {
    const port = await freePort();
    const child = spawn(process.execPath, [path.join(root, 'bin/folio.js'), 'serve'], {
      cwd: root,
      env: { ...process.env, ...baseEnv, HOST: '127.0.0.1', PORT: String(port), FOLIO_SHUTDOWN_TIMEOUT_MS: '15000' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      let health: Response | null = null;
      for (let i = 0; i < 250 && !health; i++) {
        health = await fetch(`http://127.0.0.1:${port}/v1/health`).catch(() => null);
        if (!health) await new Promise((r) => setTimeout(r, 100));
      }
      expect(health?.status, stderr).toBe(200);
      expect(await health!.json()).toEqual({ status: 'ok' });
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 60_000);
});
