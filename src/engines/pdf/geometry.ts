/**
 * 2-D affine matrices in the canvas / Fabric.js convention `[a, b, c, d, e, f]`
 * (x' = a·x + c·y + e, y' = b·x + d·y + f). A PDF `cm` operator with the same six numbers
 * has the same effect as `ctx.transform(...)`, so transforms nest exactly as on a canvas.
 */
export type Matrix = readonly [number, number, number, number, number, number];
export interface Point {
  x: number;
  y: number;
}

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];

/** a × b: apply b first, then a (Fabric's multiplyTransformMatrices). */
export function multiply(a: Matrix, b: Matrix): Matrix {
  return [
    a[0] * b[0] + a[2] * b[1],
    a[1] * b[0] + a[3] * b[1],
    a[0] * b[2] + a[2] * b[3],
    a[1] * b[2] + a[3] * b[3],
    a[0] * b[4] + a[2] * b[5] + a[4],
    a[1] * b[4] + a[3] * b[5] + a[5],
  ];
}

export function invert(m: Matrix): Matrix {
  const det = m[0] * m[3] - m[1] * m[2];
  const r: Matrix = [m[3] / det, -m[1] / det, -m[2] / det, m[0] / det, 0, 0];
  const t = apply(r, { x: m[4], y: m[5] });
  return [r[0], r[1], r[2], r[3], -t.x, -t.y];
}

export function apply(m: Matrix, p: Point): Point {
  return { x: m[0] * p.x + m[2] * p.y + m[4], y: m[1] * p.x + m[3] * p.y + m[5] };
}

/** Applies only the linear part (for vectors). */
export function applyLinear(m: Matrix, p: Point): Point {
  return { x: m[0] * p.x + m[2] * p.y, y: m[1] * p.x + m[3] * p.y };
}

export const translate = (x: number, y: number): Matrix => [1, 0, 0, 1, x, y];
export const scale = (x: number, y: number = x): Matrix => [x, 0, 0, y, 0, 0];

// Fabric snaps sin/cos at multiples of 90° so that right-angle rotations are exact.
function cosOf(rad: number): number {
  if (rad === 0) return 1;
  const slice = Math.abs(rad) / (Math.PI / 2);
  if (slice === 1 || slice === 3) return 0;
  if (slice === 2) return -1;
  return Math.cos(rad);
}
function sinOf(rad: number): number {
  if (rad === 0) return 0;
  const slice = rad / (Math.PI / 2);
  const sign = Math.sign(rad);
  if (slice === 1) return sign;
  if (slice === 2) return 0;
  if (slice === 3) return -sign;
  return Math.sin(rad);
}

export const degToRad = (deg: number): number => (deg * Math.PI) / 180;

export function rotate(deg: number): Matrix {
  const r = degToRad(deg);
  const c = cosOf(r);
  const s = sinOf(r);
  return [c, s, -s, c, 0, 0];
}

export interface ComposeOptions {
  translateX?: number;
  translateY?: number;
  angle?: number;
  scaleX?: number;
  scaleY?: number;
  flipX?: boolean;
  flipY?: boolean;
  skewX?: number;
  skewY?: number;
}

/** Scale, flip and skew part of an object matrix (Fabric's calcDimensionsMatrix). */
export function dimensionsMatrix(o: ComposeOptions): Matrix {
  const sx = o.scaleX ?? 1;
  const sy = o.scaleY ?? 1;
  let m: Matrix = scale(o.flipX ? -sx : sx, o.flipY ? -sy : sy);
  if (o.skewX) m = multiply(m, [1, 0, Math.tan(degToRad(o.skewX)), 1, 0, 0]);
  if (o.skewY) m = multiply(m, [1, Math.tan(degToRad(o.skewY)), 0, 1, 0, 0]);
  return m;
}

/** translate · rotate · (scale, flip, skew): Fabric's composeMatrix. */
export function composeMatrix(o: ComposeOptions): Matrix {
  let m = translate(o.translateX ?? 0, o.translateY ?? 0);
  if (o.angle) m = multiply(m, rotate(o.angle));
  return multiply(m, dimensionsMatrix(o));
}

/** Size of the axis-aligned box around a w×h rectangle after the linear part of m. */
export function sizeAfterTransform(w: number, h: number, m: Matrix): Point {
  const corners = [
    applyLinear(m, { x: -w / 2, y: -h / 2 }),
    applyLinear(m, { x: w / 2, y: -h / 2 }),
    applyLinear(m, { x: -w / 2, y: h / 2 }),
    applyLinear(m, { x: w / 2, y: h / 2 }),
  ];
  const xs = corners.map((p) => p.x);
  const ys = corners.map((p) => p.y);
  return { x: Math.max(...xs) - Math.min(...xs), y: Math.max(...ys) - Math.min(...ys) };
}

/** Scale factors of a matrix as Fabric's qrDecompose computes them (scaleY may be negative). */
export function decomposeScale(m: Matrix): Point {
  const denom = m[0] * m[0] + m[1] * m[1];
  const sx = Math.sqrt(denom);
  return { x: sx, y: sx === 0 ? 0 : (m[0] * m[3] - m[2] * m[1]) / sx };
}

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Axis-aligned bounds of the given points. */
export function boundsOf(points: readonly Point[]): Box {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    if (p.x < minX) minX = p.x;
    if (p.y < minY) minY = p.y;
    if (p.x > maxX) maxX = p.x;
    if (p.y > maxY) maxY = p.y;
  }
  if (minX === Infinity) return { x: 0, y: 0, width: 0, height: 0 };
  return { x: minX, y: minY, width: maxX - minX, height: maxY - minY };
}

/** Bounds of a rectangle (x, y, w, h) after m. */
export function transformBox(m: Matrix, b: Box): Box {
  return boundsOf([
    apply(m, { x: b.x, y: b.y }),
    apply(m, { x: b.x + b.width, y: b.y }),
    apply(m, { x: b.x, y: b.y + b.height }),
    apply(m, { x: b.x + b.width, y: b.y + b.height }),
  ]);
}

export function boxesIntersect(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** The smallest box holding both. */
export function unionBox(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}
