import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as } from '../../helpers/factories.js';
import { createTarget, deliveryWorld, store, type DeliveryWorld } from './world.js';

let w: DeliveryWorld;
beforeAll(async () => {
  w = await deliveryWorld();
});
afterAll(async () => {
  await w?.close();
});

/** A PEM RSA key, as ssh-keygen -m PEM writes it. */
const KEY = generateKeyPairSync('rsa', { modulusLength: 2048, privateKeyEncoding: { type: 'pkcs1', format: 'pem' }, publicKeyEncoding: { type: 'spki', format: 'pem' } }).privateKey;

async function post(s: Awaited<ReturnType<typeof store>>, payload: unknown) {
  return w.t.app.inject({ method: 'POST', url: '/v1/delivery-targets', headers: as.B(s), payload: payload as object });
}

describe('/v1/delivery-targets', () => {
  it('creates, lists, reads, changes and deletes a hot-folder target', async () => {
    const s = await store(w);
    fs.mkdirSync(path.join(w.root, 'switch-in'));
    const created = await createTarget(w, s, { name: 'Switch', type: 'hot_folder', path: path.join(w.root, 'switch-in') });
    expect(created).toMatchObject({ name: 'Switch', type: 'hot_folder', enabled: true, ticket: 'jdf', deliver: ['print_files', 'batches'], store_id: s.id });
    expect(created.path).toBe(fs.realpathSync(path.join(w.root, 'switch-in')));

    const list = await w.t.app.inject({ method: 'GET', url: '/v1/delivery-targets?limit=10', headers: as.JS(s) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data.map((x: { id: string }) => x.id)).toEqual([created.id]);
    expect(list.json().links).toBeDefined();

    const put = await w.t.app.inject({ method: 'PUT', url: `/v1/delivery-targets/${created.id}`, headers: as.B(s), payload: { ticket: 'xml', deliver: ['batches'], enabled: false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ ticket: 'xml', deliver: ['batches'], enabled: false, path: created.path });

    const del = await w.t.app.inject({ method: 'DELETE', url: `/v1/delivery-targets/${created.id}`, headers: as.B(s) });
    expect(del.statusCode, del.body).toBe(200);
    const gone = await w.t.app.inject({ method: 'GET', url: `/v1/delivery-targets/${created.id}`, headers: as.B(s) });
    expect(gone.statusCode).toBe(404);
  });

  it("another store's target is 404 everywhere", async () => {
    const mine = await store(w);
    const theirs = await store(w);
    const target = await createTarget(w, theirs, { name: 'Theirs', type: 'hot_folder', path: w.root });
    for (const [method, url] of [
      ['GET', `/v1/delivery-targets/${target.id}`],
      ['PUT', `/v1/delivery-targets/${target.id}`],
      ['DELETE', `/v1/delivery-targets/${target.id}`],
      ['POST', `/v1/delivery-targets/${target.id}/test`],
    ] as const) {
      const res = await w.t.app.inject({ method, url, headers: as.B(mine), ...(method === 'PUT' ? { payload: { name: 'x' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    const list = await w.t.app.inject({ method: 'GET', url: '/v1/delivery-targets', headers: as.B(mine) });
    expect(list.json().data).toEqual([]);
  });

  it('runs the shared auth cases on every route', async () => {
    const s = await store(w);
    const target = await createTarget(w, s, { name: 'Auth', type: 'hot_folder', path: w.root });
    const accepts = ['B', 'JS', 'K'] as const;
    for (const route of [
      { method: 'POST', url: '/v1/delivery-targets', payload: { name: 'x', type: 'hot_folder', path: w.root } },
      { method: 'GET', url: '/v1/delivery-targets' },
      { method: 'GET', url: `/v1/delivery-targets/${target.id}` },
      { method: 'PUT', url: `/v1/delivery-targets/${target.id}`, payload: { name: 'y' } },
      { method: 'DELETE', url: `/v1/delivery-targets/${target.id}` },
      { method: 'POST', url: `/v1/delivery-targets/${target.id}/test` },
      { method: 'GET', url: '/v1/deliveries' },
      { method: 'GET', url: '/v1/deliveries/00000000-0000-7000-8000-000000000000' },
      { method: 'POST', url: '/v1/deliveries/00000000-0000-7000-8000-000000000000/retry' },
    ] as const) {
      await expectAuthCases(w.t.app, { ...route, accepts: [...accepts] }, s);
    }
  });

  it('answers every validation error as a 400 naming the field, never a 500', async () => {
    const s = await store(w);
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ type: 'hot_folder', path: w.root }, 'name'],
      [{ name: 'x', type: 'ftp' }, 'type'],
      [{ name: 'x', type: 'hot_folder' }, 'path'],
      [{ name: 'x', type: 'hot_folder', path: 'relative/dir' }, 'path'],
      [{ name: 'x', type: 'hot_folder', path: `${w.root}/../etc` }, 'path'],
      [{ name: 'x', type: 'hot_folder', path: '/etc' }, 'path'],
      [{ name: 'x', type: 'hot_folder', path: path.join(w.root, 'missing') }, 'path'],
      [{ name: 'x', type: 'hot_folder', path: w.root, host: 'a.example' }, 'host'],
      [{ name: 'x', type: 'hot_folder', path: w.root, ticket: 'pdf' }, 'ticket'],
      [{ name: 'x', type: 'hot_folder', path: w.root, deliver: ['letters'] }, 'deliver'],
      [{ name: 'x', type: 'sftp', username: 'u', password: 'p' }, 'host'],
      [{ name: 'x', type: 'sftp', host: 'sftp.test', password: 'p' }, 'username'],
      [{ name: 'x', type: 'sftp', host: 'sftp.test', username: 'u' }, 'password'],
      [{ name: 'x', type: 'sftp', host: 'sftp.test', username: 'u', private_key: 'not a key' }, 'private_key'],
      [{ name: 'x', type: 'sftp', host: 'sftp.test', username: 'u', password: 'p', port: 70000 }, 'port'],
      [{ name: 'x', type: 'sftp', host: 'sftp.test', username: 'u', password: 'p', host_key_sha256: 'md5:aa' }, 'host_key_sha256'],
      [{ name: 'x', type: 'sftp', host: 'sftp.test', username: 'u', password: 'p', remote_dir: '../up' }, 'remote_dir'],
      [{ name: 'x', type: 'sftp', host: 'files.internal.example', username: 'u', password: 'p' }, 'host'],
      [{ name: 'x', type: 'sftp', host: '169.254.169.254', username: 'u', password: 'p' }, 'host'],
      [{ name: 'x', type: 'sftp', host: 'bad host!', username: 'u', password: 'p' }, 'host'],
      [{ name: 'x', type: 's3', access_key_id: 'a', secret_access_key: 'b' }, 'bucket'],
      [{ name: 'x', type: 's3', bucket: 'Bad_Bucket', access_key_id: 'a', secret_access_key: 'b' }, 'bucket'],
      [{ name: 'x', type: 's3', bucket: 'prints', secret_access_key: 'b' }, 'access_key_id'],
      [{ name: 'x', type: 's3', bucket: 'prints', access_key_id: 'a' }, 'secret_access_key'],
      [{ name: 'x', type: 's3', bucket: 'prints', access_key_id: 'a', secret_access_key: 'b', endpoint: 'http://10.0.0.5:9000' }, 'endpoint'],
      [{ name: 'x', type: 's3', bucket: 'prints', access_key_id: 'a', secret_access_key: 'b', endpoint: 'ftp://s3.test' }, 'endpoint'],
      [{ name: 'x', type: 's3', bucket: 'prints', access_key_id: 'a', secret_access_key: 'b', region: 'EU West' }, 'region'],
      [{ name: 'x', type: 's3', bucket: 'prints', access_key_id: 'a', secret_access_key: 'b', prefix: '/abs' }, 'prefix'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(s, payload);
      expect(res.statusCode, `${JSON.stringify(payload)} → ${res.body}`).toBe(400);
      expect(res.json().message, res.body).toBe('Invalid input');
      expect(JSON.stringify(res.json().error), `${JSON.stringify(payload)} names ${field}`).toContain(field);
    }
  });

  it('refuses a symlink that points out of the roots', async () => {
    const s = await store(w);
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-outside-'));
    const link = path.join(w.root, 'escape');
    fs.symlinkSync(outside, link);
    try {
      const res = await post(s, { name: 'x', type: 'hot_folder', path: link });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.path[0]).toMatch(/FOLIO_HOT_FOLDER_ROOTS/);
    } finally {
      fs.rmSync(link);
      fs.rmSync(outside, { recursive: true, force: true });
    }
  });

  it('keeps secrets write-only and sealed at rest', async () => {
    const s = await store(w);
    const sftp = await createTarget(w, s, { name: 'Prinect', type: 'sftp', host: 'sftp.test', username: 'press', password: 'hunter2-secret', private_key: KEY, remote_dir: 'in' });
    expect(sftp).toMatchObject({ host: 'sftp.test', port: 22, username: 'press', remote_dir: 'in', has_password: true, has_private_key: true, host_key_sha256: null });
    const s3 = await createTarget(w, s, { name: 'Bucket', type: 's3', bucket: 'prints', access_key_id: 'AKIAEXAMPLEKEYID', secret_access_key: 'wJalrXUtnFEMI-secret-key' });
    expect(s3).toMatchObject({ bucket: 'prints', region: 'us-east-1', prefix: '', endpoint: null, force_path_style: false, has_access_key_id: true, has_secret_access_key: true });

    const answers = [sftp, s3, (await w.t.app.inject({ method: 'GET', url: '/v1/delivery-targets', headers: as.B(s) })).body, (await w.t.app.inject({ method: 'GET', url: `/v1/delivery-targets/${sftp.id}`, headers: as.B(s) })).body];
    const rows = await w.t.deps.database.db.selectFrom('delivery_targets').selectAll().where('store_id', '=', s.id).execute();
    for (const secret of ['hunter2-secret', 'PRIVATE KEY', 'AKIAEXAMPLEKEYID', 'wJalrXUtnFEMI-secret-key']) {
      for (const a of answers) expect(JSON.stringify(a)).not.toContain(secret);
      for (const r of rows) expect(JSON.stringify(r)).not.toContain(secret);
    }
    expect(rows.every((r) => r.secrets_enc?.startsWith('v1.'))).toBe(true);

    // null removes one secret; the other stays; a target without any credential is refused
    const cleared = await w.t.app.inject({ method: 'PUT', url: `/v1/delivery-targets/${sftp.id}`, headers: as.B(s), payload: { password: null } });
    expect(cleared.json().data).toMatchObject({ has_password: false, has_private_key: true });
    const none = await w.t.app.inject({ method: 'PUT', url: `/v1/delivery-targets/${sftp.id}`, headers: as.B(s), payload: { private_key: null } });
    expect(none.statusCode, none.body).toBe(400);
    expect(none.json().error.password).toBeDefined();
  });

  it('a test of a target that refuses answers ok: false with the reason', async () => {
    const s = await store(w);
    const target = await createTarget(w, s, { name: 'Down', type: 'sftp', host: 'sftp.test', port: 1, username: 'u', password: 'p' });
    const res = await w.t.app.inject({ method: 'POST', url: `/v1/delivery-targets/${target.id}/test`, headers: as.B(s) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ok).toBe(false);
    expect(res.json().data.error).toMatch(/ECONNREFUSED|connect/i);
    expect(res.json().data.file).toMatch(/^folio-test-\d+\.txt$/);
  });

  it('a hot-folder test writes the file and removes it', async () => {
    const s = await store(w);
    const dir = fs.mkdtempSync(path.join(w.root, 'test-'));
    const target = await createTarget(w, s, { name: 'Hot', type: 'hot_folder', path: dir });
    const res = await w.t.app.inject({ method: 'POST', url: `/v1/delivery-targets/${target.id}/test`, headers: as.B(s) });
    expect(res.json().data).toMatchObject({ ok: true, error: null });
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('without FOLIO_HOT_FOLDER_ROOTS', () => {
  it('refuses hot_folder targets, saying the operator must set it', async () => {
    const bare = await deliveryWorld({ roots: false });
    try {
      const s = await store(bare);
      const res = await bare.t.app.inject({ method: 'POST', url: '/v1/delivery-targets', headers: as.B(s), payload: { name: 'x', type: 'hot_folder', path: '/tmp' } });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error.path[0]).toMatch(/operator must set FOLIO_HOT_FOLDER_ROOTS/);
    } finally {
      await bare.close();
    }
  });
});
