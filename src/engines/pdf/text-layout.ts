/**
 * Text layout exactly as Fabric.js 6 lays out `text`, `i-text` and `textbox` objects: the same
 * line splitting, textbox word wrapping (or grapheme wrapping), per-character kerning
 * measured from character pairs, charSpacing, justify space enlargement, line heights
 * (fontSize × lineHeight × 1.13) and baselines. Pure: glyph advances come from a measurer.
 * Ported from fabric/src/shapes/Text/Text.ts, StyledText.ts and Textbox.ts.
 */
import type { CharStyle } from './layers.js';
import type { CharBox, CompleteStyle, LaidOutLine, TextLayout, TextMeasurer, TextSpec } from './text-layout-types.js';
import { graphemeSplit } from './text-styles.js';
import { generateStyleMap, wrapText, type MapEntry } from './text-wrap.js';

/** Fabric's text magic numbers. */
export const FONT_SIZE_MULT = 1.13;
export const FONT_SIZE_FRACTION = 0.222;
export const DECORATION_OFFSETS = { underline: 0.1, linethrough: -0.28167, overline: -0.81333 } as const;
const MIN_TEXT_WIDTH = 2;

const RE_NEWLINE = /\r?\n/;
const RE_SPACES_AND_TABS = /[ \t\r]/g;
const RE_SPACE_AND_TAB = /[ \t\r]/;

export type { CharBox, CompleteStyle, LaidOutLine, StylesObject, TextLayout, TextMeasurer, TextSpec } from './text-layout-types.js';
export { graphemeSplit, stylesFromArray } from './text-styles.js';

const STYLE_KEYS = [
  'fill', 'stroke', 'strokeWidth', 'fontSize', 'fontFamily', 'fontWeight', 'fontStyle', 'underline',
  'overline', 'linethrough', 'deltaY', 'textBackgroundColor', 'textDecorationThickness',
] as const;

/** Fabric's hasStyleChanged (forTextSpans false). */
function styleChanged(a: CompleteStyle, b: CompleteStyle): boolean {
  return a.fill !== b.fill || a.stroke !== b.stroke || a.strokeWidth !== b.strokeWidth || a.fontSize !== b.fontSize ||
    a.fontFamily !== b.fontFamily || a.fontWeight !== b.fontWeight || a.fontStyle !== b.fontStyle ||
    a.textDecorationThickness !== b.textDecorationThickness || a.textBackgroundColor !== b.textBackgroundColor || a.deltaY !== b.deltaY;
}

function fontDeclaration(s: CompleteStyle): string {
  return `${s.fontStyle}|${s.fontWeight}|${s.fontSize}|${s.fontFamily}`;
}

export function layoutText(spec: TextSpec, measurer: TextMeasurer): TextLayout {
  return new FabricTextLayout(spec, measurer).run();
}

class FabricTextLayout {
  private isWrapping = false;
  private styleMap: MapEntry[] | undefined;
  private dynamicMinWidth = 0;
  private width: number;
  private textLines: string[] = [];
  private graphemeLines: string[][] = [];
  private charBounds: CharBox[][] = [];
  private lineWidths: number[] = [];
  private measureCache = new Map<string, number>();

  constructor(private readonly spec: TextSpec, private readonly measurer: TextMeasurer) {
    this.width = spec.width;
  }

  run(): TextLayout {
    const s = this.spec;
    const unwrapped = s.text.split(RE_NEWLINE);
    const unwrappedGraphemes = unwrapped.map(graphemeSplit);
    const graphemeText: string[] = [];
    unwrappedGraphemes.forEach((g, i) => {
      if (i > 0) graphemeText.push('\n');
      graphemeText.push(...g);
    });
    if (s.kind === 'textbox') {
      this.isWrapping = true;
      const wrapped = wrapText({
        lines: unwrapped,
        width: this.width,
        splitByGrapheme: s.splitByGrapheme,
        charSpacingWidth: this.charSpacingWidth(),
        measureWord: (word, lineIndex, charOffset) => this.measureWord(word, lineIndex, charOffset),
      });
      this.isWrapping = false;
      this.graphemeLines = wrapped.graphemeLines;
      this.dynamicMinWidth = wrapped.dynamicMinWidth;
      this.textLines = this.graphemeLines.map((g) => g.join(''));
      this.styleMap = generateStyleMap(graphemeText, this.graphemeLines, s.splitByGrapheme);
      if (this.dynamicMinWidth > this.width) this.width = this.dynamicMinWidth;
    } else {
      this.graphemeLines = unwrappedGraphemes;
      this.textLines = unwrapped;
    }
    const n = this.graphemeLines.length;
    for (let i = 0; i < n; i++) this.lineWidths[i] = this.measureLine(i);
    if (s.kind !== 'textbox') this.width = Math.max(0, ...this.lineWidths) || MIN_TEXT_WIDTH;
    if (s.textAlign.includes('justify')) this.enlargeSpaces();
    const heightImpl = this.graphemeLines.map((_, i) => this.heightOfLineImpl(i));
    let height = 0;
    for (let i = 0; i < n; i++) height += i === n - 1 ? heightImpl[i]! : heightImpl[i]! * s.lineHeight;
    const lines: LaidOutLine[] = [];
    let top = -height / 2;
    for (let i = 0; i < n; i++) {
      const g = this.graphemeLines[i]!;
      lines.push({
        graphemes: g,
        boxes: this.charBounds[i]!,
        styles: g.map((_, j) => this.completeStyle(i, j)),
        width: this.lineWidths[i]!,
        heightImpl: heightImpl[i]!,
        leftOffset: this.lineLeftOffset(i),
        baseline: top + heightImpl[i]! * (1 - FONT_SIZE_FRACTION),
        top,
        chunks: this.renderChunks(i),
      });
      top += heightImpl[i]! * s.lineHeight;
    }
    return { width: this.width, height, lines };
  }

