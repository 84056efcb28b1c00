/**
 * Fabric.js object geometry: each type's intrinsic size, the object matrix from
 * left/top/origin/angle/scale/flip/skew (stroke width counts in the origin offset, as in
 * Fabric), and the outline of each shape in the object's own space (origin at its centre).
 */
import type { Matrix, Point } from './geometry.js';
import { boundsOf, composeMatrix, dimensionsMatrix, rotate, apply, sizeAfterTransform } from './geometry.js';
import type { Layer, Origin } from './layers.js';
import type { PathCommand, RawPathCommand } from './path.js';
import { canvasArc, pathBounds, simplifyPath } from './path.js';

const K_RECT = 1 - 0.5522847498;

export const n = (v: unknown, d: number): number => (typeof v === 'number' && Number.isFinite(v) ? v : d);

export interface ShapeGeometry {
  width: number;
  height: number;
  strokeWidth: number;
  /** outline in object space; undefined for text, image and group */
  outline?: PathCommand[];
  /** whether the outline is only stroked (line) */
  strokeOnly?: boolean;
}

export function defaultStrokeWidth(l: Layer): number {
  return l.type === 'image' || l.type === 'group' || l.type === 'barcode' ? 0 : 1;
}

/** Geometry of a shape layer (not text, image or group). */
export function shapeGeometry(l: Layer): ShapeGeometry {
  const strokeWidth = n(l.strokeWidth, defaultStrokeWidth(l));
  switch (l.type) {
    case 'rect': {
      const w = n(l.width, 0);
      const h = n(l.height, 0);
      let rx = n(l.rx, 0);
      let ry = n(l.ry, 0);
      if (rx && !ry) ry = rx;
      else if (ry && !rx) rx = ry;
      rx = rx ? Math.min(rx, w / 2) : 0;
      ry = ry ? Math.min(ry, h / 2) : 0;
      const x = -w / 2;
      const y = -h / 2;
      const rounded = rx !== 0 || ry !== 0;
      const o: PathCommand[] = [['M', x + rx, y], ['L', x + w - rx, y]];
      if (rounded) o.push(['C', x + w - K_RECT * rx, y, x + w, y + K_RECT * ry, x + w, y + ry]);
      o.push(['L', x + w, y + h - ry]);
      if (rounded) o.push(['C', x + w, y + h - K_RECT * ry, x + w - K_RECT * rx, y + h, x + w - rx, y + h]);
      o.push(['L', x + rx, y + h]);
      if (rounded) o.push(['C', x + K_RECT * rx, y + h, x, y + h - K_RECT * ry, x, y + h - ry]);
      o.push(['L', x, y + ry]);
      if (rounded) o.push(['C', x, y + K_RECT * ry, x + K_RECT * rx, y, x + rx, y]);
      o.push(['Z']);
      return { width: w, height: h, strokeWidth, outline: o };
    }
    case 'triangle': {
      const w = n(l.width, 100);
      const h = n(l.height, 100);
      return { width: w, height: h, strokeWidth, outline: [['M', -w / 2, h / 2], ['L', 0, -h / 2], ['L', w / 2, h / 2], ['Z']] };
    }
    case 'circle': {
      const r = n(l.radius, 0);
      const rad = (d: number): number => (d * Math.PI) / 180;
      return { width: 2 * r, height: 2 * r, strokeWidth, outline: canvasArc(0, 0, r, rad(n(l.startAngle, 0)), rad(n(l.endAngle, 360)), l.counterClockwise === true) };
    }
    case 'ellipse': {
      const rx = n(l.rx, 0);
      const ry = n(l.ry, 0);
      const k = rx === 0 ? 0 : ry / rx;
      const o = canvasArc(0, 0, rx, 0, 2 * Math.PI, false).map((c): PathCommand => {
        if (c[0] === 'M') return ['M', c[1], c[2] * k];
        if (c[0] === 'C') return ['C', c[1], c[2] * k, c[3], c[4] * k, c[5], c[6] * k];
        return c;
      });
      return { width: 2 * rx, height: 2 * ry, strokeWidth, outline: rx && ry ? o : [] };
    }
    case 'line': {
      const x1 = n(l.x1, 0);
      const y1 = n(l.y1, 0);
      const x2 = n(l.x2, 0);
      const y2 = n(l.y2, 0);
      const w = Math.abs(x2 - x1);
      const h = Math.abs(y2 - y1);
      // Fabric's calcLinePoints: endpoints relative to the centre, direction kept
      const xm = x1 <= x2 ? -1 : 1;
      const ym = y1 <= y2 ? -1 : 1;
      return {
        width: w,
        height: h,
        strokeWidth,
        strokeOnly: true,
        outline: [['M', (xm * w) / 2, (ym * h) / 2], ['L', (xm * -w) / 2, (ym * -h) / 2]],
      };
    }
    case 'polygon':
    case 'polyline': {
      const pts = (l.points ?? []) as Point[];
      const b = boundsOf(pts);
      const ox = b.x + b.width / 2;
      const oy = b.y + b.height / 2;
      const o: PathCommand[] = pts.map((p, i): PathCommand => [i === 0 ? 'M' : 'L', p.x - ox, p.y - oy]);
      if (l.type === 'polygon' && o.length) o.push(['Z']);
      return { width: b.width, height: b.height, strokeWidth, outline: o };
    }
    case 'path': {
      const simple = simplifyPath(l.path as RawPathCommand[]);
      const b = pathBounds(simple);
      const ox = b.x + b.width / 2;
      const oy = b.y + b.height / 2;
      const o = simple.map((c): PathCommand => {
        switch (c[0]) {
          case 'M':
          case 'L':
            return [c[0], c[1] - ox, c[2] - oy];
          case 'C':
            return ['C', c[1] - ox, c[2] - oy, c[3] - ox, c[4] - oy, c[5] - ox, c[6] - oy];
          case 'Q':
            return ['Q', c[1] - ox, c[2] - oy, c[3] - ox, c[4] - oy];
          default:
            return c;
        }
      });
      return { width: b.width, height: b.height, strokeWidth, outline: o };
    }
    default:
      return { width: n(l.width, 0), height: n(l.height, 0), strokeWidth };
  }
}

