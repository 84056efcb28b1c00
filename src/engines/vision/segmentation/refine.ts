import { dilate, findHoles, labelComponents } from './binary-mask.js';
import { clamp01, guidedCoefficients, guidedFilterColour, resizeBilinear } from './mask-ops.js';
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
}

export const PROFILES: Record<SubjectType, RefineProfile> = {
  auto: { radiusFrac: 0.012, eps: 1e-3, lo: 0.35, hi: 0.65, keepFrac: 0.1, holeFrac: 0.002 },
  person: { radiusFrac: 0.006, eps: 1e-3, lo: 0.25, hi: 0.55, keepFrac: 0.15, holeFrac: 0.003 },
  hair_heavy: { radiusFrac: 0.016, eps: 2e-4, lo: 0.2, hi: 0.8, keepFrac: 0.1, holeFrac: 0.001 },
  product: { radiusFrac: 0.012, eps: 1e-3, lo: 0.4, hi: 0.6, keepFrac: 0.1, holeFrac: 0.002 },
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
  const { workWidth: ww, workHeight: wh, width: fw, height: fh } = input;
  const nw = ww * wh;
  const p = resizeBilinear(input.saliency, input.size, input.size, ww, wh);
  const r = Math.max(2, Math.round(Math.min(ww, wh) * profile.radiusFrac));
  const { a, b } = guidedCoefficients(input.workLuma, p, ww, wh, r, profile.eps);
  const qWork = new Float32Array(nw);
  for (let i = 0; i < nw; i++) qWork[i] = a[i]! * input.workLuma[i]! + b[i]!;

  const { keep, fill } = cleanupMask(qWork, ww, wh, profile);

  const sameSize = ww === fw && wh === fh;
  const nf = fw * fh;
  let q: Float32Array;
  if (sameSize) {
    q = qWork;
  } else {
    const A = resizeBilinear(a, ww, wh, fw, fh);
    const B = resizeBilinear(b, ww, wh, fw, fh);
    const luma = input.fullLuma;
    q = A;
    for (let i = 0; i < nf; i++) q[i] = A[i]! * luma[i]! + B[i]!;
  }
  if (highDetail) {
    // A second, small-radius pass with a colour guide at full resolution: pulls the edge onto
    // colour boundaries the luma guide cannot see (red on green of equal brightness).
    const rd = Math.max(2, Math.round(Math.min(fw, fh) * 0.004));
    q = guidedFilterColour(planesOf(input.fullRgb, nf), q, fw, fh, rd, 1e-4);
  }

  const keepFull = sameSize ? keep : resizeBilinear(keep, ww, wh, fw, fh);
  const fillFull = fill ? (sameSize ? fill : resizeBilinear(fill, ww, wh, fw, fh)) : null;
  const span = profile.hi - profile.lo;
  const out = new Float32Array(nf);
  for (let i = 0; i < nf; i++) {
    let v = clamp01((q[i]! - profile.lo) / span) * clamp01(keepFull[i]!);
    if (fillFull && fillFull[i]! > v) v = fillFull[i]!;
    out[i] = v;
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
  const { labels, areas, count } = labelComponents(bin, w, h);
  let largest = 0;
  for (let l = 1; l <= count; l++) largest = Math.max(largest, areas[l]!);
  if (profile.keepFrac > 0 && count > 1) {
    const minArea = largest * profile.keepFrac;
    const kept = new Uint8Array(n);
    for (let i = 0; i < n; i++) {
      const l = labels[i]!;
      if (l && areas[l]! >= minArea) kept[i] = 1;
    }
    const grown = dilate(kept, w, h, Math.max(2, Math.round(Math.min(w, h) * 0.01)));
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
