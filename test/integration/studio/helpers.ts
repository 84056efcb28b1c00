import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { as, type TestUser } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { FACES_DIR } from '../../unit/engines/studio/fixtures.js';

/** Small test images: faces downscaled (fast detection), a flat grey image with no face. */
export async function studioImages(): Promise<Record<string, Buffer>> {
  const small = (name: string, width: number) => sharp(readFileSync(path.join(FACES_DIR, name))).resize({ width }).jpeg({ quality: 85 }).toBuffer();
  const astronaut = await small('astronaut.png', 320);
  return {
    'astronaut.jpg': astronaut,
    // the same face, greyed and blurred: match score ≈ 0.95 to astronaut.jpg
    'astronaut-grey.jpg': await sharp(astronaut).greyscale().blur(1.5).toBuffer(),
    // official portraits (public domain): Obama in 2012 and 2005; Cory Booker, a look-alike
    // at raw similarity ≈ 0.80, match score ≈ 0.79, to obama-2012.jpg (needs_review at the default 0.85)
    'obama-2012.jpg': readFileSync(path.join(FACES_DIR, 'obama-2012.jpg')),
    'obama-2005.jpg': readFileSync(path.join(FACES_DIR, 'obama-2005.jpg')),
    'booker.jpg': readFileSync(path.join(FACES_DIR, 'pd-cory-booker.jpg')),
    'camera.jpg': await small('camera.png', 320),
    'messi.jpg': await small('messi5.jpg', 400),
    'julia.jpg': await small('julia_facedetect_sample.jpg', 320),
    'blank.png': await sharp({ create: { width: 160, height: 160, channels: 3, background: { r: 128, g: 128, b: 128 } } }).png().toBuffer(),
    'logo.png': await sharp({ create: { width: 64, height: 64, channels: 3, background: { r: 200, g: 30, b: 30 } } }).png().toBuffer(),
  };
}

/** A local origin for image URLs (allowed with FOLIO_FETCH_ALLOWLIST=127.0.0.1). */
export async function fixtureServer(files: Record<string, Buffer>): Promise<{ base: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname.slice(1));
    const body = files[name];
    if (!body) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    base: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function balance(app: App, user: TestUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/v1/account/wallet', headers: as.J(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.balance as number;
}

export async function transactions(app: App, user: TestUser): Promise<Array<{ id: string; type: string; amount: number; refund_of: string | null }>> {
  const res = await app.inject({ method: 'GET', url: '/v1/account/wallet/transactions?limit=100', headers: as.J(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Polls a studio task until it is completed or failed. */
export async function waitForTask(app: App, user: TestUser, taskId: string, timeoutMs = 60_000): Promise<any> {
  return waitFor(
    async () => {
      const res = await app.inject({ method: 'GET', url: `/v1/services/studio/jobs/${taskId}`, headers: as.J(user) });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return body.status === 'completed' || body.status === 'failed' ? body : undefined;
    },
    `studio task ${taskId}`,
    timeoutMs,
    100,
  );
}

/** A multipart body by hand (no form-data dependency). */
export function multipart(fields: Record<string, string>, files: Array<{ field?: string; filename: string; body: Buffer; type?: string }>): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----folio${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  }
  for (const f of files) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${f.field ?? 'file[]'}"; filename="${f.filename}"\r\nContent-Type: ${f.type ?? 'image/jpeg'}\r\n\r\n`));
    chunks.push(f.body, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Reads a link the disk blob store handed out, through the app. */
export async function fetchLink(app: App, url: string): Promise<{ statusCode: number; raw: Buffer; type: string | undefined }> {
  const u = new URL(url);
  const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  return { statusCode: res.statusCode, raw: res.rawPayload, type: res.headers['content-type'] as string | undefined };
}