function resolveOrigin(o: Origin | undefined, fallback: number): number {
  if (o === undefined) return fallback;
  if (typeof o === 'number') return o - 0.5;
  return o === 'left' || o === 'top' ? -0.5 : o === 'right' || o === 'bottom' ? 0.5 : 0;
}

/** Fabric's _getTransformedDimensions: the scaled size including the stroke. */
export function transformedDimensions(l: Layer, width: number, height: number, strokeWidth: number): Point {
  const uniform = l.strokeUniform === true;
  const pre = uniform ? 0 : strokeWidth;
  const post = uniform ? strokeWidth : 0;
  const sx = n(l.scaleX, 1);
  const sy = n(l.scaleY, 1);
  const skewX = n(l.skewX, 0);
  const skewY = n(l.skewY, 0);
  const dimX = width + pre;
  const dimY = height + pre;
  const d = skewX === 0 && skewY === 0
    ? { x: dimX * sx, y: dimY * sy }
    : sizeAfterTransform(dimX, dimY, dimensionsMatrix({ scaleX: sx, scaleY: sy, skewX, skewY }));
  return { x: d.x + post, y: d.y + post };
}

/** The object's matrix relative to its parent (canvas or group centre). */
export function objectMatrix(l: Layer, width: number, height: number, strokeWidth: number): Matrix {
  const left = n(l.left, 0);
  const top = n(l.top, 0);
  const angle = n(l.angle, 0);
  const ox = resolveOrigin(l.originX, -0.5);
  const oy = resolveOrigin(l.originY, -0.5);
  let center = { x: left, y: top };
  if (ox !== 0 || oy !== 0) {
    const dim = transformedDimensions(l, width, height, strokeWidth);
    const p = { x: left - ox * dim.x, y: top - oy * dim.y };
    if (angle) {
      const r = rotate(angle);
      const v = apply(r, { x: p.x - left, y: p.y - top });
      center = { x: v.x + left, y: v.y + top };
    } else center = p;
  }
  return composeMatrix({
    translateX: center.x,
    translateY: center.y,
    angle,
    scaleX: n(l.scaleX, 1),
    scaleY: n(l.scaleY, 1),
    skewX: n(l.skewX, 0),
    skewY: n(l.skewY, 0),
    flipX: l.flipX === true,
    flipY: l.flipY === true,
  });
}

/**
 * How far a layer's paint can reach past its box, in its own units: half the stroke width
 * times the miter limit (a sharp miter), the stroke itself, and for text one font size
 * (italic overhang, accents, decorations). Generous on purpose: flattening composites
 * everything inside these bounds.
 */
export function inkMargin(l: Layer, strokeWidth: number, text: boolean): number {
  let m = strokeWidth * (Math.max(1, n(l.strokeMiterLimit, 4)) / 2 + 1);
  if (l.strokeUniform === true) m /= Math.max(1e-3, Math.min(Math.abs(n(l.scaleX, 1)), Math.abs(n(l.scaleY, 1))));
  return m + (text ? n(l.fontSize, 40) : 0) + 1;
}
