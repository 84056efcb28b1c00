import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { enhanceRegion, faceCrop, planCrop, ICP_PRESETS, ICP_TYPES, MEDIUM_LONG_SIDE, type FaceCropResult, type IcpType } from '../../../../src/engines/image/face-crop.js';
import { detectFaces, warmupFaces, type FaceBox } from '../../../../src/engines/vision/faces/detector.js';
import { superResolve, warmupEnhance, SR_MAX_INPUT_PIXELS } from '../../../../src/engines/vision/enhance.js';
import { NoFaceError } from '../../../../src/engines/vision/errors.js';
import { face, GROUP_PHOTO, SINGLE_FACE_PHOTOS } from './fixtures.js';

function contains(outer: FaceBox, inner: FaceBox): boolean {
  return inner.x >= outer.x && inner.y >= outer.y && inner.x + inner.w <= outer.x + outer.w && inner.y + inner.h <= outer.y + outer.h;
}

function expectPresetAspect(w: number, h: number, icp: IcpType): void {
  const [aw, ah] = ICP_PRESETS[icp].aspect;
  expect(w * ah).toBe(h * aw);
}

async function raw(img: Buffer): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(img).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function meanAbsDiff(a: Buffer, b: Buffer): number {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += Math.abs(a[i]! - b[i]!);
  return s / a.length;
}

function psnr(a: Buffer, b: Buffer): number {
  let se = 0;
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2;
  return 10 * Math.log10((255 * 255) / (se / a.length));
}

beforeAll(async () => {
  await warmupFaces();
  await warmupEnhance();
}, 60_000);

describe('planCrop (geometry)', () => {
  it('always has the preset aspect and contains the face box, however the face sits', () => {
    let seed = 7;
    const rnd = () => ((seed = (seed * 48271) % 2147483647) / 2147483647);
    for (let i = 0; i < 2000; i++) {
      const W = 50 + Math.floor(rnd() * 3000);
      const H = 50 + Math.floor(rnd() * 3000);
      const w = Math.max(4, rnd() * W * 0.9);
      const h = Math.max(4, Math.min(H, w * (0.8 + rnd() * 0.6)));
      const x = rnd() * (W - w);
      const y = rnd() * (H - h);
      const box = { x, y, w, h };
      for (const icp of ICP_TYPES) {
        const { crop, padded } = planCrop(W, H, box, icp);
        expectPresetAspect(crop.w, crop.h, icp);
        expect(contains(crop, box)).toBe(true);
        for (const v of [crop.x, crop.y, crop.w, crop.h]) expect(Number.isInteger(v)).toBe(true);
        expect(padded).toBe(crop.x < 0 || crop.y < 0 || crop.x + crop.w > W || crop.y + crop.h > H);
      }
    }
  });

  it('places the head per preset when the image leaves room', () => {
    const box = { x: 900, y: 700, w: 200, h: 240 };
    for (const icp of ICP_TYPES) {
      const { crop, padded } = planCrop(4000, 3000, box, icp);
      const p = ICP_PRESETS[icp];
      expect(padded).toBe(false);
      expect(box.h / crop.h).toBeCloseTo(p.faceHeight, 1);
      expect((box.y + box.h / 2 - crop.y) / crop.h).toBeCloseTo(p.faceCenterY, 1);
      expect(box.x + box.w / 2 - crop.x).toBeCloseTo(crop.w / 2, -1);
    }
    // "sports 4:5 wider": the same face gets a wider frame than school.
    expect(planCrop(4000, 3000, box, 'sports').crop.w).toBeGreaterThan(planCrop(4000, 3000, box, 'school').crop.w);
  });

  it('shifts rather than pads when the face is near an edge', () => {
    const { crop, padded } = planCrop(1000, 1000, { x: 10, y: 300, w: 150, h: 180 }, 'school');
    expect(padded).toBe(false);
    expect(crop.x).toBe(0);
  });

  it('pads only when the image is too small even for a tighter frame', () => {
    const { crop, padded } = planCrop(120, 130, { x: 5, y: 5, w: 110, h: 120 }, 'school');
    expect(padded).toBe(true);
    expect(crop.h).toBeGreaterThan(130);
  });
});

