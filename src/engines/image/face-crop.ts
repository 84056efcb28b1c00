/**
 * Studio face crop: finds the subject's face and crops to an ICP (ideal customer profile)
 * preset, which fixes the aspect ratio and where the head sits in the frame.
 *
 * Outputs (JPEG, sRGB): `original` is the crop at source resolution; `medium` is the same
 * crop with its long side at 800 px. With `enhance`, both are rebuilt from an ESRGAN ×4
 * super-resolution downscaled to the output size: of the whole crop when it is small, else of
 * the head or face region (at source resolution, within the model's pixel budget), blended
 * into the plain resize with a feathered edge. See `enhanceRegion`.
 */
import sharp from 'sharp';
import { detectFaces, primaryFace, type FaceBox } from '../vision/faces/detector.js';
import { superResolve, SR_MAX_INPUT_PIXELS } from '../vision/enhance.js';
import { NoFaceError } from '../vision/errors.js';
import { openImage, type RgbImage } from './decode.js';

export type IcpType = 'school' | 'corporate' | 'sports' | 'childcare';
export const ICP_TYPES: readonly IcpType[] = ['school', 'corporate', 'sports', 'childcare'];

export interface IcpPreset {
  /** Aspect ratio as integers, width : height. */
  aspect: readonly [number, number];
  /** Face box height (brow to chin) as a share of the crop height. */
  faceHeight: number;
  /** Vertical position of the face box centre, as a share of the crop height from the top. */
  faceCenterY: number;
}

/**
 * Head placement. The face box is the tight mesh box (brow to chin); the crown sits about
 * 0.4 face heights above it, so `school` puts the head (crown to chin) at roughly half the
 * frame with the eyes a little above the middle, the usual school-portrait composition.
 * `sports` is "4:5 wider": a smaller head to show shoulders and jersey.
 */
export const ICP_PRESETS: Readonly<Record<IcpType, IcpPreset>> = {
  school: { aspect: [4, 5], faceHeight: 0.36, faceCenterY: 0.45 },
  corporate: { aspect: [1, 1], faceHeight: 0.4, faceCenterY: 0.45 },
  sports: { aspect: [4, 5], faceHeight: 0.26, faceCenterY: 0.37 },
  childcare: { aspect: [4, 5], faceHeight: 0.4, faceCenterY: 0.46 },
};

/** Long side of the `medium` output. */
export const MEDIUM_LONG_SIDE = 800;
/** How far the crop may shrink below the preset (face larger in frame) before the image is padded. */
const MAX_SHRINK = 1 / 1.5;
const JPEG_QUALITY = 92;

export interface CropPlan {
  /** Crop rectangle in upright source pixels; may extend past the image where `padded`. */
  crop: FaceBox;
  padded: boolean;
}

function clamp(v: number, lo: number, hi: number): number {
  return Math.min(Math.max(v, lo), hi);
}

/** 1-D placement of a span of `size` at `ideal`, keeping [f0, f1] inside and the image [0, n] covered or containing it. */
function place(ideal: number, size: number, f0: number, f1: number, n: number): number {
  let x = clamp(ideal, Math.ceil(f1) - size, Math.floor(f0));
  x = size <= n ? clamp(x, 0, n - size) : clamp(x, n - size, 0);
  return Math.round(x);
}

/**
 * Where to crop for a face box. Pure geometry, exported for tests: the result always has the
 * preset's exact aspect ratio and always contains the whole face box.
 */
export function planCrop(imageWidth: number, imageHeight: number, face: FaceBox, icpType: IcpType): CropPlan {
  const preset = ICP_PRESETS[icpType];
  const [aw, ah] = preset.aspect;
  // Sizes in "units": the crop is aw·U × ah·U pixels, so its aspect is exact.
  const ideal = Math.max(face.h / preset.faceHeight / ah, (face.w * 1.2) / aw);
  // Never smaller than the face box plus a pixel on each side.
  const uMin = Math.max(Math.ceil((Math.ceil(face.w) + 2) / aw), Math.ceil((Math.ceil(face.h) + 2) / ah));
  // The largest crop that fits inside the image.
  const uFit = Math.floor(Math.min(imageWidth / aw, imageHeight / ah));
  // Too little image: let the face grow in the frame (up to 1.5×) before padding.
  const u = ideal > uFit ? Math.max(uFit, ideal * MAX_SHRINK) : ideal;
  const U = Math.max(uMin, Math.round(u), 1);
  const w = aw * U;
  const h = ah * U;
  const cx = face.x + face.w / 2;
  const cy = face.y + face.h / 2;
  const x = place(cx - w / 2, w, face.x, face.x + face.w, imageWidth);
  const y = place(cy - preset.faceCenterY * h, h, face.y, face.y + face.h, imageHeight);
  const padded = x < 0 || y < 0 || x + w > imageWidth || y + h > imageHeight;
  return { crop: { x, y, w, h }, padded };
}

