import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { axisTable, lanczosEnlarge } from '../../../../src/engines/prepress/lanczos.js';
import { tiffHeaderLength, writeTiffHeader } from '../../../../src/engines/prepress/raw-tiff.js';

/** Straight floating-point Lanczos-3, written independently of the fixed-point code under test. */
function reference(src: Uint8Array, w: number, h: number, c: number, ow: number, oh: number): Uint8Array {
  const L = (x: number) => (x === 0 ? 1 : Math.abs(x) >= 3 ? 0 : (3 * Math.sin(Math.PI * x) * Math.sin((Math.PI * x) / 3)) / (Math.PI * Math.PI * x * x));
  const taps = (n: number, on: number, j: number) => {
    const u = ((j + 0.5) * n) / on - 0.5;
    const list: Array<[number, number]> = [];
    for (let k = Math.floor(u) - 2; k <= Math.floor(u) + 3; k++) list.push([Math.min(n - 1, Math.max(0, k)), L(u - k)]);
    const sum = list.reduce((s, [, wt]) => s + wt, 0);
    return list.map(([k, wt]) => [k, wt / sum] as [number, number]);
  };
  const out = new Uint8Array(ow * oh * c);
  for (let j = 0; j < oh; j++) {
    const ty = taps(h, oh, j);
    for (let i = 0; i < ow; i++) {
      const tx = taps(w, ow, i);
      for (let ch = 0; ch < c; ch++) {
        let acc = 0;
        for (const [y, wy] of ty) for (const [x, wx] of tx) acc += wy * wx * src[(y * w + x) * c + ch]!;
        out[(j * ow + i) * c + ch] = Math.min(255, Math.max(0, Math.round(acc)));
      }
    }
  }
  return out;
}

function noise(n: number, seed = 1): Uint8Array {
  const a = new Uint8Array(n);
  let s = seed;
  for (let i = 0; i < n; i++) {
    s = (Math.imul(s, 1103515245) + 12345) >>> 0;
    a[i] = s >>> 24;
  }
  return a;
}

const maxDiff = (a: Uint8Array, b: Uint8Array) => a.reduce((m, v, i) => Math.max(m, Math.abs(v - b[i]!)), 0);

describe('lanczosEnlarge', () => {
  it.each([
    [2, 2],
    [4, 4],
    [2.5, 1.75],
  ])('matches a floating-point Lanczos-3 within one level (×%s, ×%s)', async (sx, sy) => {
    const [w, h, c] = [23, 17, 3];
    const src = noise(w * h * c, 7);
    const ow = Math.round(w * sx);
    const oh = Math.round(h * sy);
    const got = await lanczosEnlarge(src, w, h, c, ow, oh, { threads: 0 });
    expect(maxDiff(got, reference(src, w, h, c, ow, oh))).toBeLessThanOrEqual(1);
  });

  it('is not the bicubic that sharp uses when enlarging with kernel lanczos3', async () => {
    const [w, h] = [40, 30];
    const src = noise(w * h * 3, 3);
    const ours = await lanczosEnlarge(src, w, h, 3, 160, 120, { threads: 0 });
    const viaSharp = await sharp(Buffer.from(src), { raw: { width: w, height: h, channels: 3 } }).resize(160, 120, { kernel: 'lanczos3' }).raw().toBuffer();
    const cubic = await sharp(Buffer.from(src), { raw: { width: w, height: h, channels: 3 } }).resize(160, 120, { kernel: 'cubic' }).raw().toBuffer();
    expect(viaSharp.equals(cubic)).toBe(true); // the reason this module exists
    expect(maxDiff(ours, viaSharp)).toBeGreaterThan(20);
    expect(maxDiff(ours, reference(src, w, h, 3, 160, 120))).toBeLessThanOrEqual(1);
  });

  it('gives the same bytes on worker threads as inline, and keeps flat areas flat', async () => {
    const [w, h, c] = [600, 400, 4];
    const src = noise(w * h * c, 11);
    const inline = await lanczosEnlarge(src, w, h, c, 1200, 800, { threads: 0 });
    const workers = await lanczosEnlarge(src, w, h, c, 1200, 800, { threads: 3 });
    expect(workers.equals(inline)).toBe(true);
    const flat = await lanczosEnlarge(new Uint8Array(10 * 10).fill(77), 10, 10, 1, 40, 40, { threads: 0 });
    expect(new Set(flat)).toEqual(new Set([77]));
  });

  it('leaves the requested bytes free in front of the pixels', async () => {
    const out = await lanczosEnlarge(new Uint8Array(4 * 4 * 3).fill(9), 4, 4, 3, 8, 8, { threads: 0, outputOffset: 100 });
    expect(out.length).toBe(100 + 8 * 8 * 3);
    expect(out[99]).toBe(0);
    expect(out[100]).toBe(9);
  });

  it('has fixed-point weights that sum to exactly 1.0 and refuses to shrink', async () => {
    const { w } = axisTable(7, 31, 1);
    for (let j = 0; j < 31; j++) expect(w.slice(j * 6, j * 6 + 6).reduce((a, b) => a + b, 0)).toBe(1 << 14);
    await expect(lanczosEnlarge(new Uint8Array(16), 4, 4, 1, 2, 2)).rejects.toThrow(RangeError);
    await expect(lanczosEnlarge(new Uint8Array(15), 4, 4, 1, 8, 8)).rejects.toThrow(RangeError);
  });
});

