import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config/index.js';
import { main } from '../../../src/main/cli.js';
import { startServer, type RunningServer } from '../../../src/main/server.js';

/**
 * folio backup / folio restore on the embedded stack (this test always runs it, whatever
 * database the rest of the run uses): a real server on a real port with an account, a store
 * and an uploaded image; a backup taken while it serves (and writes); the data dir wiped;
 * the backup restored; a new server serves the same store and the same image bytes, and
 * the old credentials still work (secrets.json came back with the database).
 */
let root: string;
let dataDir: string;
let env: Record<string, string>;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-backup-'));
  dataDir = path.join(root, 'data');
  env = {
    FOLIO_DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: '0',
    FOLIO_PUBLIC_URL: 'http://folio.test',
    FOLIO_SCRYPT_COST: '10',
    LOG_LEVEL: 'silent',
    FOLIO_WARMUP: 'false',
  };
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

async function folio(...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

async function call(server: RunningServer, method: string, url: string, opts: { headers?: Record<string, string>; json?: unknown; body?: FormData } = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { ...(opts.json !== undefined ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    body: opts.json !== undefined ? JSON.stringify(opts.json) : opts.body,
    signal: AbortSignal.timeout(20_000),
  });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, buf, json: () => JSON.parse(buf.toString()) };
}

/** Directories under `dir` (itself included) readable by anyone but their owner, and files wider than 0600. */
function widerThanPrivate(dir: string): string[] {
  const wide: string[] = [];
  const walk = (p: string) => {
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if ((st.mode & 0o077) !== 0) wide.push(`${path.relative(dataDir, p) || '.'}/ ${(st.mode & 0o777).toString(8)}`);
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if ((st.mode & 0o077) !== 0) {
      wide.push(`${path.relative(dataDir, p)} ${(st.mode & 0o777).toString(8)}`);
    }
  };
  walk(dir);
  return wide;
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function uploadImage(server: RunningServer, auth: Record<string, string>, png: Buffer) {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'photo.png');
  const res = await call(server, 'POST', '/v1/images', { headers: auth, body: form });
  expect(res.status, res.buf.toString()).toBe(201);
  return res.json().data as { id: string; url: string };
}

/** The original's bytes, through the signed link the API hands out. */
async function download(server: RunningServer, auth: Record<string, string>, id: string): Promise<Buffer> {
  const img = await call(server, 'GET', `/v1/images/${id}`, { headers: auth });
  expect(img.status, img.buf.toString()).toBe(200);
  const link = new URL(img.json().data.url as string);
  const file = await call(server, 'GET', `${link.pathname}${link.search}`);
  expect(file.status).toBe(200);
  return file.buf;
}