  // --- styles -------------------------------------------------------------------------

  private styleDeclaration(lineIndex: number, charIndex: number): CharStyle {
    let l = lineIndex;
    let c = charIndex;
    if (this.styleMap && !this.isWrapping) {
      const m = this.styleMap[lineIndex];
      if (!m) return {};
      l = m.line;
      c = m.offset + charIndex;
    }
    return this.spec.styles[l]?.[c] ?? {};
  }

  completeStyle(lineIndex: number, charIndex: number): CompleteStyle {
    const decl = this.styleDeclaration(lineIndex, charIndex);
    const out = { ...this.spec.base };
    for (const k of STYLE_KEYS) {
      const v = decl[k];
      if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
    }
    return out;
  }

  private charSpacingWidth(): number {
    return this.spec.charSpacing !== 0 ? (this.spec.base.fontSize * this.spec.charSpacing) / 1000 : 0;
  }

  // --- measuring ----------------------------------------------------------------------

  private advance(style: CompleteStyle, text: string): number {
    const key = `${fontDeclaration(style)}\u0000${text}`;
    let v = this.measureCache.get(key);
    if (v === undefined) {
      v = this.measurer.advance(style, text);
      this.measureCache.set(key, v);
    }
    return v * style.fontSize;
  }

  private measureChar(ch: string, style: CompleteStyle, prev: string | undefined, prevStyle: CompleteStyle | undefined): { width: number; kernedWidth: number } {
    const width = this.advance(style, ch);
    let kernedWidth = width;
    if (prev !== undefined && prevStyle && fontDeclaration(style) === fontDeclaration(prevStyle)) {
      kernedWidth = this.advance(style, prev + ch) - this.advance(style, prev);
    }
    return { width, kernedWidth };
  }

  private graphemeBox(g: string, lineIndex: number, charIndex: number, prev: string | undefined, skipLeft: boolean): CharBox {
    const style = this.completeStyle(lineIndex, charIndex);
    const prevStyle = prev !== undefined ? this.completeStyle(lineIndex, charIndex - 1) : undefined;
    const info = this.measureChar(g, style, prev, prevStyle);
    let { width, kernedWidth } = info;
    if (this.spec.charSpacing !== 0) {
      const cs = this.charSpacingWidth();
      width += cs;
      kernedWidth += cs;
    }
    const box: CharBox = { width, left: 0, height: style.fontSize, kernedWidth, deltaY: style.deltaY };
    if (charIndex > 0 && !skipLeft) {
      const p = this.charBounds[lineIndex]![charIndex - 1]!;
      box.left = p.left + p.width + info.kernedWidth - info.width;
    }
    return box;
  }

  private measureLine(lineIndex: number): number {
    const line = this.graphemeLines[lineIndex]!;
    const bounds: CharBox[] = [];
    this.charBounds[lineIndex] = bounds;
    let width = 0;
    let prev: string | undefined;
    let last: CharBox | undefined;
    for (let i = 0; i < line.length; i++) {
      last = this.graphemeBox(line[i]!, lineIndex, i, prev, false);
      bounds[i] = last;
      width += last.kernedWidth;
      prev = line[i];
    }
    bounds[line.length] = { left: last ? last.left + last.width : 0, width: 0, kernedWidth: 0, height: this.spec.base.fontSize, deltaY: 0 };
    if (this.spec.charSpacing !== 0) width -= this.charSpacingWidth();
    return Math.max(0, width);
  }

