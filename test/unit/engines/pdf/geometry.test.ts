import { describe, expect, it } from 'vitest';
import { parseColor } from '../../../../src/engines/pdf/colour/css-colour.js';
import { apply } from '../../../../src/engines/pdf/geometry.js';
import { imagePlacementMatrix } from '../../../../src/engines/pdf/images.js';
import type { Layer } from '../../../../src/engines/pdf/layers.js';
import { objectMatrix, shapeGeometry } from '../../../../src/engines/pdf/object-geometry.js';
import { pageBoxes } from '../../../../src/engines/pdf/page-geometry.js';
import { canvasArc, parsePathString, pathBounds, simplifyPath } from '../../../../src/engines/pdf/path.js';

const rect = (o: Partial<Layer>): Layer => ({ type: 'rect', width: 100, height: 50, ...o });
const centre = (l: Layer) => {
  const g = shapeGeometry(l);
  return apply(objectMatrix(l, g.width, g.height, g.strokeWidth), { x: 0, y: 0 });
};

describe('Fabric object geometry', () => {
  it('puts the centre at left/top plus half the stroke-inclusive size for a left/top origin', () => {
    expect(centre(rect({ left: 10, top: 20 }))).toEqual({ x: 10 + 50.5, y: 20 + 25.5 });
    expect(centre(rect({ left: 10, top: 20, strokeWidth: 0, scaleX: 2 }))).toEqual({ x: 110, y: 45 });
    expect(centre(rect({ left: 10, top: 20, originX: 'center', originY: 'center' }))).toEqual({ x: 10, y: 20 });
    expect(centre(rect({ left: 10, top: 20, originX: 'right', originY: 'bottom', strokeWidth: 0 }))).toEqual({ x: -40, y: -5 });
  });

  it('rotates the origin offset around left/top', () => {
    const c = centre(rect({ left: 10, top: 20, angle: 90 }));
    expect(c.x).toBeCloseTo(10 - 25.5, 9);
    expect(c.y).toBeCloseTo(20 + 50.5, 9);
  });

  it('strokeUniform adds the stroke after scaling', () => {
    expect(centre(rect({ left: 0, top: 0, strokeWidth: 10, scaleX: 2, scaleY: 2, strokeUniform: true }))).toEqual({ x: 105, y: 55 });
    expect(centre(rect({ left: 0, top: 0, strokeWidth: 10, scaleX: 2, scaleY: 2 }))).toEqual({ x: 110, y: 60 });
  });

  it('derives shape sizes as Fabric does', () => {
    expect(shapeGeometry({ type: 'circle', radius: 30, width: 999 })).toMatchObject({ width: 60, height: 60 });
    expect(shapeGeometry({ type: 'ellipse', rx: 30, ry: 10 })).toMatchObject({ width: 60, height: 20 });
    expect(shapeGeometry({ type: 'line', x1: 0, y1: 10, x2: 40, y2: 0 })).toMatchObject({ width: 40, height: 10, outline: [['M', -20, 5], ['L', 20, -5]] });
    const poly = shapeGeometry({ type: 'polygon', points: [{ x: 10, y: 10 }, { x: 30, y: 10 }, { x: 20, y: 40 }] });
    expect(poly).toMatchObject({ width: 20, height: 30 });
    expect(poly.outline![0]).toEqual(['M', -10, -15]);
    expect(poly.outline!.at(-1)).toEqual(['Z']);
  });
});

