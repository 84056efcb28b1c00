/**
 * Print geometry of a side in canvas pixels. Design coordinates (what the layers store) have
 * their origin at the top-left corner of the trim box, as the PDF engine reads them: the
 * viewport (viewport_width × viewport_height) is the trim box. The canvas shows the bleed
 * around it, so it is larger than the viewport and shifted by the left/top bleed.
 */
import type { DimensionUnit, Edges } from '../../src/engines/pdf/page-geometry.js';

export type { DimensionUnit, Edges };

export interface SideGeometry {
  width: number;
  height: number;
  bleed: Edges;
  safe_zone: Edges;
  dimension_unit: DimensionUnit;
  dpi: number;
}

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Layout {
  /** canvas pixels per dimension unit */
  pxPerUnit: number;
  /** the trim box in design pixels: the design's viewport */
  viewport: { width: number; height: number };
  /** the whole canvas (bleed box) in pixels */
  canvas: { width: number; height: number };
  /** where design (0,0) lies on the canvas: the left and top bleed */
  origin: { x: number; y: number };
  /** boxes in design coordinates */
  trim: Rect;
  bleed: Rect;
  safe: Rect;
}

export const UNITS_PER_INCH: Readonly<Record<DimensionUnit, number>> = { inch: 1, cm: 2.54, mm: 25.4 };

/** Scales the side so its bleed box fits in maxPx × maxPx; the trim width is a whole number of pixels. */
export function layoutFor(side: SideGeometry, maxPx = 640): Layout {
  const b = side.bleed;
  const s = side.safe_zone;
  const fullW = side.width + b.left + b.right;
  const fullH = side.height + b.top + b.bottom;
  const rough = maxPx / Math.max(fullW, fullH);
  const pxPerUnit = Math.max(1, Math.floor(side.width * rough)) / side.width;
  const px = (v: number) => v * pxPerUnit;
  const viewport = { width: px(side.width), height: px(side.height) };
  return {
    pxPerUnit,
    viewport,
    canvas: { width: Math.ceil(px(fullW)), height: Math.ceil(px(fullH)) },
    origin: { x: px(b.left), y: px(b.top) },
    trim: { left: 0, top: 0, ...viewport },
    bleed: { left: -px(b.left), top: -px(b.top), width: px(fullW), height: px(fullH) },
    safe: { left: px(s.left), top: px(s.top), width: px(side.width - s.left - s.right), height: px(side.height - s.top - s.bottom) },
  };
}

/** Whether `r` reaches outside `box` by more than `tolerance` pixels on any side. */
export function leavesBox(r: Rect, box: Rect, tolerance = 0.5): boolean {
  return (
    r.left < box.left - tolerance ||
    r.top < box.top - tolerance ||
    r.left + r.width > box.left + box.width + tolerance ||
    r.top + r.height > box.top + box.height + tolerance
  );
}

/**
 * Pixels per inch an image of naturalWidth × naturalHeight pixels prints at when shown
 * shownWidth × shownHeight design pixels large: the lower of the two directions.
 */
export function effectiveDpi(natural: { width: number; height: number }, shown: { width: number; height: number }, layout: Pick<Layout, 'pxPerUnit'>, unit: DimensionUnit): number {
  const inches = (designPx: number) => designPx / layout.pxPerUnit / UNITS_PER_INCH[unit];
  return Math.min(natural.width / inches(shown.width), natural.height / inches(shown.height));
}

export type Edge = 'left' | 'right' | 'top' | 'bottom';

/**
 * The edges where `r` (something meant to print to the edge: a background image or shape)
 * reaches the trim but stops short of the bleed: after cutting, paper white may show there.
 * For a background (spanning the trim box in one direction at least) an edge counts when it
 * comes within `tolerance` of the trim line or past it without reaching the bleed line; for
 * anything smaller, when it sits flush on the trim line (a band or panel placed against the
 * edge). Elements well inside the trim are left alone.
 */
export function bleedGaps(r: Rect, trim: Rect, bleed: Rect, tolerance = 1): Edge[] {
  const out: Edge[] = [];
  const right = r.left + r.width;
  const bottom = r.top + r.height;
  const spansX = r.left <= trim.left + tolerance && right >= trim.left + trim.width - tolerance;
  const spansY = r.top <= trim.top + tolerance && bottom >= trim.top + trim.height - tolerance;
  // not a background (it spans the trim box in neither direction): only edges flush with the trim count
  if (!spansX && !spansY) {
    const flush = (a: number, b: number) => Math.abs(a - b) <= tolerance;
    if (flush(r.left, trim.left)) out.push('left');
    if (flush(right, trim.left + trim.width)) out.push('right');
    if (flush(r.top, trim.top)) out.push('top');
    if (flush(bottom, trim.top + trim.height)) out.push('bottom');
    return out;
  }
  if (r.left <= trim.left + tolerance && r.left > bleed.left + tolerance) out.push('left');
  if (right >= trim.left + trim.width - tolerance && right < bleed.left + bleed.width - tolerance) out.push('right');
  if (r.top <= trim.top + tolerance && r.top > bleed.top + tolerance) out.push('top');
  if (bottom >= trim.top + trim.height - tolerance && bottom < bleed.top + bleed.height - tolerance) out.push('bottom');
  return out;
}

/**
 * Where a full-bleed shape should reach: each edge of `r` that lies on (or past) the edge of
 * the box the template covers (`placed`) and stops short of the bleed line goes to the bleed
 * line; null when there is nothing to stretch. Edges inside the template are left alone.
 */
export function bleedBand(r: Rect, placed: Rect, trim: Rect, bleed: Rect, tolerance = 1): Rect | null {
  // the template's edge, or the trim's where the template is larger (a side it overflows)
  const edge = { left: Math.max(placed.left, trim.left), top: Math.max(placed.top, trim.top), right: Math.min(placed.left + placed.width, trim.left + trim.width), bottom: Math.min(placed.top + placed.height, trim.top + trim.height) };
  let left = r.left;
  let top = r.top;
  let right = r.left + r.width;
  let bottom = r.top + r.height;
  if (left <= edge.left + tolerance && left > bleed.left) left = bleed.left;
  if (top <= edge.top + tolerance && top > bleed.top) top = bleed.top;
  if (right >= edge.right - tolerance && right < bleed.left + bleed.width) right = bleed.left + bleed.width;
  if (bottom >= edge.bottom - tolerance && bottom < bleed.top + bleed.height) bottom = bleed.top + bleed.height;
  if (left === r.left && top === r.top && right === r.left + r.width && bottom === r.top + r.height) return null;
  return { left, top, width: right - left, height: bottom - top };
}

/**
 * How far to move `r` so it stays on the canvas `box`: entirely inside when it fits,
 * else covering it (an object larger than the canvas may be moved, but not uncover an edge).
 */
export function keepInside(r: Rect, box: Rect): { dx: number; dy: number } {
  const axis = (start: number, size: number, boxStart: number, boxSize: number): number => {
    const end = start + size;
    const boxEnd = boxStart + boxSize;
    if (size <= boxSize) {
      if (start < boxStart) return boxStart - start;
      if (end > boxEnd) return boxEnd - end;
      return 0;
    }
    if (start > boxStart) return boxStart - start;
    if (end < boxEnd) return boxEnd - end;
    return 0;
  };
  return { dx: axis(r.left, r.width, box.left, box.width), dy: axis(r.top, r.height, box.top, box.height) };
}
