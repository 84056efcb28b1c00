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
