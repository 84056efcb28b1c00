/**
 * Print areas of any shape: a side's `mask` (docs/catalog.md § Print areas of any shape).
 * Everything here is in millimetres, y down, with the origin at the top-left corner of the
 * trim box, and pure (the customizer imports it too):
 *
 * - `circle`: the ellipse inscribed in the trim box (a circle on a square side).
 * - `rounded_rectangle`: the trim box with corners of `radius_mm`.
 * - `rectangle`: a part of the side (`x_mm`, `y_mm`, `width_mm`, `height_mm`), e.g. a mug's
 *   wrap area between the handle's margins.
 * - `path`: any SVG path (`d`) in millimetres, within the bleed box.
 *
 * The outline (`maskOutline(…, ZERO)`) is the cut line; the same outline grown by the side's
 * bleed is where the design may print. Growing is exact for a circle on a square side with an
 * even bleed, for a rounded rectangle and for a rectangle (each edge moves out by its bleed,
 * corners' radii by the mean bleed); a free path is scaled about the centre of its bounds so
 * the bounds grow by each edge's bleed, an approximation that is exact for shapes symmetric
 * about their centre and close for convex ones.
 */
import type { Edges } from './page-geometry.js';
import { pathBounds, parsePathString, simplifyPath, type PathCommand } from './path.js';

export type SideMask =
  | { shape: 'circle' }
  | { shape: 'rounded_rectangle'; radius_mm: number }
  | { shape: 'rectangle'; x_mm: number; y_mm: number; width_mm: number; height_mm: number }
  | { shape: 'path'; path: string; units?: 'mm' };

export const MASK_SHAPES: readonly string[] = ['circle', 'rounded_rectangle', 'rectangle', 'path'];

/** Longest path data accepted (characters). */
export const MAX_MASK_PATH = 20_000;
/** Millimetres per unit of a side's `dimension_unit`. */
export const MM_PER_UNIT = { mm: 1, cm: 10, inch: 25.4 } as const;

const ZERO: Edges = { top: 0, right: 0, bottom: 0, left: 0 };
/** Bézier handle length of a quarter ellipse, as a fraction of its radius. */
const KAPPA = 0.5522847498307936;
const PATH_CHARS = /^[\sMmLlHhVvCcSsQqTtAaZz0-9.,eE+-]*$/;

export interface MaskSide {
  /** trim size in mm */
  width: number;
  height: number;
  /** bleed in mm */
  bleed: Edges;
}

/** Trim size and bleed of a side in mm. */
export function maskSideOf(side: { width: number; height: number; bleed?: Edges | null; dimension_unit?: string; dimensionUnit?: string }): MaskSide {
  const unit = (side.dimension_unit ?? side.dimensionUnit ?? 'mm') as keyof typeof MM_PER_UNIT;
  const k = MM_PER_UNIT[unit] ?? 1;
  const b = side.bleed ?? ZERO;
  return { width: side.width * k, height: side.height * k, bleed: { top: b.top * k, right: b.right * k, bottom: b.bottom * k, left: b.left * k } };
}

/** A rectangle with elliptical corners (rx, ry), clockwise from the top-left corner's end. */
function roundedRect(x: number, y: number, w: number, h: number, rx: number, ry: number): PathCommand[] {
  rx = Math.max(0, Math.min(rx, w / 2));
  ry = Math.max(0, Math.min(ry, h / 2));
  const kx = rx * KAPPA;
  const ky = ry * KAPPA;
  const r = x + w;
  const b = y + h;
  return [
    ['M', x + rx, y],
    ['L', r - rx, y],
    ['C', r - rx + kx, y, r, y + ry - ky, r, y + ry],
    ['L', r, b - ry],
    ['C', r, b - ry + ky, r - rx + kx, b, r - rx, b],
    ['L', x + rx, b],
    ['C', x + rx - kx, b, x, b - ry + ky, x, b - ry],
    ['L', x, y + ry],
    ['C', x, y + ry - ky, x + rx - kx, y, x + rx, y],
    ['Z'],
  ];
}

/** The path data of a `path` mask as absolute commands; throws on malformed data. */
export function maskPathCommands(d: string): PathCommand[] {
  if (!PATH_CHARS.test(d)) throw new Error('path data may hold only SVG path commands and numbers');
  const cmds = simplifyPath(parsePathString(d));
  if (!cmds.some((c) => c[0] !== 'M')) throw new Error('path data draws nothing');
  return cmds;
}

