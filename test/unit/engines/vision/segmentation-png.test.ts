import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ADAPTIVE_FILTER_MAX_PIXELS, encodeCutout } from '../../../../src/engines/vision/segmentation/composite.js';
import { encodePngRows, upFilter } from '../../../../src/engines/vision/segmentation/png.js';

/** deterministic pseudo-random bytes */
function bytes(n: number, seed = 7): Uint8Array {
  let s = seed;
  return Uint8Array.from({ length: n }, () => (s = (s * 1103515245 + 12345) % 2147483648) >>> 23);
}

/** an image with smooth parts (gradients), flat parts and noise, `channels` bytes a pixel */
function image(w: number, h: number, channels: 3 | 4): Uint8Array {
  const rnd = bytes(w * h * channels);
  const out = new Uint8Array(w * h * channels);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * channels;
      for (let c = 0; c < channels; c++) {
        out[i + c] = x < w / 3 ? (x * 7 + y * 3 + c * 40) & 255 : x < (2 * w) / 3 ? 200 - c : rnd[i + c]!;
      }
    }
  }
  return out;
}

async function encodeRaw(raw: Uint8Array, w: number, h: number, channels: 3 | 4, bandRows?: number): Promise<Buffer> {
  const stride = w * channels;
  return encodePngRows(w, h, channels, (y, row) => row.set(raw.subarray(y * stride, (y + 1) * stride)), { bandRows });
}

describe('PNG writer (png.ts)', () => {
  it('upFilter subtracts bytewise, modulo 256, with no borrow between the bytes of a word', () => {
    const cur = new Uint32Array(bytes(4096, 3).buffer);
    const prev = new Uint32Array(bytes(4096, 11).buffer);
    // the corners: 0 − 255, 255 − 0, equal bytes, borrow-prone patterns
    cur.set([0x00000000, 0xffffffff, 0x00ff00ff, 0x80808080, 0x01000000]);
    prev.set([0xffffffff, 0x00000000, 0x00ff00ff, 0x7f7f7f81, 0x00000001]);
    const out = new Uint32Array(cur.length);
    upFilter(cur, prev, out);
    const c8 = new Uint8Array(cur.buffer);
    const p8 = new Uint8Array(prev.buffer);
    const o8 = new Uint8Array(out.buffer);
    for (let i = 0; i < o8.length; i++) expect((p8[i]! + o8[i]!) & 255, `byte ${i}`).toBe(c8[i]);
  });

  it.each([
    ['RGBA, many bands', 97, 61, 4 as const, 5],
    ['RGB with a row length that is not a multiple of 4', 33, 20, 3 as const, 7],
    ['one pixel', 1, 1, 4 as const, undefined],
    ['one column, RGB', 1, 40, 3 as const, 3],
    ['one band', 64, 48, 4 as const, 1000],
  ])('decodes to exactly the pixels written: %s', async (_label, w, h, channels, bandRows) => {
    const raw = image(w, h, channels);
    const png = await encodeRaw(raw, w, h, channels, bandRows);
    const meta = await sharp(png).metadata();
    expect(meta).toMatchObject({ format: 'png', width: w, height: h, channels, hasAlpha: channels === 4, depth: 'uchar' });
    const back = await sharp(png).raw().toBuffer();
    expect(back.equals(Buffer.from(raw))).toBe(true);
  });

  it('is smaller than the unfiltered PNG for smooth content', async () => {
    const w = 256;
    const h = 256;
    const raw = new Uint8Array(w * h * 4);
    for (let i = 0; i < w * h; i++) raw.set([(i % w) & 255, (i / w) & 255, 128, 255], i * 4);
    const ours = await encodeRaw(raw, w, h, 4);
    const flat = await sharp(raw, { raw: { width: w, height: h, channels: 4 } }).png({ compressionLevel: 4, adaptiveFiltering: false }).toBuffer();
    expect(ours.length).toBeLessThan(flat.length);
  });

  it('rejects an empty image', async () => {
    await expect(encodePngRows(0, 5, 4, () => {})).rejects.toThrow(RangeError);
  });
});

describe('encodeCutout above the adaptive-filtering size', () => {
  const w = 1200;
  const h = Math.ceil((ADAPTIVE_FILTER_MAX_PIXELS + 1) / w);
  const n = w * h;
  const fg = image(w, h, 3);
  const alpha = new Float32Array(n);
  for (let i = 0; i < n; i++) alpha[i] = Math.min(1, Math.max(0, ((i % w) - 300) / 600));

  it('transparent: RGBA with the rounded alpha, colour zeroed where alpha is 0, alpha8 filled', async () => {
    const alpha8 = new Uint8Array(n);
    const out = await encodeCutout(fg, alpha, w, h, 'transparent', alpha8);
    const { data, info } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    for (let i = 0; i < n; i += 997) {
      const a = Math.round(alpha[i]! * 255);
      expect(data[i * 4 + 3]).toBe(a);
      expect(alpha8[i]).toBe(a);
      const rgb = [...data.subarray(i * 4, i * 4 + 3)];
      expect(rgb).toEqual(a === 0 ? [0, 0, 0] : [...fg.subarray(i * 3, i * 3 + 3)]);
    }
  });

  it('white: RGB, the cut-out composited onto white', async () => {
    const out = await encodeCutout(fg, alpha, w, h, 'white');
    const { data, info } = await sharp(out.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    for (let i = 0; i < n; i += 991) {
      const a = alpha[i]!;
      for (let c = 0; c < 3; c++) expect(Math.abs(data[i * 3 + c]! - (fg[i * 3 + c]! * a + (1 - a) * 255))).toBeLessThanOrEqual(0.5);
    }
  });
});
