/**
 * The Unicode bidirectional algorithm (UAX #9, bidi-js) over one laid-out line: embedding
 * levels per character, and the visual order of runs of equal level (rule L2).
 */
import bidiModule from 'bidi-js';
import type { Bidi } from 'bidi-js';

// bidi-js is CommonJS: its module.exports is the factory its typings call the default export
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ?? bidiModule) as unknown as () => Bidi;
let bidi: Bidi | undefined;

/** Embedding level of every UTF-16 unit of `text` in a paragraph of base direction `dir`. */
export function bidiLevels(text: string, dir: 'ltr' | 'rtl'): Uint8Array {
  bidi ??= bidiFactory();
  const levels = bidi.getEmbeddingLevels(text, dir).levels;
  // L1: whitespace at the end of the line takes the paragraph level
  const base = dir === 'rtl' ? 1 : 0;
  for (let i = text.length - 1; i >= 0 && /\s/u.test(text[i]!); i--) levels[i] = base;
  return levels;
}

/** Rule L2: the visual order (indices into `levels`) of runs carrying those levels. */
export function visualOrder(levels: readonly number[]): number[] {
  const order = levels.map((_, i) => i);
  if (levels.length === 0) return order;
  const max = Math.max(...levels);
  let minOdd = Infinity;
  for (const l of levels) if (l % 2 === 1 && l < minOdd) minOdd = l;
  if (minOdd === Infinity) return order;
  for (let k = max; k >= minOdd; k--) {
    let i = 0;
    while (i < order.length) {
      if (levels[order[i]!]! >= k) {
        let j = i;
        while (j < order.length && levels[order[j]!]! >= k) j++;
        const rev = order.slice(i, j).reverse();
        order.splice(i, j - i, ...rev);
        i = j;
      } else i++;
    }
  }
  return order;
}

/** True when `text` holds a character the bidi algorithm treats as right-to-left. */
export function hasRtl(text: string): boolean {
  return /[\u0590-\u08FF\uFB1D-\uFDFF\uFE70-\uFEFF\u{10800}-\u{10FFF}\u{1E800}-\u{1EFFF}]/u.test(text);
}

