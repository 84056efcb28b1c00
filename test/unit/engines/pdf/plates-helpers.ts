/**
 * Ink per plate as a press would lay it down: Ghostscript's tiffsep device writes one 8-bit
 * plate per ink (process and spot) and simulates overprint, so a knockout reads 0 on the
 * plates under it and an overprint keeps them.
 */
import { separate } from './pdfx-helpers.js';

export type Plate = (xPt: number, yPt: number) => number;

/**
 * Plates of page 1 at `dpi`: each a function of page points measured from the top-left of the
 * MediaBox, giving the ink 0 (none) .. 1 (full) at that pixel.
 */
export async function inkPlates(pdf: Uint8Array, dpi: number, inks: readonly string[] = ['Cyan', 'Magenta', 'Yellow', 'Black']): Promise<Map<string, Plate & { width: number; height: number }>> {
  const plates = await separate(pdf, dpi, 1, ['-dOverprint=/enable']);
  const out = new Map<string, Plate & { width: number; height: number }>();
  const k = dpi / 72;
  for (const ink of inks) {
    const p = plates.get(ink);
    if (!p) throw new Error(`no ${ink} plate (plates: ${[...plates.keys()].join(', ')})`);
    // tiffsep plates are 0 = full ink, 255 = none
    const plate = (x: number, y: number): number => {
      const px = Math.min(p.width - 1, Math.max(0, Math.floor(x * k)));
      const py = Math.min(p.height - 1, Math.max(0, Math.floor(y * k)));
      return 1 - p.data[(py * p.width + px) * p.channels]! / 255;
    };
    out.set(ink, Object.assign(plate, { width: p.width / k, height: p.height / k }));
  }
  return out;
}
