/**
 * Small PDFs for the self-check's tests, written with pdf-lib by hand: one page (MediaBox,
 * BleedBox, TrimBox), a content stream given as operators, and named resources.
 */
import { PDFDocument, PDFName, PDFRef, StandardFonts, type PDFArray, type PDFDict } from 'pdf-lib';
import sharp from 'sharp';
import { applyPdfX } from '../../../../src/engines/pdf/colour/pdfx.js';
import { findOutputProfile } from '../../../../src/engines/pdf/colour/output-profiles.js';
import type { PdfStandard } from '../../../../src/engines/pdf/index.js';

export interface Crafted {
  doc: PDFDocument;
  page: ReturnType<PDFDocument['addPage']>;
  /** adds a resource to the page: category (XObject, ExtGState, Font, ColorSpace, Shading, Pattern) and name */
  res(category: string, name: string, obj: PDFRef | PDFDict | PDFArray): void;
}

/** The content of layer `i`, as the renderer marks it. */
export const layer = (i: number, ops: string): string => `/Layer <</Name (layers[${i}])>> BDC\nq ${ops} Q\nEMC`;

export async function craft(content: string, setup?: (c: Crafted) => void | Promise<void>, opts: { standard?: PdfStandard; boxes?: Partial<Record<'MediaBox' | 'BleedBox' | 'TrimBox', number[] | null>> } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([200, 200]);
  const boxes = { MediaBox: [0, 0, 200, 200], BleedBox: [10, 10, 190, 190], TrimBox: [20, 20, 180, 180], ...opts.boxes };
  for (const [k, v] of Object.entries(boxes)) {
    if (v) page.node.set(PDFName.of(k), doc.context.obj(v));
    else page.node.delete(PDFName.of(k));
  }
  const res = (category: string, name: string, obj: PDFRef | PDFDict): void => {
    const r = page.node.normalizedEntries().Resources;
    let dict = r.lookup(PDFName.of(category)) as PDFDict | undefined;
    if (!dict) {
      dict = doc.context.obj({});
      r.set(PDFName.of(category), dict);
    }
    dict.set(PDFName.of(name), obj);
  };
  await setup?.({ doc, page, res });
  page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
  if (opts.standard && opts.standard !== 'none') applyPdfX(doc, opts.standard, findOutputProfile('swop')!, { title: 'Self-check', producer: 'test' });
  return doc.save({ useObjectStreams: false });
}

/** A CMYK image XObject (Flate) of one colour. */
export function cmykImage(doc: PDFDocument, cmyk: [number, number, number, number], extra: Record<string, unknown> = {}): PDFRef {
  const px = Buffer.alloc(4 * 4 * 4);
  for (let i = 0; i < 16; i++) px.set(cmyk, i * 4);
  return doc.context.register(doc.context.flateStream(px, { Type: 'XObject', Subtype: 'Image', Width: 4, Height: 4, BitsPerComponent: 8, ColorSpace: 'DeviceCMYK', ...extra } as never));
}

/** A DCT image XObject of a CMYK JPEG (sharp writes Adobe-style inverted CMYK, so /Decode [1 0 …] as the renderer writes it). */
export function cmykJpegXObject(doc: PDFDocument, jpeg: Buffer, decode = true): PDFRef {
  const dict: Record<string, unknown> = { Type: 'XObject', Subtype: 'Image', Width: 16, Height: 16, BitsPerComponent: 8, ColorSpace: 'DeviceCMYK', Filter: 'DCTDecode' };
  if (decode) dict.Decode = [1, 0, 1, 0, 1, 0, 1, 0];
  return doc.context.register(doc.context.stream(jpeg, dict as never));
}

/** An uncompressed CMYK TIFF of one colour (sharp reads it as CMYK; its raw input would be RGBA). */
function cmykTiff(w: number, h: number, px: number[]): Buffer {
  const data = Buffer.alloc(w * h * 4);
  for (let i = 0; i < w * h; i++) data.set(px, i * 4);
  // width, height, bits per sample, no compression, separated (CMYK), strip offset, 4 samples, rows per strip, strip bytes, chunky
  const tags: [number, number, number][] = [[256, 3, w], [257, 3, h], [258, 3, 0], [259, 3, 1], [262, 3, 5], [273, 4, 0], [277, 3, 4], [278, 3, h], [279, 4, data.length], [284, 3, 1]];
  const ifd = 8;
  const bps = ifd + 2 + tags.length * 12 + 4;
  const start = bps + 8;
  const b = Buffer.alloc(start + data.length);
  b.write('II', 0);
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(ifd, 4);
  b.writeUInt16LE(tags.length, ifd);
  tags.forEach(([tag, type, val], i) => {
    const o = ifd + 2 + i * 12;
    b.writeUInt16LE(tag, o);
    b.writeUInt16LE(type, o + 2);
    b.writeUInt32LE(tag === 258 ? 4 : 1, o + 4);
    const v = tag === 258 ? bps : tag === 273 ? start : val;
    if (type === 3 && tag !== 258) b.writeUInt16LE(v, o + 8);
    else b.writeUInt32LE(v, o + 8);
  });
  for (let i = 0; i < 4; i++) b.writeUInt16LE(8, bps + i * 2);
  data.copy(b, start);
  return b;
}

/** A 16 × 16 CMYK JPEG of one colour (0–255 per ink). */
export function cmykJpeg(px: [number, number, number, number]): Promise<Buffer> {
  return sharp(cmykTiff(16, 16, px)).pipelineColourspace('cmyk').toColourspace('cmyk').jpeg({ quality: 95 }).toBuffer();
}

export async function helvetica(doc: PDFDocument): Promise<PDFRef> {
  return (await doc.embedFont(StandardFonts.Helvetica)).ref;
}
