/**
 * A duotone photo in the print file (duotone.ts): an 8-bit, 2-component image in
 *
 *   [/DeviceN [/Black /<ink>] /DeviceCMYK <Type 4 function>]
 *
 * at the photo's native resolution, its alpha as a soft mask, in RGB and CMYK files alike (it
 * is never converted: a RIP prints the ink's plate and the Black plate; a viewer or a press
 * without the ink shows the tint transform's CMYK: c = s·C, m = s·M, y = s·Y,
 * k = 1 − (1 − s·K)(1 − black)). The ink is named as spot.ts names a Separation, so a photo and
 * a fill in the same ink make one plate. DeviceN is allowed in PDF/X-1a and X-4.
 */
import { promisify } from 'node:util';
import { deflate as deflateCb } from 'node:zlib';
import { PDFName, type PDFDocument, type PDFRef } from 'pdf-lib';
import { duotonePixels, type DuotoneFilter } from './duotone.js';
import type { ImageFilter } from './image-filters.js';
import { filteredPixels, type EmbeddedImage, type PreparedImage } from './images.js';
import { colourSpaceOnce } from './spot.js';

const deflate = promisify(deflateCb);

/** The duotone a key's filters end with, if any. */
export function duotoneOf(filters: readonly ImageFilter[]): DuotoneFilter | undefined {
  const last = filters[filters.length - 1];
  return last?.type === 'Duotone' ? last : undefined;
}

const num = (v: number): string => String(Math.round(v * 1e5) / 1e5);

/** The PostScript calculator (Type 4) tint transform: (black, ink) → C M Y K. */
export function duotoneTransform(cmyk: readonly number[]): string {
  const [C, M, Y, K] = cmyk.map((v) => num(Math.min(100, Math.max(0, v)) / 100)) as [string, string, string, string];
  // stack: black s → black sC → black sC sM → black sC sM sY → sC sM sY (1 − sK)(1 − black) → … k
  return `{ dup ${C} mul exch dup ${M} mul exch dup ${Y} mul exch ${K} mul 1 exch sub 5 -1 roll 1 exch sub mul 1 exch sub }`;
}

/** The document's DeviceN space for an ink (one object per name and alternate). */
export function duotoneSpace(doc: PDFDocument, f: DuotoneFilter): PDFRef {
  return colourSpaceOnce(doc, `DeviceN|${f.spot}|${f.cmyk.join(',')}`, () => {
    const ctx = doc.context;
    const fn = ctx.register(ctx.stream(duotoneTransform(f.cmyk), { FunctionType: 4, Domain: [0, 1, 0, 1], Range: [0, 1, 0, 1, 0, 1, 0, 1] }));
    const names = ctx.obj([PDFName.of('Black'), PDFName.of(f.spot)]);
    return ctx.register(ctx.obj([PDFName.of('DeviceN'), names, PDFName.of('DeviceCMYK'), fn]));
  });
}

/**
 * Embeds a raster as a duotone: decoded as the other filtered copies are (EXIF orientation
 * applied, sRGB, 8-bit RGBA), the tonal filters applied, then the two plates of duotone.ts.
 */
export async function embedDuotone(doc: PDFDocument, img: PreparedImage, filters: readonly ImageFilter[]): Promise<EmbeddedImage> {
  const duo = duotoneOf(filters)!;
  const { data, ...info } = await filteredPixels(img, filters.slice(0, -1));
  const n = info.width * info.height;
  const plates = Buffer.allocUnsafe(n * 2);
  duotonePixels(data, duo.cmyk, plates);
  let alpha: Buffer | undefined = Buffer.allocUnsafe(n);
  let opaque = true;
  for (let i = 0; i < n; i++) {
    const a = data[i * 4 + 3]!;
    alpha[i] = a;
    if (a !== 255) opaque = false;
  }
  if (opaque) alpha = undefined;
  const [platesZ, alphaZ] = await Promise.all([deflate(plates), alpha ? deflate(alpha) : Promise.resolve(undefined)]);
  const ctx = doc.context;
  const base = { Type: 'XObject', Subtype: 'Image', Width: info.width, Height: info.height, BitsPerComponent: 8, Filter: 'FlateDecode' };
  const stream = ctx.stream(platesZ, base as never);
  stream.dict.set(PDFName.of('ColorSpace'), duotoneSpace(doc, duo));
  if (alphaZ) stream.dict.set(PDFName.of('SMask'), ctx.register(ctx.stream(alphaZ, { ...base, ColorSpace: 'DeviceGray' } as never)));
  return { ref: ctx.register(stream), pixelWidth: info.width, pixelHeight: info.height, method: 'duotone' };
}
