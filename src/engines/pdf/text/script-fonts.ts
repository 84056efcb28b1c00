/**
 * Script fallback for shaped text: the fonts shipped in fonts/ (see fonts/README.md) cover
 * Latin, Greek, Cyrillic, Arabic, Hebrew, Georgian, Armenian (DejaVu Sans), the Indic scripts,
 * Sinhala, Thai, Lao, Myanmar, Khmer, Ethiopic, Thaana (Noto Sans), CJK and Hangul. A
 * character the layer's own font lacks is drawn from the first of these that has it, as a
 * browser falls back through its fonts.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FONT_DIR } from '../../qr/fonts.js';
import type { Face } from '../fonts/font-registry.js';
import { guardFont, parse } from '../fonts/font-registry.js';

/**
 * Fallback files, in order; bold text takes DejaVu Sans Bold in DejaVu Sans's place. DejaVu
 * comes first for Latin and the punctuation and digits the Noto fonts repeat; Noto Sans Lao
 * (only Lao, the space and the kip sign) before it, because DejaVu's partial Lao has no mark
 * positioning. Noto Sans Devanagari precedes the other Indic fonts, which repeat its dandas.
 */
export const SCRIPT_FALLBACK_FILES = [
  'NotoSansLao-Regular.ttf',
  'DejaVuSans.ttf',
  'NotoSansDevanagari-Regular.ttf',
  'NotoSansBengali-Regular.ttf',
  'NotoSansGurmukhi-Regular.ttf',
  'NotoSansGujarati-Regular.ttf',
  'NotoSansOriya-Regular.ttf',
  'NotoSansTamil-Regular.ttf',
  'NotoSansTelugu-Regular.ttf',
  'NotoSansKannada-Regular.ttf',
  'NotoSansMalayalam-Regular.ttf',
  'NotoSansSinhala-Regular.ttf',
  'NotoSansThai-Regular.ttf',
  'NotoSansMyanmar-Regular.ttf',
  'NotoSansKhmer-Regular.ttf',
  'NotoSansEthiopic-Regular.ttf',
  'NotoSansThaana-Regular.ttf',
  'DroidSansFallbackFull.ttf',
  'NanumSquareR.ttf',
] as const;

const FAMILIES: Record<string, string> = {
  'DejaVuSans.ttf': 'DejaVu Sans',
  'DejaVuSans-Bold.ttf': 'DejaVu Sans Bold',
  'DroidSansFallbackFull.ttf': 'Droid Sans Fallback',
  'NanumSquareR.ttf': 'NanumSquare',
};
/** "NotoSansTamil-Regular.ttf" → "Noto Sans Tamil" */
const familyOf = (file: string): string => FAMILIES[file] ?? file.replace(/-Regular\.ttf$/, '').replace(/^NotoSans/, 'Noto Sans ');

const loaded = new Map<string, Face>();

function load(file: string): Face {
  let f = loaded.get(file);
  if (!f) {
    const b = readFileSync(path.join(FONT_DIR, file));
    const bytes = new Uint8Array(b.buffer, b.byteOffset, b.byteLength);
    const id = `fallback:${file}`;
    f = { id, family: familyOf(file), fk: parse(id, bytes), bytes };
    loaded.set(file, f);
  }
  return f;
}

/** The fallback faces for a weight (files are read once per process). */
export function fallbackFaces(weight: number): Face[] {
  return SCRIPT_FALLBACK_FILES.map((f) => load(weight >= 600 && f === 'DejaVuSans.ttf' ? 'DejaVuSans-Bold.ttf' : f));
}

// characters that never decide the font: joiners, variation selectors, marks take the base's font
// eslint-disable-next-line no-misleading-character-class -- ranges of code points on purpose: each ignorable is tested alone
const IGNORABLE = /[\u200B-\u200F\u2060-\u206F\uFE00-\uFE0F\u{E0100}-\u{E01EF}]/u;

// Every measurement of a line asks this for each of its characters (wrapping measures many
// prefixes of one line): fontkit's cmap lookup once per face and code point, then a Map read.
const coverage = new WeakMap<object, Map<number, boolean>>();

/** Whether `face` maps code point `cp` (spaces included, unlike `covers`). */
export function hasGlyph(face: Face, cp: number): boolean {
  let known = coverage.get(face.fk);
  if (!known) coverage.set(face.fk, (known = new Map()));
  let has = known.get(cp);
  if (has === undefined) known.set(cp, (has = guardFont(face, 'reading its character map', () => face.fk.hasGlyphForCodePoint(cp))));
  return has;
}

/** Whether `face` has a glyph for every character of the grapheme `g`. */
export function covers(face: Face, g: string): boolean {
  for (const ch of g) {
    if (ch === ' ' || ch === '\t') continue;
    const cp = ch.codePointAt(0)!;
    if (cp < 0x200b ? false : IGNORABLE.test(ch)) continue;
    if (!hasGlyph(face, cp)) return false;
  }
  return true;
}
