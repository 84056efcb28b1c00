/**
 * SVG's small grammars: numbers, lengths with units and percentages, number lists, the
 * `transform` attribute, preserveAspectRatio, and moving a path through a matrix.
 */
import type { Box, Matrix } from '../geometry.js';
import { IDENTITY, multiply, rotate, scale, translate } from '../geometry.js';
import type { PathCommand } from '../path.js';
import { pathBounds } from '../path.js';

export function num(v: string | null | undefined, fallback: number): number {
  if (v === null || v === undefined) return fallback;
  const x = parseFloat(v);
  return Number.isFinite(x) ? x : fallback;
}

const UNIT: Record<string, number> = { '': 1, px: 1, pt: 4 / 3, pc: 16, mm: 96 / 25.4, cm: 96 / 2.54, in: 96, em: 16, rem: 16, ex: 8 };

/** A length in user units; `ref` is what 100 % means. */
export function length(v: string | null | undefined, ref: number, fallback = 0): number {
  if (v === null || v === undefined) return fallback;
  const m = /^\s*([-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?)\s*(%|[a-z]*)\s*$/i.exec(v);
  if (!m) return fallback;
  const x = Number(m[1]);
  const u = m[2]!.toLowerCase();
  if (u === '%') return (x / 100) * ref;
  const k = UNIT[u];
  return k === undefined ? fallback : x * k;
}

export function numbers(s: string | null | undefined): number[] {
  return (s ?? '').match(/[-+]?(?:\d*\.\d+|\d+\.?)(?:e[-+]?\d+)?/gi)?.map(Number) ?? [];
}

/** The `transform` attribute: matrix, translate, scale, rotate, skewX, skewY, in order. */
export function parseTransform(s: string | null | undefined): Matrix {
  let m: Matrix = IDENTITY;
  if (!s) return m;
  for (const t of s.matchAll(/(matrix|translate|scale|rotate|skewX|skewY)\s*\(([^)]*)\)/gi)) {
    const a = numbers(t[2]);
    let k: Matrix = IDENTITY;
    switch (t[1]!.toLowerCase()) {
      case 'matrix':
        if (a.length === 6) k = a as unknown as Matrix;
        break;
      case 'translate':
        k = translate(a[0] ?? 0, a[1] ?? 0);
        break;
      case 'scale':
        k = scale(a[0] ?? 1, a[1] ?? a[0] ?? 1);
        break;
      case 'rotate': {
        const [deg = 0, cx = 0, cy = 0] = a;
        k = multiply(translate(cx, cy), multiply(rotate(deg), translate(-cx, -cy)));
        break;
      }
      case 'skewx':
        k = [1, 0, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 1, 0, 0];
        break;
      case 'skewy':
        k = [1, Math.tan(((a[0] ?? 0) * Math.PI) / 180), 0, 1, 0, 0];
        break;
    }
    m = multiply(m, k);
  }
  return m;
}

export function transformPath(p: readonly PathCommand[], m: Matrix): PathCommand[] {
  if (m === IDENTITY) return [...p];
  const P = (x: number, y: number): [number, number] => [m[0] * x + m[2] * y + m[4], m[1] * x + m[3] * y + m[5]];
  return p.map((c): PathCommand => {
    switch (c[0]) {
      case 'M':
      case 'L':
        return [c[0], ...P(c[1], c[2])];
      case 'C':
        return ['C', ...P(c[1], c[2]), ...P(c[3], c[4]), ...P(c[5], c[6])];
      case 'Q':
        return ['Q', ...P(c[1], c[2]), ...P(c[3], c[4])];
      default:
        return c;
    }
  });
}

export function boundsOfPath(p: readonly PathCommand[]): Box {
  return pathBounds(p);
}

/** preserveAspectRatio: the viewBox mapped into a width × height viewport. */
export function viewBoxTransform(vb: number[], width: number, height: number, par: string | null): Matrix {
  if (vb.length !== 4 || vb[2]! <= 0 || vb[3]! <= 0) return IDENTITY;
  const [minX, minY, vw, vh] = vb as [number, number, number, number];
  const [align = 'xMidYMid', mode = 'meet'] = (par ?? '').trim().split(/\s+/).filter((t) => t !== 'defer');
  let sx = width / vw;
  let sy = height / vh;
  if (align === 'none') return multiply(scale(sx, sy), translate(-minX, -minY));
  sx = sy = mode === 'slice' ? Math.max(sx, sy) : Math.min(sx, sy);
  const ax = align.includes('xMin') ? 0 : align.includes('xMax') ? 1 : 0.5;
  const ay = align.includes('YMin') ? 0 : align.includes('YMax') ? 1 : 0.5;
  return multiply(translate((width - vw * sx) * ax, (height - vh * sy) * ay), multiply(scale(sx, sy), translate(-minX, -minY)));
}
