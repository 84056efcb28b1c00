import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { PDFDocument, rgb } from 'pdf-lib';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { pngHeaderOnly, expectStablePaging, multipart, png, upload } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  t = await buildTestApp({ env: { FOLIO_UPLOAD_MAX_BYTES: '2000000' } });
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => t.close());

describe('/images', () => {
  it('uploads with the public token: type sniffed, size recorded, thumbnails made', async () => {
    const res = await upload(t.app, store, '/v1/images', await png(800, 400), [{ name: 'custom_width', value: '300' }, { name: 'type', value: 'designs' }], as.U(store));
    expect(res.statusCode, res.body).toBe(201);
    const img = res.json().data;
    expect(res.json().message).toBe('File successfully uploaded');
    expect(img).toMatchObject({ mime_type: 'image/png', width: 800, height: 400, type: 'designs' });
    for (const [size, w] of [['small', 150], ['medium', 600], ['custom', 300]] as const) {
      const link = new URL(img.thumbnails[size]);
      const file = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
      expect(file.statusCode).toBe(200);
      expect((await sharp(file.rawPayload).metadata()).width).toBe(w);
    }
    const got = await t.app.inject({ method: 'GET', url: `/v1/images/${img.id}`, headers: as.B(store) });
    expect(got.json().data.id).toBe(img.id);
    expect((await t.app.inject({ method: 'GET', url: `/v1/images/${img.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/images/${img.id}`, headers: as.B(other) })).statusCode).toBe(404);
    const del = await t.app.inject({ method: 'DELETE', url: `/v1/images/${img.id}`, headers: as.B(store) });
    expect(del.json()).toEqual({ message: 'Deleted successfully' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/images/${img.id}`, headers: as.B(store) })).statusCode).toBe(404);
  });

  it('refuses what it must: not multipart 415, missing file 400, unknown type 415, bad field 400, too large 413', async () => {
    const json = await t.app.inject({ method: 'POST', url: '/v1/images', headers: as.B(store), payload: { file: 'x' } });
    expect(json.statusCode).toBe(415);
    const empty = multipart([{ name: 'type', value: 'designs' }]);
    const missing = await t.app.inject({ method: 'POST', url: '/v1/images', payload: empty.payload, headers: { ...as.B(store), ...empty.headers } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe('File upload missing');
    expect((await upload(t.app, store, '/v1/images', Buffer.from('just some text, not an image'))).statusCode).toBe(415);
    expect((await upload(t.app, store, '/v1/images', undefined, [{ name: 'type', value: 'stickers' }])).statusCode).toBe(400);
    expect((await upload(t.app, store, '/v1/images', undefined, [{ name: 'custom_width', value: '-4' }])).statusCode).toBe(400);
    expect((await upload(t.app, store, '/v1/images', Buffer.concat([await png(), Buffer.alloc(2_100_000)]))).statusCode).toBe(413);
  });

  it('refuses a decompression bomb from its header, without decoding it', async () => {
    // A PNG whose header claims 12000 x 12000 (144 MP) followed by a few bytes of data.
    const bomb = pngHeaderOnly(12000, 12000);
    const started = Date.now();
    const res = await upload(t.app, store, '/v1/images', bomb);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.file[0]).toMatch(/pixels/);
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it('sanitises SVG: scripts, handlers and external references are removed, thumbnails rasterised', async () => {
    const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100" onload="alert(1)">
      <script>alert(2)</script><foreignObject><div>x</div></foreignObject>
      <image xlink:href="http://169.254.169.254/latest" width="10" height="10"/>
      <rect width="200" height="100" fill="url(http://evil.test/x#p)" style="fill:url(http://evil.test/y)"/>
      <circle cx="50" cy="50" r="40" fill="red"/></svg>`);
    const res = await upload(t.app, store, '/v1/images', svg);
    expect(res.statusCode, res.body).toBe(201);
    const img = res.json().data;
    expect(img).toMatchObject({ mime_type: 'image/svg+xml', width: 200, height: 100 });
    const link = new URL(img.url);
    const stored = (await t.app.inject({ method: 'GET', url: link.pathname + link.search })).body;
    for (const bad of ['script', 'onload', 'foreignObject', '169.254', 'evil.test']) expect(stored).not.toContain(bad);
    expect(stored).toContain('<circle');
    expect(img.thumbnails.small).toBeTruthy();
  });

  it('takes a PDF: page size in points, thumbnails of the first page', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([595.28, 841.89]).drawRectangle({ x: 50, y: 50, width: 200, height: 300, color: rgb(0.8, 0.1, 0.1) });
    const res = await upload(t.app, store, '/v1/images', Buffer.from(await doc.save()));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ mime_type: 'application/pdf', width: 595, height: 842 });
    const small = new URL(res.json().data.thumbnails.small);
    const meta = await sharp((await t.app.inject({ method: 'GET', url: small.pathname + small.search })).rawPayload).metadata();
    expect(meta.width).toBe(150);
    expect((await upload(t.app, store, '/v1/images', Buffer.from('%PDF-1.4\nbroken'))).statusCode).toBe(400);
  });

  it('batch-uploads, counts, lists, pages and searches', async () => {
    const s = await createStore(t.app);
    const parts = await Promise.all([1, 2, 3].map(async (i) => ({ name: 'files[]', filename: `b${i}.png`, body: await png(10 * i, 10) })));
    const body = multipart([...parts, { name: 'type', value: 'designs' }]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/images/batch', payload: body.payload, headers: { ...as.U(s), ...body.headers } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toHaveLength(3);
    expect((await t.app.inject({ method: 'GET', url: '/v1/images/count', headers: as.B(s) })).json().data.count).toBe(3);
    const ids = res.json().data.map((d: { id: string }) => d.id);
    await expectStablePaging(t.app, '/v1/images', as.U(s), ids, () => upload(t.app, s));
    const found = await t.app.inject({ method: 'GET', url: '/v1/images?search=B2&sortBy=name&sort=asc', headers: as.B(s) });
    expect(found.json().data.map((d: { name: string }) => d.name)).toEqual(['b2.png']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/images?limit=101', headers: as.B(s) })).statusCode).toBe(413);
  });

  it('runs the auth cases', async () => {
    const img = (await upload(t.app, store)).json().data;
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/images', accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/images/count', accepts: ['B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: `/v1/images/${img.id}`, accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'DELETE', url: `/v1/images/${img.id}`, accepts: ['B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/images', accepts: ['U', 'B', 'JS'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/images/batch', accepts: ['U', 'B', 'JS'] }, store);
  });
});
