/**
 * Text layers: Fabric's layout (text-layout.ts) drawn as real text. Each chunk Fabric hands to
 * one fillText is shaped as a unit by fontkit and written as a TJ array whose numbers put every
 * glyph where the layout puts it; backgrounds and decorations are filled rectangles.
 */
import type { PDFDocument } from 'pdf-lib';
import type { Rgba } from './colour/css-colour.js';
import { num } from './content.js';
import { parseFontStyle, parseFontWeight } from './fonts/font-matching.js';
import type { FontRegistry } from './fonts/font-registry.js';
import type { Layer } from './layers.js';
import { n, shapeGeometry } from './object-geometry.js';
import type { Painter } from './paint.js';
import type { CompleteStyle, TextLayout } from './text-layout.js';
import { backgroundRects, decorationRects } from './text-decorations.js';
import { layoutText, stylesFromArray } from './text-layout.js';
import { drawShapedLine, lineDirection } from './text/shaped-painter.js';
import { needsShaping, shapedAdvance } from './text/shaped-line.js';
import { textPath } from './text-on-path.js';
import { drawPathText } from './text/path-painter.js';

/** Fabric's default text properties (Text.ownDefaults + FabricObject defaults). */
export function textBaseStyle(l: Layer): CompleteStyle {
  return {
    fill: l.fill === undefined ? 'rgb(0,0,0)' : l.fill,
    stroke: l.stroke ?? null,
    strokeWidth: n(l.strokeWidth, 1),
    fontSize: n(l.fontSize, 40),
    fontFamily: typeof l.fontFamily === 'string' ? l.fontFamily : 'Times New Roman',
    fontWeight: l.fontWeight ?? 'normal',
    fontStyle: typeof l.fontStyle === 'string' ? l.fontStyle : 'normal',
    underline: l.underline === true,
    overline: l.overline === true,
    linethrough: l.linethrough === true,
    deltaY: n(l.deltaY, 0),
    textBackgroundColor: typeof l.textBackgroundColor === 'string' ? l.textBackgroundColor : '',
    textDecorationThickness: n(l.textDecorationThickness, 66.667),
  };
}

/** Every (family, weight, style) a text layer can use, for preloading. */
export function textFontQueries(l: Layer): { family: string; weight: number; style: 'normal' | 'italic' }[] {
  const base = textBaseStyle(l);
  const out = [{ family: base.fontFamily, weight: parseFontWeight(base.fontWeight), style: parseFontStyle(base.fontStyle) }];
  const styles = stylesFromArray(l.styles, l.text ?? '');
  for (const line of Object.values(styles)) {
    for (const s of Object.values(line)) {
      out.push({
        family: s.fontFamily ?? base.fontFamily,
        weight: parseFontWeight(s.fontWeight ?? base.fontWeight),
        style: parseFontStyle(s.fontStyle ?? base.fontStyle),
      });
    }
  }
  return out;
}

export class TextPainter {
  constructor(
    private readonly p: Painter,
    private readonly fonts: FontRegistry,
    private readonly doc: PDFDocument,
  ) {}

  layout(l: Layer): TextLayout {
    const base = textBaseStyle(l);
    const fonts = this.fonts;
    const dir = lineDirection(l);
    const laid = layoutText(
      {
        kind: l.type === 'textbox' ? 'textbox' : 'text',
        text: l.text ?? '',
        width: n(l.width, 0),
        splitByGrapheme: l.splitByGrapheme === true,
        textAlign: typeof l.textAlign === 'string' ? l.textAlign : 'left',
        lineHeight: n(l.lineHeight, 1.16),
        charSpacing: n(l.charSpacing, 0),
        base,
        styles: stylesFromArray(l.styles, l.text ?? ''),
      },
      {
        advance: (s, text) => {
          const weight = parseFontWeight(s.fontWeight);
          const face = fonts.face(s.fontFamily, weight, parseFontStyle(s.fontStyle));
          // complex scripts, right-to-left text and characters from fallback fonts: HarfBuzz
          return needsShaping(text, face, dir) ? shapedAdvance(text, face, weight) : fonts.advance(face, text);
        },
      },
    );
    // on a path a text (not a textbox) takes the path's size (Fabric's initDimensions)
    const tp = l.type === 'textbox' ? undefined : textPath(l);
    return tp ? { ...laid, width: tp.width, height: tp.height } : laid;
  }