  private heightOfLineImpl(lineIndex: number): number {
    const len = this.graphemeLines[lineIndex]!.length;
    let max = this.completeStyle(lineIndex, 0).fontSize;
    for (let i = 1; i < len; i++) max = Math.max(this.completeStyle(lineIndex, i).fontSize, max);
    return max * FONT_SIZE_MULT;
  }

  /** Fabric's isEmptyStyles(lineIndex): no character style declared on this (wrapped) line. */
  private isEmptyStyles(lineIndex: number): boolean {
    let line = lineIndex;
    let offset = 0;
    let nextOffset = Infinity;
    if (this.styleMap) {
      const m = this.styleMap[lineIndex];
      const next = this.styleMap[lineIndex + 1];
      if (m) {
        line = m.line;
        offset = m.offset;
      }
      if (next && next.line === line) nextOffset = next.offset;
    }
    const chars = this.spec.styles[line];
    if (!chars) return true;
    for (const [k, v] of Object.entries(chars)) {
      const c = Number(k);
      if (c >= offset && c < nextOffset && v && Object.keys(v).length > 0) return false;
    }
    return true;
  }

  /** The chunking of Fabric's _renderChars. */
  private renderChunks(lineIndex: number): { start: number; end: number }[] {
    const line = this.graphemeLines[lineIndex]!;
    const len = line.length;
    if (len === 0) return [];
    const isJustify = this.spec.textAlign.includes('justify');
    if (!isJustify && this.spec.charSpacing === 0 && this.isEmptyStyles(lineIndex)) return [{ start: 0, end: len }];
    const chunks: { start: number; end: number }[] = [];
    let start = 0;
    let actual: CompleteStyle | undefined;
    let next: CompleteStyle | undefined;
    for (let i = 0; i < len; i++) {
      let time = i === len - 1 || this.spec.charSpacing !== 0;
      if (isJustify && !time && RE_SPACE_AND_TAB.test(line[i]!)) time = true;
      if (!time) {
        actual = actual ?? this.completeStyle(lineIndex, i);
        next = this.completeStyle(lineIndex, i + 1);
        time = styleChanged(actual, next);
      }
      if (time) {
        chunks.push({ start, end: i + 1 });
        start = i + 1;
        actual = next;
      }
    }
    return chunks;
  }

  /** A word's width as the wrapper measures it (kerned, no left offsets). */
  private measureWord(word: string[], lineIndex: number, charOffset: number): number {
    let width = 0;
    let prev: string | undefined;
    for (let i = 0; i < word.length; i++) {
      width += this.graphemeBox(word[i]!, lineIndex, i + charOffset, prev, true).kernedWidth;
      prev = word[i];
    }
    return width;
  }

  // --- alignment ------------------------------------------------------------------------

  isEndOfWrapping(lineIndex: number): boolean {
    if (!this.styleMap) return lineIndex === this.graphemeLines.length - 1;
    const next = this.styleMap[lineIndex + 1];
    if (!next) return true;
    return next.line !== this.styleMap[lineIndex]!.line;
  }

  private enlargeSpaces(): void {
    const align = this.spec.textAlign;
    for (let i = 0, len = this.graphemeLines.length; i < len; i++) {
      if (align !== 'justify' && (i === len - 1 || this.isEndOfWrapping(i))) continue;
      let accumulated = 0;
      const line = this.graphemeLines[i]!;
      const current = this.lineWidths[i]!;
      const spaces = this.textLines[i]!.match(RE_SPACES_AND_TABS);
      if (current < this.width && spaces) {
        const diff = (this.width - current) / spaces.length;
        for (let j = 0; j <= line.length; j++) {
          const b = this.charBounds[i]![j]!;
          if (RE_SPACE_AND_TAB.test(line[j] ?? 'x')) {
            b.width += diff;
            b.kernedWidth += diff;
            b.left += accumulated;
            accumulated += diff;
          } else {
            b.left += accumulated;
          }
        }
      }
    }
  }

  private lineLeftOffset(lineIndex: number): number {
    const diff = this.width - this.lineWidths[lineIndex]!;
    const align = this.spec.textAlign;
    const end = this.isEndOfWrapping(lineIndex);
    if (align === 'justify' || (align === 'justify-center' && !end) || (align === 'justify-right' && !end) || (align === 'justify-left' && !end)) return 0;
    if (align === 'center' || align === 'justify-center') return diff / 2;
    if (align === 'right' || align === 'justify-right') return diff;
    return 0;
  }
}
