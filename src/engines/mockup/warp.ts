import { pointBounds, type Point, type PrintArea } from './template.js';

/**
 * Where each output pixel of the print area reads the design: (u, v) in [0, 1]², NaN outside.
 * Covers the box [x0, x0 + w) × [y0, y0 + h) of the output image; pixels outside the box are
 * outside the print area.
 */
export interface UvMap {
  x0: number;
  y0: number;
  w: number;
  h: number;
  u: Float32Array;
  v: Float32Array;
}

type Mat3 = [number, number, number, number, number, number, number, number, number];

/**
 * The projective map of the unit square onto a quadrilateral (Heckbert, "Fundamentals of
 * Texture Mapping", 1989): (0,0) → c0, (1,0) → c1, (1,1) → c2, (0,1) → c3.
 */
export function squareToQuad(c: readonly [Point, Point, Point, Point]): Mat3 {
  const [[x0, y0], [x1, y1], [x2, y2], [x3, y3]] = c;
  const dx3 = x0 - x1 + x2 - x3;
  const dy3 = y0 - y1 + y2 - y3;
  if (Math.abs(dx3) < 1e-9 && Math.abs(dy3) < 1e-9) return [x1 - x0, x3 - x0, x0, y1 - y0, y3 - y0, y0, 0, 0, 1];
  const dx1 = x1 - x2;
  const dx2 = x3 - x2;
  const dy1 = y1 - y2;
  const dy2 = y3 - y2;
  const det = dx1 * dy2 - dx2 * dy1;
  const g = (dx3 * dy2 - dx2 * dy3) / det;
  const h = (dx1 * dy3 - dx3 * dy1) / det;
  return [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, 1];
}

export function invert3(m: Mat3): Mat3 {
  const [a, b, c, d, e, f, g, h, i] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (Math.abs(det) < 1e-12) throw new Error('degenerate quadrilateral');
  const k = 1 / det;
  return [A * k, -(b * i - c * h) * k, (b * f - c * e) * k, B * k, (a * i - c * g) * k, -(a * f - c * d) * k, C * k, -(a * h - b * g) * k, (a * e - b * d) * k];
}

/** Applies a projective map to (x, y). */
export function project(m: Mat3, x: number, y: number): Point {
  const w = m[6] * x + m[7] * y + m[8];
  return [(m[0] * x + m[1] * y + m[2]) / w, (m[3] * x + m[4] * y + m[5]) / w];
}

function box(points: readonly Point[], outW: number, outH: number, pad = 0): { x0: number; y0: number; w: number; h: number } {
  const [x0, y0, x1, y1] = pointBounds(points);
  const bx0 = Math.max(0, Math.floor(x0 - pad));
  const by0 = Math.max(0, Math.floor(y0 - pad));
  const bx1 = Math.min(outW, Math.ceil(x1 + pad));
  const by1 = Math.min(outH, Math.ceil(y1 + pad));
  return { x0: bx0, y0: by0, w: Math.max(0, bx1 - bx0), h: Math.max(0, by1 - by0) };
}

function emptyMap(b: { x0: number; y0: number; w: number; h: number }): UvMap {
  const u = new Float32Array(b.w * b.h).fill(NaN);
  const v = new Float32Array(b.w * b.h).fill(NaN);
  return { ...b, u, v };
}

/** Perspective: every pixel centre of the quad's box mapped back through the inverse homography. */
function quadMap(corners: [Point, Point, Point, Point], outW: number, outH: number): UvMap {
  const map = emptyMap(box(corners, outW, outH, 1));
  const inv = invert3(squareToQuad(corners));
  const { u: U, v: V, x0, y0, w, h } = map;
  const eps = 1e-6;
  for (let y = 0; y < h; y++) {
    const py = y0 + y + 0.5;
    // numerators and denominator are linear in x: step them along the row
    let nu = inv[0] * (x0 + 0.5) + inv[1] * py + inv[2];
    let nv = inv[3] * (x0 + 0.5) + inv[4] * py + inv[5];
    let dw = inv[6] * (x0 + 0.5) + inv[7] * py + inv[8];
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const u = nu / dw;
      const v = nv / dw;
      if (u >= -eps && u <= 1 + eps && v >= -eps && v <= 1 + eps) {
        U[row + x] = Math.min(1, Math.max(0, u));
        V[row + x] = Math.min(1, Math.max(0, v));
      }
      nu += inv[0];
      nv += inv[3];
      dw += inv[6];
    }
  }
  return map;
}

