import { bilinearTaps, clamp01 } from './mask-ops.js';

/**
 * Carrying a colour key decided at a bounded working resolution up to the full image: a
 * guided upsampling (the fast guided filter, He & Sun 2015). At the small size the alpha is
 * fitted, in 3×3 windows, as a linear function of a guide (α ≈ a·G + b); the coefficients are
 * interpolated to full size and applied to the full-size guide, so edges land on the
 * full-resolution pixels, not on blocks of the small grid.
 *
 * The guide is the distance from the backdrop colour: on a flat backdrop a pixel that mixes a
 * foreground colour F with the backdrop B is α·F + (1−α)·B, whose distance from B is
 * α·|F − B| — exactly linear in α, so the fit is exact along anti-aliased edges.
 *
 * Only the edge band costs work: where the small alpha is all 0 or all 1 across the filter's
 * support, the coefficients are (0, that value) and the full-size pixels take it directly.
 */

/** 1/441.68: RGB distances scaled to 0..1 (441.68 is the RGB cube's diagonal). */
const DIST_SCALE = 1 / 441.68;

function distAt(rgb: Uint8Array, i: number, c0: number, c1: number, c2: number): number {
  const d0 = rgb[i * 3]! - c0;
  const d1 = rgb[i * 3 + 1]! - c1;
  const d2 = rgb[i * 3 + 2]! - c2;
  return Math.sqrt(d0 * d0 + d1 * d1 + d2 * d2) * DIST_SCALE;
}

export interface KeyUpsampleInput {
  /** the alpha at the small size, 0..1 */
  alpha: Float32Array;
  smallRgb: Uint8Array;
  sw: number;
  sh: number;
  fullRgb: Uint8Array;
  w: number;
  h: number;
  /** the backdrop colour the key was made against */
  colour: [number, number, number];
  /** guided-filter regulariser (guide in 0..1) */
  eps: number;
}

export function upsampleKey(input: KeyUpsampleInput): Float32Array {
  const { alpha, smallRgb, sw, sh, fullRgb, w, h, eps } = input;
  const [c0, c1, c2] = input.colour;
  const n = sw * sh;
  // 0 or 1 where the small alpha is that value within 2 pixels (the filter's whole support:
  // 3×3 fit windows, their coefficients averaged over 3×3), else −1. There the coefficients
  // are exactly (0, that value); elsewhere they are computed (a window that happens to be
  // constant gets a = 0 and b = its value from the formula too).
  const near2 = constantNeighbourhood(alpha, sw, sh, 2);
  const guide = new Float32Array(n);
  for (let i = 0; i < n; i++) guide[i] = distAt(smallRgb, i, c0, c1, c2);
  // per-window coefficients (3×3 windows, clipped at the borders)
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      if (near2[i]! >= 0) {
        b[i] = near2[i]!;
        continue;
      }
      let sI = 0;
      let sP = 0;
      let sIP = 0;
      let sII = 0;
      let cnt = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(sh - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(sw - 1, x + 1); xx++) {
          const j = yy * sw + xx;
          const g = guide[j]!;
          const p = alpha[j]!;
          sI += g;
          sP += p;
          sIP += g * p;
          sII += g * g;
          cnt++;
        }
      }
      const mI = sI / cnt;
      const mP = sP / cnt;
      const ai = (sIP / cnt - mI * mP) / (sII / cnt - mI * mI + eps);
      a[i] = ai;
      b[i] = mP - ai * mI;
    }
  }
  // averaged coefficients, only where they can differ from (0, constant)
  const A = new Float32Array(n);
  const B = new Float32Array(n);
  for (let y = 0; y < sh; y++) {
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      if (near2[i]! >= 0) {
        B[i] = near2[i]!;
        continue;
      }
      let sa = 0;
      let sb = 0;
      let cnt = 0;
      for (let yy = Math.max(0, y - 1); yy <= Math.min(sh - 1, y + 1); yy++) {
        for (let xx = Math.max(0, x - 1); xx <= Math.min(sw - 1, x + 1); xx++) {
          sa += a[yy * sw + xx]!;
          sb += b[yy * sw + xx]!;
          cnt++;
        }
      }
      A[i] = sa / cnt;
      B[i] = sb / cnt;
    }
  }

  // quad[k]: near2's value if the cell and its right, lower and lower-right neighbours
  // (clamped at the edges, as the interpolation below clamps) all share it, else −1: one read
  // per full-size pixel decides whether it needs any arithmetic
  const quad = new Int8Array(n);
  for (let y = 0; y < sh; y++) {
    const down = y < sh - 1 ? sw : 0;
    for (let x = 0; x < sw; x++) {
      const i = y * sw + x;
      const right = x < sw - 1 ? 1 : 0;
      const c = near2[i]!;
      quad[i] = c >= 0 && near2[i + right] === c && near2[i + down] === c && near2[i + down + right] === c ? c : -1;
    }
  }
  const out = new Float32Array(w * h);
  const { i0: x0s, i1: x1s, f: fxs } = bilinearTaps(sw, w);
  const ys = bilinearTaps(sh, h);
  for (let y = 0; y < h; y++) {
    const r0 = ys.i0[y]! * sw;
    const r1 = ys.i1[y]! * sw;
    const wy = ys.f[y]!;
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const i00 = r0 + x0s[x]!;
      const i01 = r0 + x1s[x]!;
      const i10 = r1 + x0s[x]!;
      const i11 = r1 + x1s[x]!;
      const c = quad[i00]!;
      if (c >= 0) {
        if (c) out[row + x] = 1;
        continue;
      }
      const wx = fxs[x]!;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      const av = A[i00]! * w00 + A[i01]! * w01 + A[i10]! * w10 + A[i11]! * w11;
      const bv = B[i00]! * w00 + B[i01]! * w01 + B[i10]! * w10 + B[i11]! * w11;
      out[row + x] = clamp01(av * distAt(fullRgb, row + x, c0, c1, c2) + bv);
    }
  }
  return out;
}

/**
 * Per pixel: 0 if every alpha within `r` (Chebyshev) is 0, 1 if every one is 1, else −1.
 * Separable: a row pass then a column pass over "some value is not 0 / not 1" flags.
 */
function constantNeighbourhood(alpha: Float32Array, w: number, h: number, r: number): Int8Array {
  const n = w * h;
  const flags = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const v = alpha[i]!;
    flags[i] = (v > 0 ? 1 : 0) | (v < 1 ? 2 : 0);
  }
  const rows = new Uint8Array(n);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let f = 0;
      const hi = Math.min(w - 1, x + r);
      for (let xx = Math.max(0, x - r); xx <= hi; xx++) f |= flags[row + xx]!;
      rows[row + x] = f;
    }
  }
  const out = new Int8Array(n);
  for (let y = 0; y < h; y++) {
    const hi = Math.min(h - 1, y + r);
    const lo = Math.max(0, y - r);
    for (let x = 0; x < w; x++) {
      let f = 0;
      for (let yy = lo; yy <= hi; yy++) f |= rows[yy * w + x]!;
      out[y * w + x] = f === 2 ? 0 : f === 1 ? 1 : -1;
    }
  }
  return out;
}
