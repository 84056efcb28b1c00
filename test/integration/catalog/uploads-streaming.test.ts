import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPlanTable } from '../../../src/modules/plans/plans.service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { multipart, png, upload } from './helpers.js';

/**
 * Uploads stream into the blob store (issue 5): the size cap is enforced while the bytes
 * arrive, a refused upload leaves no blob, and a large file is never one Buffer server-side.
 */
const CAP = 40 * 1024 * 1024;
let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  const plans = loadPlanTable(null);
  plans.quotas.clipart_storage_bytes = { ...plans.quotas.clipart_storage_bytes, free: 3_000_000 };
  t = await buildTestApp({ plans, env: { FOLIO_UPLOAD_MAX_BYTES: String(CAP) } });
  store = await createStore(t.app);
});
afterAll(async () => t.close());

/** Every file under the store's image prefix and the disk driver's temp dir. */
function blobsLeft(s: TestStore): string[] {
  const roots = [path.join(t.dataDir, 'blobs', 'catalog', s.id), path.join(t.dataDir, 'blobs', '.tmp')];
  return roots.flatMap((r) => (fs.existsSync(r) ? (fs.readdirSync(r, { recursive: true, withFileTypes: true }) as fs.Dirent[]).filter((d) => d.isFile()).map((d) => path.join(d.parentPath, d.name)) : []));
}

/** A real JPEG followed by padding up to `total` bytes (decoders stop at the end-of-image marker). */
async function paddedJpeg(total: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 10, g: 120, b: 200 } } }).jpeg().toBuffer();
  return Buffer.concat([jpeg, Buffer.alloc(total - jpeg.length, 0x5a)]);
}

describe('streamed uploads', () => {
  it('a file over the cap is 413 in the error envelope and leaves no blob (single, batch, clipart)', async () => {
    const s = await createStore(t.app);
    const big = await paddedJpeg(CAP + 1024 * 1024);
    for (const url of ['/v1/images', '/v1/cliparts']) {
      const res = await upload(t.app, s, url, big);
      expect(res.statusCode, res.body).toBe(413);
      expect(res.json()).toMatchObject({ error: { code: 'payload_too_large', message: expect.stringContaining('larger than the upload limit') }, message: expect.any(String) });
    }
    // A batch whose second file is over the cap: the first one, already stored, is removed too.
    const body = multipart([
      { name: 'files[]', filename: 'ok.png', body: await png(40, 40) },
      { name: 'files[]', filename: 'big.jpg', body: big },
    ]);
    const batch = await t.app.inject({ method: 'POST', url: '/v1/images/batch', payload: body.payload, headers: { ...as.B(s), ...body.headers } });
    expect(batch.statusCode, batch.body).toBe(413);
    expect(blobsLeft(s)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: '/v1/images/count', headers: as.B(s) })).json().data.count).toBe(0);
  });

  it('an SVG over its 5 MB in-memory cap is 413; a refused type or an over-quota clipart leaves no blob', async () => {
    const s = await createStore(t.app);
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><!--${'x'.repeat(5 * 1024 * 1024)}--><rect width="10" height="10"/></svg>`);
    expect((await upload(t.app, s, '/v1/images', svg)).statusCode).toBe(413);
    expect((await upload(t.app, s, '/v1/cliparts', Buffer.from('%PDF-1.4\n% not a clipart type'))).statusCode).toBe(415);
    const quota = await upload(t.app, s, '/v1/cliparts', await paddedJpeg(3_500_000));
    expect(quota.statusCode, quota.body).toBe(402);
    // Form fields after the file are read too: an invalid one refuses the upload and removes its blob.
    const late = await upload(t.app, s, '/v1/images', await png(), [{ name: 'custom_width', value: '0' }]);
    expect(late.statusCode).toBe(400);
    expect(blobsLeft(s)).toEqual([]);
  });

  it('a 30 MB upload streams into the blob store: never one Buffer of the whole file server-side', async () => {
    const size = 30 * 1024 * 1024;
    const file = await paddedJpeg(size);
    const body = multipart([{ name: 'file', filename: 'big.jpg', body: file }]);
    const digest = createHash('sha256').update(file).digest('hex');

    // Watch what the server builds while it handles the request.
    const blobs = t.deps.blobs;
    const calls: Array<{ fn: string; bytes: number }> = [];
    const origPut = blobs.put.bind(blobs);
    const origStream = blobs.putStream.bind(blobs);
    const origGet = blobs.get.bind(blobs);
    const origConcat = Buffer.concat;
    let largestConcat = 0;
    blobs.put = async (k, b, o) => (calls.push({ fn: 'put', bytes: typeof b === 'string' ? b.length : b.byteLength }), origPut(k, b, o));
    blobs.putStream = async (k, b, o) => {
      const info = await origStream(k, b, o);
      calls.push({ fn: 'putStream', bytes: info.size });
      return info;
    };
    blobs.get = async (k) => (calls.push({ fn: 'get', bytes: -1 }), origGet(k));
    Buffer.concat = ((list: readonly Uint8Array[], len?: number) => {
      const out = origConcat(list, len);
      largestConcat = Math.max(largestConcat, out.length);
      return out;
    }) as typeof Buffer.concat;
    let res;
    try {
      res = await t.app.inject({ method: 'POST', url: '/v1/images', payload: body.payload, headers: { ...as.B(store), ...body.headers } });
    } finally {
      blobs.put = origPut;
      blobs.putStream = origStream;
      blobs.get = origGet;
      Buffer.concat = origConcat;
    }
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ size_bytes: size, width: 1600, height: 1200, mime_type: 'image/jpeg' });
    expect(calls.filter((c) => c.fn === 'putStream')).toEqual([{ fn: 'putStream', bytes: size }]);
    expect(calls.filter((c) => c.fn === 'get')).toEqual([]);
    // Only the thumbnails are written from memory, and nothing near the file's size was concatenated.
    for (const c of calls.filter((x) => x.fn === 'put')) expect(c.bytes).toBeLessThan(1024 * 1024);
    expect(largestConcat).toBeLessThan(1024 * 1024);

    const stored = await t.deps.blobs.stream(`catalog/${store.id}/images/${res.json().data.id}/original.jpg`);
    const h = createHash('sha256');
    for await (const c of stored.body) h.update(c as Uint8Array);
    expect(h.digest('hex')).toBe(digest);
  });
});
