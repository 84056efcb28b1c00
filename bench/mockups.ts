/**
 * Mockup bench (inputs are the curated templates of assets/mockups and a design made here):
 *
 *   npx tsx bench/mockups.ts [--runs N] [--format jpeg|png|webp]
 *
 * For each curated template at 1,000 px:
 *  1. live preview: the mockup of a design whose page and raster are cached (what the customizer
 *     pays when it shows the same design again or on another template): warp + mask + shading +
 *     highlight in typed arrays, then the encode;
 *  2. after an edit: the design changed, so its page is rendered again by the print engine
 *     (fonts, shaping), rasterised by pdftocairo, then warped and encoded;
 *  3. the floor, measured in the same run: sharp compositing the same layers without the warp
 *     (the design raster resized to the print area's bounding box, shading multiplied,
 *     highlight screened, mask applied with dest-in, laid over the photo, encoded the same way),
 *     from the same decoded, resized layers.
 * Prints p50 / p95 of each and the ratio of 1 to 3. Target: p50 ≤ 250 ms at 1,000 px.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { MockupRenderer, prepareTemplate, printAreaBounds, type ImageFormat, type TemplateLayers } from '../src/engines/mockup/index.js';
import type { PageSpec } from '../src/engines/pdf/index.js';
import { defaultMockupFiles, MOCKUP_ASSETS } from '../src/modules/mockups/mockups.defaults.js';

const arg = (name: string) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const RUNS = Number(arg('--runs') ?? 20);
const FORMAT = (arg('--format') ?? 'jpeg') as ImageFormat;
const WIDTH = 1000;

const page = (label: string): PageSpec =>
  ({
    width: 100,
    height: 100,
    dimensionUnit: 'mm',
    bleed: { top: 3, right: 3, bottom: 3, left: 3 },
    safeZone: { top: 5, right: 5, bottom: 5, left: 5 },
    dpi: 300,
    viewportWidth: 600,
    viewportHeight: 600,
    background: { color: '#fdf6e3' },
    layers: [
      { type: 'rect', left: 0, top: 0, width: 200, height: 600, fill: '#d33682' },
      { type: 'rect', left: 200, top: 0, width: 200, height: 600, fill: '#2aa198' },
      { type: 'circle', left: 380, top: 80, radius: 90, fill: '#b58900' },
      { type: 'textbox', left: 40, top: 260, width: 520, text: `Folio mockups ${label}`, fontFamily: 'Roboto', fontSize: 64, fontWeight: 'bold', fill: '#073642' },
      { type: 'textbox', left: 40, top: 420, width: 520, text: 'Same fonts and shaping as the print PDF — fi ffl ÄÖÜ', fontFamily: 'Lora', fontSize: 30, fill: '#002b36' },
    ],
  }) as PageSpec;
const assets = { image: async () => Promise.reject(new Error('no images')), font: async () => null };

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
async function time(n: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < n; i++) {
    const t0 = performance.now();
    await fn(i);
    out.push(performance.now() - t0);
  }
  return out;
}

function encode(img: sharp.Sharp, format: ImageFormat) {
  if (format === 'jpeg') return img.jpeg({ quality: 88 }).toBuffer();
  if (format === 'webp') return img.webp({ quality: 85, effort: 2 }).toBuffer();
  return img.png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
}

/** The floor: sharp composites the same layers, no warp (design stretched over the print area's bounding box). */
async function floorFor(spec: (typeof defs)[number]['spec'], layers: TemplateLayers, designPng: Buffer) {
  const prep = await prepareTemplate(spec, layers, WIDTH);
  const s = prep.width / spec.width;
  const [x0, y0, x1, y1] = printAreaBounds(spec.print_area);
  const left = Math.max(0, Math.floor(x0 * s));
  const top = Math.max(0, Math.floor(y0 * s));
  const bw = Math.min(prep.width - left, Math.ceil(x1 * s) - left);
  const bh = Math.min(prep.height - top, Math.ceil(y1 * s) - top);
  const region = (grey: Uint8Array | null) => {
    if (!grey) return null;
    const out = Buffer.alloc(bw * bh);
    for (let y = 0; y < bh; y++) out.set(grey.subarray((top + y) * prep.width + left, (top + y) * prep.width + left + bw), y * bw);
    return out;
  };
  const raw1 = (_b: Buffer) => ({ raw: { width: bw, height: bh, channels: 1 as const } });
  const shading = region(prep.shading);
  const highlight = region(prep.highlight);
  const mask = region(prep.mask);
  // layers as sharp takes them, made once (the template cache's equivalent)
  const shadingRgb = shading ? await sharp(shading, raw1(shading)).toColourspace('srgb').png({ compressionLevel: 0 }).toBuffer() : null;
  const highlightRgb = highlight ? await sharp(highlight, raw1(highlight)).toColourspace('srgb').png({ compressionLevel: 0 }).toBuffer() : null;
  const maskAlpha = mask ? await sharp({ create: { width: bw, height: bh, channels: 3, background: '#000' } }).joinChannel(mask, raw1(mask)).png({ compressionLevel: 0 }).toBuffer() : null;
  const design = await sharp(designPng).resize(bw, bh, { fit: 'fill' }).ensureAlpha().raw().toBuffer();
  return async () => {
    const ops: sharp.OverlayOptions[] = [];
    if (shadingRgb) ops.push({ input: shadingRgb, blend: 'multiply' });
    if (highlightRgb) ops.push({ input: highlightRgb, blend: 'screen' });
    if (maskAlpha) ops.push({ input: maskAlpha, blend: 'dest-in' });
    const layer = await sharp(design, { raw: { width: bw, height: bh, channels: 4 } }).composite(ops).raw().toBuffer();
    return encode(sharp(prep.photo, { raw: { width: prep.width, height: prep.height, channels: 3 } }).composite([{ input: layer, raw: { width: bw, height: bh, channels: 4 }, left, top }]), FORMAT);
  };
}

