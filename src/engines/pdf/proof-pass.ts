import { degrees, PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { runGhostscript, type GhostscriptOptions } from '../prepress/ghostscript.js';

export interface ProofPassOptions {
  /** drawn across every page, large, translucent; e.g. `PROOF` */
  watermark: string;
  /** images above this resolution are resampled to it (pixels per inch at their placed size) */
  dpi: number;
}

/**
 * Turns a rendered RGB PDF into a customer's proof: a watermark across each page (vector text,
 * so it reads with any viewer and pdftotext finds it), then one Ghostscript pdfwrite pass that
 * resamples every raster above `dpi` (bicubic) and re-encodes colour and grey images as JPEG.
 *
 * Why a post-pass and not an option of the page renderer: images reach a page by several
 * paths (uploads, cliparts, placed PDF artwork with its own images); pdfwrite sees them all
 * at their final placed size, which is what resolution means, and the engine already runs
 * Ghostscript confined (prepress/ghostscript.ts). It costs one gs run per proof, never per
 * print file. `-dPDFSETTINGS=/screen` would do it at 72 dpi, too coarse to judge a photo on
 * a phone; these are its switches with the resolution chosen.
 */
export async function proofPass(pdf: Uint8Array, opts: ProofPassOptions, gs: GhostscriptOptions = {}): Promise<Buffer> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.HelveticaBold);
  for (const page of doc.getPages()) {
    const { width, height } = page.getSize();
    const diagonal = Math.hypot(width, height);
    // the text spans ~60 % of the diagonal, centred on it
    const size = Math.max(12, (diagonal * 0.6) / Math.max(1, font.widthOfTextAtSize(opts.watermark, 1)));
    const angle = Math.atan2(height, width);
    const w = font.widthOfTextAtSize(opts.watermark, size);
    const h = font.heightAtSize(size, { descender: false });
    const cx = width / 2 - (Math.cos(angle) * w - Math.sin(angle) * h) / 2;
    const cy = height / 2 - (Math.sin(angle) * w + Math.cos(angle) * h) / 2;
    page.drawText(opts.watermark, { x: cx, y: cy, size, font, color: rgb(0.85, 0.1, 0.1), opacity: 0.28, rotate: degrees((angle * 180) / Math.PI) });
    // and a plain line along the foot: readable, searchable and copyable whatever the viewer does with the diagonal
    const note = `${opts.watermark} - not for print: colours and image resolution differ from the print file`;
    const noteSize = Math.min(7, (width - 24) / Math.max(1, font.widthOfTextAtSize(note, 1)));
    page.drawRectangle({ x: 10, y: 10, width: font.widthOfTextAtSize(note, noteSize) + 6, height: noteSize + 4, color: rgb(1, 1, 1), opacity: 0.8 });
    page.drawText(note, { x: 13, y: 12, size: noteSize, font, color: rgb(0.85, 0.1, 0.1) });
  }
  const stamped = await doc.save({ useObjectStreams: false });
  // the watermark's Helvetica is a base-14 font, which pdfwrite leaves unembedded unless told (a file's fonts must travel with it)
  return runGhostscript(proofPdfwriteArgs(opts.dpi), stamped, { ...gs, postscript: '<< /NeverEmbed [ ] >> setdistillerparams' });
}

/** pdfwrite switches of the proof pass: RGB, fonts embedded, images resampled to `dpi` and JPEG-encoded. */
export function proofPdfwriteArgs(dpi: number): string[] {
  const res = String(Math.round(dpi));
  return [
    '-sDEVICE=pdfwrite',
    '-dCompatibilityLevel=1.5',
    '-sColorConversionStrategy=RGB',
    '-dEmbedAllFonts=true',
    '-dSubsetFonts=true',
    '-dDownsampleColorImages=true',
    '-dDownsampleGrayImages=true',
    '-dDownsampleMonoImages=true',
    '-dColorImageDownsampleType=/Bicubic',
    '-dGrayImageDownsampleType=/Bicubic',
    `-dColorImageResolution=${res}`,
    `-dGrayImageResolution=${res}`,
    `-dMonoImageResolution=${Math.round(dpi * 2)}`,
    // resample anything above the target, not only above 1.5× it (the default threshold)
    '-dColorImageDownsampleThreshold=1.0',
    '-dGrayImageDownsampleThreshold=1.0',
    '-dAutoFilterColorImages=false',
    '-dColorImageFilter=/DCTEncode',
    '-dAutoFilterGrayImages=false',
    '-dGrayImageFilter=/DCTEncode',
    '-dPassThroughJPEGImages=false',
    '-dDetectDuplicateImages=true',
  ];
}
