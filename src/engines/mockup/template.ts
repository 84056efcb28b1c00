/**
 * The mockup template format: a product photo and where a design goes on it.
 *
 * Coordinates are pixels of the photo (`width` × `height`), origin top-left. The print area is
 * either a quadrilateral (`quad`: the design's top-left, top-right, bottom-right and
 * bottom-left corners; a perspective warp) or a mesh (`mesh`: a grid of
 * (rows + 1) × (columns + 1) points, row by row from the design's top-left, for curved
 * surfaces such as a mug). Optional grey-scale layers the size of the photo: `shading`
 * (multiplied into the design), `highlight` (screened onto it), `mask` (white: the design
 * shows; black: it does not) and `displacement` (mid grey: no shift; lighter shifts the
 * design by up to `displacement.x` / `displacement.y` px right and down, darker left and up:
 * folds of a shirt).
 */
export type Point = [number, number];

export type PrintArea =
  | { type: 'quad'; corners: [Point, Point, Point, Point] }
  | { type: 'mesh'; columns: number; rows: number; points: Point[] };

export type Fit = 'contain' | 'cover' | 'fill';

export interface MockupSpec {
  /** photo size in px: the coordinates' space */
  width: number;
  height: number;
  print_area: PrintArea;
  /** width / height of the print area on the real product; with `fit` it decides how a design of another shape is placed (default: the design's own, i.e. `fill`) */
  aspect?: number | null;
  /** how a design whose shape differs from `aspect` is placed: inside (contain, default), covering (cover) or stretched (fill) */
  fit?: Fit;
  /** maximum shift in photo px of the displacement layer (both default 0) */
  displacement?: { x: number; y: number } | null;
}

export const LAYER_NAMES = ['photo', 'shading', 'highlight', 'mask', 'displacement'] as const;
export type LayerName = (typeof LAYER_NAMES)[number];

export const MAX_TEMPLATE_SIDE = 4000;
export const MAX_MESH_CELLS = 4096;

export interface SpecIssue {
  path: string;
  message: string;
}

const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);

function point(v: unknown, path: string, w: number, h: number, issues: SpecIssue[]): void {
  if (!Array.isArray(v) || v.length !== 2 || !finite(v[0]) || !finite(v[1])) {
    issues.push({ path, message: 'must be [x, y] in photo pixels' });
    return;
  }
  // A print area may run off the photo a little (a poster cut by the frame), not far.
  if (v[0] < -w || v[0] > 2 * w || v[1] < -h || v[1] > 2 * h) issues.push({ path, message: 'is too far outside the photo' });
}

/** Twice the signed area of a polygon (positive: clockwise on screen, y down). */
function signedArea2(p: Point[]): number {
  let a = 0;
  for (let i = 0; i < p.length; i++) {
    const [x1, y1] = p[i]!;
    const [x2, y2] = p[(i + 1) % p.length]!;
    a += x1 * y2 - x2 * y1;
  }
  return a;
}

