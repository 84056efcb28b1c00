/**
 * Draws a line that needs shaping (see shaped-line.ts): runs in visual order, each glyph by
 * id in a glyph-id Type0 font (glyph-font.ts). A cluster whose glyphs do not map back to its
 * characters one to one (a Devanagari matra drawn before its consonant, a glyph reused with
 * other text) is wrapped in an ActualText span, so text extraction gives the characters in
 * logical order.
 */
import type { PDFDocument } from 'pdf-lib';
import { num } from '../content.js';
import { parseFontStyle, parseFontWeight } from '../fonts/font-matching.js';
import type { FontRegistry } from '../fonts/font-registry.js';
import type { Rgba } from '../colour/css-colour.js';
import type { Layer } from '../layers.js';
import type { Painter } from '../paint.js';
import type { LaidOutLine, TextLayout } from '../text-layout.js';
import { actualTextOpen, glyphFont } from './glyph-font.js';
import type { LineItem } from './shaped-line.js';
import { needsShaping, runClusters, shapeLine } from './shaped-line.js';

export function lineDirection(l: Layer): 'ltr' | 'rtl' {
  return l.direction === 'rtl' ? 'rtl' : 'ltr';
}

/** The line's items (grapheme, primary face, chunk), or undefined when it needs no shaping. */
export function shapingItems(fonts: FontRegistry, line: LaidOutLine, dir: 'ltr' | 'rtl'): LineItem[] | undefined {
  const chunkOf: number[] = [];
  line.chunks.forEach((c, i) => {
    for (let j = c.start; j < c.end; j++) chunkOf[j] = i;
  });
  let shaping = false;
  const items = line.graphemes.map((g, i) => {
    const s = line.styles[i]!;
    const weight = parseFontWeight(s.fontWeight);
    const primary = fonts.face(s.fontFamily, weight, parseFontStyle(s.fontStyle));
    if (!shaping && needsShaping(g, primary, dir)) shaping = true;
    return { grapheme: g, primary, weight, chunk: chunkOf[i] ?? 0 };
  });
  return shaping ? items : undefined;
}

/** Left edge of a shaped line of width `w` in a box of width `boxWidth` (visual alignment; justify aligns to the paragraph's start). */
function alignOffset(textAlign: string, dir: 'ltr' | 'rtl', diff: number): number {
  if (textAlign === 'center' || textAlign === 'justify-center') return diff / 2;
  if (textAlign === 'right' || textAlign === 'justify-right') return diff;
  if (textAlign === 'justify') return dir === 'rtl' ? diff : 0;
  return 0;
}

interface Seg {
  cids: { code: string; natural: number; x: number; y: number }[];
  actual?: string;
}

/**
 * Draws one line's fill or stroke pass. Returns false (drawing nothing) when the line needs
 * no shaping and the caller's plain path should draw it.
 */
/** A run's text state before its glyphs: its paint (fill, or stroke and its style), a synthetic bold's outline, its font and size. */
export function runTextState(
  p: Painter, l: Layer,
  r: { kind: 'fill' | 'stroke'; col: Rgba; alpha: number; strokeWidth: number; fakeBold: boolean; size: number; fname: string },
): void {
  const c = p.c;
  if (r.kind === 'fill') c.alpha(r.alpha * r.col.a).fillColor(r.col, 'text');
  else {
    c.alpha(undefined, r.alpha * r.col.a).strokeColor(r.col, 'text');
    p.strokeStyle(l, r.strokeWidth);
  }
  if (r.fakeBold) {
    const t = Math.min(1, Math.max(0, (r.size - 9) / 27));
    c.alpha(r.alpha * r.col.a, r.alpha * r.col.a).strokeColor(r.col, 'text').op(`${num(r.size * (1 / 24 + t * (1 / 32 - 1 / 24)))} w 0 j 4 M 2 Tr`);
  }
  c.op(`/${r.fname} ${num(r.size)} Tf`);
}

