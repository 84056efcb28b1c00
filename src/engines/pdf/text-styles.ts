/** Grapheme splitting and Fabric's serialised per-character styles. */
import type { CharStyle } from './layers.js';
import type { StylesObject } from './text-layout.js';

const RE_NEWLINE = /\r?\n/;

let segmenter: Intl.Segmenter | undefined;
/** Fabric splits text into graphemes with Intl.Segmenter where the runtime has it. */
export function graphemeSplit(s: string): string[] {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  return Array.from(segmenter.segment(s), (x) => x.segment);
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

