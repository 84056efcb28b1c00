/**
 * Raster images of a CMYK document, converted through the output profile's ICC transform by
 * sharp (libvips + LittleCMS), never by Ghostscript:
 * - CMYK JPEG and any other CMYK source: pixels pass through untouched;
 * - RGB JPEG: converted and re-encoded as a CMYK JPEG at quality 92 without chroma subsampling
 *   (the source is already lossy; a lossless copy would be 4-8× larger and slower to write);
 * - lossless sources (PNG, TIFF, WebP, GIF, AVIF, rasterised SVG): converted and kept lossless
 *   (Flate); alpha stays a soft mask (PDF/X-1a flattening composites it: flatten.ts);
 * - greyscale sources: the grey goes to the K plate alone (C = M = Y = 0).
 */
import { promisify } from 'node:util';
import { deflate as deflateCb } from 'node:zlib';
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { PDFName } from 'pdf-lib';
import sharp from 'sharp';
import type { EmbeddedImage, PreparedImage } from '../images.js';
import { MAX_IMAGE_PIXELS, MAX_SVG_PIXELS, parseJpeg } from '../images.js';
import type { OutputProfile } from './output-profiles.js';

const deflate = promisify(deflateCb);

export interface CmykImageOptions {
  profile: OutputProfile;
  /** placed PDF artwork keeps the profile's four-colour black (RenderOptions.keepArtworkRichBlack) */
  keepArtworkRichBlack?: boolean;
  /** JPEG quality of converted RGB JPEGs; default CMYK_JPEG_QUALITY */
  jpegQuality?: number;
}

/** Quality of RGB JPEGs re-encoded as CMYK JPEGs (no chroma subsampling). */
export const CMYK_JPEG_QUALITY = 92;

function xobject(doc: PDFDocument, data: Uint8Array, w: number, h: number, extra: Record<string, unknown>): PDFRef {
  return doc.context.register(doc.context.stream(data, { Type: 'XObject', Subtype: 'Image', Width: w, Height: h, BitsPerComponent: 8, ...extra } as never));
}

function jpegXObject(doc: PDFDocument, bytes: Uint8Array): { ref: PDFRef; width: number; height: number } | undefined {
  const j = parseJpeg(bytes);
  if (!j?.supported || j.components !== 4) return undefined;
  const extra: Record<string, unknown> = { ColorSpace: 'DeviceCMYK', Filter: 'DCTDecode' };
  if (j.adobe) extra.Decode = [1, 0, 1, 0, 1, 0, 1, 0];
  return { ref: xobject(doc, bytes, j.width, j.height, extra), width: j.width, height: j.height };
}

/** Grey pixels (1 byte each) → CMYK on the K plate. */
function greyToK(grey: Buffer): Buffer {
  const out = Buffer.alloc(grey.length * 4);
  for (let i = 0; i < grey.length; i++) out[i * 4 + 3] = 255 - grey[i]!;
  return out;
}

/** Converted pixels, not yet in a document (conversion runs in parallel, registration in order). */
export type PreparedCmyk =
  | { kind: 'jpeg'; bytes: Uint8Array; method: 'jpeg-passthrough' | 'cmyk-jpeg' }
  | { kind: 'flate'; colourZ: Buffer; alphaZ?: Buffer; width: number; height: number };

export async function prepareImageCmyk(img: PreparedImage, svgScale: number, o: CmykImageOptions): Promise<PreparedCmyk> {
  const b = img.bytes;
  if (img.format === 'jpeg') {
    const j = parseJpeg(b);
    if (j?.supported && j.components === 4) return { kind: 'jpeg', bytes: b, method: 'jpeg-passthrough' };
    if (j?.supported && j.components === 3) {
      // metadata (EXIF orientation included) is dropped: the placement matrix applies the source's orientation
      const out = await sharp(b, { limitInputPixels: MAX_IMAGE_PIXELS })
        .withIccProfile(o.profile.path)
        .jpeg({ quality: o.jpegQuality ?? CMYK_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
        .toBuffer();
      if (parseJpeg(out)?.components === 4) return { kind: 'jpeg', bytes: out, method: 'cmyk-jpeg' };
    }
  }
  let input: sharp.Sharp;
  if (img.format === 'svg') {
    let scale = Math.max(1, svgScale);
    if (img.width * img.height * scale * scale > MAX_SVG_PIXELS) scale = Math.sqrt(MAX_SVG_PIXELS / (img.width * img.height));
    input = sharp(b, { density: 72 * scale, limitInputPixels: MAX_IMAGE_PIXELS });
  } else {
    input = sharp(b, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
  }
  const meta = await input.metadata();
  let colour: Buffer;
  let alpha: Buffer | undefined;
  let width: number;
  let height: number;
  if (meta.space === 'cmyk' && !meta.hasAlpha) {
    // already CMYK: the pixels pass through untouched
    const r = await input.pipelineColourspace('cmyk').toColourspace('cmyk').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    ({ width, height } = r.info);
    colour = r.data;
  } else {
    const grey = meta.space === 'b-w' || meta.space === 'grey16';
    const r = await input.toColourspace(grey ? 'b-w' : 'srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
    ({ width, height } = r.info);
    const channels = r.info.channels;
    const colourChannels = channels === 2 || channels === 4 ? channels - 1 : channels;
    let pixels = r.data;
    if (colourChannels !== channels) {
      const n = width * height;
      pixels = Buffer.allocUnsafe(n * colourChannels);
      alpha = Buffer.allocUnsafe(n);
      let opaque = true;
      for (let i = 0, s = 0, c = 0; i < n; i++) {
        for (let k = 0; k < colourChannels; k++) pixels[c++] = r.data[s++]!;
        const a = r.data[s++]!;
        alpha[i] = a;
        if (a !== 255) opaque = false;
      }
      if (opaque) alpha = undefined;
    }
    colour = colourChannels === 1
      ? greyToK(pixels)
      : (await sharp(pixels, { raw: { width, height, channels: 3 } }).withIccProfile(o.profile.path).raw().toBuffer());
  }
  const [colourZ, alphaZ] = await Promise.all([deflate(colour), alpha ? deflate(alpha) : Promise.resolve(undefined)]);
  return { kind: 'flate', colourZ, ...(alphaZ ? { alphaZ } : {}), width, height };
}

/** Writes a prepared image into the document. */
export function registerImageCmyk(doc: PDFDocument, p: PreparedCmyk): EmbeddedImage {
  if (p.kind === 'jpeg') {
    const x = jpegXObject(doc, p.bytes)!;
    return { ref: x.ref, pixelWidth: x.width, pixelHeight: x.height, method: p.method };
  }
  const smask = p.alphaZ ? xobject(doc, p.alphaZ, p.width, p.height, { ColorSpace: 'DeviceGray', Filter: 'FlateDecode' }) : undefined;
  const stream = doc.context.stream(p.colourZ, { Type: 'XObject', Subtype: 'Image', Width: p.width, Height: p.height, BitsPerComponent: 8, ColorSpace: 'DeviceCMYK', Filter: 'FlateDecode' } as never);
  if (smask) stream.dict.set(PDFName.of('SMask'), smask);
  const ref = doc.context.register(stream);
  return { ref, pixelWidth: p.width, pixelHeight: p.height, method: 'cmyk-decoded' };
}

export async function embedImageCmyk(doc: PDFDocument, img: PreparedImage, svgScale: number, o: CmykImageOptions): Promise<EmbeddedImage> {
  return registerImageCmyk(doc, await prepareImageCmyk(img, svgScale, o));
}
