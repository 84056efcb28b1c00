/**
 * PDF/X-1a flattening composites transparency with what lies beneath it, as a PDF/X-4 RIP
 * would: "the card" (a full-bleed photo under a 60 % white panel, a PNG with alpha, a 60 %
 * red circle, a PDF logo drawing a 50 % circle, an SVG with fill-opacity, black text over the panel) prints the same in
 * X-1a as in X-4 (ΔE2000 through the output profile), and the X-1a file holds no
 * transparency anywhere while text and vectors outside the composited regions stay vector.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { renderPdf, type AssetResolver, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { findOutputProfile } from '../../../../src/engines/pdf/colour/output-profiles.js';
import { fixtureAssets, pdfFonts, pdfImages, pdfText } from './helpers.js';
import { pdfxFacts } from './pdfx-helpers.js';
import { cmykRenderLab, deltaE2000, shareWithin } from './flatten-helpers.js';

async function cardAssets(): Promise<AssetResolver> {
  // a colourful, smooth photo the size of the card with bleed (91 × 61 mm at 10 px/mm)
  const [w, h] = [910, 610];
  const px = Buffer.alloc(w * h * 3);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) px.set([Math.round((255 * x) / w), Math.round((255 * y) / h), Math.round(128 + 100 * Math.sin(x / 90 + y / 70))], (y * w + x) * 3);
  }
  const photo = await sharp(px, { raw: { width: w, height: h, channels: 3 } }).jpeg({ quality: 90 }).toBuffer();
  // a blue disc whose alpha fades out towards its edge
  const rgba = Buffer.alloc(200 * 200 * 4);
  for (let y = 0; y < 200; y++) {
    for (let x = 0; x < 200; x++) rgba.set([30, 60, 200, Math.max(0, Math.round(255 * (1 - Math.hypot(x - 100, y - 100) / 100)))], (y * 200 + x) * 4);
  }
  const png = await sharp(rgba, { raw: { width: 200, height: 200, channels: 4 } }).png().toBuffer();
  const logo = await PDFDocument.create();
  const p = logo.addPage([100, 100]);
  p.drawRectangle({ x: 5, y: 5, width: 50, height: 50, color: rgb(0.1, 0.3, 0.8) });
  p.drawCircle({ x: 60, y: 60, size: 35, color: rgb(0, 0.6, 0.2), opacity: 0.5 });
  const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="60" height="60"><rect width="60" height="60" fill="#ffcc00" fill-opacity="0.5"/><circle cx="30" cy="30" r="20" fill="#000080" opacity="0.7"/></svg>');
  const files: Record<string, Uint8Array> = { 'photo.jpg': photo, 'alpha.png': png, 'logo.pdf': await logo.save(), 'mark.svg': svg };
  return { ...fixtureAssets(), image: async (ref) => files[ref.src!.replace('mem://', '')]! };
}

const card: PageSpec = {
  width: 85, height: 55, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, viewportWidth: 850, viewportHeight: 550, dpi: 300,
  layers: [
    { type: 'image', src: 'mem://photo.jpg', left: -30, top: -30 },
    { type: 'rect', left: 20, top: 20, width: 40, height: 40, fill: '#ff8800', strokeWidth: 0 },
    { type: 'rect', left: 60, top: 300, width: 730, height: 200, fill: '#ffffff', opacity: 0.6, strokeWidth: 0 },
    { type: 'image', src: 'mem://alpha.png', left: 600, top: 40 },
    { type: 'circle', left: 380, top: 60, radius: 80, fill: '#ff0000', opacity: 0.6, strokeWidth: 0 },
    { type: 'image', src: 'mem://logo.pdf', left: 80, top: 60, scaleX: 1.5, scaleY: 1.5 },
    { type: 'image', src: 'mem://mark.svg', left: 805, top: 505 },
    { type: 'text', left: 100, top: 340, text: 'FOLIO', fontFamily: 'Roboto', fontSize: 90, fill: '#000000' },
  ],
};

describe('PDF/X-1a flattening', () => {
  it('prints the card like its X-4 render, with no transparency anywhere, text and outside vectors kept vector', async () => {
    const assets = await cardAssets();
    const x4 = await renderPdf([card], assets, { pdfStandard: 'pdf_x4', title: 'card' });
    const x1a = await renderPdf([card], assets, { pdfStandard: 'pdf_x1a', title: 'card' });

    const f = await pdfxFacts(x1a.pdf);
    expect(f.header).toBe('%PDF-1.3');
    expect(f.info['/GTS_PDFXVersion']).toBe('u:PDF/X-1a:2001');
    expect(f.smasks).toBe(0);
    expect(f.transparentGStates).toBe(0);
    expect(f.transparencyGroups).toBe(0);
    expect(Buffer.from(x1a.pdf).toString('latin1')).not.toMatch(/\/SMask\s*(?!\/None)[^\s]|\/BM\s*\/(?!Normal|Compatible)|\/S\s*\/Transparency/);
    expect((await pdfxFacts(x4.pdf)).transparentGStates).toBeGreaterThan(0);

    // text above the composited layers is still text; the orange square outside every region is still a vector fill
    expect(await pdfText(x1a.pdf)).toContain('FOLIO');
    expect((await pdfFonts(x1a.pdf)).map((r) => r.emb)).toEqual([true]);
    expect(f.content.split('\n').some((l) => /^[\d.]+ [\d.]+ [\d.]+ [\d.]+ k$/.test(l) && !/^0 0 0 [\d.]+ k$/.test(l))).toBe(true);
    // the photo stays the JPEG; the composited regions are opaque CMYK images, none the size of the page
    const images = await pdfImages(x1a.pdf);
    expect(images.filter((i) => i.enc === 'jpeg')).toHaveLength(1);
    const regions = images.filter((i) => i.enc !== 'jpeg');
    expect(regions).toHaveLength(5);
    const pagePx = ((91 * 61) / 25.4 ** 2) * 300 * 300;
    expect(regions.every((i) => i.type === 'image' && i.color === 'cmyk' && i.width * i.height < pagePx / 2)).toBe(true);
    expect(Math.round(regions[0]!.xppi)).toBe(300);

    const w = x1a.warnings.filter((x) => x.code === 'TRANSPARENCY_FLATTENED');
    expect(w).toHaveLength(1);
    expect(w[0]!.details).toMatchObject({ layers: ['layers[2]', 'layers[3]', 'layers[4]', 'layers[5]', 'layers[6]'], ppi: 300, regions: 5 });
    expect(w[0]!.message).toContain('composited with what lies beneath at 300 ppi');

    // colour: both renders to CMYK through the output profile, Lab, ΔE2000 over the trim area
    const dpi = 100;
    const bleedPx = Math.ceil((3 / 25.4) * dpi);
    const crop = { left: bleedPx, top: bleedPx, width: Math.floor((85 / 25.4) * dpi) - 1, height: Math.floor((55 / 25.4) * dpi) - 1 };
    const profile = findOutputProfile('swop')!.path;
    const a = await cmykRenderLab(x4.pdf, dpi, profile, crop);
    const b = await cmykRenderLab(x1a.pdf, dpi, profile, crop);
    const d = shareWithin(a, b, 3);
    console.log(`X-1a vs X-4: ${(d.share * 100).toFixed(2)} % of the trim area within ΔE2000 3 (max ${d.max.toFixed(1)})`);
    expect(d.share).toBeGreaterThanOrEqual(0.99);
  });

  it('composites a translucent page background and a group with opacity over it; crop marks and the layers above stay vector', async () => {
    const page: PageSpec = {
      width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, viewportWidth: 400, viewportHeight: 300,
      background: { color: 'rgba(0,128,255,0.5)' },
      layers: [
        { type: 'rect', left: 50, top: 50, width: 100, height: 100, fill: '#00aa00', strokeWidth: 0 },
        { type: 'group', left: 100, top: 100, width: 100, height: 100, opacity: 0.5, objects: [{ type: 'circle', left: -50, top: -50, radius: 50, fill: '#ff0000', strokeWidth: 0 }] },
        { type: 'text', left: 200, top: 200, text: 'Top', fontFamily: 'Roboto', fontSize: 30, fill: '#000000' },
      ],
    };
    const assets = fixtureAssets();
    const x4 = await renderPdf([page], assets, { pdfStandard: 'pdf_x4', cropMarks: true });
    const x1a = await renderPdf([page], assets, { pdfStandard: 'pdf_x1a', cropMarks: true });
    const f = await pdfxFacts(x1a.pdf);
    expect(f.transparentGStates + f.smasks + f.transparencyGroups).toBe(0);
    expect(f.content).toMatch(/ m [\d.]+ [\d.]+ l S$/m); // crop marks
    expect(await pdfText(x1a.pdf)).toContain('Top');
    expect(x1a.warnings.find((w) => w.code === 'TRANSPARENCY_FLATTENED')!.details).toMatchObject({ layers: ['background', 'layers[1]'], regions: 1 });
    const dpi = 50;
    const crop = { left: Math.ceil(((18 + 7.2) / 72) * dpi), top: Math.ceil(((18 + 7.2) / 72) * dpi), width: 4 * dpi - 1, height: 3 * dpi - 1 };
    const profile = findOutputProfile('swop')!.path;
    const d = shareWithin(await cmykRenderLab(x4.pdf, dpi, profile, crop), await cmykRenderLab(x1a.pdf, dpi, profile, crop), 3);
    expect(d.share).toBeGreaterThanOrEqual(0.99);
  });

  it('ΔE2000 matches the published test pairs', () => {
    expect(deltaE2000(50, 2.6772, -79.7751, 50, 0, -82.7485)).toBeCloseTo(2.0425, 3);
    expect(deltaE2000(50, -1.3802, -84.2814, 50, 0, -82.7485)).toBeCloseTo(1.0, 3);
    expect(deltaE2000(50, 2.5, 0, 73, 25, -18)).toBeCloseTo(27.1492, 3);
  });
});
