import { clamp01, slidingExtreme } from './mask-ops.js';
import { fillKnockouts } from './knockouts.js';
import { findHoles, labelComponents } from './binary-mask.js';

/**
 * Colour keying from the borders: for artwork on a flat background (logos, text, packshots
 * on white) the background colour is known from the image's edge, and each pixel's alpha
 * follows from how far its colour has moved from it. Exact for anti-aliased edges on a flat
 * colour, which a 320² saliency model cannot resolve.
 */

export interface BorderBackground {
  /** the background colour (per-channel median of the border ring) */
  colour: [number, number, number];
  /** share of border pixels within `FLAT_DISTANCE` of that colour (1 = perfectly flat) */
  flatness: number;
  /** RGB distance below which a pixel is background noise (JPEG, sensor noise) */
  noise: number;
}

const FLAT_DISTANCE = 24;

export function borderBackground(rgb: Uint8Array, w: number, h: number): BorderBackground {
  const ring = Math.max(2, Math.round(Math.min(w, h) * 0.01));
  const idx: number[] = [];
  for (let y = 0; y < h; y++) {
    const inRow = y < ring || y >= h - ring;
    for (let x = 0; x < w; x++) {
      if (inRow || x < ring || x >= w - ring) idx.push(y * w + x);
      else if (x === ring) x = w - ring - 1; // jump to the right band
    }
  }
  const ch = [new Uint32Array(256), new Uint32Array(256), new Uint32Array(256)];
  for (const i of idx) for (let c = 0; c < 3; c++) ch[c]![rgb[i * 3 + c]!]!++;
  const colour = ch.map((hist) => {
    let acc = 0;
    for (let v = 0; v < 256; v++) {
      acc += hist[v]!;
      if (acc * 2 >= idx.length) return v;
    }
    return 255;
  }) as [number, number, number];
  const dists: number[] = [];
  let flat = 0;
  for (const i of idx) {
    const d = dist(rgb, i, colour);
    if (d <= FLAT_DISTANCE) {
      flat++;
      dists.push(d);
    }
  }
  dists.sort((a, b) => a - b);
  const p95 = dists.length ? dists[Math.floor(dists.length * 0.95)]! : FLAT_DISTANCE;
  return { colour, flatness: flat / idx.length, noise: Math.max(4, Math.min(FLAT_DISTANCE, p95 * 1.5)) };
}

function dist(rgb: Uint8Array, i: number, c: [number, number, number]): number {
  const dr = rgb[i * 3]! - c[0];
  const dg = rgb[i * 3 + 1]! - c[1];
  const db = rgb[i * 3 + 2]! - c[2];
  return Math.sqrt(dr * dr + dg * dg + db * db);
}

/**
 * Alpha by unmixing against the background colour. A pixel whose neighbourhood is all
 * non-background is solid (alpha 1, even if its colour is close to the background's, like a
 * light-grey part of a logo). An edge pixel is a mix of the background and one foreground
 * colour: alpha is its position on the line from the background to the palette colour that
 * explains it best (thin strokes never reach their full colour, so the palette comes from
 * the solid interiors); if no palette colour fits, its distance relative to the strongest
 * nearby pixel is used.
 */
export interface KeyOptions {
  /**
   * Backdrop-coloured regions enclosed by solid artwork that are thin, like a white glyph
   * knocked out of a disc, are opaque (knockouts.ts). Off for type, whose counters are holes.
   */
  fillKnockouts?: boolean;
}

