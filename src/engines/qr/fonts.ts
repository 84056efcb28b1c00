/**
 * Fonts for printed cards: a fallback chain so names in most scripts render, each font
 * permissively licensed and kept in the repository under fonts/ (see fonts/README.md).
 *
 * Text is split into runs by the first font that has each character. Measuring uses fontkit
 * on the full fonts (parsed once per process); embedding uses only the glyphs a document
 * draws, by one of two subsetters, because each of pdf-lib's two embedders breaks one kind
 * of font:
 *   - 'fontkit': pdf-lib's own subsetting. Its fontkit fork corrupts composite glyphs of the
 *     CJK fonts (DroidSansFallback, Nanum: wrong or missing glyphs), so it is used only for
 *     the other fonts, where it is correct.
 *   - 'harfbuzz': subset-font (HarfBuzz hb-subset in WebAssembly) cuts the font to the code
 *     points used, and pdf-lib embeds the result whole. pdf-lib writes widths only for glyphs
 *     the cmap maps, so this suits fonts whose shaping never substitutes unmapped glyphs
 *     (CJK and Hangul), not Arabic or Indic fonts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fontkit from '@pdf-lib/fontkit';
// @pdf-lib/fontkit's syllable shaper (Indic and other complex scripts) calls the global
// `regeneratorRuntime` of Babel's old generator transform and crashes without it
// (Hopding/pdf-lib#1419). This polyfill only defines that global.
import 'regenerator-runtime/runtime.js';

/** fonts/ at the repository root: three levels up from src/engines/qr/ and from dist/engines/qr/. */
export const FONT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'fonts');

export interface FontFace {
  file: string;
  /** Scripts the face is in the chain for (documentation and tests). */
  covers: string;
  subsetter: 'fontkit' | 'harfbuzz';
}

const DEJAVU: FontFace = { file: 'DejaVuSans.ttf', covers: 'Latin, Greek, Cyrillic, Arabic, Hebrew, Georgian, Armenian', subsetter: 'fontkit' };
const FALLBACKS: readonly FontFace[] = [
  { file: 'DroidSansFallbackFull.ttf', covers: 'CJK ideographs, kana, bopomofo', subsetter: 'harfbuzz' },
  { file: 'NanumSquareR.ttf', covers: 'Hangul', subsetter: 'harfbuzz' },
  { file: 'NotoSansDevanagari-Regular.ttf', covers: 'Devanagari', subsetter: 'fontkit' },
  { file: 'NotoSansThai-Regular.ttf', covers: 'Thai', subsetter: 'fontkit' },
];

/** Regular text, in fallback order. */
export const REGULAR_CHAIN: readonly FontFace[] = [DEJAVU, ...FALLBACKS];
/** Bold text: DejaVu Sans Bold first, then the regular fallbacks (which have no bold faces). */
export const BOLD_CHAIN: readonly FontFace[] = [{ ...DEJAVU, file: 'DejaVuSans-Bold.ttf', covers: 'as DejaVuSans.ttf' }, ...FALLBACKS];

export interface LoadedFace {
  bytes: Uint8Array;
  /** Ascent and descent (positive, below the baseline) per 1 pt of size. */
  ascent: number;
  descent: number;
  has(codePoint: number): boolean;
  /** Advance width of shaped text at 1 pt. */
  width(text: string): number;
}

const cache = new Map<string, LoadedFace>();

/** Bytes, metrics and glyph coverage of one font file, read and parsed once per process. */
export function loadFace(file: string): LoadedFace {
  let face = cache.get(file);
  if (!face) {
    const bytes = readFileSync(path.join(FONT_DIR, file));
    const font = fontkit.create(bytes);
    const em = font.unitsPerEm;
    const covered = new Map<number, boolean>();
    face = {
      bytes,
      ascent: (font.ascent || font.bbox.maxY) / em,
      descent: Math.abs(font.descent || font.bbox.minY) / em,
      has(cp: number) {
        let v = covered.get(cp);
        if (v === undefined) {
          v = font.hasGlyphForCodePoint(cp);
          covered.set(cp, v);
        }
        return v;
      },
      // Same sum pdf-lib uses for what it draws: advances of the shaped glyphs, no kerning pairs.
      width: (text: string) => font.layout(text).glyphs.reduce((s, g) => s + g.advanceWidth, 0) / em,
    };
    cache.set(file, face);
  }
  return face;
}

export interface Run {
  face: FontFace;
  text: string;
}

// Characters that belong to no script: they join the run they are in when its font has them.
const NEUTRAL = /[\p{Zs}\p{P}\p{S}\p{N}\p{M}\p{Cf}]/u;

/**
 * Splits text into runs, each drawn with one font of the chain. Characters no font has go to
 * the first font (they print as its missing-glyph box) and are reported in `missing`.
 */
export function splitRuns(text: string, chain: readonly FontFace[], missing?: Set<string>): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    const current = runs[runs.length - 1];
    if (current && NEUTRAL.test(ch) && loadFace(current.face.file).has(cp)) {
      current.text += ch;
      continue;
    }
    let face = chain.find((f) => loadFace(f.file).has(cp));
    if (!face) {
      missing?.add(ch);
      face = chain[0]!;
    }
    if (current && current.face === face) current.text += ch;
    else runs.push({ face, text: ch });
  }
  return runs;
}