describe('folio backup and restore (embedded stack)', () => {
  it('backup while serving → wipe → restore → the same data is served', async () => {
    let server = await startServer(loadConfig(env));
    const signup = await call(server, 'POST', '/v1/account', { json: { name: 'Backup Owner', email: 'owner@example.test', password: 'Corr3ct-Horse!' } });
    expect(signup.status).toBe(201);
    const token = signup.json().data.access_token as string;
    const created = await call(server, 'POST', '/v1/stores?include=credentials', { headers: { authorization: `Bearer ${token}` }, json: { store_name: 'Backed-up store' } });
    expect(created.status).toBe(201);
    const s = created.json().data as { id: string; sid: string; secret: string };
    const basic = { authorization: `Basic ${Buffer.from(`${s.sid}:${s.secret}`).toString('base64')}` };
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: { r: 12, g: 140, b: 90 } } }).png().toBuffer();
    const image = await uploadImage(server, basic, png);
    const storeBefore = (await call(server, 'GET', `/v1/stores/${s.id}`, { headers: { authorization: `Bearer ${token}` } })).json().data;

    // Backed up while the server keeps taking uploads.
    const busy = Promise.all([1, 2, 3].map(async (i) => uploadImage(server, basic, await sharp({ create: { width: 50 + i, height: 40, channels: 3, background: { r: i, g: 0, b: 0 } } }).png().toBuffer())));
    const out = path.join(root, 'backup-1');
    const made = await folio('backup', '--out', out, '--json');
    await busy;
    expect(made.code, made.err.join('\n')).toBe(0);
    const summary = JSON.parse(made.out[0]!);
    expect(summary).toMatchObject({ backup: out, secrets_file: true, last_migration: expect.stringMatching(/^\d{4}-/) });
    expect(summary.blobs).toBeGreaterThanOrEqual(1);
    const manifest = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ format: 'folio-backup', format_version: 1, secrets_file: true });
    expect(manifest.files.map((f: { path: string }) => f.path)).toEqual(expect.arrayContaining(['folio.db', 'secrets.json', expect.stringMatching(new RegExp(`^blobs/catalog/${s.id}/images/${image.id}/original\\.png$`))]));
    for (const f of manifest.files) expect(f.sha256).toBe(sha(fs.readFileSync(path.join(out, f.path))));
    // As private as the data dir it copies: the folder 0700, the database, uploads, secrets and manifest 0600.
    expect(fs.statSync(out).mode & 0o777).toBe(0o700);
    for (const rel of ['manifest.json', ...manifest.files.map((f: { path: string }) => f.path)]) expect(fs.statSync(path.join(out, rel)).mode & 0o777, rel).toBe(0o600);

    // Restore refuses to replace the data of a running server.
    const refused = await folio('restore', '--from', out);
    expect(refused.code).toBe(1);
    expect(refused.err[0]).toMatch(/^error: the data dir is in use by pid \d+ .*stop it first/);

    await server.close();
    fs.rmSync(dataDir, { recursive: true, force: true });

    // Under a permissive umask (000) too, everything restore creates is private to the service's user.
    const umask = process.umask(0o000);
    let restored: Awaited<ReturnType<typeof folio>>;
    try {
      restored = await folio('restore', '--from', out, '--json');
    } finally {
      process.umask(umask);
    }
    expect(restored.code, restored.err.join('\n')).toBe(0);
    expect(JSON.parse(restored.out[0]!)).toMatchObject({ previous_data: 'none', blobs: summary.blobs });
    expect(widerThanPrivate(dataDir)).toEqual([]);

    server = await startServer(loadConfig(env));
    try {
      // The old token still verifies (the JWT secret came back), the store secret decrypts
      // (the encryption key came back), and the image's bytes are the ones uploaded.
      const storeAfter = await call(server, 'GET', `/v1/stores/${s.id}`, { headers: { authorization: `Bearer ${token}` } });
      expect(storeAfter.status).toBe(200);
      expect(storeAfter.json().data).toEqual(storeBefore);
      expect((await call(server, 'GET', '/v1/images/count', { headers: basic })).json().data.count).toBeGreaterThanOrEqual(1);
      expect(sha(await download(server, basic, image.id))).toBe(sha(png));
      const login = await call(server, 'POST', '/v1/account/signIn', { json: { email: 'owner@example.test', password: 'Corr3ct-Horse!' } });
      expect([200, 201]).toContain(login.status);
    } finally {
      await server.close();
    }

    // Restoring over existing data keeps that data aside instead of deleting it.
    const again = await folio('restore', '--from', out, '--json');
    expect(again.code, again.err.join('\n')).toBe(0);
    const previous = JSON.parse(again.out[0]!).previous_data as string;
    expect(previous).toMatch(/pre-restore-/);
    expect(fs.existsSync(path.join(previous, 'folio.db'))).toBe(true);
    // the set-aside data (the old database and secrets) is as private as the live data
    expect(widerThanPrivate(dataDir)).toEqual([]);
  }, 120_000);

  it('refuses a tampered, missing or unfinished backup, a used --out and a non-embedded stack, with clear errors', async () => {
    const out = path.join(root, 'backup-2');
    fs.mkdirSync(dataDir, { recursive: true });
    expect((await folio('migrate')).code).toBe(0);
    expect((await folio('backup', '--out', out)).code).toBe(0);

    const used = await folio('backup', '--out', out);
    expect(used).toMatchObject({ code: 1, err: [expect.stringMatching(/exists and is not an empty directory/)] });
    const inside = await folio('backup', '--out', path.join(dataDir, 'b'));
    expect(inside.err[0]).toMatch(/inside FOLIO_DATA_DIR/);

    const missing = await folio('restore', '--from', path.join(root, 'nope'));
    expect(missing).toMatchObject({ code: 1, err: [expect.stringMatching(/^error: no backup directory at /)] });
    const empty = path.join(root, 'empty');
    fs.mkdirSync(empty);
    expect((await folio('restore', '--from', empty)).err[0]).toMatch(/has no manifest\.json: not a folio backup, or an unfinished one/);

    const db = path.join(out, 'folio.db');
    fs.appendFileSync(db, Buffer.from('x'));
    const tampered = await folio('restore', '--from', out);
    expect(tampered.code).toBe(1);
    expect(tampered.err[0]).toMatch(/fails verification .*folio\.db: \d+ bytes, the manifest says \d+/);

    const pgEnv = { ...env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/nothing' };
    for (const argv of [['backup', '--out', path.join(root, 'pg')], ['restore', '--from', out]]) {
      const res = await main(argv, { out: () => undefined, err: (l) => void (pgErr = l), env: pgEnv });
      expect(res).toBe(1);
      expect(pgErr).toMatch(/embedded stack .*pg_dump --format=custom/);
    }
    const noDb = await main(['backup', '--out', path.join(root, 'x')], { out: () => undefined, err: (l) => void (pgErr = l), env: { ...env, FOLIO_DATA_DIR: path.join(root, 'no-data') } });
    expect(noDb).toBe(1);
    expect(pgErr).toMatch(/^error: no database at /);
  });
});
let pgErr = '';
