/**
 * Studio engines benchmark:  npx tsx bench/studio.ts [--rounds N]
 *
 *   face crop      per image, p50/p95, without and with enhance; baseline in the same run:
 *                  sharp alone cutting and resizing the same crop (no detection, no model)
 *   QR sheet       2000 subjects, 4-up, US Letter; baseline: a 4-subject sheet (fixed cost)
 *   match          per file: embed + compare with 1000 references; baseline: the compare alone
 *
 * Uses the face fixtures in test/fixtures/faces. Machines here are shared: read
 * the ratios, not the absolute times. Results also go to bench/results/studio.json.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { faceCrop, type FaceCropResult } from '../src/engines/image/face-crop.js';
import { renderQrSheet, qrPayload, type QrSubject } from '../src/engines/qr/card-sheet.js';
import { warmupEnhance } from '../src/engines/vision/enhance.js';
import { embedFace, warmupFaces } from '../src/engines/vision/faces/detector.js';
import { matchEmbedding, type ReferenceEmbedding } from '../src/engines/vision/matching.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const facesDir = path.resolve(root, 'test', 'fixtures', 'faces');
const roundsArg = process.argv.indexOf('--rounds');
const ROUNDS = roundsArg > 0 ? Number(process.argv[roundsArg + 1]) : 4;

function pct(xs: number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.max(0, Math.ceil((p / 100) * s.length) - 1))]!;
}

async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const t0 = performance.now();
  const out = await fn();
  return [performance.now() - t0, out];
}

interface Stat {
  n: number;
  p50: number;
  p95: number;
  mean: number;
}
function stat(xs: number[]): Stat {
  return { n: xs.length, p50: pct(xs, 50), p95: pct(xs, 95), mean: xs.reduce((a, b) => a + b, 0) / xs.length };
}
function fmt(s: Stat): string {
  return `p50 ${s.p50.toFixed(0).padStart(6)} ms   p95 ${s.p95.toFixed(0).padStart(6)} ms   (n=${s.n})`;
}

/** The baseline a photo studio would run without us: cut the same rectangle and resize it with sharp. */
async function plainResize(img: Buffer, r: FaceCropResult): Promise<void> {
  const cut = (await sharp(img).rotate().extract({ left: Math.max(0, r.cropBox.x), top: Math.max(0, r.cropBox.y), width: r.width, height: r.height }).toBuffer()) as Buffer;
  await Promise.all([
    sharp(cut).jpeg({ quality: 92 }).toBuffer(),
    sharp(cut).resize(r.mediumWidth, r.mediumHeight, { kernel: 'lanczos3' }).jpeg({ quality: 92 }).toBuffer(),
  ]);
}

async function benchFaceCrop() {
  const names = readdirSync(facesDir).filter((f) => /\.(png|jpe?g)$/i.test(f)).sort();
  // Add one larger photo so the head-region path of enhance is measured too.
  const images: [string, Buffer][] = names.map((n) => [n, readFileSync(path.join(facesDir, n))]);
  images.push(['julia@1040px', await sharp(images.find(([n]) => n.startsWith('julia'))![1]).resize(1040).jpeg({ quality: 92 }).toBuffer()]);
  const plain: number[] = [];
  const enhanced: number[] = [];
  const baseline: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    for (const [, img] of images) {
      const [t1, r] = await time(() => faceCrop(img, 'school'));
      plain.push(t1);
      enhanced.push((await time(() => faceCrop(img, 'school', { enhance: true })))[0]);
      baseline.push((await time(() => plainResize(img, r)))[0]);
    }
  }
  return { images: images.map(([n]) => n), plain: stat(plain), enhanced: stat(enhanced), baseline: stat(baseline) };
}

function subjects(n: number): QrSubject[] {
  const names = ['Ana Lima', 'Maximilian Alexander Fitzgerald-Worthington', '李小龍', 'محمد عبد الله', 'Екатерина Смирнова', '김민준', 'Zoë Ñúñez'];
  return Array.from({ length: n }, (_, i) => ({ studentId: `S${String(i + 1).padStart(6, '0')}`, name: `${names[i % names.length]} ${i + 1}`, className: `Grade ${(i % 12) + 1}` }));
}

