/**
 * Curved text: the Text section's "Curve" controls bend the selected text along an arc or put
 * it all around a circle. The text keeps being a Fabric Textbox; its `path` (a hidden Fabric
 * Path) carries it, and Fabric draws it on the path; the print engine prints the same
 * (src/engines/pdf/text-on-path.ts). The choice is kept on the layer as `curve`
 * ({amount: -100…100, circle, radius}) so the controls show it again after reopening.
 *
 * - Arc: the path is an arc as long as the text's widest line, bending up (amount > 0: the
 *   arc's centre below the text) or down (< 0), its angle |amount| % of a half turn (100: a
 *   semicircle), so the radius is the text's width over that angle.
 * - Circle: a full circle of the chosen radius starting at its bottom, clockwise, so centred
 *   text sits at the top.
 * Curving centres the text (`textAlign: center`), so it stays centred on the curve; the text is
 * kept on one line (the box is widened to its widest line: Fabric lays every line on the same
 * path). Each change of the controls is one undo step.
 */
import bidiModule from 'bidi-js';
import { FabricText, Path, Textbox } from 'fabric';
import { installPathBidi } from './path-bidi.js';
import type { Layer, SideCanvas } from './side-canvas.js';

type Bidi = { getEmbeddingLevels(text: string, dir: 'ltr' | 'rtl'): { levels: Uint8Array } };
const bidiFactory = ((bidiModule as unknown as { default?: () => Bidi }).default ?? bidiModule) as unknown as () => Bidi;
let bidi: Bidi | undefined;
// right-to-left text on a path in visual order, as the print engine lays it (path-bidi.ts)
installPathBidi(FabricText, (text, dir) => (bidi ??= bidiFactory()).getEmbeddingLevels(text, dir).levels);

export interface Curve {
  /** −100…100: 0 straight, > 0 bends up, < 0 down */
  amount: number;
  circle: boolean;
  /** circle radius, design pixels */
  radius: number;
}

/** The arc for a text `length` long at `amount`, as SVG path data; null when straight. */
export function arcPath(length: number, amount: number): string | null {
  const a = Math.max(-100, Math.min(100, amount));
  if (a === 0 || !(length > 0)) return null;
  const sweep = (Math.abs(a) / 100) * Math.PI;
  const r = length / sweep;
  const dx = r * Math.sin(sweep / 2);
  const dy = r * (1 - Math.cos(sweep / 2));
  const f = (v: number): string => String(Math.round(v * 1000) / 1000);
  return a > 0 ? `M ${f(-dx)} ${f(dy)} A ${f(r)} ${f(r)} 0 0 1 ${f(dx)} ${f(dy)}` : `M ${f(-dx)} ${f(-dy)} A ${f(r)} ${f(r)} 0 0 0 ${f(dx)} ${f(-dy)}`;
}

/** A circle of radius `r` from its bottom, clockwise on screen (its half-way point is the top). */
export function circlePath(r: number): string {
  return `M 0 ${r} A ${r} ${r} 0 1 1 0 ${-r} A ${r} ${r} 0 1 1 0 ${r}`;
}

/** Length of the path the text needs: its widest line plus the letter spacing Fabric adds after the last letter. */
function textLength(tb: Textbox): number {
  const cs = tb.charSpacing > 0 ? (tb.fontSize * tb.charSpacing) / 1000 : 0;
  return tb.calcTextWidth() + cs + 1;
}

export function curveOf(tb: Textbox): Curve | undefined {
  const c = (tb as Layer).curve as Curve | undefined;
  return c && typeof c.amount === 'number' ? c : undefined;
}

/** Widens the box to its widest unwrapped line, so the text stays on one line on the path. */
function unwrap(tb: Textbox): void {
  tb.set('width', 100_000);
  const w = Math.ceil(tb.calcTextWidth() + 1);
  tb.set('width', Math.max(w, tb.fontSize));
}

/** Sets (or removes) the text's path for `c`. */
export function applyCurve(tb: Textbox, c: Curve): void {
  const layer = tb as Layer;
  if (!c.circle && c.amount === 0) {
    delete layer.curve;
    tb.set('path', undefined);
  } else {
    layer.curve = { ...c };
    tb.set('path', undefined);
    unwrap(tb);
    tb.set('textAlign', 'center');
    const d = c.circle ? circlePath(c.radius) : arcPath(textLength(tb), c.amount);
    tb.set('path', new Path(d!, { visible: false, fill: '', stroke: '', strokeWidth: 0 }));
  }
  tb.initDimensions();
  tb.setCoords();
}

/** The radius that lets the text cover about four fifths of a circle. */
export function defaultRadius(tb: Textbox): number {
  return Math.max(Math.round(tb.fontSize), Math.round(textLength(tb) / (2 * Math.PI * 0.8)));
}

export class CurveTools {
  private readonly amount = document.getElementById('curve-amount') as HTMLInputElement;
  private readonly value = document.getElementById('curve-value') as HTMLOutputElement;
  private readonly circle = document.getElementById('curve-circle') as HTMLInputElement;
  private readonly radius = document.getElementById('curve-radius') as HTMLInputElement;
  private readonly radiusRow = document.getElementById('curve-radius-row') as HTMLElement;

  constructor(private readonly getSide: () => SideCanvas | null) {
    // dragging the slider shows the curve live; letting go (or a key press) is one undo step
    for (const el of [this.amount, this.radius]) {
      el.addEventListener('input', () => this.change(false));
      el.addEventListener('change', () => this.change(true));
      // arrow keys move the slider, not the selected object (the page's keydown nudges the selection)
      el.addEventListener('keydown', (e) => {
        if (e.key.startsWith('Arrow')) e.stopPropagation();
      });
    }
    this.circle.addEventListener('change', () => this.change(true));
  }

  private selected(): Textbox[] {
    return this.getSide()?.canvas.getActiveObjects().filter((o): o is Textbox => o instanceof Textbox) ?? [];
  }

  private read(tb: Textbox): Curve {
    const circle = this.circle.checked;
    const r = Number(this.radius.value);
    return { amount: Number(this.amount.value) || 0, circle, radius: circle && r > 0 ? r : defaultRadius(tb) };
  }

  private change(commit: boolean): void {
    const side = this.getSide();
    const list = this.selected();
    if (!side || list.length === 0) return;
    const run = (): void => {
      for (const tb of list) applyCurve(tb, this.read(tb));
    };
    if (commit) side.batch(run);
    else run();
    side.canvas.requestRenderAll();
    this.sync();
  }

  /** Shows the selected text's curve; an arc follows the text's width as it is typed or resized. */
  sync(): void {
    const tb = this.selected()[0];
    if (!tb) return;
    const c = curveOf(tb);
    if (document.activeElement !== this.amount) this.amount.value = String(c?.amount ?? 0);
    this.value.value = this.amount.value;
    this.circle.checked = c?.circle ?? false;
    this.radiusRow.hidden = !this.circle.checked;
    if (document.activeElement !== this.radius) this.radius.value = String(c?.circle ? c.radius : defaultRadius(tb));
    if (c && tb.path) {
      const segs = (tb.path as Path & { segmentsInfo?: { length: number }[] }).segmentsInfo;
      const total = segs?.[segs.length - 1]?.length ?? 0;
      const wrapped = tb.textLines.length > tb.text.split('\n').length;
      if (wrapped || (!c.circle && Math.abs(total - textLength(tb)) > 1)) {
        applyCurve(tb, c);
        tb.canvas?.requestRenderAll();
      }
    }
  }
}
