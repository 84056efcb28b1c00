import { describe, expect, it } from 'vitest';
import { borderBackground, colourKey } from '../../../../src/engines/vision/segmentation/keying.js';
import { boxMean, gaussianBlur, guidedCoefficients, resizeBilinear, slidingExtreme } from '../../../../src/engines/vision/segmentation/mask-ops.js';
import { dilate, erode, findHoles, labelComponents } from '../../../../src/engines/vision/segmentation/binary-mask.js';
import { applyEdgeSoftness } from '../../../../src/engines/vision/segmentation/composite.js';

function naiveBoxMean(src: Float32Array, w: number, h: number, r: number): Float32Array {
  const out = new Float32Array(w * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      let s = 0;
      let n = 0;
      for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++)
        for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
          s += src[yy * w + xx]!;
          n++;
        }
      out[y * w + x] = s / n;
    }
  return out;
}

/** deterministic pseudo-random values */
function noise(n: number, seed = 1): Float32Array {
  let s = seed;
  return Float32Array.from({ length: n }, () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648));
}

describe('mask kernels', () => {
  it('slidingExtreme is the max / min over the clipped (2r+1)² window', () => {
    const w = 37;
    const h = 23;
    let seed = 9;
    const src = Float32Array.from({ length: w * h }, () => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return (seed % 1000) / 10 - 50;
    });
    for (const r of [1, 2, 3, 5, 7, 12, 40]) {
      for (const max of [true, false]) {
        const got = slidingExtreme(src, w, h, r, max);
        for (let y = 0; y < h; y++) {
          for (let x = 0; x < w; x++) {
            let want = max ? -Infinity : Infinity;
            for (let yy = Math.max(0, y - r); yy <= Math.min(h - 1, y + r); yy++) {
              for (let xx = Math.max(0, x - r); xx <= Math.min(w - 1, x + r); xx++) {
                want = max ? Math.max(want, src[yy * w + xx]!) : Math.min(want, src[yy * w + xx]!);
              }
            }
            expect(got[y * w + x], `r ${r} ${max ? 'max' : 'min'} at ${x},${y}`).toBe(want);
          }
        }
      }
    }
  });

  it('boxMean equals the windowed mean, borders included', () => {
    const [w, h] = [23, 17];
    const src = noise(w * h);
    for (const r of [1, 3, 12]) {
      const fast = boxMean(src, w, h, r);
      const slow = naiveBoxMean(src, w, h, r);
      for (let i = 0; i < w * h; i++) expect(fast[i]).toBeCloseTo(slow[i]!, 5);
    }
  });

  it('resizeBilinear keeps a constant and a linear ramp', () => {
    const ramp = Float32Array.from({ length: 8 }, (_, i) => i);
    const up = resizeBilinear(ramp, 8, 1, 16, 1);
    // pixel centres: dst x maps to (x + 0.5)/2 − 0.5 in the source
    expect(up[5]).toBeCloseTo(2.25, 5);
    expect(up[0]).toBe(0);
    expect(up[15]).toBe(7);
    const flat = resizeBilinear(new Float32Array(9).fill(0.4), 3, 3, 10, 7);
    expect(Math.max(...flat)).toBeCloseTo(0.4, 6);
    expect(Math.min(...flat)).toBeCloseTo(0.4, 6);
  });

  it('guided filter snaps a blurry mask onto the guide’s edge', () => {
    const [w, h] = [40, 10];
    const guide = new Float32Array(w * h);
    const blurry = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        guide[y * w + x] = x < 20 ? 0.9 : 0.1; // sharp edge at x = 20
        blurry[y * w + x] = Math.min(1, Math.max(0, (28 - x) / 16)); // ramp from x = 12 to 28
      }
    const { a, b } = guidedCoefficients(guide, blurry, w, h, 4, 1e-4);
    const q = (x: number): number => a[5 * w + x]! * guide[5 * w + x]! + b[5 * w + x]!;
    // across the guide's edge the output jumps; the input rose only 1/16 per pixel there
    expect(q(19) - q(20)).toBeGreaterThan(0.3);
    expect(blurry[5 * w + 19]! - blurry[5 * w + 20]!).toBeCloseTo(1 / 16, 5);
    // and away from the edge it keeps the input's values
    expect(q(2)).toBeCloseTo(1, 1);
    expect(q(37)).toBeCloseTo(0, 1);
  });

  it('gaussianBlur has the asked-for sigma, small or large, and keeps the total', () => {
    const [w, h] = [81, 81];
    for (const sigma of [0.6, 1.5, 4]) {
      const impulse = new Float32Array(w * h);
      impulse[40 * w + 40] = 1;
      const b = gaussianBlur(impulse, w, h, sigma);
      let total = 0;
      let varX = 0;
      for (let y = 0; y < h; y++)
        for (let x = 0; x < w; x++) {
          total += b[y * w + x]!;
          varX += b[y * w + x]! * (x - 40) ** 2;
        }
      expect(total).toBeCloseTo(1, 4);
      expect(Math.sqrt(varX)).toBeCloseTo(sigma, 0);
      expect(Math.abs(Math.sqrt(varX) - sigma) / sigma).toBeLessThan(0.12);
    }
  });

  it('labels components and finds enclosed holes only', () => {
    // 0 = background; a ring (with a hole) and a separate dot
    const rows = ['..........', '.####.....', '.#..#..##.', '.####..##.', '..........'];
    const w = rows[0]!.length;
    const h = rows.length;
    const mask = Uint8Array.from(rows.join(''), (c) => (c === '#' ? 1 : 0));
    const comps = labelComponents(mask, w, h);
    expect(comps.count).toBe(2);
    expect(comps.areas.slice(1).sort((x, y) => x - y)).toEqual([4, 10]);
    const holes = findHoles(mask, w, h);
    expect(holes.count).toBe(1);
    expect(holes.areas[1]).toBe(2);
  });

  it('dilate and erode by a square', () => {
    const [w, h] = [9, 9];
    const m = new Uint8Array(w * h);
    m[4 * w + 4] = 1;
    const d = dilate(m, w, h, 2);
    expect(d.reduce((s, v) => s + v, 0)).toBe(25);
    expect(erode(d, w, h, 2).reduce((s, v) => s + v, 0)).toBe(1);
  });

  it('edge softness: 0 is binary, 3 is unchanged, 10 spreads the edge', () => {
    const [w, h] = [64, 64];
    const alpha = new Float32Array(w * h);
    for (let i = 0; i < w * h; i++) alpha[i] = (i % w) < 32 ? 1 : (i % w) === 32 ? 0.5 : 0;
    const hard = applyEdgeSoftness(alpha, w, h, 0);
    expect(new Set(hard)).toEqual(new Set([0, 1]));
    expect(applyEdgeSoftness(alpha, w, h, 3)).toEqual(alpha);
    const soft = applyEdgeSoftness(alpha, w, h, 10);
    const partial = (a: Float32Array): number => a.filter((v) => v > 0.02 && v < 0.98).length;
    expect(partial(soft)).toBeGreaterThan(partial(alpha) * 3);
  });

  it('edge softness 10 softens a 2 px line without fading it away', () => {
    const [w, h] = [64, 64];
    const line = new Float32Array(w * h);
    for (let y = 8; y < 56; y++) line[y * w + 31] = line[y * w + 32] = 1;
    const soft = applyEdgeSoftness(line, w, h, 10);
    expect(soft[32 * w + 31]!).toBeGreaterThan(0.5);
    expect(soft[32 * w + 30]!).toBeGreaterThan(0.05); // but softened
  });
});

