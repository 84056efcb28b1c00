import { readFile } from 'node:fs/promises';
import sharp from 'sharp';
import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { createProduct, createSide } from '../catalog/helpers.js';
import { finishedJob, saveDesign } from '../designs/helpers.js';
import { tool, withPdfFile } from '../../unit/engines/pdf/helpers.js';

export const MM = 72 / 25.4;

/**
 * A product with one side of the given trim (mm), filled with a flat colour, and `n` designs
 * on it whose only text is their label (P01, P02, …), so pdftotext tells the pages apart.
 */
export async function labelledDesigns(app: App, store: TestStore, n: number, o: { width?: number; height?: number; bleed?: number; color?: string; prefix?: string } = {}) {
  const width = o.width ?? 85;
  const height = o.height ?? 55;
  const bleed = o.bleed ?? 3;
  const product = await createProduct(app, store, { name: `Card ${width}x${height}`, viewport_width: width * 4, viewport_height: height * 4 });
  const side = await createSide(app, store, product.id, {
    name: 'Front',
    width,
    height,
    dpi: 300,
    bleed: { top: bleed, right: bleed, bottom: bleed, left: bleed },
    // 2 mm, or less on a side too small for it (a 1 mm label)
    safe_zone: { top: Math.min(2, height / 4), right: Math.min(2, width / 4), bottom: Math.min(2, height / 4), left: Math.min(2, width / 4) },
    bg_type: 'color',
    bg_color_value: o.color ?? '#0000ff',
  });
  const designs = [];
  for (let i = 1; i <= n; i++) {
    const label = `${o.prefix ?? 'P'}${String(i).padStart(2, '0')}`;
    designs.push(await saveDesign(app, store, { side_id: side.id, layers: [{ type: 'textbox', left: 20, top: 20, width: 200, text: label, fontFamily: 'Roboto', fontSize: 28, fill: '#ffffff' }], viewport_width: width * 4, viewport_height: height * 4 }, as.B(store)));
  }
  return { product, side, designs };
}

/** A finished print-ready PDF job of these designs (a project of them, in order). */
export async function pdfJobOf(app: App, store: TestStore, designIds: string[]) {
  const project = (await app.inject({ method: 'POST', url: '/v1/projects', headers: as.B(store), payload: { name: 'Run' } })).json().data;
  for (const id of designIds) {
    const r = await app.inject({ method: 'PUT', url: `/v1/designs/${id}`, headers: as.B(store), payload: { project_id: project.id } });
    expect(r.statusCode, r.body).toBe(200);
  }
  const res = await app.inject({ method: 'POST', url: `/v1/projects/${project.id}/pdf`, headers: as.B(store), payload: {} });
  expect(res.statusCode, res.body).toBe(202);
  const job = await finishedJob(app, res.json().data.id, as.B(store));
  expect(job.status, job.error).toBe('completed');
  return job;
}

export interface Drawn {
  /** the form drawn (P1 = source page 1) */
  name: string;
  page: number;
  clip: { x: number; y: number; w: number; h: number };
  matrix: number[];
}

/**
 * Every source page drawn on every output page, read from the uncompressed content streams
 * (qpdf --qdf): the clip rectangle and the matrix of each `re W n … cm /Pn Do` group.
 */