export interface FaceCropOptions {
  /** ESRGAN super-resolution before the final resize. */
  enhance?: boolean;
}

export interface FaceCropResult {
  icpType: IcpType;
  /** The chosen face, in upright source pixels. */
  faceBox: FaceBox;
  /** The crop rectangle in upright source pixels (may extend past the image when padded). */
  cropBox: FaceBox;
  padded: boolean;
  facesFound: number;
  /** `original`: JPEG at crop resolution (width × height). */
  original: Buffer;
  width: number;
  height: number;
  /** `medium`: JPEG with its long side at 800 px. */
  medium: Buffer;
  mediumWidth: number;
  mediumHeight: number;
  /** The model ran (enhance was asked and the face was not already too large to gain from it). */
  enhanced: boolean;
  /** With enhance: the part of the crop that went through the model (crop pixels). */
  enhancedRegion?: FaceBox;
}

async function cropPixels(image: Buffer, width: number, height: number, crop: FaceBox): Promise<RgbImage> {
  const left = Math.max(0, crop.x);
  const top = Math.max(0, crop.y);
  const right = Math.min(width, crop.x + crop.w);
  const bottom = Math.min(height, crop.y + crop.h);
  let pipeline = openImage(image).extract({ left, top, width: right - left, height: bottom - top });
  if (left - crop.x || top - crop.y || crop.x + crop.w - right || crop.y + crop.h - bottom) {
    // Too little image around the face for the preset: extend the edge pixels.
    pipeline = sharp(await pipeline.removeAlpha().raw().toBuffer(), {
      raw: { width: right - left, height: bottom - top, channels: 3 },
    }).extend({
      left: left - crop.x,
      top: top - crop.y,
      right: crop.x + crop.w - right,
      bottom: crop.y + crop.h - bottom,
      extendWith: 'copy',
    });
  }
  const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

function resizeRaw(img: RgbImage, width: number, height: number): sharp.Sharp {
  const s = sharp(img.data, { raw: { width: img.width, height: img.height, channels: 3 } });
  return img.width === width && img.height === height ? s : s.resize(width, height, { fit: 'fill', kernel: 'lanczos3' });
}

function jpeg(s: sharp.Sharp): Promise<Buffer> {
  return s.jpeg({ quality: JPEG_QUALITY, chromaSubsampling: '4:4:4' }).toBuffer();
}

/** The face box grown by `grow` of its size on each side (more above, for hair), within the crop. */
function faceRegion(face: FaceBox, crop: FaceBox, grow: number): FaceBox {
  const x0 = clamp(Math.floor(face.x - grow * face.w - crop.x), 0, crop.w);
  const x1 = clamp(Math.ceil(face.x + (1 + grow) * face.w - crop.x), 0, crop.w);
  const y0 = clamp(Math.floor(face.y - 1.3 * grow * face.h - crop.y), 0, crop.h);
  const y1 = clamp(Math.ceil(face.y + (1 + 0.7 * grow) * face.h - crop.y), 0, crop.h);
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}

/** Alpha ramp: 255 inside, falling to 0 over `feather` pixels at the edges that are not the crop's own edges. */
function featherMask(w: number, h: number, feather: number, open: { l: boolean; t: boolean; r: boolean; b: boolean }): Buffer {
  const mask = Buffer.alloc(w * h);
  const ramp = (d: number) => (feather <= 0 ? 1 : Math.min(1, (d + 0.5) / feather));
  for (let y = 0; y < h; y++) {
    const vy = Math.min(open.t ? ramp(y) : 1, open.b ? ramp(h - 1 - y) : 1);
    for (let x = 0; x < w; x++) {
      const vx = Math.min(open.l ? ramp(x) : 1, open.r ? ramp(w - 1 - x) : 1);
      mask[y * w + x] = Math.round(255 * vx * vy);
    }
  }
  return mask;
}

interface Enhanced {
  region: FaceBox;
  sr: RgbImage;
}

/**
 * The part of the crop the model enhances, at source resolution (never shrunk first, so the
 * result is never less detailed than the plain crop): the whole crop when it fits the
 * model's budget, else the head, else the face itself. A face too large even for that comes
 * from a photo with more resolution than the outputs need: nothing to enhance.
 */
export function enhanceRegion(face: FaceBox, crop: FaceBox): FaceBox | undefined {
  const candidates = [{ x: 0, y: 0, w: crop.w, h: crop.h }, faceRegion(face, crop, 0.45), faceRegion(face, crop, 0.1)];
  return candidates.find((r) => r.w * r.h <= SR_MAX_INPUT_PIXELS);
}

async function runEnhance(crop: RgbImage, region: FaceBox): Promise<Enhanced> {
  const input = await sharp(crop.data, { raw: { width: crop.width, height: crop.height, channels: 3 } })
    .extract({ left: region.x, top: region.y, width: region.w, height: region.h })
    .raw()
    .toBuffer();
  return { region, sr: await superResolve({ data: input, width: region.w, height: region.h }) };
}

async function render(crop: RgbImage, width: number, height: number, enhanced?: Enhanced): Promise<Buffer> {
  if (!enhanced) return jpeg(resizeRaw(crop, width, height));
  const { region, sr } = enhanced;
  const k = width / crop.width;
  const whole = region.w === crop.width && region.h === crop.height;
  if (whole) return jpeg(resizeRaw(sr, width, height));
  const rx = Math.round(region.x * k);
  const ry = Math.round(region.y * k);
  const rw = Math.min(width - rx, Math.max(1, Math.round(region.w * k)));
  const rh = Math.min(height - ry, Math.max(1, Math.round(region.h * k)));
  const patch = await resizeRaw(sr, rw, rh).raw().toBuffer();
  const mask = featherMask(rw, rh, Math.max(2, Math.round(0.08 * Math.min(rw, rh))), {
    l: region.x > 0,
    t: region.y > 0,
    r: region.x + region.w < crop.width,
    b: region.y + region.h < crop.height,
  });
  const rgba = await sharp(patch, { raw: { width: rw, height: rh, channels: 3 } })
    .joinChannel(mask, { raw: { width: rw, height: rh, channels: 1 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
  const base = await resizeRaw(crop, width, height).raw().toBuffer();
  return jpeg(sharp(base, { raw: { width, height, channels: 3 } }).composite([{ input: rgba, left: rx, top: ry }]));
}

/** Output size with the long side at `long`, keeping the crop's exact aspect. */
function mediumSize(w: number, h: number): { width: number; height: number } {
  return w >= h
    ? { width: MEDIUM_LONG_SIDE, height: Math.round((MEDIUM_LONG_SIDE * h) / w) }
    : { width: Math.round((MEDIUM_LONG_SIDE * w) / h), height: MEDIUM_LONG_SIDE };
}

/**
 * Crops a photo to an ICP preset around its primary face (the largest, favouring the centre).
 * Throws NoFaceError when no face is found and ImageDecodeError for unreadable input.
 */
export async function faceCrop(image: Buffer, icpType: IcpType, options: FaceCropOptions = {}): Promise<FaceCropResult> {
  if (!ICP_PRESETS[icpType]) throw new RangeError(`unknown icp_type ${String(icpType)}`);
  const detected = await detectFaces(image);
  const face = primaryFace(detected.faces, detected.width, detected.height);
  if (!face) throw new NoFaceError();
  const plan = planCrop(detected.width, detected.height, face.box, icpType);
  const crop = await cropPixels(image, detected.width, detected.height, plan.crop);
  const region = options.enhance ? enhanceRegion(face.box, plan.crop) : undefined;
  const enhanced = region ? await runEnhance(crop, region) : undefined;
  const medium = mediumSize(crop.width, crop.height);
  const [originalJpeg, mediumJpeg] = await Promise.all([
    render(crop, crop.width, crop.height, enhanced),
    render(crop, medium.width, medium.height, enhanced),
  ]);
  const result: FaceCropResult = {
    icpType,
    faceBox: face.box,
    cropBox: plan.crop,
    padded: plan.padded,
    facesFound: detected.faces.length,
    original: originalJpeg,
    width: crop.width,
    height: crop.height,
    medium: mediumJpeg,
    mediumWidth: medium.width,
    mediumHeight: medium.height,
    enhanced: enhanced !== undefined,
  };
  if (enhanced) result.enhancedRegion = enhanced.region;
  return result;
}

