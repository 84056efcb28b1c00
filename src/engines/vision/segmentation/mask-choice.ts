import { dilate, erode, findHoles, labelComponents, mainSubject } from './binary-mask.js';
import type { BorderBackground } from './keying.js';

/**
 * What computeAlpha weighs when it chooses between the colour key and the model: how well a
 * mask's outline sits on image edges, whether a key looks like artwork or found anything,
 * and how a key and the model's mask are combined.
 */

/** A key that covers almost nothing or almost everything found no subject. */
export function plausibleCoverage(alpha: Float32Array): boolean {
  let fg = 0;
  for (let i = 0; i < alpha.length; i++) if (alpha[i]! >= 0.5) fg++;
  const share = fg / alpha.length;
  return share > 0.0005 && share < 0.9;
}

/**
 * Keyed alpha, except where a pixel looks like a shadow on the backdrop (the backdrop's own
 * hue, only darker): there the model decides. The model's solid interior is added, which
 * fills parts of the subject that match the backdrop colour.
 */
export function combineKeyAndModel(
  keyed: Float32Array,
  modelAlpha: Float32Array,
  rgb: Uint8Array,
  w: number,
  h: number,
  bg: BorderBackground,
  fillEnclosed: boolean,
): Float32Array {
  const n = w * h;
  const [br, bgc, bb] = bg.colour;
  const bSum = br + bgc + bb + 1e-6;
  const cr = br / bSum;
  const cg = bgc / bSum;
  const modelBin = new Uint8Array(n);
  for (let i = 0; i < n; i++) modelBin[i] = modelAlpha[i]! >= 0.5 ? 1 : 0;
  const core = erode(modelBin, w, h, Math.max(2, Math.round(Math.min(w, h) * 0.006)));
  if (!fillEnclosed) {
    const keyBin = new Uint8Array(n);
    for (let i = 0; i < n; i++) keyBin[i] = keyed[i]! >= 0.5 ? 1 : 0;
    const holes = findHoles(keyBin, w, h);
    for (let i = 0; i < n; i++) if (holes.labels[i]) core[i] = 0;
  }
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    let a = keyed[i]!;
    if (a > 0) {
      const r = rgb[i * 3]!;
      const g = rgb[i * 3 + 1]!;
      const b = rgb[i * 3 + 2]!;
      const sum = r + g + b;
      const ratio = sum / bSum;
      const chroma = Math.abs(r / (sum + 1e-6) - cr) + Math.abs(g / (sum + 1e-6) - cg);
      if (ratio > 0.2 && ratio < 0.99 && chroma < 0.04) a = Math.min(a, modelAlpha[i]!);
    }
    if (core[i] && modelAlpha[i]! > a) a = modelAlpha[i]!;
    out[i] = a;
  }
  return out;
}

/**
 * Type and logos on a flat backdrop key into many separate pieces (letters, marks); a
 * photographed subject keys into one or two (plus specks). Five or more pieces of at least
 * 0.3 % of the keyed area each: treat as graphics, where the model's blob only does harm.
 */
export function looksLikeGraphics(keyed: Float32Array, w: number, h: number): boolean {
  const bin = new Uint8Array(w * h);
  for (let i = 0; i < bin.length; i++) bin[i] = keyed[i]! >= 0.5 ? 1 : 0;
  const { areas, count } = labelComponents(bin, w, h);
  let total = 0;
  for (let l = 1; l <= count; l++) total += areas[l]!;
  let pieces = 0;
  for (let l = 1; l <= count; l++) if (areas[l]! >= total * 0.003) pieces++;
  return pieces >= 5;
}

/**
 * Mean luma gradient (Sobel magnitude, 0..~1) along the mask's outline: a mask whose edge
 * runs along real image edges scores high, a blob drawn across flat background scores ~0.
 */
export function edgeScore(alpha: Float32Array, luma: Float32Array, w: number, h: number): number {
  let sum = 0;
  let count = 0;
  for (let y = 1; y < h - 1; y++) {
    for (let x = 1; x < w - 1; x++) {
      const i = y * w + x;
      const inside = alpha[i]! >= 0.5;
      if (!inside) continue;
      if (alpha[i - 1]! >= 0.5 && alpha[i + 1]! >= 0.5 && alpha[i - w]! >= 0.5 && alpha[i + w]! >= 0.5) continue;
      const gx =
        luma[i - w + 1]! + 2 * luma[i + 1]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - 1]! - luma[i + w - 1]!;
      const gy =
        luma[i + w - 1]! + 2 * luma[i + w]! + luma[i + w + 1]! - luma[i - w - 1]! - 2 * luma[i - w]! - luma[i - w + 1]!;
      sum += Math.sqrt(gx * gx + gy * gy) / 4;
      count++;
    }
  }
  return count ? sum / count : 0;
}

/**
 * `mainSubject` on a finished alpha (the key and the model combined): components of less than
 * `keepFrac` of the largest, and those not touching the main one, are cleared, soft rims
 * included (anything farther than the touching gap from a kept component).
 */
export function keepMainSubject(alpha: Float32Array, w: number, h: number, keepFrac: number): void {
  const n = w * h;
  const bin = new Uint8Array(n);
  for (let i = 0; i < n; i++) bin[i] = alpha[i]! >= 0.5 ? 1 : 0;
  const comps = labelComponents(bin, w, h);
  if (comps.count < 2) return;
  let largest = 0;
  for (let l = 1; l <= comps.count; l++) largest = Math.max(largest, comps.areas[l]!);
  const gap = Math.max(2, Math.round(Math.min(w, h) * 0.01));
  const kept = mainSubject(comps, w, h, largest * keepFrac, gap);
  const keptMask = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (kept[comps.labels[i]!]) keptMask[i] = 1;
  const near = dilate(keptMask, w, h, gap);
  for (let i = 0; i < n; i++) if (!near[i] || (bin[i] && !keptMask[i])) alpha[i] = 0;
}

/**
 * A key made on a textured backdrop (wood, paper) picks up the grain: partial alpha scattered
 * over the backdrop and small opaque streaks. Components under `minFrac` of the largest are
 * dropped and everything farther than 2 px from a kept component is cleared (the kept
 * components' own anti-aliased rims stay).
 */
export function cleanTexturedKey(alpha: Float32Array, w: number, h: number, minFrac: number): void {
  const n = w * h;
  const bin = new Uint8Array(n);
  for (let i = 0; i < n; i++) bin[i] = alpha[i]! >= 0.5 ? 1 : 0;
  const { labels, areas, count } = labelComponents(bin, w, h);
  let largest = 0;
  for (let l = 1; l <= count; l++) largest = Math.max(largest, areas[l]!);
  const kept = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (labels[i] && areas[labels[i]!]! >= minFrac * largest) kept[i] = 1;
  const near = dilate(kept, w, h, 2);
  for (let i = 0; i < n; i++) if (!near[i] || (bin[i] && !kept[i])) alpha[i] = 0;
}
