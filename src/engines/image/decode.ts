import sharp from 'sharp';
import { ImageDecodeError } from '../vision/errors.js';

/** Largest input we accept: 100 megapixels (a 12k × 8k scan); bigger is refused, not resized. */
export const MAX_INPUT_PIXELS = 100_000_000;

export interface RgbImage {
  /** Packed 8-bit RGB, row-major, width × height × 3 bytes. */
  data: Buffer;
  width: number;
  height: number;
}

export interface DecodedRgb extends RgbImage {
  /** Size of the upright source image (EXIF orientation applied), before any downscale. */
  sourceWidth: number;
  sourceHeight: number;
  /** data pixels per source pixel (≤ 1). */
  scale: number;
}

/** A sharp pipeline for user images: EXIF orientation applied, sRGB, alpha flattened on white. */
export function openImage(image: Buffer): sharp.Sharp {
  return sharp(image, { failOn: 'error', limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .toColourspace('srgb')
    .flatten({ background: '#ffffff' });
}

/** Upright size of an image (orientation applied), without decoding its pixels. */
export async function uprightSize(image: Buffer): Promise<{ width: number; height: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(image, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    throw new ImageDecodeError(`unreadable image: ${(err as Error).message}`);
  }
  if (!meta.width || !meta.height) throw new ImageDecodeError('unreadable image: no dimensions');
  const swap = (meta.orientation ?? 1) >= 5;
  return swap ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
}

/** Decodes to packed RGB, shrinking so the long side is at most `maxSide` (never enlarging). */
export async function decodeRgb(image: Buffer, maxSide = Infinity): Promise<DecodedRgb> {
  const { width: sourceWidth, height: sourceHeight } = await uprightSize(image);
  const long = Math.max(sourceWidth, sourceHeight);
  const scale = long > maxSide ? maxSide / long : 1;
  let pipeline = openImage(image);
  if (scale < 1) {
    pipeline = pipeline.resize(Math.max(1, Math.round(sourceWidth * scale)), Math.max(1, Math.round(sourceHeight * scale)), {
      fit: 'fill',
      kernel: 'lanczos3',
    });
  }
  try {
    const { data, info } = await pipeline.removeAlpha().raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 3) throw new Error(`expected 3 channels, got ${info.channels}`);
    return {
      data,
      width: info.width,
      height: info.height,
      sourceWidth,
      sourceHeight,
      scale: scale < 1 ? info.width / sourceWidth : 1,
    };
  } catch (err) {
    throw new ImageDecodeError(`unreadable image: ${(err as Error).message}`);
  }
}
