/**
 * Print areas of any shape (mask.ts): a round sticker's print file clips the design to the
 * circle grown by the bleed and strokes the circle as a CutContour die line. Judged by
 * Ghostscript's tiffsep (the CutContour plate holds the outline and nothing else), pdftoppm
 * (nothing prints outside the grown circle) and the self-check (PDF/X-4 stays clean).
 */
import { describe, expect, it } from 'vitest';
import { maskOutline, maskProblems, maskSideOf, type SideMask } from '../../../../src/engines/pdf/mask.js';
import { renderPdf } from '../../../../src/engines/pdf/render.js';
import { PageSpecError } from '../../../../src/engines/pdf/errors.js';
import { verifyPrintFile } from '../../../../src/engines/pdf/check/index.js';
import { pathBounds } from '../../../../src/engines/pdf/path.js';
import type { PageSpec } from '../../../../src/engines/pdf/types.js';
import { fixtureAssets, rasterise } from './helpers.js';
import { gsPlates } from './pdfx-helpers.js';
import { designRaster, renderDesignPage } from '../../../../src/engines/mockup/rasterize.js';

const K = 72 / 25.4;
/** a 60 mm round sticker, 2 mm bleed, a full-bleed red panel reaching past the bleed */
const sticker = (mask: SideMask | null): PageSpec => ({
  width: 60,
  height: 60,
  dimensionUnit: 'mm',
  bleed: { top: 2, right: 2, bottom: 2, left: 2 },
  viewportWidth: 600,
  viewportHeight: 600,
  mask,
  layers: [{ type: 'rect', left: -40, top: -40, width: 680, height: 680, fill: '#e11d48', originX: 'left', originY: 'top' }],
});

describe('side masks: geometry', () => {
  const side = maskSideOf({ width: 6, height: 6, dimension_unit: 'cm', bleed: { top: 0.2, right: 0.2, bottom: 0.2, left: 0.2 } });

  it('a circle grows by the bleed exactly; a rectangle keeps to its part of the side', () => {
    expect(side.width).toBe(60);
    expect(pathBounds(maskOutline({ shape: 'circle' }, side))).toEqual({ x: 0, y: 0, width: 60, height: 60 });
    expect(pathBounds(maskOutline({ shape: 'circle' }, side, side.bleed))).toEqual({ x: -2, y: -2, width: 64, height: 64 });
    const wrap = pathBounds(maskOutline({ shape: 'rectangle', x_mm: 10, y_mm: 5, width_mm: 30, height_mm: 50 }, side, side.bleed));
    expect(wrap).toEqual({ x: 8, y: 3, width: 34, height: 54 });
  });

  it('a free path is scaled about its centre so its bounds grow by the bleed', () => {
    const tri: SideMask = { shape: 'path', path: 'M 30 0 L 60 52 L 0 52 Z' };
    const b = pathBounds(maskOutline(tri, side, side.bleed));
    expect(b.x).toBeCloseTo(-2);
    expect(b.y).toBeCloseTo(-2);
    expect(b.width).toBeCloseTo(64);
    expect(b.height).toBeCloseTo(56);
  });

  it('refuses a radius over half the side, a rectangle leaving the trim, bad or escaping path data', () => {
    expect(maskProblems({ shape: 'rounded_rectangle', radius_mm: 31 }, side)).toEqual([['radius_mm', "must be at most half the side's shorter edge (30 mm)"]]);
    expect(maskProblems({ shape: 'rounded_rectangle', radius_mm: 30 }, side)).toEqual([]);
    expect(maskProblems({ shape: 'rectangle', x_mm: 40, y_mm: 0, width_mm: 30, height_mm: 60 }, side).map((p) => p[0])).toEqual(['x_mm']);
    expect(maskProblems({ shape: 'path', path: 'M 0 0 L 10 banana' }, side)[0]![0]).toBe('path');
    expect(maskProblems({ shape: 'path', path: 'L 10 10' }, side)[0]![1]).toMatch(/moveto/);
    expect(maskProblems({ shape: 'path', path: 'M -3 0 L 10 10 L 0 10 Z' }, side)[0]![1]).toMatch(/leaves the bleed box/);
    expect(maskProblems({ shape: 'path', path: 'M -2 -2 L 62 -2 L 30 62 Z' }, side)).toEqual([]);
    expect(maskProblems({ shape: 'path', path: `M 0 0 ${'L 1 1 '.repeat(5000)}` }, side)[0]![1]).toMatch(/at most 20000 characters/);
  });

  it('renderPdf refuses a page whose mask does not fit', async () => {
    const err = await renderPdf([sticker({ shape: 'rounded_rectangle', radius_mm: 40 })], fixtureAssets()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PageSpecError);
    expect((err as PageSpecError).issues[0]!.path).toBe('pages[0].mask.radius_mm');
  });
});

