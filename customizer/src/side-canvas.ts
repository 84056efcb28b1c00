/**
 * One Fabric canvas per print side. Objects live in design coordinates (origin at the trim
 * box's top-left, as the PDF engine reads layers); the viewport transform shifts them by the
 * bleed so the canvas shows the whole bleed box. Trim, bleed and safe-zone outlines are drawn
 * after each render, on top of the objects, and are not objects: they never reach the layers.
 */
import { Canvas, FabricImage, Textbox, type FabricObject } from 'fabric';
import type { ApiImage, Side } from './api.js';
import { effectiveDpi, layoutFor, leavesBox, type Layout } from './geometry.js';

export interface Warning {
  code: 'safe-zone' | 'low-dpi';
  message: string;
}

/** Extra properties kept in the layers' JSON: the image record a layer shows. */
const EXTRA_PROPS = ['image_id'];

type WithImageId = FabricObject & { image_id?: string; dpiCheck?: boolean };

function label(obj: FabricObject): string {
  if (obj instanceof Textbox) return `Text “${obj.text.length > 24 ? `${obj.text.slice(0, 24)}…` : obj.text}”`;
  if (obj instanceof FabricImage) return `Image “${(obj as FabricObject & { name?: string }).name ?? 'image'}”`;
  return obj.type;
}

export class SideCanvas {
  readonly canvas: Canvas;
  readonly layout: Layout;
  readonly wrapper: HTMLDivElement;
  /** the saved design of this side, once saved */
  designId: string | null = null;

  constructor(container: HTMLElement, readonly side: Side, private readonly onChange: () => void) {
    this.layout = layoutFor(side);
    this.wrapper = document.createElement('div');
    this.wrapper.className = 'side-canvas';
    this.wrapper.dataset.sideId = side.id;
    this.wrapper.hidden = true;
    const el = document.createElement('canvas');
    this.wrapper.append(el);
    container.append(this.wrapper);
    this.canvas = new Canvas(el, {
      width: this.layout.canvas.width,
      height: this.layout.canvas.height,
      preserveObjectStacking: true,
      backgroundColor: side.bg_type === 'color' && side.bg_color_value ? side.bg_color_value : '#ffffff',
    });
    this.canvas.setViewportTransform([1, 0, 0, 1, this.layout.origin.x, this.layout.origin.y]);
    this.canvas.on('after:render', ({ ctx }) => this.drawGuides(ctx));
    for (const ev of ['object:added', 'object:removed', 'object:modified', 'object:moving', 'object:scaling', 'object:rotating', 'text:changed', 'selection:created', 'selection:updated', 'selection:cleared'] as const) {
      this.canvas.on(ev, () => this.onChange());
    }
    // the side image is a backdrop only (not a layer); without it the side is plain white
    if (side.bg_type === 'image' && side.side_image) this.setBackground(side.side_image.url).catch((err: unknown) => console.warn('side image not loaded', err));
  }

  private async setBackground(url: string): Promise<void> {
    const img = await FabricImage.fromURL(url);
    const { bleed } = this.layout;
    const scale = Math.max(bleed.width / img.width, bleed.height / img.height);
    img.set({ originX: 'center', originY: 'center', left: bleed.left + bleed.width / 2, top: bleed.top + bleed.height / 2, scaleX: scale, scaleY: scale });
    this.canvas.backgroundImage = img;
    this.canvas.requestRenderAll();
  }

  private drawGuides(ctx: CanvasRenderingContext2D): void {
    const { trim, bleed, safe } = this.layout;
    const vpt = this.canvas.viewportTransform;
    const r = this.canvas.getRetinaScaling();
    ctx.save();
    ctx.setTransform(r * vpt[0], 0, 0, r * vpt[3], r * vpt[4], r * vpt[5]);
    // the bleed: printed, then cut away
    ctx.beginPath();
    ctx.rect(bleed.left, bleed.top, bleed.width, bleed.height);
    ctx.rect(trim.left, trim.top, trim.width, trim.height);
    ctx.fillStyle = 'rgba(220, 38, 38, 0.12)';
    ctx.fill('evenodd');
    ctx.lineWidth = 1;
    ctx.strokeStyle = 'rgba(220, 38, 38, 0.6)';
    ctx.strokeRect(bleed.left + 0.5, bleed.top + 0.5, bleed.width - 1, bleed.height - 1);
    ctx.strokeStyle = '#dc2626';
    ctx.strokeRect(trim.left, trim.top, trim.width, trim.height);
    ctx.setLineDash([6, 4]);
    ctx.strokeStyle = '#16a34a';
    ctx.strokeRect(safe.left, safe.top, safe.width, safe.height);
    ctx.restore();
  }

