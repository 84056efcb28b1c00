/**
 * A local stand-in for remove.bg's documented API (POST /v1.0/removebg), on 127.0.0.1.
 * It checks `X-Api-Key`, parses the multipart form, and answers like the real service: the
 * cut-out PNG (here: the input with an elliptical alpha, so tests can check pixels) or
 * `{errors:[{title, code, detail}]}` with 400/402/403/429. Special keys make it misbehave.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

export const GOOD_KEY = 'rbg-test-key';
/** keys that trigger a behaviour instead of the normal answer */
export const KEYS = {
  noCredits: 'rbg-no-credits', // 402
  rateLimitedOnce: 'rbg-429-once', // 429 with Retry-After: 0, then normal
  rateLimited: 'rbg-429-always', // 429 every time
  serverErrorOnce: 'rbg-503-once', // 503, then normal
  notAnImage: 'rbg-html', // 200 with an HTML body
  wrongAspect: 'rbg-wrong-aspect', // 200 with a PNG of another aspect ratio
  noAlpha: 'rbg-no-alpha', // 200 with an opaque PNG
  preview: 'rbg-preview', // 200 with a half-size PNG (as with size=preview)
  slow: 'rbg-slow', // answers after 2 s
} as const;

export interface ReceivedRequest {
  method: string;
  path: string;
  apiKey: string | undefined;
  accept: string | undefined;
  fields: Record<string, string>;
  file: { filename: string | null; contentType: string | null; bytes: Buffer } | null;
}

export interface FakeRemoveBg {
  baseUrl: string;
  requests: ReceivedRequest[];
  close(): Promise<void>;
}

function errors(res: http.ServerResponse, status: number, code: string, title: string, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify({ errors: [{ title, code, detail: `${title} (fake server)` }] }));
}

/** Minimal multipart/form-data parser (enough for what fetch's FormData sends). */
export function parseMultipart(body: Buffer, contentType: string): { fields: Record<string, string>; files: Record<string, { filename: string | null; contentType: string | null; bytes: Buffer }> } {
  const m = /boundary=(?:"([^"]+)"|([^;]+))/i.exec(contentType);
  if (!m) throw new Error('no boundary');
  const boundary = Buffer.from(`--${m[1] ?? m[2]}`);
  const fields: Record<string, string> = {};
  const files: Record<string, { filename: string | null; contentType: string | null; bytes: Buffer }> = {};
  let pos = body.indexOf(boundary);
  while (pos >= 0) {
    const start = pos + boundary.length;
    if (body.subarray(start, start + 2).toString() === '--') break;
    const next = body.indexOf(boundary, start);
    if (next < 0) break;
    const part = body.subarray(start + 2, next - 2); // skip CRLF after boundary and before next
    const headerEnd = part.indexOf('\r\n\r\n');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const name = /name="([^"]*)"/i.exec(headers)?.[1];
    const filename = /filename="([^"]*)"/i.exec(headers)?.[1] ?? null;
    const ctype = /content-type:\s*([^\r\n]+)/i.exec(headers)?.[1] ?? null;
    if (name !== undefined) {
      if (filename !== null || ctype) files[name] = { filename, contentType: ctype, bytes: Buffer.from(content) };
      else fields[name] = content.toString('utf8');
    }
    pos = next;
  }
  return { fields, files };
}

async function cutout(input: Buffer, opts: { scale?: number; aspect?: number; opaque?: boolean } = {}): Promise<Buffer> {
  const { data, info } = await sharp(input).rotate().toColourspace('srgb').removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const w = info.width;
  const h = info.height;
  const rgba = Buffer.alloc(w * h * 4);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const dx = (x + 0.5 - w / 2) / (w * 0.3);
      const dy = (y + 0.5 - h / 2) / (h * 0.3);
      const inside = dx * dx + dy * dy <= 1;
      rgba[i * 4] = data[i * 3]!;
      rgba[i * 4 + 1] = data[i * 3 + 1]!;
      rgba[i * 4 + 2] = data[i * 3 + 2]!;
      rgba[i * 4 + 3] = opts.opaque || inside ? 255 : 0;
    }
  }
  let img = sharp(rgba, { raw: { width: w, height: h, channels: 4 } });
  if (opts.scale) img = img.resize(Math.round(w * opts.scale), Math.round(h * opts.scale), { fit: 'fill' });
  if (opts.aspect) img = img.resize(w, Math.round(w * opts.aspect), { fit: 'fill' });
  if (opts.opaque) img = img.removeAlpha();
  return img.png().toBuffer();
}

