/** Grapheme splitting and Fabric's serialised per-character styles. */
import type { CharStyle } from './layers.js';
import type { StylesObject } from './text-layout.js';

const RE_NEWLINE = /\r?\n/;

let segmenter: Intl.Segmenter | undefined;
/** Longest piece handed to Intl.Segmenter at once (V8's segmenting is quadratic in the input's length). */
const SEGMENT_CHUNK = 256;

/**
 * Fabric splits text into graphemes with Intl.Segmenter where the runtime has it. V8's
 * segmenter takes time quadratic in the string's length (40,000 characters: about a second), so
 * a long text is cut first where a cut cannot split a grapheme: between two ASCII characters
 * other than CR LF (no ASCII character extends, joins or prepends a cluster).
 */
export function graphemeSplit(s: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  if (s.length <= SEGMENT_CHUNK) return Array.from(segmenter.segment(s), (x) => x.segment);
  const out: string[] = [];
  let start = 0;
  let i = SEGMENT_CHUNK;
  while (i < s.length) {
    if (s.charCodeAt(i - 1) < 0x80 && s.charCodeAt(i) < 0x80 && !(s.charCodeAt(i - 1) === 13 && s.charCodeAt(i) === 10)) {
      for (const x of segmenter.segment(s.slice(start, i))) out.push(x.segment);
      start = i;
      i += SEGMENT_CHUNK;
    } else i++;
  }
  for (const x of segmenter.segment(s.slice(start))) out.push(x.segment);
  return out;
}

/** Fabric v6 serialises styles as [{start, end, style}] over graphemes, newlines not counted. */
export function stylesFromArray(styles: unknown, text: string): StylesObject {
  if (!Array.isArray(styles)) {
    if (styles && typeof styles === 'object') {
      const out: StylesObject = {};
      for (const [l, chars] of Object.entries(styles as Record<string, Record<string, CharStyle>>)) {
        out[l] = {};
        for (const [c, s] of Object.entries(chars)) out[l]![c] = { ...s };
      }
      return out;
    }
    return {};
  }
  const ranges = styles as { start: number; end: number; style: CharStyle }[];
  const out: StylesObject = {};
  let charIndex = -1;
  let styleIndex = 0;
  const lines = text.split(RE_NEWLINE);
  for (let i = 0; i < lines.length; i++) {
    const chars = graphemeSplit(lines[i]!);
    for (let c = 0; c < chars.length; c++) {
      charIndex++;
      const r = ranges[styleIndex];
      if (r && r.start <= charIndex && charIndex < r.end) {
        (out[i] ??= {})[c] = { ...r.style };
        if (charIndex === r.end - 1) styleIndex++;
      }
    }
  }
  return out;
}