export function colourKey(rgb: Uint8Array, w: number, h: number, bg: BorderBackground, opts: KeyOptions = {}): Float32Array {
  const n = w * h;
  const d = new Float32Array(n);
  for (let i = 0; i < n; i++) d[i] = dist(rgb, i, bg.colour);
  const r = Math.max(2, Math.round(Math.min(w, h) / 200));
  const dMax = slidingExtreme(d, w, h, r, true);
  const dMin = slidingExtreme(d, w, h, 2, false);
  const n0 = bg.noise;
  const minContrast = 12;
  const solid = n0 + minContrast;
  // Solid: everything within 2 px is off the background (so not the first ring of an edge,
  // which JPEG blur also lifts off it), and the pixel is at least 0.3× as far from it as the
  // strongest colour nearby (keeps JPEG chroma smear, a yellow backdrop turning greenish
  // beside black type, out).
  const isSolid = new Uint8Array(n);
  for (let i = 0; i < n; i++) isSolid[i] = dMin[i]! > solid && d[i]! >= 0.3 * dMax[i]! ? 1 : 0;
  const palette = solidPalette(rgb, isSolid, bg.colour, 2 * solid);
  const [b0, b1, b2] = bg.colour;
  const fitLimit = n0 + 8;
  const alpha = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    if (isSolid[i]) {
      alpha[i] = 1;
      continue;
    }
    if (d[i]! <= n0 * 0.5) continue;
    const p0 = rgb[i * 3]! - b0;
    const p1 = rgb[i * 3 + 1]! - b1;
    const p2 = rgb[i * 3 + 2]! - b2;
    // Several palette colours can explain a pixel equally well when they lie on one line
    // from the backdrop (a dark stem and its lighter, blurred thin parts): of those that fit,
    // take the one whose strength matches the strongest colour actually nearby.
    let best = -1;
    let bestResidual = Infinity;
    let bestGap = Infinity;
    const near = dMax[i]!;
    for (const f of palette) {
      const t = Math.min(1, Math.max(0, (p0 * f[0] + p1 * f[1] + p2 * f[2]) / f[3]));
      const e0 = p0 - t * f[0];
      const e1 = p1 - t * f[1];
      const e2 = p2 - t * f[2];
      const res = Math.sqrt(e0 * e0 + e1 * e1 + e2 * e2);
      const gap = Math.abs(Math.sqrt(f[3]) - near);
      const fits = res <= fitLimit;
      if (fits ? bestResidual > fitLimit || gap < bestGap : res < bestResidual && bestResidual > fitLimit) {
        bestResidual = res;
        bestGap = gap;
        best = t;
      }
    }
    if (best >= 0 && bestResidual <= fitLimit) {
      // the part of the move from the background that noise alone explains is not coverage
      const len = Math.sqrt(p0 * p0 + p1 * p1 + p2 * p2);
      alpha[i] = len <= n0 ? 0 : best * clamp01((len - n0 * 0.5) / len);
      continue;
    }
    // relative to the strongest colour nearby; with none nearby (JPEG ringing a few pixels
    // away from type) the span is floored so that noise is not stretched to full alpha
    const span = Math.max(dMax[i]! - n0, 3 * minContrast);
    alpha[i] = clamp01((d[i]! - n0) / span);
  }
  closeMixtureSeams(alpha, rgb, dMax, solid, w, h, fitLimit + 6);
  fillColouredHoles(alpha, d, w, h, solid);
  if (opts.fillKnockouts) fillKnockouts(alpha, w, h);
  dropSpecks(alpha, w, h, Math.max(3, Math.round((w * h) / 60_000)));
  return alpha;
}

/**
 * Where two foreground colours meet (white type with a dark outline), the anti-aliased seam
 * between them can land near the backdrop colour and read as background. A pixel flanked on
 * opposite sides (1 or 2 px away) by opaque pixels, whose colour lies on the line between
 * theirs, is such a seam: it takes their alpha. A real 1-2 px gap shows the backdrop, which
 * is not a mix of the two flanks, so it stays open.
 */
function closeMixtureSeams(
  alpha: Float32Array,
  rgb: Uint8Array,
  dMax: Float32Array,
  solid: number,
  w: number,
  h: number,
  tolerance: number,
): void {
  const src = Float32Array.from(alpha);
  const dirs = [1, w, w + 1, w - 1];
  for (let y = 2; y < h - 2; y++) {
    for (let x = 2; x < w - 2; x++) {
      const i = y * w + x;
      // only where some artwork is near (most of a backdrop is skipped here)
      if (src[i]! >= 0.9 || dMax[i]! <= solid) continue;
      let closed = false;
      for (const step of dirs) {
        for (const [ka, kb] of [
          [1, 1],
          [1, 2],
          [2, 1],
        ] as const) {
          const a = i - ka * step;
          const b = i + kb * step;
          if (src[a]! < 0.98 || src[b]! < 0.98) continue;
          if (onSegment(rgb, i, a, b) <= tolerance) {
            closed = true;
            break;
          }
        }
        if (closed) break;
      }
      if (closed) alpha[i] = 1;
    }
  }
}

/**
 * Enclosed regions the key left out: if most of such a region is clearly not the backdrop
 * colour (a thin white line inside a logo on light grey) it is part of the artwork; if it
 * shows the backdrop (the inside of an "o", the middle of a ring) it is a real hole.
 */
function fillColouredHoles(alpha: Float32Array, d: Float32Array, w: number, h: number, solid: number): void {
  const bin = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) bin[i] = alpha[i]! >= 0.5 ? 1 : 0;
  const holes = findHoles(bin, w, h);
  if (holes.count === 0) return;
  const coloured = new Float64Array(holes.count + 1);
  for (let i = 0; i < alpha.length; i++) {
    const l = holes.labels[i]!;
    if (l && d[i]! > solid) coloured[l]!++;
  }
  for (let i = 0; i < alpha.length; i++) {
    const l = holes.labels[i]!;
    if (l && coloured[l]! >= 0.6 * holes.areas[l]!) alpha[i] = Math.max(alpha[i]!, clamp01(d[i]! / solid));
  }
}

