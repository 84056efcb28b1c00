import { execFile } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { pageBoxes, renderPdf, type AssetResolver, type PageSpec } from '../pdf/index.js';
import type { Raster } from './composite.js';
import { privateToolEnv, withTempDir } from '../preflight/exec-tool.js';

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
 * marks; a side with a mask as cut (nothing outside the mask, no CutContour line). Errors of the design (a missing image, bad layers) are the PDF engine's.
 */
export async function renderDesignPage(page: PageSpec, assets: AssetResolver, signal?: AbortSignal): Promise<DesignPage> {
  // a shaped side (a round sticker) as cut: transparent outside its mask, no die line
  const out = await renderPdf([page], assets, { colorMode: 'rgb', cropMarks: false, asCut: true, ...(signal ? { signal } : {}) });
  const b = pageBoxes(
    { width: page.width, height: page.height, dimensionUnit: page.dimensionUnit, bleed: page.bleed, safeZone: page.safeZone, viewportWidth: page.viewportWidth, viewportHeight: page.viewportHeight } as Parameters<typeof pageBoxes>[0],
    false,
  );
  return { pdf: out.pdf, media: b.mediaBox, bleed: b.bleedBox, trim: b.trimBox, safe: b.safeBox };
}

/**
 * Rasterises a region of the page at `widthPx` across the region with poppler's pdftocairo
 * (transparent where nothing is painted), cropped by the renderer itself. The image comes
 * back as an uncompressed TIFF (straight RGBA once decoded): PNG compression would cost more
 * than the rendering (measured: ~90 ms against ~25 ms for a 600 px card).
 */
export async function rasterImage(page: DesignPage, region: PtBox, widthPx: number, timeoutMs = 30_000): Promise<{ image: Buffer; width: number; height: number }> {
  const dpi = (widthPx * 72) / region.width;
  const k = dpi / 72;
  const x = Math.round(region.x * k);
  const y = Math.round((page.media.height - region.y - region.height) * k);
  const w = Math.max(1, Math.round(region.width * k));
  const h = Math.max(1, Math.round(region.height * k));
  if (w > 16_000 || h > 16_000) throw new RasterError(`a ${w} × ${h} px raster is larger than the rasteriser draws`);
  // a private dir per run, the tool's cwd and TMPDIR, like every tool run on a file holding untrusted artwork
  return withTempDir('folio-mockup', async (dir) => {
    const base = path.join(dir, 'page');
    await writeFile(`${base}.pdf`, page.pdf);
    await new Promise<void>((resolve, reject) => {
      execFile(
        'pdftocairo',
        ['-tiff', '-tiffcompression', 'none', '-transp', '-singlefile', '-r', dpi.toFixed(4), '-x', String(x), '-y', String(y), '-W', String(w), '-H', String(h), `${base}.pdf`, base],
        { encoding: 'buffer', maxBuffer: 1024 * 1024, timeout: timeoutMs, cwd: dir, env: privateToolEnv(dir) },
        (err, _stdout, stderr) => (err ? reject(new RasterError(`pdftocairo failed: ${err.message} ${stderr.toString().slice(-500)}`)) : resolve()),
      );
    });
    return { image: await readFile(`${base}.tif`), width: w, height: h };
  });
}

/** The design's trim box as premultiplied RGBA, `widthPx` wide (what a mockup samples). */
export async function designRaster(page: DesignPage, widthPx: number): Promise<Raster> {
  const { image } = await rasterImage(page, page.trim, widthPx);
  const { data, info } = await sharp(image).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
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
