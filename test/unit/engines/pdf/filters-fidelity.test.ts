/**
 * A filtered photo prints as the customizer shows it: Fabric 6's filters (its 2D canvas
 * backend, as the editor sets it) in headless Chromium vs the engine's image-filters.ts over
 * the same pixels, pdftoppm at 150 dpi; at most 2 % of the pixels differing by more than 32 in
 * any channel. Unfiltered shown vs filtered printed must fail the same comparison.
 * A duotone in a spot ink (duotone.ts): the customizer's Duotone class (customizer/src/duotone.ts,
 * sent to the page as source) vs the DeviceN image. A red ink (PANTONE 185 C) through pdftoppm
 * like the other cases. A blue ink (Reflex Blue, 100/73/0/2): poppler's and Ghostscript's own
 * CMYK → RGB (not the editor's naive (1 − c)(1 − k)) differ from the screen by far more than 32
 * in a cyan ink's tints, so those two figures are logged only, and the print is judged by its
 * ink: Ghostscript's tiffsep plates (the ink's and Black) composited as the editor composites
 * them; Cyan, Magenta and Yellow plates stay empty.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../src/engines/pdf/index.js';
import { applyFilters, clamp8, type ImageFilter } from '../../../../src/engines/pdf/image-filters.js';
import { needs } from '../../../helpers/requirements.js';
import { duotonePixels } from '../../../../src/engines/pdf/duotone.js';
import { verifyPrintFile } from '../../../../src/engines/pdf/check/index.js';
import { installDuotone } from '../../../../customizer/src/duotone.js';
import { FabricBrowser } from './fabric-browser.js';
import sharp from 'sharp';
import { fixtureAssets, pdfImages, toRaster } from './helpers.js';
import { gsPlates, gsRender, separate } from './pdfx-helpers.js';
import { bothWays, differingFraction, DPI, PAGE } from './pixel-diff.js';

const chromiumGate = needs('chromium');
const ARTIFACTS = path.resolve('test-artifacts/filters-fidelity');
/** 480 × 320, shown at 1.5× (the 150 dpi raster holds about its native pixels) */
const PHOTO = { type: 'Image', src: 'fixture://photo.jpg', left: 40, top: 60, scaleX: 1.5, scaleY: 1.5 };

const CASES: [string, ImageFilter[]][] = [
  ['brightness', [{ type: 'Brightness', brightness: 0.25 }]],
  ['darker', [{ type: 'Brightness', brightness: -0.3 }]],
  ['contrast', [{ type: 'Contrast', contrast: 0.4 }]],
  ['less-contrast', [{ type: 'Contrast', contrast: -0.5 }]],
  ['saturation', [{ type: 'Saturation', saturation: 0.6 }]],
  ['desaturated', [{ type: 'Saturation', saturation: -0.7 }]],
  ['greyscale', [{ type: 'Grayscale', mode: 'average' }]],
  ['sepia', [{ type: 'Sepia', colorsOnly: false }]],
  ['duotone-red', [{ type: 'Duotone', spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }]],
  ['all-five', [{ type: 'Brightness', brightness: 0.1 }, { type: 'Contrast', contrast: 0.2 }, { type: 'Saturation', saturation: -0.3 }, { type: 'Grayscale', mode: 'average' }, { type: 'Sepia', colorsOnly: false }]],
];

describe('image filter maths', () => {
  it('stores as a Uint8ClampedArray does', () => {
    const ref = new Uint8ClampedArray(1);
    for (const v of [-3, 0, 0.5, 1.5, 2.5, 127.49, 127.5, 128.5, 254.5, 255, 300, Number.NaN]) {
      ref[0] = v;
      expect(clamp8(v), String(v)).toBe(ref[0]);
    }
  });

  it('matches Fabric’s formulas on a few pixels', () => {
    const px = new Uint8Array([200, 100, 50, 255, 10, 20, 30, 255]);
    applyFilters(px, [{ type: 'Grayscale' }]);
    expect([...px]).toEqual([117, 117, 117, 255, 20, 20, 20, 255]);
    const s = new Uint8Array([200, 100, 50, 255]);
    applyFilters(s, [{ type: 'Saturation', saturation: -1 }]);
    expect([...s]).toEqual([200, 200, 200, 255]);
    const b = new Uint8Array([250, 5, 128, 255]);
    applyFilters(b, [{ type: 'Brightness', brightness: 0.1 }]);
    expect([...b]).toEqual([255, 31, 154, 255]);
  });

  it('duotone: ink tint 1 − luma, black only in the darker half (up to 90 %), the composite over white', () => {
    const px = new Uint8Array([255, 255, 255, 255, 128, 128, 128, 255, 0, 0, 0, 255]);
    const plates = new Uint8Array(6);
    duotonePixels(px, [0, 100, 100, 0], plates);
    // [K, S] per pixel: white → none; mid grey → ink 127, black 0; black → ink 255, black 90 %
    expect([...plates]).toEqual([0, 0, 0, 127, 230, 255]);
    duotonePixels(px, [0, 100, 100, 0]);
    expect([...px]).toEqual([255, 255, 255, 255, 255, 128, 128, 255, 25, 0, 0, 255]);
  });
});

