/**
 * How 100 % black prints in CMYK output. Design black (r = g = b = 0) is 100 K alone
 * (`cmyk-colours.ts`); on top of that:
 * - text of any size and lines or shapes at most BLACK_OVERPRINT_MAX_PT thin overprint
 *   (/op /OP with OPM 1), so a hairline or small type never knocks a white gap into the
 *   colours under it that misregistration would show;
 * - fills whose smaller side is at least RICH_BLACK_MIN_PT can print as a rich black (a
 *   C/M/Y mix under the K) for a deeper solid; text and thin lines stay 100 K.
 */
import type { Rgba } from './css-colour.js';
import type { Matrix } from '../geometry.js';
import type { PathCommand } from '../path.js';

/** Lines (stroke width) and shapes (smaller side) up to this size in points count as thin. */
export const BLACK_OVERPRINT_MAX_PT = 2;
/** Black fills whose smaller side reaches this size in points (½ in) print as `richBlack`. */
export const RICH_BLACK_MIN_PT = 36;

/** C, M, Y, K in percent (0–100), as in a request. */
export interface RichBlack {
  c: number;
  m: number;
  y: number;
  k: number;
}

export interface BlackPolicy {
  /** 100 K text and thin lines overprint */
  overprint: boolean;
  /** DeviceCMYK operands (0..1) for large black areas, or null (100 K) */
  rich: [number, number, number, number] | null;
}

/**
 * What a colour paints, for black: `text` (glyphs and their decorations), `line` (a thin
 * stroke or shape), `area` (a large fill). Anything else passes `undefined`.
 */
export type InkUse = 'text' | 'line' | 'area';

export function blackPolicy(overprint: boolean | undefined, rich: RichBlack | null | undefined): BlackPolicy {
  const pct = (v: number): number => Math.round(Math.min(100, Math.max(0, v)) * 10) / 1000;
  return { overprint: overprint !== false, rich: rich ? [pct(rich.c), pct(rich.m), pct(rich.y), pct(rich.k)] : null };
}

/** Opaque process black: the only colour the black rules apply to (spot inks have their own). */
export function isSolidBlack(c: Rgba, alpha: number): boolean {
  return !c.spot && Math.round(c.r * 255) === 0 && Math.round(c.g * 255) === 0 && Math.round(c.b * 255) === 0 && c.a * alpha >= 1 - 1e-6;
}

/** Length in page points of the unit vectors of `m`'s two axes. */
function axisScales(m: Matrix): [number, number] {
  return [Math.hypot(m[0], m[1]), Math.hypot(m[2], m[3])];
}

/** The use of a fill of `outline` (object space) drawn under `ctm` (object → page points). */
export function fillUse(outline: readonly PathCommand[], ctm: Matrix | undefined): InkUse | undefined {
  if (!ctm) return undefined;
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const c of outline) {
    for (let i = 1; i + 1 < c.length; i += 2) {
      const x = c[i] as number;
      const y = c[i + 1] as number;
      x0 = Math.min(x0, x);
      x1 = Math.max(x1, x);
      y0 = Math.min(y0, y);
      y1 = Math.max(y1, y);
    }
  }
  if (!Number.isFinite(x0)) return undefined;
  const [sx, sy] = axisScales(ctm);
  const side = Math.min((x1 - x0) * sx, (y1 - y0) * sy);
  if (side <= BLACK_OVERPRINT_MAX_PT) return 'line';
  return side >= RICH_BLACK_MIN_PT ? 'area' : undefined;
}

/** The use of a stroke `width` wide (object units; `scaling` undone for strokeUniform) under `ctm`. */
export function strokeUse(width: number, ctm: Matrix | undefined, uniform?: { x: number; y: number }): InkUse | undefined {
  if (!ctm) return undefined;
  const [sx, sy] = axisScales(ctm);
  const k = uniform ? Math.sqrt((sx / uniform.x) * (sy / uniform.y)) : Math.sqrt(sx * sy);
  return width * k <= BLACK_OVERPRINT_MAX_PT ? 'line' : undefined;
}
