import { dilate, findHoles, labelComponents, mainSubject } from './binary-mask.js';
import { bilinearTaps, clamp01, guidedCoefficients, guidedFilterColour, resizeBilinear } from './mask-ops.js';
import type { SubjectType } from './options.js';

/**
 * How the model's low-resolution saliency map becomes a full-resolution alpha for a subject
 * type. Values were tuned on the evaluation set (test/fixtures/bgremove, `npm run
 * bench:bg-eval`); see docs in the fixture README for the numbers behind them.
 */
export interface RefineProfile {
  /** guided-filter radius as a fraction of the working image's shorter side */
  radiusFrac: number;
  /** guided-filter regulariser (guide in 0..1): smaller follows weaker edges */
  eps: number;
  /** alpha ramps from 0 at `lo` to 1 at `hi` of the refined saliency */
  lo: number;
  hi: number;
  /** components smaller than this share of the largest one are dropped (0 keeps all) */
  keepFrac: number;
  /** holes smaller than this share of the subject's area are filled */
  holeFrac: number;
  /**
   * one subject: only the main component and what touches it or lies inside it is kept
   * (`mainSubject`). Only for `product`: under `auto` a logo's separate wordmark on a
   * textured backdrop looks the same as a second object, and is worth more than dropping one.
   */
  single?: boolean;
}

export const PROFILES: Record<SubjectType, RefineProfile> = {
  auto: { radiusFrac: 0.012, eps: 1e-3, lo: 0.35, hi: 0.65, keepFrac: 0.1, holeFrac: 0.002 },
  person: { radiusFrac: 0.006, eps: 1e-3, lo: 0.25, hi: 0.55, keepFrac: 0.15, holeFrac: 0.003 },
  hair_heavy: { radiusFrac: 0.016, eps: 2e-4, lo: 0.2, hi: 0.8, keepFrac: 0.1, holeFrac: 0.001 },
  product: { radiusFrac: 0.012, eps: 1e-3, lo: 0.4, hi: 0.6, keepFrac: 0.1, holeFrac: 0.002, single: true },
  logo: { radiusFrac: 0.008, eps: 5e-4, lo: 0.4, hi: 0.6, keepFrac: 0.02, holeFrac: 0 },
  text: { radiusFrac: 0.008, eps: 5e-4, lo: 0.4, hi: 0.6, keepFrac: 0, holeFrac: 0 },
};

/** Luma (Rec. 601) in 0..1 of an interleaved RGB buffer. */
export function lumaOf(rgb: Uint8Array, n: number): Float32Array {
  const out = new Float32Array(n);
  const k = 1 / 255;
  for (let i = 0, j = 0; i < n; i++, j += 3) out[i] = (0.299 * rgb[j]! + 0.587 * rgb[j + 1]! + 0.114 * rgb[j + 2]!) * k;
  return out;
}

export function planesOf(rgb: Uint8Array, n: number): [Float32Array, Float32Array, Float32Array] {
  const r = new Float32Array(n);
  const g = new Float32Array(n);
  const b = new Float32Array(n);
  const k = 1 / 255;
  for (let i = 0, j = 0; i < n; i++, j += 3) {
    r[i] = rgb[j]! * k;
    g[i] = rgb[j + 1]! * k;
    b[i] = rgb[j + 2]! * k;
  }
  return [r, g, b];
}

export interface RefineInput {
  /** the model's saliency, `size × size` */
  saliency: Float32Array;
  size: number;
  /** working-resolution luma (the guided filter runs here) */
  workLuma: Float32Array;
  workWidth: number;
  workHeight: number;
  /** full-resolution image and its luma */
  fullRgb: Uint8Array;
  fullLuma: Float32Array;
  width: number;
  height: number;
}

/**
 * Saliency → soft mask (0..1) at full resolution:
 *  1. upsample the 320² map to the working resolution and run a guided filter with the image
 *     as guide, so the mask's edges snap to the image's edges;
 *  2. clean the binary mask there: drop small stray components, fill small holes;
 *  3. carry the filter's linear coefficients up to full resolution (fast guided filter), or,
 *     in high-detail mode, refine again at full resolution with a colour guide;
 *  4. map to alpha with the profile's ramp.
 */
