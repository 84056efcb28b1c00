/**
 * One laid-out line as a browser draws it: split into runs of one bidi level, one style chunk
 * and one font (the layer's font, else the first script fallback that has the character),
 * each run shaped by HarfBuzz, and the runs put in visual order (UAX #9 rule L2).
 */
import type { Face } from '../fonts/font-registry.js';
import { guardFont } from '../fonts/font-registry.js';
import { bidiLevels, hasRtl, visualOrder } from './bidi.js';
import { covers, fallbackFaces, hasGlyph } from './script-fonts.js';
import type { HbGlyph } from './harfbuzz.js';
import { shapeRun } from './harfbuzz.js';

/** Scripts whose glyphs depend on their neighbours (joining, reordering, stacking). */
// eslint-disable-next-line no-misleading-character-class -- script ranges, matched one code point at a time
const COMPLEX = /[\u0590-\u08FF\u0900-\u0DFF\u0E00-\u0EFF\u0F00-\u0FFF\u1000-\u109F\u1780-\u17FF\u1800-\u18AF\uA8E0-\uA8FF\uFB1D-\uFDFF\uFE70-\uFEFF]/u;

/**
 * Whether a line must go through HarfBuzz, bidi and font fallback: right-to-left or complex
 * script text, an rtl paragraph, or a character the layer's own font does not have.
 */
export function needsShaping(text: string, primary: Face, dir: 'ltr' | 'rtl'): boolean {
  if (dir === 'rtl' || COMPLEX.test(text) || hasRtl(text)) return true;
  for (const ch of text) if (!covers(primary, ch)) return true;
  return false;
}

/** The face that draws grapheme `g`: the layer's, else the first fallback that has it. */
export function faceFor(g: string, primary: Face, weight: number): Face | undefined {
  if (covers(primary, g)) return primary;
  return fallbackFaces(weight).find((f) => covers(f, g));
}

/**
 * The face of a whitespace grapheme: the layer's font when it has the glyph, as Chromium does
 * (it shapes with the primary font and falls back only for what that font lacks, so a space
 * between two words from a script fallback keeps the layer font's advance), else the font of
 * the text before it. Tabs and line ends are drawn as spaces.
 */
function spaceFace(g: string, primary: Face, prev: Face | undefined): Face | undefined {
  const has = (f: Face): boolean => [...g].every((ch) => hasGlyph(f, /[\t\n\f\r]/.test(ch) ? 0x20 : ch.codePointAt(0)!));
  return has(primary) ? primary : prev && has(prev) ? prev : undefined;
}

export interface ShapedRun {
  face: Face;
  /** index of the run's first grapheme in the line (its style applies to the run) */
  grapheme: number;
  rtl: boolean;
  /** the run's characters, logical order */
  text: string;
  /** glyphs in visual order; cluster is an index into `text` */
  glyphs: HbGlyph[];
  /** sum of advances, em */
  advance: number;
  /** graphemes no font has */
  missing: string[];
}

export interface LineItem {
  grapheme: string;
  /** primary face of the grapheme's style */
  primary: Face;
  weight: number;
  /** graphemes with different chunk ids never share a run (Fabric draws chunks separately) */
  chunk: number;
}

/** Runs of a line in visual (left-to-right) order. */
export function shapeLine(items: readonly LineItem[], dir: 'ltr' | 'rtl'): ShapedRun[] {
  const text = items.map((i) => i.grapheme).join('');
  const levels = bidiLevels(text, dir);
  type Item = { start: number; end: number; face: Face; level: number; chunk: number; missing: boolean };
  const itemized: Item[] = [];
  let off = 0;
  let prevFace: Face | undefined;
  for (const it of items) {
    const g = it.grapheme;
    let face = /^\s+$/u.test(g) ? spaceFace(g, it.primary, prevFace) ?? faceFor(g, it.primary, it.weight) : faceFor(g, it.primary, it.weight);
    const missing = !face;
    face ??= it.primary;
    itemized.push({ start: off, end: off + g.length, face, level: levels[off] ?? 0, chunk: it.chunk, missing });
    prevFace = face;
    off += g.length;
  }
  const runs: { items: Item[]; grapheme: number }[] = [];
  itemized.forEach((it, i) => {
    const last = runs[runs.length - 1]?.items;
    const p = last?.[last.length - 1];
    if (p && p.face === it.face && p.level === it.level && p.chunk === it.chunk) last!.push(it);
    else runs.push({ items: [it], grapheme: i });
  });
  const shaped = runs.map(({ items: its, grapheme }): ShapedRun & { level: number } => {
    const start = its[0]!.start;
    const t = text.slice(start, its[its.length - 1]!.end);
    const face = its[0]!.face;
    const rtl = its[0]!.level % 2 === 1;
    // the canvas turns ASCII whitespace into spaces before drawing
    const glyphs = guardFont(face, 'shaping text', () => shapeRun(face.id, face.bytes, t.replace(/[\t\n\f\r]/g, ' '), rtl));
    return {
      face,
      grapheme,
      rtl,
      text: t,
      glyphs,
      advance: glyphs.reduce((a, g) => a + g.xAdvance, 0),
      missing: its.filter((i) => i.missing && !/^\s*$/u.test(text.slice(i.start, i.end))).map((i) => text.slice(i.start, i.end)),
      level: its[0]!.level,
    };
  });
  return visualOrder(shaped.map((r) => r.level)).map((i) => shaped[i]!);
}

/** Advance (em, font size 1) of `text` shaped with fallback, for measuring. */
export function shapedAdvance(text: string, primary: Face, weight: number): number {
  const dir = hasRtl(text) ? 'rtl' : 'ltr';
  const items = Array.from(new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(text), (s) => ({ grapheme: s.segment, primary, weight, chunk: 0 }));
  return shapeLine(items, dir).reduce((a, r) => a + r.advance, 0);
}

/** Clusters of a run in visual order: the glyphs drawn for each and the characters they stand for. */
export function runClusters(run: ShapedRun): { glyphs: HbGlyph[]; text: string }[] {
  const starts = [...new Set(run.glyphs.map((g) => g.cluster))].sort((a, b) => a - b);
  const textOf = (c: number): string => {
    const i = starts.indexOf(c);
    return run.text.slice(c, i + 1 < starts.length ? starts[i + 1] : run.text.length);
  };
  const out: { glyphs: HbGlyph[]; text: string }[] = [];
  for (const g of run.glyphs) {
    const last = out[out.length - 1];
    if (last && last.glyphs[0]!.cluster === g.cluster) last.glyphs.push(g);
    else out.push({ glyphs: [g], text: textOf(g.cluster) });
  }
  return out;
}
