/** The text tools' units (customizer/src/units.ts): printed points from design pixels through the side's trim size, letter spacing in em. */
import { describe, expect, it } from 'vitest';
import { layoutFor, type SideGeometry } from '../../../customizer/src/geometry.js';
import { charSpacingToEm, emToCharSpacing, ptPerPx, ptToPx, pxToPt } from '../../../customizer/src/units.js';

const side = (unit: SideGeometry['dimension_unit'], width: number, height: number): SideGeometry => ({ width, height, bleed: { top: 0, right: 0, bottom: 0, left: 0 }, safe_zone: { top: 0, right: 0, bottom: 0, left: 0 }, dimension_unit: unit, dpi: 300 });

describe('text units', () => {
  it('a text as tall as the trim box prints at the trim height in points, whatever the unit', () => {
    for (const [s, heightPt] of [[side('mm', 148, 105), (105 / 25.4) * 72], [side('cm', 14.8, 10.5), (10.5 / 2.54) * 72], [side('inch', 5, 3.5), 3.5 * 72]] as const) {
      const layout = layoutFor(s);
      const k = ptPerPx(layout, s.dimension_unit);
      expect(layout.viewport.height * k).toBeCloseTo(heightPt, 6);
    }
  });

  it('rounds the shown size to a tenth of a point and converts back', () => {
    const k = ptPerPx(layoutFor(side('mm', 85, 55)), 'mm');
    expect(pxToPt(ptToPx(12, k), k)).toBe(12);
    expect(pxToPt(100, k)).toBe(Math.round(100 * k * 10) / 10);
  });

  it('shows letter spacing in em and keeps Fabric charSpacing (thousandths of an em)', () => {
    expect(charSpacingToEm(200)).toBe(0.2);
    expect(emToCharSpacing(0.05)).toBe(50);
    expect(emToCharSpacing(charSpacingToEm(-120))).toBe(-120);
  });
});
