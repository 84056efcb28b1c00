/**
 * Catalog upload bench (the input is generated here, never committed):
 *
 *   npx tsx bench/catalog-upload.ts [--runs N]
 *
 *  1. POST /v1/images of a 20-megapixel JPEG over real HTTP (multipart, the real app on the
 *     embedded stack) — wall time per upload and throughput in MB/s of the file; the file
 *     part streams into the blob store, thumbnails are made from the stored file;
 *  2. the same upload without HTTP: ImagesService.upload from a file read stream (sniff the
 *     head, stream into the blob store, header check, thumbnails);
 *  3. the blob store alone: putStream of the file from a read stream (the storing part of 2);
 *  4. thumbnail time: the three thumbnails from the stored file (what step 2 does after storing);
 *  5. baselines in the same run: sharp alone making the same three thumbnails from a Buffer,
 *     and a raw disk write (writeFile + fsync) of the same bytes; the ratios are printed.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { loadConfig } from '../src/config/index.js';
import { buildApp } from '../src/app.js';
import { buildDeps } from '../src/main/deps.js';
import { describeUpload, THUMB_WIDTHS } from '../src/engines/image/upload.js';

const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 5;
const W = 5472;
const H = 3648; // 19.96 MP, a common 20 MP sensor size
const CUSTOM = 1200;

/** Photo-like entropy (blocks, gradient, hash noise) so the codec does real work. */
function pattern(width: number, height: number): Buffer {
  const buf = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const block = (Math.floor(x / 64) + Math.floor(y / 64)) % 2 === 0;
      const h = Math.imul(x ^ Math.imul(y, 0x9e3779b1), 0x85ebca6b) >>> 0;
      const n = (h & 0x3f) - 32;
      buf[i] = Math.max(0, Math.min(255, (x * 255) / width + n));
      buf[i + 1] = Math.max(0, Math.min(255, (block ? 180 : 60) + n));
      buf[i + 2] = Math.max(0, Math.min(255, (y * 255) / height + n));
    }
  }
  return buf;
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
async function time(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  const jpeg = await sharp(pattern(W, H), { raw: { width: W, height: H, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  const mb = jpeg.length / 1e6;
  console.log(`input: ${W}x${H} JPEG (${(W * H / 1e6).toFixed(1)} MP), ${mb.toFixed(2)} MB; ${RUNS} runs each, p50`);

  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({ FOLIO_DATA_DIR: dataDir, FOLIO_PUBLIC_URL: 'http://127.0.0.1', LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10' });
  const deps = await buildDeps(config);
  const app = await buildApp({ ...deps.appDeps, logger: false });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/v1`;
  try {
    const signup = await (await fetch(`${base}/account`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Bench', email: `b-${randomUUID()}@bench.test`, password: 'Corr3ct-Horse!' }) })).json() as { data: { access_token: string } };
    const store = await (await fetch(`${base}/stores?include=credentials`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${signup.data.access_token}` }, body: JSON.stringify({ store_name: 'Bench' }) })).json() as { data: { id: string; sid: string; secret: string } };
    const auth = `Basic ${Buffer.from(`${store.data.sid}:${store.data.secret}`).toString('base64')}`;

    const upload = async () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }), 'photo.jpg');
      form.append('custom_width', String(CUSTOM));
      const res = await fetch(`${base}/images`, { method: 'POST', headers: { authorization: auth }, body: form });
      if (res.status !== 201) throw new Error(`upload answered ${res.status}: ${await res.text()}`);
      await res.arrayBuffer();
    };
    await upload(); // warm-up
    const uploads: number[] = [];
    for (let i = 0; i < RUNS; i++) uploads.push(await time(upload));

    const source = path.join(dataDir, 'source.jpg');
    fs.writeFileSync(source, jpeg);
    const storeId = store.data.id;
    const pipeline: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      pipeline.push(await time(() => deps.catalog.images.upload(null, storeId, { filename: 'photo.jpg', body: fs.createReadStream(source), type: null, customWidth: CUSTOM })));
    }

    const stored: number[] = [];
    for (let i = 0; i < RUNS; i++) stored.push(await time(() => deps.blobs.putStream(`bench/stream-${i}.jpg`, fs.createReadStream(source), { contentType: 'image/jpeg' })));

    const thumbs: number[] = [];
    for (let i = 0; i < RUNS; i++) thumbs.push(await time(() => describeUpload(source, 'image/jpeg', { customWidth: CUSTOM })));

    const bare: number[] = [];
    const thumb = (w: number) => sharp(jpeg).rotate().resize({ width: w, withoutEnlargement: true }).webp({ quality: 82 }).toBuffer();
    for (let i = 0; i < RUNS; i++) bare.push(await time(() => Promise.all([thumb(THUMB_WIDTHS.small), thumb(THUMB_WIDTHS.medium), thumb(CUSTOM)])));

    const disk: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const file = path.join(dataDir, `raw-${i}.jpg`);
      disk.push(
        await time(async () => {
          const fh = await fs.promises.open(file, 'w');
          await fh.writeFile(jpeg);
          await fh.sync();
          await fh.close();
        }),
      );
    }

    const up = p50(uploads);
    const dk = p50(disk);
    const rows = [
      ['HTTP upload (POST /v1/images)', up, mb / (up / 1000)],
      ['upload without HTTP (stream to blobs + 3 thumbnails)', p50(pipeline), mb / (p50(pipeline) / 1000)],
      ['blob store alone: putStream of the file (no fsync)', p50(stored), mb / (p50(stored) / 1000)],
      ['thumbnails from the stored file (header + 3 sizes)', p50(thumbs), mb / (p50(thumbs) / 1000)],
      ['baseline: sharp alone, same 3 thumbnails', p50(bare), mb / (p50(bare) / 1000)],
      ['baseline: raw disk write + fsync', dk, mb / (dk / 1000)],
    ] as const;
    for (const [name, ms, mbs] of rows) console.log(`${name.padEnd(56)} ${ms.toFixed(0).padStart(6)} ms  ${mbs.toFixed(1).padStart(7)} MB/s`);
    console.log(`ratio thumbnails from file / sharp alone: ${(p50(thumbs) / p50(bare)).toFixed(2)}x`);
    console.log(`ratio blob putStream / raw disk write:  ${(p50(stored) / dk).toFixed(2)}x the time`);
    console.log(`ratio HTTP upload / raw disk write:     ${(up / dk).toFixed(1)}x the time (the upload includes decoding for thumbnails)`);
  } finally {
    await app.close();
    await deps.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
