/**
 * Raster images for the PDF at their native resolution. JPEG bytes pass through untouched
 * (DCTDecode); PNGs whose pixel data PDF can read as-is pass their IDAT through (Flate with
 * the PNG predictor); everything else (alpha, interlace, WebP, TIFF, GIF, AVIF) is decoded by
 * sharp and stored losslessly (Flate, alpha as a soft mask). SVG is rasterised by sharp at the
 * density the largest placement needs. EXIF orientation is applied by the placement matrix,
 * as browsers apply it, so no pixel is re-encoded.
 */
import { promisify } from 'node:util';
import { deflate as deflateCb } from 'node:zlib';
import type { PDFRef } from 'pdf-lib';
import { PDFDocument, PDFName, PDFNumber } from 'pdf-lib';
import sharp from 'sharp';
import type { SvgArtwork } from './artwork/svg-parse.js';
import { parseSvgArtworkIsolated } from './artwork/svg-parse.js';
import { SvgLimitExceeded } from '../image/svg-limits.js';
import { checkSvgText } from '../image/svg-scan.js';
import { pdfFormXObject, svgFormXObject } from './artwork/vector-form.js';
import type { Matrix } from './geometry.js';
import { multiply } from './geometry.js';
import { embedImageCmyk, type CmykImageOptions } from './colour/cmyk-images.js';
import { RGB_COLOURS, type ColourSpaceWriter } from './content.js';
import { convertPdfToCmyk } from '../prepress/ghostscript.js';
import { artworkBytesToCmyk } from './colour/artwork-colours.js';
import { neutralisePdf, UnsafePdf } from './untrusted.js';
import { applyFilters, type ImageFilter } from './image-filters.js';

const deflate = promisify(deflateCb);

/** Upper bound on decoded pixels, like the catalog's upload cap. */
export const MAX_IMAGE_PIXELS = 100_000_000;
/** Upper bound on an SVG's raster. */
export const MAX_SVG_PIXELS = 50_000_000;

export type ImageFormat = 'jpeg' | 'png' | 'svg' | 'pdf' | 'other';

export interface PreparedImage {
  format: ImageFormat;
  /** intrinsic size a browser gives the element (EXIF orientation applied): Fabric's element size */
  width: number;
  height: number;
  /** EXIF orientation 1..8 (JPEG only; others 1) */
  orientation: number;
  /** true for vector sources (no resolution warning) */
  isVector: boolean;
  bytes: Uint8Array;
  /** SVG drawn as vector paths (every feature it uses has a vector form) */
  svg?: SvgArtwork;
  /** SVG that must be rasterised, and why (filters, masks, text…): the renderer warns naming the layer */
  rasterReasons?: string[];
  /** PDF artwork: its first page is placed as a form XObject */
  pdf?: PDFDocument;
}

interface PngInfo {
  width: number;
  height: number;
  bitDepth: number;
  colorType: number;
  interlace: number;
  palette?: Uint8Array;
  hasTrns: boolean;
  idat: Uint8Array[];
}

export function sniffFormat(b: Uint8Array): ImageFormat {
  if (b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  const head = Buffer.from(b.subarray(0, 512)).toString('utf8').trimStart();
  if (head.startsWith('%PDF-')) return 'pdf';
  if (head.startsWith('<svg') || (head.startsWith('<?xml') && head.includes('<svg'))) return 'svg';
  return 'other';
}

function parsePng(b: Uint8Array): PngInfo | undefined {
  const dv = new DataView(b.buffer, b.byteOffset, b.byteLength);
  let p = 8;
  const info: PngInfo = { width: 0, height: 0, bitDepth: 0, colorType: 0, interlace: 0, hasTrns: false, idat: [] };
  while (p + 8 <= b.length) {
    const len = dv.getUint32(p);
    const type = String.fromCharCode(b[p + 4]!, b[p + 5]!, b[p + 6]!, b[p + 7]!);
    const data = b.subarray(p + 8, p + 8 + len);
    if (data.length < len) return undefined;
    if (type === 'IHDR') {
      info.width = dv.getUint32(p + 8);
      info.height = dv.getUint32(p + 12);
      info.bitDepth = b[p + 16]!;
      info.colorType = b[p + 17]!;
      info.interlace = b[p + 20]!;
    } else if (type === 'PLTE') info.palette = data;
    else if (type === 'tRNS') info.hasTrns = true;
    else if (type === 'IDAT') info.idat.push(data);
    else if (type === 'IEND') break;
    p += 12 + len;
  }
  return info.width > 0 && info.idat.length > 0 ? info : undefined;
}

export interface JpegInfo {
  width: number;
  height: number;
  components: number;
  precision: number;
  supported: boolean;
  adobe: boolean;
}

export function parseJpeg(b: Uint8Array): JpegInfo | undefined {
  let p = 2;
  let adobe = false;
  while (p + 4 <= b.length) {
    if (b[p] !== 0xff) return undefined;
    const marker = b[p + 1]!;
    if (marker === 0xff) {
      p++;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      p += 2;
      continue;
    }
    const len = (b[p + 2]! << 8) | b[p + 3]!;
    if (marker === 0xee && b[p + 4] === 0x41 && b[p + 5] === 0x64 && b[p + 6] === 0x6f && b[p + 7] === 0x62 && b[p + 8] === 0x65) adobe = true;
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const precision = b[p + 4]!;
      const height = (b[p + 5]! << 8) | b[p + 6]!;
      const width = (b[p + 7]! << 8) | b[p + 8]!;
      const components = b[p + 9]!;
      // baseline, extended and progressive Huffman JPEGs are what PDF readers all decode
      const supported = (marker === 0xc0 || marker === 0xc1 || marker === 0xc2) && precision === 8 && [1, 3, 4].includes(components);
      return { width, height, components, precision, supported, adobe };
    }
    p += 2 + len;
  }
  return undefined;
}