export async function drawnForms(pdf: Uint8Array): Promise<Drawn[]> {
  return withPdfFile(pdf, async (file, dir) => {
    const out = `${dir}/qdf.pdf`;
    await tool('qpdf', ['--qdf', '--object-streams=disable', file, out]);
    const src = await readFile(out, 'latin1');
    const drawn: Drawn[] = [];
    // qdf labels each page's content stream: "%% Contents for page N".
    const parts = src.split(/%% Contents for page (\d+)/);
    for (let i = 1; i < parts.length; i += 2) {
      const page = Number(parts[i]);
      const body = parts[i + 1]!.split('endstream')[0]!;
      const re = /q\s+([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) re\s+W\s+n\s+([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) ([-\d.]+) cm\s+\/(P\d+) Do\s+Q/g;
      for (const m of body.matchAll(re)) {
        const n = m.slice(1, 11).map(Number);
        drawn.push({ name: m[11]!, page, clip: { x: n[0]!, y: n[1]!, w: n[2]!, h: n[3]! }, matrix: n.slice(4) });
      }
    }
    return drawn;
  });
}

/** Each output page's uncompressed content stream (qpdf --qdf), 1-based. */
export async function pageContents(pdf: Uint8Array): Promise<string[]> {
  return withPdfFile(pdf, async (file, dir) => {
    await tool('qpdf', ['--qdf', '--object-streams=disable', file, `${dir}/qdf.pdf`]);
    // a page may have several content streams (each labelled with its page): joined per page
    const parts = (await readFile(`${dir}/qdf.pdf`, 'latin1')).split(/%% Contents for page (\d+)/);
    const pages: string[] = [];
    for (let i = 1; i < parts.length; i += 2) {
      const n = Number(parts[i]) - 1;
      pages[n] = `${pages[n] ?? ''}${parts[i + 1]!.split('endstream')[0]!}\n`;
    }
    return pages;
  });
}

/** Crop marks drawn on a page: the segments of the hairline (0.25 pt) path, as [x1, y1, x2, y2] in pt. */
export function cropMarks(content: string): number[][] {
  const out: number[][] = [];
  for (const block of content.matchAll(/\b0\.25 w\n([\s\S]*?)\nS\n/g)) {
    for (const m of block[1]!.matchAll(/([-\d.]+) ([-\d.]+) m\s+([-\d.]+) ([-\d.]+) l/g)) out.push(m.slice(1, 5).map(Number));
  }
  return out;
}

/** A source rectangle (pt, [x0, y0, x1, y1]) through a PDF matrix: the axis-aligned rectangle it lands on. */
export function through(m: number[], box: number[]): { x: number; y: number; w: number; h: number } {
  const [a, b, c, d, e, f] = m as [number, number, number, number, number, number];
  const pts = [
    [box[0]!, box[1]!],
    [box[2]!, box[1]!],
    [box[0]!, box[3]!],
    [box[2]!, box[3]!],
  ].map(([x, y]) => [a * x! + c * y! + e, b * x! + d * y! + f]);
  const xs = pts.map((p) => p[0]!);
  const ys = pts.map((p) => p[1]!);
  return { x: Math.min(...xs), y: Math.min(...ys), w: Math.max(...xs) - Math.min(...xs), h: Math.max(...ys) - Math.min(...ys) };
}

/** Blocks of one colour on a rendered page (4-connected, at least `minPx` pixels): their pixel bounding boxes. */
export async function colourBlocks(pdf: Uint8Array, page: number, dpi: number, rgb: [number, number, number], minPx = 20) {
  const png = await withPdfFile(pdf, async (file, dir) => {
    await tool('pdftoppm', ['-r', String(dpi), '-f', String(page), '-l', String(page), '-png', '-singlefile', file, `${dir}/p`]);
    return readFile(`${dir}/p.png`);
  });
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const W = info.width;
  const H = info.height;
  const hit = (i: number) => Math.abs(data[i * 3]! - rgb[0]) < 40 && Math.abs(data[i * 3 + 1]! - rgb[1]) < 40 && Math.abs(data[i * 3 + 2]! - rgb[2]) < 40;
  const seen = new Uint8Array(W * H);
  const blocks: Array<{ x0: number; y0: number; x1: number; y1: number; n: number }> = [];
  for (let i = 0; i < W * H; i++) {
    if (seen[i] || !hit(i)) continue;
    const stack = [i];
    seen[i] = 1;
    const b = { x0: W, y0: H, x1: 0, y1: 0, n: 0 };
    while (stack.length) {
      const j = stack.pop()!;
      const x = j % W;
      const y = (j - x) / W;
      b.n++;
      b.x0 = Math.min(b.x0, x);
      b.x1 = Math.max(b.x1, x);
      b.y0 = Math.min(b.y0, y);
      b.y1 = Math.max(b.y1, y);
      for (const k of [x > 0 ? j - 1 : -1, x < W - 1 ? j + 1 : -1, y > 0 ? j - W : -1, y < H - 1 ? j + W : -1]) {
        if (k >= 0 && !seen[k] && hit(k)) {
          seen[k] = 1;
          stack.push(k);
        }
      }
    }
    if (b.n >= minPx) blocks.push(b);
  }
  return { blocks, width: W, height: H };
}

/** The labels pdftotext finds on each page, left to right (layout mode). */
export async function labelsPerPage(pdf: Uint8Array, pages: number): Promise<string[][]> {
  const out: string[][] = [];
  for (let p = 1; p <= pages; p++) {
    const text = await withPdfFile(pdf, (file) => tool('pdftotext', ['-layout', '-f', String(p), '-l', String(p), file, '-']));
    out.push([...text.matchAll(/\b[A-Z]\d{2}\b/g)].map((m) => m[0]));
  }
  return out;
}
