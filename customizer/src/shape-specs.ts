/**
 * The shapes the editor adds (docs/editor.md, "Shapes"): plain Fabric options, no Fabric
 * import, so the fidelity test builds the very same objects in its Chromium page. A hexagon
 * and a star are Fabric polygons; every shape is centred on the place it is put.
 */
export const SHAPE_KINDS = ['rect', 'rounded', 'ellipse', 'line', 'hexagon', 'star'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

export interface ShapePaint {
  fill: string;
  stroke: string;
  strokeWidth: number;
}

export interface ShapeSpec {
  /** the Fabric class */
  type: 'Rect' | 'Ellipse' | 'Line' | 'Polygon';
  /** Line: [x1, y1, x2, y2]; Polygon: its points */
  points?: { x: number; y: number }[];
  line?: [number, number, number, number];
  options: Record<string, unknown>;
}

/** Points of a regular polygon (or a star: `inner` > 0 alternates two radii) of radius `r` around (r, r), first point up. */
export function polygonPoints(corners: number, r: number, inner = 0): { x: number; y: number }[] {
  const n = inner > 0 ? corners * 2 : corners;
  const out: { x: number; y: number }[] = [];
  for (let i = 0; i < n; i++) {
    const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
    const rr = inner > 0 && i % 2 === 1 ? inner : r;
    out.push({ x: round(r + rr * Math.cos(a)), y: round(r + rr * Math.sin(a)) });
  }
  return out;
}

const round = (v: number) => Math.round(v * 1000) / 1000;

/** A shape of `kind`, `size` design pixels tall, centred at (left, top). */
export function shapeSpec(kind: ShapeKind, size: number, at: { left: number; top: number }, paint: ShapePaint): ShapeSpec {
  const s = Math.max(4, size);
  const options: Record<string, unknown> = { ...at, originX: 'center', originY: 'center', fill: paint.fill, stroke: paint.stroke, strokeWidth: paint.strokeWidth };
  switch (kind) {
    case 'rect':
      return { type: 'Rect', options: { ...options, width: round(s * 1.4), height: s } };
    case 'rounded':
      return { type: 'Rect', options: { ...options, width: round(s * 1.4), height: s, rx: round(s * 0.18), ry: round(s * 0.18) } };
    case 'ellipse':
      return { type: 'Ellipse', options: { ...options, rx: round(s * 0.7), ry: round(s / 2) } };
    case 'line':
      // a line is its stroke: never thinner than 2 px, never without a colour
      return { type: 'Line', line: [0, 0, round(s * 1.4), 0], options: { ...options, fill: null, strokeWidth: Math.max(2, paint.strokeWidth) } };
    case 'hexagon':
      return { type: 'Polygon', points: polygonPoints(6, s / 2), options };
    case 'star':
      return { type: 'Polygon', points: polygonPoints(5, s / 2, s * 0.2), options };
  }
}