export function refineSaliency(input: RefineInput, profile: RefineProfile, highDetail: boolean): Float32Array {
  const work = refineAtWork(input, profile);
  const { width: fw, height: fh } = input;
  if (!highDetail) return renderRefined(work, input.fullLuma, fw, fh, profile);
  const nf = fw * fh;
  const sameSize = work.width === fw && work.height === fh;
  let q = sameSize ? work.q : fastGuided(work, input.fullLuma, fw, fh);
  // A second, small-radius pass with a colour guide at full resolution: pulls the edge onto
  // colour boundaries the luma guide cannot see (red on green of equal brightness).
  const rd = Math.max(2, Math.round(Math.min(fw, fh) * 0.004));
  q = guidedFilterColour(planesOf(input.fullRgb, nf), q, fw, fh, rd, 1e-4);
  const keepFull = sameSize ? work.keep : resizeBilinear(work.keep, work.width, work.height, fw, fh);
  const fillFull = work.fill ? (sameSize ? work.fill : resizeBilinear(work.fill, work.width, work.height, fw, fh)) : null;
  const span = profile.hi - profile.lo;
  const out = new Float32Array(nf);
  for (let i = 0; i < nf; i++) {
    let v = clamp01((q[i]! - profile.lo) / span) * clamp01(keepFull[i]!);
    if (fillFull && fillFull[i]! > v) v = fillFull[i]!;
    out[i] = v;
  }
  return out;
}

/** The guided filter's result at the working resolution, and what is needed to render it at another. */
export interface RefinedWork {
  width: number;
  height: number;
  /** the filter's averaged linear coefficients: q = a·luma + b */
  a: Float32Array;
  b: Float32Array;
  /** q at the working resolution */
  q: Float32Array;
  /** 1 where a component is kept (soft), holes to fill (or null) */
  keep: Float32Array;
  fill: Float32Array | null;
}

export function refineAtWork(input: RefineInput, profile: RefineProfile): RefinedWork {
  const { workWidth: ww, workHeight: wh } = input;
  const nw = ww * wh;
  const p = resizeBilinear(input.saliency, input.size, input.size, ww, wh);
  const r = Math.max(2, Math.round(Math.min(ww, wh) * profile.radiusFrac));
  const { a, b } = guidedCoefficients(input.workLuma, p, ww, wh, r, profile.eps);
  const q = new Float32Array(nw);
  for (let i = 0; i < nw; i++) q[i] = a[i]! * input.workLuma[i]! + b[i]!;
  const { keep, fill } = cleanupMask(q, ww, wh, profile);
  return { width: ww, height: wh, a, b, q, keep, fill };
}

function fastGuided(work: RefinedWork, luma: Float32Array, fw: number, fh: number): Float32Array {
  const A = resizeBilinear(work.a, work.width, work.height, fw, fh);
  const B = resizeBilinear(work.b, work.width, work.height, fw, fh);
  for (let i = 0; i < fw * fh; i++) A[i] = A[i]! * luma[i]! + B[i]!;
  return A;
}

/**
 * The refined alpha at `fw × fh` (the fast guided filter and the profile's ramp, with the
 * cleanup's keep and fill maps), in one pass: the coefficients and maps are interpolated per
 * pixel (bilinear, pixel-centre aligned like resizeBilinear) instead of being enlarged into
 * full-size arrays first.
 */