describe('page boxes', () => {
  it('maps trim, bleed and slug in points for each unit', () => {
    const b = pageBoxes({ width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.125, right: 0.25, bottom: 0.125, left: 0.125 }, viewportWidth: 800, viewportHeight: 600 }, false);
    expect(b.mediaBox).toEqual({ x: 0, y: 0, width: 4 * 72 + 27, height: 3 * 72 + 18 });
    expect(b.trimBox).toEqual({ x: 9, y: 9, width: 288, height: 216 });
    expect(b.viewportToPage).toEqual([0.36, 0, 0, -0.36, 9, 225]);
    const mm = pageBoxes({ width: 85, height: 55, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, viewportWidth: 850, viewportHeight: 550 }, true);
    expect(mm.mediaBox.width).toBeCloseTo(91 / 25.4 * 72 + 36, 9);
    expect(mm.bleedBox.x).toBe(18);
    expect(mm.trimBox.x).toBeCloseTo(18 + 3 / 25.4 * 72, 9);
    const cm = pageBoxes({ width: 10, height: 15, dimensionUnit: 'cm', viewportWidth: 100, viewportHeight: 150 }, false);
    expect(cm.trimBox.width).toBeCloseTo(283.4645669, 6);
  });
});

describe('colours', () => {
  it('parses the CSS forms Fabric emits', () => {
    expect(parseColor('#f00')).toEqual({ r: 1, g: 0, b: 0, a: 1 });
    expect(parseColor('#00ff0080')).toMatchObject({ r: 0, g: 1, b: 0 });
    expect(parseColor('rgba(255, 0, 0, 0.5)')).toEqual({ r: 1, g: 0, b: 0, a: 0.5 });
    expect(parseColor('rgb(0 0 255 / 25%)')).toEqual({ r: 0, g: 0, b: 1, a: 0.25 });
    expect(parseColor('hsl(120, 100%, 50%)')).toEqual({ r: 0, g: 1, b: 0, a: 1 });
    expect(parseColor('RebeccaPurple')).toMatchObject({ r: 0x66 / 255 });
    expect(parseColor('transparent')).toBeNull();
    expect(parseColor('')).toBeNull();
    expect(parseColor('bogus')).toBeUndefined();
  });
});

describe('paths', () => {
  it('simplifies relative, shorthand and arc commands to absolute M/L/C/Q/Z', () => {
    const p = simplifyPath(parsePathString('m10 10 h 20 v 10 l -5 5 s 10 10 20 0 t 10 0 z'));
    expect(p.map((c) => c[0])).toEqual(['M', 'L', 'L', 'L', 'C', 'Q', 'Z']);
    expect(p[1]).toEqual(['L', 30, 10]);
    expect(p[3]).toEqual(['L', 25, 25]);
    const arc = simplifyPath(parsePathString('M 0 50 A 50 50 0 0 1 100 50'));
    expect(arc.slice(1).every((c) => c[0] === 'C')).toBe(true);
    const b = pathBounds(arc);
    expect(b.y).toBeCloseTo(0, 6);
    expect(b.width).toBeCloseTo(100, 6);
  });

  it('rejects malformed path data', () => {
    expect(() => parsePathString('L 10 10')).toThrow(/start with a command|moveto/);
    expect(() => parsePathString('M 10')).toThrow(/needs 2 numbers/);
  });

  it('draws canvas arcs clockwise by default and whole circles at 360°', () => {
    const full = canvasArc(0, 0, 10, 0, 2 * Math.PI, false);
    expect(full).toHaveLength(5);
    const quarter = canvasArc(0, 0, 10, 0, Math.PI / 2, false);
    expect(quarter.at(-1)!.slice(-2).map((v) => Math.round(v as number))).toEqual([0, 10]);
    const ccw = canvasArc(0, 0, 10, 0, Math.PI / 2, true);
    expect(ccw).toHaveLength(4);
  });
});

describe('image placement', () => {
  it('applies EXIF orientation 6 (rotate 90° clockwise) to the unit square', () => {
    const m = imagePlacementMatrix({ width: 160, height: 240, orientation: 6 });
    // stored top-left pixel (unit square s=0, t=1) shows at the top-right
    expect(apply(m, { x: 0, y: 1 })).toEqual({ x: 160, y: 0 });
    // stored top-right (s=1, t=1) at the bottom-right
    expect(apply(m, { x: 1, y: 1 })).toEqual({ x: 160, y: 240 });
    expect(apply(imagePlacementMatrix({ width: 10, height: 20, orientation: 1 }), { x: 0, y: 0 })).toEqual({ x: 0, y: 20 });
  });
});