describe('faceCrop on the shared fixtures', () => {
  const cases = [...SINGLE_FACE_PHOTOS, GROUP_PHOTO].flatMap((name) => ICP_TYPES.map((icp) => [name, icp] as const));

  it.each(cases)('%s as %s: preset aspect, whole face box inside, 800 px medium', async (name, icp) => {
    const img = face(name);
    const r = await faceCrop(img, icp);
    const meta = await sharp(img).metadata();
    expect(contains(r.cropBox, r.faceBox)).toBe(true);
    expect(contains({ x: 0, y: 0, w: meta.width!, h: meta.height! }, r.faceBox)).toBe(true);
    expect([r.width, r.height]).toEqual([r.cropBox.w, r.cropBox.h]);
    expectPresetAspect(r.width, r.height, icp);
    expect(Math.max(r.mediumWidth, r.mediumHeight)).toBe(MEDIUM_LONG_SIDE);
    const original = await sharp(r.original).metadata();
    const medium = await sharp(r.medium).metadata();
    expect([original.format, original.width, original.height]).toEqual(['jpeg', r.width, r.height]);
    expect([medium.format, medium.width, medium.height]).toEqual(['jpeg', r.mediumWidth, r.mediumHeight]);
    expect(r.facesFound).toBe(name === GROUP_PHOTO ? 4 : 1);
    expect(r.enhanced).toBe(false);
  });

  it.each(SINGLE_FACE_PHOTOS)('%s: the crop really holds the face (found again in the output, where the box says)', async (name) => {
    const r = await faceCrop(face(name), 'school');
    const again = await detectFaces(r.original);
    expect(again.faces).toHaveLength(1);
    const b = again.faces[0]!.box;
    // Same face, in crop coordinates.
    expect(Math.abs(b.x + r.cropBox.x - r.faceBox.x)).toBeLessThan(0.1 * r.faceBox.w + 2);
    expect(Math.abs(b.y + r.cropBox.y - r.faceBox.y)).toBeLessThan(0.1 * r.faceBox.h + 2);
  });

  it('crops the original at source resolution (pixels equal the source region)', async () => {
    const img = face('astronaut.png');
    const r = await faceCrop(img, 'corporate');
    const region = await sharp(img).extract({ left: r.cropBox.x, top: r.cropBox.y, width: r.cropBox.w, height: r.cropBox.h }).removeAlpha().raw().toBuffer();
    // Equal up to JPEG q92 error.
    expect(meanAbsDiff((await raw(r.original)).data, region)).toBeLessThan(2.5);
  });

  it('pads with the edge pixels when the photo is cropped tight around the face', async () => {
    const full = face('julia_facedetect_sample.jpg');
    const { faces } = await detectFaces(full);
    const b = faces[0]!.box;
    const tight = await sharp(full)
      .extract({ left: Math.floor(b.x - 10), top: Math.floor(b.y - 10), width: Math.ceil(b.w + 20), height: Math.ceil(b.h + 20) })
      .png()
      .toBuffer();
    const r = await faceCrop(tight, 'sports');
    expect(r.padded).toBe(true);
    expect(contains(r.cropBox, r.faceBox)).toBe(true);
    expectPresetAspect(r.width, r.height, 'sports');
  });

  it('fails a photo without a face with NoFaceError', async () => {
    const noFace = await sharp(face('camera.png')).extract({ left: 300, top: 0, width: 212, height: 512 }).png().toBuffer();
    await expect(faceCrop(noFace, 'school')).rejects.toBeInstanceOf(NoFaceError);
  });
});

