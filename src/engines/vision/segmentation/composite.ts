import sharp from 'sharp';
import { boxMean, gaussianBlur } from './mask-ops.js';
import type { OutputBackground } from './options.js';
import { encodePngRows, LITTLE_ENDIAN, type RowWriter } from './png.js';

/**
 * `edge_softness` 0..10 → the final alpha, monotonic from hard to soft:
 *   0      hard cut: every pixel fully in or out
 *   1, 2   crisper than the refined edge (its ramp steepened 4× and 2×)
 *   3      the refined, anti-aliased edge as it is (the default)
 *   4..10  feathered with a Gaussian of sigma = 0.35·(s−3) px per 512 px of the shorter side,
 *          so 10 looks as soft on a 4000 px photo as on a 500 px one (2.5 px at 512 px),
 *          but never wider than a quarter of the subject's typical stroke width
 */
export function applyEdgeSoftness(alpha: Float32Array, w: number, h: number, softness: number): Float32Array {
  const out = new Float32Array(alpha.length);
  if (softness <= 0) {
    for (let i = 0; i < alpha.length; i++) out[i] = alpha[i]! >= 0.5 ? 1 : 0;
    return out;
  }
  if (softness < 3) {
    const k = softness === 1 ? 4 : 2;
    for (let i = 0; i < alpha.length; i++) {
      const v = (alpha[i]! - 0.5) * k + 0.5;
      out[i] = v < 0 ? 0 : v > 1 ? 1 : v;
    }
    return out;
  }
  if (softness === 3) {
    out.set(alpha);
    return out;
  }
  const sigma = 0.35 * (softness - 3) * Math.max(1, Math.min(w, h) / 512);
  // A feather wider than the subject's strokes would fade small type and hairlines away
  // instead of softening their edges: cap it at a quarter of the typical stroke width.
  return gaussianBlur(alpha, w, h, Math.min(sigma, Math.max(0.5, strokeWidth(alpha, w, h) / 4)));
}

/** Typical stroke width of the mask, 2·area / outline length (∞ for an empty mask). */
export function strokeWidth(alpha: Float32Array, w: number, h: number): number {
  let area = 0;
  let outline = 0;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      if (alpha[i]! < 0.5) continue;
      area++;
      if (
        x === 0 ||
        y === 0 ||
        x === w - 1 ||
        y === h - 1 ||
        alpha[i - 1]! < 0.5 ||
        alpha[i + 1]! < 0.5 ||
        alpha[i - w]! < 0.5 ||
        alpha[i + w]! < 0.5
      ) {
        outline++;
      }
    }
  }
  return outline ? (2 * area) / outline : Infinity;
}

export interface ColourEstimateInput {
  rgb: Uint8Array;
  width: number;
  height: number;
  /** the alpha that separated subject from background, before any feathering */
  alpha: Float32Array;
  /** the known flat background colour (colour keying), or null to estimate it locally */
  background: [number, number, number] | null;
}

/**
 * Foreground colours for the cut-out. Edge pixels mix subject and background: left as they
 * are, a subject shot on green keeps a green fringe on white. Where alpha ≥ 0.5 the
 * background share is removed (F = (I − (1−α)·B) / α) with B the known key colour or the mean
 * of nearby background pixels; where alpha < 0.5 (and, with `spread`, wherever feathering
 * will later give background pixels some alpha) the colour of nearby solid subject pixels is
 * used instead. The local means are smooth, so they are computed on a grid about `radius`/3
 * coarser than the image and interpolated: the cost stays a few passes over the edge band.
 */
