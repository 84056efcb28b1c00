/**
 * Black that prints black (CMYK): 100 K text and thin lines overprint, placed PDF artwork's
 * black lands on K alone, `richBlack` for large areas, and gradients blended as the design
 * blends them (sRGB). Judged on Ghostscript's tiffsep plates (overprint simulated) and qpdf.
 */
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderPdf, type AssetResolver, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { findOutputProfile } from '../../../../src/engines/pdf/colour/output-profiles.js';
import { fixtureAssets } from './helpers.js';
import { neutralsToK } from '../../../../src/engines/pdf/colour/artwork-black.js';
import { inkPlates, type Plate } from './plates-helpers.js';
import { qpdfJson } from './pdfx-helpers.js';

// 4 × 3 in, no bleed; viewport 400 × 300 → 0.72 pt per viewport pixel
const PT = 0.72;
const page = (layers: unknown[], height = 3): PageSpec => ({ width: 4, height, dimensionUnit: 'inch', viewportWidth: 400, viewportHeight: height * 100, layers });

/** Points (in page pt) of a viewport-pixel region where `plate` carries at least `min` ink. */
function inked(plate: Plate, x0: number, y0: number, x1: number, y1: number, min = 0.9): [number, number][] {
  const out: [number, number][] = [];
  for (let y = y0 * PT; y < y1 * PT; y += 0.5) for (let x = x0 * PT; x < x1 * PT; x += 0.5) if (plate(x, y) >= min) out.push([x, y]);
  return out;
}

const BLACK = '#000000';
const DESIGN = [
  { type: 'rect', left: 0, top: 0, width: 400, height: 300, fill: '#00a0e0', strokeWidth: 0 },
  // a 0.3 mm rule (0.85 pt = 1.18 px) and 10 pt text, both 100 K
  { type: 'line', x1: 0, y1: 0, x2: 200, y2: 0, left: 20, top: 50, stroke: BLACK, strokeWidth: 0.3 / 25.4 * 72 / PT },
  { type: 'text', left: 20, top: 80, text: 'HHH', fontFamily: 'Roboto', fontSize: 40, fill: BLACK },
  // a large black area, and 100 K text on it
  { type: 'rect', left: 250, top: 100, width: 140, height: 180, fill: BLACK, strokeWidth: 0 },
  { type: 'text', left: 260, top: 110, text: 'HH', fontFamily: 'Roboto', fontSize: 30, fill: BLACK },
];

describe('black in CMYK output', () => {
  it('overprints 100 K text and thin rules: the cyan under them stays', async () => {
    const { pdf } = await renderPdf([page(DESIGN)], fixtureAssets(), { colorMode: 'cmyk' });
    const p = await inkPlates(pdf, 144);
    const cyan = p.get('Cyan')!;
    const bg = cyan(10 * PT, 10 * PT);
    expect(bg).toBeGreaterThan(0.5);
    const rule = inked(p.get('Black')!, 30, 45, 200, 56);
    const text = inked(p.get('Black')!, 20, 80, 150, 130);
    expect(rule.length).toBeGreaterThan(100);
    expect(text.length).toBeGreaterThan(100);
    for (const [x, y] of [...rule, ...text]) expect(cyan(x, y)).toBeGreaterThan(bg - 0.02);
    // the large black area knocks out (100 K, no rich black asked for)
    expect(cyan(320 * PT, 250 * PT)).toBe(0);
    expect(p.get('Black')!(320 * PT, 250 * PT)).toBe(1);
    // the ExtGState the rule is drawn under sets stroke overprint
    const q = await qpdfJson(pdf);
    expect(JSON.stringify([...q.objects.values()].map((o) => o.value))).toMatch(/"\/OP":true,"\/OPM":1/);
  });

  it('blackOverprint: false knocks black out as before', async () => {
    const { pdf } = await renderPdf([page(DESIGN)], fixtureAssets(), { colorMode: 'cmyk', blackOverprint: false });
    const p = await inkPlates(pdf, 144);
    const rule = inked(p.get('Black')!, 30, 45, 200, 56, 0.99);
    expect(rule.length).toBeGreaterThan(50);
    expect(rule.some(([x, y]) => p.get('Cyan')!(x, y) === 0)).toBe(true);
  });

  it('richBlack prints large black areas in the given mix; text on them stays 100 K', async () => {
    const { pdf } = await renderPdf([page(DESIGN)], fixtureAssets(), { pdfStandard: 'pdf_x1a', richBlack: { c: 60, m: 40, y: 40, k: 100 } });
    const p = await inkPlates(pdf, 72);
    const at = (ink: string): number => p.get(ink)!(320 * PT, 250 * PT);
    expect(at('Cyan')).toBeCloseTo(0.6, 1);
    expect(at('Magenta')).toBeCloseTo(0.4, 1);
    expect(at('Yellow')).toBeCloseTo(0.4, 1);
    expect(at('Black')).toBe(1);
    // the rule and the text are not rich: the mix is written once, for the rect
    const q = await qpdfJson(pdf);
    const content = [...q.objects.values()].filter((o) => o.stream?.data && !o.stream.dict['/Subtype'] && !o.stream.dict['/Type'])
      .map((o) => Buffer.from(o.stream!.data!, 'base64').toString('latin1')).join('\n');
    expect(content.match(/0\.6 0\.4 0\.4 1 k/g)).toHaveLength(1);
  });
});

