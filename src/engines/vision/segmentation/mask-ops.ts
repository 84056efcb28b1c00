/**
 * Numeric kernels on single-channel float maps (row-major, `w*h`): box and Gaussian-like
 * blurs, bilinear resampling, guided filtering (binary masks: binary-mask.ts).
 * Everything is O(pixels) with small constants: these run at 4 MP inside a one-second budget,
 * so no per-pixel allocation and no window loops.
 */

export interface FloatMap {
  data: Float32Array;
  width: number;
  height: number;
}

/** Mean over a (2r+1)² window, windows clipped at the borders (divides by the real count). */
export function boxMean(src: Float32Array, w: number, h: number, r: number, out?: Float32Array): Float32Array {
  const dst = out ?? new Float32Array(w * h);
  if (r <= 0) {
    dst.set(src);
    return dst;
  }
  const tmp = new Float32Array(w * h);
  // horizontal running sums
  for (let y = 0; y < h; y++) {
    const row = y * w;
    let sum = 0;
    const first = Math.min(r, w - 1);
    for (let x = 0; x <= first; x++) sum += src[row + x]!;
    for (let x = 0; x < w; x++) {
      const lo = x - r;
      const hi = x + r;
      const count = Math.min(hi, w - 1) - Math.max(lo, 0) + 1;
      tmp[row + x] = sum / count;
      if (hi + 1 < w) sum += src[row + hi + 1]!;
      if (lo >= 0) sum -= src[row + lo]!;
    }
  }
  // vertical running sums, one column accumulator per x (cache friendly: walk rows)
  const acc = new Float64Array(w);
  const firstRows = Math.min(r, h - 1);
  for (let y = 0; y <= firstRows; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) acc[x]! += tmp[row + x]!;
  }
  for (let y = 0; y < h; y++) {
    const lo = y - r;
    const hi = y + r;
    const count = Math.min(hi, h - 1) - Math.max(lo, 0) + 1;
    const row = y * w;
    const inv = 1 / count;
    for (let x = 0; x < w; x++) dst[row + x] = acc[x]! * inv;
    if (hi + 1 < h) {
      const add = (hi + 1) * w;
      for (let x = 0; x < w; x++) acc[x]! += tmp[add + x]!;
    }
    if (lo >= 0) {
      const sub = lo * w;
      for (let x = 0; x < w; x++) acc[x]! -= tmp[sub + x]!;
    }
  }
  return dst;
}

/**
 * Gaussian blur, sigma in pixels: a direct separable kernel for small sigma (where three box
 * passes cannot go below ~1.4 px), three box passes (Wells 1986) above 2 px.
 */
export function gaussianBlur(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  if (sigma <= 0.2) return Float32Array.from(src);
  if (sigma < 2) return separableGaussian(src, w, h, sigma);
  // three boxes of width ~ sqrt(12σ²/3 + 1)
  const r = Math.max(1, Math.round((Math.sqrt(4 * sigma * sigma + 1) - 1) / 2));
  const a = boxMean(src, w, h, r);
  const b = boxMean(a, w, h, r);
  return boxMean(b, w, h, r, a);
}

function separableGaussian(src: Float32Array, w: number, h: number, sigma: number): Float32Array {
  const r = Math.ceil(3 * sigma);
  const k = new Float32Array(2 * r + 1);
  let sum = 0;
  for (let i = -r; i <= r; i++) sum += k[i + r] = Math.exp(-(i * i) / (2 * sigma * sigma));
  for (let i = 0; i < k.length; i++) k[i]! /= sum;
  const tmp = new Float32Array(w * h);
  const out = new Float32Array(w * h);
  // borders: clamp to the edge pixel
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      let v = 0;
      for (let j = -r; j <= r; j++) {
        const xx = x + j < 0 ? 0 : x + j >= w ? w - 1 : x + j;
        v += k[j + r]! * src[row + xx]!;
      }
      tmp[row + x] = v;
    }
  }
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let j = -r; j <= r; j++) {
      const yy = y + j < 0 ? 0 : y + j >= h ? h - 1 : y + j;
      const kj = k[j + r]!;
      const srow = yy * w;
      for (let x = 0; x < w; x++) out[row + x]! += kj * tmp[srow + x]!;
    }
  }
  return out;
}

/** Per destination index along one axis: the two source indices and the weight of the second (pixel-centre alignment). */
export interface BilinearTaps {
  i0: Int32Array;
  i1: Int32Array;
  f: Float32Array;
}

