/**
 * A masked side prints as the editor shows it: a 2 in round sticker (0.1 in bleed) with a photo
 * past its edge, a shape and text, rendered by Fabric 6 with the editor's clip (the canvas's
 * clipPath from customizer/src/mask-shape.ts, the print area) and printed by the PDF engine
 * (clipped to the same print area, the circle stroked as a CutContour die line), both at 150
 * dpi over the whole bleed box, transparent canvas pixels on white; the canvas draws the die
 * line as a viewer shows it (0.25 pt of its 0/100/0/0 alternate), which the editor leaves out
 * of the design. At most 2 % of the pixels may differ by more than 32 in any channel.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maskShape } from '../../../../customizer/src/mask-shape.js';
import type { Layout } from '../../../../customizer/src/geometry.js';
import { renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import type { SideMask } from '../../../../src/engines/pdf/mask.js';
import { needs } from '../../../helpers/requirements.js';
import { FabricBrowser } from './fabric-browser.js';
import { fixtureAssets, rasterise, toRaster } from './helpers.js';
import { differingFraction, DPI } from './pixel-diff.js';

const chromiumGate = needs('chromium');
const ARTIFACTS = path.resolve('test-artifacts/mask-fidelity');
/** 2 in trim, 0.1 in bleed, a 400 × 400 px viewport (200 px per inch) */
const BLEED = { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 };
const PX_PER_IN = 200;

const LAYERS = [
  { type: 'Image', src: 'fixture://quadrants.png', left: -30, top: -30, scaleX: 1.4, scaleY: 1.4, originX: 'left', originY: 'top' },
  { type: 'Rect', left: 220, top: 260, width: 160, height: 90, fill: '#1d4ed8', angle: 20, originX: 'left', originY: 'top' },
  { type: 'Ellipse', left: 60, top: 250, rx: 70, ry: 45, fill: '#f97316', stroke: '#111827', strokeWidth: 6, originX: 'left', originY: 'top' },
];

describe.skipIf(chromiumGate.skip)(`masked sides: canvas vs PDF at ${DPI} dpi${chromiumGate.note}`, () => {
  let browser: FabricBrowser;
  const measured: string[] = [];

  beforeAll(async () => {
    browser = await FabricBrowser.launch();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    console.log(`mask fidelity (fraction of pixels differing by > 32):\n${measured.join('\n')}`);
  });

  async function compare(name: string, mask: SideMask): Promise<number> {
    const side = { width: 2, height: 2, bleed: BLEED, safe_zone: BLEED, dimension_unit: 'inch' as const, dpi: 300, mask };
    const shape = maskShape(side, { pxPerUnit: PX_PER_IN } as Layout)!;
    const spec: PageSpec = { width: 2, height: 2, dimensionUnit: 'inch', bleed: BLEED, viewportWidth: 400, viewportHeight: 400, mask, layers: LAYERS, background: { color: '#ffffff' } };
    const { pdf } = await renderPdf([spec], fixtureAssets());
    const size = 2.2 * DPI; // the bleed box
    const printed = await rasterise(pdf, { dpi: DPI });
    // Fabric: the bleed box, the design shifted by the bleed, the editor's clip
    const b = 0.1 * PX_PER_IN;
    // every number of the path data is an x or a y (absolute M, L, C, Z): both shift by the bleed
    const shift = (d: string) => d.replace(/-?\d+(\.\d+)?/g, (v) => String(+v + b));
    const clip = shift(shape.print);
    // the die line as a viewer shows the print file: 0.25 pt of its alternate, 0/100/0/0 (pdftoppm: #FF00FF)
    const dieLine = { type: 'Path', path: shift(shape.cut), fill: '', stroke: '#ff00ff', strokeWidth: (0.25 / 72) * PX_PER_IN };
    const shifted = [...LAYERS.map((l) => ({ ...l, left: l.left + b, top: l.top + b })), dieLine];
    const png = await browser.render({ layers: shifted, viewportWidth: 440, viewportHeight: 440, width: size, height: size, clipPath: clip });
    const canvas = await toRaster(await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer());
    const f = differingFraction(printed, canvas);
    measured.push(`  ${name.padEnd(20)} ${(f * 100).toFixed(3)} %`);
    await writeFile(path.join(ARTIFACTS, `${name}.pdf`), pdf);
    await writeFile(path.join(ARTIFACTS, `${name}-canvas.png`), await sharp(png).flatten({ background: '#ffffff' }).png().toBuffer());
    return f;
  }

  it('a round sticker (circle)', async () => {
    expect(await compare('round-sticker', { shape: 'circle' })).toBeLessThanOrEqual(0.02);
  }, 60_000);

  it('a rounded rectangle (10 mm corners)', async () => {
    expect(await compare('rounded-rectangle', { shape: 'rounded_rectangle', radius_mm: 10 })).toBeLessThanOrEqual(0.02);
  }, 60_000);
});