export function estimateForeground(input: ColourEstimateInput, radius: number, spread = false, inPlace = false): Uint8Array {
  const { rgb, width: w, height: h, alpha, background } = input;
  // in place: each pixel's output depends on its own input and on grid means taken before
  // any pixel is written, so the caller's buffer can be overwritten (saves a full copy)
  const out = inPlace ? rgb : Uint8Array.from(rgb);
  // bounding box of the edge band, so the work is limited to the part that needs it
  let x0 = w;
  let y0 = h;
  let x1 = -1;
  let y1 = -1;
  for (let y = 0; y < h; y++) {
    const row = y * w;
    for (let x = 0; x < w; x++) {
      const a = alpha[row + x]!;
      if (a > 0.02 && a < 0.98) {
        if (x < x0) x0 = x;
        if (x > x1) x1 = x;
        if (y < y0) y0 = y;
        if (y > y1) y1 = y;
      }
    }
  }
  if (x1 < 0) return out;
  const pad = radius + 2;
  x0 = Math.max(0, x0 - pad);
  y0 = Math.max(0, y0 - pad);
  x1 = Math.min(w - 1, x1 + pad);
  y1 = Math.min(h - 1, y1 + pad);

  // coarse grid: f×f blocks, accumulating weights and weighted colours of solid pixels
  const f = Math.max(1, Math.round(radius / 3));
  const gw = Math.ceil((x1 - x0 + 1) / f);
  const gh = Math.ceil((y1 - y0 + 1) / f);
  const m = gw * gh;
  const fgW = new Float32Array(m);
  const fg = [new Float32Array(m), new Float32Array(m), new Float32Array(m)] as const;
  const bgW = background ? null : new Float32Array(m);
  const bg = background ? null : ([new Float32Array(m), new Float32Array(m), new Float32Array(m)] as const);
  const cellOfX = new Int32Array(x1 - x0 + 1);
  for (let x = x0; x <= x1; x++) cellOfX[x - x0] = Math.floor((x - x0) / f);
  // the cells' means are smooth local averages: with cells of 6 px and more (images of
  // 2000 px and more), every other row and column is sample enough
  const step = f >= 6 ? 2 : 1;
  for (let y = y0; y <= y1; y += step) {
    const grow = Math.floor((y - y0) / f) * gw;
    for (let x = x0; x <= x1; x += step) {
      const i = y * w + x;
      const a = alpha[i]!;
      if (a > 0.02 && a < 0.98) continue;
      const k = grow + cellOfX[x - x0]!;
      if (a >= 0.98) {
        fgW[k]!++;
        fg[0][k]! += rgb[i * 3]!;
        fg[1][k]! += rgb[i * 3 + 1]!;
        fg[2][k]! += rgb[i * 3 + 2]!;
      } else if (bg && bgW && a <= 0.02) {
        bgW[k]!++;
        bg[0][k]! += rgb[i * 3]!;
        bg[1][k]! += rgb[i * 3 + 1]!;
        bg[2][k]! += rgb[i * 3 + 2]!;
      }
    }
  }
  const gr = Math.max(1, Math.round(radius / f));
  const fgWm = boxMean(fgW, gw, gh, gr);
  const fgM = fg.map((p) => boxMean(p, gw, gh, gr, p));
  const bgWm = bgW ? boxMean(bgW, gw, gh, gr) : null;
  const bgM = bg ? bg.map((p) => boxMean(p, gw, gh, gr, p)) : null;
  // per-grid-cell mean colours (NaN where no solid pixel is near)
  const mean = (sums: Float32Array[], weights: Float32Array): Float32Array => {
    const o = new Float32Array(m * 3);
    for (let k = 0; k < m; k++) {
      const wgt = weights[k]!;
      if (wgt > 1e-6) {
        o[k * 3] = sums[0]![k]! / wgt;
        o[k * 3 + 1] = sums[1]![k]! / wgt;
        o[k * 3 + 2] = sums[2]![k]! / wgt;
      } else o[k * 3] = o[k * 3 + 1] = o[k * 3 + 2] = Number.NaN;
    }
    return o;
  };
  const fgMean = mean(fgM, fgWm);
  const bgMean = bgM && bgWm ? mean(bgM, bgWm) : null;
  const cell = (gx: number, gy: number): number => Math.min(gh - 1, Math.max(0, gy)) * gw + Math.min(gw - 1, Math.max(0, gx));
  const sample = (grid: Float32Array, x: number, y: number, c: number): number => {
    // nearest-cell value, averaged with the next cell along each axis (a cheap bilinear)
    const fx = (x - x0 + 0.5) / f - 0.5;
    const fy = (y - y0 + 0.5) / f - 0.5;
    const gx = Math.floor(fx);
    const gy = Math.floor(fy);
    const tx = fx - gx;
    const ty = fy - gy;
    let acc = 0;
    let wsum = 0;
    // the four cells, without allocating (this runs three times per edge pixel)
    for (let q = 0; q < 4; q++) {
      const dx = q & 1;
      const dy = q >> 1;
      const wt = (dx ? tx : 1 - tx) * (dy ? ty : 1 - ty);
      if (wt <= 0) continue;
      const v = grid[cell(gx + dx, gy + dy) * 3 + c]!;
      if (!Number.isNaN(v)) {
        acc += v * wt;
        wsum += wt;
      }
    }
    return wsum > 0 ? acc / wsum : Number.NaN;
  };

  for (let y = y0; y <= y1; y++) {
    for (let x = x0; x <= x1; x++) {
      const i = y * w + x;
      const a = alpha[i]!;
      if (a >= 0.98 || (a <= 0.02 && !spread)) continue;
      if (a >= 0.5) {
        let b0: number;
        let b1: number;
        let b2: number;
        if (background) [b0, b1, b2] = background;
        else {
          b0 = sample(bgMean!, x, y, 0);
          if (Number.isNaN(b0)) continue;
          b1 = sample(bgMean!, x, y, 1);
          b2 = sample(bgMean!, x, y, 2);
        }
        const ia = 1 / a;
        out[i * 3] = clampByte((rgb[i * 3]! - (1 - a) * b0) * ia);
        out[i * 3 + 1] = clampByte((rgb[i * 3 + 1]! - (1 - a) * b1) * ia);
        out[i * 3 + 2] = clampByte((rgb[i * 3 + 2]! - (1 - a) * b2) * ia);
      } else {
        const r0 = sample(fgMean, x, y, 0);
        if (Number.isNaN(r0)) continue;
        out[i * 3] = clampByte(r0);
        out[i * 3 + 1] = clampByte(sample(fgMean, x, y, 1));
        out[i * 3 + 2] = clampByte(sample(fgMean, x, y, 2));
      }
    }
  }
  return out;
}