describe('side masks: a round sticker\'s print file', () => {
  it('prints nothing outside the circle grown by the bleed; the circle is a CutContour die line on its own plate', async () => {
    const { pdf } = await renderPdf([sticker({ shape: 'circle' })], fixtureAssets(), { pdfStandard: 'pdf_x4', outputProfile: 'swop' });
    // the self-check of a PDF/X-4 file stays clean
    expect((await verifyPrintFile(pdf, { standard: 'pdf_x4', colorMode: 'cmyk', profile: 'swop' })).violations).toEqual([]);

    // pdftoppm: the page is 64 mm; centre (32, 32) mm, the print area a 32 mm radius
    const dpi = 150;
    const r = await rasterise(pdf, { dpi });
    const px = dpi / 25.4;
    const at = (xMm: number, yMm: number) => r.at(xMm * px, yMm * px);
    const red = (p: [number, number, number]) => p[0] > 150 && p[1] < 110;
    const white = (p: [number, number, number]) => p.every((v) => v > 245);
    expect(red(at(32, 32))).toBe(true);
    expect(red(at(32, 1))).toBe(true); // inside the grown circle, in the bleed
    expect(white(at(1, 1))).toBe(true); // the bleed box's corner: outside the circle
    expect(white(at(63, 63))).toBe(true);
    // no red pixel beyond 32.3 mm from the centre
    let outside = 0;
    for (let y = 0; y < r.height; y++) {
      for (let x = 0; x < r.width; x++) {
        if (Math.hypot(x / px - 32, y / px - 32) > 32.3 && !white(r.at(x, y))) outside++;
      }
    }
    expect(outside).toBe(0);

    // tiffsep: a CutContour plate with the 30 mm circle, nothing at the centre or in the corner
    const plates = await gsPlates(pdf, 300);
    expect(plates.names).toContain('CutContour');
    const pt = (mm: number) => mm * K;
    const ring = (a: number) => plates.maxInk('CutContour', { x0: pt(32 + 30 * Math.cos(a)) - 1, y0: pt(32 + 30 * Math.sin(a)) - 1, x1: pt(32 + 30 * Math.cos(a)) + 1, y1: pt(32 + 30 * Math.sin(a)) + 1 });
    for (const a of [0, Math.PI / 4, Math.PI / 2, Math.PI, 1.5 * Math.PI]) expect(ring(a)).toBeGreaterThan(0.5);
    expect(plates.maxInk('CutContour', { x0: pt(20), y0: pt(20), x1: pt(44), y1: pt(44) })).toBe(0);
    expect(plates.maxInk('CutContour', { x0: 0, y0: 0, x1: pt(8), y1: pt(8) })).toBe(0);
    // the red under the die line is still there: the CutContour overprints
    expect(plates.ink('Magenta', pt(62), pt(32))).toBeGreaterThan(0.5);
  });

  it('PDF/X-1a with a transparent layer (flattened): still clipped, still a die line, the self-check clean', async () => {
    const spec = sticker({ shape: 'circle' });
    spec.layers = [{ ...(spec.layers[0] as object), opacity: 0.6 }];
    const { pdf } = await renderPdf([spec], fixtureAssets(), { pdfStandard: 'pdf_x1a', outputProfile: 'swop' });
    expect((await verifyPrintFile(pdf, { standard: 'pdf_x1a', colorMode: 'cmyk', profile: 'swop' })).violations).toEqual([]);
    const plates = await gsPlates(pdf, 150);
    expect(plates.maxInk('Magenta', { x0: 0, y0: 0, x1: 5 * K, y1: 5 * K })).toBe(0);
    expect(plates.maxInk('Magenta', { x0: 30 * K, y0: 30 * K, x1: 31 * K, y1: 31 * K })).toBeGreaterThan(0.3);
    expect(plates.maxInk('CutContour', { x0: 61.5 * K, y0: 31 * K, x1: 62.5 * K, y1: 33 * K })).toBeGreaterThan(0.5);
  });

  it('without a mask the page is the plain rectangle: no CutContour plate', async () => {
    const { pdf } = await renderPdf([sticker(null)], fixtureAssets(), { pdfStandard: 'pdf_x4', outputProfile: 'swop' });
    const plates = await gsPlates(pdf, 72);
    expect(plates.names).not.toContain('CutContour');
  });
});

describe("side masks: a round sticker's picture for mockups", () => {
  it('is transparent outside the circle and has no die line (renderDesignPage, designRaster)', async () => {
    const page = await renderDesignPage(sticker({ shape: 'circle' }), fixtureAssets());
    const r = await designRaster(page, 240); // the 60 mm trim box, 4 px per mm
    const alpha = (xMm: number, yMm: number) => r.data[(Math.round(yMm * 4) * r.width + Math.round(xMm * 4)) * 4 + 3];
    expect(alpha(30, 30)).toBe(255);
    expect(alpha(30, 1)).toBe(255); // inside the circle, near its top
    expect(alpha(1, 1)).toBe(0); // the trim box's corner: outside the cut circle
    expect(alpha(58.5, 58.5)).toBe(0);
    // no magenta die line: the circle's edge is the panel's red
    const at = (xMm: number, yMm: number) => [...r.data.subarray((Math.round(yMm * 4) * r.width + Math.round(xMm * 4)) * 4, (Math.round(yMm * 4) * r.width + Math.round(xMm * 4)) * 4 + 3)];
    const [red, green, blue] = at(59.3, 30);
    expect(red).toBeGreaterThan(150);
    expect(blue!).toBeLessThan(120);
    expect(green!).toBeLessThan(80);
  });
});
