/**
 * Every script: Hebrew, Arabic (joining, lam-alef), Devanagari (conjuncts, reordered matras),
 * Thai and CJK, shaped by HarfBuzz and ordered by the bidi algorithm. Checked with poppler
 * (pdftotext gives the characters in logical order, pdffonts shows the fonts embedded) and
 * against Chromium drawing the same text in the same font file (@font-face): the ink masks,
 * cropped to their bounding boxes and scaled to one size, must overlap (IoU ≥ 0.8).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchDefaultFont, renderPdf, type FontQuery, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './fabric-browser.js';
import { needs } from '../../../helpers/requirements.js';
import { FIXTURES, fixtureAssets, pdfFonts, pdfText, rasterise, toRaster, type Raster } from './helpers.js';

const FONT_DIR = path.resolve(FIXTURES, '../../fonts');
const FAMILIES: Record<string, string> = {
  'dejavu sans': 'DejaVuSans.ttf',
  'noto sans devanagari': 'NotoSansDevanagari-Regular.ttf',
  'noto sans thai': 'NotoSansThai-Regular.ttf',
  'droid sans fallback': 'DroidSansFallbackFull.ttf',
};
const assets = () => fixtureAssets(Object.fromEntries(Object.entries(FAMILIES).map(([fam, file]) => [
  fam, async (q: FontQuery) => ({ bytes: new Uint8Array(await readFile(path.join(FONT_DIR, file))), weight: q.weight, style: q.style }),
])));

// 12 × 2 in at 100 px per inch: one viewport pixel is one raster pixel at 100 dpi
const page = (layers: unknown[]): PageSpec => ({
  width: 12, height: 2, dimensionUnit: 'inch', bleed: null, dpi: 300, viewportWidth: 1200, viewportHeight: 200,
  background: { color: '#ffffff' }, layers,
} as PageSpec);
const textLayer = (text: string, family: string, extra: Record<string, unknown> = {}) => ({
  type: 'text', text, left: 20, top: 20, fontSize: 100, fontFamily: family, fill: '#000000', ...extra,
});

const CASES = [
  { script: 'Hebrew', family: 'DejaVu Sans', text: 'שלום עולם' },
  { script: 'Arabic', family: 'DejaVu Sans', text: 'لا سلام عليكم' },
  { script: 'Devanagari', family: 'Noto Sans Devanagari', text: 'क्षत्रिय किताब' },
  { script: 'Thai', family: 'Noto Sans Thai', text: 'สวัสดีครับ ภาษาไทย' },
  { script: 'CJK', family: 'Droid Sans Fallback', text: '漢字かな交じり文' },
] as const;

/** The scripts the Noto fallbacks in fonts/ add, a word or two each, for a layer in Roboto (which has none of them). */
const NOTO_SCRIPTS = [
  ['Tamil', 'தமிழ் மொழி'], ['Bengali', 'বাংলা ভাষা'], ['Ethiopic', 'ሰላም ዓለም'], ['Gujarati', 'ગુજરાતી ભાષા'],
  ['Gurmukhi', 'ਪੰਜਾਬੀ ਭਾਸ਼ਾ'], ['Khmer', 'ភាសាខ្មែរ'], ['Sinhala', 'සිංහල භාෂාව'], ['Myanmar', 'မြန်မာဘာသာ'],
  ['Telugu', 'తెలుగు భాష'], ['Kannada', 'ಕನ್ನಡ ಭಾಷೆ'], ['Malayalam', 'മലയാളം ഭാഷ'], ['Oriya', 'ଓଡ଼ିଆ ଭାଷା'],
  ['Lao', 'ພາສາລາວ'], ['Thaana', 'ދިވެހި ބަސް'],
] as const;

/** pdftotext's line text without the bidi embedding marks it adds around RTL lines. */
const clean = (s: string) => s.replace(/[\u202A-\u202E\u200E\u200F\f]/g, '').replace(/[ \t]+/g, ' ').trim();
const lines = (s: string) => s.split('\n').map(clean).filter(Boolean);
const squash = (s: string) => clean(s).replace(/\s+/g, '');