describe('colour keying', () => {
  /** an anti-aliased disc of colour fg on bg, with its exact coverage */
  function disc(w: number, h: number, fg: number[], bg: number[], r: number): { rgb: Uint8Array; cover: Float32Array } {
    const rgb = new Uint8Array(w * h * 3);
    const cover = new Float32Array(w * h);
    for (let y = 0; y < h; y++)
      for (let x = 0; x < w; x++) {
        let c = 0;
        for (let sy = 0; sy < 4; sy++)
          for (let sx = 0; sx < 4; sx++) c += Math.hypot(x + (sx + 0.5) / 4 - w / 2, y + (sy + 0.5) / 4 - h / 2) <= r ? 1 : 0;
        const a = c / 16;
        cover[y * w + x] = a;
        for (let k = 0; k < 3; k++) rgb[(y * w + x) * 3 + k] = Math.round(a * fg[k]! + (1 - a) * bg[k]!);
      }
    return { rgb, cover };
  }

  it('finds the border colour and its flatness', () => {
    const { rgb } = disc(100, 80, [20, 40, 200], [250, 240, 230], 25);
    const bg = borderBackground(rgb, 100, 80);
    expect(bg.colour).toEqual([250, 240, 230]);
    expect(bg.flatness).toBe(1);
  });

  it('recovers anti-aliased coverage almost exactly', () => {
    const [w, h] = [120, 100];
    const { rgb, cover } = disc(w, h, [20, 40, 200], [250, 240, 230], 30);
    const alpha = colourKey(rgb, w, h, borderBackground(rgb, w, h));
    let err = 0;
    let edge = 0;
    for (let i = 0; i < w * h; i++) {
      err += Math.abs(alpha[i]! - cover[i]!);
      if (cover[i]! > 0 && cover[i]! < 1) edge++;
    }
    expect(edge).toBeGreaterThan(100);
    expect(err / edge).toBeLessThan(0.05); // mean error per edge pixel
  });

  it('keeps a backdrop-coloured hole open and fills a coloured one', () => {
    const [w, h] = [60, 60];
    const rgb = new Uint8Array(w * h * 3).fill(255);
    const paint = (x0: number, y0: number, x1: number, y1: number, c: number[]): void => {
      for (let y = y0; y < y1; y++) for (let x = x0; x < x1; x++) rgb.set(c, (y * w + x) * 3);
    };
    paint(10, 10, 50, 50, [0, 0, 0]); // black square
    paint(15, 15, 25, 25, [255, 255, 255]); // a hole showing the white backdrop
    paint(30, 30, 33, 45, [225, 225, 225]); // a thin light-grey bar inside: artwork
    const alpha = colourKey(rgb, w, h, borderBackground(rgb, w, h));
    expect(alpha[20 * w + 20]).toBe(0);
    expect(alpha[37 * w + 31]).toBe(1);
    expect(alpha[40 * w + 40]).toBe(1);
    expect(alpha[5 * w + 5]).toBe(0);
  });
});
