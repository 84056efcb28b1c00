/** Helpers of the variable-data tests: a business-card side, and zbarimg over rendered pages. */
import path from 'node:path';
import type { PageSpec } from '../../../../src/engines/pdf/index.js';
import { tool, withPdfFile } from '../pdf/helpers.js';

/** 85 × 55 mm card, 2 mm bleed, 340 × 220 px viewport (4 px per mm). */
export function cardSide(layers: unknown[], extra: Partial<PageSpec> = {}): PageSpec {
  return {
    width: 85,
    height: 55,
    dimensionUnit: 'mm',
    bleed: { top: 2, right: 2, bottom: 2, left: 2 },
    viewportWidth: 340,
    viewportHeight: 220,
    background: { color: '#ffffff' },
    layers,
    ...extra,
  };
}

/** The symbols zbarimg decodes on each page (rendered with pdftoppm): `[[type:data, …], …]`. */
export async function decodePages(pdf: Uint8Array, pages: number, dpi = 300): Promise<string[][]> {
  return withPdfFile(pdf, async (file, dir) => {
    await tool('pdftoppm', ['-png', '-r', String(dpi), '-f', '1', '-l', String(pages), file, path.join(dir, 'p')]);
    const out: string[][] = [];
    const width = String(pages).length;
    for (let p = 1; p <= pages; p++) {
      // pdftoppm pads page numbers to the width of the last one
      const png = path.join(dir, `p-${String(p).padStart(Math.max(width, 1), '0')}.png`);
      let text: string;
      try {
        text = await tool('zbarimg', ['-q', png]);
      } catch (e) {
        // exit 4: nothing found
        text = (e as { stdout?: string }).stdout ?? '';
      }
      out.push(text.split('\n').filter(Boolean).sort());
    }
    return out;
  });
}

/** pdftotext of one page. */
export async function pageText(pdf: Uint8Array, page: number): Promise<string> {
  return withPdfFile(pdf, (file) => tool('pdftotext', ['-f', String(page), '-l', String(page), '-layout', file, '-']));
}
