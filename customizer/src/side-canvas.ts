/**
 * One Fabric canvas per print side. Objects live in design coordinates (origin at the trim
 * box's top-left, as the PDF engine reads layers); the viewport transform shifts them by the
 * bleed and scales them to the screen (fit to the page's width, then pinch zoom), so the
 * canvas shows the whole bleed box. Trim, bleed and safe-zone outlines, placeholder
 * highlights and snapping guides are drawn after each render, on top of the objects, and are
 * not objects: they never reach the layers. Every change is recorded for undo.
 */
import { Canvas, FabricImage, FabricObject, Path, Point, Textbox, util } from 'fabric';
import type { ApiImage, Side } from './api.js';
import { bleedGaps, effectiveDpi, layoutFor, leavesBox, type Layout, type Rect } from './geometry.js';
import { History } from './history.js';
import { cropControls } from './crop.js';
import { imageFromUrl } from './cross-origin.js';
import { t } from './i18n/index.js';
import { applyLock, enliven, EXTRA_PROPS, layerLabel, type Layer } from './layer-meta.js';
import { spotsForPrint } from './paint.js';
import { drawOutlines, insidePath, maskShape, type MaskShape } from './mask-shape.js';
import { drawSnapGuides, keepOnCanvas, snapMoving, type Guide } from './snapping.js';

export interface Warning {
  code: 'safe-zone' | 'low-dpi' | 'bleed' | 'placeholder';
  message: string;
}

export { EXTRA_PROPS, applyLock, enliven, layerLabel, type Layer } from './layer-meta.js';

export class SideCanvas {
  readonly canvas: Canvas;
  readonly layout: Layout;
  /** the shaped print area (a round sticker, a mug's wrap), null for the trim box */
  readonly shape: MaskShape | null;
  readonly wrapper: HTMLDivElement;
  readonly history = new History();
  /** the saved design of this side, once saved */
  designId: string | null = null;
  /** the layers as last saved (or opened from a saved design), to tell unsaved changes */
  savedLayers: string | null = null;
  /** the screen scale that fits the canvas in the page; pinch zoom goes from there to 4× */
  fit = 1;
  snapping = true;
  /** the snapping guides shown while dragging */
  guides: Guide[] = [];
  /** true while a picture of the side is taken (order.ts `previewPng`): no outlines in it */
  hideGuides = false;
  private restoring = false;
  /** changes recorded since the side was opened (autosave.ts counts them) */
  changes = 0;

  constructor(container: HTMLElement, readonly side: Side, private readonly onChange: () => void) {
    this.layout = layoutFor(side);
    this.shape = maskShape(side, this.layout);
    this.wrapper = document.createElement('div');
    this.wrapper.className = 'side-canvas';
    this.wrapper.dataset.sideId = side.id;
    this.wrapper.hidden = true;
    const el = document.createElement('canvas');
    el.setAttribute('aria-label', t('stage.label', { side: side.name }));
    this.wrapper.append(el);
    container.append(this.wrapper);
    this.canvas = new Canvas(el, {
      width: this.layout.canvas.width,
      height: this.layout.canvas.height,
      preserveObjectStacking: true,
      backgroundColor: side.bg_type === 'color' && side.bg_color_value ? side.bg_color_value : '#ffffff',
    });
    this.clipTo('print');
    this.resetZoom();
    this.canvas.on('after:render', ({ ctx }) => this.drawGuides(ctx));
    this.canvas.on('object:moving', ({ target, e }) => {
      // Alt held: move freely (still on the canvas)
      this.guides = snapMoving(target, this.canvas.getObjects(), this.layout, this.canvas.getZoom(), this.snapping && !(e as MouseEvent).altKey);
    });
    this.canvas.on('mouse:up', () => {
      if (this.guides.length) {
        this.guides = [];
        this.canvas.requestRenderAll();
      }
    });
    this.canvas.on('object:added', ({ target }) => cropControls(target)); // photos: side handles crop (crop.ts)
    for (const ev of ['object:added', 'object:removed', 'object:modified'] as const) this.canvas.on(ev, () => this.commit());
    // typing replaces a template's placeholder: no longer highlighted; what was typed is one undo step
    this.canvas.on('text:changed', ({ target }) => void ((target as Layer).placeholder = false));
    this.canvas.on('text:editing:exited', () => this.commit());
    for (const ev of ['object:moving', 'object:scaling', 'object:rotating', 'text:changed', 'selection:created', 'selection:updated', 'selection:cleared'] as const) {
      this.canvas.on(ev, () => this.onChange());
    }
    // the side image is a backdrop only (not a layer); without it the side is plain white
    if (side.bg_type === 'image' && side.side_image) this.setBackground(side.side_image.url).catch((err: unknown) => console.warn('side image not loaded', err));
    this.history.reset(this.snapshot());
  }

