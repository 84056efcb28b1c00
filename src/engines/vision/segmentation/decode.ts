import sharp from 'sharp';
import { ImageTooLargeError, InvalidImageError } from './errors.js';

/** Formats the interface accepts for `image_url` (JPEG, PNG or WebP). */
export const ACCEPTED_FORMATS = ['jpeg', 'png', 'webp'] as const;

/** 40 MP: a 7300×5500 photo; decoded RGBA at this size is 160 MB, the engine's working set ~1 GB. */
export const DEFAULT_MAX_PIXELS = 40_000_000;

export interface DecodedImage {
  width: number;
  height: number;
  /** sRGB, 8 bit, interleaved RGB, upright (EXIF orientation applied) */
  rgb: Buffer;
  /** the input's own alpha (8 bit), or null when it had none; the cut-out never exceeds it */
  alpha: Buffer | null;
  /**
   * With an input alpha, `rgb` is flattened onto a plain backdrop for segmentation; these
   * are the input's own colours, for the output. Null when the input had no alpha.
   */
  straightRgb: Buffer | null;
  format: (typeof ACCEPTED_FORMATS)[number];
}

export interface DecodeOptions {
  maxPixels?: number;
}

/**
 * Reads the header first and refuses oversized images before any pixel is decoded (a 100 kB
 * PNG can declare 50 000² pixels); sharp's `limitInputPixels` backs the same cap up inside
 * libvips. Only the first frame of an animated image is used.
 */
export async function decodeImage(input: Buffer, opts: DecodeOptions = {}): Promise<DecodedImage> {
  const maxPixels = opts.maxPixels ?? DEFAULT_MAX_PIXELS;
  if (!Buffer.isBuffer(input) || input.length === 0) throw new InvalidImageError('image is empty');
  let meta: sharp.Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (err) {
    throw new InvalidImageError('image could not be read: not a JPEG, PNG or WebP file', { cause: err });
  }
  const format = meta.format as string | undefined;
  if (!format || !(ACCEPTED_FORMATS as readonly string[]).includes(format)) {
    throw new InvalidImageError(`unsupported image format ${format ?? 'unknown'}: use JPEG, PNG or WebP`);
  }
  const w = meta.width ?? 0;
  const h = meta.height ?? 0;
  if (w <= 0 || h <= 0) throw new InvalidImageError('image has no dimensions');
  if (w * h > maxPixels) throw new ImageTooLargeError(w, h, maxPixels);

  try {
    const pipeline = sharp(input, { limitInputPixels: maxPixels, failOn: 'error', pages: 1 }).rotate().toColourspace('srgb');
    if (!meta.hasAlpha) {
      // no alpha: sharp hands over the RGB buffer itself, no copy loop over the pixels
      const { data, info } = await pipeline.removeAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
      if (info.channels !== 3) throw new Error(`unexpected channel count ${info.channels}`);
      return { width: info.width, height: info.height, rgb: data, alpha: null, straightRgb: null, format: format as DecodedImage['format'] };
    }
    const { data, info } = await pipeline.ensureAlpha().raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) throw new Error(`unexpected channel count ${info.channels}`);
    const n = info.width * info.height;
    const rgb = Buffer.allocUnsafe(n * 3);
    const alpha = Buffer.allocUnsafe(n);
    let opaque = true;
    for (let i = 0, j = 0; i < n; i++, j += 4) {
      rgb[i * 3] = data[j]!;
      rgb[i * 3 + 1] = data[j + 1]!;
      rgb[i * 3 + 2] = data[j + 2]!;
      const a = data[j + 3]!;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
    const transparent = !opaque;
    const straightRgb = transparent ? Buffer.from(rgb) : null;
    if (transparent) flattenForSegmentation(rgb, alpha);
    return {
      width: info.width,
      height: info.height,
      rgb,
      alpha: transparent ? alpha : null,
      straightRgb,
      format: format as DecodedImage['format'],
    };
  } catch (err) {
    if (err instanceof ImageTooLargeError) throw err;
    const msg = err instanceof Error ? err.message : String(err);
    if (/pixel limit/i.test(msg)) throw new ImageTooLargeError(w, h, maxPixels);
    throw new InvalidImageError('image data is corrupt or truncated', { cause: err });
  }
}

/**
 * Transparent pixels carry arbitrary colours (often black) that would read as content.
 * Composite them onto a plain backdrop that contrasts with the visible pixels: white under
 * dark artwork, black under light artwork, so the segmenter still sees the shape.
 */
function flattenForSegmentation(rgb: Buffer, alpha: Buffer): void {
  let sum = 0;
  let weight = 0;
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]! / 255;
    sum += a * (0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
    weight += a;
  }
  const backdrop = weight > 0 && sum / weight > 160 ? 0 : 255;
  for (let i = 0; i < alpha.length; i++) {
    const a = alpha[i]! / 255;
    if (a === 1) continue;
    for (let c = 0; c < 3; c++) {
      const k = i * 3 + c;
      rgb[k] = Math.round(a * rgb[k]! + (1 - a) * backdrop);
    }
  }
}