/** The mask's outline in trim millimetres, grown by `grow` on each edge (ZERO: the cut line). */
export function maskOutline(mask: SideMask, side: MaskSide, grow: Edges = ZERO): PathCommand[] {
  const g = grow;
  const mean = (g.top + g.right + g.bottom + g.left) / 4;
  switch (mask.shape) {
    case 'circle': {
      const w = side.width + g.left + g.right;
      const h = side.height + g.top + g.bottom;
      return roundedRect(0 - g.left, 0 - g.top, w, h, w / 2, h / 2);
    }
    case 'rounded_rectangle':
      return roundedRect(0 - g.left, 0 - g.top, side.width + g.left + g.right, side.height + g.top + g.bottom, mask.radius_mm + mean, mask.radius_mm + mean);
    case 'rectangle':
      return roundedRect(mask.x_mm - g.left, mask.y_mm - g.top, mask.width_mm + g.left + g.right, mask.height_mm + g.top + g.bottom, 0, 0);
    case 'path': {
      const cmds = maskPathCommands(mask.path);
      if (g.top === 0 && g.right === 0 && g.bottom === 0 && g.left === 0) return cmds;
      const bb = pathBounds(cmds);
      const sx = bb.width > 0 ? (bb.width + g.left + g.right) / bb.width : 1;
      const sy = bb.height > 0 ? (bb.height + g.top + g.bottom) / bb.height : 1;
      const X = (x: number): number => bb.x - g.left + (x - bb.x) * sx;
      const Y = (y: number): number => bb.y - g.top + (y - bb.y) * sy;
      return cmds.map((c): PathCommand => {
        switch (c[0]) {
          case 'M':
          case 'L':
            return [c[0], X(c[1]), Y(c[2])];
          case 'C':
            return ['C', X(c[1]), Y(c[2]), X(c[3]), Y(c[4]), X(c[5]), Y(c[6])];
          case 'Q':
            return ['Q', X(c[1]), Y(c[2]), X(c[3]), Y(c[4])];
          default:
            return c;
        }
      });
    }
  }
}

/** The print area the design may cover: the outline grown by the bleed, within the bleed box. */
export function maskPrintArea(mask: SideMask, side: MaskSide): PathCommand[] {
  return maskOutline(mask, side, side.bleed);
}

const fin = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

/**
 * What is wrong with a mask for a side, as [field under `mask`, message] pairs: a radius over
 * half the side, a rectangle leaving the trim box, path data that does not parse or leaves the
 * bleed box. The shape's fields are checked by the HTTP schema first.
 */
export function maskProblems(mask: SideMask, side: MaskSide): [string, string][] {
  const out: [string, string][] = [];
  const eps = 1e-6;
  switch (mask.shape) {
    case 'circle':
      break;
    case 'rounded_rectangle': {
      const half = Math.min(side.width, side.height) / 2;
      if (!fin(mask.radius_mm) || mask.radius_mm <= 0) out.push(['radius_mm', 'must be a positive number of millimetres']);
      else if (mask.radius_mm > half + eps) out.push(['radius_mm', `must be at most half the side's shorter edge (${+half.toFixed(3)} mm)`]);
      break;
    }
    case 'rectangle': {
      const { x_mm: x, y_mm: y, width_mm: w, height_mm: h } = mask;
      if (!(w > 0)) out.push(['width_mm', 'must be positive']);
      if (!(h > 0)) out.push(['height_mm', 'must be positive']);
      if (x < -eps || x + w > side.width + eps) out.push(['x_mm', `the rectangle must lie within the trim width (0 to ${+side.width.toFixed(3)} mm)`]);
      if (y < -eps || y + h > side.height + eps) out.push(['y_mm', `the rectangle must lie within the trim height (0 to ${+side.height.toFixed(3)} mm)`]);
      break;
    }
    case 'path': {
      if (mask.path.length > MAX_MASK_PATH) {
        out.push(['path', `must be at most ${MAX_MASK_PATH} characters`]);
        break;
      }
      let cmds: PathCommand[];
      try {
        cmds = maskPathCommands(mask.path);
      } catch (e) {
        out.push(['path', `is not SVG path data: ${(e as Error).message}`]);
        break;
      }
      const bb = pathBounds(cmds);
      const b = side.bleed;
      if (![bb.x, bb.y, bb.width, bb.height].every(Number.isFinite)) out.push(['path', 'is not SVG path data: a number is out of range']);
      else if (bb.x < -b.left - eps || bb.y < -b.top - eps || bb.x + bb.width > side.width + b.right + eps || bb.y + bb.height > side.height + b.bottom + eps) {
        out.push(['path', `leaves the bleed box (the path spans x ${+bb.x.toFixed(2)}..${+(bb.x + bb.width).toFixed(2)} mm, y ${+bb.y.toFixed(2)}..${+(bb.y + bb.height).toFixed(2)} mm; the trim box is 0..${+side.width.toFixed(2)} × 0..${+side.height.toFixed(2)} mm with the origin at its top-left corner)`]);
      } else if (bb.width <= 0 || bb.height <= 0) out.push(['path', 'must enclose an area']);
      break;
    }
  }
  return out;
}