describe('enhance (ESRGAN)', () => {
  it('upscales ×4 and refuses inputs beyond its budget', async () => {
    const out = await superResolve({ data: Buffer.alloc(20 * 10 * 3, 100), width: 20, height: 10 });
    expect([out.width, out.height, out.data.length]).toEqual([80, 40, 80 * 40 * 3]);
    await expect(superResolve({ data: Buffer.alloc(320 * 320 * 3), width: 320, height: 320 })).rejects.toThrow(RangeError);
    expect(SR_MAX_INPUT_PIXELS).toBeLessThan(320 * 320);
  });

  // Lossless fixtures, downscaled ×4 and brought back: the model recovers detail that
  // interpolation (and interpolation plus an unsharp mask) does not.
  it.each([
    ['astronaut.png', 120, 20, 240, 240],
    ['camera.png', 100, 60, 240, 240],
  ] as const)('%s: restores a ×4-downscaled face closer to the original than Lanczos or Lanczos + unsharp mask', async (name, left, top, w, h) => {
    const truth = await sharp(face(name)).toColourspace('srgb').extract({ left, top, width: w, height: h }).removeAlpha().raw().toBuffer();
    const small = await sharp(truth, { raw: { width: w, height: h, channels: 3 } }).resize(w / 4, h / 4, { kernel: 'lanczos3' }).raw().toBuffer();
    const sr = await superResolve({ data: small, width: w / 4, height: h / 4 });
    const lanczos = await sharp(small, { raw: { width: w / 4, height: h / 4, channels: 3 } }).resize(w, h, { kernel: 'lanczos3' }).raw().toBuffer();
    const unsharp = await sharp(lanczos, { raw: { width: w, height: h, channels: 3 } }).sharpen({ sigma: 1 }).raw().toBuffer();
    const gain = psnr(sr.data, truth) - psnr(lanczos, truth);
    expect(gain).toBeGreaterThan(0.4);
    expect(psnr(sr.data, truth)).toBeGreaterThan(psnr(unsharp, truth) + 0.3);
  });

  let plain: FaceCropResult;
  let enhanced: FaceCropResult;
  beforeAll(async () => {
    plain = await faceCrop(face('messi5.jpg'), 'school');
    enhanced = await faceCrop(face('messi5.jpg'), 'school', { enhance: true });
  }, 60_000);

  it('keeps the geometry of the plain crop', () => {
    expect(enhanced.enhanced).toBe(true);
    expect(enhanced.cropBox).toEqual(plain.cropBox);
    expect([enhanced.width, enhanced.height, enhanced.mediumWidth, enhanced.mediumHeight]).toEqual([plain.width, plain.height, plain.mediumWidth, plain.mediumHeight]);
    // A small crop goes through the model whole.
    expect(enhanced.enhancedRegion).toEqual({ x: 0, y: 0, w: plain.width, h: plain.height });
  });

  it('is not an unsharp mask: the medium output differs from Lanczos and from every sharpened Lanczos', async () => {
    const e = (await raw(enhanced.medium)).data;
    const p = (await raw(plain.medium)).data;
    expect(meanAbsDiff(e, p)).toBeGreaterThan(2);
    for (const sigma of [0.5, 1, 2, 3]) {
      const sharpened = await sharp(plain.medium).sharpen({ sigma }).removeAlpha().raw().toBuffer();
      expect(meanAbsDiff(e, sharpened)).toBeGreaterThan(2);
    }
  });

  it('enhances the head of a crop too large for the model, at source resolution', async () => {
    const r = await faceCrop(face('julia_facedetect_sample.jpg'), 'school', { enhance: true });
    const region = r.enhancedRegion!;
    expect(r.enhanced).toBe(true);
    expect(r.width * r.height).toBeGreaterThan(SR_MAX_INPUT_PIXELS);
    expect(region.w * region.h).toBeLessThanOrEqual(SR_MAX_INPUT_PIXELS);
    const faceInCrop = { x: r.faceBox.x - r.cropBox.x, y: r.faceBox.y - r.cropBox.y, w: r.faceBox.w, h: r.faceBox.h };
    expect(contains(region, faceInCrop)).toBe(true);
    // Head, not just the face: room for hair above and chin below.
    expect(region.h).toBeGreaterThan(1.5 * r.faceBox.h);
  });

  it('leaves a face that is already large alone (nothing to gain, outputs equal the plain crop)', async () => {
    const big = await sharp(face('julia_facedetect_sample.jpg')).resize(1560).jpeg({ quality: 92 }).toBuffer();
    const [e, p] = [await faceCrop(big, 'school', { enhance: true }), await faceCrop(big, 'school')];
    expect(e.enhanced).toBe(false);
    expect(e.enhancedRegion).toBeUndefined();
    expect(e.original.equals(p.original)).toBe(true);
    expect(e.medium.equals(p.medium)).toBe(true);
  }, 60_000);

  it('picks the whole crop, else the head, else the face, within the budget', () => {
    const side = Math.floor(Math.sqrt(SR_MAX_INPUT_PIXELS));
    const small = { x: 0, y: 0, w: Math.floor(side * 0.8), h: side };
    expect(enhanceRegion({ x: 20, y: 30, w: 40, h: 50 }, small)).toEqual({ x: 0, y: 0, w: small.w, h: small.h });
    const crop = { x: 100, y: 100, w: 800, h: 1000 };
    const head = enhanceRegion({ x: 400, y: 400, w: 120, h: 140 }, crop)!;
    expect(head.w).toBeGreaterThan(1.8 * 120);
    const faceOnly = enhanceRegion({ x: 350, y: 350, w: 220, h: 260 }, crop)!;
    expect(faceOnly.w).toBeLessThan(1.3 * 220);
    expect(faceOnly.w * faceOnly.h).toBeLessThanOrEqual(SR_MAX_INPUT_PIXELS);
    expect(enhanceRegion({ x: 200, y: 200, w: 400, h: 480 }, crop)).toBeUndefined();
  });
});