/** 200 × 100 pt artwork in DeviceRGB black: 40 pt Helvetica text, a 0.5 pt rule, a 70 × 50 pt box. */
async function rgbArtwork(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const pg = doc.addPage([200, 100]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  pg.drawText('HH', { x: 10, y: 40, size: 40, font, color: rgb(0, 0, 0) });
  pg.drawLine({ start: { x: 10, y: 20 }, end: { x: 190, y: 20 }, thickness: 0.5, color: rgb(0, 0, 0) });
  pg.drawRectangle({ x: 120, y: 40, width: 70, height: 50, color: rgb(0, 0, 0) });
  return doc.save();
}

describe('black in placed PDF artwork (CMYK)', () => {
  const art = rgbArtwork();
  const assets: AssetResolver = { image: async () => art };
  // the artwork over the whole 4 × 2 in page (1.44 page pt per artwork pt)
  const spec = page([{ type: 'image', src: 'art.pdf', left: 0, top: 0, width: 200, height: 100, scaleX: 2, scaleY: 2 }], 2);

  it('prints RGB black text, rules and areas on K alone', async () => {
    const { pdf } = await renderPdf([spec], assets, { colorMode: 'cmyk' });
    const p = await inkPlates(pdf, 72);
    const k = inked(p.get('Black')!, 0, 0, 400, 200, 0.99);
    expect(k.length).toBeGreaterThan(500);
    for (const [x, y] of k) for (const ink of ['Cyan', 'Magenta', 'Yellow']) expect(p.get(ink)!(x, y)).toBe(0);
    // the 0.5 pt rule at artwork y = 20 (page y = 1.44 × 80 pt from the top) is 100 K
    expect(p.get('Black')!(100 * 1.44, 80 * 1.44)).toBe(1);
  });

  it("keepArtworkRichBlack keeps the four-colour conversion: the output profile's, not Ghostscript's", async () => {
    const { pdf } = await renderPdf([spec], assets, { colorMode: 'cmyk', keepArtworkRichBlack: true });
    const p = await inkPlates(pdf, 72);
    expect(p.get('Cyan')!(155 * 1.44, 35 * 1.44)).toBeGreaterThan(0.5);
    // the default profile (swop, TR 003) makes RGB black about 54/66/80/100; Ghostscript's own about 72/68/67/88
    const want = await sharp(Buffer.from([0, 0, 0]), { raw: { width: 1, height: 1, channels: 3 } }).withIccProfile(findOutputProfile('swop')!.path).raw().toBuffer();
    ['Cyan', 'Magenta', 'Yellow', 'Black'].forEach((ink, k) => {
      const got = p.get(ink)!(155 * 1.44, 35 * 1.44);
      expect(Math.abs(got - want[k]! / 255), `${ink}: ${got} vs ${want[k]! / 255}`).toBeLessThan(0.03);
    });
  });
});

describe('gradients in CMYK', () => {
  it('blend in sRGB as the design does, then go through the profile', async () => {
    const grad = (top: number, colorStops: { offset: number; color: string }[]) => ({
      type: 'rect', left: 0, top, width: 400, height: 50, strokeWidth: 0,
      fill: { type: 'linear', gradientUnits: 'percentage', coords: { x1: 0, y1: 0, x2: 1, y2: 0 }, colorStops },
    });
    const two = [{ offset: 0, color: '#ff0000' }, { offset: 1, color: '#0000ff' }];
    const three = [{ offset: 0, color: '#00ff00' }, { offset: 0.5, color: '#ffcc00' }, { offset: 1, color: '#000080' }];
    const { pdf } = await renderPdf([page([grad(0, two), grad(50, three)], 1)], fixtureAssets(), { colorMode: 'cmyk' });
    const p = await inkPlates(pdf, 72);
    const lerp = (stops: typeof two, t: number): number[] => {
      const i = stops.findIndex((s, j) => j > 0 && s.offset >= t);
      const [a, b] = [stops[i - 1]!, stops[i]!];
      const u = (t - a.offset) / (b.offset - a.offset);
      const hex = (s: string, k: number): number => parseInt(s.slice(1 + 2 * k, 3 + 2 * k), 16);
      return [0, 1, 2].map((k) => Math.round(hex(a.color, k) + u * (hex(b.color, k) - hex(a.color, k))));
    };
    const samples = [[two, 25, 0.25], [two, 25, 0.5], [two, 25, 0.75], [three, 75, 0.25], [three, 75, 0.75]] as const;
    const rgbs = samples.flatMap(([stops, , t]) => lerp(stops as unknown as typeof two, t));
    const { data } = await sharp(Buffer.from(rgbs), { raw: { width: samples.length, height: 1, channels: 3 } })
      .withIccProfile(findOutputProfile('swop')!.path).raw().toBuffer({ resolveWithObject: true });
    samples.forEach(([, y, t], i) => {
      const got = ['Cyan', 'Magenta', 'Yellow', 'Black'].map((ink) => p.get(ink)!(t * 288, y * PT));
      const want = [0, 1, 2, 3].map((k) => data[i * 4 + k]! / 255);
      for (let k = 0; k < 4; k++) expect(Math.abs(got[k]! - want[k]!), `t=${t} y=${y} ink ${k}: ${got} vs ${want}`).toBeLessThan(0.04);
    });
  });
});

describe('neutralsToK (artwork content streams)', () => {
  it('rewrites neutral RGB and grey colour operators only, keeping strings, inline images and spaces right', () => {
    const kind = (n: string): 0 | 1 | 3 => (n === '/CS0' ? 3 : n === '/DeviceGray' ? 1 : 0);
    const src = [
      'q 0 0 0 rg (0 0 0 rg) Tj 1 0 0 RG Q',
      '/CS0 cs 0.2 0.2 0.2 scn 10 10 m f 1 0 0 scn f',
      'BI /W 1 /H 1 /CS /RGB /BPC 8 ID \u0000\u0000\u0000 EI',
      '/P1 cs 0.5 0.5 0.5 scn 0.25 0.2501 0.25 RG',
    ].join('\n');
    expect(neutralsToK(src, kind).split('\n')).toEqual([
      'q 0 0 0 1 k (0 0 0 rg) Tj 1 0 0 RG Q',
      '/CS0 cs 0 0 0 0.8 k 10 10 m f /CS0 cs 1 0 0 scn f',
      'BI /W 1 /H 1 /CS /RGB /BPC 8 ID \u0000\u0000\u0000 EI',
      '/P1 cs 0.5 0.5 0.5 scn 0 0 0 0.75 K',
    ]);
  });
});