describe.skipIf(chromiumGate.skip)(`filtered images: canvas vs PDF at ${DPI} dpi${chromiumGate.note}`, () => {
  let browser: FabricBrowser;
  const measured: string[] = [];

  beforeAll(async () => {
    browser = await FabricBrowser.launch();
    // the customizer filters on Fabric's 2D canvas backend (customizer/src/filters.ts)
    await browser.evaluate(() => {
      const f = (window as unknown as { fabric: { setFilterBackend(b: unknown): void; Canvas2dFilterBackend: new () => unknown } }).fabric;
      f.setFilterBackend(new f.Canvas2dFilterBackend());
    }, null);
    // the customizer's Duotone filter class, its pixels from the engine's duotone.ts
    await browser.evaluate((src) => void (0, eval)(src), `(${installDuotone.toString()})(fabric, ${duotonePixels.toString()})`);
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    console.log(`filter fidelity (fraction of pixels differing by > 32):\n${measured.join('\n')}`);
  });

  async function fraction(name: string, shown: Record<string, unknown>[], printed: Record<string, unknown>[] = shown): Promise<number> {
    const r = await bothWays(browser, shown, printed);
    const f = differingFraction(r.pdf, r.fabric);
    measured.push(`  ${name.padEnd(16)} ${(f * 100).toFixed(3)} %`);
    await writeFile(path.join(ARTIFACTS, `${name}.pdf`), r.bytes);
    return f;
  }

  for (const [name, filters] of CASES) {
    it(`${name} prints as shown`, async () => {
      expect(await fraction(name, [{ ...PHOTO, filters }])).toBeLessThanOrEqual(0.02);
    }, 30_000);
  }

  it('a duotone in a blue ink prints its photo in two plates, composited as shown (poppler and gs png16m logged)', async () => {
    const filters = [{ type: 'Contrast', contrast: 0.2 }, { type: 'Duotone', spot: 'Reflex Blue', cmyk: [100, 73, 0, 2] }];
    const r = await bothWays(browser, [{ ...PHOTO, filters }]);
    const w = PAGE.width * DPI;
    const h = PAGE.height * DPI;
    const log = (name: string, f: number) => measured.push(`  ${name.padEnd(16)} ${(f * 100).toFixed(3)} %`);
    log('duotone-blue pdftoppm (logged)', differingFraction(r.pdf, r.fabric));
    // the trim box: 0.1 in of bleed = 15 px at 150 dpi
    const trim = (data: Buffer, width: number, height: number) => sharp(data, { raw: { width, height, channels: 3 } }).extract({ left: 15, top: 15, width: w, height: h });
    const gs = await gsRender(r.bytes, DPI);
    log('duotone-blue gs png16m (logged)', differingFraction(await toRaster(await trim(gs.data, gs.width, gs.height).png().toBuffer()), r.fabric));
    // the ink on the plates, composited over white as the editor does (c = s·C …, k′ = 1 − (1 − s·K)(1 − black))
    const sep = await separate(r.bytes, DPI);
    const plate = async (name: string) => {
      const p = sep.get(name)!;
      const one = Buffer.alloc(w * h);
      for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) one[y * w + x] = p.data[((y + 15) * p.width + x + 15) * p.channels]!;
      return one;
    };
    const [ink, black] = [await plate('Reflex Blue'), await plate('Black')];
    const composite = Buffer.alloc(w * h * 3);
    const [C, M, Y, K] = [1, 0.73, 0, 0.02];
    for (let i = 0; i < w * h; i++) {
      const s = 1 - ink[i]! / 255;
      const kw = (1 - s * K) * (black[i]! / 255);
      composite[i * 3] = Math.round(255 * (1 - s * C) * kw);
      composite[i * 3 + 1] = Math.round(255 * (1 - s * M) * kw);
      composite[i * 3 + 2] = Math.round(255 * (1 - s * Y) * kw);
    }
    const png = await sharp(composite, { raw: { width: w, height: h, channels: 3 } }).png().toBuffer();
    await writeFile(path.join(ARTIFACTS, 'duotone-blue-plates.png'), png);
    const f = differingFraction(await toRaster(png), r.fabric);
    log('duotone-blue plates', f);
    expect(f).toBeLessThanOrEqual(0.02);
    const plates = await gsPlates(r.bytes, 72);
    // the photo: 0.5 in + 40 px … at 72 pt/in, 480 × 1.5 px of an 800 px viewport across 4 in
    const photo = { x0: 7.2 + 40 * 0.36, y0: 7.2 + 60 * 0.36, x1: 7.2 + (40 + 720) * 0.36, y1: 7.2 + (60 + 480) * 0.36 };
    expect(plates.maxInk('Reflex Blue', photo)).toBeGreaterThan(0.8);
    expect(plates.maxInk('Black', photo)).toBeGreaterThan(0.5);
    for (const ink of ['Cyan', 'Magenta', 'Yellow']) expect(plates.names.includes(ink) ? plates.maxInk(ink, { x0: 0, y0: 0, x1: 302.4, y1: 230.4 }) : 0, ink).toBe(0);
  }, 60_000);

  it('the comparison fails on filters printed but not shown', async () => {
    expect(await fraction('not-shown', [PHOTO], [{ ...PHOTO, filters: [{ type: 'Sepia' }] }])).toBeGreaterThan(0.02);
  }, 30_000);
});

