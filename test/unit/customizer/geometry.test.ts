import { describe, expect, it } from 'vitest';
import { bleedBand, bleedGaps, effectiveDpi, layoutFor, leavesBox, UNITS_PER_INCH, type SideGeometry } from '../../../customizer/src/geometry.js';
import { POINTS_PER_UNIT } from '../../../src/engines/pdf/index.js';

const side = (over: Partial<SideGeometry> = {}): SideGeometry => ({
  width: 148,
  height: 105,
  bleed: { top: 3, right: 3, bottom: 3, left: 3 },
  safe_zone: { top: 5, right: 6, bottom: 7, left: 8 },
  dimension_unit: 'mm',
  dpi: 300,
  ...over,
});

describe('customizer layout', () => {
  it('fits the bleed box, keeps the proportions and puts design (0,0) at the trim corner', () => {
    for (const s of [side(), side({ width: 3.5, height: 2, dimension_unit: 'inch', bleed: { top: 0.125, right: 0.125, bottom: 0.125, left: 0.125 }, safe_zone: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 } }), side({ width: 30, height: 60, dimension_unit: 'cm', bleed: { top: 0, right: 1, bottom: 2, left: 0.5 } })]) {
      const l = layoutFor(s, 640);
      expect(Math.max(l.canvas.width, l.canvas.height)).toBeLessThanOrEqual(640);
      expect(Math.max(l.canvas.width, l.canvas.height)).toBeGreaterThan(600);
      expect(Number.isInteger(l.viewport.width)).toBe(true);
      expect(l.viewport.width / l.viewport.height).toBeCloseTo(s.width / s.height, 9);
      expect(l.origin).toEqual({ x: s.bleed.left * l.pxPerUnit, y: s.bleed.top * l.pxPerUnit });
      expect(l.bleed.left).toBeCloseTo(-l.origin.x, 9);
      expect(l.bleed.width).toBeCloseTo((s.width + s.bleed.left + s.bleed.right) * l.pxPerUnit, 9);
      expect(l.canvas.width).toBeGreaterThanOrEqual(l.bleed.width);
      expect(l.safe.left).toBeCloseTo(s.safe_zone.left * l.pxPerUnit, 9);
      expect(l.safe.left + l.safe.width).toBeCloseTo((s.width - s.safe_zone.right) * l.pxPerUnit, 9);
      expect(l.safe.top + l.safe.height).toBeCloseTo((s.height - s.safe_zone.bottom) * l.pxPerUnit, 9);
    }
  });

  it('agrees with the PDF engine on units', () => {
    for (const u of ['inch', 'cm', 'mm'] as const) expect(72 / UNITS_PER_INCH[u]).toBeCloseTo(POINTS_PER_UNIT[u], 12);
  });

  it('finds boxes that reach outside the safe zone, not those inside or on its edge', () => {
    const safe = { left: 10, top: 10, width: 100, height: 50 };
    expect(leavesBox({ left: 10, top: 10, width: 100, height: 50 }, safe)).toBe(false);
    expect(leavesBox({ left: 20, top: 20, width: 10, height: 10 }, safe)).toBe(false);
    expect(leavesBox({ left: 9, top: 20, width: 10, height: 10 }, safe)).toBe(true);
    expect(leavesBox({ left: 20, top: 9, width: 10, height: 10 }, safe)).toBe(true);
    expect(leavesBox({ left: 20, top: 20, width: 91, height: 10 }, safe)).toBe(true);
    expect(leavesBox({ left: 20, top: 20, width: 10, height: 41 }, safe)).toBe(true);
  });

  it('gives the resolution an image prints at: its pixels over its printed inches, the worse direction', () => {
    const l = layoutFor(side());
    // 600 × 300 px shown 50.8 mm (2 in) wide and 25.4 mm (1 in) high: 300 dpi both ways
    const shown = { width: 50.8 * l.pxPerUnit, height: 25.4 * l.pxPerUnit };
    expect(effectiveDpi({ width: 600, height: 300 }, shown, l, 'mm')).toBeCloseTo(300, 6);
    // stretched to twice the height: 150 dpi vertically decides
    expect(effectiveDpi({ width: 600, height: 300 }, { ...shown, height: shown.height * 2 }, l, 'mm')).toBeCloseTo(150, 6);
    const inch = layoutFor(side({ width: 4, height: 3, dimension_unit: 'inch' }));
    expect(effectiveDpi({ width: 1200, height: 900 }, { width: 4 * inch.pxPerUnit, height: 3 * inch.pxPerUnit }, inch, 'inch')).toBeCloseTo(300, 6);
  });

  it('stretches a template\'s full-bleed band to the bleed line on the edges it touches, and nothing else', () => {
    const trim = { left: 0, top: 0, width: 1000, height: 600 };
    const bleed = { left: -30, top: -30, width: 1060, height: 660 };
    // a template letterboxed across: it covers x 100..900, the whole height
    const placed = { left: 100, top: 0, width: 800, height: 600 };
    // its background (the whole template) fills the side, bleed included
    expect(bleedBand({ left: 100, top: 0, width: 800, height: 600 }, placed, trim, bleed)).toEqual(bleed);
    // a band on its left edge, full height: left, top and bottom go to the bleed, its right edge stays
    const band = bleedBand({ left: 100, top: 0, width: 200, height: 600 }, placed, trim, bleed)!;
    expect(band).toEqual({ left: -30, top: -30, width: 330, height: 660 });
    expect(bleedGaps(band, trim, bleed)).toEqual([]);
    // inside the template: untouched; already at the bleed: untouched
    expect(bleedBand({ left: 300, top: 100, width: 200, height: 100 }, placed, trim, bleed)).toBeNull();
    expect(bleedBand(bleed, trim, trim, bleed)).toBeNull();
    // a store template drawn to the trim (placed = trim): its bottom band reaches the bleed
    expect(bleedBand({ left: 0, top: 500, width: 1000, height: 100 }, trim, trim, bleed)).toEqual({ left: -30, top: 500, width: 1060, height: 130 });
  });
});