export function renderRefined(
  work: RefinedWork,
  guide: Float32Array | Uint8Array,
  fw: number,
  fh: number,
  profile: RefineProfile,
): Float32Array {
  const { width: sw, height: sh, a, b, keep, fill } = work;
  const lo = profile.lo;
  const hi = profile.hi;
  const inv = 1 / (hi - lo);
  const out = new Float32Array(fw * fh);
  if (sw === fw && sh === fh) {
    for (let i = 0; i < out.length; i++) {
      let v = clamp01((work.q[i]! - lo) * inv) * clamp01(keep[i]!);
      if (fill && fill[i]! > v) v = fill[i]!;
      out[i] = v;
    }
    return out;
  }
  // `guide`: the full-size luma, or the full-size RGB (interleaved) to take luma from where it
  // is needed. Per cell of the small grid, a state that holds for any luma in 0..1: 0 (the
  // ramp is 0 and nothing is filled), 2 (not kept, nothing filled), 1 (the ramp is 1 and kept),
  // 3 (filled), −1 (depends on the pixel). A pixel whose four cells share a state takes its
  // value without arithmetic: off the edge band, that is most of the image.
  const rgb = guide instanceof Uint8Array ? guide : null;
  const luma = guide instanceof Float32Array ? guide : null;
  const state = new Int8Array(sw * sh);
  for (let i = 0; i < state.length; i++) {
    const ai = a[i]!;
    const bi = b[i]!;
    const f = fill ? fill[i]! : 0;
    const k = keep[i]!;
    if (f >= 1) state[i] = 3;
    else if (f > 0) state[i] = -1;
    else if (k <= 0) state[i] = 2;
    else if (Math.max(bi, ai + bi) <= lo) state[i] = 0;
    else if (k >= 1 && Math.min(bi, ai + bi) >= hi) state[i] = 1;
    else state[i] = -1;
  }
  const { i0: x0s, i1: x1s, f: fxs } = bilinearTaps(sw, fw);
  const ys = bilinearTaps(sh, fh);
  const k255 = 1 / 255;
  for (let y = 0; y < fh; y++) {
    const r0 = ys.i0[y]! * sw;
    const r1 = ys.i1[y]! * sw;
    const wy = ys.f[y]!;
    const row = y * fw;
    for (let x = 0; x < fw; x++) {
      const i00 = r0 + x0s[x]!;
      const i01 = r0 + x1s[x]!;
      const i10 = r1 + x0s[x]!;
      const i11 = r1 + x1s[x]!;
      const st = state[i00]!;
      if (st >= 0 && state[i01] === st && state[i10] === st && state[i11] === st) {
        if (st === 1 || st === 3) out[row + x] = 1;
        continue;
      }
      const wx = fxs[x]!;
      const w00 = (1 - wx) * (1 - wy);
      const w01 = wx * (1 - wy);
      const w10 = (1 - wx) * wy;
      const w11 = wx * wy;
      const k = keep[i00]! * w00 + keep[i01]! * w01 + keep[i10]! * w10 + keep[i11]! * w11;
      let v = 0;
      if (k > 0) {
        const av = a[i00]! * w00 + a[i01]! * w01 + a[i10]! * w10 + a[i11]! * w11;
        const bv = b[i00]! * w00 + b[i01]! * w01 + b[i10]! * w10 + b[i11]! * w11;
        const j = row + x;
        const l = luma ? luma[j]! : (0.299 * rgb![j * 3]! + 0.587 * rgb![j * 3 + 1]! + 0.114 * rgb![j * 3 + 2]!) * k255;
        v = clamp01((av * l + bv - lo) * inv) * clamp01(k);
      }
      if (fill) {
        const f = fill[i00]! * w00 + fill[i01]! * w01 + fill[i10]! * w10 + fill[i11]! * w11;
        if (f > v) v = f;
      }
      out[row + x] = v;
    }
  }
  return out;
}

/**
 * On the binary mask (q ≥ 0.5): which regions to keep (as a soft 0/1 map, dilated so the
 * soft edge around a kept component survives) and which holes to fill.
 */
function cleanupMask(
  q: Float32Array,
  w: number,
  h: number,
  profile: RefineProfile,
): { keep: Float32Array; fill: Float32Array | null } {
  const n = w * h;
  const bin = new Uint8Array(n);
  for (let i = 0; i < n; i++) bin[i] = q[i]! >= 0.5 ? 1 : 0;
  const keep = new Float32Array(n).fill(1);
  const comps = labelComponents(bin, w, h);
  const { labels, areas, count } = comps;
  let largest = 0;
  for (let l = 1; l <= count; l++) largest = Math.max(largest, areas[l]!);
  if (profile.keepFrac > 0 && count > 1) {
    const minArea = largest * profile.keepFrac;
    const gap = Math.max(2, Math.round(Math.min(w, h) * 0.01));
    const single = profile.single ? mainSubject(comps, w, h, minArea, gap) : null;
    const kept = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const l = labels[i]!;
      if (l && (single ? single[l] : areas[l]! >= minArea)) kept[i] = 1;
    }
    const grown = dilate(kept, w, h, gap);
    for (let i = 0; i < n; i++) {
      if (!grown[i]) keep[i] = 0;
      else if (bin[i] && !kept[i]) keep[i] = 0; // a dropped component inside the grown band
    }
  }
  let fill: Float32Array | null = null;
  if (profile.holeFrac > 0 && largest > 0) {
    const holes = findHoles(bin, w, h);
    const maxArea = largest * profile.holeFrac;
    for (let i = 0; i < n; i++) {
      const l = holes.labels[i]!;
      if (l && holes.areas[l]! <= maxArea) {
        fill ??= new Float32Array(n);
        fill[i] = 1;
      }
    }
  }
  return { keep, fill };
}