describe('raw pixels into sharp through a TIFF header', () => {
  it.each([
    ['cmyk', 4, 'cmyk'],
    ['rgb', 4, 'srgb'],
    ['grey', 1, 'b-w'],
    ['grey', 2, 'b-w'],
  ] as const)('%s with %i bands reads back as %s with the same pixels', async (photometric, channels, space) => {
    const [w, h] = [7, 5];
    const px = noise(w * h * channels, 5);
    const len = tiffHeaderLength(channels, photometric);
    const buf = Buffer.alloc(len + px.length);
    buf.set(px, len);
    writeTiffHeader(buf, w, h, channels, photometric);
    const meta = await sharp(buf).metadata();
    expect(meta).toMatchObject({ format: 'tiff', width: w, height: h, channels, space });
    expect(meta.hasAlpha).toBe(channels === 2 || (photometric === 'rgb' && channels === 4));
    let s = sharp(buf);
    if (photometric === 'cmyk') s = s.pipelineColourspace('cmyk').toColourspace('cmyk');
    if (photometric === 'grey' && channels === 1) s = s.toColourspace('b-w');
    const back = await s.raw().toBuffer({ resolveWithObject: true });
    // sharp's raw output of grey + alpha comes as sRGB (g, g, g, a)
    const data = photometric === 'grey' && channels === 2 ? Buffer.from(back.data.filter((_, i) => i % 4 === 0 || i % 4 === 3)) : back.data;
    expect(data.equals(Buffer.from(px))).toBe(true);
  });

  it('carries an ICC profile', async () => {
    const icc = Buffer.from(await sharp({ create: { width: 2, height: 2, channels: 3, background: 'red' } }).withIccProfile('cmyk').toColourspace('cmyk').tiff().toBuffer().then(async (b) => (await sharp(b).metadata()).icc!));
    const px = noise(3 * 3 * 4);
    const len = tiffHeaderLength(4, 'cmyk', icc);
    const buf = Buffer.alloc(len + px.length);
    buf.set(px, len);
    writeTiffHeader(buf, 3, 3, 4, 'cmyk', icc);
    expect((await sharp(buf).metadata()).icc?.equals(icc)).toBe(true);
  });

  it('refuses a band count the colour space cannot hold', () => {
    expect(() => tiffHeaderLength(2, 'rgb')).toThrow(RangeError);
    expect(() => tiffHeaderLength(6, 'cmyk')).toThrow(RangeError);
  });
});
