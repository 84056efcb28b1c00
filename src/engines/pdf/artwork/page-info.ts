/**
 * The visible box and rotation of a PDF page, walking /Parent for inherited entries (at most
 * 32 levels). Apart from the rest of the artwork code so that a sandbox thread checking an
 * untrusted PDF (../untrusted.ts) loads pdf-lib and nothing else.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber } from 'pdf-lib';

export interface PdfPageInfo {
  /** crop box [x0, y0, x1, y1] in PDF points */
  box: [number, number, number, number];
  rotate: 0 | 90 | 180 | 270;
  /** size as displayed (rotation applied), in points: the intrinsic px size */
  width: number;
  height: number;
}

function boxOf(page: PDFDict, name: string): [number, number, number, number] | undefined {
  let node: PDFDict | undefined = page;
  for (let i = 0; node && i < 32; i++) {
    const v = node.lookup(PDFName.of(name));
    if (v instanceof PDFArray && v.size() === 4) {
      const n = v.asArray().map((x) => (x instanceof PDFNumber ? x.asNumber() : NaN));
      if (n.every(Number.isFinite)) return [Math.min(n[0]!, n[2]!), Math.min(n[1]!, n[3]!), Math.max(n[0]!, n[2]!), Math.max(n[1]!, n[3]!)];
    }
    const parent: unknown = node.lookup(PDFName.of('Parent'));
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return undefined;
}

function rotateOf(page: PDFDict): 0 | 90 | 180 | 270 {
  let node: PDFDict | undefined = page;
  for (let i = 0; node && i < 32; i++) {
    const v = node.lookup(PDFName.of('Rotate'));
    if (v instanceof PDFNumber) return ((((Math.round(v.asNumber() / 90) * 90) % 360) + 360) % 360) as 0 | 90 | 180 | 270;
    const parent: unknown = node.lookup(PDFName.of('Parent'));
    node = parent instanceof PDFDict ? parent : undefined;
  }
  return 0;
}

/** The visible box (CropBox within MediaBox) and rotation of a page. */
export function pdfPageInfo(page: PDFDict): PdfPageInfo {
  const media = boxOf(page, 'MediaBox') ?? [0, 0, 612, 792];
  const crop = boxOf(page, 'CropBox') ?? media;
  const box: [number, number, number, number] = [Math.max(media[0], crop[0]), Math.max(media[1], crop[1]), Math.min(media[2], crop[2]), Math.min(media[3], crop[3])];
  if (box[2] <= box[0] || box[3] <= box[1]) box.splice(0, 4, ...media);
  const rotate = rotateOf(page);
  const bw = box[2] - box[0];
  const bh = box[3] - box[1];
  const swap = rotate === 90 || rotate === 270;
  return { box, rotate, width: swap ? bh : bw, height: swap ? bw : bh };
}