const defs = defaultMockupFiles();
console.log(`mockups at ${WIDTH} px, ${FORMAT}, ${RUNS} runs each (p50 / p95 ms; provisional: shared machine)\n`);
console.log('template        | live preview    | after an edit   | floor (sharp)   | preview / floor');
const renderer = new MockupRenderer();
for (const d of defs) {
  const layers = Object.fromEntries(Object.entries(d.layers).map(([n, f]) => [n, readFileSync(path.join(MOCKUP_ASSETS, d.key, f))])) as TemplateLayers;
  const template = { key: d.key, spec: d.spec, layers: async () => layers };
  const same = { key: 'bench-design', page: page(''), assets };
  await renderer.mockup(template, same, WIDTH, FORMAT); // warm: template prepared, page and raster cached
  const live = await time(RUNS, () => renderer.mockup(template, same, WIDTH, FORMAT));
  const edited = await time(Math.max(3, Math.round(RUNS / 2)), (i) => renderer.mockup(template, { key: `edit-${d.key}-${i}`, page: page(String(i)), assets }, WIDTH, FORMAT));
  const pageDone = await renderer.page(same);
  const { rasterImage } = await import('../src/engines/mockup/rasterize.js');
  const designPng = (await rasterImage(pageDone, pageDone.trim, 800)).image;
  const floor = await floorFor(d.spec, layers, designPng);
  await floor();
  const base = await time(RUNS, floor);
  const row = (xs: number[]) => `${pct(xs, 50).toFixed(0).padStart(5)} / ${pct(xs, 95).toFixed(0).padStart(5)}   `;
  console.log(`${d.key.padEnd(15)} | ${row(live)} | ${row(edited)} | ${row(base)} | ${(pct(live, 50) / pct(base, 50)).toFixed(2)}×`);
}
console.log('\ntarget: live preview p50 <= 250 ms at 1,000 px (after an edit includes the print engine and pdftocairo)');
