import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { expectStablePaging, multipart } from './helpers.js';

const require = createRequire(import.meta.url);
const LORA = fs.readFileSync(require.resolve('@expo-google-fonts/lora/700Bold_Italic/Lora_700Bold_Italic.ttf'));

let t: TestApp;
let store: TestStore;
let other: TestStore;
let origin: http.Server;
let base: string;
beforeAll(async () => {
  origin = http.createServer((req, res) => {
    if (req.url === '/lora.ttf') return void res.writeHead(200, { 'content-type': 'font/ttf' }).end(LORA);
    res.writeHead(200, { 'content-type': 'font/ttf' }).end('this is not a font at all');
  });
  await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(origin.address() as AddressInfo).port}`;
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' } });
  store = await createStore(t.app);
  other = await createStore(t.app);
});
afterAll(async () => {
  await t.close();
  await new Promise((r) => origin.close(r));
});

const uploadFont = (s: TestStore, body: Buffer, name?: string) => {
  const m = multipart([{ name: 'file', filename: 'f.ttf', body }, ...(name ? [{ name: 'name', value: name }] : [])]);
  return t.app.inject({ method: 'POST', url: '/v1/fonts/upload', payload: m.payload, headers: { ...as.B(s), ...m.headers } });
};

describe('/fonts', () => {
  it('registers a font by URL through the safe fetcher and parses it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/v1/fonts', headers: as.B(store), payload: { name: 'Lora Bold Italic', url: `${base}/lora.ttf` } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ name: 'Lora Bold Italic', family: 'Lora', style: 'italic', weight: 700, type: 'ttf', source_url: `${base}/lora.ttf` });
    expect(res.json().data.coverage).toContain('Basic Latin');
    expect(res.json().data.glyph_count).toBeGreaterThan(100);
    const face = await t.deps.catalog.fonts.fontBytes(store.id, 'lora bold italic', 700, 'italic');
    expect(face?.bytes.length).toBe(LORA.length);
    expect((await t.deps.catalog.fonts.fontBytes(store.id, 'Open Sans', 600, 'normal'))?.weight).toBe(600);
    expect(await t.deps.catalog.fonts.fontBytes(store.id, 'No Such Family')).toBeNull();
  });

  it('refuses a non-font (415), a private address not allow-listed, and invalid bodies (400)', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/v1/fonts', headers: as.B(store), payload: { name: 'x', url: `${base}/text` } })).statusCode).toBe(415);
    expect((await uploadFont(store, Buffer.from('not a font'))).statusCode).toBe(415);
    const priv = await t.app.inject({ method: 'POST', url: '/v1/fonts', headers: as.B(store), payload: { name: 'x', url: 'http://10.0.0.1/font.ttf' } });
    expect(priv.statusCode).toBe(400);
    expect(priv.json().error.url).toBeDefined();
    expect((await t.app.inject({ method: 'POST', url: '/v1/fonts', headers: as.B(store), payload: { url: 'nope' } })).statusCode).toBe(400);
  });

  it('uploads, reads, renames, deletes; another store sees 404', async () => {
    const res = await uploadFont(store, LORA, 'Headline');
    expect(res.statusCode, res.body).toBe(201);
    const f = res.json().data;
    expect((await t.app.inject({ method: 'GET', url: `/v1/fonts/${f.id}`, headers: as.U(store) })).json().data.name).toBe('Headline');
    expect((await t.app.inject({ method: 'GET', url: `/v1/fonts/${f.id}`, headers: as.B(other) })).statusCode).toBe(404);
    const put = await t.app.inject({ method: 'PUT', url: `/v1/fonts/${f.id}`, headers: as.B(store), payload: { alias: 'H1' } });
    expect(put.json()).toMatchObject({ data: { alias: 'H1' }, message: 'Update successfully' });
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/fonts/${f.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url: `/v1/fonts/${f.id}`, headers: as.B(store) })).statusCode).toBe(200);
  });

  it("keeps the shop's licence note: given at upload or by URL, changed and cleared with PUT; too long is 400; not on a default font", async () => {
    const note = 'Desktop licence, 5 seats; PDF embedding allowed (order 2024-118)';
    const m = multipart([{ name: 'file', filename: 'f.ttf', body: LORA }, { name: 'license', value: `  ${note} ` }]);
    const up = await t.app.inject({ method: 'POST', url: '/v1/fonts/upload', payload: m.payload, headers: { ...as.B(store), ...m.headers } });
    expect(up.statusCode, up.body).toBe(201);
    const f = up.json().data;
    expect(f.license).toBe(note);
    const byUrl = await t.app.inject({ method: 'POST', url: '/v1/fonts', headers: as.B(store), payload: { name: 'Lora', url: `${base}/lora.ttf`, license: 'OFL-1.1' } });
    expect(byUrl.json().data.license).toBe('OFL-1.1');
    const put = (id: string, payload: object, s = store) => t.app.inject({ method: 'PUT', url: `/v1/fonts/${id}`, headers: as.B(s), payload });
    expect((await put(f.id, { license: 'Web and print, unlimited' })).json().data).toMatchObject({ license: 'Web and print, unlimited', name: f.name });
    expect((await put(f.id, { name: 'Renamed' })).json().data.license).toBe('Web and print, unlimited'); // untouched when not sent
    expect((await put(f.id, { license: '   ' })).json().data.license).toBeNull();
    expect((await put(f.id, { license: 'again' })).json().data.license).toBe('again');
    expect((await put(f.id, { license: null })).json().data.license).toBeNull();
    const long = await put(f.id, { license: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.license).toBeDefined();
    const longForm = multipart([{ name: 'file', filename: 'f.ttf', body: LORA }, { name: 'license', value: 'x'.repeat(2001) }]);
    const longUp = await t.app.inject({ method: 'POST', url: '/v1/fonts/upload', payload: longForm.payload, headers: { ...as.B(store), ...longForm.headers } });
    expect(longUp.statusCode).toBe(400);
    expect(longUp.json().error.license).toBeDefined();
    expect((await put(f.id, { license: 'mine' }, other)).statusCode).toBe(404);
    const defaults = (await t.app.inject({ method: 'GET', url: '/v1/fonts/default?limit=1', headers: as.B(store) })).json().data;
    expect(defaults[0].license).toMatch(/OFL/);
    expect((await put(defaults[0].id, { license: 'mine' })).statusCode).toBe(404);
  });

  it('lists the default fonts; pages, sorts, searches; counts; 413', async () => {
    const def = await t.app.inject({ method: 'GET', url: '/v1/fonts/default?limit=100&search=roboto&sortBy=name', headers: as.U(store) });
    expect(def.json().data.length).toBeGreaterThanOrEqual(10);
    expect(def.json().data[0].license).toContain('OFL-1.1');
    expect((await t.app.inject({ method: 'GET', url: '/v1/fonts/default/count', headers: as.B(store) })).json().data.count).toBeGreaterThan(20);
    const s = await createStore(t.app);
    const ids: string[] = [];
    for (const n of ['A', 'B', 'C']) ids.push((await uploadFont(s, LORA, n)).json().data.id);
    await expectStablePaging(t.app, '/v1/fonts', as.B(s), ids, () => uploadFont(s, LORA, 'late'));
    expect((await t.app.inject({ method: 'GET', url: '/v1/fonts/count', headers: as.B(s) })).json().data.count).toBe(5);
    expect((await t.app.inject({ method: 'GET', url: '/v1/fonts?sortBy=name&sort=asc&search=b', headers: as.B(s) })).json().data.map((x: { name: string }) => x.name)).toEqual(['B']);
    expect((await t.app.inject({ method: 'GET', url: '/v1/fonts?limit=101', headers: as.B(s) })).statusCode).toBe(413);
    expect((await t.app.inject({ method: 'GET', url: '/v1/fonts/default?limit=101', headers: as.B(s) })).statusCode).toBe(413);
  });

  it('runs the auth cases', async () => {
    const f = (await uploadFont(store, LORA)).json().data;
    const read = ['U', 'B', 'JS'] as const;
    const write = ['B', 'JS'] as const;
    const routes: Array<[string, string, readonly ('U' | 'B' | 'JS')[], unknown?]> = [
      ['POST', '/v1/fonts', write, { name: 'x', url: `${base}/lora.ttf` }], ['POST', '/v1/fonts/upload', write], ['GET', '/v1/fonts', read], ['GET', '/v1/fonts/default', read],
      ['GET', '/v1/fonts/count', write], ['GET', '/v1/fonts/default/count', write], ['GET', `/v1/fonts/${f.id}`, read], ['PUT', `/v1/fonts/${f.id}`, write, { name: 'y' }], ['DELETE', `/v1/fonts/${f.id}`, write],
    ];
    for (const [method, url, accepts, payload] of routes) await expectAuthCases(t.app, { method: method as 'GET', url, accepts: [...accepts], ...(payload ? { payload } : {}) }, store);
  });
});