  private async setBackground(url: string): Promise<void> {
    const img = await imageFromUrl(url);
    const { bleed } = this.layout;
    const scale = Math.max(bleed.width / img.width, bleed.height / img.height);
    img.set({ originX: 'center', originY: 'center', left: bleed.left + bleed.width / 2, top: bleed.top + bleed.height / 2, scaleX: scale, scaleY: scale });
    this.canvas.backgroundImage = img;
    this.canvas.requestRenderAll();
  }

  // ---- screen scale -------------------------------------------------------------------------

  /** Fits the canvas in `px` screen pixels of width (never larger than its design size). */
  setDisplayWidth(px: number): void {
    this.fit = Math.max(0.2, Math.min(1, px / this.layout.canvas.width));
    this.canvas.setDimensions({ width: Math.round(this.layout.canvas.width * this.fit), height: Math.round(this.layout.canvas.height * this.fit) });
    this.resetZoom();
  }

  resetZoom(): void {
    const f = this.fit;
    this.canvas.setViewportTransform([f, 0, 0, f, this.layout.origin.x * f, this.layout.origin.y * f]);
    this.canvas.calcOffset();
    this.canvas.requestRenderAll();
  }

  /** Zooms by `factor` around a point in canvas-element pixels, between the fit and 4× it. */
  zoomAt(factor: number, x: number, y: number): void {
    const z = Math.min(this.fit * 4, Math.max(this.fit, this.canvas.getZoom() * factor));
    if (z === this.fit) return this.resetZoom();
    this.canvas.zoomToPoint(new Point(x, y), z);
    this.panBy(0, 0);
  }

  /** Moves the view by screen pixels (only the viewport transform: layers keep their design coordinates), never past the bleed box's edges. */
  panBy(dx: number, dy: number): void {
    const [z, , , , e, f] = this.canvas.viewportTransform;
    const { bleed } = this.layout;
    // a box larger than the view covers it; a smaller one stays wholly in view
    const clamp = (v: number, start: number, size: number, view: number) => {
      const [a, b] = [-start * z, view - (start + size) * z];
      return Math.min(Math.max(a, b), Math.max(Math.min(a, b), v));
    };
    const x = clamp(e + dx, bleed.left, bleed.width, this.canvas.width);
    const y = clamp(f + dy, bleed.top, bleed.height, this.canvas.height);
    this.canvas.setViewportTransform([z, 0, 0, z, x, y]);
  }

  // ---- drawing ------------------------------------------------------------------------------

  private drawGuides(ctx: CanvasRenderingContext2D): void {
    if (this.hideGuides) return;
    const vpt = this.canvas.viewportTransform;
    const r = this.canvas.getRetinaScaling();
    const z = vpt[0];
    ctx.save();
    ctx.setTransform(r * vpt[0], 0, 0, r * vpt[3], r * vpt[4], r * vpt[5]);
    drawOutlines(ctx, this.layout, this.shape, z);
    // placeholders a template left to fill in
    ctx.strokeStyle = '#d97706';
    ctx.fillStyle = 'rgba(251, 191, 36, 0.18)';
    ctx.lineWidth = 2 / z;
    for (const o of this.canvas.getObjects() as Layer[]) {
      if (!o.placeholder || !o.visible) continue;
      const b = o.getBoundingRect();
      ctx.fillRect(b.left, b.top, b.width, b.height);
      ctx.strokeRect(b.left - 2 / z, b.top - 2 / z, b.width + 4 / z, b.height + 4 / z);
    }
    drawSnapGuides(ctx, this.guides, this.layout, z);
    ctx.restore();
  }

  /** Clips the canvas (design coordinates) to the print area (editing) or the cut line (the side's picture); an unshaped side is not clipped. */
  clipTo(kind: 'print' | 'cut'): void {
    if (this.shape) this.canvas.clipPath = new Path(this.shape[kind], { objectCaching: true });
  }

  show(visible: boolean): void {
    this.wrapper.hidden = !visible;
    if (visible) this.canvas.calcOffset();
  }

  // ---- objects ------------------------------------------------------------------------------

  /** Where a new object goes: the middle of the safe area, then around it, so new objects do not hide each other. */
  nextPlace(): { left: number; top: number } {
    const { safe } = this.layout;
    const slots: Array<[number, number]> = [[0.5, 0.5], [0.27, 0.3], [0.73, 0.3], [0.27, 0.7], [0.73, 0.7]];
    const [fx, fy] = slots[this.canvas.getObjects().length % slots.length]!;
    return { left: safe.left + safe.width * fx, top: safe.top + safe.height * fy };
  }

