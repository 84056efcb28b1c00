/**
 * The editor's shapes (customizer/src/shape-specs.ts) print as the canvas shows them: each
 * shape is built in headless Chromium with Fabric 6 exactly as the editor builds it, saved
 * with `toObject` as the editor saves it (spot inks restored by paint.ts `spotsForPrint`),
 * printed by the PDF engine and rasterised with pdftoppm at 150 dpi; Fabric renders the same
 * canvas at the same pixel size. At most 2 % of the pixels may differ by more than 32 in
 * any channel. A spot-ink shape must print on a Separation named after the ink (qpdf --qdf).
 */
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shapeSpec, SHAPE_KINDS, type ShapeKind, type ShapeSpec } from '../../../../customizer/src/shape-specs.js';
import { spotHex, spotsForPrint, type SpotPaint } from '../../../../customizer/src/paint.js';
import { needs } from '../../../helpers/requirements.js';
import { FabricBrowser } from './fabric-browser.js';
import { withPdfFile } from './helpers.js';
import { bothWays, differingFraction, DPI } from './pixel-diff.js';

const chromiumGate = needs('chromium');
const ARTIFACTS = path.resolve('test-artifacts/shapes-fidelity');

/** Builds shapes in the page with Fabric's classes, as shapes.ts does, and answers their saved JSON. */
async function build(browser: FabricBrowser, specs: Array<{ spec: ShapeSpec; set?: Record<string, unknown> }>): Promise<Record<string, unknown>[]> {
  return browser.evaluate((list) => {
    type Ctor = new (...a: unknown[]) => { set(o: Record<string, unknown>): void; toObject(extra: string[]): Record<string, unknown> };
    const fabric = (window as unknown as { fabric: Record<string, Ctor> }).fabric;
    return list.map(({ spec, set }) => {
      const C = fabric[spec.type]!;
      const o = spec.type === 'Line' ? new C(spec.line, spec.options) : spec.type === 'Polygon' ? new C(spec.points, spec.options) : new C(spec.options);
      if (set) o.set(set);
      return o.toObject(['spotFill', 'spotStroke']);
    });
  }, specs);
}

const PAINT = { fill: '#f97316', stroke: '#1e3a8a', strokeWidth: 14 };
const SPOT: SpotPaint = { spot: 'PANTONE 185 C', cmyk: [0, 91, 76, 0] };
const SPOT2: SpotPaint = { spot: 'Gold Foil', cmyk: [0, 20, 60, 20] };

describe.skipIf(chromiumGate.skip)(`editor shapes: canvas vs PDF at ${DPI} dpi${chromiumGate.note}`, () => {
  let browser: FabricBrowser;
  const measured: string[] = [];

  beforeAll(async () => {
    browser = await FabricBrowser.launch();
    await mkdir(ARTIFACTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    console.log(`shapes fidelity (fraction of pixels differing by > 32):\n${measured.join('\n')}`);
  });

  async function check(name: string, layers: Record<string, unknown>[]): Promise<number> {
    const r = await bothWays(browser, layers);
    const f = differingFraction(r.pdf, r.fabric);
    measured.push(`  ${name.padEnd(22)} ${(f * 100).toFixed(3)} %`);
    await writeFile(path.join(ARTIFACTS, `${name}.pdf`), r.bytes);
    return f;
  }

  for (const kind of SHAPE_KINDS) {
    it(`${kind}: as added, then scaled and rotated`, async () => {
      const plain = shapeSpec(kind, 260, { left: 220, top: 300 }, PAINT);
      const turned = shapeSpec(kind, 200, { left: 580, top: 300 }, PAINT);
      const layers = await build(browser, [{ spec: plain }, { spec: turned, set: { scaleX: 1.3, scaleY: 0.8, angle: 25 } }]);
      expect(await check(kind, layers)).toBeLessThanOrEqual(0.02);
    });
  }

  it('a spot-ink fill and outline: drawn in the ink\'s alternate, printed on its Separation', async () => {
    const specs = (['star', 'rounded'] as ShapeKind[]).map((k, i) => shapeSpec(k, 260, { left: 220 + i * 360, top: 300 }, { fill: spotHex(SPOT), stroke: spotHex(SPOT2), strokeWidth: 16 }));
    const layers = await build(browser, specs.map((spec) => ({ spec, set: { spotFill: SPOT, spotStroke: SPOT2 } })));
    const print = spotsForPrint(layers);
    expect(print[0]!.fill).toEqual(SPOT);
    expect(print[0]!.stroke).toEqual(SPOT2);
    const r = await bothWays(browser, layers, print);
    const f = differingFraction(r.pdf, r.fabric);
    measured.push(`  ${'spot inks'.padEnd(22)} ${(f * 100).toFixed(3)} %`);
    expect(f).toBeLessThanOrEqual(0.02);
    const qdf = await withPdfFile(r.bytes, async (file, dir) => {
      const out = path.join(dir, 'qdf.pdf');
      execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, out]);
      return execFileSync('cat', [out]).toString('latin1');
    });
    expect(qdf).toMatch(/\/Separation\s*\/PANTONE#20185#20C/);
    expect(qdf).toMatch(/\/Separation\s*\/Gold#20Foil/);
  });

  it('the comparison fails on a shape printed other than shown', async () => {
    const spec = shapeSpec('star', 260, { left: 400, top: 300 }, PAINT);
    const [layer] = await build(browser, [{ spec }]);
    // the star's inner corners pulled in, the outline twice as thick, on paper only
    const wrong = { ...layer!, strokeWidth: 28, points: (layer!.points as { x: number; y: number }[]).map((p, i) => (i % 2 ? { x: 130 + (p.x - 130) * 0.6, y: 130 + (p.y - 130) * 0.6 } : p)) };
    const r = await bothWays(browser, [layer!], [wrong]);
    expect(differingFraction(r.pdf, r.fabric)).toBeGreaterThan(0.02);
  });
});
