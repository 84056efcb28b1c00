/** Canvas vs PDF by pixels at 150 dpi (shapes-fidelity and barcode-fidelity tests): the share of pixels that differ by more than 32. */
import { spotsForPrint } from '../../../../customizer/src/paint.js';
import { renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import type { FabricBrowser } from './fabric-browser.js';
import { fixtureAssets, rasterise, toRaster, type Raster } from './helpers.js';

export const DPI = 150;
/** 4 × 3 in trim, 0.1 in bleed, an 800 × 600 px canvas */
export const PAGE: Omit<PageSpec, 'layers'> = { width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, dpi: 300, viewportWidth: 800, viewportHeight: 600, background: { color: '#ffffff' } };

/** Fraction of pixels whose largest channel difference exceeds 32. */
export function differingFraction(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`size mismatch ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let bad = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(a.data[i * a.channels + c]! - b.data[i * b.channels + c]!));
    if (d > 32) bad++;
  }
  return bad / n;
}

/** The trim box of a design both ways at 150 dpi: pdftoppm over the engine's PDF, and Fabric. */
export async function bothWays(browser: FabricBrowser, canvasLayers: Record<string, unknown>[], printLayers: unknown[] = spotsForPrint(canvasLayers)): Promise<{ pdf: Raster; fabric: Raster; bytes: Uint8Array }> {
  const w = PAGE.width * DPI;
  const h = PAGE.height * DPI;
  const { pdf } = await renderPdf([{ ...PAGE, layers: printLayers }], fixtureAssets());
  const pdfRaster = await rasterise(pdf, { dpi: DPI, crop: { x: 0.1 * DPI, y: 0.1 * DPI, w, h } });
  const png = await browser.render({ layers: canvasLayers, viewportWidth: PAGE.viewportWidth, viewportHeight: PAGE.viewportHeight, width: w, height: h });
  return { pdf: pdfRaster, fabric: await toRaster(png), bytes: pdf };
}

