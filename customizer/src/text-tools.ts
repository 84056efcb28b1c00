/**
 * Text tools for the selected text layers: size, bold and italic (only where the family has
 * such a face: the PDF engine prints the faces the store has, never a synthetic one),
 * alignment, line height, letter spacing and colour, including the spot inks the store uses
 * (drawn in their CMYK alternate, saved as the ink). Each change is one undo step.
 */
import { Textbox, cache } from 'fabric';
import type { FontCatalog } from './fonts.js';
import { spotHex, type SpotPaint } from './paint.js';
import type { Layer, SideCanvas } from './side-canvas.js';
import { charSpacingToEm, emToCharSpacing, ptPerPx, ptToPx, pxToPt } from './units.js';

export interface TextToolsUi {
  fieldset: HTMLFieldSetElement;
  size: HTMLInputElement;
  bold: HTMLButtonElement;
  italic: HTMLButtonElement;
  alignButtons: HTMLButtonElement[];
  lineHeight: HTMLInputElement;
  letterSpacing: HTMLInputElement;
  color: HTMLInputElement;
  font: HTMLSelectElement;
  spots: HTMLDivElement;
}

/** Which styles a family has a face for. */
export function familyStyles(fonts: FontCatalog, family: string): { bold: boolean; italic: boolean } {
  const faces = fonts.families.get(family)?.faces ?? [];
  return { bold: faces.some((f) => f.weight >= 600), italic: faces.some((f) => f.style === 'italic') };
}

export class TextTools {
  /** the spot ink chosen for new text, if any */
  spot: SpotPaint | null = null;

  constructor(private readonly ui: TextToolsUi, private readonly getSide: () => SideCanvas | null, private readonly fonts: () => FontCatalog | null) {
    const num = (el: HTMLInputElement, apply: (t: Textbox, v: number) => void) =>
      el.addEventListener('change', () => {
        const v = Number(el.value);
        if (el.value !== '' && Number.isFinite(v)) this.apply((tb) => apply(tb, v));
      });
    // the field is in printed points, the layer in design pixels (units.ts)
    num(ui.size, (tb, v) => tb.set('fontSize', Math.min(4000, Math.max(1, ptToPx(v, this.ptPerPx())))));
    num(ui.lineHeight, (tb, v) => tb.set('lineHeight', Math.min(5, Math.max(0.5, v))));
    // Fabric's charSpacing is in thousandths of an em, as the PDF engine reads it
    num(ui.letterSpacing, (tb, v) => tb.set('charSpacing', Math.min(2000, Math.max(-200, emToCharSpacing(v)))));
    ui.bold.addEventListener('click', () => this.apply((tb) => tb.set('fontWeight', isBold(tb) ? 'normal' : 'bold')));
    ui.italic.addEventListener('click', () => this.apply((tb) => tb.set('fontStyle', tb.fontStyle === 'italic' ? 'normal' : 'italic')));
    for (const b of ui.alignButtons) b.addEventListener('click', () => this.apply((tb) => tb.set('textAlign', b.dataset.align!)));
    ui.color.addEventListener('input', () => {
      this.spot = null;
      this.markSpot();
      this.apply((tb) => {
        tb.set('fill', ui.color.value);
        delete (tb as Layer).spotFill;
      });
    });
  }

  /** Printed points per design pixel on the active side. */
  private ptPerPx(): number {
    const side = this.getSide();
    return side ? ptPerPx(side.layout, side.side.dimension_unit) : 1;
  }

  selected(): Textbox[] {
    return this.getSide()?.canvas.getActiveObjects().filter((o): o is Textbox => o instanceof Textbox) ?? [];
  }

  /** Applies a change to every selected text, re-measured, as one undo step. */
  private apply(fn: (t: Textbox) => void): void {
    const side = this.getSide();
    const list = this.selected();
    if (!side || list.length === 0) return;
    side.batch(() => {
      for (const tb of list) {
        fn(tb);
        tb.initDimensions();
        tb.setCoords();
      }
    });
    side.canvas.requestRenderAll();
    // the font's bold/italic faces: loaded with the family, measured again
    cache.clearFontCache(list[0]!.fontFamily);
    this.sync();
  }

  /** The spot inks offered (the store's templates' inks, those the host passes; no die line: main.ts). */
  setSpots(usable: SpotPaint[]): void {
    this.ui.spots.hidden = usable.length === 0;
    this.ui.spots.replaceChildren(
      ...usable.map((s) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.dataset.spot = s.spot;
        b.textContent = s.spot;
        b.style.background = spotHex(s);
        b.setAttribute('aria-pressed', 'false');
        b.addEventListener('click', () => {
          this.spot = s;
          this.ui.color.value = spotHex(s);
          this.markSpot();
          this.apply((tb) => {
            tb.set('fill', spotHex(s));
            (tb as Layer).spotFill = s;
          });
        });
        return b;
      }),
    );
  }

  private markSpot(): void {
    for (const b of this.ui.spots.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.spot === this.spot?.spot));
  }

  /** Shows the first selected text's settings; disables what its family cannot print. */
  sync(): void {
    const tb = this.selected()[0];
    this.ui.fieldset.disabled = !tb || !tb.editable;
    if (!tb) return;
    const { ui } = this;
    const fonts = this.fonts();
    const styles = fonts ? familyStyles(fonts, tb.fontFamily) : { bold: false, italic: false };
    if (document.activeElement !== ui.size) ui.size.value = String(pxToPt(tb.fontSize, this.ptPerPx()));
    if (document.activeElement !== ui.lineHeight) ui.lineHeight.value = String(tb.lineHeight);
    if (document.activeElement !== ui.letterSpacing) ui.letterSpacing.value = String(charSpacingToEm(tb.charSpacing));
    ui.bold.setAttribute('aria-pressed', String(isBold(tb)));
    ui.italic.setAttribute('aria-pressed', String(tb.fontStyle === 'italic'));
    ui.bold.disabled = !styles.bold && !isBold(tb);
    ui.italic.disabled = !styles.italic && tb.fontStyle !== 'italic';
    for (const b of ui.alignButtons) b.setAttribute('aria-pressed', String(b.dataset.align === tb.textAlign));
    const spot = (tb as Layer).spotFill as SpotPaint | undefined;
    this.spot = spot ?? null;
    this.markSpot();
    if (typeof tb.fill === 'string' && /^#[0-9a-f]{6}$/i.test(tb.fill)) ui.color.value = tb.fill;
    if (ui.font.value !== tb.fontFamily) ui.font.value = tb.fontFamily;
  }
}

function isBold(tb: Textbox): boolean {
  const w = tb.fontWeight;
  return w === 'bold' || Number(w) >= 600;
}
