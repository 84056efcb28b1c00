/**
 * CMYK print files: the ICC path (sharp/LittleCMS, PDF/X-4) against the former Ghostscript
 * pass and against the floor, in one run, on the same inputs:
 *   - a two-sided A5 flyer, one 12-megapixel photo per side (deterministic grain + gradients),
 *   - optionally (--project) the 20-page project of bench/pdf-render.ts (3-MP photo per page).
 * Rows: new path (pdf_x4, and pdf_x1a: the 85 % panel under the text is composited with
 * what lies beneath by Ghostscript at 300 ppi, colour/flatten.ts), old path (cmykEngine 'ghostscript': the RGB file
 * rewritten by Ghostscript pdfwrite), sharp converting the same two photos to CMYK JPEG alone
 * (the floor: the engine does this plus fonts, vectors and pdf-lib), and the RGB path (after;
 * "before" too when FOLIO_BENCH_BEFORE names another checkout's src/engines/pdf/index.ts).
 *
 *   npx tsx bench/print-cmyk.ts [--iterations N] [--gs-iterations N] [--project]
 */
import sharp from 'sharp';
import { CMYK_JPEG_QUALITY } from '../src/engines/pdf/colour/cmyk-images.js';
import { findOutputProfile, renderPdf, type AssetResolver, type PageSpec } from '../src/engines/pdf/index.js';