/** Reads what the renderer needs to place an image; throws when the bytes are not an image. */
export async function prepareImage(bytes: Uint8Array): Promise<PreparedImage> {
  const format = sniffFormat(bytes);
  if (format === 'pdf') return preparePdf(bytes);
  // an SVG stored before its limits existed meets them here, before librsvg or a DOM reads it
  if (format === 'svg') await checkSvgText(bytes);
  const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
  if (!meta.width || !meta.height) throw new Error('image has no dimensions');
  const orientation = format === 'jpeg' && meta.orientation && meta.orientation >= 1 && meta.orientation <= 8 ? meta.orientation : 1;
  const swap = orientation >= 5;
  const img: PreparedImage = {
    format,
    width: swap ? meta.height : meta.width,
    height: swap ? meta.width : meta.height,
    orientation,
    isVector: format === 'svg',
    bytes,
  };
  if (format === 'svg') {
    let art: SvgArtwork;
    try {
      art = await parseSvgArtworkIsolated(bytes, img.width, img.height);
    } catch (e) {
      if (e instanceof SvgLimitExceeded) throw e;
      return { ...img, rasterReasons: [`unparsable SVG (${(e as Error).message.slice(0, 80)})`] };
    }
    return art.unsupported.length ? { ...img, rasterReasons: art.unsupported } : { ...img, svg: art };
  }
  return img;
}

/**
 * Why an artwork cannot be placed in a print file, or null when it can: a PDF must load
 * (not encrypted, parsable, a page with a size); an SVG must have an <svg> element. Rasters
 * were decoded at upload. For checks at design save, so a job never fails on it later.
 */
export async function artworkProblem(bytes: Uint8Array): Promise<string | null> {
  const format = sniffFormat(bytes);
  if (format === 'pdf') {
    try {
      const safe = await neutralisePdf(bytes);
      return safe.width > 0 && safe.height > 0 ? null : 'the PDF page has no size';
    } catch (e) {
      if (e instanceof UnsafePdf) return e.message;
      throw e;
    }
  }
  if (format === 'svg') {
    try {
      await checkSvgText(bytes);
    } catch (e) {
      if (e instanceof SvgLimitExceeded) return e.message;
      throw e;
    }
    try {
      const meta = await sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS }).metadata();
      if (!meta.width || !meta.height) return 'the SVG has no size';
    } catch {
      return 'the SVG cannot be read';
    }
  }
  return null;
}

/**
 * A PDF artwork: its first page, at its crop box size in points (= CSS px, what the upload
 * recorded as width/height), rotation applied. The stored bytes are untrusted (uploaded before
 * the upload checked them, or by another version): `neutralisePdf` checks and rewrites them in
 * a sandbox thread first, and the result is what is parsed here, embedded, and handed to
 * Ghostscript for CMYK. Throws for encrypted, unreadable or refused files (the reason named).
 */
export async function preparePdf(bytes: Uint8Array): Promise<PreparedImage> {
  let safe;
  try {
    safe = await neutralisePdf(bytes);
  } catch (e) {
    if (e instanceof UnsafePdf) throw new Error(e.message, { cause: e });
    throw e;
  }
  if (!(safe.width > 0 && safe.height > 0)) throw new Error('the PDF page has no size');
  let pdf: PDFDocument;
  try {
    pdf = await PDFDocument.load(safe.bytes, { updateMetadata: false });
  } catch (e) {
    throw new Error('the PDF cannot be parsed', { cause: e });
  }
  return { format: 'pdf', width: safe.width, height: safe.height, orientation: 1, isVector: true, bytes: safe.bytes, pdf };
}