export function bilinearTaps(srcLen: number, dstLen: number): BilinearTaps {
  const i0 = new Int32Array(dstLen);
  const i1 = new Int32Array(dstLen);
  const f = new Float32Array(dstLen);
  const s = srcLen / dstLen;
  for (let d = 0; d < dstLen; d++) {
    let p = (d + 0.5) * s - 0.5;
    if (p < 0) p = 0;
    let a = Math.floor(p);
    if (a > srcLen - 1) a = srcLen - 1;
    i0[d] = a;
    i1[d] = Math.min(a + 1, srcLen - 1);
    f[d] = p - a;
  }
  return { i0, i1, f };
}

/** Bilinear resampling with pixel-centre alignment (like sharp/libvips and OpenCV). */
export function resizeBilinear(src: Float32Array, sw: number, sh: number, dw: number, dh: number): Float32Array {
  const dst = new Float32Array(dw * dh);
  if (sw === dw && sh === dh) {
    dst.set(src);
    return dst;
  }
  const { i0: x0s, i1: x1s, f: fxs } = bilinearTaps(sw, dw);
  const ys = bilinearTaps(sh, dh);
  for (let y = 0; y < dh; y++) {
    const wy = ys.f[y]!;
    const r0 = ys.i0[y]! * sw;
    const r1 = ys.i1[y]! * sw;
    const row = y * dw;
    for (let x = 0; x < dw; x++) {
      const a = x0s[x]!;
      const b = x1s[x]!;
      const wx = fxs[x]!;
      const top = src[r0 + a]! + (src[r0 + b]! - src[r0 + a]!) * wx;
      const bot = src[r1 + a]! + (src[r1 + b]! - src[r1 + a]!) * wx;
      dst[row + x] = top + (bot - top) * wy;
    }
  }
  return dst;
}

/**
 * Guided filter (He, Sun, Tang 2010) with a grey guide: the output follows the guide's edges
 * while keeping the input's values elsewhere. Returns the linear coefficients, averaged, so a
 * caller can apply them at another resolution (the "fast guided filter", He & Sun 2015).
 */
export function guidedCoefficients(
  guide: Float32Array,
  p: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number,
): { a: Float32Array; b: Float32Array } {
  const n = w * h;
  const ip = new Float32Array(n);
  const ii = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const g = guide[i]!;
    ip[i] = g * p[i]!;
    ii[i] = g * g;
  }
  const mI = boxMean(guide, w, h, r);
  const mP = boxMean(p, w, h, r);
  const mIP = boxMean(ip, w, h, r, ip);
  const mII = boxMean(ii, w, h, r, ii);
  const a = new Float32Array(n);
  const b = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mi = mI[i]!;
    const cov = mIP[i]! - mi * mP[i]!;
    const v = mII[i]! - mi * mi;
    const ai = cov / (v + eps);
    a[i] = ai;
    b[i] = mP[i]! - ai * mi;
  }
  return { a: boxMean(a, w, h, r, mIP), b: boxMean(b, w, h, r, mII) };
}

/**
 * Guided filter with a colour guide (3 channels, planar r/g/b in 0..1): edges of any colour
 * contrast guide the output, not only luminance edges. About 3× the cost of the grey one;
 * used where detail matters more than time.
 */