  async draw(l: Layer, layout: TextLayout, alpha: number, path: string): Promise<void> {
    const base = textBaseStyle(l);
    const csw = n(l.charSpacing, 0) !== 0 ? (base.fontSize * n(l.charSpacing, 0)) / 1000 : 0;
    const tp = textPath(l);
    if (tp) {
      this.pathOutline(l, alpha, path);
      // text on a path: glyphs only (text-on-path.ts); backgrounds and decorations are reported by the page renderer
      const missing = new Set<string>();
      for (const kind of l.paintFirst === 'stroke' ? (['stroke', 'fill'] as const) : (['fill', 'stroke'] as const)) {
        drawPathText(this.p, this.fonts, this.doc, l, layout, tp, kind, alpha, path, missing);
      }
      this.warnMissing(missing, path);
      return;
    }
    this.p.rects(backgroundRects(layout), alpha, path);
    this.p.rects(decorationRects(layout, 'underline', base, csw), alpha, path, 'text');
    const passes: ('fill' | 'stroke')[] = l.paintFirst === 'stroke' ? ['stroke', 'fill'] : ['fill', 'stroke'];
    for (const p of passes) await this.pass(l, layout, p, alpha, path);
    this.p.rects(decorationRects(layout, 'overline', base, csw), alpha, path, 'text');
    this.p.rects(decorationRects(layout, 'linethrough', base, csw), alpha, path, 'text');
  }

