/**
 * Codes print as the editor shows them: the editor's own Fabric class (customizer/src/
 * barcode-object.ts, bundled here with esbuild against the page's Fabric) draws a QR code,
 * an EAN-13 in a spot ink, a Code 128 and a UPC-A in headless Chromium; the PDF engine prints
 * the same layers; at 150 dpi at most 2 % of the pixels differ by more than 32.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spotsForCanvas } from '../../../../customizer/src/paint.js';
import { needs } from '../../../helpers/requirements.js';
import { FabricBrowser } from './fabric-browser.js';
import { sideBySide } from './fidelity.js';
import { bothWays, differingFraction, DPI } from './pixel-diff.js';

const chromiumGate = needs('chromium');
const ARTIFACTS = path.resolve('test-artifacts/shapes-fidelity');

/** The editor's Barcode class as a script for a page whose Fabric is `window.fabric`. */
async function barcodeClassScript(): Promise<string> {
  const out = await build({
    entryPoints: [path.resolve('customizer/src/barcode-object.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    conditions: ['browser'],
    logLevel: 'silent',
    plugins: [
      {
        name: 'fabric-global',
        setup(b) {
          b.onResolve({ filter: /^fabric$/ }, () => ({ path: 'fabric', namespace: 'global' }));
          b.onLoad({ filter: /.*/, namespace: 'global' }, () => ({ contents: 'module.exports = window.fabric;', loader: 'js' }));
        },
      },
    ],
  });
  return out.outputFiles[0]!.text;
}

// a red ink: the editor draws an ink in a plain CMYK → RGB of its alternate, which for
// saturated blues (PANTONE 286 C) is brighter than poppler's rendering of the same CMYK
const INK = { spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] };
/**
 * Two pages of codes at about the size they print (an EAN-13 some 2.6 in wide): at 150 dpi a
 * bar edge is a pixel that poppler snaps to the pixel grid (Splash's stroke adjustment) and
 * Chromium anti-aliases, so the share of differing pixels grows with the bars per page.
 */
const PAGES: Record<string, Array<Record<string, unknown>>> = {
  'QR code, EAN-13 in a spot ink, rotated': [
    { type: 'barcode', symbology: 'qrcode', value: 'https://example.com/order?id=44', left: 30, top: 150, width: 280, height: 280, fill: '#111827', angle: -6 },
    { type: 'barcode', symbology: 'ean13', value: '590123412345', left: 350, top: 120, width: 420, height: 309, fill: INK, angle: 4 },
  ],
  'Code 128, UPC-A, scaled': [
    { type: 'barcode', symbology: 'code128', value: 'FOLIO-44', left: 30, top: 150, width: 360, height: 220 },
    { type: 'barcode', symbology: 'upca', value: '03600029145', left: 420, top: 120, width: 330, height: 260, scaleX: 1.1, scaleY: 1.1 },
  ],
};
const CODES = Object.values(PAGES)[0]!;

describe.skipIf(chromiumGate.skip)(`codes: the editor's canvas vs the PDF at ${DPI} dpi${chromiumGate.note}`, () => {
  let browser: FabricBrowser;

  beforeAll(async () => {
    browser = await FabricBrowser.launch();
    await browser.addScript(await barcodeClassScript());
  }, 60_000);

  afterAll(async () => browser?.close());

  for (const [name, codes] of Object.entries(PAGES)) it(`${name}: at most 2 % of pixels differ`, async () => {
    const r = await bothWays(browser, spotsForCanvas(codes), codes);
    const f = differingFraction(r.pdf, r.fabric);
    console.log(`codes (${name}): ${(f * 100).toFixed(3)} % of pixels differ by > 32`);
    await mkdir(ARTIFACTS, { recursive: true });
    await writeFile(path.join(ARTIFACTS, `codes-${codes[0]!.symbology}-pdf-canvas-diff.png`), await sideBySide({ name, mae: 0, width: r.pdf.width, height: r.pdf.height, pdf: r.pdf, fabric: r.fabric }));
    // the canvas drew the codes (not a blank page that would match an empty PDF)
    const dark = r.fabric.data.filter((v, i) => i % r.fabric.channels === 0 && v < 128).length;
    expect(dark / (r.fabric.width * r.fabric.height)).toBeGreaterThan(0.05);
    expect(f).toBeLessThanOrEqual(0.02);
  });

  // a QR code with one character changed moves fewer modules than that (1.9 % of this page):
  // the values themselves are checked by zbarimg (barcode-layer.test.ts, editor-shapes.test.ts)
  it('the comparison fails on an EAN-13 printed with another value', async () => {
    const other = CODES.map((c) => (c.symbology === 'ean13' ? { ...c, value: '400638133393' } : c));
    const r = await bothWays(browser, spotsForCanvas(CODES), other);
    expect(differingFraction(r.pdf, r.fabric)).toBeGreaterThan(0.02);
  });
});