/** A mesh: each cell split into two triangles, (u, v) interpolated linearly inside each. */
function meshMap(cols: number, rows: number, points: Point[], outW: number, outH: number): UvMap {
  const map = emptyMap(box(points, outW, outH, 1));
  const { u: U, v: V, x0, y0, w, h } = map;
  const tri = (a: Point, b: Point, c: Point, ua: Point, ub: Point, uc: Point) => {
    const det = (b[1] - c[1]) * (a[0] - c[0]) + (c[0] - b[0]) * (a[1] - c[1]);
    if (Math.abs(det) < 1e-9) return;
    const tx0 = Math.max(x0, Math.floor(Math.min(a[0], b[0], c[0])));
    const tx1 = Math.min(x0 + w, Math.ceil(Math.max(a[0], b[0], c[0])));
    const ty0 = Math.max(y0, Math.floor(Math.min(a[1], b[1], c[1])));
    const ty1 = Math.min(y0 + h, Math.ceil(Math.max(a[1], b[1], c[1])));
    const eps = -1e-6;
    for (let py = ty0; py < ty1; py++) {
      const cy = py + 0.5;
      for (let px = tx0; px < tx1; px++) {
        const cx = px + 0.5;
        const l1 = ((b[1] - c[1]) * (cx - c[0]) + (c[0] - b[0]) * (cy - c[1])) / det;
        const l2 = ((c[1] - a[1]) * (cx - c[0]) + (a[0] - c[0]) * (cy - c[1])) / det;
        const l3 = 1 - l1 - l2;
        if (l1 < eps || l2 < eps || l3 < eps) continue;
        const i = (py - y0) * w + (px - x0);
        U[i] = l1 * ua[0] + l2 * ub[0] + l3 * uc[0];
        V[i] = l1 * ua[1] + l2 * ub[1] + l3 * uc[1];
      }
    }
  };
  const c1 = cols + 1;
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const p00 = points[r * c1 + c]!;
      const p10 = points[r * c1 + c + 1]!;
      const p11 = points[(r + 1) * c1 + c + 1]!;
      const p01 = points[(r + 1) * c1 + c]!;
      const t00: Point = [c / cols, r / rows];
      const t10: Point = [(c + 1) / cols, r / rows];
      const t11: Point = [(c + 1) / cols, (r + 1) / rows];
      const t01: Point = [c / cols, (r + 1) / rows];
      tri(p00, p10, p11, t00, t10, t11);
      tri(p00, p11, p01, t00, t11, t01);
    }
  }
  return map;
}

/** The print area scaled by `scale` (output px per photo px). */
export function scaleArea(area: PrintArea, scale: number): PrintArea {
  const s = (p: Point): Point => [p[0] * scale, p[1] * scale];
  return area.type === 'quad' ? { type: 'quad', corners: area.corners.map(s) as [Point, Point, Point, Point] } : { ...area, points: area.points.map(s) };
}

/** The uv map of a print area already in output px. */
export function uvMap(area: PrintArea, outW: number, outH: number): UvMap {
  return area.type === 'quad' ? quadMap(area.corners, outW, outH) : meshMap(area.columns, area.rows, area.points, outW, outH);
}

/**
 * A displacement map applied to a uv map: the output pixel p shows what the undisplaced map
 * has at p − k·(d − 128)/127, d the map's grey at p (one channel, the output's size), k the
 * maximum shift in output px. Lighter grey moves the design right and down, darker left and up.
 */
export function displace(base: UvMap, disp: Uint8Array, outW: number, outH: number, kx: number, ky: number): UvMap {
  const pad = Math.ceil(Math.max(Math.abs(kx), Math.abs(ky))) + 1;
  const b = { x0: Math.max(0, base.x0 - pad), y0: Math.max(0, base.y0 - pad), w: 0, h: 0 };
  b.w = Math.min(outW, base.x0 + base.w + pad) - b.x0;
  b.h = Math.min(outH, base.y0 + base.h + pad) - b.y0;
  const out = emptyMap(b);
  for (let y = 0; y < b.h; y++) {
    const oy = b.y0 + y;
    for (let x = 0; x < b.w; x++) {
      const ox = b.x0 + x;
      const d = (disp[oy * outW + ox]! - 128) / 127;
      const sx = Math.round(ox - kx * d) - base.x0;
      const sy = Math.round(oy - ky * d) - base.y0;
      if (sx < 0 || sy < 0 || sx >= base.w || sy >= base.h) continue;
      const j = sy * base.w + sx;
      out.u[y * b.w + x] = base.u[j]!;
      out.v[y * b.w + x] = base.v[j]!;
    }
  }
  return out;
}