/** Every problem of a template spec (empty when it is usable); paths name the field. */
export function checkSpec(raw: unknown): SpecIssue[] {
  const issues: SpecIssue[] = [];
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return [{ path: '', message: 'must be an object' }];
  const s = raw as Record<string, unknown>;
  for (const k of ['width', 'height'] as const) {
    if (!Number.isInteger(s[k]) || (s[k] as number) < 16 || (s[k] as number) > MAX_TEMPLATE_SIDE) issues.push({ path: k, message: `must be an integer from 16 to ${MAX_TEMPLATE_SIDE}` });
  }
  if (issues.length) return issues;
  const w = s.width as number;
  const h = s.height as number;
  const area = s.print_area as Record<string, unknown> | undefined;
  if (typeof area !== 'object' || area === null) issues.push({ path: 'print_area', message: 'is required: {type: "quad", corners} or {type: "mesh", columns, rows, points}' });
  else if (area.type === 'quad') {
    const c = area.corners;
    if (!Array.isArray(c) || c.length !== 4) issues.push({ path: 'print_area.corners', message: 'must be 4 points: top-left, top-right, bottom-right, bottom-left' });
    else {
      c.forEach((p, i) => point(p, `print_area.corners[${i}]`, w, h, issues));
      if (!issues.length) {
        const pts = c as Point[];
        // Convex and clockwise (as the design's corners are): every turn the same way.
        let convex = true;
        for (let i = 0; i < 4; i++) {
          const a = pts[i]!;
          const b = pts[(i + 1) % 4]!;
          const d = pts[(i + 2) % 4]!;
          if ((b[0] - a[0]) * (d[1] - b[1]) - (b[1] - a[1]) * (d[0] - b[0]) <= 0) convex = false;
        }
        if (!convex || signedArea2(pts) <= 0) issues.push({ path: 'print_area.corners', message: 'must be a convex quadrilateral, corners clockwise from the top-left' });
        else if (signedArea2(pts) / 2 < 64) issues.push({ path: 'print_area.corners', message: 'encloses fewer than 64 square pixels' });
      }
    }
  } else if (area.type === 'mesh') {
    const cols = area.columns;
    const rows = area.rows;
    if (!Number.isInteger(cols) || (cols as number) < 1 || !Number.isInteger(rows) || (rows as number) < 1 || (cols as number) * (rows as number) > MAX_MESH_CELLS) {
      issues.push({ path: 'print_area', message: `columns and rows must be integers >= 1, at most ${MAX_MESH_CELLS} cells` });
    } else {
      const pts = area.points;
      const n = ((cols as number) + 1) * ((rows as number) + 1);
      if (!Array.isArray(pts) || pts.length !== n) issues.push({ path: 'print_area.points', message: `must be (rows + 1) × (columns + 1) = ${n} points, row by row` });
      else pts.forEach((p, i) => point(p, `print_area.points[${i}]`, w, h, issues));
    }
  } else issues.push({ path: 'print_area.type', message: 'must be quad or mesh' });
  if (s.aspect !== undefined && s.aspect !== null && (!finite(s.aspect) || s.aspect <= 0.01 || s.aspect > 100)) issues.push({ path: 'aspect', message: 'must be a number from 0.01 to 100' });
  if (s.fit !== undefined && s.fit !== 'contain' && s.fit !== 'cover' && s.fit !== 'fill') issues.push({ path: 'fit', message: 'must be contain, cover or fill' });
  const d = s.displacement as Record<string, unknown> | null | undefined;
  if (d !== undefined && d !== null) {
    if (typeof d !== 'object') issues.push({ path: 'displacement', message: 'must be {x, y}' });
    else
      for (const k of ['x', 'y'] as const) {
        if (!finite(d[k]) || Math.abs(d[k]) > 200) issues.push({ path: `displacement.${k}`, message: 'must be a number from -200 to 200 (photo px)' });
      }
  }
  const known = new Set(['width', 'height', 'print_area', 'aspect', 'fit', 'displacement']);
  for (const k of Object.keys(s)) if (!known.has(k)) issues.push({ path: k, message: 'is not a template field' });
  return issues;
}

/** Bounding box of the print area in photo px: [x0, y0, x1, y1]. */
export function printAreaBounds(area: PrintArea): [number, number, number, number] {
  return pointBounds(area.type === 'quad' ? area.corners : area.points);
}

/** Bounding box of points: [x0, y0, x1, y1]. */
export function pointBounds(points: readonly Point[]): [number, number, number, number] {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -Infinity;
  let y1 = -Infinity;
  for (const [x, y] of points) {
    x0 = Math.min(x0, x);
    y0 = Math.min(y0, y);
    x1 = Math.max(x1, x);
    y1 = Math.max(y1, y);
  }
  return [x0, y0, x1, y1];
}

/** The length in photo px of the print area's top and left edges (the longer of opposite edges): the design's pixels needed there. */
export function printAreaSize(area: PrintArea): { width: number; height: number } {
  const len = (pts: Point[]) => pts.slice(1).reduce((n, p, i) => n + Math.hypot(p[0] - pts[i]![0], p[1] - pts[i]![1]), 0);
  if (area.type === 'quad') {
    const [tl, tr, br, bl] = area.corners;
    return { width: Math.max(len([tl, tr]), len([bl, br])), height: Math.max(len([tl, bl]), len([tr, br])) };
  }
  const c = area.columns + 1;
  const row = (r: number) => area.points.slice(r * c, r * c + c);
  const col = (k: number) => Array.from({ length: area.rows + 1 }, (_, r) => area.points[r * c + k]!);
  return { width: Math.max(len(row(0)), len(row(area.rows))), height: Math.max(len(col(0)), len(col(area.columns))) };
}
