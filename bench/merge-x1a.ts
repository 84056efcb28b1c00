/**
 * PDF/X-1a merge documents against PDF/X-4 ones, same records, same run: a business card
 * (85 × 55 mm, 3 mm bleed) with a full-bleed photo, a 60 % white panel and a PNG with alpha
 * (static), and a variable name over the panel, merged for N records (default 200) into one
 * PDF. Rows: pdf_x4 (the baseline: transparency stays live), pdf_x1a (the static regions are
 * composited by Ghostscript once and placed on every page, colour/flatten.ts), and pdf_x1a
 * with a per-record PNG with alpha (a transparent variable layer: one region per record).
 *
 *   npx tsx bench/merge-x1a.ts [--records N] [--iterations N]
 */
import sharp from 'sharp';
import type { AssetResolver, PageSpec } from '../src/engines/pdf/index.js';
import { mergeRecords, type MergeRecord } from '../src/engines/vdp/index.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const RECORDS = arg('--records', 200);
const ITER = arg('--iterations', 3);

async function disc(rgb: [number, number, number], size: number): Promise<Buffer> {
  const px = Buffer.alloc(size * size * 4);
  const r = size / 2;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) px.set([...rgb, Math.max(0, Math.round(255 * (1 - Math.hypot(x - r, y - r) / r)))], (y * size + x) * 4);
  return sharp(px, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
}

async function assets(): Promise<AssetResolver> {
  // 91 × 61 mm at 300 ppi
  const [w, h] = [1075, 720];
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set([Math.round((255 * x) / w), Math.round((255 * y) / h), Math.round(128 + 100 * Math.sin(x / 90 + y / 70))], (y * w + x) * 3);
  const files: Record<string, Buffer> = {
    'photo.jpg': await sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer(),
    'alpha.png': await disc([30, 60, 200], 300),
  };
  for (let i = 0; i < 8; i++) files[`badge${i}`] = await disc([(i * 97) % 256, (i * 53 + 80) % 256, (i * 31 + 40) % 256], 240);
  return { image: async (ref) => files[(ref.imageId ?? ref.src!).replace('mem://', '')]! };
}

function side(badge: boolean): PageSpec {
  return {
    width: 85, height: 55, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, viewportWidth: 850, viewportHeight: 550,
    background: { color: '#ffffff' },
    layers: [
      { type: 'image', src: 'mem://photo.jpg', left: -30, top: -30, scaleX: 910 / 1075, scaleY: 610 / 720 },
      { type: 'rect', left: 50, top: 280, width: 750, height: 220, fill: '#ffffff', opacity: 0.6, strokeWidth: 0 },
      { type: 'image', src: 'mem://alpha.png', left: 580, top: 20, scaleX: 0.8, scaleY: 0.8 },
      ...(badge ? [{ type: 'rect', left: 40, top: 30, width: 200, height: 200, fill: '#eeeeee', strokeWidth: 0, field: { name: 'badge', type: 'image', fit: 'contain' } }] : []),
      { type: 'text', left: 80, top: 330, width: 690, height: 100, text: 'Full Name', fontFamily: 'Roboto', fontSize: 70, fill: '#000000', field: { name: 'name', type: 'text' } },
    ],
  };
}

const records: MergeRecord[] = Array.from({ length: RECORDS }, (_, i) => ({ record: i + 1, values: { name: `Record Holder ${i + 1}`, badge: `badge${i % 8}` } }));

async function time(label: string, run: () => Promise<{ file: Buffer }>): Promise<number> {
  await run(); // warm: fonts, profile, Ghostscript
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < ITER; i++) {
    const t = performance.now();
    bytes = (await run()).file.length;
    ms.push(performance.now() - t);
  }
  const median = ms.sort((a, b) => a - b)[Math.floor(ms.length / 2)]!;
  console.log(`${label.padEnd(34)} ${median.toFixed(0).padStart(7)} ms  ${(bytes / 1e6).toFixed(2).padStart(6)} MB`);
  return median;
}

const a = await assets();
console.log(`${RECORDS} records, median of ${ITER}`);
const x4 = await time('pdf_x4 (baseline)', () => mergeRecords([side(false)], records, a, { output: 'pdf', onError: 'fail', pdfStandard: 'pdf_x4' }));
const x1a = await time('pdf_x1a, static transparency', () => mergeRecords([side(false)], records, a, { output: 'pdf', onError: 'fail', pdfStandard: 'pdf_x1a' }));
const x4b = await time('pdf_x4 + per-record alpha PNG', () => mergeRecords([side(true)], records, a, { output: 'pdf', onError: 'fail', pdfStandard: 'pdf_x4' }));
const x1ab = await time('pdf_x1a + per-record alpha PNG', () => mergeRecords([side(true)], records, a, { output: 'pdf', onError: 'fail', pdfStandard: 'pdf_x1a' }));
console.log(`pdf_x1a / pdf_x4: ${(x1a / x4).toFixed(2)}× (static), ${(x1ab / x4b).toFixed(2)}× (per-record transparent layer)`);
