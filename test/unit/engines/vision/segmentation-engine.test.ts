import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { LocalU2netProvider } from '../../../../src/engines/vision/providers.js';
import {
  decodeImage,
  fromApiOptions,
  getModel,
  ImageTooLargeError,
  InvalidImageError,
  ModelError,
  removeBackground,
  resolveOptions,
  SegmentationModel,
  U2NETP,
  warmup,
} from '../../../../src/engines/vision/segmentation/index.js';
import { EVAL_DIR } from '../../../fixtures/bgremove/evaluate.js';

const evalImage = (name: string): Buffer => fs.readFileSync(path.join(EVAL_DIR, name));
const logo = evalImage('l01-opencv-white.png');

/** A PNG that declares width×height but carries almost no data. */
function pngHeaderOnly(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('decodeImage', () => {
  it('refuses bytes that are not an image', async () => {
    await expect(decodeImage(Buffer.from('GIF? no, plain text'))).rejects.toBeInstanceOf(InvalidImageError);
    await expect(decodeImage(Buffer.alloc(0))).rejects.toThrow(/empty/);
  });

  it('refuses formats outside JPEG, PNG and WebP', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } }).gif().toBuffer();
    await expect(decodeImage(gif)).rejects.toThrow(/unsupported image format gif/);
  });

  it('refuses a truncated JPEG', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#0a0' } })
      .composite([{ input: Buffer.from('<svg width="64" height="64"><circle cx="32" cy="32" r="20" fill="#fff"/></svg>') }])
      .jpeg()
      .toBuffer();
    const err = await decodeImage(jpeg.subarray(0, Math.floor(jpeg.length / 2))).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InvalidImageError);
    expect((err as InvalidImageError).code).toBe('invalid_image');
  });

  it('refuses an oversized image from its header, before decoding', async () => {
    const bomb = pngHeaderOnly(60_000, 60_000);
    expect(bomb.length).toBeLessThan(100);
    const err = await decodeImage(bomb).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageTooLargeError);
    expect(err).toMatchObject({ code: 'image_too_large', width: 60_000, height: 60_000, maxPixels: 40_000_000 });
    expect((err as Error).message).toBe('image is 60000×60000 (3600.0 MP); the limit is 40.0 MP');
    await expect(decodeImage(evalImage('r04-apple-white.jpg'), { maxPixels: 100_000 })).rejects.toBeInstanceOf(ImageTooLargeError);
  });

  it('applies EXIF orientation, converts grey to RGB and keeps an input alpha', async () => {
    const rotated = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#123456' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const r = await decodeImage(rotated);
    expect([r.width, r.height]).toEqual([20, 40]);
    expect(r.rgb.length).toBe(20 * 40 * 3);

    const grey = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#808080' } }).greyscale().png().toBuffer();
    expect((await decodeImage(grey)).rgb.length).toBe(300);

    const halfClear = await sharp({ create: { width: 10, height: 10, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 1 } } })
      .composite([{ input: Buffer.from('<svg width="5" height="10"><rect width="5" height="10" fill="black"/></svg>'), left: 0, top: 0, blend: 'dest-out' }])
      .png()
      .toBuffer();
    const d = await decodeImage(halfClear);
    expect(d.alpha![0]).toBe(0);
    expect(d.alpha![9]).toBe(255);
    expect([...d.rgb.subarray(0, 3)]).toEqual([255, 255, 255]); // transparent pixels flattened onto white for the model
  });
});