  private async pass(l: Layer, layout: TextLayout, kind: 'fill' | 'stroke', alpha: number, path: string): Promise<void> {
    const fonts = this.fonts;
    const c = this.p.c;
    const missing = new Set<string>();
    let strokeSet = false;
    type Glyph = { code: string; natural: number; x: number; y: number };
    type Run = { key: string; style: CompleteStyle; col: Rgba; fname: string; glyphs: Glyph[]; fakeBold: boolean; fakeItalic: boolean };
    for (const line of layout.lines) {
      if (drawShapedLine(this.p, fonts, this.doc, l, layout, line, kind, alpha, path, missing)) continue;
      const x0 = -layout.width / 2 + line.leftOffset;
      const runs: Run[] = [];
      // each chunk is what Fabric passes to one fillText: shaped as a unit, drawn from its first box
      for (const chunk of line.chunks) {
        const s = line.styles[chunk.end - 1]!;
        const paint = kind === 'fill' ? s.fill : s.stroke;
        if (!paint || (kind === 'stroke' && !s.strokeWidth)) continue;
        const col = this.p.solid(paint, path, `text ${kind}`);
        if (!col) continue;
        const { face, fakeBold, fakeItalic } = fonts.use(s.fontFamily, parseFontWeight(s.fontWeight), parseFontStyle(s.fontStyle));
        const pdfFont = await fonts.pdfFont(this.doc, face);
        const fname = this.p.res.font(face.id, pdfFont.ref);
        const size = s.fontSize;
        const y = line.baseline + s.deltaY;
        const key = `${fname}|${size}|${num(col.r)},${num(col.g)},${num(col.b)},${num(col.a)}${col.spot ? `/${col.spot.name}@${col.spot.tint}` : ''}|${kind === 'stroke' ? s.strokeWidth : ''}|${fakeBold}|${fakeItalic}`;
        let run = runs[runs.length - 1];
        if (!run || run.key !== key) {
          run = { key, style: s, col, fname, glyphs: [], fakeBold: fakeBold && kind === 'fill', fakeItalic };
          runs.push(run);
        }
        let pen = x0 + line.boxes[chunk.start]!.left;
        for (const g of fonts.shape(face, pdfFont, line.graphemes.slice(chunk.start, chunk.end).join(''))) {
          if (g.missing && !/^\s*$/u.test(g.text)) missing.add(g.text);
          run.glyphs.push({ code: g.code, natural: g.natural, x: pen + g.xOffset * size, y: y - g.yOffset * size });
          pen += g.xAdvance * size;
        }
      }
      if (runs.length === 0) continue;
      c.op('BT');
      if (kind === 'stroke' && !strokeSet) {
        c.op('1 Tr');
        strokeSet = true;
      }
      for (const run of runs) {
        const size = run.style.fontSize;
        if (kind === 'fill') c.alpha(alpha * run.col.a).fillColor(run.col, 'text');
        else {
          c.alpha(undefined, alpha * run.col.a).strokeColor(run.col, 'text');
          this.p.strokeStyle(l, run.style.strokeWidth);
        }
        if (run.fakeBold) {
          // Skia's synthetic bold: outlines stroked and filled, stroke width size × (1/24 at 9 → 1/32 at 36)
          const t = Math.min(1, Math.max(0, (size - 9) / 27));
          c.alpha(alpha * run.col.a, alpha * run.col.a).strokeColor(run.col, 'text').op(`${num(size * (1 / 24 + t * (1 / 32 - 1 / 24)))} w 0 j 4 M 2 Tr`);
        }
        c.op(`/${run.fname} ${num(size)} Tf`);
        // one TJ per stretch of glyphs on the same baseline; TJ numbers move the next glyph
        // from where the previous one's /W advance would put it to where the layout puts it
        let i = 0;
        while (i < run.glyphs.length) {
          const first = run.glyphs[i]!;
          const parts: string[] = [];
          let j = i;
          for (; j < run.glyphs.length && run.glyphs[j]!.y === first.y; j++) {
            const g = run.glyphs[j]!;
            parts.push(`<${g.code}>`);
            const next = run.glyphs[j + 1];
            if (next && next.y === first.y && size > 0) {
              const adj = g.natural - ((next.x - g.x) * 1000) / size;
              if (Math.abs(adj) > 0.005) parts.push(num(Math.round(adj * 1000) / 1000));
            }
          }
          // synthetic italic: Skia slants by a quarter of the height
          c.op(`1 0 ${run.fakeItalic ? '0.25' : '0'} -1 ${num(first.x)} ${num(first.y)} Tm [${parts.join('')}] TJ`);
          i = j;
        }
        if (run.fakeBold) c.op(kind === 'stroke' ? '1 Tr' : '0 Tr');
      }
      c.op('ET');
    }
    if (strokeSet) c.op('0 Tr');
    this.warnMissing(missing, path);
  }

  /** A visible path of a text on a path is drawn under the text (Fabric's Text._render), in the text's frame. */
  private pathOutline(l: Layer, alpha: number, path: string): void {
    const pl = l.path as Layer;
    if (pl.visible === false || n(pl.opacity, 1) === 0) return;
    const geom = shapeGeometry(pl);
    const outline = geom.outline ?? [];
    if (outline.length === 0) return;
    const fill = (): void => this.p.fill(pl, outline, geom, alpha, `${path}.path`);
    const stroke = (): void => this.p.stroke(pl, outline, geom.strokeWidth, { x: 1, y: 1 }, alpha, `${path}.path`);
    if (pl.paintFirst === 'stroke') {
      stroke();
      fill();
    } else {
      fill();
      stroke();
    }
  }

  private warnMissing(missing: Set<string>, path: string): void {
    if (missing.size === 0) return;
    const chars = [...missing].slice(0, 20);
    this.p.warn({ code: 'MISSING_GLYPHS', layer: path, message: `the font has no glyph for ${chars.map((g) => JSON.stringify(g)).join(', ')}`, details: { characters: chars } });
  }
}
