/**
 * PDF/X-1a merge documents composite transparency with what lies beneath, as renderPdf's do
 * (colour/flatten.ts): a card with a full-bleed photo, a 60 % white panel, a PNG with alpha,
 * a per-record PNG with alpha (a transparent variable layer) and a variable name over the
 * panel prints each record in X-1a as in X-4 (ΔE2000 through the output profile), with no
 * transparency anywhere, the names still text, and the static regions composited once.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mergeRecords, type MergeRecord } from '../../../../src/engines/vdp/merge.js';
import type { AssetResolver } from '../../../../src/engines/pdf/index.js';
import { findOutputProfile } from '../../../../src/engines/pdf/colour/output-profiles.js';
import { fixtureAssets, pdfImages } from '../pdf/helpers.js';
import { pdfxFacts } from '../pdf/pdfx-helpers.js';
import { cmykRenderLab, shareWithin } from '../pdf/flatten-helpers.js';
import { cardSide, pageText } from './helpers.js';

/** A disc of `rgb` whose alpha fades out towards its edge. */
async function disc(rgb: [number, number, number], size = 100): Promise<Buffer> {
  const px = Buffer.alloc(size * size * 4);
  const r = size / 2;
  for (let y = 0; y < size; y++) for (let x = 0; x < size; x++) px.set([...rgb, Math.max(0, Math.round(255 * (1 - Math.hypot(x - r, y - r) / r)))], (y * size + x) * 4);
  return sharp(px, { raw: { width: size, height: size, channels: 4 } }).png().toBuffer();
}

async function assets(): Promise<AssetResolver> {
  // a smooth colourful photo the size of the card with bleed (89 × 59 mm at 10 px/mm)
  const [w, h] = [890, 590];
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) px.set([Math.round((255 * x) / w), Math.round((255 * y) / h), Math.round(128 + 100 * Math.sin(x / 90 + y / 70))], (y * w + x) * 3);
  const files: Record<string, Buffer> = {
    'photo.jpg': await sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer(),
    'alpha.png': await disc([30, 60, 200]),
    red: await disc([220, 20, 20], 80),
    green: await disc([20, 160, 40], 80),
    yellow: await disc([250, 200, 0], 80),
  };
  return { ...fixtureAssets(), image: async (ref) => files[(ref.imageId ?? ref.src!).replace('mem://', '')]! };
}

// 85 × 55 mm, 2 mm bleed, 4 viewport px per mm
const side = cardSide([
  { type: 'image', src: 'mem://photo.jpg', left: -8, top: -8, scaleX: 0.4, scaleY: 0.4 },
  { type: 'rect', left: 20, top: 110, width: 300, height: 90, fill: '#ffffff', opacity: 0.6, strokeWidth: 0 },
  { type: 'image', src: 'mem://alpha.png', left: 230, top: 5, scaleX: 0.9, scaleY: 0.9 },
  { type: 'rect', left: 20, top: 10, width: 80, height: 80, fill: '#eeeeee', strokeWidth: 0, field: { name: 'badge', type: 'image', fit: 'contain' } },
  { type: 'text', left: 30, top: 130, width: 280, height: 40, text: 'Full Name', fontFamily: 'Roboto', fontSize: 28, fill: '#000000', field: { name: 'name', type: 'text' } },
]);

const records: MergeRecord[] = [
  { record: 1, values: { name: 'Ada Lovelace', badge: 'red' } },
  { record: 2, values: { name: 'Grace Hopper', badge: 'green' } },
  { record: 3, values: { name: 'Alan Turing', badge: 'yellow' } },
];

describe('mergeRecords pdf_x1a', () => {
  it('composites each record with what lies beneath like its X-4 page, no transparency left, names still text, static regions shared', async () => {
    const a = await assets();
    const x4 = await mergeRecords([side], records, a, { output: 'pdf', onError: 'fail', pdfStandard: 'pdf_x4' });
    const x1a = await mergeRecords([side], records, a, { output: 'pdf', onError: 'fail', pdfStandard: 'pdf_x1a' });
    expect(x1a.pages).toBe(3);

    const f = await pdfxFacts(x1a.file);
    expect(f.header).toBe('%PDF-1.3');
    expect(f.smasks + f.transparentGStates + f.transparencyGroups).toBe(0);
    expect(Buffer.from(x1a.file).toString('latin1')).not.toMatch(/\/SMask\s*(?!\/None)[^\s]|\/BM\s*\/(?!Normal|Compatible)|\/S\s*\/Transparency/);
    expect((await pdfxFacts(x4.file)).transparentGStates).toBeGreaterThan(0);

    const warnings = x1a.warnings.filter((w) => w.code === 'TRANSPARENCY_FLATTENED');
    expect(warnings.length).toBeGreaterThan(0);
    for (const w of warnings) expect(w.message).toContain('composited with what lies beneath');
    expect(warnings[0]!.details).toMatchObject({ layers: ['sides[0].layers[1]', 'sides[0].layers[2]', 'sides[0].layers[3]'], regions: 3 });

    // the panel's and the static PNG's regions are composited once and placed on every page; each badge's per record
    const regions = (await pdfImages(x1a.file)).filter((i) => i.enc !== 'jpeg');
    expect(regions.every((i) => i.type === 'image' && i.color === 'cmyk')).toBe(true);
    expect(regions).toHaveLength(9);
    expect(new Set(regions.map((i) => i.object)).size).toBe(5);

    const dpi = 100;
    const bleedPx = Math.ceil((2 / 25.4) * dpi);
    const crop = { left: bleedPx, top: bleedPx, width: Math.floor((85 / 25.4) * dpi) - 1, height: Math.floor((55 / 25.4) * dpi) - 1 };
    const profile = findOutputProfile('swop')!.path;
    for (const [i, r] of records.entries()) {
      expect(await pageText(x1a.file, i + 1)).toContain(r.values.name);
      const d = shareWithin(await cmykRenderLab(x4.file, dpi, profile, crop, i + 1), await cmykRenderLab(x1a.file, dpi, profile, crop, i + 1), 3);
      console.log(`record ${r.record}: X-1a vs X-4 ${(d.share * 100).toFixed(2)} % of the trim area within ΔE2000 3 (max ${d.max.toFixed(1)})`);
      expect(d.share).toBeGreaterThanOrEqual(0.99);
    }
  });
});
