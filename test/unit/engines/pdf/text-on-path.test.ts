/**
 * Curved text (Fabric's text on a path) printed as curved real text: each design is rendered
 * to PDF and rasterised by pdftoppm at 150 dpi, and drawn by Fabric.js 6 in Chromium (with the
 * customizer's path-bidi patch) at the same size; the fraction of pixels whose largest channel
 * differs by more than 32 must stay within 2 %. pdftotext must find the words (text, not
 * outlines) and pdffonts the embedded subset fonts; the layer validation bounds the path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkLayers, renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { needs } from '../../../helpers/requirements.js';
import { FabricBrowser, CHROMIUM_PATH } from './fabric-browser.js';
import { fixtureAssets, pdfFonts, pdfText, rasterise, toRaster, type Raster } from './helpers.js';

const DPI = 150;
// 4 × 3 in at 150 dpi: 600 × 450 px, the viewport's own size
const PAGE: Omit<PageSpec, 'layers'> = { width: 4, height: 3, dimensionUnit: 'inch', viewportWidth: 600, viewportHeight: 450 };

/** An arc of `sweep` radians whose length is `length`, bending up (sign 1) or down (−1), as SVG path data. */
function arc(length: number, sweep: number, sign: 1 | -1): string {
  const r = length / sweep;
  const dx = r * Math.sin(sweep / 2);
  const dy = r * (1 - Math.cos(sweep / 2));
  // up: from the left end over the top (clockwise on screen); down: under the bottom
  return sign === 1 ? `M ${-dx} ${dy} A ${r} ${r} 0 0 1 ${dx} ${dy}` : `M ${-dx} ${-dy} A ${r} ${r} 0 0 0 ${dx} ${-dy}`;
}

function circle(r: number): string {
  return `M 0 ${r} A ${r} ${r} 0 1 1 0 ${-r} A ${r} ${r} 0 1 1 0 ${r}`;
}

function curved(text: string, d: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'Textbox', version: '6.9.1', text, left: 300, top: 225, originX: 'center', originY: 'center', width: 560,
    fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 44, fill: '#1a237e', textAlign: 'center',
    path: { type: 'Path', version: '6.9.1', path: parseD(d), fill: null, stroke: null, visible: false },
    ...extra,
  };
}

/** SVG path data as Fabric's command arrays. */
function parseD(d: string): (string | number)[][] {
  return d.match(/[A-Za-z][^A-Za-z]*/g)!.map((c) => [c[0]!, ...c.slice(1).trim().split(/[\s,]+/).filter(Boolean).map(Number)]);
}

// large, bold text: ink covers over 2.5 % of the page, so a missing or misplaced text exceeds the 2 % limit
const CASES: { name: string; layers: Record<string, unknown>[]; words: string[] }[] = [
  { name: 'Latin arc up', layers: [curved('Curved up', arc(470, 2.2, 1), { fontSize: 84 })], words: ['Curved', 'up'] },
  { name: 'Latin arc down', layers: [curved('Smile on', arc(420, 1.6, -1), { fill: '#b71c1c', fontFamily: 'Lora', fontSize: 84 })], words: ['Smile', 'on'] },
  { name: 'Latin on a circle', layers: [curved('ALL AROUND THE CIRCLE •', circle(150), { fontSize: 48, charSpacing: 60 })], words: ['AROUND', 'CIRCLE'] },
  { name: 'Hebrew arc up', layers: [curved('שלום עולם', arc(420, 2, 1), { fontSize: 90 })], words: ['שלום', 'עולם'] },
  {
    name: 'Text (not a textbox), right side, centred on the path, start offset',
    layers: [curved('Outside in', arc(520, 2.4, -1), { type: 'Text', width: undefined, fontSize: 80, pathSide: 'right', pathAlign: 'center', textAlign: 'left', pathStartOffset: 40, fill: '#1b5e20' })],
    words: ['Outside', 'in'],
  },
  {
    name: 'IText, ascender on the path, letter spacing, an S curve',
    layers: [curved('Wavy line', 'M -260 0 C -120 -160 120 160 260 0', { type: 'IText', width: undefined, fontSize: 76, pathAlign: 'ascender', charSpacing: 120, textAlign: 'right' })],
    words: ['Wavy', 'line'],
  },
];

/** Fraction of pixels whose largest channel difference exceeds 32. */
function differing(a: Raster, b: Raster): number {
  expect([a.width, a.height]).toEqual([b.width, b.height]);
  let n = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    let m = 0;
    for (let c = 0; c < 3; c++) m = Math.max(m, Math.abs(a.data[i * a.channels + c]! - b.data[i * b.channels + c]!));
    if (m > 32) n++;
  }
  return n / (a.width * a.height);
}

