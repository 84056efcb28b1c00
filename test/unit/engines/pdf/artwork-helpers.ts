/** Helpers for the vector artwork tests: a small PDF artwork made with pdf-lib, qpdf's QDF view, and a pixel-error measure. */
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, degrees, rgb } from 'pdf-lib';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_FONTS, defaultFontPath, readDefaultFont } from '../../../../src/engines/pdf/index.js';
import { tool, withPdfFile, type Raster } from './helpers.js';

export const ARTWORK_TEXT = 'Vector artwork 42';

/**
 * A 200 × 100 pt one-page PDF: a red rectangle over its left half, a blue one over its right
 * half, and the text ARTWORK_TEXT in embedded Roboto. `rotate` sets the page's /Rotate.
 */
export async function makeArtworkPdf(opts: { rotate?: 0 | 90 | 180 | 270 } = {}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const roboto = DEFAULT_FONTS.find((f) => f.family === 'Roboto')!;
  const face = roboto.faces.find((f) => f.weight === 400 && f.style === 'normal')!;
  const font = await doc.embedFont(await readDefaultFont(defaultFontPath(roboto, face)), { subset: true });
  const page = doc.addPage([200, 100]);
  page.drawRectangle({ x: 0, y: 0, width: 100, height: 100, color: rgb(1, 0, 0) });
  page.drawRectangle({ x: 100, y: 0, width: 100, height: 100, color: rgb(0, 0, 1) });
  page.drawText(ARTWORK_TEXT, { x: 10, y: 45, size: 14, font, color: rgb(1, 1, 1) });
  if (opts.rotate) page.setRotation(degrees(opts.rotate));
  return doc.save();
}

/** The file rewritten by `qpdf --qdf` (streams uncompressed, one object per line group). */
export async function qdf(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, async (file, dir) => {
    const out = path.join(dir, 'qdf.pdf');
    await tool('qpdf', ['--qdf', '--object-streams=disable', file, out]);
    return (await readFile(out)).toString('latin1');
  });
}

/** Mean absolute difference per channel (0..255) between two same-size RGB rasters. */
export function meanError(a: Raster, b: { data: Buffer; channels: number }): number {
  let sum = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) for (let k = 0; k < 3; k++) sum += Math.abs(a.data[i * a.channels + k]! - b.data[i * b.channels + k]!);
  return sum / (n * 3);
}
