import type { AddressInfo, Socket } from 'node:net';
import net from 'node:net';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { multipart } from '../catalog/helpers.js';

/**
 * A request answered before its body is read (an upload refused from its first bytes) must
 * not leave the rest of the body on the keep-alive connection: the next request on it would
 * wait behind bytes nobody reads, then fail (ECONNRESET after ~73 s with Node's fetch).
 * A real server on a real port, and Node's own fetch (undici, keep-alive by default).
 */
let t: TestApp;
let store: TestStore;
let base: string;
const sockets = new Set<Socket>();
let connections = 0;

beforeAll(async () => {
  t = await buildTestApp();
  t.app.server.on('connection', (s: Socket) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  store = await createStore(t.app);
});
afterAll(async () => {
  t.app.server.closeAllConnections();
  for (const s of sockets) s.destroy();
  await t.close();
});

/** A real PNG whose header is patched to declare `w`×`h` pixels, then `padding` bytes: refused (pixel cap) from its first bytes. */
async function hugePng(w: number, h: number, padding: number): Promise<Buffer> {
  const b = Buffer.from(await sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer());
  b.writeUInt32BE(w, 16);
  b.writeUInt32BE(h, 20);
  b.writeUInt32BE(zlib.crc32(b.subarray(12, 29)) >>> 0, 29);
  return Buffer.concat([b, Buffer.alloc(padding, 0x11)]);
}

async function post(url: string, file: Buffer, field = 'file') {
  const body = multipart([{ name: field, filename: 'big.bin', body: file }]);
  const res = await fetch(`${base}${url}`, { method: 'POST', body: body.payload, headers: { ...as.B(store), ...body.headers }, signal: AbortSignal.timeout(20_000) });
  const text = await res.text();
  return { statusCode: res.status, body: text, headers: Object.fromEntries(res.headers), json: () => JSON.parse(text) };
}

/** The next request after a refusal answers promptly (well below the 73 s hang). */
async function nextRequestIsPrompt(): Promise<number> {
  const started = performance.now();
  const res = await fetch(`${base}/v1/images/count`, { headers: as.B(store), signal: AbortSignal.timeout(10_000) });
  expect(res.status).toBe(200);
  expect((await res.json()).data.count).toBe(0);
  const ms = performance.now() - started;
  expect(ms).toBeLessThan(3000);
  return ms;
}

const MB = 1024 * 1024;

describe('a reply before the body is read', () => {
  // Sizes matter: a body the client finishes writing (up to ~1 MB on loopback) is the one
  // whose unread rest blocked the connection; a larger one undici itself gives up on.
  const SIZES = [256 * 1024, 1 * MB, 4 * MB, 8 * MB];
  const cases: Array<{ name: string; url: string; field?: string; file: (size: number) => Buffer | Promise<Buffer>; status: number; code?: string }> = [
    { name: '415 type, /v1/images', url: '/v1/images', file: (n) => Buffer.alloc(n, 0x41), status: 415, code: 'unsupported_media_type' },
    { name: '415 type, /v1/cliparts', url: '/v1/cliparts', file: (n) => Buffer.alloc(n, 0x41), status: 415, code: 'unsupported_media_type' },
    { name: '415 type, /v1/images/batch', url: '/v1/images/batch', field: 'files[]', file: (n) => Buffer.alloc(n, 0x41), status: 415, code: 'unsupported_media_type' },
    { name: '400 pixel cap, /v1/images', url: '/v1/images', file: (n) => hugePng(20_000, 20_000, n), status: 400 },
    { name: '400 pixel cap, /v1/cliparts', url: '/v1/cliparts', file: (n) => hugePng(20_000, 20_000, n), status: 400 },
    { name: '400 pixel cap, /v1/images/batch', url: '/v1/images/batch', field: 'files[]', file: (n) => hugePng(20_000, 20_000, n), status: 400 },
  ];

  for (const c of cases) {
    it(`${c.name}: the refusal is the envelope and the next request on the agent answers at once`, async () => {
      for (const size of SIZES) {
        const res = await post(c.url, await c.file(size), c.field);
        expect(res.statusCode, res.body).toBe(c.status);
        expect(envelopeProblem(res)).toBeNull();
        if (c.code) expect(res.json().error.code).toBe(c.code);
        else expect(res.json().error.file[0]).toMatch(/pixels/);
        await nextRequestIsPrompt();
      }
    }, 60_000);
  }

  it('on one raw keep-alive socket: the rest of a small refused body is read and the connection serves the next request', async () => {
    const file = Buffer.alloc(300 * 1024, 0x41);
    const body = multipart([{ name: 'file', filename: 'a.bin', body: file }]);
    const auth = as.B(store).authorization;
    const head = (len: number, extra: string) =>
      `POST /v1/images HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: ${body.headers['content-type']}\r\nContent-Length: ${len}\r\n${extra}\r\n`;
    const sock = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((r) => sock.once('connect', () => r()));
    let received = '';
    sock.on('data', (d: Buffer) => (received += d.toString('latin1')));
    const before = connections;
    // First request, whole body written at once; then a GET pipelined behind it.
    sock.write(head(body.payload.length, ''));
    sock.write(body.payload);
    sock.write(`GET /v1/images/count HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n\r\n`);
    const deadline = Date.now() + 5000;
    while (!/HTTP\/1\.1 200[\s\S]*"count":0/.test(received) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    sock.destroy();
    expect(received).toMatch(/^HTTP\/1\.1 415/);
    expect(received).toMatch(/HTTP\/1\.1 200[\s\S]*"count":0/);
    expect(connections).toBe(before);
  });

  it('a large refused body is not read for ever: the answer says Connection: close and the socket is closed', async () => {
    const auth = as.B(store).authorization;
    const boundary = 'xyz';
    const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.bin"\r\nContent-Type: application/octet-stream\r\n\r\n`);
    const sock = net.connect((t.app.server.address() as AddressInfo).port, '127.0.0.1');
    await new Promise<void>((r) => sock.once('connect', () => r()));
    let received = '';
    sock.on('data', (d: Buffer) => (received += d.toString('latin1')));
    sock.on('error', () => undefined);
    const closed = new Promise<void>((r) => sock.once('close', () => r()));
    // Announces 1 GiB, sends 64 KiB of it, then keeps trickling: the server must not wait for the rest.
    sock.write(`POST /v1/images HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${1024 * MB}\r\n\r\n`);
    sock.write(Buffer.concat([preamble, Buffer.alloc(64 * 1024, 0x41)]));
    const trickle = setInterval(() => sock.writable && sock.write(Buffer.alloc(64 * 1024, 0x41)), 20);
    const started = Date.now();
    await Promise.race([closed, new Promise((r) => setTimeout(r, 15_000))]);
    clearInterval(trickle);
    expect(received).toMatch(/^HTTP\/1\.1 415/);
    expect(received.toLowerCase()).toContain('connection: close');
    expect(sock.destroyed || sock.readableEnded).toBe(true);
    expect(Date.now() - started).toBeLessThan(12_000);
    sock.destroy();
  });
});
