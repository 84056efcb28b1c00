/**
 * Auto-width text (docs/editor.md, "Text"): a text added with **Add text** is as wide as its
 * longest line and grows (from its centre) as it is typed, restyled or resized, until it
 * reaches the safe area's width — then it wraps there. Dragging a side handle sets a width of
 * the shopper's own: from then on the text wraps at that width. The flag is kept in the
 * layer's JSON (`autoWidth: true`; the print engine reads `width` as before and ignores it).
 */
import { Textbox } from 'fabric';
import type { SideCanvas } from './side-canvas.js';

export type AutoText = Textbox & { autoWidth?: boolean; fitted?: string };

/** What the width depends on: refit only when one of these changed. */
const signature = (tb: Textbox): string => [tb.text, tb.fontSize, tb.fontFamily, tb.fontWeight, tb.fontStyle, tb.charSpacing, tb.scaleX].join('|');

interface Box { left: number; top: number; width: number; height: number }

/**
 * Sets an auto-width text's width to its longest line (never wrapping a line), at most the
 * safe area's width; a text that grew past the safe area's side moves back inside it.
 */
export function fitWidth(tb: AutoText, safe: Box): boolean {
  const max = safe.width;
  if (!tb.autoWidth) return false;
  const sig = signature(tb);
  if (tb.fitted === sig) return false;
  tb.fitted = sig;
  // measured unwrapped up to the limit; the box's own scale counts against the limit
  const limit = max / Math.abs(tb.scaleX || 1);
  tb.set('width', limit);
  tb.initDimensions();
  let widest = 0;
  for (let i = 0; i < tb._textLines.length; i++) widest = Math.max(widest, tb.getLineWidth(i));
  // a pixel more than measured, so rounding never wraps the last word
  tb.set('width', Math.min(limit, Math.ceil(widest) + 2));
  tb.initDimensions();
  tb.setCoords();
  const r = tb.getBoundingRect();
  const dx = r.left < safe.left ? safe.left - r.left : r.left + r.width > safe.left + safe.width ? safe.left + safe.width - (r.left + r.width) : 0;
  if (dx && r.width <= safe.width + 1) {
    tb.set('left', tb.left + dx);
    tb.setCoords();
  }
  return true;
}

/** Keeps the side's auto-width texts fitted; a side handle dragged makes the width the shopper's. */
export function watchAutoWidth(side: SideCanvas): void {
  const max = () => side.layout.safe;
  side.canvas.on('object:resizing', ({ target }) => {
    if (target instanceof Textbox) (target as AutoText).autoWidth = false;
  });
  side.canvas.on('text:changed', ({ target }) => {
    if (fitWidth(target as AutoText, max())) side.canvas.requestRenderAll();
  });
  // size, font, spacing changed by the text tools, text typed in the Selected text field, undo
  side.canvas.on('before:render', () => {
    for (const o of side.canvas.getObjects()) if (o instanceof Textbox) fitWidth(o as AutoText, max());
  });
}