  show(visible: boolean): void {
    this.wrapper.hidden = !visible;
    if (visible) this.canvas.calcOffset();
  }

  /** Where a new object goes: the middle of the safe area, then around it, so new objects do not hide each other. */
  private nextPlace(): { left: number; top: number } {
    const { safe } = this.layout;
    const slots: Array<[number, number]> = [[0.5, 0.5], [0.27, 0.3], [0.73, 0.3], [0.27, 0.7], [0.73, 0.7]];
    const [fx, fy] = slots[this.canvas.getObjects().length % slots.length]!;
    return { left: safe.left + safe.width * fx, top: safe.top + safe.height * fy };
  }

  addText(text: string, fontFamily: string, fill: string): Textbox {
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
    this.canvas.add(box);
    this.canvas.setActiveObject(box);
    this.canvas.requestRenderAll();
    return box;
  }

  /** Adds an image record at `fraction` of the safe area's size; raster images are checked against the side's dpi. */
  async addImage(image: ApiImage, fraction = 0.4): Promise<FabricImage> {
    const img = (await FabricImage.fromURL(image.url)) as FabricImage & WithImageId;
    // an SVG without width/height has no intrinsic size: use the record's, else a square
    if (!img.width || !img.height) img.set({ width: image.width ?? 300, height: image.height ?? 300 });
    const { safe } = this.layout;
    const scale = Math.min((safe.width * fraction) / img.width, (safe.height * fraction) / img.height);
    img.set({ ...this.nextPlace(), originX: 'center', originY: 'center', scaleX: scale, scaleY: scale });
    img.image_id = image.id;
    img.dpiCheck = image.mime_type !== 'image/svg+xml';
    (img as FabricObject & { name?: string }).name = image.name;
    this.canvas.add(img);
    this.canvas.setActiveObject(img);
    this.canvas.requestRenderAll();
    return img;
  }

  deleteSelected(): number {
    const selected = this.canvas.getActiveObjects();
    this.canvas.discardActiveObject();
    for (const o of selected) this.canvas.remove(o);
    this.canvas.requestRenderAll();
    return selected.length;
  }

  /** Objects outside the safe zone; raster images printing below the side's dpi. */
  warnings(): Warning[] {
    const out: Warning[] = [];
    for (const obj of this.canvas.getObjects() as WithImageId[]) {
      const r = obj.getBoundingRect();
      if (leavesBox(r, this.layout.safe)) out.push({ code: 'safe-zone', message: `${label(obj)} leaves the safe zone: keep text and important parts inside the green dashed line.` });
      if (obj instanceof FabricImage && (obj as WithImageId).dpiCheck) {
        // a Fabric image's width and height are the file's pixels it shows (less when cropped)
        const shownPx = { width: obj.width, height: obj.height };
        const dpi = effectiveDpi(shownPx, { width: obj.width * Math.abs(obj.scaleX), height: obj.height * Math.abs(obj.scaleY) }, this.layout, this.side.dimension_unit);
        if (dpi < this.side.dpi) out.push({ code: 'low-dpi', message: `${label(obj)} prints at ${Math.floor(dpi)} dpi, below the ${this.side.dpi} dpi this side needs: it may look blurred. Make it smaller or use a larger photo.` });
      }
    }
    return out;
  }

  /** The layers of the design: Fabric objects as JSON, in design coordinates. */
  layers(): unknown[] {
    return (this.canvas.toObject(EXTRA_PROPS) as { objects: unknown[] }).objects;
  }
}