const arg = (name: string, dflt: number): number => {
  const i = process.argv.indexOf(name);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const ITER = arg('--iterations', 7);
const GS_ITER = arg('--gs-iterations', 3);
const PROJECT = process.argv.includes('--project');

/** Deterministic photo-like JPEG: two gradients, a disc, and seeded grain (mulberry32). */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},80%,70%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.25}" fill="hsl(${(hue + 60) % 360},60%,55%)"/>
  </svg>`;
  let s = seed >>> 0;
  const rnd = (): number => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const noise = Buffer.allocUnsafe(width * height * 3);
  for (let i = 0; i < noise.length; i++) noise[i] = Math.max(0, Math.min(255, Math.round(128 + 18 * (rnd() + rnd() + rnd() - 1.5) * 2)));
  return sharp(Buffer.from(svg))
    .composite([{ input: noise, raw: { width, height, channels: 3 }, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const body =
  'Join us for a weekend of workshops, talks and tastings. Bring friends, bring questions, and leave with new ideas. ' +
  'Tickets include lunch on both days, entry to every session and a printed programme.';

function flyerSide(image: string, title: string): PageSpec {
  return {
    width: 148, height: 210, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safeZone: { top: 5, right: 5, bottom: 5, left: 5 },
    dpi: 300, viewportWidth: 592, viewportHeight: 840, background: { color: '#ffffff' },
    layers: [
      { type: 'image', src: image, left: 296, top: 260, originX: 'center', originY: 'center', scaleX: 0.15, scaleY: 0.15 },
      { type: 'rect', left: 0, top: 520, width: 592, height: 320, fill: 'rgba(15,23,42,0.85)', strokeWidth: 0 },
      { type: 'textbox', left: 40, top: 550, width: 512, text: title, fontFamily: 'Lora', fontWeight: 'bold', fontSize: 44, fill: '#f8fafc' },
      { type: 'textbox', left: 40, top: 630, width: 512, text: body, fontFamily: 'Roboto', fontSize: 20, lineHeight: 1.3, textAlign: 'justify-left', fill: '#e2e8f0' },
      { type: 'text', left: 40, top: 790, text: 'folio.example/weekend', fontFamily: 'Roboto Mono', fontSize: 18, fill: '#fde047', charSpacing: 50 },
      { type: 'text', left: 40, top: 815, text: 'Small black legal line, 100 K', fontFamily: 'Roboto', fontSize: 8, fill: '#000000' },
    ],
  };
}

function projectPage(i: number): PageSpec {
  return {
    width: 8.5, height: 11, dimensionUnit: 'inch', bleed: { top: 0.125, right: 0.125, bottom: 0.125, left: 0.125 }, dpi: 300,
    viewportWidth: 850, viewportHeight: 1100, background: { color: '#fafaf9' },
    layers: [
      { type: 'image', src: `photo-${i}.jpg`, left: 50, top: 50, scaleX: 0.375, scaleY: 0.375 },
      { type: 'text', left: 50, top: 640, text: `Chapter ${i + 1}`, fontFamily: 'Lora', fontWeight: 'bold', fontSize: 48, fill: '#1c1917' },
      { type: 'textbox', left: 50, top: 720, width: 750, text: `${body} ${body}`, fontFamily: 'Open Sans', fontSize: 18, lineHeight: 1.4, fill: '#292524' },
      { type: 'rect', left: 50, top: 1000, width: 750, height: 4, fill: '#b45309', strokeWidth: 0 },
      { type: 'text', left: 50, top: 1030, text: String(i + 1), fontFamily: 'Roboto', fontSize: 16, fill: '#57534e' },
    ],
  };
}

function pct(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

type Row = { label: string; p50: number; p95: number; n: number; size?: number };
async function time(label: string, n: number, fn: () => Promise<{ pdf?: Buffer } | unknown>, warmUp = true): Promise<Row> {
  if (warmUp) await fn();
  const samples: number[] = [];
  let size: number | undefined;
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    const out = (await fn()) as { pdf?: Buffer } | undefined;
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
    if (out && typeof out === 'object' && out.pdf) size = out.pdf.length;
  }
  return { label, p50: pct(samples, 50), p95: pct(samples, 95), n, ...(size ? { size } : {}) };
}

function line(r: Row, base?: Row): string {
  const ratio = base ? `  ${(r.p50 / base.p50).toFixed(2)}x ${base.label.split(':')[0]}` : '';
  const size = r.size ? `  ${(r.size / 1e6).toFixed(1)} MB` : '';
  return `  ${r.label.padEnd(58)} p50 ${r.p50.toFixed(0).padStart(6)} ms   p95 ${r.p95.toFixed(0).padStart(6)} ms  (n=${r.n})${size}${ratio}`;
}

const profile = findOutputProfile(undefined);
if (!profile) throw new Error('no CMYK output profile installed (Debian package libgs-common)');
console.log('preparing inputs (two 4000x3000 JPEGs' + (PROJECT ? ', twenty 2000x1500 JPEGs' : '') + ')…');
const big = [await photo(4000, 3000, 1), await photo(4000, 3000, 2)];
const small = PROJECT ? await Promise.all(Array.from({ length: 20 }, (_, i) => photo(2000, 1500, i + 3))) : [];
const files = new Map<string, Buffer>([['big-1.jpg', big[0]!], ['big-2.jpg', big[1]!], ...small.map((b, i) => [`photo-${i}.jpg`, b] as [string, Buffer])]);
const assets: AssetResolver = {
  async image(ref) {
    const b = files.get(ref.src ?? ref.imageId ?? '');
    if (!b) throw new Error('no such bench image');
    return b;
  },
};
const flyer = [flyerSide('big-1.jpg', 'Autumn Makers Weekend'), flyerSide('big-2.jpg', 'Programme & Tickets')];
console.log(`inputs: 12-MP JPEGs ${(big[0]!.length / 1e6).toFixed(1)} MB + ${(big[1]!.length / 1e6).toFixed(1)} MB; profile ${profile.id} (${profile.description}); ${process.env.UV_THREADPOOL_SIZE ?? 4} libuv threads, sharp concurrency ${sharp.concurrency()}\n`);

/** What the engine cannot go below: sharp converting the two photos to CMYK JPEG with the engine's settings, two at a time as the engine does. */
const floor = async (): Promise<void> => {
  await Promise.all(big.map((b) => sharp(b).withIccProfile(profile.path).jpeg({ quality: CMYK_JPEG_QUALITY, chromaSubsampling: '4:4:4' }).toBuffer()));
};

const before = process.env.FOLIO_BENCH_BEFORE ? ((await import(process.env.FOLIO_BENCH_BEFORE)) as { renderPdf: typeof renderPdf }) : undefined;

const rows: Row[] = [];
const floorRow = await time('floor: sharp converts the 2 photos to CMYK JPEG', ITER, floor);
const x4 = await time('new: ICC path, PDF/X-4 (default for cmyk)', ITER, () => renderPdf(flyer, assets, { colorMode: 'cmyk', title: 'bench' }));
const x1a = await time('new: ICC path, PDF/X-1a (panel flattened, 300 ppi)', ITER, () => renderPdf(flyer, assets, { pdfStandard: 'pdf_x1a', title: 'bench' }));
const gs = await time('old: Ghostscript pdfwrite pass', GS_ITER, () => renderPdf(flyer, assets, { colorMode: 'cmyk', cmykEngine: 'ghostscript', ghostscriptTimeoutMs: 600_000 }), false);
const rgb = await time('rgb after: this checkout', ITER, () => renderPdf(flyer, assets));
const rgbBefore = before ? await time('rgb before: FOLIO_BENCH_BEFORE', ITER, () => before.renderPdf(flyer, assets)) : undefined;
rows.push(floorRow, x4, x1a, gs, rgb);

console.log('two-sided A5 flyer, two 12-MP photos, CMYK');
console.log(line(floorRow));
console.log(line(x4, floorRow));
console.log(line(x1a, floorRow));
console.log(line(gs, x4));
console.log('same flyer, RGB');
console.log(line(rgb));
if (rgbBefore) console.log(line(rgbBefore, rgb));

if (PROJECT) {
  const project = Array.from({ length: 20 }, (_, i) => projectPage(i));
  const pNew = await time('new: 20-page project, PDF/X-4', Math.max(1, Math.floor(ITER / 2)), () => renderPdf(project, assets, { colorMode: 'cmyk', title: 'bench' }));
  const pOld = await time('old: 20-page project, Ghostscript', 1, () => renderPdf(project, assets, { colorMode: 'cmyk', cmykEngine: 'ghostscript', ghostscriptTimeoutMs: 600_000 }), false);
  console.log('20-page project, CMYK');
  console.log(line(pNew));
  console.log(line(pOld, pNew));
}
console.log(`\ntarget: new p50 ≤ 1000 ms → ${x4.p50 <= 1000 ? 'met' : 'NOT met'} (${x4.p50.toFixed(0)} ms)`);