/** Ink (dark pixels) cropped to its bounding box and scaled to 480 × 80, as a boolean mask. */
async function inkMask(r: { data: Buffer; width: number; height: number; channels: number }): Promise<Uint8Array> {
  let x0 = r.width, y0 = r.height, x1 = -1, y1 = -1;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) {
      if (r.data[(y * r.width + x) * r.channels]! < 128) {
        x0 = Math.min(x0, x); x1 = Math.max(x1, x); y0 = Math.min(y0, y); y1 = Math.max(y1, y);
      }
    }
  }
  if (x1 < 0) return new Uint8Array(480 * 80);
  const out = await sharp(r.data, { raw: { width: r.width, height: r.height, channels: r.channels as 1 | 3 | 4 } })
    .extract({ left: x0, top: y0, width: x1 - x0 + 1, height: y1 - y0 + 1 })
    .greyscale().resize(480, 80, { fit: 'fill' }).raw().toBuffer();
  return Uint8Array.from(out, (v) => (v < 128 ? 1 : 0));
}

/** Width in pixels from the leftmost to the rightmost ink (dark) pixel. */
function inkSpan(r: { data: Buffer; width: number; height: number; channels: number }): number {
  let x0 = r.width, x1 = -1;
  for (let y = 0; y < r.height; y++) {
    for (let x = 0; x < r.width; x++) if (r.data[(y * r.width + x) * r.channels]! < 128) { x0 = Math.min(x0, x); x1 = Math.max(x1, x); }
  }
  return x1 - x0 + 1;
}

function iou(a: Uint8Array, b: Uint8Array): number {
  let inter = 0, union = 0;
  for (let i = 0; i < a.length; i++) {
    inter += a[i]! & b[i]!;
    union += a[i]! | b[i]!;
  }
  return union ? inter / union : 0;
}

async function pdfInk(pdf: Uint8Array): Promise<Uint8Array> {
  const r: Raster = await rasterise(pdf, { dpi: 100 });
  return inkMask(r);
}

