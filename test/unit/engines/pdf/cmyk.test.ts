/**
 * colorMode cmyk: colours and images go through the output profile's ICC transform (sharp),
 * not Ghostscript; PDF/X-4 (default) and X-1a structure; neutral colours on the K plate;
 * CMYK images pass through. Checked with qpdf, poppler and Ghostscript.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { findOutputProfile, PageSpecError, renderPdf, type AssetResolver, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets, near, pdfBoxes, pdfFonts, pdfImages, pdfText, rasterise, tool, withPdfFile } from './helpers.js';
import { deltaE, gsRender, pdfxFacts, qpdfJson } from './pdfx-helpers.js';

const page = (layers: unknown[]): PageSpec => ({
  width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, viewportWidth: 400, viewportHeight: 300, layers,
});

const pages = [
  page([{ type: 'text', left: 20, top: 20, text: 'Black text only', fontFamily: 'Roboto', fontSize: 30, fill: '#000000' }]),
  page([
    { type: 'rect', left: 0, top: 0, width: 200, height: 150, fill: '#ff0000', strokeWidth: 0 },
    { type: 'image', src: 'fixture://photo.jpg', left: 200, top: 0, scaleX: 0.4, scaleY: 0.4 },
    { type: 'image', src: 'fixture://logo.png', left: 200, top: 150, scaleX: 0.5, scaleY: 0.5 },
    { type: 'rect', left: 10, top: 160, width: 180, height: 30, strokeWidth: 0, fill: { type: 'linear', coords: { x1: 0, y1: 0, x2: 180, y2: 0 }, colorStops: [{ offset: 0, color: '#16a34a' }, { offset: 1, color: '#f59e0b' }] } },
    { type: 'text', left: 20, top: 200, text: 'Colour text', fill: '#1d4ed8', fontFamily: 'Lora', fontSize: 30 },
    { type: 'rect', left: 20, top: 250, width: 150, height: 30, fill: '#dc2626', opacity: 0.5, strokeWidth: 0 },
  ]),
];

describe('CMYK output through the ICC transform', () => {
  it('is PDF/X-4 by default: every colour DeviceCMYK, black on K alone, JPEG stays JPEG, PNG lossless, fonts embedded, looks like the RGB file', async () => {
    const rgb = await renderPdf(pages, fixtureAssets(), { title: 'Sample' });
    const cmyk = await renderPdf(pages, fixtureAssets(), { colorMode: 'cmyk', title: 'Sample' });
    expect(cmyk.pdfStandard).toBe('pdf_x4');
    expect(cmyk.outputProfile).toBe('swop');
    expect(await pdfBoxes(cmyk.pdf)).toEqual(await pdfBoxes(rgb.pdf));
    const fonts = await pdfFonts(cmyk.pdf);
    expect(fonts).toHaveLength(2);
    expect(fonts.every((f) => f.emb && f.sub)).toBe(true);
    expect(await pdfText(cmyk.pdf)).toContain('Colour text');
    const images = await pdfImages(cmyk.pdf);
    expect(images.map((i) => [i.type, i.width, i.height, i.color, i.enc])).toEqual([
      ['image', 480, 320, 'cmyk', 'jpeg'],
      ['image', 200, 200, 'cmyk', 'image'],
      ['smask', 200, 200, 'gray', 'image'],
    ]);
    const f = await pdfxFacts(cmyk.pdf);
    expect(f.rgbOps + f.grayOps).toBe(0);
    expect(f.cmykOps).toBeGreaterThan(0);
    expect(f.content).toMatch(/^0 0 0 1 k$/m); // pure black text: 100 K, not four-colour
    expect([...f.spaces].every((s) => s === '"/DeviceCMYK"')).toBe(true);
    expect(f.transparentGStates).toBeGreaterThan(0); // X-4 keeps live transparency
    // ink coverage: black text is on the K plate alone, colour pages use all four
    const inkcov = await withPdfFile(cmyk.pdf, (file) => tool('gs', ['-q', '-o', '-', '-sDEVICE=inkcov', file]));
    const [p1, p2] = inkcov.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 4).map(Number));
    expect(p1!.slice(0, 3)).toEqual([0, 0, 0]);
    expect(p1![3]).toBeGreaterThan(0);
    expect(p2!.slice(0, 3).every((v) => v > 0.05)).toBe(true);
    // the CMYK render is close to the RGB render (Ghostscript shows DeviceCMYK through the same
    // SWOP profile). Page 2 holds sRGB red and blue that SWOP cannot print (ΔE 17 and 34 on any
    // path, Ghostscript's included) and sharp converts with the perceptual intent.
    const bounds = [{ mean: 1.5, p95: 5 }, { mean: 8, p95: 25 }];
    for (const n of [1, 2]) {
      const d = deltaE(await gsRender(rgb.pdf, 40, n), await gsRender(cmyk.pdf, 40, n, findOutputProfile('swop')!.path));
      console.log(`page ${n}: mean ΔE76 ${d.mean.toFixed(2)}, p95 ${d.p95.toFixed(2)}`);
      expect(d.mean, `page ${n} mean ΔE76`).toBeLessThan(bounds[n - 1]!.mean);
      expect(d.p95, `page ${n} p95 ΔE76`).toBeLessThan(bounds[n - 1]!.p95);
    }
    const r = await rasterise(cmyk.pdf, { dpi: 50, page: 2 });
    expect(near(r.at(50, 40), [237, 28, 36], 60)).toBe(true);
  });

  it('passes CMYK images through untouched and sends grey images to the K plate', async () => {
    const cmykJpeg = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#2266aa' } }).withIccProfile('cmyk').jpeg({ quality: 90 }).toBuffer();
    const grey = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#808080' } }).greyscale().png().toBuffer();
    const base = fixtureAssets();
    const assets: AssetResolver = { ...base, image: async (ref) => (ref.src === 'mem://cmyk.jpg' ? new Uint8Array(cmykJpeg) : ref.src === 'mem://grey.png' ? new Uint8Array(grey) : base.image(ref)) };
    const out = await renderPdf([page([
      { type: 'image', src: 'mem://cmyk.jpg', left: 0, top: 0 },
      { type: 'image', src: 'mem://grey.png', left: 100, top: 0 },
    ])], assets, { colorMode: 'cmyk' });
    const q = await qpdfJson(out.pdf);
    const dct = [...q.objects.values()].find((o) => o.stream?.dict['/Filter'] === '/DCTDecode');
    expect(Buffer.from(dct!.stream!.data!, 'base64').equals(cmykJpeg)).toBe(true);
    expect((await pdfImages(out.pdf)).map((i) => i.color)).toEqual(['cmyk', 'cmyk']);
    const inkcov = await withPdfFile(out.pdf, (file) => tool('gs', ['-q', '-o', '-', '-sDEVICE=inkcov', file]));
    expect(Number(inkcov.trim().split(/\s+/)[3])).toBeGreaterThan(0);
  });

  it('PDF/X-1a: PDF 1.3 without object streams, no soft mask, no transparency, a warning for what was flattened', async () => {
    const out = await renderPdf(pages, fixtureAssets(), { pdfStandard: 'pdf_x1a', title: 'X-1a' });
    const f = await pdfxFacts(out.pdf);
    expect(f.header).toBe('%PDF-1.3');
    expect(f.pdfVersion).toBe('1.3');
    expect(out.pdf.includes('/ObjStm')).toBe(false);
    expect(out.pdf.includes('/XRef')).toBe(false);
    expect(f.info['/GTS_PDFXVersion']).toBe('u:PDF/X-1a:2001');
    expect(f.info['/GTS_PDFXConformance']).toBe('u:PDF/X-1a:2001');
    expect(f.smasks).toBe(0);
    expect(f.transparentGStates).toBe(0);
    expect(f.transparencyGroups).toBe(0);
    expect(f.rgbOps + f.grayOps).toBe(0);
    expect((await pdfImages(out.pdf)).every((i) => i.type === 'image' && i.color === 'cmyk')).toBe(true);
    expect(out.warnings.filter((w) => w.code === 'TRANSPARENCY_FLATTENED').map((w) => w.page)).toEqual([1]);
    expect(out.warnings.find((w) => w.code === 'TRANSPARENCY_FLATTENED')!.message).toContain('composited with what lies beneath');
    // the half-transparent red rectangle lies on white paper: composited, it prints light red
    const r = await gsRender(out.pdf, 50, 2);
    const at = (x: number, y: number) => [0, 1, 2].map((k) => r.data[(Math.round(y) * r.width + Math.round(x)) * 3 + k]!);
    const pink = at((0.1 + 0.95) * 50, (0.1 + 2.65) * 50); // centre of the rectangle, 50 dpi
    expect(r.width).toBe(210);
    expect(pink[0]!).toBeGreaterThan(200);
    expect(pink[1]!).toBeGreaterThan(90);
  });

  it('refuses an output profile that is not installed; the former Ghostscript path stays callable', async () => {
    await expect(renderPdf(pages, fixtureAssets(), { colorMode: 'cmyk', outputProfile: 'fogra99' })).rejects.toBeInstanceOf(PageSpecError);
    const gs = await renderPdf(pages.slice(0, 1), fixtureAssets(), { colorMode: 'cmyk', cmykEngine: 'ghostscript' });
    expect(gs.pdfStandard).toBe('none');
    const f = await pdfxFacts(gs.pdf);
    expect(f.intents).toEqual([]);
    expect(f.rgbOps).toBe(0);
  });
});
