/**
 * The registered output conditions (assets/icc, built by scripts/build-output-profiles.sh):
 * each PDF/X-4 file names its condition in the OutputIntent the ICC registry knows, embeds a
 * CMYK printer profile, and its colours really went through that profile (FOGRA39 and FOGRA29
 * give different CMYK; no colour exceeds the condition's total ink). Read back with qpdf.
 */
import { PDFDocument, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { findOutputProfile, renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets } from './helpers.js';
import { iccDescription, pdfxFacts, qpdfJson } from './pdfx-helpers.js';
import { inkPlates } from './plates-helpers.js';

const page: PageSpec = {
  width: 2, height: 1, dimensionUnit: 'inch', bleed: { top: 0, right: 0, bottom: 0, left: 0 }, viewportWidth: 200, viewportHeight: 100,
  layers: [
    { type: 'rect', left: 0, top: 0, width: 100, height: 100, fill: '#c81e3c', strokeWidth: 0 }, // sRGB 200,30,60
    { type: 'rect', left: 100, top: 0, width: 100, height: 100, fill: '#0a0502', strokeWidth: 0 }, // near-black brown: the ink limit
  ],
};

const CONDITIONS = [
  { id: 'fogra39', identifier: 'FOGRA39', description: /FOGRA39/, tac: 330 },
  { id: 'fogra29', identifier: 'FOGRA29', description: /FOGRA29/, tac: 300 },
  { id: 'gracol2006', identifier: 'CGATS TR 006', description: /GRACoL 2006/, tac: 320 },
  { id: 'swop', identifier: 'CGATS TR 003', description: /SWOP.*TR 003/, tac: 300 },
] as const;

/** The fill colours of the page's content stream, in drawing order. */
function fills(content: string): number[][] {
  return [...content.matchAll(/^([\d.]+) ([\d.]+) ([\d.]+) ([\d.]+) k$/gm)].map((m) => m.slice(1, 5).map(Number));
}

describe('registered output conditions', () => {
  const cmyk: Record<string, number[]> = {};

  it.each(CONDITIONS)('$id: OutputIntent $identifier (registry color.org) embedding its CMYK printer profile; ink within $tac %', async (c) => {
    const out = await renderPdf([page], fixtureAssets(), { pdfStandard: 'pdf_x4', outputProfile: c.id, title: c.id });
    expect(out.outputProfile).toBe(c.id);
    const f = await pdfxFacts(out.pdf);
    expect(f.intents).toHaveLength(1);
    expect(f.intents[0]).toMatchObject({ '/S': '/GTS_PDFX', '/OutputConditionIdentifier': `u:${c.identifier}`, '/RegistryName': 'u:http://www.color.org' });
    const q = await qpdfJson(out.pdf);
    const icc = Buffer.from(q.objects.get(String(f.intents[0]!['/DestOutputProfile']))!.stream!.data!, 'base64');
    expect(icc.subarray(12, 20).toString('latin1')).toBe('prtrCMYK');
    expect(icc.subarray(20, 24).toString('latin1')).toBe('Lab ');
    expect(iccDescription(icc)).toMatch(c.description);
    expect(String(f.intents[0]!['/OutputCondition'])).toBe(`u:${iccDescription(icc)}`);
    expect(findOutputProfile(c.id)!.maxInk).toBe(c.tac);
    const colours = fills(f.content).filter((k) => k.slice(0, 3).some((v) => v > 0));
    expect(colours).toHaveLength(2);
    cmyk[c.id] = colours[0]!;
    // the dark brown is deep in every profile, but never over the condition's total area coverage
    const total = colours[1]!.reduce((s, v) => s + v * 100, 0);
    expect(total).toBeGreaterThan(c.tac - 60);
    expect(total).toBeLessThanOrEqual(c.tac + 2);
  });

  it('converts the same colour differently for coated (FOGRA39) and uncoated (FOGRA29) paper', () => {
    const [a, b] = [cmyk.fogra39!, cmyk.fogra29!];
    expect(a, 'fogra39 rendered').toBeDefined();
    expect(b, 'fogra29 rendered').toBeDefined();
    expect(Math.max(...a.map((v, i) => Math.abs(v - b[i]!)))).toBeGreaterThan(0.08);
  });

  it('converts placed PDF artwork through the same profile as the design: the same RGB colour gets the same inks', async () => {
    // a 100 × 100 pt artwork in sRGB 200,30,60: a vector rect over its top half, an RGB JPEG
    // (DCTDecode) bottom left and an RGB PNG with alpha (Flate, soft mask) bottom right; placed over the
    // right half of the page (0.72 pt per artwork pt)
    const rgba = Buffer.alloc(8 * 8 * 4);
    for (let i = 0; i < 64; i++) rgba.set([200, 30, 60, i < 8 ? 0 : 255], i * 4); // its top row transparent
    const jpg = await sharp(rgba, { raw: { width: 8, height: 8, channels: 4 } }).flatten().jpeg({ quality: 100 }).toBuffer();
    const png = await sharp(rgba, { raw: { width: 8, height: 8, channels: 4 } }).png().toBuffer();
    const doc = await PDFDocument.create();
    const pg = doc.addPage([100, 100]);
    pg.drawRectangle({ x: 0, y: 50, width: 100, height: 50, color: rgb(200 / 255, 30 / 255, 60 / 255) });
    pg.drawImage(await doc.embedJpg(jpg), { x: 0, y: 0, width: 50, height: 50 });
    pg.drawImage(await doc.embedPng(png), { x: 50, y: 0, width: 50, height: 50 });
    const art = await doc.save();
    const spec: PageSpec = { ...page, layers: [page.layers[0]!, { type: 'image', src: 'art.pdf', left: 100, top: 0, width: 100, height: 100 }] };
    const at = { vector: [108, 18], jpeg: [90, 54], png: [126, 54] } as const;
    for (const id of ['fogra29', 'gracol2006']) {
      const { pdf } = await renderPdf([spec], { image: async () => art }, { pdfStandard: 'pdf_x4', outputProfile: id });
      const plates = await inkPlates(pdf, 36);
      for (const ink of ['Cyan', 'Magenta', 'Yellow', 'Black']) {
        const design = plates.get(ink)!(36, 36);
        for (const [what, [x, y]] of Object.entries(at)) {
          const artwork = plates.get(ink)!(x, y);
          expect(Math.abs(design - artwork), `${id} ${ink} ${what}: design ${design}, artwork ${artwork}`).toBeLessThan(0.03);
        }
      }
    }
  });
});
