/**
 * Spot colours: Separation colour spaces with DeviceCMYK alternates, overprint where the name
 * demands it, CutContour as a hairline die line. Checked on the file with qpdf and with
 * Ghostscript's tiffsep device (one plate per ink).
 */
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkLayers, renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets, tool, withPdfFile } from './helpers.js';
import { gsPlates } from './pdfx-helpers.js';

// 4 × 3 in with 0.1 in bleed; viewport 400 × 300 → 0.72 pt per viewport pixel
const BLEED_PT = 7.2;
const PT_PER_PX = 0.72;
const page = (layers: unknown[]): PageSpec => ({
  width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, viewportWidth: 400, viewportHeight: 300, layers,
});

const LAYERS = [
  // process blue everywhere on the left half, so overprint / knockout shows on the Cyan plate
  { type: 'rect', left: 0, top: 0, width: 200, height: 300, fill: '#1d4ed8', strokeWidth: 0 },
  // white ink under/over the blue: overprints (Cyan stays under it)
  { type: 'rect', left: 40, top: 40, width: 100, height: 100, fill: { spot: 'White' }, strokeWidth: 0 },
  // a custom spot without overprint: knocks the blue out
  { type: 'rect', left: 40, top: 180, width: 100, height: 80, fill: { spot: 'PANTONE 871 C', cmyk: [20, 30, 60, 15] }, strokeWidth: 0 },
  // a die line around a scaled ellipse: the stroke width (8) and the scale must not matter
  { type: 'circle', left: 230, top: 60, radius: 60, scaleX: 1.2, fill: '#ff0000', stroke: { spot: 'CutContour' }, strokeWidth: 8 },
  { type: 'text', left: 230, top: 230, text: 'Gold', fontFamily: 'Roboto', fontSize: 30, fill: { spot: 'PANTONE 871 C', cmyk: [20, 30, 60, 15], tint: 0.5 } },
];

interface QpdfJson { qpdf: [unknown, Record<string, { value?: unknown }>] }

/** qpdf --json's objects: "obj:5 0 R" → value. */
async function qpdfObjects(pdf: Uint8Array): Promise<Map<string, unknown>> {
  const json = JSON.parse(await withPdfFile(pdf, (f) => tool('qpdf', ['--json', f]))) as QpdfJson;
  return new Map(Object.entries(json.qpdf[1]).map(([k, o]) => [k, o.value]));
}

/** Ink of each plate (0 none .. 1 full) at page points measured from the top-left of the MediaBox, 72 dpi. */
async function plates(pdf: Uint8Array): Promise<Map<string, (xPt: number, yPt: number) => number>> {
  return withPdfFile(pdf, async (file, dir) => {
    await tool('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=tiffsep', '-r72', '-o', path.join(dir, 'p.tif'), file]);
    const out = new Map<string, (x: number, y: number) => number>();
    for (const ink of ['Cyan', 'Magenta', 'Yellow', 'Black', 'White', 'CutContour', 'PANTONE 871 C']) {
      const { data, info } = await sharp(path.join(dir, `p(${ink}).tif`)).raw().toBuffer({ resolveWithObject: true });
      // tiffsep plates are 0 = full ink, 255 = none
      out.set(ink, (x, y) => 1 - data[(Math.round(y) * info.width + Math.round(x)) * info.channels]! / 255);
    }
    return out;
  });
}

const px = (v: number): number => BLEED_PT + v * PT_PER_PX;