  addText(text: string, fontFamily: string, fill: string, spotFill?: unknown): Textbox {
    const fontSize = Math.round(this.layout.viewport.height / 12);
    const box = new Textbox(text, {
      ...this.nextPlace(),
      originX: 'center',
      originY: 'center',
      // wide enough for one line of average glyphs, within the safe area
      width: Math.min(this.layout.safe.width * 0.8, Math.max(fontSize * 3, text.length * fontSize * 0.62)),
      fontFamily,
      fontSize,
      fill,
      textAlign: 'center',
    });
    if (spotFill) (box as Layer).spotFill = spotFill;
    // as wide as its words, growing as typed (auto-width.ts)
    (box as Textbox & { autoWidth?: boolean }).autoWidth = true;
    this.canvas.add(box);
    this.canvas.setActiveObject(box);
    this.canvas.requestRenderAll();
    return box;
  }

  /** Adds an image record at `fraction` of the safe area's size; raster images are checked against the side's dpi. */
  async addImage(image: ApiImage, fraction = 0.4): Promise<FabricImage> {
    const img = (await imageFromUrl(image.url)) as FabricImage & Layer;
    // an SVG without width/height has no intrinsic size: use the record's, else a square
    if (!img.width || !img.height) img.set({ width: image.width ?? 300, height: image.height ?? 300 });
    const { safe } = this.layout;
    const scale = Math.min((safe.width * fraction) / img.width, (safe.height * fraction) / img.height);
    img.set({ ...this.nextPlace(), originX: 'center', originY: 'center', scaleX: scale, scaleY: scale });
    img.image_id = image.id;
    img.dpiCheck = image.mime_type !== 'image/svg+xml';
    img.name = image.name;
    this.canvas.add(img);
    this.canvas.setActiveObject(img);
    this.canvas.requestRenderAll();
    return img;
  }

  /** Deletes the selection, except locked layers; answers how many went. */
  deleteSelected(): number {
    const selected = this.canvas.getActiveObjects().filter((o) => !(o as Layer).locked && !(o as Layer).userLocked);
    if (selected.length === 0) return 0;
    this.canvas.discardActiveObject();
    this.batch(() => this.canvas.remove(...selected));
    this.canvas.requestRenderAll();
    return selected.length;
  }

  /** Moves the selection by a design-pixel offset (keyboard nudge), keeping it on the canvas. */
  nudgeSelected(dx: number, dy: number): boolean {
    const obj = this.canvas.getActiveObject();
    if (!obj || obj.lockMovementX) return false;
    obj.set({ left: obj.left + dx, top: obj.top + dy });
    obj.setCoords();
    keepOnCanvas(obj, this.layout);
    this.canvas.requestRenderAll();
    this.commit();
    this.onChange();
    return true;
  }

  // ---- warnings -----------------------------------------------------------------------------

  /** Objects outside the safe zone; raster images printing below the side's dpi; backgrounds that stop at the trim; unfilled placeholders. */
  warnings(): Warning[] {
    const out: Warning[] = [];
    const { trim, bleed, safe } = this.layout;
    for (const obj of this.canvas.getObjects() as Layer[]) {
      if (!obj.visible) continue;
      const r = obj.getBoundingRect();
      const label = layerLabel(obj);
      const gaps = obj instanceof FabricImage || obj.type.toLowerCase() === 'rect' ? bleedGaps(r, trim, bleed) : [];
      if (gaps.length) out.push({ code: 'bleed', message: t('warn.bleed', { label, edges: gaps.map((g) => t(`edge.${g}`)).join(', ') }) });
      // a full-bleed background or band (a shape reaching the bleed line) is meant to leave the safe zone; a locked layer is the store's to fix
      else if (!obj.locked && !isBackground(r, trim) && !(obj.type.toLowerCase() !== 'textbox' && reachesBleed(r, bleed)) && (leavesBox(r, safe) || (this.shape && !insidePath(this.shape.safe, r)))) out.push({ code: 'safe-zone', message: t('warn.safe', { label }) });
      if (obj.placeholder) out.push({ code: 'placeholder', message: t('warn.placeholder', { label }) });
      if (obj instanceof FabricImage && (obj as Layer).dpiCheck) {
        // a Fabric image's width and height are the file's pixels it shows (less when cropped)
        const dpi = effectiveDpi({ width: obj.width, height: obj.height }, { width: obj.width * Math.abs(obj.scaleX), height: obj.height * Math.abs(obj.scaleY) }, this.layout, this.side.dimension_unit);
        if (dpi < this.side.dpi) out.push({ code: 'low-dpi', message: t('warn.dpi', { label, dpi: Math.floor(dpi), need: this.side.dpi }) });
      }
    }
    return out;
  }

  // ---- layers, snapshots, undo ------------------------------------------------------------

  /** The layers of the design: Fabric objects as JSON, in design coordinates, spot inks restored. */
  layers(): Array<Record<string, unknown>> {
    return spotsForPrint((this.canvas.toObject(EXTRA_PROPS) as { objects: Array<Record<string, unknown>> }).objects);
  }

