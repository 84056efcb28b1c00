/**
 * Ink per plate as a press would lay it down: Ghostscript's tiffsep device writes one 8-bit
 * plate per ink (process and spot) and simulates overprint, so a knockout reads 0 on the
 * plates under it and an overprint keeps them.
 */
import path from 'node:path';
import sharp from 'sharp';
import { tool, withPdfFile } from './helpers.js';

export type Plate = (xPt: number, yPt: number) => number;

/**
 * Plates of page 1 at `dpi`: each a function of page points measured from the top-left of the
 * MediaBox, giving the ink 0 (none) .. 1 (full) at that pixel.
 */
export async function inkPlates(pdf: Uint8Array, dpi: number, inks: readonly string[] = ['Cyan', 'Magenta', 'Yellow', 'Black']): Promise<Map<string, Plate & { width: number; height: number }>> {
  return withPdfFile(pdf, async (file, dir) => {
    await tool('gs', ['-q', '-dSAFER', '-dBATCH', '-dNOPAUSE', '-sDEVICE=tiffsep', '-dOverprint=/enable', `-r${dpi}`, '-dFirstPage=1', '-dLastPage=1', '-o', path.join(dir, 'p.tif'), file]);
    const out = new Map<string, Plate & { width: number; height: number }>();
    const k = dpi / 72;
    for (const ink of inks) {
      const { data, info } = await sharp(path.join(dir, `p(${ink}).tif`)).raw().toBuffer({ resolveWithObject: true });
      // tiffsep plates are 0 = full ink, 255 = none
      const plate = (x: number, y: number): number => {
        const px = Math.min(info.width - 1, Math.max(0, Math.floor(x * k)));
        const py = Math.min(info.height - 1, Math.max(0, Math.floor(y * k)));
        return 1 - data[(py * info.width + px) * info.channels]! / 255;
      };
      out.set(ink, Object.assign(plate, { width: info.width / k, height: info.height / k }));
    }
    return out;
  });
}