describe('spot colours', () => {
  for (const colorMode of ['rgb', 'cmyk'] as const) {
    it(`writes Separation colour spaces with CMYK alternates and overprint (${colorMode})`, async () => {
      const { pdf, warnings } = await renderPdf([page(LAYERS)], fixtureAssets(), { colorMode });
      expect(warnings).toEqual([]);
      const objs = await qpdfObjects(pdf);
      const seps = [...objs.values()].filter((v): v is string[] => Array.isArray(v) && v[0] === '/Separation');
      const byName = new Map(seps.map((s) => [s[1], s]));
      expect([...byName.keys()].sort()).toEqual(['/CutContour', '/PANTONE 871 C', '/White']);
      for (const s of seps) expect(s[2]).toBe('/DeviceCMYK');
      // tint transforms (Type 2, paper at tint 0): White → 0/0/0/0, CutContour → magenta, the custom spot → its alternate
      const c1 = (name: string): unknown => {
        const fn = objs.get(`obj:${byName.get(name)![3]}`) as Record<string, unknown>;
        expect(fn['/FunctionType']).toBe(2);
        expect(fn['/C0']).toEqual([0, 0, 0, 0]);
        return fn['/C1'];
      };
      expect(c1('/White')).toEqual([0, 0, 0, 0]);
      expect(c1('/CutContour')).toEqual([0, 1, 0, 0]);
      expect(c1('/PANTONE 871 C')).toEqual([0.2, 0.3, 0.6, 0.15]);
      // an ExtGState that overprints fills and one that overprints strokes, both OPM 1
      const gstates = JSON.stringify([...objs.values()]);
      expect(gstates).toMatch(/"\/OPM":1[^}]*"\/op":true/);
      expect(gstates).toMatch(/"\/OP":true,"\/OPM":1/);
    });
  }

  it('puts each ink on its own plate: White overprints, a plain spot knocks out, CutContour is a hairline outline', async () => {
    const { pdf } = await renderPdf([page(LAYERS)], fixtureAssets());
    const p = await plates(pdf);
    const ink = (name: string, x: number, y: number): number => p.get(name)!(px(x), px(y));
    // White rect: white ink, and the blue still under it (overprint)
    expect(ink('White', 90, 90)).toBeGreaterThan(0.9);
    expect(ink('Cyan', 90, 90)).toBeGreaterThan(0.5);
    expect(ink('White', 90, 220)).toBe(0);
    // the custom spot (tint 1, no overprint): its plate inked, the blue knocked out
    expect(ink('PANTONE 871 C', 90, 220)).toBeGreaterThan(0.9);
    expect(ink('Cyan', 90, 220)).toBe(0);
    expect(ink('Cyan', 20, 220)).toBeGreaterThan(0.5);
    // CutContour: a thin outline through the ellipse's edge, nothing inside, no ink elsewhere
    const cx = 230 + 72 + 4; // left + rx·scaleX + half the stroke (Fabric's box includes it)
    const cy = 60 + 60 + 4;
    expect(ink('CutContour', cx, cy)).toBe(0);
    let row = 0;
    const inked: number[] = [];
    for (let x = Math.floor(px(200)); x < Math.ceil(px(400)); x++) {
      const v = p.get('CutContour')!(x, px(cy));
      if (v > 0) inked.push(x);
      row++;
    }
    expect(row).toBeGreaterThan(100);
    // two crossings, each at most 2 px (0.25 pt at 72 dpi rasterises to 1 px, anti-aliasing may touch 2)
    const runs = inked.reduce<number[][]>((acc, x) => {
      const last = acc[acc.length - 1];
      if (last && x === last[last.length - 1]! + 1) last.push(x);
      else acc.push([x]);
      return acc;
    }, []);
    expect(runs).toHaveLength(2);
    for (const r of runs) expect(r.length).toBeLessThanOrEqual(2);
    // the ellipse is filled red on the process plates, not in CutContour
    expect(ink('Magenta', cx, cy)).toBeGreaterThan(0.5);
  });

  it('strokes CutContour at 0.25 pt whatever the stroke width and scale, and never fills with it', async () => {
    const { pdf } = await renderPdf([page([
      { type: 'rect', left: 50, top: 50, width: 100, height: 50, scaleX: 3, fill: { spot: 'CutContour' }, stroke: null },
      { type: 'path', path: 'M 10 10 L 100 10 L 100 100 Z', fill: '', stroke: { spot: 'CutContour' }, strokeWidth: 20 },
    ])], fixtureAssets());
    const qdf = await withPdfFile(pdf, (f) => tool('qpdf', ['--qdf', '--object-streams=disable', f, '-']));
    const content = qdf.slice(qdf.indexOf('stream'), qdf.lastIndexOf('endstream'));
    // both objects: one hairline stroke each in the die-line ink, overprinting, and no fill
    expect(content.match(/0\.25 w 0 J 1 j 4 M \[\] 0 d/g)).toHaveLength(2);
    expect(content.match(/\/CS1 CS 1 SCN/g)).toHaveLength(2);
    expect(content).not.toMatch(/\/CS1 cs/);
    expect(content).not.toMatch(/ 20 w/);
    expect(content).toMatch(/\/OP\d gs\n\/CS1 CS 1 SCN/);
  });

  it('draws crop marks in the registration colour /Separation /All: on every plate, spot plates included', async () => {
    const { pdf } = await renderPdf([page(LAYERS)], fixtureAssets(), { colorMode: 'cmyk', cropMarks: true });
    const objs = await qpdfObjects(pdf);
    const all = [...objs.values()].find((v): v is string[] => Array.isArray(v) && v[0] === '/Separation' && v[1] === '/All');
    expect(all).toBeDefined();
    expect(all![2]).toBe('/DeviceCMYK');
    expect(objs.get(`obj:${all![3]}`)).toMatchObject({ '/FunctionType': 2, '/C0': [0, 0, 0, 0], '/C1': [1, 1, 1, 1] });
    // the 0.25 in slug: the top-left trim corner is at 18 + 7.2 pt; its marks run from 3 pt off the bleed to 1.5 pt from the edge
    const p = await gsPlates(pdf, 72);
    const corner = 18 + BLEED_PT;
    for (const ink of ['Cyan', 'Magenta', 'Yellow', 'Black', 'White', 'CutContour', 'PANTONE 871 C']) {
      expect(p.maxInk(ink, { x0: 3, x1: 13, y0: corner - 0.5, y1: corner + 0.5 }), `horizontal mark on ${ink}`).toBeGreaterThan(0.9);
      expect(p.maxInk(ink, { x0: corner - 0.5, x1: corner + 0.5, y0: 3, y1: 13 }), `vertical mark on ${ink}`).toBeGreaterThan(0.9);
    }
  });

  it('validates spot paints and names the field', () => {
    expect(checkLayers([{ type: 'rect', fill: { spot: 'White' }, stroke: { spot: 'CutContour' } }])).toEqual([]);
    expect(checkLayers([{ type: 'rect', fill: { spot: 'Gold', cmyk: [0, 20, 80, 10], tint: 0.4, overprint: true } }])).toEqual([]);
    expect(checkLayers([{ type: 'text', text: 'x', styles: [{ start: 0, end: 1, style: { fill: { spot: 'White' } } }] }])).toEqual([]);
    const issues = checkLayers([
      { type: 'rect', fill: { spot: 'Gold' } },
      { type: 'rect', fill: { spot: '', cmyk: [0, 0, 0, 0] } },
      { type: 'rect', stroke: { spot: 'Gold', cmyk: [0, 0, 101, 0], tint: 2, overprint: 'yes', colour: 1 } },
      { type: 'rect', fill: { spot: 'Cyan', cmyk: [100, 0, 0, 0] } },
    ]);
    expect(issues.map((i) => i.path)).toEqual([
      'layers[0].fill.cmyk',
      'layers[1].fill.spot',
      'layers[2].stroke.cmyk',
      'layers[2].stroke.tint',
      'layers[2].stroke.overprint',
      'layers[2].stroke.colour',
      'layers[3].fill.spot',
    ]);
  });
});
