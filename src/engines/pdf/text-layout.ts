/**
 * Text layout exactly as Fabric.js 6 lays out `text`, `i-text` and `textbox` objects: the same
 * line splitting, textbox word wrapping (or grapheme wrapping), per-character kerning
 * measured from character pairs, charSpacing, justify space enlargement, line heights
 * (fontSize × lineHeight × 1.13) and baselines. Pure: glyph advances come from a measurer.
 * Ported from fabric/src/shapes/Text/Text.ts, StyledText.ts and Textbox.ts.
 */
import type { CharStyle, Paint } from './layers.js';
import { graphemeSplit } from './text-styles.js';

/** Fabric's text magic numbers. */
export const FONT_SIZE_MULT = 1.13;
export const FONT_SIZE_FRACTION = 0.222;
export const DECORATION_OFFSETS = { underline: 0.1, linethrough: -0.28167, overline: -0.81333 } as const;
const MIN_TEXT_WIDTH = 2;

/** Every property a character can carry, resolved against the object's own values. */
export interface CompleteStyle {
  fill: Paint;
  stroke: Paint;
  strokeWidth: number;
  fontSize: number;
  fontFamily: string;
  fontWeight: string | number;
  fontStyle: string;
  underline: boolean;
  overline: boolean;
  linethrough: boolean;
  deltaY: number;
  textBackgroundColor: string;
  textDecorationThickness: number;
}

export type StylesObject = Record<string, Record<string, CharStyle>>;

export interface TextMeasurer {
  /** advance width of `text` shaped in the face `style` selects, in em (font size 1), kerning included */
  advance(style: CompleteStyle, text: string): number;
}

export interface TextSpec {
  kind: 'text' | 'textbox';
  text: string;
  /** declared width (textbox only) */
  width: number;
  splitByGrapheme: boolean;
  textAlign: string;
  lineHeight: number;
  charSpacing: number;
  /** object-level values (defaults applied) */
  base: CompleteStyle;
  /** per-character styles, object form keyed by unwrapped line and grapheme index */
  styles: StylesObject;
}

export interface CharBox {
  left: number;
  width: number;
  kernedWidth: number;
  height: number;
  deltaY: number;
}

export interface LaidOutLine {
  graphemes: string[];
  /** one per grapheme plus a trailing zero-width box, as Fabric keeps them */
  boxes: CharBox[];
  styles: CompleteStyle[];
  /** width before justify enlargement */
  width: number;
  /** max font size × 1.13 */
  heightImpl: number;
  /** offset of the line from the object's left edge */
  leftOffset: number;
  /** baseline, relative to the object's centre (y down) */
  baseline: number;
  /** top of the line box, relative to the object's centre */
  top: number;
  /**
   * The pieces Fabric hands to one canvas fillText each (whole line, words when justified,
   * style runs, single graphemes with charSpacing): [start, end) grapheme ranges. The browser
   * shapes each piece as a unit (ligatures, contextual forms), so the PDF does too.
   */
  chunks: { start: number; end: number }[];
}

export interface TextLayout {
  width: number;
  height: number;
  lines: LaidOutLine[];
}

const RE_NEWLINE = /\r?\n/;
const RE_SPACES_AND_TABS = /[ \t\r]/g;
const RE_SPACE_AND_TAB = /[ \t\r]/;
const WORD_JOINERS = /[ \t\r]/;

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

interface MapEntry {
  line: number;
  offset: number;
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
      this.graphemeLines = this.wrapText(unwrapped);
      this.isWrapping = false;
      this.textLines = this.graphemeLines.map((g) => g.join(''));
      this.styleMap = this.generateStyleMap(graphemeText, this.graphemeLines);
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

  // --- textbox wrapping -------------------------------------------------------------------

  private measureWord(word: string[], lineIndex: number, charOffset: number): number {
    let width = 0;
    let prev: string | undefined;
    for (let i = 0; i < word.length; i++) {
      width += this.graphemeBox(word[i]!, lineIndex, i + charOffset, prev, true).kernedWidth;
      prev = word[i];
    }
    return width;
  }

  private wrapText(lines: string[]): string[][] {
    const byGrapheme = this.spec.splitByGrapheme;
    const infix = byGrapheme ? '' : ' ';
    let largestWordWidth = 0;
    const wordsData = lines.map((line, lineIndex) => {
      let offset = 0;
      const parts = byGrapheme ? graphemeSplit(line) : line.split(WORD_JOINERS);
      if (parts.length === 0) return [{ word: [] as string[], width: 0 }];
      return parts.map((part) => {
        const word = byGrapheme ? [part] : graphemeSplit(part);
        const width = this.measureWord(word, lineIndex, offset);
        largestWordWidth = Math.max(width, largestWordWidth);
        offset += word.length + infix.length;
        return { word, width };
      });
    });
    const wrapped: string[][] = [];
    for (let i = 0; i < wordsData.length; i++) wrapped.push(...this.wrapLine(i, this.width, wordsData, largestWordWidth));
    return wrapped;
  }

  private wrapLine(lineIndex: number, desiredWidth: number, wordsData: { word: string[]; width: number }[][], largestWordWidth: number): string[][] {
    const additionalSpace = this.charSpacingWidth();
    const byGrapheme = this.spec.splitByGrapheme;
    const infix = byGrapheme ? '' : ' ';
    const graphemeLines: string[][] = [];
    let lineWidth = 0;
    let line: string[] = [];
    let offset = 0;
    let infixWidth = 0;
    let lineJustStarted = true;
    const maxWidth = Math.max(desiredWidth, largestWordWidth, this.dynamicMinWidth);
    const data = wordsData[lineIndex]!;
    let i: number;
    for (i = 0; i < data.length; i++) {
      const { word, width: wordWidth } = data[i]!;
      offset += word.length;
      lineWidth += infixWidth + wordWidth - additionalSpace;
      if (lineWidth > maxWidth && !lineJustStarted) {
        graphemeLines.push(line);
        line = [];
        lineWidth = wordWidth;
        lineJustStarted = true;
      } else {
        lineWidth += additionalSpace;
      }
      if (!lineJustStarted && !byGrapheme) line.push(infix);
      line = line.concat(word);
      infixWidth = byGrapheme ? 0 : this.measureWord([infix], lineIndex, offset);
      offset++;
      lineJustStarted = false;
    }
    if (i) graphemeLines.push(line);
    if (largestWordWidth > this.dynamicMinWidth) this.dynamicMinWidth = largestWordWidth - additionalSpace;
    return graphemeLines;
  }

  private generateStyleMap(graphemeText: string[], graphemeLines: string[][]): MapEntry[] {
    let realLineCount = 0;
    let realLineCharCount = 0;
    let charCount = 0;
    const map: MapEntry[] = [];
    for (let i = 0; i < graphemeLines.length; i++) {
      if (graphemeText[charCount] === '\n' && i > 0) {
        realLineCharCount = 0;
        charCount++;
        realLineCount++;
      } else if (!this.spec.splitByGrapheme && RE_SPACE_AND_TAB.test(graphemeText[charCount] ?? '') && i > 0) {
        realLineCharCount++;
        charCount++;
      }
      map[i] = { line: realLineCount, offset: realLineCharCount };
      charCount += graphemeLines[i]!.length;
      realLineCharCount += graphemeLines[i]!.length;
    }
    return map;
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
