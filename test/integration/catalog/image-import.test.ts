import http from 'node:http';
import type net from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { downloadLink } from '../designs/helpers.js';

// POST /v1/images/import (docs/catalog.md § Images from a link): HTTP through the real app, the
// link served by a real server on this machine (allowed by FOLIO_FETCH_ALLOWLIST, as an operator would).
let t: TestApp;
let blocked: TestApp;
let store: TestStore;
let blockedStore: TestStore;
let other: TestStore;
let server: http.Server;
let origin: string;
let png: Buffer;

beforeAll(async () => {
  png = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#cc2244' } }).png().toBuffer();
  server = http.createServer((req, res) => {
    if (req.url === '/media/logo.png') return res.writeHead(200, { 'content-type': 'image/png' }).end(png);
    if (req.url === '/notes.txt') return res.writeHead(200, { 'content-type': 'text/plain' }).end('not an image');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
  blocked = await buildTestApp();
  store = await createStore(t.app);
  other = await createStore(t.app);
  blockedStore = await createStore(blocked.app);
}, 60_000);
afterAll(async () => {
  await t?.close();
  await blocked?.close();
  server?.close();
});

const importImage = (payload: object, headers: Record<string, string> = as.U(store), app = t.app) => app.inject({ method: 'POST', url: '/v1/images/import', headers, payload });

describe('POST /images/import', () => {
  it('stores the linked file as an upload of it (public token), named by the link, its link serving the same pixels', async () => {
    const res = await importImage({ url: `${origin}/media/logo.png`, type: 'designs' });
    expect(res.statusCode, res.body).toBe(201);
    const img = res.json().data;
    expect(img).toMatchObject({ name: 'logo.png', type: 'designs', width: 120, height: 80 });
    const bytes = await downloadLink(t.app, img.url);
    const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    expect([data[0], data[1], data[2]]).toEqual([0xcc, 0x22, 0x44]);
    // the store's own, read back by id; another store's caller gets a 404
    expect((await t.app.inject({ method: 'GET', url: `/v1/images/${img.id}`, headers: as.B(store) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `/v1/images/${img.id}`, headers: as.B(other) })).statusCode).toBe(404);
  });

  it('400 for a link that is not http(s), cannot be fetched or is not allowed (private address); 415 for a file that is not an image', async () => {
    const cases: Array<[object, RegExp]> = [
      [{ url: 'ftp://example.com/a.png' }, /http\(s\) link/],
      [{ url: 'not a link' }, /./],
      [{ url: `${origin}/missing.png` }, /cannot be fetched/],
    ];
    for (const [payload, message] of cases) {
      const res = await importImage(payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(JSON.stringify(res.json().error)).toMatch(message);
    }
    // without the operator's allowlist, a loopback address is refused by the safe fetcher
    const loop = await importImage({ url: `${origin}/media/logo.png` }, as.U(blockedStore), blocked.app);
    expect(loop.statusCode, loop.body).toBe(400);
    expect(res400(loop)).toMatch(/cannot be fetched/);
    const text = await importImage({ url: `${origin}/notes.txt` });
    expect(text.statusCode, text.body).toBe(415);
    expect((await importImage({ url: `${origin}/media/logo.png`, extra: 1 })).statusCode).toBe(400);
  });

  it('needs a credential', async () => {
    expect((await importImage({ url: `${origin}/media/logo.png` }, {})).statusCode).toBe(401);
  });
});

function res400(res: { json: () => { error?: unknown } }): string {
  return JSON.stringify(res.json().error);
}