/** Fraction of pixels that are not white: the comparison is meaningful only with ink on the page. */
function inked(a: Raster): number {
  let n = 0;
  for (let i = 0; i < a.width * a.height; i++) if (Math.min(a.data[i * a.channels]!, a.data[i * a.channels + 1]!, a.data[i * a.channels + 2]!) < 200) n++;
  return n / (a.width * a.height);
}

async function pdfOf(layers: unknown[]): Promise<Uint8Array> {
  const { pdf, warnings } = await renderPdf([{ ...PAGE, layers }], fixtureAssets());
  expect(warnings.filter((w) => w.code === 'UNSUPPORTED_FEATURE' || w.code === 'MISSING_GLYPHS')).toEqual([]);
  return pdf;
}

describe('text on a path: PDF', () => {
  for (const c of CASES) {
    it(`${c.name}: pdftotext finds the words, pdffonts shows embedded subsets`, async () => {
      const pdf = await pdfOf(c.layers);
      const text = (await pdfText(pdf)).normalize('NFC');
      for (const w of c.words) expect(text, text).toContain(w);
      const fonts = await pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) expect(f, JSON.stringify(f)).toMatchObject({ emb: true, sub: true, uni: true });
    });
  }

  it('warns for what still does not print on a path, not for the path itself', async () => {
    const { warnings } = await renderPdf([{ ...PAGE, layers: [curved('Under', arc(200, 1, 1), { underline: true })] }], fixtureAssets());
    expect(warnings.map((w) => w.details?.feature)).toEqual(['text path underline']);
  });

  it('validates the path: a Path object, bounded, with a length', () => {
    const bad = (p: unknown) => checkLayers([curved('x', 'M 0 0 L 10 0', { path: p })]).map((i) => i.path);
    expect(bad({ type: 'Path', path: [['M', 0, 0], ['L', 10, 0]] })).toEqual([]);
    expect(bad({ type: 'Rect', width: 10 })).toEqual(['layers[0].path']);
    expect(bad('M 0 0 L 10 0')).toEqual(['layers[0].path']);
    expect(bad({ type: 'Path', path: [['M', 0, 0], ['L', 0, 0]] })).toEqual(['layers[0].path.path']);
    expect(bad({ type: 'Path', path: [['M', 0, 0], ['L', 1e7, 0]] })).toEqual(['layers[0].path.path']);
    expect(bad({ type: 'Path', path: [['M', 0, 0], ...Array.from({ length: 1001 }, (_, i) => ['L', i, 1])] })).toEqual(['layers[0].path.path']);
    expect(bad({ type: 'Path', path: [['L', 0, 0], ['L', 3, 3]] })).toEqual(['layers[0].path.path[0]']);
    expect(checkLayers([curved('x', 'M 0 0 L 10 0', { pathSide: 'up', pathAlign: 'middle' })]).map((i) => i.path).sort()).toEqual(['layers[0].pathAlign', 'layers[0].pathSide']);
  });
});

const chromiumGate = needs('chromium');

describe.skipIf(chromiumGate.skip)(`text on a path: PDF vs Fabric.js in Chromium (${CHROMIUM_PATH})${chromiumGate.note}`, () => {
  let browser: FabricBrowser;
  beforeAll(async () => {
    browser = await FabricBrowser.launch();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  const canvas = async (layers: unknown[]): Promise<Raster> =>
    toRaster(await browser.render({ layers, viewportWidth: PAGE.viewportWidth, viewportHeight: PAGE.viewportHeight, width: 600, height: 450 }));

  for (const c of CASES) {
    it(`${c.name}: at most 2 % of pixels differ (max channel difference > 32, 150 dpi)`, async () => {
      const printed = await rasterise(await pdfOf(c.layers), { dpi: DPI });
      const shown = await canvas(c.layers);
      const d = differing(printed, shown);
      console.log(`${c.name}: ${(d * 100).toFixed(2)} % of pixels differ; ink ${(inked(shown) * 100).toFixed(1)} %`);
      expect(inked(shown)).toBeGreaterThan(0.025);
      expect(d).toBeLessThanOrEqual(0.02);
    });
  }

  it('the comparison can fail: the same text printed straight differs from the curve', async () => {
    const c = CASES[0]!;
    const straight = c.layers.map((l) => ({ ...l, path: undefined }));
    const d = differing(await rasterise(await pdfOf(straight), { dpi: DPI }), await canvas(c.layers));
    expect(d).toBeGreaterThan(0.02);
  });

  it('Hebrew reads right to left along the curve: letter-reversed text differs', async () => {
    const c = CASES[3]!;
    const reversed = c.layers.map((l) => ({ ...l, text: [...String(l.text)].reverse().join('') }));
    const d = differing(await rasterise(await pdfOf(reversed), { dpi: DPI }), await canvas(c.layers));
    expect(d).toBeGreaterThan(0.02);
  });
});
