import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Signer } from '../../../src/platform/crypto/signer.js';
import { DiskBlobStore } from '../../../src/platform/storage/disk.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { blobStoreContract } from './blob-contract.js';

let t: TestApp;
let store: DiskBlobStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = t.deps.blobs as DiskBlobStore;
});
afterAll(async () => t.close());

async function viaApp(url: string) {
  const res = await t.app.inject({ method: 'GET', url: url.replace(t.config.publicUrl, '') });
  return { status: res.statusCode, body: res.rawPayload, type: (res.headers['content-type'] as string | undefined) ?? null };
}

describe('disk blob store', () => {
  it('is the default driver, rooted at <data dir>/blobs', () => {
    expect(t.deps.blobs.driver).toBe('disk');
    expect(store.pathOf('a/b.png')).toBe(path.join(t.dataDir, 'blobs', 'a', 'b.png'));
  });

  blobStoreContract(() => store, viaApp, 2100);

  it('a failed streamed put leaves no temp file behind', async () => {
    const { Readable } = await import('node:stream');
    const tmpDir = path.join(t.dataDir, 'blobs', '.tmp');
    const before = fs.existsSync(tmpDir) ? fs.readdirSync(tmpDir) : [];
    const body = Readable.from((function* () {
      yield Buffer.alloc(1024 * 1024);
      throw new Error('cut');
    })());
    await expect(store.putStream('streams/cut.bin', body, { contentType: 'application/octet-stream' })).rejects.toThrow('cut');
    expect(fs.readdirSync(tmpDir)).toEqual(before);
    expect(fs.existsSync(store.pathOf('streams/cut.bin'))).toBe(false);
  });

  it('links are FOLIO_PUBLIC_URL/v1/files/<key> with an expiry and a signature', async () => {
    await store.put('outputs/x.png', 'x', { contentType: 'image/png' });
    const url = new URL(await store.url('outputs/x.png'));
    expect(`${url.origin}${url.pathname}`).toBe('http://folio.test/v1/files/outputs/x.png');
    expect([...url.searchParams.keys()].sort()).toEqual(['expires', 'sig']);
  });

  it('refuses altered links: another key, another expiry, another signature, a missing part', async () => {
    await store.put('outputs/mine.png', 'mine', { contentType: 'image/png' });
    await store.put('outputs/theirs.png', 'theirs', { contentType: 'image/png' });
    const good = await store.url('outputs/mine.png');
    expect((await viaApp(good)).status).toBe(200);
    const u = new URL(good);
    const variants = [
      good.replace('mine.png', 'theirs.png'),
      good.replace(/expires=(\d+)/, (_m, e: string) => `expires=${Number(e) + 3600}`),
      good.replace(/sig=([^&]+)/, (_m, s: string) => `sig=${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`),
      `${u.origin}${u.pathname}?expires=${u.searchParams.get('expires')}`,
      `${u.origin}${u.pathname}?sig=${u.searchParams.get('sig')}`,
      `${u.origin}${u.pathname}`,
      `${good}&name=evil.html`,
    ];
    for (const v of variants) {
      const res = await viaApp(v);
      expect(res.status, v).toBe(403);
      expect(JSON.parse(res.body.toString()).error.message).toBe('This link is not valid');
    }
  });

  it('refuses an expired link with 410 and serves a live one with safe headers', async () => {
    const clock = { now: Date.now() - 25 * 3600 * 1000 };
    const signing = (t.deps.blobs as unknown as { signer: Signer }).signer;
    const past = new DiskBlobStore(path.join(t.dataDir, 'blobs'), signing, t.config.publicUrl, () => clock.now);
    await store.put('outputs/old.pdf', '%PDF-1.7', { contentType: 'application/pdf' });
    const stale = await past.url('outputs/old.pdf');
    const res = await viaApp(stale);
    expect(res.status).toBe(410);
    expect(JSON.parse(res.body.toString()).error.message).toBe('This link has expired');

    const live = await t.app.inject({ method: 'GET', url: (await store.url('outputs/old.pdf', { downloadName: 'proof é.pdf' })).replace(t.config.publicUrl, '') });
    expect(live.statusCode).toBe(200);
    expect(live.headers['content-type']).toBe('application/pdf');
    expect(live.headers['x-content-type-options']).toBe('nosniff');
    expect(live.headers['content-security-policy']).toContain('sandbox');
    expect(live.headers['content-disposition']).toContain("filename*=UTF-8''proof%20%C3%A9.pdf");
    expect(Number(/max-age=(\d+)/.exec(String(live.headers['cache-control']))![1])).toBeGreaterThan(86_000);
  });

  it('lets a page of any origin read a live link (CORS *, no credentials, whatever FOLIO_CORS_ORIGINS says: the editor draws it on a canvas it reads back)', async () => {
    const narrow = await buildTestApp({ env: { FOLIO_CORS_ORIGINS: 'https://shop.example' } });
    try {
      const blobs = narrow.deps.blobs as DiskBlobStore;
      await blobs.put('images/a.png', 'png', { contentType: 'image/png' });
      const link = (await blobs.url('images/a.png')).replace(narrow.config.publicUrl, '');
      // the API itself answers only the configured origin
      const api = await narrow.app.inject({ method: 'GET', url: '/v1/health', headers: { origin: 'http://127.0.0.1:9' } });
      expect(api.headers['access-control-allow-origin']).toBeUndefined();
      const live = await narrow.app.inject({ method: 'GET', url: link, headers: { origin: 'http://127.0.0.1:9' } });
      expect(live.statusCode).toBe(200);
      expect(live.headers['access-control-allow-origin']).toBe('*');
      expect(live.headers['access-control-allow-credentials']).toBeUndefined();
      expect(live.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const forged = await narrow.app.inject({ method: 'GET', url: link.replace(/sig=[^&]+/, 'sig=forged'), headers: { origin: 'http://127.0.0.1:9' } });
      expect(forged.statusCode).toBe(403);
    } finally {
      await narrow.close();
    }
  });

  it('links asked again in the same window are the same (as signed afresh by any process); the next window signs anew, and a bad key still throws', async () => {
    const clock = { now: Date.UTC(2030, 0, 1, 0, 0, 0, 100) };
    const signing = (t.deps.blobs as unknown as { signer: Signer }).signer;
    const memo = new DiskBlobStore(path.join(t.dataDir, 'blobs'), signing, t.config.publicUrl, () => clock.now);
    const fresh = (now: number) => new DiskBlobStore(path.join(t.dataDir, 'blobs'), signing, t.config.publicUrl, () => now);
    const a = await memo.url('outputs/m.png');
    const window = memo.linkWindow();
    clock.now += 59 * 60 * 1000; // same hour
    const b = await memo.url('outputs/m.png');
    expect(b).toBe(a);
    expect(memo.linkWindow()).toBe(window);
    expect(b).toBe(await fresh(clock.now).url('outputs/m.png'));
    // valid until an hour after the window's end plus 24 hours
    expect(Number(new URL(b).searchParams.get('expires'))).toBe(Date.UTC(2030, 0, 1, 1) / 1000 + 86_400);
    // the download name and the ttl are part of what is remembered
    expect(await memo.url('outputs/m.png', { downloadName: 'x.png' })).toBe(await fresh(clock.now).url('outputs/m.png', { downloadName: 'x.png' }));
    expect(await memo.url('outputs/m.png', { ttlSeconds: 60 })).toBe(await fresh(clock.now).url('outputs/m.png', { ttlSeconds: 60 }));
    clock.now += 60 * 1000; // the next hour
    const c = await memo.url('outputs/m.png');
    expect(c).not.toBe(a);
    expect(memo.linkWindow()).toBe(window + 1);
    expect(c).toBe(await fresh(clock.now).url('outputs/m.png'));
    await expect(memo.url('../escape.png')).rejects.toThrow();
    await expect(memo.url('../escape.png')).rejects.toThrow();
  });

  it('a validly signed link to a missing file is 404; traversal in the URL never reaches the disk', async () => {
    const url = await store.url('outputs/never-written.png');
    expect((await viaApp(url)).status).toBe(404);
    for (const probe of ['/v1/files/../secrets.json?expires=9999999999&sig=x', '/v1/files/%2e%2e/secrets.json?expires=9999999999&sig=x', '/v1/files/..%2fsecrets.json?expires=9999999999&sig=x']) {
      const res = await t.app.inject({ method: 'GET', url: probe });
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('signingKey');
    }
  });

  it('confines a symlinked escape attempt too: keys never resolve outside the root', () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-blobs-'));
    const s = new DiskBlobStore(root, new Signer('k'.repeat(40), 'blob-link'), 'http://x');
    expect(() => s.pathOf('..')).toThrow();
    expect(() => s.pathOf('a/..')).toThrow();
    expect(s.pathOf('a/b..c')).toBe(path.join(root, 'a', 'b..c'));
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('is checked by /v1/ready', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json().checks).toMatchObject({ blobs: 'ok', queue: 'ok', database: 'ok' });
  });
});
