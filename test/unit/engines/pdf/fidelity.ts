/** Shared by the fidelity test and its calibration script: fixture designs rendered both ways. */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { POINTS_PER_UNIT, renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import type { FabricBrowser } from './fabric-browser.js';
import { FIXTURES, fixtureAssets, rasterise, toRaster, type Raster } from './helpers.js';

export interface DesignFixture {
  name: string;
  description: string;
  /** comparison resolution of the trim box; default 100 (doubled by RENDER_SCALE) */
  renderDpi?: number;
  page: Omit<PageSpec, 'layers'>;
  layers: unknown[];
}

/** Measured mean absolute errors per fixture (see fidelity-calibrate.ts --write-baseline). */
export const BASELINE_FILE = path.join(FIXTURES, 'designs', 'fidelity-baseline.json');

/**
 * The error a fixture may reach before the test fails: 20 % over its measured baseline plus a
 * small absolute margin for run-to-run anti-aliasing noise.
 */
export function fidelityLimit(baseline: number): number {
  return baseline * 1.2 + 0.15;
}

export async function loadBaseline(): Promise<Record<string, number>> {
  return JSON.parse(await readFile(BASELINE_FILE, 'utf8')) as Record<string, number>;
}

export async function loadDesignFixtures(): Promise<DesignFixture[]> {
  const dir = path.join(FIXTURES, 'designs');
  const files = (await readdir(dir)).filter((f) => /^\d+-.*\.json$/.test(f)).sort();
  return Promise.all(files.map(async (f) => ({ name: f.replace(/\.json$/, ''), ...JSON.parse(await readFile(path.join(dir, f), 'utf8')) })));
}

/** Mean absolute difference over all RGB samples, 0..255. */
export function meanAbsoluteError(a: Raster, b: Raster): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error(`size mismatch ${a.width}x${a.height} vs ${b.width}x${b.height}`);
  let sum = 0;
  const n = a.width * a.height;
  for (let i = 0; i < n; i++) {
    for (let c = 0; c < 3; c++) sum += Math.abs(a.data[i * a.channels + c]! - b.data[i * b.channels + c]!);
  }
  return sum / (n * 3);
}

export interface FidelityResult {
  name: string;
  mae: number;
  width: number;
  height: number;
  pdf: Raster;
  fabric: Raster;
}

/** Trim box of the design's PDF via pdftoppm, and the same design via Fabric, at the same pixel size. */
/**
 * Both sides are rasterised at twice the fixture's resolution: at ~100 dpi the two
 * rasterisers' glyph hinting moves text by up to half a pixel each way, which would swamp
 * the layout differences this comparison is meant to catch.
 */
export const RENDER_SCALE = 2;

export async function compareFixture(browser: FabricBrowser, fx: DesignFixture, layers: unknown[] = fx.layers): Promise<FidelityResult> {
  const dpi = (fx.renderDpi ?? 100) * RENDER_SCALE;
  const k = POINTS_PER_UNIT[fx.page.dimensionUnit] / 72; // inches per unit
  const px = (v: number): number => {
    const p = v * k * dpi;
    if (Math.abs(p - Math.round(p)) > 1e-6) throw new Error(`${fx.name}: ${v} ${fx.page.dimensionUnit} is not a whole number of pixels at ${dpi} dpi`);
    return Math.round(p);
  };
  const width = px(fx.page.width);
  const height = px(fx.page.height);
  const { pdf } = await renderPdf([{ ...fx.page, layers: fx.layers }], fixtureAssets());
  const pdfRaster = await rasterise(pdf, { dpi, crop: { x: px(fx.page.bleed?.left ?? 0), y: px(fx.page.bleed?.top ?? 0), w: width, h: height } });
  const png = await browser.render({
    layers,
    viewportWidth: fx.page.viewportWidth,
    viewportHeight: fx.page.viewportHeight,
    width,
    height,
    background: fx.page.background?.color ?? '#ffffff',
  });
  const fabric = await toRaster(png);
  return { name: fx.name, mae: meanAbsoluteError(pdfRaster, fabric), width, height, pdf: pdfRaster, fabric };
}

/** PNG of pdf | fabric | amplified difference, for looking at a failure. */
export async function sideBySide(r: FidelityResult): Promise<Buffer> {
  const { width, height } = r;
  const diff = Buffer.alloc(width * height * 3);
  for (let i = 0; i < width * height; i++) {
    for (let c = 0; c < 3; c++) diff[i * 3 + c] = 255 - Math.min(255, 4 * Math.abs(r.pdf.data[i * r.pdf.channels + c]! - r.fabric.data[i * r.fabric.channels + c]!));
  }
  const raw = (d: Buffer, ch: number) => ({ input: d, raw: { width, height, channels: ch as 3 } });
  return sharp({ create: { width: width * 3, height, channels: 3, background: '#ffffff' } })
    .composite([
      { ...raw(r.pdf.data, r.pdf.channels), left: 0, top: 0 },
      { ...raw(r.fabric.data, r.fabric.channels), left: width, top: 0 },
      { ...raw(diff, 3), left: 2 * width, top: 0 },
    ])
    .png()
    .toBuffer();
}