export function guidedFilterColour(
  rgb: [Float32Array, Float32Array, Float32Array],
  p: Float32Array,
  w: number,
  h: number,
  r: number,
  eps: number,
): Float32Array {
  const n = w * h;
  const [R, G, B] = rgb;
  const mR = boxMean(R, w, h, r);
  const mG = boxMean(G, w, h, r);
  const mB = boxMean(B, w, h, r);
  const mP = boxMean(p, w, h, r);
  const prod = (x: Float32Array, y: Float32Array): Float32Array => {
    const o = new Float32Array(n);
    for (let i = 0; i < n; i++) o[i] = x[i]! * y[i]!;
    return boxMean(o, w, h, r, o);
  };
  const mRP = prod(R, p);
  const mGP = prod(G, p);
  const mBP = prod(B, p);
  const vRR = prod(R, R);
  const vRG = prod(R, G);
  const vRB = prod(R, B);
  const vGG = prod(G, G);
  const vGB = prod(G, B);
  const vBB = prod(B, B);
  const aR = new Float32Array(n);
  const aG = new Float32Array(n);
  const aB = new Float32Array(n);
  const bb = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const mr = mR[i]!;
    const mg = mG[i]!;
    const mb = mB[i]!;
    const mp = mP[i]!;
    const cr = mRP[i]! - mr * mp;
    const cg = mGP[i]! - mg * mp;
    const cb = mBP[i]! - mb * mp;
    const rr = vRR[i]! - mr * mr + eps;
    const rg = vRG[i]! - mr * mg;
    const rb = vRB[i]! - mr * mb;
    const gg = vGG[i]! - mg * mg + eps;
    const gb = vGB[i]! - mg * mb;
    const bbv = vBB[i]! - mb * mb + eps;
    // inverse of the symmetric 3×3 covariance (+eps·I)
    const i00 = gg * bbv - gb * gb;
    const i01 = gb * rb - rg * bbv;
    const i02 = rg * gb - gg * rb;
    const i11 = rr * bbv - rb * rb;
    const i12 = rb * rg - rr * gb;
    const i22 = rr * gg - rg * rg;
    const det = rr * i00 + rg * i01 + rb * i02;
    const inv = 1 / det;
    const ar = (cr * i00 + cg * i01 + cb * i02) * inv;
    const ag = (cr * i01 + cg * i11 + cb * i12) * inv;
    const ab = (cr * i02 + cg * i12 + cb * i22) * inv;
    aR[i] = ar;
    aG[i] = ag;
    aB[i] = ab;
    bb[i] = mp - ar * mr - ag * mg - ab * mb;
  }
  const maR = boxMean(aR, w, h, r, mR);
  const maG = boxMean(aG, w, h, r, mG);
  const maB = boxMean(aB, w, h, r, mB);
  const mbb = boxMean(bb, w, h, r, mP);
  const q = new Float32Array(n);
  for (let i = 0; i < n; i++) q[i] = maR[i]! * R[i]! + maG[i]! * G[i]! + maB[i]! * B[i]! + mbb[i]!;
  return q;
}

/**
 * Separable max (or min) filter over a (2r+1)² window: rows by van Herk / Gil-Werman (a
 * handful of comparisons per pixel whatever r is), columns directly (2r comparisons per
 * pixel, memory read in order). Works in the "signed" domain (min(x) = −max(−x)).
 */
export function slidingExtreme(src: Float32Array, w: number, h: number, r: number, max: boolean): Float32Array {
  const sign = max ? 1 : -1;
  const k = 2 * r + 1;
  const NEG = -Infinity;
  const tmp = new Float32Array(w * h);
  const m = w + 2 * r;
  const line = new Float32Array(m);
  const g = new Float32Array(m);
  const hh = new Float32Array(m);
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let i = 0; i < m; i++) {
      const x = i - r;
      line[i] = x >= 0 && x < w ? sign * src[row + x]! : NEG;
    }
    for (let i = 0, c = 0; i < m; i++, c++) {
      if (c === k) c = 0;
      const v = line[i]!;
      if (c === 0) g[i] = v;
      else {
        const p = g[i - 1]!;
        g[i] = p > v ? p : v;
      }
    }
    // hh restarts at the last element of each block (i ≡ k−1 mod k) and at the end
    for (let i = m - 1; i >= 0; i--) {
      const v = line[i]!;
      if (i === m - 1 || i % k === k - 1) hh[i] = v;
      else {
        const p = hh[i + 1]!;
        hh[i] = p > v ? p : v;
      }
    }
    for (let x = 0; x < w; x++) {
      const a = hh[x]!;
      const b = g[x + 2 * r]!;
      tmp[row + x] = a > b ? a : b;
    }
  }
  // Column pass: for the small radii used here (2, 5) a direct maximum over the 2r+1 rows,
  // a row at a time across all columns, reads memory in order and allocates nothing big;
  // tmp holds sign·value, so the maximum is taken throughout and the sign restored at the end.
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++) {
    const o = y * w;
    const lo = Math.max(0, y - r);
    const hi = Math.min(h - 1, y + r);
    out.set(tmp.subarray(lo * w, lo * w + w), o);
    for (let yy = lo + 1; yy <= hi; yy++) {
      const t = yy * w;
      for (let x = 0; x < w; x++) {
        const v = tmp[t + x]!;
        if (v > out[o + x]!) out[o + x] = v;
      }
    }
    if (sign < 0) for (let x = 0; x < w; x++) out[o + x] = -out[o + x]!;
  }
  return out;
}

export function clamp01(v: number): number {
  return v < 0 ? 0 : v > 1 ? 1 : v;
}