describe('options', () => {
  it('fills defaults and rejects values outside the contract', () => {
    expect(resolveOptions()).toEqual({ subjectType: 'auto', edgeSoftness: 3, highDetailMode: false, outputBackground: 'transparent' });
    expect(() => resolveOptions({ edgeSoftness: 11 })).toThrow(RangeError);
    expect(() => resolveOptions({ edgeSoftness: 2.5 })).toThrow(/integer/);
    expect(() => resolveOptions({ subjectType: 'cat' as never })).toThrow(/subjectType/);
    expect(() => resolveOptions({ outputBackground: 'black' as never })).toThrow(/outputBackground/);
  });

  it('maps the interface’s snake_case fields', () => {
    expect(fromApiOptions({ subject_type: 'logo', edge_softness: 0, high_detail_mode: true, output_background: 'white' })).toEqual({
      subjectType: 'logo',
      edgeSoftness: 0,
      highDetailMode: true,
      outputBackground: 'white',
    });
  });
});

describe('model loading', () => {
  it('refuses a model file whose checksum does not match', async () => {
    const err = await SegmentationModel.load({ ...U2NETP, sha256: '0'.repeat(64) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ModelError);
    expect((err as Error).message).toMatch(/failed its checksum/);
  });

  it('reports a missing model file', async () => {
    await expect(SegmentationModel.load({ ...U2NETP, file: '/nonexistent/u2netp.onnx' })).rejects.toThrow(/not found/);
  });

  it('loads once per process and reports the warm-up latency', async () => {
    const report = await warmup();
    expect(report.model).toBe('u2netp');
    expect(report.firstInferenceMs).toBeGreaterThan(0);
    expect(report.warmupMs).toBeGreaterThan(0);
    expect(report.inferences).toBeGreaterThanOrEqual(1);
    expect(await getModel()).toBe(await getModel());
    const again = await warmup();
    expect(again.firstInferenceMs).toBe(report.firstInferenceMs); // no second dummy run
  });
});

describe('removeBackground', () => {

  it('returns an RGBA PNG of the input size with the background cleared', async () => {
    const r = await removeBackground(logo, { subjectType: 'logo' });
    expect(r).toMatchObject({ mime: 'image/png', width: 512, height: 512, method: 'colour_key' });
    const { data, info } = await sharp(r.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(4);
    expect(data[3]).toBe(0); // corner: background
    const truth = await sharp(path.join(EVAL_DIR, 'l01-opencv-white.alpha.png')).extractChannel(0).raw().toBuffer();
    let solid = 0;
    let kept = 0;
    for (let i = 0; i < truth.length; i++) {
      if (truth[i] !== 255) continue;
      solid++;
      if (data[i * 4 + 3]! >= 200) kept++;
    }
    expect(solid).toBeGreaterThan(10_000);
    expect(kept / solid).toBeGreaterThan(0.99);
    expect(r.timings.totalMs).toBeGreaterThan(0);
  });

  it('flattens onto white for output_background white', async () => {
    const photo = evalImage('r05-apple-graffiti.jpg');
    const r = await removeBackground(photo, { subjectType: 'product', outputBackground: 'white' });
    const { data, info } = await sharp(r.png).raw().toBuffer({ resolveWithObject: true });
    expect(info.channels).toBe(3);
    expect([...data.subarray(0, 3)]).toEqual([255, 255, 255]);
    const c = (256 * 512 + 256) * 3; // the apple's middle stays red
    expect(data[c]!).toBeGreaterThan(120);
    expect(data[c + 1]!).toBeLessThan(110);
  });

  it('edge_softness 0 cuts hard, 10 feathers more than the default', async () => {
    const photo = evalImage('r02-coffee-brick.jpg');
    const partial = (a: Uint8Array): number => a.filter((v) => v > 0 && v < 255).length;
    const hard = await removeBackground(photo, { subjectType: 'product', edgeSoftness: 0 });
    const normal = await removeBackground(photo, { subjectType: 'product' });
    const soft = await removeBackground(photo, { subjectType: 'product', edgeSoftness: 10 });
    expect(partial(hard.alpha)).toBe(0);
    expect(partial(soft.alpha)).toBeGreaterThan(partial(normal.alpha) * 1.5);
  });

  it('keeps the colour and the opacity of pixels the input had half transparent', async () => {
    // an orange disc at 50 % opacity on a fully transparent canvas
    const png = await sharp({ create: { width: 200, height: 200, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .composite([{ input: Buffer.from('<svg width="200" height="200"><circle cx="100" cy="100" r="60" fill="#e67e22" fill-opacity="0.5"/></svg>') }])
      .png()
      .toBuffer();
    const source = await sharp(png).raw().toBuffer();
    const r = await removeBackground(png, { subjectType: 'logo' });
    const { data } = await sharp(r.png).raw().toBuffer({ resolveWithObject: true });
    const c = (100 * 200 + 100) * 4;
    expect(Math.abs(source[c]! - 0xe6)).toBeLessThanOrEqual(1); // the input is what we think
    expect([...data.subarray(c, c + 4)]).toEqual([...source.subarray(c, c + 4)]);
    expect(data[3]).toBe(0);
  });

  it('never makes pixels the input had transparent visible again', async () => {
    const png = await sharp(logo)
      .ensureAlpha()
      .composite([{ input: Buffer.from('<svg width="256" height="512"><rect width="256" height="512"/></svg>'), left: 0, top: 0, blend: 'dest-out' }])
      .png()
      .toBuffer();
    const r = await removeBackground(png, { subjectType: 'logo' });
    for (let y = 0; y < 512; y += 16) for (let x = 0; x < 256; x += 16) expect(r.alpha[y * 512 + x]).toBe(0);
    expect(Math.max(...r.alpha.subarray(300 * 512 + 256, 300 * 512 + 512))).toBe(255);
  });

  it('above 1024 px decides on a reduced copy and carries the alpha up to full size', async () => {
    // a 2200×1100 logo (key) and the same enlarged product photo (model), scored against
    // the alpha they were drawn with / enlarged with
    const art = `<svg xmlns="http://www.w3.org/2000/svg" width="2200" height="1100"><circle cx="500" cy="550" r="380" fill="#0b6e4f"/><text x="1450" y="640" text-anchor="middle" font-family="DejaVu Sans" font-weight="bold" font-size="260" fill="#1d3557">Folio</text><rect x="980" y="760" width="900" height="14" fill="#c0392b"/></svg>`;
    const truth = await sharp(Buffer.from(art)).ensureAlpha().extractChannel(3).raw().toBuffer();
    const jpeg = await sharp(Buffer.from(art)).flatten({ background: '#ffffff' }).jpeg({ quality: 90 }).toBuffer();
    const key = await removeBackground(jpeg, { subjectType: 'logo' });
    expect(key).toMatchObject({ width: 2200, height: 1100, method: 'colour_key' });
    let inter = 0;
    let union = 0;
    let err = 0;
    for (let i = 0; i < truth.length; i++) {
      const p = key.alpha[i]! >= 128;
      const t = truth[i]! >= 128;
      if (p && t) inter++;
      if (p || t) union++;
      err += Math.abs(key.alpha[i]! - truth[i]!) / 255;
    }
    expect(inter / union).toBeGreaterThan(0.995);
    expect(err / truth.length).toBeLessThan(0.002);
    // the 14 px rule (3.5 px on the 1024 px copy) comes back solid and no wider
    const col = 1400;
    expect(key.alpha[760 * 2200 + col]).toBeGreaterThan(200);
    expect(key.alpha[773 * 2200 + col]).toBeGreaterThan(200);
    expect(key.alpha[756 * 2200 + col]).toBeLessThan(40);
    expect(key.alpha[778 * 2200 + col]).toBeLessThan(40);
    expect(key.alpha[767 * 2200 + col]).toBe(255);
    expect(key.alpha[740 * 2200 + col]).toBe(0);

    const photo = await sharp(evalImage('r05-apple-graffiti.jpg')).resize(1536, 1536).jpeg({ quality: 90 }).toBuffer();
    const big = await removeBackground(photo, { subjectType: 'product' });
    const small = await removeBackground(evalImage('r05-apple-graffiti.jpg'), { subjectType: 'product' });
    expect(big.method).toBe('model');
    const up = await sharp(Buffer.from(small.alpha), { raw: { width: 512, height: 512, channels: 1 } }).resize(1536, 1536).extractChannel(0).raw().toBuffer();
    let agree = 0;
    for (let i = 0; i < up.length; i++) if (up[i]! >= 128 === big.alpha[i]! >= 128) agree++;
    expect(agree / up.length).toBeGreaterThan(0.98);
  });

  it('high_detail_mode runs the full-resolution pass and still finds the subject', async () => {
    const r = await removeBackground(evalImage('p01-astronaut-building.jpg'), { subjectType: 'person', highDetailMode: true });
    expect(r.method).toBe('model');
    expect(r.alpha[500 * 512 + 256]).toBe(255); // suit, bottom centre
    expect(r.alpha[5 * 512 + 5]).toBe(0); // sky corner
  });

  it('is what LocalU2netProvider serves, named for the job, inline or on its thread', async () => {
    const inline = new LocalU2netProvider({ thread: false });
    const r = await inline.remove(logo, { subjectType: 'logo' });
    expect(r.provider).toBe('local-u2netp');
    expect(r.method).toBe('colour_key');
    await expect(new LocalU2netProvider({ maxPixels: 1000, thread: false }).remove(logo)).rejects.toBeInstanceOf(ImageTooLargeError);
  });
});

describe('LocalU2netProvider on its worker thread', () => {
  const provider = new LocalU2netProvider();
  afterAll(async () => provider.close());

  it('warms up, and leaves the caller’s event loop free while it works', async () => {
    const w = await provider.warmup();
    expect(w).toMatchObject({ model: 'u2netp' });
    expect(w.pipelineMs).toBeGreaterThan(0);
    expect(w.personMs).toBeGreaterThan(0); // u2netp is fused with the person model: it and the face detector are loaded too
    expect(w.totalMs).toBeGreaterThanOrEqual(w.pipelineMs + w.personMs);

    const photo = evalImage('p01-astronaut-building.jpg');
    const before = performance.eventLoopUtilization();
    const r = await provider.remove(photo, { subjectType: 'person', outputBackground: 'white' });
    const elu = performance.eventLoopUtilization(before);
    expect(r).toMatchObject({ provider: 'local-u2netp', method: 'model', width: 512, height: 512, mime: 'image/png' });
    expect((await sharp(r.png).metadata()).channels).toBe(3);
    expect(elu.utilization).toBeLessThan(0.3); // inline, this main thread would be busy most of the job
  });

  it('runs the model on the threads it is given (FOLIO_BG_THREADS) to the same cut-out', async () => {
    const oneThread = new LocalU2netProvider({ session: { threads: 1 } });
    try {
      const photo = evalImage('p01-astronaut-building.jpg');
      const alphaOf = async (p: LocalU2netProvider) => (await sharp((await p.remove(photo, { subjectType: 'person' })).png).extractChannel('alpha').raw().toBuffer());
      const [a, b] = [await alphaOf(oneThread), await alphaOf(provider)];
      expect(a.length).toBe(512 * 512);
      let diff = 0;
      for (let i = 0; i < a.length; i++) diff += Math.abs(a[i]! - b[i]!);
      expect(diff / a.length).toBeLessThan(0.5); // sums in another order: the same mask to within rounding
      expect(a[500 * 512 + 256]).toBe(255);
    } finally {
      await oneThread.close();
    }
  });

  it('brings typed errors back from the thread', async () => {
    await expect(provider.remove(Buffer.from('not an image'))).rejects.toBeInstanceOf(InvalidImageError);
    const err = await provider.remove(pngHeaderOnly(50_000, 50_000)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ImageTooLargeError);
    expect(err).toMatchObject({ width: 50_000, height: 50_000, maxPixels: 40_000_000 });
    await expect(provider.remove(logo, { edgeSoftness: 12 })).rejects.toBeInstanceOf(RangeError);
  });
});
