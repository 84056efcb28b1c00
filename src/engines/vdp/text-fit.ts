/** Variable text fitted to its field's box: shrunk (binary search), wrapped, or reported as overflowing. */
import type { PDFDocument } from 'pdf-lib';
import type { Layer, RenderWarning } from '../pdf/index.js';
import type { FontRegistry } from '../pdf/fonts/font-registry.js';
import { n } from '../pdf/object-geometry.js';
import { textFontQueries, TextPainter } from '../pdf/text-painter.js';
import type { TextLayout } from '../pdf/text-layout.js';
import type { Turns } from '../../platform/turns.js';
import { DEFAULT_MIN_FONT_SIZE, type FieldSpec } from './fields.js';

export interface FittedText {
  layer: Layer;
  shrunk?: { from: number; to: number };
  overflow?: { box: [number, number]; needed: [number, number] };
}

export class TextFitter {
  private readonly measure: TextPainter;

  constructor(
    private readonly fonts: FontRegistry,
    doc: PDFDocument,
    /** where long work gives the event loop back */
    private readonly turns: Turns,
    private readonly warn: (w: RenderWarning) => void,
  ) {
    // layout only: measuring text needs the fonts, never the painter
    this.measure = new TextPainter(undefined as never, fonts, doc);
  }

  private async layout(l: Layer, where = 'layers'): Promise<TextLayout> {
    // fitting a long text lays it out up to a dozen times: each layout is a step of its own
    await this.turns.check();
    for (const q of textFontQueries(l)) {
      const { face } = await this.fonts.load(q.family, q.weight, q.style);
      // once per family (the warning list is deduplicated), as for the static layers
      if (face.fallbackFor) this.warn({ code: 'FONT_FALLBACK', page: 0, layer: where, message: `font "${q.family}" is not available; ${face.family} was used`, details: { requested: q.family, used: face.family } });
    }
    return this.measure.layout(l);
  }

  /**
   * Text in its box. The box: the layer's width, and `box_height` or the layer's height
   * (Fabric saves a text's laid-out height). `wrap`: lines wrap at the box width. `shrink` and
   * `fail`: a single-line text (text, i-text) must fit the width, a textbox (wrapping) the
   * height; shrink lowers the font size (binary search) down to `min_font_size`.
   */
  async fit(layer: Layer, field: FieldSpec, text: string, where: string): Promise<FittedText> {
    const fit = field.fit ?? 'shrink';
    const size = n(layer.fontSize, 40);
    const W = n(layer.width, 0);
    const original: Layer = { ...layer, styles: undefined };
    let H = field.box_height ?? n(layer.height, 0);
    if (!(H > 0)) H = (await this.layout(original, where)).height;
    const base: Layer = { ...layer, text, styles: undefined };
    delete (base as Record<string, unknown>).field;
    const wraps = layer.type === 'textbox' || fit === 'wrap';
    // a text layer without a width (not saved by Fabric) keeps its natural width: only textboxes wrap
    if (!(W > 0)) return { layer: base };
    const at = (s: number): Layer => (wraps ? { ...base, type: 'textbox', width: W, fontSize: s } : { ...base, type: 'text', fontSize: s });
    const tol = 0.5;
    const fits = (t: TextLayout): boolean => t.height <= H + tol && t.width <= W + tol;
    // once it fits on its line, a single-line text is laid out in a box of the field's width so its alignment holds
    const placed = (s: number, t: TextLayout): Layer => (wraps ? at(s) : { ...base, type: 'textbox', width: Math.max(W, t.width + 0.01), fontSize: s, splitByGrapheme: false });
    const first = await this.layout(at(size), where);
    if (fits(first) || fit === 'wrap' || fit === 'fail') {
      const overflow = fits(first) ? undefined : { box: [W, H] as [number, number], needed: [first.width, first.height] as [number, number] };
      return { layer: placed(size, first), ...(overflow ? { overflow } : {}) };
    }
    const min = Math.min(field.min_font_size ?? DEFAULT_MIN_FONT_SIZE, size);
    let hi = size;
    if (!wraps) {
      // a line's width and height grow in proportion to the font size: one guess, checked
      const guess = Math.floor(size * Math.min(W / first.width, H / first.height) * 1000) / 1000;
      if (guess >= min) {
        const t = await this.layout(at(guess), where);
        if (fits(t)) return { layer: placed(guess, t), shrunk: { from: size, to: Math.floor(guess * 100) / 100 } };
        hi = guess;
      }
    }
    const smallest = await this.layout(at(min), where);
    if (!fits(smallest)) return { layer: placed(min, smallest), shrunk: { from: size, to: min }, overflow: { box: [W, H], needed: [smallest.width, smallest.height] } };
    let lo = min;
    let best = smallest;
    for (let i = 0; i < 8 && hi - lo > 0.05; i++) {
      const mid = (lo + hi) / 2;
      const t = await this.layout(at(mid), where);
      if (fits(t)) {
        lo = mid;
        best = t;
      } else hi = mid;
    }
    const to = Math.floor(lo * 100) / 100;
    return { layer: placed(to, best), shrunk: { from: size, to } };
  }
}