/**
 * Maps the PDF image unit square onto the image's intrinsic pixel box (0..width × 0..height,
 * y down), applying EXIF orientation as browsers do.
 */
export function imagePlacementMatrix(img: Pick<PreparedImage, 'width' | 'height' | 'orientation'>): Matrix {
  // (s, t) in the unit square, t up → stored row/column (a, b) in 0..1, b down
  const toStored: Matrix = [1, 0, 0, -1, 0, 1];
  const ORIENT: Record<number, Matrix> = {
    1: [1, 0, 0, 1, 0, 0],
    2: [-1, 0, 0, 1, 1, 0],
    3: [-1, 0, 0, -1, 1, 1],
    4: [1, 0, 0, -1, 0, 1],
    5: [0, 1, 1, 0, 0, 0],
    6: [0, 1, -1, 0, 1, 0],
    7: [0, -1, -1, 0, 1, 1],
    8: [0, -1, 1, 0, 0, 1],
  };
  return multiply([img.width, 0, 0, img.height, 0, 0], multiply(ORIENT[img.orientation] ?? ORIENT[1]!, toStored));
}

function imageDict(doc: PDFDocument, w: number, h: number, extra: Record<string, unknown>): Record<string, unknown> {
  void doc;
  return { Type: 'XObject', Subtype: 'Image', Width: w, Height: h, ...extra };
}

/** Stores decoded 8-bit pixels losslessly: Flate colour plus a Flate soft mask when not opaque. */
async function embedDecoded(doc: PDFDocument, input: sharp.Sharp): Promise<{ ref: PDFRef; pixelWidth: number; pixelHeight: number }> {
  const { data, info } = await input.toColourspace('srgb').raw({ depth: 'uchar' }).toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  let colour: Buffer = data;
  let alpha: Buffer | undefined;
  let colourChannels = channels;
  if (channels === 4 || channels === 2) {
    colourChannels = channels - 1;
    const n = width * height;
    colour = Buffer.allocUnsafe(n * colourChannels);
    alpha = Buffer.allocUnsafe(n);
    let opaque = true;
    for (let i = 0, s = 0, c = 0; i < n; i++) {
      for (let k = 0; k < colourChannels; k++) colour[c++] = data[s++]!;
      const a = data[s++]!;
      alpha[i] = a;
      if (a !== 255) opaque = false;
    }
    if (opaque) alpha = undefined;
  }
  const [colourZ, alphaZ] = await Promise.all([deflate(colour), alpha ? deflate(alpha) : Promise.resolve(undefined)]);
  let smask: PDFRef | undefined;
  if (alphaZ) {
    smask = doc.context.register(
      doc.context.stream(alphaZ, imageDict(doc, width, height, { ColorSpace: 'DeviceGray', BitsPerComponent: 8, Filter: 'FlateDecode' }) as never),
    );
  }
  const dict = imageDict(doc, width, height, {
    ColorSpace: colourChannels === 1 ? 'DeviceGray' : 'DeviceRGB',
    BitsPerComponent: 8,
    Filter: 'FlateDecode',
  });
  const stream = doc.context.stream(colourZ, dict as never);
  if (smask) stream.dict.set(PDFName.of('SMask'), smask);
  return { ref: doc.context.register(stream), pixelWidth: width, pixelHeight: height };
}

export interface EmbeddedImage {
  ref: PDFRef;
  pixelWidth: number;
  pixelHeight: number;
  /** how the pixels were stored, for tests and logs */
  method: 'jpeg-passthrough' | 'png-passthrough' | 'decoded' | 'vector-form' | 'cmyk-jpeg' | 'cmyk-decoded' | 'duotone';
}

/**
 * Writes the image XObject into `doc`. `svgScale` is the raster scale for SVG sources
 * (raster pixels per intrinsic pixel).
 */
