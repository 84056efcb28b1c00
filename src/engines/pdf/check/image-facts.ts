/**
 * What the self-check needs of one image XObject, read from the file: its colour family,
 * whether it carries a soft mask, and the highest total ink of its pixels. DCT (JPEG) data
 * is decoded by sharp, Flate data by pdf-lib's decoder; /Decode [1 0 …] and the inverted
 * CMYK of Adobe JPEGs are taken into account, so the number is what the press would print.
 */
import { PDFArray, PDFName, PDFNumber, PDFRawStream, PDFStream, PDFString, PDFHexString, decodePDFRawStream, type PDFContext, type PDFDict } from 'pdf-lib';
import sharp from 'sharp';
import { parseJpeg } from '../images.js';
import { spaceOf, type Space } from './spaces.js';

export interface ImageFacts {
  space: Space;
  /** `SMask` or `SMaskInData`, when the image has one */
  softMask: string | null;
  /** highest C+M+Y+K of a pixel (percent); null when not CMYK or not measured */
  ink: number | null;
  /** CMYK data the check could not decode */
  unmeasured: boolean;
}

/** Images larger than this are not decoded for the ink check (counted as unmeasured). */
const MAX_INK_PIXELS = 64_000_000;

export async function imageFacts(ctx: PDFContext, image: PDFStream, resources: PDFDict | undefined, measureInk: boolean): Promise<ImageFacts> {
  const dict = image.dict;
  const mask = dict.lookup(PDFName.of('ImageMask'));
  const isMask = mask !== undefined && mask.toString() === 'true';
  const space = isMask ? { kind: 'unknown' as const } : spaceOf(ctx, dict.get(PDFName.of('ColorSpace')), resources);
  const inData = dict.lookup(PDFName.of('SMaskInData'));
  const softMask = dict.get(PDFName.of('SMask')) ? 'SMask' : inData instanceof PDFNumber && inData.asNumber() > 0 ? 'SMaskInData' : null;
  const facts: ImageFacts = { space, softMask, ink: null, unmeasured: false };
  if (!measureInk || space.kind !== 'cmyk') return facts;
  try {
    facts.ink = space.indexed ? paletteInk(ctx, space.indexed) : await pixelInk(image);
  } catch {
    facts.ink = null;
  }
  facts.unmeasured = facts.ink === null;
  return facts;
}

function num(dict: PDFDict, key: string): number {
  const v = dict.lookup(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : 0;
}

/** Which of the four components /Decode inverts ([1 0 …] pairs). */
function inverted(dict: PDFDict): boolean[] {
  const d = dict.lookup(PDFName.of('Decode'));
  return [0, 1, 2, 3].map((i) => {
    if (!(d instanceof PDFArray) || d.size() < 8) return false;
    const lo = d.lookup(2 * i);
    return lo instanceof PDFNumber && lo.asNumber() === 1;
  });
}

function filters(dict: PDFDict): string[] {
  const f = dict.lookup(PDFName.of('Filter'));
  if (f instanceof PDFName) return [f.decodeText()];
  if (f instanceof PDFArray) return f.asArray().map((x) => (x instanceof PDFName ? x.decodeText() : '?'));
  return [];
}

async function pixelInk(image: PDFStream): Promise<number | null> {
  const dict = image.dict;
  const width = num(dict, 'Width');
  const height = num(dict, 'Height');
  if (num(dict, 'BitsPerComponent') !== 8 || width <= 0 || height <= 0 || width * height > MAX_INK_PIXELS) return null;
  const inv = inverted(dict);
  const f = filters(dict);
  let samples: Uint8Array;
  if (f.length === 1 && f[0] === 'DCTDecode' && image instanceof PDFRawStream) {
    const jpeg = image.contents;
    // libjpeg hands out an Adobe JPEG's CMYK inverted; libvips inverts it back on reading:
    // undo that to get the bytes a PDF reader decodes, then apply /Decode as it does
    const adobe = parseJpeg(jpeg)?.adobe === true;
    const { data, info } = await sharp(jpeg, { limitInputPixels: MAX_INK_PIXELS }).pipelineColourspace('cmyk').toColourspace('cmyk').raw().toBuffer({ resolveWithObject: true });
    if (info.channels !== 4) return null;
    if (adobe) for (let i = 0; i < 4; i++) inv[i] = !inv[i];
    samples = data;
  } else if (f.every((x) => x !== 'DCTDecode' && x !== 'JPXDecode' && x !== 'JBIG2Decode' && x !== 'CCITTFaxDecode')) {
    if (dict.lookup(PDFName.of('DecodeParms')) !== undefined) return null; // predictors: not decoded here
    samples = image instanceof PDFRawStream ? decodePDFRawStream(image).decode() : image.getContents();
  } else return null;
  if (samples.length < width * height * 4) return null;
  return maxSum(samples, width, height, inv);
}

/**
 * Side, in image pixels, of the square a total ink coverage is measured over. A printer's
 * preflight judges total area coverage over an area, not single pixels: JPEG compression rings
 * around hard edges, so a photo converted within the limit has lone pixels over it that no
 * press would notice; the mean over 4 × 4 pixels (0.34 mm at 300 ppi) keeps any real patch.
 */
export const INK_AREA_PX = 4;

/** Highest mean sum of four 8-bit components over INK_AREA_PX-square areas of a width × height image, in percent. */
function maxSum(s: Uint8Array, width: number, height: number, inv: boolean[]): number {
  const [a, b, c, d] = inv.map((x) => (x ? 255 : 0)) as [number, number, number, number];
  const B = INK_AREA_PX;
  const cols = Math.ceil(width / B);
  const sums = new Float64Array(cols);
  const counts = new Uint32Array(cols);
  let max = 0;
  for (let y = 0; y < height; y++) {
    for (let x = 0, p = y * width * 4; x < width; x++, p += 4) {
      const t = Math.abs(a - s[p]!) + Math.abs(b - s[p + 1]!) + Math.abs(c - s[p + 2]!) + Math.abs(d - s[p + 3]!);
      const col = (x / B) | 0;
      sums[col]! += t;
      counts[col]! += 1;
    }
    if ((y + 1) % B === 0 || y === height - 1) {
      for (let col = 0; col < cols; col++) {
        const mean = sums[col]! / counts[col]!;
        if (mean > max) max = mean;
      }
      sums.fill(0);
      counts.fill(0);
    }
  }
  return (max / 255) * 100;
}

/** [/Indexed base hival lookup]: the highest sum over the palette's entries. */
function paletteInk(ctx: PDFContext, indexed: PDFArray): number | null {
  const lookup = ctx.lookup(indexed.get(3));
  let bytes: Uint8Array;
  if (lookup instanceof PDFString || lookup instanceof PDFHexString) bytes = lookup.asBytes();
  else if (lookup instanceof PDFRawStream) bytes = decodePDFRawStream(lookup).decode();
  else return null;
  let max = 0;
  for (let p = 0; p + 3 < bytes.length; p += 4) max = Math.max(max, bytes[p]! + bytes[p + 1]! + bytes[p + 2]! + bytes[p + 3]!);
  return (max / 255) * 100;
}
