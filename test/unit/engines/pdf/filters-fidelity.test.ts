/**
 * A filtered photo prints as the customizer shows it: Fabric 6's filters (its 2D canvas
 * backend, as the editor sets it) in headless Chromium vs the engine's image-filters.ts over
 * the same pixels, pdftoppm at 150 dpi; at most 2 % of the pixels differing by more than 32 in
 * any channel. Unfiltered shown vs filtered printed must fail the same comparison.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderPdf } from '../../../../src/engines/pdf/index.js';
import { applyFilters, clamp8, type ImageFilter } from '../../../../src/engines/pdf/image-filters.js';
import { needs } from '../../../helpers/requirements.js';
import { FabricBrowser } from './fabric-browser.js';
import { fixtureAssets, pdfImages } from './helpers.js';
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

  it('still warns about filters it does not know, applying the others', async () => {
    const layers = [{ ...PHOTO, filters: [{ type: 'Blur', blur: 0.5 }, { type: 'Sepia' }] }];
    const { warnings } = await renderPdf([{ ...PAGE, layers }], fixtureAssets());
    expect(warnings.filter((w) => w.code === 'UNSUPPORTED_FEATURE').map((w) => w.message)).toEqual(['filters is not rendered in the PDF (image filters Blur are not applied)']);
  });
});
