import { dilate, findHoles, labelComponents } from './binary-mask.js';

/**
 * Knockouts: a white glyph inside a solid green disc on a white page is, to the key, a
 * backdrop-coloured region enclosed by the disc — the same as the inside of an "o". What
 * tells them apart is shape: a counter is a compact blob, a knocked-out glyph or a thin
 * separating line is made of strokes. An enclosed backdrop-coloured region is made opaque
 * when it is thin (its thickest point, the largest inscribed disc, is small for its area)
 * and the shape around it is solid (the region is small beside the component enclosing it,
 * which keeps the hole of a ring a hole).
 */

/** thickest half-width ÷ √area below this: stroke-like (a bold glyph ~0.17; a round counter ~0.5) */
const THIN = 0.25;
/** hole area ÷ enclosing component's area at most this (a ring's hole is ~0.8 of the ring) */
const SOLID = 0.35;

export function fillKnockouts(alpha: Float32Array, w: number, h: number): void {
  const n = w * h;
  const bin = new Uint8Array(n);
  for (let i = 0; i < n; i++) bin[i] = alpha[i]! >= 0.5 ? 1 : 0;
  const holes = findHoles(bin, w, h);
  if (holes.count === 0) return;
  const comps = labelComponents(bin, w, h);
  const minArea = Math.max(12, n * 0.00005);
  // per hole: bounding box and the component it borders (any foreground 4-neighbour)
  const box = new Int32Array((holes.count + 1) * 4);
  for (let l = 1; l <= holes.count; l++) box.set([w, h, -1, -1], l * 4);
  const encloser = new Int32Array(holes.count + 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = y * w + x;
      const l = holes.labels[i]!;
      if (!l) continue;
      const o = l * 4;
      if (x < box[o]!) box[o] = x;
      if (y < box[o + 1]!) box[o + 1] = y;
      if (x > box[o + 2]!) box[o + 2] = x;
      if (y > box[o + 3]!) box[o + 3] = y;
      if (!encloser[l]) {
        for (const j of [i - 1, i + 1, i - w, i + w]) {
          if (j >= 0 && j < n && comps.labels[j]) {
            encloser[l] = comps.labels[j]!;
            break;
          }
        }
      }
    }
  }
  const fill = new Uint8Array(n);
  let any = false;
  for (let l = 1; l <= holes.count; l++) {
    const area = holes.areas[l]!;
    const c = encloser[l]!;
    if (area < minArea || !c || area > SOLID * comps.areas[c]!) continue;
    const o = l * 4;
    const t = maxHalfWidth(holes.labels, l, w, box[o]!, box[o + 1]!, box[o + 2]!, box[o + 3]!);
    if (t > THIN * Math.sqrt(area)) continue;
    for (let y = box[o + 1]!; y <= box[o + 3]!; y++) {
      for (let x = box[o]!; x <= box[o + 2]!; x++) {
        if (holes.labels[y * w + x] === l) {
          fill[y * w + x] = 1;
          any = true;
        }
      }
    }
  }
  if (!any) return;
  // the anti-aliased rim between the glyph and its surround is opaque too
  const grown = dilate(fill, w, h, 2);
  for (let i = 0; i < n; i++) if (grown[i] && (fill[i] || alpha[i]! > 0)) alpha[i] = 1;
}

/** Largest distance (chamfer 1/√2) from a pixel of region `l` to the nearest pixel outside it. */
function maxHalfWidth(labels: Int32Array, l: number, w: number, x0: number, y0: number, x1: number, y1: number): number {
  const bw = x1 - x0 + 3;
  const bh = y1 - y0 + 3;
  const d = new Float32Array(bw * bh);
  for (let y = 0; y < bh; y++) {
    for (let x = 0; x < bw; x++) {
      const gx = x + x0 - 1;
      const gy = y + y0 - 1;
      const inside = gx >= x0 && gx <= x1 && gy >= y0 && gy <= y1 && labels[gy * w + gx] === l;
      d[y * bw + x] = inside ? Infinity : 0;
    }
  }
  const D = Math.SQRT2;
  for (let y = 1; y < bh - 1; y++) {
    for (let x = 1; x < bw - 1; x++) {
      const i = y * bw + x;
      if (d[i] === 0) continue;
      d[i] = Math.min(d[i]!, d[i - 1]! + 1, d[i - bw]! + 1, d[i - bw - 1]! + D, d[i - bw + 1]! + D);
    }
  }
  let max = 0;
  for (let y = bh - 2; y >= 1; y--) {
    for (let x = bw - 2; x >= 1; x--) {
      const i = y * bw + x;
      if (d[i] === 0) continue;
      const v = Math.min(d[i]!, d[i + 1]! + 1, d[i + bw]! + 1, d[i + bw + 1]! + D, d[i + bw - 1]! + D);
      d[i] = v;
      if (v > max) max = v;
    }
  }
  return max;
}