describe('filtered images in the print file', () => {
  it('prints without a filters warning, at the photo’s native resolution, in RGB and CMYK', async () => {
    const layers = [{ ...PHOTO, filters: [{ type: 'Contrast', contrast: 0.3 }, { type: 'Grayscale', mode: 'average' }] }, { ...PHOTO, left: 500 }];
    for (const colorMode of ['rgb', 'cmyk'] as const) {
      const { pdf, warnings } = await renderPdf([{ ...PAGE, layers }], fixtureAssets(), { colorMode });
      expect(warnings.filter((w) => w.code === 'UNSUPPORTED_FEATURE')).toEqual([]);
      const rows = (await pdfImages(pdf)).filter((r) => r.type === 'image');
      // the filtered copy and the plain photo: two images, both 480 × 320
      expect(rows.map((r) => [r.width, r.height])).toEqual([[480, 320], [480, 320]]);
      expect(new Set(rows.map((r) => r.color))).toEqual(new Set([colorMode === 'cmyk' ? 'cmyk' : 'rgb']));
    }
  });

  it('a duotone is a 2-component DeviceN image at native resolution, PDF/X-1a and X-4 clean', async () => {
    const layers = [{ ...PHOTO, filters: [{ type: 'Duotone', spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] }] }];
    for (const pdfStandard of ['pdf_x1a', 'pdf_x4'] as const) {
      const { pdf, warnings } = await renderPdf([{ ...PAGE, layers }], fixtureAssets(), { pdfStandard, outputProfile: 'swop' });
      expect(warnings.filter((w) => w.code === 'UNSUPPORTED_FEATURE')).toEqual([]);
      const rows = (await pdfImages(pdf)).filter((r) => r.type === 'image');
      expect(rows.map((r) => [r.width, r.height, r.color, r.comp])).toEqual([[480, 320, 'devn', 2]]);
      expect((await verifyPrintFile(pdf, { standard: pdfStandard, colorMode: 'cmyk', profile: 'swop' })).violations).toEqual([]);
    }
  });

  it('still warns about filters it does not know, applying the others', async () => {
    const layers = [{ ...PHOTO, filters: [{ type: 'Blur', blur: 0.5 }, { type: 'Sepia' }] }];
    const { warnings } = await renderPdf([{ ...PAGE, layers }], fixtureAssets());
    expect(warnings.filter((w) => w.code === 'UNSUPPORTED_FEATURE').map((w) => w.message)).toEqual(['filters is not rendered in the PDF (image filters Blur are not applied)']);
  });
});