export function drawShapedLine(
  p: Painter, fonts: FontRegistry, doc: PDFDocument, l: Layer, layout: TextLayout, line: LaidOutLine,
  kind: 'fill' | 'stroke', alpha: number, path: string, missing: Set<string>,
): boolean {
  const dir = lineDirection(l);
  const items = shapingItems(fonts, line, dir);
  if (!items) return false;
  const c = p.c;
  const runs = shapeLine(items, dir);
  const sizeOf = (i: number): number => line.styles[i]!.fontSize;
  const width = runs.reduce((a, r) => a + r.advance * sizeOf(r.grapheme), 0);
  let pen = -layout.width / 2 + alignOffset(typeof l.textAlign === 'string' ? l.textAlign : 'left', dir, layout.width - width);
  let open = false;
  for (const run of runs) {
    const s = line.styles[run.grapheme]!;
    const size = s.fontSize;
    for (const m of run.missing) missing.add(m);
    const paint = kind === 'fill' ? s.fill : s.stroke;
    const col = paint && !(kind === 'stroke' && !s.strokeWidth) ? p.solid(paint, path, `text ${kind}`) : undefined;
    if (!col) {
      pen += run.advance * size;
      continue;
    }
    const use = fonts.use(s.fontFamily, parseFontWeight(s.fontWeight), parseFontStyle(s.fontStyle));
    const synth = use.face === run.face;
    const fakeBold = synth && use.fakeBold && kind === 'fill';
    const fakeItalic = synth && use.fakeItalic;
    const gf = glyphFont(doc, run.face);
    const fname = p.res.font(`glyphs:${run.face.id}`, gf.ref);
    if (!open) {
      c.op('BT');
      if (kind === 'stroke') c.op('1 Tr');
      open = true;
    }
    runTextState(p, l, { kind, col, alpha, strokeWidth: s.strokeWidth, fakeBold, size, fname });
    const y0 = line.baseline + s.deltaY;
    const segs: Seg[] = [];
    for (const cl of runClusters(run)) {
      const cids = cl.glyphs.map((g) => {
        const { cid, width: natural } = gf.cid(g.gid);
        const out = { code: cid.toString(16).padStart(4, '0'), natural, x: pen + g.xOffset * size, y: y0 - g.yOffset * size, cid };
        pen += g.xAdvance * size;
        return out;
      });
      // extractors (poppler, pdf.js) place a glyph's characters left to right across it and then
      // reverse right-to-left stretches: an RTL cluster's characters are given in visual order so
      // that reversal restores the logical order (lam-alef reads back as lam, alef)
      const text = run.rtl ? [...cl.text].reverse().join('') : cl.text;
      const plain = (cids.length === 1 && gf.mapText(cids[0]!.cid, text));
      const last = segs[segs.length - 1];
      if (plain && last && !last.actual) last.cids.push(...cids);
      else segs.push({ cids, ...(plain ? {} : { actual: text }) });
    }
    for (const seg of segs) {
      if (seg.actual !== undefined) c.op(actualTextOpen(seg.actual));
      // one TJ per stretch on one baseline; numbers move each glyph from its /W advance to its shaped place
      let i = 0;
      while (i < seg.cids.length) {
        const first = seg.cids[i]!;
        const parts: string[] = [];
        let j = i;
        for (; j < seg.cids.length && seg.cids[j]!.y === first.y; j++) {
          const g = seg.cids[j]!;
          parts.push(`<${g.code}>`);
          const next = seg.cids[j + 1];
          if (next && next.y === first.y && size > 0) {
            const adj = g.natural - ((next.x - g.x) * 1000) / size;
            if (Math.abs(adj) > 0.005) parts.push(num(Math.round(adj * 1000) / 1000));
          }
        }
        c.op(`1 0 ${fakeItalic ? '0.25' : '0'} -1 ${num(first.x)} ${num(first.y)} Tm [${parts.join('')}] TJ`);
        i = j;
      }
      if (seg.actual !== undefined) c.op('EMC');
    }
    if (fakeBold) c.op('0 Tr');
  }
  if (open) {
    if (kind === 'stroke') c.op('0 Tr');
    c.op('ET');
  }
  return true;
}
