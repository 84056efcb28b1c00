/**
 * RGB raster images inside placed PDF artwork, converted through the output profile by sharp
 * (libvips + LittleCMS, on libuv threads) the way the design's own images are
 * (`cmyk-images.ts`), so that Ghostscript's pdfwrite finds them in DeviceCMYK and passes them
 * through; left to Ghostscript (its default profile) they would be separated for its SWOP
 * whatever the output profile.
 *
 * Converted: image XObjects in DeviceRGB, CalRGB or ICCBased with 3 components (read as sRGB),
 * 8 bits per component, no `/Decode`, whose data is
 * - `/DCTDecode` alone (no `/ColorTransform 0`): re-encoded as a CMYK JPEG at
 *   `CMYK_JPEG_QUALITY` without chroma subsampling, as the design's RGB JPEGs are;
 * - `/FlateDecode` alone without a predictor: inflated (at most width × height × 3 bytes, and
 *   64 KiB of padding),
 *   converted, deflated again.
 * The soft mask (`/SMask`) and every other entry stay as they are. Anything else (other filters,
 * PNG predictors, 1/2/4/16-bit, Indexed, Lab, masks, JPEG 2000) is left to Ghostscript.
 */
import { promisify } from 'node:util';
import { deflate as deflateCb, inflate as inflateCb } from 'node:zlib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, type PDFDocument, type PDFRef } from 'pdf-lib';
import sharp from 'sharp';
import { MAX_IMAGE_PIXELS, parseJpeg } from '../images.js';
import { CMYK_JPEG_QUALITY } from './cmyk-images.js';
import type { OutputProfile } from './output-profiles.js';

const deflate = promisify(deflateCb);
const inflate = promisify(inflateCb);

/** The single filter of a stream (a name or a one-name array), '' for none, undefined for a chain. */
function singleFilter(dict: PDFDict): string | undefined {
  const f = dict.lookup(PDFName.of('Filter'));
  if (f === undefined) return '';
  if (f instanceof PDFName) return f.asString();
  if (f instanceof PDFArray && f.size() === 1 && f.lookup(0) instanceof PDFName) return (f.lookup(0) as PDFName).asString();
  return undefined;
}

const numberOf = (dict: PDFDict | undefined, key: string): number | undefined => {
  const v = dict?.lookup(PDFName.of(key));
  return v instanceof PDFNumber ? v.asNumber() : undefined;
};

/**
 * Rewrites the image at `ref` in DeviceCMYK when it is one this module converts and its pixels
 * fit `budget` (pixels left for this artwork, decreased). `isRgb` says whether its colour space
 * is RGB-like. Returns whether it was converted.
 */
export async function imageToCmyk(
  doc: PDFDocument, ref: PDFRef, s: PDFRawStream, isRgb: boolean, profile: OutputProfile, budget: { pixels: number },
): Promise<boolean> {
  const d = s.dict;
  const w = numberOf(d, 'Width') ?? 0;
  const h = numberOf(d, 'Height') ?? 0;
  if (!isRgb || d.lookup(PDFName.of('ImageMask'))?.toString() === 'true' || numberOf(d, 'BitsPerComponent') !== 8) return false;
  if (d.has(PDFName.of('Decode')) || !(w > 0 && h > 0) || !Number.isInteger(w) || !Number.isInteger(h)) return false;
  if (w * h > Math.min(MAX_IMAGE_PIXELS, budget.pixels)) return false;
  const filter = singleFilter(d);
  const parms = d.lookup(PDFName.of('DecodeParms'));
  const parmsDict = parms instanceof PDFDict ? parms : parms instanceof PDFArray && parms.lookup(0) instanceof PDFDict ? (parms.lookup(0) as PDFDict) : undefined;
  let data: Buffer | undefined;
  let extra: Record<string, unknown> = {};
  if (filter === '/DCTDecode' && numberOf(parmsDict, 'ColorTransform') !== 0) {
    const j = parseJpeg(s.contents);
    if (!j?.supported || j.components !== 3 || j.width !== w || j.height !== h) return false;
    const out = await sharp(s.contents, { limitInputPixels: MAX_IMAGE_PIXELS })
      .withIccProfile(profile.path)
      .jpeg({ quality: CMYK_JPEG_QUALITY, chromaSubsampling: '4:4:4' })
      .toBuffer();
    const o = parseJpeg(out);
    if (o?.components !== 4) return false;
    data = out;
    extra = o.adobe ? { Decode: [1, 0, 1, 0, 1, 0, 1, 0] } : {};
  } else if (filter === '/FlateDecode' && (numberOf(parmsDict, 'Predictor') ?? 1) <= 1) {
    const size = w * h * 3;
    let raw: Buffer;
    try {
      // a writer may pad the data: a little more is read and cut, a bomb stops at the cap
      raw = await inflate(s.contents, { maxOutputLength: size + 65_536 });
    } catch {
      return false; // damaged, or more data than the image holds: Ghostscript's to judge
    }
    if (raw.length < size) return false;
    const cmyk = await sharp(raw.subarray(0, size), { raw: { width: w, height: h, channels: 3 } }).withIccProfile(profile.path).raw().toBuffer();
    data = await deflate(cmyk);
  } else {
    return false;
  }
  budget.pixels -= w * h;
  const dict = d.clone(doc.context);
  dict.delete(PDFName.of('DecodeParms'));
  dict.set(PDFName.of('ColorSpace'), PDFName.of('DeviceCMYK'));
  dict.set(PDFName.of('Filter'), PDFName.of(filter === '/DCTDecode' ? 'DCTDecode' : 'FlateDecode'));
  for (const [k, v] of Object.entries(extra)) dict.set(PDFName.of(k), doc.context.obj(v as never));
  doc.context.assign(ref, PDFRawStream.of(dict, data));
  return true;
}
