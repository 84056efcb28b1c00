/**
 * A side's print area when it is not the whole trim box (the side's `mask`: a round sticker,
 * a rounded card, a mug's wrap area, any SVG path; src/engines/pdf/mask.ts, which the PDF
 * engine prints from, makes the same outlines). In design pixels:
 *
 * - `cut`: the cut line (the mask itself), drawn as the trim line;
 * - `print`: the mask grown by the bleed: the canvas is clipped to it (`clip`), as the print
 *   file is, so a photo dragged past the edge is cut off on screen too (SideCanvas.clipTo);
 * - `safe`: the mask shrunk by the safe zone, drawn as the safe line; text leaving it warns.
 *
 * `drawOutlines` draws the bleed band, trim and safe lines of any side, shaped or not.
 */
import { maskOutline, maskSideOf, MM_PER_UNIT, type SideMask } from '../../src/engines/pdf/mask.js';
import type { PathCommand } from '../../src/engines/pdf/path.js';
import type { Layout, Rect, SideGeometry } from './geometry.js';

export type { SideMask };

export interface MaskShape {
  /** SVG path data in design pixels */
  cut: string;
  print: string;
  safe: string;
  /** the cut line's bounds in design pixels (snapping targets) */
  bounds: Rect;
}

function svgOf(cmds: readonly PathCommand[], k: number): string {
  const f = (v: number) => +(v * k).toFixed(3);
  return cmds.map((c) => (c[0] === 'Z' ? 'Z' : `${c[0]} ${c.slice(1).map((v) => f(v as number)).join(' ')}`)).join(' ');
}

/** The side's shaped print area in design pixels; null when it has no mask (the trim box). */
export function maskShape(side: SideGeometry & { mask?: SideMask | null }, layout: Layout): MaskShape | null {
  if (!side.mask) return null;
  const ms = maskSideOf(side);
  const kUnit = MM_PER_UNIT[side.dimension_unit];
  const k = layout.pxPerUnit / kUnit; // design px per mm
  const s = side.safe_zone;
  const shrink = { top: -s.top * kUnit, right: -s.right * kUnit, bottom: -s.bottom * kUnit, left: -s.left * kUnit };
  const cut = maskOutline(side.mask, ms);
  const xs: number[] = [];
  const ys: number[] = [];
  for (const c of cut) for (let i = 1; i + 1 < c.length; i += 2) (xs.push((c[i] as number) * k), ys.push((c[i + 1] as number) * k));
  const left = Math.min(...xs);
  const top = Math.min(...ys);
  return {
    cut: svgOf(cut, k),
    print: svgOf(maskOutline(side.mask, ms, ms.bleed), k),
    safe: svgOf(maskOutline(side.mask, ms, shrink), k),
    bounds: { left, top, width: Math.max(...xs) - left, height: Math.max(...ys) - top },
  };
}

let probe: CanvasRenderingContext2D | null | undefined;

/** Whether every corner of `r` lies inside the path `d` (design pixels); true when the browser cannot tell. */
export function insidePath(d: string, r: Rect): boolean {
  probe ??= document.createElement('canvas').getContext('2d');
  if (!probe) return true;
  const p = new Path2D(d);
  const corners = [[r.left, r.top], [r.left + r.width, r.top], [r.left, r.top + r.height], [r.left + r.width, r.top + r.height]] as const;
  return corners.every(([x, y]) => probe!.isPointInPath(p, x, y));
}

/** The bleed band (printed, then cut away), the bleed, trim (cut) and dashed safe lines. `z`: the zoom. */
export function drawOutlines(ctx: CanvasRenderingContext2D, layout: Layout, shape: MaskShape | null, z: number): void {
  const { trim, bleed, safe } = layout;
  ctx.lineWidth = 1 / z;
  if (shape) {
    const print = new Path2D(shape.print);
    const cut = new Path2D(shape.cut);
    // outside the print area: nothing prints (the canvas is clipped there, the page shows)
    const outside = new Path2D();
    outside.rect(bleed.left, bleed.top, bleed.width, bleed.height);
    outside.addPath(print);
    ctx.fillStyle = 'rgba(100, 116, 139, 0.22)';
    ctx.fill(outside, 'evenodd');
    const band = new Path2D(shape.print);
    band.addPath(cut);
    ctx.fillStyle = 'rgba(220, 38, 38, 0.12)';
    ctx.fill(band, 'evenodd');
    ctx.strokeStyle = 'rgba(220, 38, 38, 0.6)';
    ctx.stroke(print);
    ctx.strokeStyle = '#dc2626';
    ctx.stroke(cut);
    ctx.setLineDash([6 / z, 4 / z]);
    ctx.strokeStyle = '#16a34a';
    ctx.stroke(new Path2D(shape.safe));
    return;
  }
  ctx.beginPath();
  ctx.rect(bleed.left, bleed.top, bleed.width, bleed.height);
  ctx.rect(trim.left, trim.top, trim.width, trim.height);
  ctx.fillStyle = 'rgba(220, 38, 38, 0.12)';
  ctx.fill('evenodd');
  ctx.strokeStyle = 'rgba(220, 38, 38, 0.6)';
  ctx.strokeRect(bleed.left + 0.5 / z, bleed.top + 0.5 / z, bleed.width - 1 / z, bleed.height - 1 / z);
  ctx.strokeStyle = '#dc2626';
  ctx.strokeRect(trim.left, trim.top, trim.width, trim.height);
  ctx.setLineDash([6 / z, 4 / z]);
  ctx.strokeStyle = '#16a34a';
  ctx.strokeRect(safe.left, safe.top, safe.width, safe.height);
}