function clampByte(v: number): number {
  return v <= 0 ? 0 : v >= 255 ? 255 : Math.round(v);
}

/** 1024² + a margin: larger cut-outs are encoded by png.ts (Up filter, Z_RLE) instead of libpng with adaptive filtering. */
export const ADAPTIVE_FILTER_MAX_PIXELS = 1_100_000;

export interface EncodedCutout {
  png: Buffer;
  width: number;
  height: number;
  mime: 'image/png';
}

/**
 * `transparent`: RGBA PNG, colour channels zeroed where alpha is 0 (smaller files, no hidden
 * background pixels leaking through). `white`: flattened onto white, RGB PNG.
 */
export async function encodeCutout(
  fg: Uint8Array,
  alpha: Float32Array,
  w: number,
  h: number,
  background: OutputBackground,
  /** filled with the 8-bit alpha (rounded) when given: one pass over the pixels less for the caller */
  alpha8?: Uint8Array,
): Promise<EncodedCutout> {
  const n = w * h;
  const channels = background === 'white' ? 3 : 4;
  const writeRow = cutoutRows(fg, alpha, w, background, alpha8);
  let png: Buffer;
  if (n > ADAPTIVE_FILTER_MAX_PIXELS) {
    // libpng's adaptive row filtering (every filter tried on every row) costs ~150 ms at
    // 2048², and unfiltered rows make a photo cut-out ~1.8× larger: png.ts (Up filter, Z_RLE,
    // compressed band by band while the next rows are made) is faster than either
    png = await encodePngRows(w, h, channels, writeRow);
  } else {
    // Level 4: within ~5 % of level 9's size at a third of the time; adaptive filtering
    // makes a photo cut-out ~45 % smaller than unfiltered rows
    const raw = Buffer.allocUnsafe(n * channels);
    const stride = w * channels;
    const row = new Uint8Array(stride + 3);
    const words = new Uint32Array(row.buffer, 0, (stride + 3) >> 2);
    for (let y = 0; y < h; y++) {
      writeRow(y, row, words);
      raw.set(row.subarray(0, stride), y * stride);
    }
    png = await sharp(raw, { raw: { width: w, height: h, channels } })
      .png({ compressionLevel: 4, adaptiveFiltering: true })
      .toBuffer();
  }
  return { png, width: w, height: h, mime: 'image/png' };
}

/** The cut-out's pixels a row at a time (see encodeCutout), filling `alpha8` as they go. */
function cutoutRows(
  fg: Uint8Array,
  alpha: Float32Array,
  w: number,
  background: OutputBackground,
  alpha8: Uint8Array | undefined,
): RowWriter {
  if (background === 'white') {
    return (y, row) => {
      for (let x = 0, i = y * w; x < w; x++, i++) {
        const a = alpha[i]!;
        const inv = (1 - a) * 255;
        const j = x * 3;
        row[j] = clampByte(fg[i * 3]! * a + inv);
        row[j + 1] = clampByte(fg[i * 3 + 1]! * a + inv);
        row[j + 2] = clampByte(fg[i * 3 + 2]! * a + inv);
        if (alpha8) alpha8[i] = clampByte(a * 255);
      }
    };
  }
  if (LITTLE_ENDIAN) {
    // a pixel per word: R in the low byte
    return (y, _row, words) => {
      for (let x = 0, i = y * w; x < w; x++, i++) {
        const v = alpha[i]!;
        const a = v <= 0 ? 0 : v >= 1 ? 255 : (v * 255 + 0.5) | 0; // clampByte(v · 255)
        if (alpha8) alpha8[i] = a;
        words[x] = a === 0 ? 0 : fg[i * 3]! | (fg[i * 3 + 1]! << 8) | (fg[i * 3 + 2]! << 16) | (a << 24);
      }
    };
  }
  return (y, row) => {
    for (let x = 0, i = y * w; x < w; x++, i++) {
      const a = clampByte(alpha[i]! * 255);
      if (alpha8) alpha8[i] = a;
      const j = x * 4;
      if (a === 0) {
        row[j] = row[j + 1] = row[j + 2] = row[j + 3] = 0;
      } else {
        row[j] = fg[i * 3]!;
        row[j + 1] = fg[i * 3 + 1]!;
        row[j + 2] = fg[i * 3 + 2]!;
        row[j + 3] = a;
      }
    }
  };
}
