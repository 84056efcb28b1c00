/**
 * A cropped photo prints exactly as the customizer shows it (crop.ts: side handles and crop
 * mode change an image's cropX/cropY/width/height): canvas (Fabric 6 in headless Chromium) vs
 * PDF (the engine, pdftoppm at 150 dpi), at most 2 % of the pixels differing by more than 32 in
 * any channel. The image (test/fixtures/images/quadrants.png, 240 × 160, four coloured
 * quadrants with a checker) makes a wrong crop visible: printing another crop must fail.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { needs } from '../../../helpers/requirements.js';
import { FabricBrowser } from './fabric-browser.js';
import { bothWays, differingFraction, DPI } from './pixel-diff.js';

const chromiumGate = needs('chromium');
const ARTIFACTS = path.resolve('test-artifacts/crop-fidelity');
const SRC = 'fixture://quadrants.png';

/** cropped on two sides (left and top), unscaled */
const TWO_SIDES = { type: 'Image', src: SRC, left: 60, top: 80, width: 170, height: 110, cropX: 70, cropY: 50, scaleX: 2, scaleY: 2 };
/** cropped on all sides, scaled, rotated, centred */
const TURNED = { type: 'Image', src: SRC, left: 600, top: 330, originX: 'center', originY: 'center', width: 150, height: 90, cropX: 40, cropY: 30, scaleX: 1.6, scaleY: 1.6, angle: 20 };

describe.skipIf(chromiumGate.skip)(`cropped images: canvas vs PDF at ${DPI} dpi${chromiumGate.note}`, () => {
  let browser: FabricBrowser;
  const measured: string[] = [];

  beforeAll(async () => {
    browser = await FabricBrowser.launch();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    console.log(`crop fidelity (fraction of pixels differing by > 32):\n${measured.join('\n')}`);
  });

  async function fraction(name: string, shown: Record<string, unknown>[], printed: Record<string, unknown>[] = shown): Promise<number> {
    const r = await bothWays(browser, shown, printed);
    const f = differingFraction(r.pdf, r.fabric);
    measured.push(`  ${name.padEnd(22)} ${(f * 100).toFixed(3)} %`);
    await writeFile(path.join(ARTIFACTS, `${name}.pdf`), r.bytes);
    return f;
  }

  it('an image cropped on two sides prints its crop', async () => {
    expect(await fraction('two-sides', [TWO_SIDES])).toBeLessThanOrEqual(0.02);
  });

  it('an image cropped, scaled and rotated prints its crop', async () => {
    expect(await fraction('cropped-turned', [TURNED])).toBeLessThanOrEqual(0.02);
  });

  it('both on one page', async () => {
    expect(await fraction('both', [TWO_SIDES, TURNED])).toBeLessThanOrEqual(0.02);
  });

  it('the comparison fails on a crop printed other than shown', async () => {
    // the same frame, the crop window 40 px further left and 30 px higher on paper only
    const f = await fraction('wrong-crop', [TWO_SIDES], [{ ...TWO_SIDES, cropX: 30, cropY: 20 }]);
    expect(f).toBeGreaterThan(0.02);
  });
});
