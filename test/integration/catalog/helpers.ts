import { expect } from 'vitest';
import sharp from 'sharp';
import zlib from 'node:zlib';
import type { App } from '../../../src/app.js';
import { as, type TestStore } from '../../helpers/factories.js';

export const B = as.B;

/** A multipart body by hand (inject has no form-data encoder). */
export function multipart(parts: Array<{ name: string; value: string } | { name: string; filename: string; body: Buffer; type?: string }>) {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(p.body, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export async function png(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer();
}

export async function upload(app: App, store: TestStore, url = '/v1/images', file?: Buffer, extra: Array<{ name: string; value: string }> = [], headers: Record<string, string> = as.B(store)) {
  const body = multipart([{ name: 'file', filename: 'a.png', body: file ?? (await png()) }, ...extra]);
  return app.inject({ method: 'POST', url, payload: body.payload, headers: { ...headers, ...body.headers } });
}

export async function post(app: App, store: TestStore, url: string, payload: unknown): Promise<any> {
  const res = await app.inject({ method: 'POST', url, payload: payload as object, headers: as.B(store) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export async function createProduct(app: App, store: TestStore, extra: Record<string, unknown> = {}) {
  return post(app, store, '/v1/products', { name: 'Flyer', dimension_unit: 'mm', ...extra });
}

export async function createSide(app: App, store: TestStore, productId: string, extra: Record<string, unknown> = {}) {
  return post(app, store, '/v1/sides', { product_id: productId, name: 'Front', width: 210, height: 297, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 5, right: 5, bottom: 5, left: 5 }, ...extra });
}

/**
 * Pages through a list with `limit` while `insert` adds rows between page reads: every row
 * that existed before the first read is seen exactly once.
 */
export async function expectStablePaging(app: App, url: string, headers: Record<string, string>, before: string[], insert: () => Promise<unknown>): Promise<void> {
  const seen: string[] = [];
  let next: string | null = `${url}${url.includes('?') ? '&' : '?'}limit=2`;
  while (next) {
    const res: Awaited<ReturnType<App['inject']>> = await app.inject({ method: 'GET', url: next.replace('http://folio.test', ''), headers });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Array<{ id: string | number }>; links: { next: string | null } };
    seen.push(...body.data.map((d: { id: string | number }) => String(d.id)));
    next = body.links.next;
    await insert();
  }
  expect(new Set(seen).size).toBe(seen.length);
  for (const id of before) expect(seen).toContain(id);
}

/** A PNG of the given size by its header, with a tiny compressed body: decoding it would inflate to width*height bytes. */
export function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(td));
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = zlib.deflateSync(Buffer.alloc(64 * 1024));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', ihdr), chunk('IDAT', idat), chunk('IEND', Buffer.alloc(0))]);
}
