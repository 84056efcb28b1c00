import fontkit from '@pdf-lib/fontkit';
import { sniffType } from '../../platform/fetch/sniff.js';

/** Font files: TTF, OTF, WOFF, WOFF2 parsed with fontkit for family, style, weight and coverage. */
export const FONT_TYPES: Record<string, string> = {
  'font/ttf': 'ttf',
  'font/otf': 'otf',
  'font/woff': 'woff',
  'font/woff2': 'woff2',
};

export class NotAFont extends Error {}

export interface ParsedFont {
  type: string;
  family: string;
  style: 'normal' | 'italic';
  weight: number;
  glyphCount: number;
  /** Unicode blocks at least half covered, plus the count of code points */
  coverage: string[];
  codePoints: number;
}

const BLOCKS: Array<[string, number, number]> = [
  ['Basic Latin', 0x20, 0x7e],
  ['Latin-1 Supplement', 0xa0, 0xff],
  ['Latin Extended-A', 0x100, 0x17f],
  ['Greek', 0x370, 0x3ff],
  ['Cyrillic', 0x400, 0x4ff],
  ['Hebrew', 0x590, 0x5ff],
  ['Arabic', 0x600, 0x6ff],
  ['Devanagari', 0x900, 0x97f],
  ['Thai', 0xe00, 0xe7f],
  ['Hangul Syllables', 0xac00, 0xd7a3],
  ['CJK Unified Ideographs', 0x4e00, 0x9fff],
];

export async function parseFont(body: Buffer): Promise<ParsedFont> {
  const sniffed = await sniffType(body);
  const type = sniffed ? FONT_TYPES[sniffed.mime] : undefined;
  if (!type) throw new NotAFont('The file is not a TTF, OTF, WOFF or WOFF2 font');
  let font: fontkit.Font;
  try {
    font = fontkit.create(body);
  } catch {
    throw new NotAFont('The font file cannot be parsed');
  }
  const chars = new Set(font.characterSet ?? []);
  const coverage = BLOCKS.filter(([, lo, hi]) => {
    let n = 0;
    for (let c = lo; c <= hi; c++) if (chars.has(c)) n++;
    return n * 2 >= hi - lo + 1;
  }).map(([name]) => name);
  const os2 = (font as unknown as { 'OS/2'?: { usWeightClass?: number; fsSelection?: { italic?: boolean } } })['OS/2'];
  const sub = (font.subfamilyName ?? '').toLowerCase();
  const italic = Boolean(os2?.fsSelection?.italic) || /italic|oblique/.test(sub);
  return {
    type,
    family: font.familyName ?? 'Unknown',
    style: italic ? 'italic' : 'normal',
    weight: os2?.usWeightClass ?? (/bold/.test(sub) ? 700 : 400),
    glyphCount: font.numGlyphs,
    coverage,
    codePoints: chars.size,
  };
}