describe('shaped scripts read back in logical order (pdftotext, pdffonts)', () => {
  for (const c of CASES) {
    it(`${c.script}: text extracts in logical order, fonts embedded, no warnings`, async () => {
      const { pdf, warnings } = await renderPdf([page([textLayer(c.text, c.family)])], assets());
      expect(warnings).toEqual([]);
      expect(clean(await pdfText(pdf))).toBe(c.text);
      const fonts = await pdfFonts(pdf);
      expect(fonts.length).toBeGreaterThan(0);
      for (const f of fonts) expect(f).toMatchObject({ emb: true, sub: true, uni: true });
    });
  }

  it('falls back across the shipped script fonts within one line (Roboto + DejaVu + Noto + Droid)', async () => {
    const text = 'Hi שלום नमस्ते 漢字';
    const { pdf, warnings } = await renderPdf([page([textLayer(text, 'Roboto', { fontSize: 40 })])], fixtureAssets());
    expect(warnings).toEqual([]);
    const names = (await pdfFonts(pdf)).map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(expect.arrayContaining(['Roboto-Regular', 'DejaVuSans', 'NotoSansDevanagari-Regular', 'DroidSansFallback']));
    // poppler drops the space where the direction changes; the characters come back in logical order
    expect(squash(await pdfText(pdf))).toBe(squash(text));
  });

  it('direction rtl: no UNSUPPORTED_FEATURE, mixed Hebrew, Latin and digits read back in logical order', async () => {
    const text = 'שלום עולם abc 123 טוב';
    const { pdf, warnings } = await renderPdf([page([textLayer(text, 'DejaVu Sans', { direction: 'rtl', fontSize: 40 })])], assets());
    expect(warnings).toEqual([]);
    expect(squash(await pdfText(pdf))).toBe(squash(text));
  });

  it('rtl textbox: wraps shaped Arabic over lines, textAlign right puts each line at the right edge, left at the left', async () => {
    const text = 'مرحبا بكم في متجرنا الجديد للطباعة';
    const box = (textAlign: string) => textLayer(text, 'DejaVu Sans', { type: 'textbox', width: 500, left: 300, fontSize: 40, direction: 'rtl', textAlign });
    const edges = async (textAlign: string) => {
      const { pdf, warnings } = await renderPdf([page([box(textAlign)])], assets());
      expect(warnings).toEqual([]);
      expect(lines(await pdfText(pdf)).length).toBeGreaterThanOrEqual(2);
      const r = await rasterise(pdf, { dpi: 100 });
      let min = r.width, max = -1;
      for (let y = 0; y < r.height; y++) for (let x = 0; x < r.width; x++) if (r.at(x, y)[0] < 128) { min = Math.min(min, x); max = Math.max(max, x); }
      return { min, max };
    };
    const right = await edges('right');
    expect(right.max).toBeGreaterThan(790); // box spans x 300 to 800
    expect(right.max).toBeLessThanOrEqual(802);
    const left = await edges('left');
    expect(left.min).toBeGreaterThanOrEqual(298);
    expect(left.min).toBeLessThan(310);
  });

  it('every Noto script fallback: one layer per script in Roboto prints with the Noto font embedded and reads back', async () => {
    const layers = NOTO_SCRIPTS.map(([, text], i) => textLayer(text, 'Roboto', { fontSize: 24, top: 10 + 42 * i }));
    const spec = { ...page(layers), width: 6, height: 6.2, viewportWidth: 600, viewportHeight: 620 };
    const { pdf, warnings } = await renderPdf([spec], fixtureAssets());
    expect(warnings).toEqual([]);
    const fonts = await pdfFonts(pdf);
    for (const f of fonts) expect(f).toMatchObject({ emb: true, sub: true, uni: true });
    const names = fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, ''));
    expect(names).toEqual(expect.arrayContaining(NOTO_SCRIPTS.map(([script]) => `NotoSans${script}-Regular`)));
    const got = lines(await pdfText(pdf)).map(squash);
    const want = NOTO_SCRIPTS.map(([, text]) => squash(text));
    expect(got.slice(0, -1)).toEqual(want.slice(0, -1));
    // Thaana (last) is right-to-left: on a page of left-to-right lines pdftotext moves the line's
    // final non-spacing mark (sukun, U+07B0) out of the right-to-left stretch; the characters are all there
    expect([...got.at(-1)!].sort()).toEqual([...want.at(-1)!].sort());
  });

  it('a character no font has is reported as MISSING_GLYPHS', async () => {
    const { warnings } = await renderPdf([page([textLayer('a \u{1D11E}', 'DejaVu Sans', { fontSize: 40 })])], assets());
    expect(warnings.map((w) => w.code)).toContain('MISSING_GLYPHS');
  });
});