export async function embedImage(doc: PDFDocument, img: PreparedImage, svgScale = 1, cmyk?: CmykImageOptions, colours: ColourSpaceWriter = RGB_COLOURS): Promise<EmbeddedImage> {
  const b = img.bytes;
  // Vector artwork stays vector in every colour mode: an SVG's colours go through the document's
  // writer (the output profile for CMYK); a PDF artwork's RGB/grey colours and RGB images go
  // through the output profile first (neutrals to K alone unless asked to keep the profile's rich
  // black: colour/artwork-colours.ts), then Ghostscript makes what is left DeviceCMYK (a foreign
  // PDF's other colour spaces are its own), and it is placed as a form.
  if (img.pdf) {
    const art = cmyk
      ? await PDFDocument.load(await convertPdfToCmyk(await artworkBytesToCmyk(b, { profile: cmyk.profile, keepRichBlack: cmyk.keepArtworkRichBlack === true })))
      : img.pdf;
    return { ref: await pdfFormXObject(doc, art), pixelWidth: 0, pixelHeight: 0, method: 'vector-form' };
  }
  if (img.svg) return { ref: await svgFormXObject(doc, img.svg, colours), pixelWidth: 0, pixelHeight: 0, method: 'vector-form' };
  if (cmyk) return embedImageCmyk(doc, img, svgScale, cmyk);
  if (img.format === 'jpeg') {
    const j = parseJpeg(b);
    if (j?.supported) {
      const cs = j.components === 1 ? 'DeviceGray' : j.components === 3 ? 'DeviceRGB' : 'DeviceCMYK';
      const extra: Record<string, unknown> = { ColorSpace: cs, BitsPerComponent: 8, Filter: 'DCTDecode' };
      if (j.components === 4 && j.adobe) extra.Decode = [1, 0, 1, 0, 1, 0, 1, 0];
      const ref = doc.context.register(doc.context.stream(b, imageDict(doc, j.width, j.height, extra) as never));
      return { ref, pixelWidth: j.width, pixelHeight: j.height, method: 'jpeg-passthrough' };
    }
  }
  if (img.format === 'png') {
    const p = parsePng(b);
    const plain = p && p.interlace === 0 && !p.hasTrns && (p.colorType === 0 || p.colorType === 2 || (p.colorType === 3 && p.palette));
    if (p && plain) {
      const colors = p.colorType === 2 ? 3 : 1;
      const data = Buffer.concat(p.idat);
      let colorSpace: unknown = p.colorType === 2 ? 'DeviceRGB' : 'DeviceGray';
      if (p.colorType === 3) {
        const pal = p.palette!;
        const hival = pal.length / 3 - 1;
        colorSpace = doc.context.obj([PDFName.of('Indexed'), PDFName.of('DeviceRGB'), PDFNumber.of(hival), doc.context.register(doc.context.stream(pal))]);
      }
      const stream = doc.context.stream(data, imageDict(doc, p.width, p.height, {
        BitsPerComponent: p.bitDepth,
        Filter: 'FlateDecode',
        DecodeParms: { Predictor: 15, Colors: colors, BitsPerComponent: p.bitDepth, Columns: p.width },
      }) as never);
      stream.dict.set(PDFName.of('ColorSpace'), typeof colorSpace === 'string' ? PDFName.of(colorSpace) : (colorSpace as PDFName));
      return { ref: doc.context.register(stream), pixelWidth: p.width, pixelHeight: p.height, method: 'png-passthrough' };
    }
  }
  let input: sharp.Sharp;
  if (img.format === 'svg') {
    let scale = Math.max(1, svgScale);
    const px = img.width * img.height * scale * scale;
    if (px > MAX_SVG_PIXELS) scale = Math.sqrt(MAX_SVG_PIXELS / (img.width * img.height));
    input = sharp(b, { density: 72 * scale, limitInputPixels: MAX_IMAGE_PIXELS });
  } else {
    // JPEG/PNG that cannot pass through, and other formats; EXIF stays un-applied (the matrix does it)
    input = sharp(b, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false });
  }
  const e = await embedDecoded(doc, input);
  return { ...e, method: 'decoded' };
}

/**
 * A raster's pixels with Fabric filters applied (image-filters.ts): decoded by sharp with its
 * EXIF orientation applied (so the result is upright: placed with orientation 1), sRGB, 8-bit
 * RGBA. The filtered copies (image-store.ts) and the duotone plates (duotone-image.ts) start here.
 */
export async function filteredPixels(img: PreparedImage, filters: readonly ImageFilter[]): Promise<{ data: Buffer; width: number; height: number }> {
  const { data, info } = await sharp(img.bytes, { limitInputPixels: MAX_IMAGE_PIXELS, animated: false })
    .rotate()
    .toColourspace('srgb')
    .ensureAlpha()
    .raw({ depth: 'uchar' })
    .toBuffer({ resolveWithObject: true });
  applyFilters(data, filters);
  return { data, width: info.width, height: info.height };
}
