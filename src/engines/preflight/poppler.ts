import path from 'node:path';
import { runTool } from './exec-tool.js';

/** One row of `pdffonts`. */
export interface PdfFontRow {
  name: string;
  type: string;
  encoding: string;
  embedded: boolean;
  subset: boolean;
  objectNumber: number;
  generation: number;
}

/** One row of `pdfimages -list`: an image as placed on a page. */
export interface PdfImageRow {
  page: number;
  num: number;
  /** image | mask | smask | stencil */
  type: string;
  width: number;
  height: number;
  color: string;
  components: number;
  bpc: number;
  encoding: string;
  objectNumber: number;
  /** resolution as placed, from the page's transformation */
  xPpi: number;
  yPpi: number;
}

/** `file` lies in a private directory of its own (`withTempDir`): the tool runs confined to it. */
export async function pdfFonts(file: string, timeoutMs: number): Promise<PdfFontRow[]> {
  const { stdout } = await runTool('pdffonts', [file], { timeoutMs, dir: path.dirname(file) });
  return parsePdfFonts(stdout);
}

export async function pdfImages(file: string, timeoutMs: number): Promise<PdfImageRow[]> {
  const { stdout } = await runTool('pdfimages', ['-list', file], { timeoutMs, dir: path.dirname(file) });
  return parsePdfImages(stdout);
}

/**
 * The type column has spaces ("Type 1C", "TrueType (CID)") and long names overflow their
 * column, so rows are read from the right: encoding emb sub uni object gen are single tokens.
 */
export function parsePdfFonts(text: string): PdfFontRow[] {
  const rows: PdfFontRow[] = [];
  for (const line of dataLines(text)) {
    const t = line.trim().split(/\s+/);
    if (t.length < 8) continue;
    const [encoding, emb, sub, , obj, gen] = t.slice(-6);
    rows.push({
      name: t[0] ?? '',
      type: t.slice(1, -6).join(' '),
      encoding: encoding ?? '',
      embedded: emb === 'yes',
      subset: sub === 'yes',
      objectNumber: Number(obj),
      generation: Number(gen),
    });
  }
  return rows;
}

export function parsePdfImages(text: string): PdfImageRow[] {
  const rows: PdfImageRow[] = [];
  for (const line of dataLines(text)) {
    const t = line.trim().split(/\s+/);
    if (t.length < 16) continue;
    rows.push({
      page: Number(t[0]),
      num: Number(t[1]),
      type: t[2] ?? '',
      width: Number(t[3]),
      height: Number(t[4]),
      color: t[5] ?? '',
      components: Number(t[6]),
      bpc: Number(t[7]),
      encoding: t[8] ?? '',
      objectNumber: Number(t[10]),
      xPpi: Number(t[12]),
      yPpi: Number(t[13]),
    });
  }
  return rows;
}

/** Lines after the dashed rule under the header. */
function dataLines(text: string): string[] {
  const lines = text.split(/\r?\n/);
  const rule = lines.findIndex((l) => /^-{5,}/.test(l));
  return rule < 0 ? [] : lines.slice(rule + 1).filter((l) => l.trim().length > 0);
}