const chromiumGate = needs('chromium');
describe.skipIf(chromiumGate.skip)(`glyph shapes match Chromium (${CHROMIUM_PATH})${chromiumGate.note}`, () => {
  let browser: Browser;
  beforeAll(async () => {
    const { chromium } = await import('playwright-core');
    browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, headless: true });
  }, 60_000);
  afterAll(async () => browser?.close());

  /** Chromium's screenshot of `text` in the font files given (a CSS fallback list F0, F1, … in that order). */
  async function chromiumShot(text: string, files: string[], dir: 'ltr' | 'rtl' = 'ltr', size = 100): Promise<Raster> {
    const faces = await Promise.all(files.map(async (f, i) => `@font-face{font-family:F${i};src:url(data:font/ttf;base64,${(await readFile(f)).toString('base64')})}`));
    const list = files.map((_, i) => `F${i}`).join(',');
    const p = await browser.newPage({ viewport: { width: 1200, height: 200 } });
    try {
      await p.setContent(`<!doctype html><style>${faces.join('')}
        body{margin:0;background:#fff}div{font:${size}px ${list};white-space:pre;padding:20px;direction:${dir}}</style><div dir="${dir}">${text}</div>`);
      await p.evaluate(async (s) => { await document.fonts.load(s); await document.fonts.ready; }, `${size}px ${list}`);
      return await toRaster(await p.screenshot({ type: 'png' }));
    } finally {
      await p.close();
    }
  }

  async function chromiumInk(text: string, family: string, dir: 'ltr' | 'rtl' = 'ltr'): Promise<Uint8Array> {
    return inkMask(await chromiumShot(text, [path.join(FONT_DIR, FAMILIES[family.toLowerCase()]!)], dir));
  }

  for (const c of CASES) {
    it(`${c.script}: PDF ink matches Chromium's (IoU ≥ 0.8)`, async () => {
      const { pdf } = await renderPdf([page([textLayer(c.text, c.family)])], assets());
      const score = iou(await pdfInk(pdf), await chromiumInk(c.text, c.family));
      console.log(`${c.script} IoU ${score.toFixed(3)}`);
      expect(score).toBeGreaterThanOrEqual(0.8);
    }, 60_000);
  }

  // Roboto has neither script: the letters come from DejaVu Sans, the spaces from Roboto, as in Chromium
  for (const [script, text] of [['Arabic', 'مرحبا بكم في متجرنا الجديد للطباعة'], ['Hebrew', 'שלום עולם טוב מאוד לכם היום']] as const) {
    it(`${script} line in Roboto with script fallback: printed width within 0.5 % of Chromium's`, async () => {
      const { pdf } = await renderPdf([page([textLayer(text, 'Roboto', { fontSize: 60, direction: 'rtl' })])], fixtureAssets());
      const roboto = matchDefaultFont('Roboto', 400, 'normal')!.path;
      const [printed, browserLine] = [inkSpan(await rasterise(pdf, { dpi: 100 })), inkSpan(await chromiumShot(text, [roboto, path.join(FONT_DIR, 'DejaVuSans.ttf')], 'rtl', 60))];
      console.log(`${script} line width: PDF ${printed} px, Chromium ${browserLine} px`);
      expect(Math.abs(printed / browserLine - 1)).toBeLessThanOrEqual(0.005);
    }, 60_000);
  }

  // the Roboto layer's Tamil and Khmer come from the Noto fallbacks; Chromium gets the same fonts as a CSS list
  for (const [script, text] of NOTO_SCRIPTS.filter(([sc]) => sc === 'Tamil' || sc === 'Khmer')) {
    it(`${script} in Roboto, from the Noto fallback: PDF ink matches Chromium's (IoU ≥ 0.8)`, async () => {
      const { pdf } = await renderPdf([page([textLayer(text, 'Roboto')])], fixtureAssets());
      const files = [matchDefaultFont('Roboto', 400, 'normal')!.path, path.join(FONT_DIR, `NotoSans${script}-Regular.ttf`)];
      const score = iou(await pdfInk(pdf), await inkMask(await chromiumShot(text, files)));
      console.log(`${script} (fallback) IoU ${score.toFixed(3)}`);
      expect(score).toBeGreaterThanOrEqual(0.8);
    }, 60_000);
  }

  it('the comparison can fail: Arabic with its letters forced apart (ZWNJ) does not match the shaped PDF', async () => {
    const text = 'لا سلام عليكم';
    const { pdf } = await renderPdf([page([textLayer(text, 'DejaVu Sans')])], assets());
    const unjoined = [...text].join('\u200C');
    const score = iou(await pdfInk(pdf), await chromiumInk(unjoined, 'DejaVu Sans'));
    expect(score).toBeLessThan(0.8);
  }, 60_000);
});
