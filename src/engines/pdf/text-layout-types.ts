/**
 * The shapes of Fabric-compatible text layout (text-layout.ts): the resolved character style,
 * the measurer the layout asks for advances, the input spec and the laid-out lines.
 */
import type { CharStyle, Paint } from './layers.js';

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
