import fs from 'node:fs';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument } from 'pdf-lib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkFont, FontInvalid } from '../../../../src/engines/fonts/font-check.js';
import { FontRejected, FontTooComplex, parseFont } from '../../../../src/engines/fonts/parse-font.js';
import { parse } from '../../../../src/engines/pdf/fonts/font-registry.js';
import { AssetError, renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets } from '../pdf/helpers.js';
import { sandbox } from '../../../../src/platform/sandbox/pool.js';
import { hostileFonts, ROBOTO_TTF, toWoff, withComponent } from '../../../helpers/hostile.js';

const require = createRequire(import.meta.url);
const PACIFICO = fs.readFileSync(require.resolve('@expo-google-fonts/pacifico/400Regular/Pacifico_400Regular.ttf'));
const OPEN_SANS = fs.readFileSync(require.resolve('@expo-google-fonts/open-sans/400Regular/OpenSans_400Regular.ttf'));
const THAI = fs.readFileSync(new URL('../../../../fonts/NotoSansThai-Regular.ttf', import.meta.url));

afterAll(() => sandbox().close());

describe('the font check (issue 37)', () => {
  it('accepts good fonts: TrueType, odd glyph lengths (Pacifico), WOFF (each table inflated once: fast)', () => {
    expect(checkFont({ bytes: ROBOTO_TTF })).toMatchObject({ family: 'Roboto', glyphCount: 1326, style: 'normal', weight: 400 });
    expect(checkFont({ bytes: PACIFICO }).family).toBe('Pacifico');
    // its GPOS trips fontkit's mark positioning on mark-base pairs no text holds: laid out alone, each character passes
    expect(checkFont({ bytes: OPEN_SANS }).family).toBe('Open Sans');
    expect(checkFont({ bytes: THAI }).coverage).toContain('Thai');
    const started = performance.now();
    // before the WOFF patch every glyph re-inflated glyf: 20 s for these 1,326 glyphs
    expect(checkFont({ bytes: toWoff(ROBOTO_TTF) }).glyphCount).toBe(1326);
    expect(performance.now() - started).toBeLessThan(5_000);
  });

  it('refuses each malformed font, naming the part that failed', () => {
    for (const h of hostileFonts()) {
      let err: unknown;
      try {
        checkFont({ bytes: h.data });
      } catch (e) {
        err = e;
      }
      expect(err, h.label).toBeInstanceOf(FontInvalid);
      expect((err as FontInvalid).message, h.label).toMatch(/^the [\w/ ,()]+: ./);
    }
  });

  it('runs in the sandbox: a font past the time budget is FontTooComplex, a damaged one FontRejected', async () => {
    await expect(parseFont(ROBOTO_TTF, { timeMs: 5, memoryMb: 256 })).rejects.toMatchObject({ name: 'FontTooComplex', limit: 'time', value: 5 });
    const broken = withComponent(ROBOTO_TTF, (n) => n).data;
    const err = await parseFont(broken).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FontRejected);
    expect((err as FontRejected).part).toBe('the glyf table');
    expect(err).not.toBeInstanceOf(FontTooComplex);
  });
});

describe('subsetting a damaged font at render time (issue 37, finding 2)', () => {
  it("rejects pdf-lib's save instead of throwing from fontkit's timer (which took the process down)", async () => {
    const broken = withComponent(ROBOTO_TTF, (n) => n);
    parse('test:roboto', ROBOTO_TTF); // the renderer's parse applies the fontkit patches
    const doc = await PDFDocument.create();
    doc.registerFontkit(fontkit);
    const font = await doc.embedFont(broken.data, { subset: true });
    doc.addPage().drawText('a:b', { font, size: 12 });
    await expect(doc.save()).rejects.toThrow(/beyond buffer length/);
  });

  it('fails the render with an AssetError naming the font, on the plain (pdf-lib) and the shaped (HarfBuzz, glyph-id) paths', async () => {
    const broken = withComponent(ROBOTO_TTF, (n) => n).data;
    const assets = fixtureAssets({ 'brand broken': async () => ({ bytes: new Uint8Array(broken) }) });
    for (const text of ['Hello: world', 'שלום: world']) {
      const page: PageSpec = { width: 100, height: 50, dimensionUnit: 'mm', viewportWidth: 400, viewportHeight: 200, layers: [{ type: 'text', left: 10, top: 10, text, fontFamily: 'Brand Broken', fontSize: 20 }] };
      const err = await renderPdf([page], assets).catch((e: unknown) => e);
      expect(err, text).toBeInstanceOf(AssetError);
      expect((err as AssetError).message, text).toMatch(/^font "Brand Broken": the font file is damaged or unusable \(subsetting its glyphs: /);
    }
  });
});

