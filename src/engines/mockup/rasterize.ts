import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { pageBoxes, renderPdf, type AssetResolver, type PageSpec } from '../pdf/index.js';
import type { Raster } from './composite.js';

/** A rectangle in PDF points, origin bottom-left (as the PDF's boxes). */
export interface PtBox {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** A design rendered once by the print engine: the one-page RGB PDF and its boxes. */
export interface DesignPage {
  pdf: Buffer;
  media: PtBox;
  bleed: PtBox;
  trim: PtBox;
  safe: PtBox;
}

export class RasterError extends Error {
  readonly code = 'rasterize_failed';
}

/**
 * The design as the PDF job prints it (same engine: fonts, shaping, colour), RGB, without
 * marks. Errors of the design (a missing image, bad layers) are the PDF engine's.
 */
export async function renderDesignPage(page: PageSpec, assets: AssetResolver, signal?: AbortSignal): Promise<DesignPage> {
  const out = await renderPdf([page], assets, { colorMode: 'rgb', cropMarks: false, ...(signal ? { signal } : {}) });
  const b = pageBoxes(
    { width: page.width, height: page.height, dimensionUnit: page.dimensionUnit, bleed: page.bleed, safeZone: page.safeZone, viewportWidth: page.viewportWidth, viewportHeight: page.viewportHeight } as Parameters<typeof pageBoxes>[0],
    false,
  );
  return { pdf: out.pdf, media: b.mediaBox, bleed: b.bleedBox, trim: b.trimBox, safe: b.safeBox };
}

let tmpRoot: Promise<string> | null = null;

/**
 * Rasterises a region of the page at `widthPx` across the region with poppler's pdftocairo
 * (transparent where nothing is painted), cropped by the renderer itself.
 * Returns straight (not premultiplied) RGBA as a PNG.
 */
export async function rasterPng(page: DesignPage, region: PtBox, widthPx: number, timeoutMs = 30_000): Promise<{ png: Buffer; width: number; height: number }> {
  const dpi = (widthPx * 72) / region.width;
  const k = dpi / 72;
  const x = Math.round(region.x * k);
  const y = Math.round((page.media.height - region.y - region.height) * k);
  const w = Math.max(1, Math.round(region.width * k));
  const h = Math.max(1, Math.round(region.height * k));
  tmpRoot ??= mkdtemp(path.join(tmpdir(), 'folio-mockup-'));
  const dir = await tmpRoot;
  const file = path.join(dir, `${process.pid}-${Math.random().toString(36).slice(2)}.pdf`);
  await writeFile(file, page.pdf);
  try {
    const png = await new Promise<Buffer>((resolve, reject) => {
      execFile(
        'pdftocairo',
        ['-png', '-transp', '-singlefile', '-r', dpi.toFixed(4), '-x', String(x), '-y', String(y), '-W', String(w), '-H', String(h), file, '-'],
        { encoding: 'buffer', maxBuffer: 512 * 1024 * 1024, timeout: timeoutMs },
        (err, stdout, stderr) => (err ? reject(new RasterError(`pdftocairo failed: ${err.message} ${stderr.toString().slice(-500)}`)) : resolve(stdout)),
      );
    });
    return { png, width: w, height: h };
  } finally {
    await rm(file, { force: true });
  }
}

/** The design's trim box as premultiplied RGBA, `widthPx` wide (what a mockup samples). */
export async function designRaster(page: DesignPage, widthPx: number): Promise<Raster> {
  const { png } = await rasterPng(page, page.trim, widthPx);
  const { data, info } = await sharp(png).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const px = new Uint8Array(data.buffer, data.byteOffset, data.length);
  for (let i = 0; i < px.length; i += 4) {
    const a = px[i + 3]!;
    if (a === 255) continue;
    px[i] = (px[i]! * a + 127) / 255;
    px[i + 1] = (px[i + 1]! * a + 127) / 255;
    px[i + 2] = (px[i + 2]! * a + 127) / 255;
  }
  return { width: info.width, height: info.height, data: px };
}
