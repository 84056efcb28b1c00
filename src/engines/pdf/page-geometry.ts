import type { Box, Matrix } from './geometry.js';

export type DimensionUnit = 'cm' | 'inch' | 'mm';

/** PDF points (1/72 in) per unit of a side's `dimension_unit`. */
export const POINTS_PER_UNIT: Readonly<Record<DimensionUnit, number>> = {
  inch: 72,
  cm: 72 / 2.54,
  mm: 72 / 25.4,
};

/** Slug added around the bleed box when crop marks are asked for: 0.25 in. */
export const CROP_MARK_SLUG_PT = 18;

export interface Edges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export interface SideGeometry {
  /** trim width and height, in `dimensionUnit` */
  width: number;
  height: number;
  dimensionUnit: DimensionUnit;
  bleed?: Edges | null;
  safeZone?: Edges | null;
  /** pixel size of the design canvas whose coordinates the layers use */
  viewportWidth: number;
  viewportHeight: number;
}

export interface PageBoxes {
  /** all in PDF points, origin bottom-left */
  mediaBox: Box;
  bleedBox: Box;
  trimBox: Box;
  /** safe area inside the trim box (trim minus safe_zone) */
  safeBox: Box;
  /** maps design (viewport) pixels, y down, onto the trim box */
  viewportToPage: Matrix;
  /** points per viewport pixel along x and y */
  pointsPerPixel: { x: number; y: number };
}

const ZERO: Edges = { top: 0, right: 0, bottom: 0, left: 0 };

export function pageBoxes(side: SideGeometry, cropMarks: boolean): PageBoxes {
  const k = POINTS_PER_UNIT[side.dimensionUnit];
  const bleed = side.bleed ?? ZERO;
  const safe = side.safeZone ?? ZERO;
  const slug = cropMarks ? CROP_MARK_SLUG_PT : 0;
  const trimW = side.width * k;
  const trimH = side.height * k;
  const bl = bleed.left * k;
  const br = bleed.right * k;
  const bt = bleed.top * k;
  const bb = bleed.bottom * k;
  const mediaBox: Box = { x: 0, y: 0, width: trimW + bl + br + 2 * slug, height: trimH + bt + bb + 2 * slug };
  const bleedBox: Box = { x: slug, y: slug, width: trimW + bl + br, height: trimH + bt + bb };
  const trimBox: Box = { x: slug + bl, y: slug + bb, width: trimW, height: trimH };
  const safeBox: Box = {
    x: trimBox.x + safe.left * k,
    y: trimBox.y + safe.bottom * k,
    width: trimW - (safe.left + safe.right) * k,
    height: trimH - (safe.top + safe.bottom) * k,
  };
  const sx = trimW / side.viewportWidth;
  const sy = trimH / side.viewportHeight;
  return {
    mediaBox,
    bleedBox,
    trimBox,
    safeBox,
    viewportToPage: [sx, 0, 0, -sy, trimBox.x, trimBox.y + trimH],
    pointsPerPixel: { x: sx, y: sy },
  };
}