  private snapshot(): string {
    return JSON.stringify(this.layers());
  }

  /** Records the state for undo (after any change); nothing while restoring or loading. */
  commit(): void {
    if (this.restoring) return;
    if (this.history.record(this.snapshot())) this.changes++;
    this.onChange();
  }

  /** Runs several changes as one undo step. */
  batch(fn: () => void): void {
    const was = this.restoring;
    this.restoring = true;
    try {
      fn();
    } finally {
      this.restoring = was;
    }
    this.commit();
  }

  /**
   * Replaces the objects with saved layers. `from` is the viewport they were made in: layers
   * from another size (a default template, a design saved at another screen scale) are scaled
   * to fit this side's trim box, centred. `base` makes them the start of the undo history.
   * `adjust` sees each object once placed, with the box the source viewport now covers
   * (templates.ts stretches full-bleed bands to the bleed with it).
   */
  async load(layers: unknown[], from?: { width: number; height: number } | null, base = true, adjust?: (o: FabricObject, placed: Rect) => void): Promise<void> {
    const objects = await enliven(layers as Array<Record<string, unknown>>);
    const vp = this.layout.viewport;
    const s = from && from.width > 0 && from.height > 0 ? Math.min(vp.width / from.width, vp.height / from.height) : 1;
    const ox = from ? (vp.width - from.width * s) / 2 : 0;
    const oy = from ? (vp.height - from.height * s) / 2 : 0;
    this.restoring = true;
    try {
      this.canvas.discardActiveObject();
      this.canvas.remove(...this.canvas.getObjects());
      for (const o of objects) {
        if (s !== 1 || ox || oy) {
          o.set({ left: o.left * s + ox, top: o.top * s + oy });
          if (o instanceof Textbox) o.set({ fontSize: o.fontSize * s, width: o.width * s });
          else o.set({ scaleX: o.scaleX * s, scaleY: o.scaleY * s });
        }
        if (o instanceof FabricImage) (o as Layer).dpiCheck = !/\.svg(\?|$)|^data:image\/svg/i.test(o.getSrc());
        if (adjust) {
          o.setCoords();
          adjust(o, from ? { left: ox, top: oy, width: from.width * s, height: from.height * s } : { ...this.layout.trim });
        }
        applyLock(o);
        o.setCoords();
        this.canvas.add(o);
      }
    } finally {
      this.restoring = false;
    }
    this.canvas.requestRenderAll();
    if (base) this.history.reset(this.snapshot());
    else this.commit();
    this.onChange();
  }

  async undo(): Promise<boolean> {
    // a text being typed in: what was typed so far becomes a step first
    const editing = this.canvas.getActiveObject();
    if (editing instanceof Textbox && editing.isEditing) editing.exitEditing();
    const snap = this.history.undo();
    if (snap === null) return false;
    await this.restore(snap);
    this.changes++;
    this.onChange();
    return true;
  }

  async redo(): Promise<boolean> {
    const snap = this.history.redo();
    if (snap === null) return false;
    await this.restore(snap);
    this.changes++;
    this.onChange();
    return true;
  }

  private async restore(snap: string): Promise<void> {
    const objects = await enliven(JSON.parse(snap) as Array<Record<string, unknown>>);
    const dpi = new Map((this.canvas.getObjects() as Layer[]).filter((o) => o.image_id).map((o) => [o.image_id, o.dpiCheck]));
    this.restoring = true;
    try {
      this.canvas.discardActiveObject();
      this.canvas.remove(...this.canvas.getObjects());
      for (const o of objects as Layer[]) {
        if (o instanceof FabricImage) (o as Layer).dpiCheck = dpi.get((o as Layer).image_id) ?? !/\.svg(\?|$)/i.test(o.getSrc());
        applyLock(o);
        this.canvas.add(o);
      }
    } finally {
      this.restoring = false;
    }
    this.canvas.requestRenderAll();
    this.onChange();
  }
}

/** Whether a box reaches the bleed line on at least one edge (a full-bleed band). */
function reachesBleed(r: Rect, bleed: Rect): boolean {
  return r.left <= bleed.left + 0.5 || r.top <= bleed.top + 0.5 || r.left + r.width >= bleed.left + bleed.width - 0.5 || r.top + r.height >= bleed.top + bleed.height - 0.5;
}

/** A full-bleed background: covers the trim box on both axes. */
function isBackground(r: { left: number; top: number; width: number; height: number }, trim: { left: number; top: number; width: number; height: number }): boolean {
  return r.left <= trim.left + 1 && r.top <= trim.top + 1 && r.left + r.width >= trim.left + trim.width - 1 && r.top + r.height >= trim.top + trim.height - 1;
}
