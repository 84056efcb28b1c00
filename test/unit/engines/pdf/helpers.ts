/** Test helpers: a fixture AssetResolver and thin wrappers over poppler's command-line tools. */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import sharp from 'sharp';
import type { AssetResolver, FontAsset, FontQuery } from '../../../../src/engines/pdf/index.js';

const run = promisify(execFile);
export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../fixtures');

/** Images by file name under test/fixtures/images (src "fixture://photo.jpg" or imageId "photo.jpg"). */
export function fixtureAssets(extraFonts: Record<string, (q: FontQuery) => Promise<FontAsset | null>> = {}): AssetResolver & { imageCalls: string[] } {
  const imageCalls: string[] = [];
  return {
    imageCalls,
    async image(ref) {
      const name = ref.imageId ?? ref.src?.replace(/^fixture:\/\//, '');
      imageCalls.push(name ?? '');
      if (!name || name.includes('/') || name.includes('..')) throw new Error('not a fixture image');
      return new Uint8Array(await readFile(path.join(FIXTURES, 'images', name)));
    },
    async font(q) {
      const f = extraFonts[q.family.toLowerCase()];
      return f ? f(q) : null;
    },
  };
}

export async function withPdfFile<T>(pdf: Uint8Array, fn: (file: string, dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-pdf-test-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    await writeFile(file, pdf);
    return await fn(file, dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function tool(cmd: string, args: string[]): Promise<string> {
  const { stdout } = await run(cmd, args, { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

export interface PdfBoxes {
  MediaBox: number[];
  CropBox: number[];
  BleedBox: number[];
  TrimBox: number[];
}

/** `pdfinfo -box` for every page. */
export async function pdfBoxes(pdf: Uint8Array): Promise<PdfBoxes[]> {
  return withPdfFile(pdf, async (file) => {
    const out = await tool('pdfinfo', ['-box', '-f', '1', '-l', '9999', file]);
    const pages = new Map<number, Partial<PdfBoxes>>();
    for (const m of out.matchAll(/^Page\s+(\d+)\s+(MediaBox|CropBox|BleedBox|TrimBox):\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)/gm)) {
      const p = pages.get(Number(m[1])) ?? {};
      p[m[2] as keyof PdfBoxes] = [m[3], m[4], m[5], m[6]].map(Number);
      pages.set(Number(m[1]), p);
    }
    return [...pages.keys()].sort((a, b) => a - b).map((k) => pages.get(k) as PdfBoxes);
  });
}

export interface FontRow {
  name: string;
  type: string;
  emb: boolean;
  sub: boolean;
  uni: boolean;
}

/** `pdffonts` rows. */
export async function pdfFonts(pdf: Uint8Array): Promise<FontRow[]> {
  return withPdfFile(pdf, async (file) => {
    const lines = (await tool('pdffonts', [file])).split('\n').slice(2).filter((l) => l.trim());
    return lines.map((l) => {
      const parts = l.trim().split(/\s+/);
      // name, type (1-2 words), encoding, emb, sub, uni, object, id
      const [emb, sub, uni] = parts.slice(-5, -2);
      return { name: parts[0]!, type: parts.slice(1, -6).join(' '), emb: emb === 'yes', sub: sub === 'yes', uni: uni === 'yes' };
    });
  });
}

export interface ImageRow {
  page: number;
  type: string;
  width: number;
  height: number;
  color: string;
  comp: number;
  bpc: number;
  enc: string;
  xppi: number;
  yppi: number;
  /** the image's object number (the same on every page that places one shared image) */
  object: number;
}

/** `pdfimages -list` rows (smask rows included, type "smask"). */
export async function pdfImages(pdf: Uint8Array): Promise<ImageRow[]> {
  return withPdfFile(pdf, async (file) => {
    const lines = (await tool('pdfimages', ['-list', file])).split('\n').slice(2).filter((l) => l.trim());
    return lines.map((l) => {
      const p = l.trim().split(/\s+/);
      return {
        page: Number(p[0]), type: p[2]!, width: Number(p[3]), height: Number(p[4]), color: p[5]!, comp: Number(p[6]),
        bpc: Number(p[7]), enc: p[8]!, xppi: Number(p[12]), yppi: Number(p[13]), object: Number(p[10]),
      };
    });
  });
}

export async function pdfText(pdf: Uint8Array): Promise<string> {
  return withPdfFile(pdf, (file) => tool('pdftotext', ['-layout', file, '-']));
}

export interface Raster {
  width: number;
  height: number;
  channels: number;
  data: Buffer;
  /** [r, g, b] at (x, y) */
  at(x: number, y: number): [number, number, number];
}

export async function toRaster(png: Buffer): Promise<Raster> {
  const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    width: info.width,
    height: info.height,
    channels: info.channels,
    data,
    at(x, y) {
      const i = (Math.round(y) * info.width + Math.round(x)) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    },
  };
}

/**
 * Rasterises one page with pdftoppm. `dpi` sets the scale; `crop` (in pixels at that dpi)
 * cuts a region, e.g. the trim box.
 */
export async function rasterise(pdf: Uint8Array, opts: { page?: number; dpi: number; crop?: { x: number; y: number; w: number; h: number }; aa?: boolean }): Promise<Raster> {
  return withPdfFile(pdf, async (file, dir) => {
    const page = String(opts.page ?? 1);
    const args = ['-png', '-r', String(opts.dpi), '-f', page, '-l', page, '-singlefile'];
    if (opts.aa === false) args.push('-aa', 'no', '-aaVector', 'no');
    if (opts.crop) args.push('-x', String(opts.crop.x), '-y', String(opts.crop.y), '-W', String(opts.crop.w), '-H', String(opts.crop.h));
    await tool('pdftoppm', [...args, file, path.join(dir, 'out')]);
    return toRaster(await readFile(path.join(dir, 'out.png')));
  });
}

export function near(a: [number, number, number], b: [number, number, number], tol = 12): boolean {
  return a.every((v, i) => Math.abs(v - b[i]!) <= tol);
}
