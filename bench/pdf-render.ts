/**
 * PDF engine benchmark: p50/p95 render time of
 *   - a two-sided A5 flyer (text + two 12-megapixel JPEGs, one per side),
 *   - a 20-page project (each page: its own 3-megapixel photo, headline, body text, shapes),
 * in RGB and CMYK, each against a baseline measured in the same run on the same inputs:
 *   - RGB: pdf-lib alone embedding the same JPEG bytes on the same number of pages and saving
 *     (the floor for writing those bytes into a PDF),
 *   - CMYK: Ghostscript pdfwrite re-writing the rendered RGB PDF without colour conversion.
 * Figures are printed as ratios to their baselines (absolute times vary with the machine).
 *
 *   npx tsx bench/pdf-render.ts [--iterations N] [--cmyk-iterations N]
 */
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { renderPdf, type AssetResolver, type PageSpec } from '../src/engines/pdf/index.js';
import { runGhostscript } from '../src/engines/prepress/ghostscript.js';

const argIter = process.argv.indexOf('--iterations');
const ITER = argIter > 0 ? Number(process.argv[argIter + 1]) : 8;
// a CMYK pass takes seconds (Ghostscript converts every image pixel): fewer runs, no warm-up
const argCmyk = process.argv.indexOf('--cmyk-iterations');
const CMYK_ITER = argCmyk > 0 ? Number(process.argv[argCmyk + 1]) : 3;

async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const hue = (seed * 67) % 360;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},70%,35%)"/><stop offset="1" stop-color="hsl(${(hue + 140) % 360},80%,70%)"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width * 0.7}" cy="${height * 0.4}" r="${height * 0.25}" fill="hsl(${(hue + 60) % 360},60%,55%)"/>
  </svg>`;
  // grain so the JPEG has the entropy of a photograph
  const noise = await sharp({ create: { width, height, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 18 }, background: '#808080' } }).raw().toBuffer();
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
      { type: 'circle', left: 760, top: 1020, radius: 20, fill: '#b45309', strokeWidth: 0 },
      { type: 'text', left: 50, top: 1030, text: String(i + 1), fontFamily: 'Roboto', fontSize: 16, fill: '#57534e' },
    ],
  };
}

/** pdf-lib alone: the same JPEG bytes, one per page, drawn full size, saved. */
async function pdfLibFloor(images: Buffer[], pageSize: [number, number]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (const img of images) {
    const embedded = await doc.embedJpg(img);
    doc.addPage(pageSize).drawImage(embedded, { x: 0, y: 0, width: pageSize[0], height: pageSize[1] });
  }
  return doc.save();
}

function pct(samples: number[], p: number): number {
  const s = [...samples].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

async function time(label: string, n: number, fn: () => Promise<unknown>, warmUp = true): Promise<{ label: string; p50: number; p95: number }> {
  if (warmUp) await fn(); // fonts parsed, code paths compiled
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const t = process.hrtime.bigint();
    await fn();
    samples.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return { label, p50: pct(samples, 50), p95: pct(samples, 95) };
}

function row(r: { label: string; p50: number; p95: number }, base?: { p50: number }): string {
  const ratio = base ? `  ${(r.p50 / base.p50).toFixed(2)}x baseline` : '';
  return `  ${r.label.padEnd(52)} p50 ${r.p50.toFixed(0).padStart(6)} ms   p95 ${r.p95.toFixed(0).padStart(6)} ms${ratio}`;
}

console.log('preparing inputs (two 4000x3000 JPEGs, twenty 2000x1500 JPEGs)…');
const big = await Promise.all([photo(4000, 3000, 1), photo(4000, 3000, 2)]);
const small = await Promise.all(Array.from({ length: 20 }, (_, i) => photo(2000, 1500, i + 3)));
const files = new Map<string, Buffer>([['big-1.jpg', big[0]!], ['big-2.jpg', big[1]!], ...small.map((b, i) => [`photo-${i}.jpg`, b] as [string, Buffer])]);
const assets: AssetResolver = {
  async image(ref) {
    const b = files.get(ref.src ?? ref.imageId ?? '');
    if (!b) throw new Error('no such bench image');
    return b;
  },
};
const flyer = [flyerSide('big-1.jpg', 'Autumn Makers Weekend'), flyerSide('big-2.jpg', 'Programme & Tickets')];
const project = Array.from({ length: 20 }, (_, i) => projectPage(i));

const flyerRgb = await renderPdf(flyer, assets);
const projectRgb = await renderPdf(project, assets);
console.log(`inputs: 12-MP JPEGs ${(big[0]!.length / 1e6).toFixed(1)} MB + ${(big[1]!.length / 1e6).toFixed(1)} MB; flyer PDF ${(flyerRgb.pdf.length / 1e6).toFixed(1)} MB, project PDF ${(projectRgb.pdf.length / 1e6).toFixed(1)} MB`);
console.log(`iterations: RGB ${ITER} (after one warm-up run each), CMYK ${CMYK_ITER}\n`);

const a5: [number, number] = [154 / 25.4 * 72, 216 / 25.4 * 72];
const letter: [number, number] = [8.75 * 72, 11.25 * 72];
const results = {
  flyerFloor: await time('baseline: pdf-lib embeds the 2 JPEGs, saves', ITER, () => pdfLibFloor(big, a5)),
  flyer: await time('two-sided flyer, RGB (text + two 12-MP images)', ITER, () => renderPdf(flyer, assets)),
  projectFloor: await time('baseline: pdf-lib embeds the 20 JPEGs, saves', ITER, () => pdfLibFloor(small, letter)),
  project: await time('20-page project, RGB', ITER, () => renderPdf(project, assets)),
  flyerGs: await time('baseline: gs pdfwrite re-writes the flyer PDF', CMYK_ITER, () => runGhostscript(['-sDEVICE=pdfwrite'], flyerRgb.pdf), false),
  flyerCmyk: await time('two-sided flyer, CMYK', CMYK_ITER, () => renderPdf(flyer, assets, { colorMode: 'cmyk', cmykEngine: 'ghostscript' }), false),
  projectGs: await time('baseline: gs pdfwrite re-writes the project PDF', CMYK_ITER, () => runGhostscript(['-sDEVICE=pdfwrite'], projectRgb.pdf), false),
  projectCmyk: await time('20-page project, CMYK', CMYK_ITER, () => renderPdf(project, assets, { colorMode: 'cmyk', cmykEngine: 'ghostscript', ghostscriptTimeoutMs: 600_000 }), false),
};

console.log('RGB');
console.log(row(results.flyerFloor));
console.log(row(results.flyer, results.flyerFloor));
console.log(row(results.projectFloor));
console.log(row(results.project, results.projectFloor));
console.log('CMYK (Ghostscript pass)');
console.log(row(results.flyerGs));
console.log(row(results.flyerCmyk, results.flyerGs));
console.log(row(results.projectGs));
console.log(row(results.projectCmyk, results.projectGs));
