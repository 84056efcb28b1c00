/**
 * The Shapes tools (docs/editor.md, "Shapes"): add a rectangle, rounded rectangle, ellipse,
 * line, hexagon or star, and set the fill colour, outline colour and outline width of new
 * shapes and of the selected ones, including the store's spot inks (drawn in their CMYK
 * alternate, saved as the ink: paint.ts). A code (codes.ts) takes the fill colour too. Each
 * change is one undo step; shapes snap, lock and list in the layers panel like any object.
 */
import { Ellipse, FabricImage, Line, Polygon, Rect, Textbox, type FabricObject } from 'fabric';
import { t, type MessageKey } from './i18n/index.js';
import { spotHex, type SpotPaint } from './paint.js';
import { SHAPE_KINDS, shapeSpec, type ShapeKind } from './shape-specs.js';
import type { Layer, SideCanvas } from './side-canvas.js';

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

/** Is `o` something the shape colours apply to: not a text or a picture. */
function isPaintable(o: FabricObject): boolean {
  return !(o instanceof Textbox) && !(o instanceof FabricImage) && o.type.toLowerCase() !== 'group' && o.selectable;
}

export class ShapeTools {
  readonly ui = {
    buttons: $<HTMLDivElement>('shape-buttons'),
    fill: $<HTMLInputElement>('shape-fill'),
    stroke: $<HTMLInputElement>('shape-stroke'),
    strokeWidth: $<HTMLInputElement>('shape-stroke-width'),
    fillSpots: $<HTMLDivElement>('shape-fill-spots'),
    strokeSpots: $<HTMLDivElement>('shape-stroke-spots'),
  };
  fillSpot: SpotPaint | null = null;
  strokeSpot: SpotPaint | null = null;

  constructor(private readonly getSide: () => SideCanvas | null, private readonly run: (label: string, fn: () => Promise<string | void>) => void) {
    const { ui } = this;
    for (const b of ui.buttons.querySelectorAll<HTMLButtonElement>('button[data-shape]')) {
      const kind = b.dataset.shape as ShapeKind;
      if (!SHAPE_KINDS.includes(kind)) continue;
      b.addEventListener('click', () => this.run(t('shapes.adding'), async () => this.add(kind)));
    }
    ui.fill.addEventListener('input', () => this.setFill(ui.fill.value, null));
    ui.stroke.addEventListener('input', () => this.setStroke(ui.stroke.value, null));
    ui.strokeWidth.addEventListener('change', () => {
      const v = Number(ui.strokeWidth.value);
      if (ui.strokeWidth.value === '' || !Number.isFinite(v)) return;
      const w = Math.min(100, Math.max(0, v));
      this.apply((o) => o.set('strokeWidth', o instanceof Line ? Math.max(1, w) : w));
    });
  }

  /** Adds a shape with the current colours, a third of the safe area's smaller side tall. */
  add(kind: ShapeKind): string {
    const side = this.getSide();
    if (!side) throw new Error(t('err.pickSide'));
    const { safe } = side.layout;
    const spec = shapeSpec(kind, Math.min(safe.width, safe.height) / 3, side.nextPlace(), {
      fill: this.ui.fill.value,
      stroke: this.ui.stroke.value,
      strokeWidth: Math.max(0, Number(this.ui.strokeWidth.value) || 0),
    });
    const obj: FabricObject =
      spec.type === 'Rect' ? new Rect(spec.options) : spec.type === 'Ellipse' ? new Ellipse(spec.options) : spec.type === 'Line' ? new Line(spec.line, spec.options) : new Polygon(spec.points, spec.options);
    const layer = obj as Layer;
    layer.name = t(`shapes.${kind}` as MessageKey);
    if (this.fillSpot && kind !== 'line') layer.spotFill = this.fillSpot;
    if (this.strokeSpot) layer.spotStroke = this.strokeSpot;
    side.canvas.add(obj);
    side.canvas.setActiveObject(obj);
    side.canvas.requestRenderAll();
    return t('shapes.added', { name: layer.name });
  }

  selected(): FabricObject[] {
    return this.getSide()?.canvas.getActiveObjects().filter(isPaintable) ?? [];
  }

  private apply(fn: (o: FabricObject) => void): void {
    const side = this.getSide();
    const list = this.selected();
    if (!side || list.length === 0) return;
    side.batch(() => {
      for (const o of list) {
        fn(o);
        o.setCoords();
        o.dirty = true;
      }
    });
    side.canvas.requestRenderAll();
  }

  private setFill(hex: string, spot: SpotPaint | null): void {
    this.fillSpot = spot;
    this.ui.fill.value = hex;
    this.mark();
    this.apply((o) => {
      if (o instanceof Line) return;
      o.set('fill', hex);
      if (spot) (o as Layer).spotFill = spot;
      else delete (o as Layer).spotFill;
    });
  }

  private setStroke(hex: string, spot: SpotPaint | null): void {
    this.strokeSpot = spot;
    this.ui.stroke.value = hex;
    this.mark();
    this.apply((o) => {
      if (o.type.toLowerCase() === 'barcode') return;
      o.set('stroke', hex);
      if (spot) (o as Layer).spotStroke = spot;
      else delete (o as Layer).spotStroke;
    });
  }

  /** The spot inks offered, for the fill and for the outline (no die line: main.ts). */
  setSpots(usable: SpotPaint[]): void {
    const swatches = (el: HTMLDivElement, pick: (s: SpotPaint) => void, caption: string) => {
      el.hidden = usable.length === 0;
      // the two rows of the same inks: a visible word says which is which
      const label = document.createElement('span');
      label.className = 'swatch-caption';
      label.textContent = caption;
      el.replaceChildren(
        label,
        ...usable.map((s) => {
          const b = document.createElement('button');
          b.type = 'button';
          b.dataset.spot = s.spot;
          b.textContent = s.spot;
          b.style.background = spotHex(s);
          b.setAttribute('aria-pressed', 'false');
          b.addEventListener('click', () => pick(s));
          return b;
        }),
      );
    };
    swatches(this.ui.fillSpots, (s) => this.setFill(spotHex(s), s), t('shapes.fill'));
    swatches(this.ui.strokeSpots, (s) => this.setStroke(spotHex(s), s), t('shapes.stroke'));
    this.mark();
  }

  private mark(): void {
    for (const b of this.ui.fillSpots.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.spot === this.fillSpot?.spot));
    for (const b of this.ui.strokeSpots.querySelectorAll('button')) b.setAttribute('aria-pressed', String(b.dataset.spot === this.strokeSpot?.spot));
  }

  /** Shows the first selected shape's colours and outline width. */
  sync(): void {
    const o = this.selected()[0];
    if (!o) return;
    const { ui } = this;
    const hex = (v: unknown) => (typeof v === 'string' && /^#[0-9a-f]{6}$/i.test(v) ? v : null);
    const fill = hex(o.fill);
    const stroke = hex(o.stroke);
    if (fill) ui.fill.value = fill;
    if (stroke) ui.stroke.value = stroke;
    // a code has no outline: the width stays what new shapes get
    if (document.activeElement !== ui.strokeWidth && o.type.toLowerCase() !== 'barcode') ui.strokeWidth.value = String(Math.round(o.strokeWidth * 10) / 10);
    this.fillSpot = ((o as Layer).spotFill as SpotPaint | undefined) ?? null;
    this.strokeSpot = ((o as Layer).spotStroke as SpotPaint | undefined) ?? null;
    this.mark();
  }
}
