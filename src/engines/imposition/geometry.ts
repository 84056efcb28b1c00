/** Units, press-sheet presets and the rectangles the imposition planner works with (points). */

export type LengthUnit = 'mm' | 'cm' | 'inch' | 'pt';

export const PT_PER: Record<LengthUnit, number> = { mm: 72 / 25.4, cm: 72 / 2.54, inch: 72, pt: 1 };

export const toPt = (v: number, unit: LengthUnit): number => v * PT_PER[unit];
export const fromPt = (v: number, unit: LengthUnit): number => v / PT_PER[unit];

/** Press sheets, portrait (width < height). */
export const SHEET_PRESETS = {
  sra3: { width: 320, height: 450, unit: 'mm', label: 'SRA3 320 × 450 mm' },
  a3_plus: { width: 329, height: 483, unit: 'mm', label: 'A3+ 329 × 483 mm' },
  '12x18': { width: 12, height: 18, unit: 'inch', label: '12 × 18 in' },
  '13x19': { width: 13, height: 19, unit: 'inch', label: '13 × 19 in' },
} as const satisfies Record<string, { width: number; height: number; unit: LengthUnit; label: string }>;

export type SheetPreset = keyof typeof SHEET_PRESETS;

/** Lower-left origin, PDF points. */
export interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}

export interface Edges {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

export type Rotation = 0 | 90 | 180 | 270;

export const rot = (r: number): Rotation => ((((r % 360) + 360) % 360) as Rotation);

/** The PDF matrix that maps a source page's trim rectangle onto `target` (a sheet rectangle), turned counter-clockwise by `rotation`. */
export function placementMatrix(srcTrim: Rect, target: Rect, rotation: Rotation, shift = { x: 0, y: 0 }): [number, number, number, number, number, number] {
  const { x: tx0, y: ty0, w: tw, h: th } = srcTrim;
  const X = target.x + shift.x;
  const Y = target.y + shift.y;
  switch (rotation) {
    case 0:
      return [1, 0, 0, 1, X - tx0, Y - ty0];
    case 90:
      return [0, 1, -1, 0, X + th + ty0, Y - tx0];
    case 180:
      return [-1, 0, 0, -1, X + tw + tx0, Y + th + ty0];
    case 270:
      return [0, -1, 1, 0, X - ty0, Y + tw + tx0];
  }
}

export const round3 = (v: number): number => Math.round(v * 1000) / 1000;
