/**
 * Draws a text layer that has a `path` (text-on-path.ts places the graphemes): as Fabric
 * does (`_renderChars` with a path), every grapheme is one fillText of its own, translated to
 * its place on the path, rotated to the tangent and drawn from minus half its box width on the
 * baseline `pathAlign` picks. Here each grapheme is shaped alone by HarfBuzz (with the script
 * fallback fonts) and written by glyph id in a glyph-id Type0 font (real text: embedded subset,
 * ToUnicode); each line is one ActualText span with its characters, so text extraction gives
 * the words even though every glyph has its own angle.
 */
import type { PDFDocument } from 'pdf-lib';
import { num } from '../content.js';
import { parseFontStyle, parseFontWeight } from '../fonts/font-matching.js';
import type { Face, FontRegistry } from '../fonts/font-registry.js';
import type { Layer } from '../layers.js';
import type { Painter } from '../paint.js';
import type { TextLayout } from '../text-layout.js';
import { placeLineOnPath, graphemeVisualOrder, type TextPath } from '../text-on-path.js';
import { actualTextOpen, glyphFont } from './glyph-font.js';
import { lineDirection, runTextState } from './shaped-painter.js';
import { shapeLine } from './shaped-line.js';

/**
 * Chromium's offset of the alphabetic baseline below the point a canvas draws at, for the
 * textBaseline Fabric sets from `pathAlign` (blink TextMetrics::GetFontBaseline: the primary
 * font's OS/2 typo ascent and descent, scaled to add up to the em).
 */
export function pathAlignShift(face: Face, size: number, pathAlign: unknown): number {
  if (pathAlign !== 'center' && pathAlign !== 'ascender' && pathAlign !== 'descender') return 0;
  const fk = face.fk as unknown as { 'OS/2'?: { typoAscender?: number; typoDescender?: number }; ascent: number; descent: number };
  let a = fk['OS/2']?.typoAscender ?? fk.ascent;
  let d = -(fk['OS/2']?.typoDescender ?? fk.descent);
  if (!(a + d > 0)) {
    a = fk.ascent;
    d = -fk.descent;
  }
  const asc = (size * a) / (a + d);
  const desc = size - asc;
  if (pathAlign === 'ascender') return asc;
  if (pathAlign === 'descender') return -desc;
  return (asc - desc) / 2;
}

export function drawPathText(
  p: Painter, fonts: FontRegistry, doc: PDFDocument, l: Layer, layout: TextLayout, tp: TextPath,
  kind: 'fill' | 'stroke', alpha: number, path: string, missing: Set<string>,
): void {
  if (!(tp.total > 0)) return;
  const c = p.c;
  const dir = lineDirection(l);
  for (const line of layout.lines) {
    if (line.graphemes.length === 0) continue;
    const places = placeLineOnPath(l, tp, line, dir);
    const order = graphemeVisualOrder(line.graphemes, dir);
    let open = false;
    for (const i of order) {
      const g = line.graphemes[i]!;
      const s = line.styles[i]!;
      const box = line.boxes[i]!;
      const at = places[i]!;
      const paint = kind === 'fill' ? s.fill : s.stroke;
      if (!paint || (kind === 'stroke' && !s.strokeWidth)) continue;
      const col = p.solid(paint, path, `text ${kind}`);
      if (!col) continue;
      const weight = parseFontWeight(s.fontWeight);
      const use = fonts.use(s.fontFamily, weight, parseFontStyle(s.fontStyle));
      const size = s.fontSize;
      const runs = shapeLine([{ grapheme: g, primary: use.face, weight, chunk: 0 }], dir);
      const advance = runs.reduce((a, r) => a + r.advance, 0) * size;
      // Fabric draws from −width/2; an rtl text's canvas is right-aligned, so its glyph ends there
      let pen = -box.width / 2 - (dir === 'rtl' ? advance : 0);
      const y0 = s.deltaY + pathAlignShift(use.face, size, l.pathAlign);
      if (!open) {
        c.op(actualTextOpen(order.map((j) => line.graphemes[j]).join('')));
        c.op('BT');
        if (kind === 'stroke') c.op('1 Tr');
        open = true;
      }
      const cos = Math.cos(at.angle);
      const sin = Math.sin(at.angle);
      for (const run of runs) {
        for (const m of run.missing) missing.add(m);
        const synth = use.face === run.face;
        const fakeBold = synth && use.fakeBold && kind === 'fill';
        const slant = synth && use.fakeItalic ? 0.25 : 0;
        const gf = glyphFont(doc, run.face);
        const fname = p.res.font(`glyphs:${run.face.id}`, gf.ref);
        runTextState(p, l, { kind, col, alpha, strokeWidth: s.strokeWidth, fakeBold, size, fname });
        for (const gl of run.glyphs) {
          const { cid } = gf.cid(gl.gid);
          gf.mapText(cid, g);
          const gx = pen + gl.xOffset * size;
          const gy = y0 - gl.yOffset * size;
          // glyph space (u, v up) → (gx + u + slant·v, gy − v) in the grapheme's frame, rotated and moved onto the path
          const m = [cos, sin, sin + slant * cos, slant * sin - cos, at.x + cos * gx - sin * gy, at.y + sin * gx + cos * gy];
          c.op(`${m.map(num).join(' ')} Tm <${cid.toString(16).padStart(4, '0')}> Tj`);
          pen += gl.xAdvance * size;
        }
        if (fakeBold) c.op('0 Tr');
      }
    }
    if (open) {
      if (kind === 'stroke') c.op('0 Tr');
      c.op('ET');
      c.op('EMC');
    }
  }
}