async function decodePages(pdf: Buffer, pages: number[]): Promise<string[]> {
  const run = promisify(execFile);
  const dir = mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  try {
    writeFileSync(path.join(dir, 's.pdf'), pdf);
    const out: string[] = [];
    for (const p of pages) {
      await run('pdftoppm', ['-r', '150', '-gray', '-png', '-singlefile', '-f', String(p), '-l', String(p), path.join(dir, 's.pdf'), path.join(dir, `p${p}`)]);
      const { stdout } = await run('zbarimg', ['--quiet', '--raw', path.join(dir, `p${p}.png`)]).catch((e: { stdout?: string }) => ({ stdout: e.stdout ?? '' }));
      out.push(...stdout.split('\n').filter(Boolean));
    }
    return out;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchQr() {
  const jobId = '0190f4c2-7d1e-7aa0-9b9e-3f2a1c5d6e7f';
  const logo = await sharp({ create: { width: 300, height: 120, channels: 3, background: '#1a3c9f' } }).png().toBuffer();
  const opts = { jobId, layout: '4up' as const, schoolName: 'Springfield Elementary School', logo };
  await renderQrSheet({ ...opts, subjects: subjects(4) }); // load fonts and wasm once
  const small: number[] = [];
  for (let i = 0; i < 3; i++) small.push((await time(() => renderQrSheet({ ...opts, subjects: subjects(4) })))[0]);
  const big: number[] = [];
  let sheet: Awaited<ReturnType<typeof renderQrSheet>> | undefined;
  for (let i = 0; i < 2; i++) {
    const [t, s] = await time(() => renderQrSheet({ ...opts, subjects: subjects(2000) }));
    big.push(t);
    sheet = s;
  }
  const all = subjects(2000);
  const decoded = await decodePages(sheet!.pdf, [1, sheet!.pages]);
  const expected = [...all.slice(0, 4), ...all.slice(1996)].map((s) => qrPayload(jobId, s.studentId)).sort();
  return {
    sheet2000: stat(big),
    sheet4: stat(small),
    pages: sheet!.pages,
    bytes: sheet!.pdf.length,
    spotCheck: JSON.stringify(decoded.sort()) === JSON.stringify(expected) ? 'first and last page decode with zbarimg' : `DECODE MISMATCH: ${decoded.join(',')}`,
  };
}

async function benchMatch() {
  const names = ['astronaut.png', 'camera.png', 'julia_facedetect_sample.jpg', 'messi5.jpg'];
  const refs: ReferenceEmbedding<string>[] = [];
  for (const n of names) refs.push({ subjectId: n, embedding: (await embedFace(readFileSync(path.join(facesDir, n)))).embedding });
  // Pad to 1000 references (a large agency) with unit-norm random vectors.
  let seed = 1;
  const rnd = () => ((seed = (seed * 16807) % 2147483647) / 2147483647) * 2 - 1;
  while (refs.length < 1000) refs.push({ subjectId: `synthetic-${refs.length}`, embedding: Float32Array.from({ length: 1024 }, rnd) });
  const files = await Promise.all(names.map((n) => sharp(readFileSync(path.join(facesDir, n))).flop().jpeg({ quality: 85 }).toBuffer()));
  const perFile: number[] = [];
  const compareOnly: number[] = [];
  let correct = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const [i, file] of files.entries()) {
      const [t, res] = await time(async () => matchEmbedding((await embedFace(file)).embedding, refs));
      perFile.push(t);
      if (res.status === 'matched' && res.subjectId === names[i]) correct++;
      const { embedding } = await embedFace(file);
      compareOnly.push((await time(async () => matchEmbedding(embedding, refs)))[0]);
    }
  }
  return { perFile: stat(perFile), compareOnly: stat(compareOnly), references: refs.length, correct: `${correct}/${perFile.length}` };
}

async function main() {
  console.log(`studio bench: node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  const [warm] = await time(async () => {
    await warmupFaces();
    await warmupEnhance();
  });
  console.log(`model warm-up (tfjs WASM + human + ESRGAN):     ${warm.toFixed(0)} ms\n`);

  const fc = await benchFaceCrop();
  console.log(`face crop, per image (${fc.images.length} photos × ${ROUNDS} rounds, school preset)`);
  console.log(`  baseline: sharp cut + resize only        ${fmt(fc.baseline)}`);
  console.log(`  faceCrop                                 ${fmt(fc.plain)}   ratio ${(fc.plain.p50 / fc.baseline.p50).toFixed(1)}× baseline`);
  console.log(`  faceCrop + enhance (ESRGAN ×4)           ${fmt(fc.enhanced)}   ratio ${(fc.enhanced.p50 / fc.plain.p50).toFixed(1)}× faceCrop\n`);

  const qr = await benchQr();
  console.log('QR card sheet, 4-up US Letter');
  console.log(`  baseline: 4 subjects (1 page)            ${fmt(qr.sheet4)}`);
  console.log(`  2000 subjects (${qr.pages} pages, ${(qr.bytes / 1e6).toFixed(1)} MB)       ${fmt(qr.sheet2000)}   ${(qr.sheet2000.p50 / 2000).toFixed(2)} ms/card`);
  console.log(`  ${qr.spotCheck}\n`);

  const m = await benchMatch();
  console.log(`match, per file (${m.references} references)`);
  console.log(`  baseline: cosine compare only            ${fmt(m.compareOnly)}`);
  console.log(`  embed + compare                          ${fmt(m.perFile)}   correct ${m.correct}`);

  mkdirSync(path.join(root, 'bench', 'results'), { recursive: true });
  const out = { at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, loadavg: os.loadavg(), warmupMs: warm, faceCrop: fc, qr, match: m };
  writeFileSync(path.join(root, 'bench', 'results', 'studio.json'), JSON.stringify(out, null, 2));
}

await main();
