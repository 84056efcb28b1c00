/**
 * Binary masks (`Uint8Array`, non-zero = set, row-major `w*h`): 8-connected components, the
 * holes of a mask, and square dilation / erosion through a box sum. O(pixels), like mask-ops.
 */
import { boxMean } from './mask-ops.js';

/**
 * Labels 8-connected components of `mask` (non-zero = set). Returns the label image
 * (0 = unset, 1..count) and each label's area (index = label).
 */
export function labelComponents(
  mask: Uint8Array,
  w: number,
  h: number,
): { labels: Int32Array; areas: number[]; count: number } {
  const labels = new Int32Array(w * h);
  const areas: number[] = [0];
  const stack = new Int32Array(w * h);
  let next = 0;
  for (let start = 0; start < mask.length; start++) {
    if (!mask[start] || labels[start]) continue;
    next++;
    let area = 0;
    let sp = 0;
    stack[sp++] = start;
    labels[start] = next;
    while (sp > 0) {
      const i = stack[--sp]!;
      area++;
      const x = i % w;
      const y = (i - x) / w;
      const x0 = x > 0 ? x - 1 : x;
      const x1 = x < w - 1 ? x + 1 : x;
      const y0 = y > 0 ? y - 1 : y;
      const y1 = y < h - 1 ? y + 1 : y;
      for (let yy = y0; yy <= y1; yy++) {
        const row = yy * w;
        for (let xx = x0; xx <= x1; xx++) {
          const j = row + xx;
          if (mask[j] && !labels[j]) {
            labels[j] = next;
            stack[sp++] = j;
          }
        }
      }
    }
    areas.push(area);
  }
  return { labels, areas, count: next };
}

/**
 * Background regions not connected to the image border, i.e. holes inside the subject.
 * Returns a label image of the holes (4-connected; 0 = not a hole) and their areas.
 */
export function findHoles(
  mask: Uint8Array,
  w: number,
  h: number,
): { labels: Int32Array; areas: number[]; count: number } {
  const n = w * h;
  // 0 = unvisited background, 1 = subject, 2 = background reached from the border
  const state = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (mask[i]) state[i] = 1;
  const stack = new Int32Array(n);
  let sp = 0;
  for (let x = 0; x < w; x++) {
    for (const i of [x, (h - 1) * w + x]) {
      if (state[i] === 0) {
        state[i] = 2;
        stack[sp++] = i;
      }
    }
  }
  for (let y = 0; y < h; y++) {
    for (const i of [y * w, y * w + w - 1]) {
      if (state[i] === 0) {
        state[i] = 2;
        stack[sp++] = i;
      }
    }
  }
  while (sp > 0) {
    const i = stack[--sp]!;
    const x = i % w;
    let j = i - 1;
    if (x > 0 && state[j] === 0) {
      state[j] = 2;
      stack[sp++] = j;
    }
    j = i + 1;
    if (x < w - 1 && state[j] === 0) {
      state[j] = 2;
      stack[sp++] = j;
    }
    j = i - w;
    if (j >= 0 && state[j] === 0) {
      state[j] = 2;
      stack[sp++] = j;
    }
    j = i + w;
    if (j < n && state[j] === 0) {
      state[j] = 2;
      stack[sp++] = j;
    }
  }
  const holeMask = new Uint8Array(n);
  let any = false;
  for (let i = 0; i < n; i++) {
    if (state[i] === 0) {
      holeMask[i] = 1;
      any = true;
    }
  }
  if (!any) return { labels: new Int32Array(n), areas: [0], count: 0 };
  return labelComponents(holeMask, w, h);
}

/** Binary dilation with a (2r+1)² square, via a box sum (O(n) for any r). */
export function dilate(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const f = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) f[i] = mask[i] ? 1 : 0;
  const m = boxMean(f, w, h, r, undefined);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = m[i]! > 1e-6 ? 1 : 0;
  return out;
}

/** Binary erosion with a (2r+1)² square (pixels outside the image count as set). */
export function erode(mask: Uint8Array, w: number, h: number, r: number): Uint8Array {
  const f = new Float32Array(mask.length);
  for (let i = 0; i < mask.length; i++) f[i] = mask[i] ? 1 : 0;
  const m = boxMean(f, w, h, r, undefined);
  const out = new Uint8Array(mask.length);
  for (let i = 0; i < mask.length; i++) out[i] = m[i]! > 1 - 1e-6 ? 1 : 0;
  return out;
}

/**
 * One subject: of the labelled components at least `minArea` large, the main one (largest,
 * weighted towards the image centre: a component whose centroid sits in a corner counts about
 * half its area), those within `gap` pixels of it and those inside its holes. Returns a flag per label (1 = kept).
 * A second salient thing elsewhere in the picture (a squirrel beside a person, a price tag on
 * the table) is dropped whatever its size.
 */
export function mainSubject(
  comps: { labels: Int32Array; areas: number[]; count: number },
  w: number,
  h: number,
  minArea: number,
  gap: number,
): Uint8Array {
  const { labels, areas, count } = comps;
  const sx = new Float64Array(count + 1);
  const sy = new Float64Array(count + 1);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const l = labels[y * w + x]!;
      if (!l) continue;
      sx[l]! += x;
      sy[l]! += y;
    }
  }
  const half = Math.hypot(w, h) / 2;
  let main = 0;
  let best = -1;
  for (let l = 1; l <= count; l++) {
    const a = areas[l]!;
    if (a < minArea) continue;
    const d = Math.hypot(sx[l]! / a - w / 2, sy[l]! / a - h / 2) / half;
    const s = a * (1 - 0.6 * Math.min(1, d));
    if (s > best) {
      best = s;
      main = l;
    }
  }
  const kept = new Uint8Array(count + 1);
  if (!main) return kept;
  kept[main] = 1;
  const mainMask = new Uint8Array(w * h);
  for (let i = 0; i < mainMask.length; i++) if (labels[i] === main) mainMask[i] = 1;
  const near = dilate(mainMask, w, h, gap);
  // what lies inside the main component's holes (a star in a ring) is part of it too
  const inside = findHoles(mainMask, w, h).labels;
  for (let i = 0; i < near.length; i++) {
    const l = labels[i]!;
    if (l && (near[i] || inside[i]) && areas[l]! >= minArea) kept[l] = 1;
  }
  return kept;
}