/** Distance of pixel i's colour from the colour segment between pixels a and b. */
function onSegment(rgb: Uint8Array, i: number, a: number, b: number): number {
  const a0 = rgb[a * 3]!;
  const a1 = rgb[a * 3 + 1]!;
  const a2 = rgb[a * 3 + 2]!;
  const v0 = rgb[b * 3]! - a0;
  const v1 = rgb[b * 3 + 1]! - a1;
  const v2 = rgb[b * 3 + 2]! - a2;
  const p0 = rgb[i * 3]! - a0;
  const p1 = rgb[i * 3 + 1]! - a1;
  const p2 = rgb[i * 3 + 2]! - a2;
  const len2 = v0 * v0 + v1 * v1 + v2 * v2;
  const t = len2 > 0 ? clamp01((p0 * v0 + p1 * v1 + p2 * v2) / len2) : 0;
  const e0 = p0 - t * v0;
  const e1 = p1 - t * v1;
  const e2 = p2 - t * v2;
  return Math.sqrt(e0 * e0 + e1 * e1 + e2 * e2);
}

/**
 * Up to 8 representative colours of the solid foreground (k-means on ~6000 samples), each as a
 * vector from the background: [dr, dg, db, |v|²].
 */
function solidPalette(
  rgb: Uint8Array,
  isSolid: Uint8Array,
  bg: [number, number, number],
  minLen: number,
): [number, number, number, number][] {
  let total = 0;
  for (let i = 0; i < isSolid.length; i++) total += isSolid[i]!;
  if (total === 0) return [];
  const step = Math.max(1, Math.floor(total / 6000));
  const pts: number[][] = [];
  for (let i = 0, seen = 0; i < isSolid.length; i++) {
    if (!isSolid[i]) continue;
    if (seen++ % step === 0) pts.push([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!]);
  }
  // farthest-point initialisation, then Lloyd iterations
  const K = Math.min(8, pts.length);
  const centres: number[][] = [pts[0]!.slice()];
  const nearest = new Float64Array(pts.length).fill(Infinity);
  while (centres.length < K) {
    const c = centres[centres.length - 1]!;
    let far = 0;
    let farD = -1;
    for (let j = 0; j < pts.length; j++) {
      const p = pts[j]!;
      const dd = (p[0]! - c[0]!) ** 2 + (p[1]! - c[1]!) ** 2 + (p[2]! - c[2]!) ** 2;
      if (dd < nearest[j]!) nearest[j] = dd;
      if (nearest[j]! > farD) {
        farD = nearest[j]!;
        far = j;
      }
    }
    if (farD < 100) break; // remaining colours within 10 of a centre
    centres.push(pts[far]!.slice());
  }
  const count = new Array<number>(centres.length).fill(0);
  for (let iter = 0; iter < 6; iter++) {
    const sums = centres.map(() => [0, 0, 0]);
    count.fill(0);
    for (const p of pts) {
      let bi = 0;
      let bd = Infinity;
      for (let c = 0; c < centres.length; c++) {
        const q = centres[c]!;
        const dd = (p[0]! - q[0]!) ** 2 + (p[1]! - q[1]!) ** 2 + (p[2]! - q[2]!) ** 2;
        if (dd < bd) {
          bd = dd;
          bi = c;
        }
      }
      const s = sums[bi]!;
      s[0]! += p[0]!;
      s[1]! += p[1]!;
      s[2]! += p[2]!;
      count[bi]!++;
    }
    for (let c = 0; c < centres.length; c++) if (count[c]) centres[c] = sums[c]!.map((v) => v / count[c]!);
  }
  const vecs: [number, number, number, number][] = [];
  for (let c = 0; c < centres.length; c++) {
    if (count[c]! < pts.length * 0.005) continue;
    const v0 = centres[c]![0]! - bg[0];
    const v1 = centres[c]![1]! - bg[1];
    const v2 = centres[c]![2]! - bg[2];
    vecs.push([v0, v1, v2, v0 * v0 + v1 * v1 + v2 * v2]);
  }
  // A colour close to the backdrop explains any noisy background pixel as "fully that
  // colour": such colours only make alpha worse at edges, so they are left to the fallback.
  const longest = Math.max(0, ...vecs.map((v) => v[3]));
  return vecs.filter((v) => v[3] >= Math.max(minLen * minLen, 0.0625 * longest));
}

/** Removes isolated foreground specks (noise, dust) smaller than `minArea` pixels. */
function dropSpecks(alpha: Float32Array, w: number, h: number, minArea: number): void {
  const bin = new Uint8Array(alpha.length);
  for (let i = 0; i < alpha.length; i++) bin[i] = alpha[i]! > 0.02 ? 1 : 0;
  const { labels, areas } = labelComponents(bin, w, h);
  for (let i = 0; i < alpha.length; i++) {
    const l = labels[i]!;
    if (l && areas[l]! < minArea) alpha[i] = 0;
  }
}