export async function startFakeRemoveBg(): Promise<FakeRemoveBg> {
  const requests: ReceivedRequest[] = [];
  const seen = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      void (async () => {
        const body = Buffer.concat(chunks);
        const apiKey = req.headers['x-api-key'] as string | undefined;
        const record: ReceivedRequest = { method: req.method ?? '', path: req.url ?? '', apiKey, accept: req.headers.accept, fields: {}, file: null };
        requests.push(record);
        if (req.method !== 'POST' || req.url !== '/v1.0/removebg') return errors(res, 404, 'not_found', 'Not found');
        const known = apiKey === GOOD_KEY || (Object.values(KEYS) as string[]).includes(apiKey ?? '');
        if (!known) return errors(res, 403, 'auth_failed', 'Invalid API key');
        let parsed: ReturnType<typeof parseMultipart>;
        try {
          parsed = parseMultipart(body, req.headers['content-type'] ?? '');
        } catch {
          return errors(res, 400, 'invalid_request', 'Request is not multipart/form-data');
        }
        record.fields = parsed.fields;
        const b64 = parsed.fields.image_file_b64;
        const file = parsed.files.image_file ?? (b64 ? { filename: null, contentType: null, bytes: Buffer.from(b64, 'base64') } : null);
        record.file = file;
        if (!file) return errors(res, 400, 'missing_source', 'No image given');
        for (const [field, allowed] of [
          ['size', ['auto', 'preview', 'small', 'regular', 'medium', 'hd', 'full', '4k']],
          ['type', ['auto', 'person', 'product', 'car']],
          ['format', ['auto', 'png', 'jpg', 'zip']],
        ] as const) {
          const v = parsed.fields[field];
          if (v !== undefined && !(allowed as readonly string[]).includes(v)) return errors(res, 400, 'invalid_parameter', `Invalid ${field}`);
        }
        const count = (seen.get(apiKey!) ?? 0) + 1;
        seen.set(apiKey!, count);
        if (apiKey === KEYS.noCredits) return errors(res, 402, 'insufficient_credits', 'Insufficient credits');
        if (apiKey === KEYS.rateLimited || (apiKey === KEYS.rateLimitedOnce && count === 1)) {
          return errors(res, 429, 'rate_limit_exceeded', 'Rate limit exceeded', { 'retry-after': '0' });
        }
        if (apiKey === KEYS.serverErrorOnce && count === 1) {
          res.writeHead(503, { 'content-type': 'text/html' });
          return res.end('<html>maintenance</html>');
        }
        if (apiKey === KEYS.notAnImage) {
          res.writeHead(200, { 'content-type': 'text/html' });
          return res.end('<html>hello</html>');
        }
        if (apiKey === KEYS.slow) await new Promise((r) => setTimeout(r, 2000));
        let png: Buffer;
        try {
          png = await cutout(file.bytes, {
            ...(apiKey === KEYS.preview && { scale: 0.5 }),
            ...(apiKey === KEYS.wrongAspect && { aspect: 0.5 }),
            ...(apiKey === KEYS.noAlpha && { opaque: true }),
          });
        } catch {
          return errors(res, 400, 'unknown_foreground', 'Could not identify foreground in image');
        }
        const meta = await sharp(png).metadata();
        res.writeHead(200, {
          'content-type': 'image/png',
          'x-width': String(meta.width),
          'x-height': String(meta.height),
          'x-credits-charged': '1',
          'x-type': parsed.fields.type ?? 'auto',
        });
        res.end(png);
      })().catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end(String(err));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
