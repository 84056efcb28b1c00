/**
 * Draws one page: clip to the bleed box, background, then every layer with the same nesting
 * of transforms, opacity and paint order as Fabric.js's canvas rendering, then crop marks.
 * Layer coordinates are viewport pixels (y down); one `cm` maps them onto the trim box.
 */
import type { PDFDocument } from 'pdf-lib';
import { parseColor } from './colour/css-colour.js';
import { ContentBuilder, PageResources, type ColourSpaceWriter } from './content.js';
import type { FontRegistry } from './fonts/font-registry.js';
import type { Box, Matrix } from './geometry.js';
import { IDENTITY, apply, applyLinear, boxesIntersect, decomposeScale, invert, multiply, transformBox, translate, unionBox } from './geometry.js';
import type { ImageStore } from './image-store.js';
import { filterable, filtersNotApplied, splitFilters } from './image-filters.js';
import { imageLabel } from './image-store.js';
import { imagePlacementMatrix } from './images.js';
import type { Layer } from './layers.js';
import { TEXT_TYPES } from './layers.js';
import { barcodeOutline } from './barcode-layer.js';
import type { ShapeGeometry } from './object-geometry.js';
import { inkMargin, n, objectMatrix, shapeGeometry } from './object-geometry.js';
import type { PageBoxes } from './page-geometry.js';
import type { PathCommand } from './path.js';
import type { TextLayout } from './text-layout.js';
import type { PageWarn } from './paint.js';
import { Painter } from './paint.js';
import { TextPainter } from './text-painter.js';
import { clipToPage, drawCropMarks, drawCutContour } from './page-marks.js';
import { pathInkBox, pathTextUnsupported, textPath } from './text-on-path.js';
import type { PageSpec } from './types.js';

export const DEFAULT_DPI = 300;

/**
 * One piece of a page's content, in drawing order (joined by newlines they are the page's
 * content): page furniture (the bleed clip, the viewport transform, crop marks: no `layer`),
 * or what the background or one top-level layer drew, with the page-space bounds it can paint
 * (generous: strokes, miters and text overhang included) and the matrix in effect at its start.
 * PDF/X-1a flattening (colour/flatten.ts) composites the transparent ones.
 */
export interface PageSegment {
  content: string;
  layer?: string;
  box?: Box;
  ctm?: Matrix;
}

export interface PageDeps {
  doc: PDFDocument;
  fonts: FontRegistry;
  images: ImageStore;
  warn: PageWarn;
  cropMarks: boolean;
  asCut?: boolean; // RenderOptions.asCut: a masked page clipped to its cut line, no die line
  /** how colours are written (default DeviceRGB/DeviceGray) */
  colours?: ColourSpaceWriter;
  /**
   * where each of `layers` sits in the design (default 0, 1, 2…): a merge draws runs of a
   * side's layers into separate forms, and warnings and marked content name the design's index
   */
  layerIndex?: readonly number[];
}

interface DrawContext {
  path: string;
  /** accumulated opacity (canvas globalAlpha) */
  alpha: number;
  /** Fabric-space matrix of the parent (identity on the canvas) */
  parent: Matrix;
  inGroup: boolean;
}

export class PageRenderer {
  readonly res: PageResources;
  readonly c: ContentBuilder;
  private readonly paint: Painter;
  private readonly text: TextPainter;
  private readonly toPage: Matrix;
  private readonly dpi: number;
  private readonly checkSafe: boolean;
  /** the content of the last `render`, cut per layer */
  readonly segments: PageSegment[] = [];

  constructor(
    private readonly deps: PageDeps,
    private readonly spec: PageSpec,
    private readonly boxes: PageBoxes,
    private readonly layers: Layer[],
  ) {
    this.res = new PageResources(deps.doc);
    this.c = new ContentBuilder(this.res, deps.colours);
    this.paint = new Painter(this.c, this.res, deps.doc, deps.warn);
    this.text = new TextPainter(this.paint, deps.fonts, deps.doc);
    this.toPage = boxes.viewportToPage;
    this.dpi = spec.dpi ?? DEFAULT_DPI;
    const z = spec.safeZone;
    this.checkSafe = !!z && (z.top > 0 || z.right > 0 || z.bottom > 0 || z.left > 0);
  }

  async render(): Promise<string> {
    const { c, boxes } = this;
    const b = boxes.bleedBox;
    let from = c.mark();
    const cut = (seg: Omit<PageSegment, 'content'> = {}): void => {
      if (c.mark() > from) this.segments.push({ content: c.slice(from), ...seg });
      from = c.mark();
    };
    c.save();
    clipToPage(c, this.spec, boxes, this.deps.asCut === true);
    cut();
    this.background();
    cut({ layer: 'background', box: b, ctm: IDENTITY });
    c.save();
    c.transform(this.toPage);
    cut();
    for (let i = 0; i < this.layers.length; i++) {
      const path = `layers[${this.deps.layerIndex?.[i] ?? i}]`;
      // marked content naming the layer: the self-check (check/) reads it to say whose content breaks a rule
      c.op(`/Layer <</Name (${path})>> BDC`);
      const box = await this.drawLayer(this.layers[i]!, { path, alpha: 1, parent: IDENTITY, inGroup: false });
      c.op('EMC');
      cut({ layer: path, ...(box ? { box } : {}), ctm: this.toPage });
    }
    c.restore();
    c.restore();
    if (this.spec.mask && !this.deps.asCut) drawCutContour(c, this.spec, boxes);
    if (this.deps.cropMarks) drawCropMarks(this.c, this.boxes);
    cut();
    return c.toString();
  }

  // --- page furniture --------------------------------------------------------------------

  private background(): void {
    const bg = this.spec.background;
    if (!bg) return;
    this.c.save(); // in its own q/Q: no layer inherits its colour or alpha (X-1a may leave it out)
    const b = this.boxes.bleedBox;
    const colour = parseColor(bg.color);
    if (colour) {
      this.c.alpha(colour.a).fillColor(colour, 'area').rect(b.x, b.y, b.width, b.height).op('f');
    }
    if (bg.image && (bg.image.src || bg.image.imageId)) {
      const img = this.deps.images.get(bg.image);
      this.warnRasterized(img, 'background', imageLabel(bg.image.src, bg.image.imageId));
      const fit = bg.fit ?? 'cover';
      let sx = b.width / img.width;
      let sy = b.height / img.height;
      if (fit === 'cover') sx = sy = Math.max(sx, sy);
      else if (fit === 'contain') sx = sy = Math.min(sx, sy);
      const dw = img.width * sx;
      const dh = img.height * sy;
      const m: Matrix = [sx, 0, 0, -sy, b.x + (b.width - dw) / 2, b.y + (b.height - dh) / 2 + dh];
      this.checkResolution(img, m, 'background', imageLabel(bg.image.src, bg.image.imageId));
      const key = this.deps.images.use(bg.image, this.svgScale(img, m));
      this.c.save().alpha(1).overprint(false, false).transform(multiply(m, imagePlacementMatrix(img))).op(`/${this.res.image(key)} Do`).restore();
    }
    this.c.restore();
  }

  // --- layers ----------------------------------------------------------------------------

  private warnUnsupported(l: Layer, path: string): void {
    const feature = (name: string, why: string): void =>
      this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `${name} is not rendered in the PDF (${why})`, details: { feature: name } });
    if (l.shadow) feature('shadow', 'shadows are not printed');
    const unfiltered = filtersNotApplied(l.filters, l.type === 'image' ? this.deps.images.get({ src: l.src, imageId: l.image_id }) : undefined);
    if (unfiltered) feature('filters', unfiltered);
    if (typeof l.globalCompositeOperation === 'string' && l.globalCompositeOperation !== 'source-over') feature('globalCompositeOperation', 'blend modes are drawn as source-over');
    if (TEXT_TYPES.has(l.type) && l.path) pathTextUnsupported(l, feature);
  }

  /** Draws one layer; returns the page-space bounds it can paint. */
  private async drawLayer(l: Layer, ctx: DrawContext): Promise<Box | undefined> {
    if (l.visible === false) return;
    const opacity = n(l.opacity, 1);
    if (opacity <= 0) return;
    this.warnUnsupported(l, ctx.path);

    let geom: ShapeGeometry;
    let layout: TextLayout | undefined;
    if (TEXT_TYPES.has(l.type)) {
      layout = this.text.layout(l);
      geom = { width: layout.width, height: layout.height, strokeWidth: n(l.strokeWidth, 1) };
    } else if (l.type === 'image') {
      const img = this.deps.images.get({ src: l.src, imageId: l.image_id });
      geom = { width: n(l.width, 0) || img.width, height: n(l.height, 0) || img.height, strokeWidth: n(l.strokeWidth, 0) };
    } else {
      geom = shapeGeometry(l);
    }
    if (!geom.width && !geom.height && geom.strokeWidth === 0) return;
    const own = objectMatrix(l, geom.width, geom.height, geom.strokeWidth);
    const total = multiply(ctx.parent, own);
    const alpha = ctx.alpha * opacity;
    const pageM = multiply(this.toPage, total);
    const localBox: Box = { x: -geom.width / 2, y: -geom.height / 2, width: geom.width, height: geom.height };

    if (l.type === 'image' && !boxesIntersect(transformBox(pageM, localBox), this.boxes.bleedBox)) return;
    const ink = inkMargin(l, geom.strokeWidth, layout !== undefined);
    let box = transformBox(pageM, { x: localBox.x - ink, y: localBox.y - ink, width: localBox.width + 2 * ink, height: localBox.height + 2 * ink });
    const onPath = layout ? textPath(l) : undefined;
    if (onPath) box = unionBox(box, transformBox(pageM, pathInkBox(onPath, layout!)));
    if (layout && this.checkSafe) this.checkSafeZone(transformBox(pageM, localBox), ctx.path);

    const c = this.c;
    c.save();
    c.transform(own);
    if (l.clipPath) this.applyClip(l.clipPath, total, ctx.path);
    const bg = parseColor(l.backgroundColor);
    if (bg) {
      const sw = geom.strokeWidth;
      c.alpha(alpha * bg.a).fillColor(bg).rect(-(geom.width + sw) / 2, -(geom.height + sw) / 2, geom.width + sw, geom.height + sw).op('f');
    }
    switch (l.type) {
      case 'group': {
        const objs = l.objects ?? [];
        for (let i = 0; i < objs.length; i++) {
          const child = await this.drawLayer(objs[i]!, { path: `${ctx.path}.objects[${i}]`, alpha, parent: total, inGroup: true });
          if (child) box = unionBox(box, child);
        }
        break;
      }
      case 'image':
        this.paintInOrder(l, () => this.drawImage(l, geom, pageM, alpha, ctx.path), () => {
          const w = geom.width / 2;
          const h = geom.height / 2;
          this.paint.stroke(l, [['M', -w, -h], ['L', w, -h], ['L', w, h], ['L', -w, h], ['L', -w, -h], ['Z']], geom.strokeWidth, this.objectScaling(l, total, ctx.inGroup), alpha, ctx.path, pageM);
        });
        break;
      case 'barcode':
        // a code is its symbol, filled (nonzero: bwip-js's outlines are drawn so): never an outline
        this.paint.fill({ ...l, fillRule: 'nonzero' }, barcodeOutline(l, geom.width, geom.height), geom, alpha, ctx.path, pageM);
        break;
      case 'textbox':
      case 'i-text':
      case 'text':
        await this.text.draw(l, layout!, alpha, ctx.path);
        break;
      default: {
        const outline = geom.outline ?? [];
        if (outline.length === 0) break;
        this.paintInOrder(
          l,
          () => {
            if (!geom.strokeOnly) this.paint.fill(l, outline, geom, alpha, ctx.path, pageM);
          },
          () => this.paint.stroke(l, outline, geom.strokeWidth, this.objectScaling(l, total, ctx.inGroup), alpha, ctx.path, pageM),
        );
      }
    }
    c.restore();
    return box;
  }

  private paintInOrder(l: Layer, fill: () => void, stroke: () => void): void {
    if (l.paintFirst === 'stroke') {
      stroke();
      fill();
    } else {
      fill();
      stroke();
    }
  }

  /** Fabric's getObjectScaling: |scale| on the canvas, decomposed total matrix inside groups. */
  private objectScaling(l: Layer, total: Matrix, inGroup: boolean): { x: number; y: number } {
    if (!inGroup) return { x: Math.abs(n(l.scaleX, 1)), y: Math.abs(n(l.scaleY, 1)) };
    const s = decomposeScale(total);
    return { x: Math.abs(s.x), y: Math.abs(s.y) };
  }

  // --- clip paths ------------------------------------------------------------------------

  /** Outline of a clip path (and its group children) in the clipped object's space. */
  private clipOutline(clip: Layer, m: Matrix, path: string, out: PathCommand[][]): boolean {
    if (clip.type === 'group') {
      const g = shapeGeometry(clip);
      const gm = multiply(m, objectMatrix(clip, g.width, g.height, g.strokeWidth));
      for (const [i, child] of (clip.objects ?? []).entries()) {
        if (!this.clipOutline(child, gm, `${path}.objects[${i}]`, out)) return false;
      }
      return true;
    }
    if (TEXT_TYPES.has(clip.type) || clip.type === 'image' || clip.type === 'barcode') {
      this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `a ${clip.type} clip path is not applied`, details: { feature: `${clip.type} clipPath` } });
      return false;
    }
    const g = shapeGeometry(clip);
    const cm = multiply(m, objectMatrix(clip, g.width, g.height, g.strokeWidth));
    out.push((g.outline ?? []).map((c) => transformCommand(c, cm)));
    return true;
  }

  private applyClip(clip: Layer, objectTotal: Matrix, path: string): void {
    const where = `${path}.clipPath`;
    if (clip.inverted === true) {
      this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: where, message: 'an inverted clip path is not applied', details: { feature: 'inverted clipPath' } });
      return;
    }
    // absolutePositioned clip paths are in canvas coordinates; others relative to the object centre
    const base = clip.absolutePositioned === true ? invert(objectTotal) : IDENTITY;
    const parts: PathCommand[][] = [];
    if (!this.clipOutline(clip, base, where, parts)) return;
    const cmds = parts.flat();
    if (cmds.length === 0) this.c.rect(0, 0, 0, 0).op('W n');
    else this.c.path(cmds).op(clip.fillRule === 'evenodd' ? 'W* n' : 'W n');
  }

  // --- images -------------------------------------------------------------------------------

  private svgScale(img: { isVector: boolean }, pageM: Matrix): number {
    if (!img.isVector) return 1;
    const px = Math.max(Math.hypot(pageM[0], pageM[1]), Math.hypot(pageM[2], pageM[3]));
    return Math.min(8, Math.max(1, (this.dpi * px) / 72));
  }

  /** An SVG with features that have no vector form is printed as a raster: say so, naming the layer. */
  private warnRasterized(img: { rasterReasons?: string[] }, layer: string, ref: string): void {
    if (!img.rasterReasons?.length) return;
    this.deps.warn({
      code: 'RASTERIZED_ARTWORK',
      layer,
      message: `SVG ${ref} is printed as a raster image, not as vector paths: it uses ${img.rasterReasons.join(', ')}`,
      details: { image: ref, features: img.rasterReasons },
    });
  }

  /** Effective resolution: 72 pt per inch over the points one image pixel covers. */
  private checkResolution(img: { isVector: boolean }, pageM: Matrix, layer: string, ref: string): void {
    if (img.isVector) return;
    const ux = applyLinear(pageM, { x: 1, y: 0 });
    const uy = applyLinear(pageM, { x: 0, y: 1 });
    const dpiX = 72 / Math.hypot(ux.x, ux.y);
    const dpiY = 72 / Math.hypot(uy.x, uy.y);
    const effective = Math.round(Math.min(dpiX, dpiY));
    if (effective < this.dpi) {
      this.deps.warn({
        code: 'LOW_RESOLUTION',
        layer,
        message: `image ${ref} prints at ${effective} dpi, below the ${this.dpi} dpi this side needs`,
        details: { image: ref, effectiveDpi: effective, requiredDpi: this.dpi },
      });
    }
  }

  private drawImage(l: Layer, geom: ShapeGeometry, pageM: Matrix, alpha: number, path: string): void {
    const img = this.deps.images.get({ src: l.src, imageId: l.image_id });
    const ref = { src: l.src, imageId: l.image_id, filters: filterable(img) ? splitFilters(l.filters).known : [] }; // filtered pixels: image-filters.ts
    const w = geom.width;
    const h = geom.height;
    const cropX = Math.max(n(l.cropX, 0), 0);
    const cropY = Math.max(n(l.cropY, 0), 0);
    const destW = Math.min(w, img.width - cropX);
    const destH = Math.min(h, img.height - cropY);
    if (destW <= 0 || destH <= 0) return;
    this.warnRasterized(img, path, imageLabel(l.src, l.image_id));
    this.checkResolution(img, pageM, path, imageLabel(l.src, l.image_id));
    const vectorForm = !!(img.svg || img.pdf);
    const key = vectorForm && alpha < 1 ? this.deps.images.useTranslucentVector(ref) : this.deps.images.use(ref, this.svgScale(img, pageM));
    // image pixel (px, py) lands at (px − cropX − w/2, py − cropY − h/2); drawImage clips to the destination box
    // a filtered copy is stored upright (image-store.ts): its EXIF orientation is already in its pixels
    const place = multiply(translate(-w / 2 - cropX, -h / 2 - cropY), imagePlacementMatrix(ref.filters.length > 0 ? { ...img, orientation: 1 } : img));
    // an image or artwork never inherits the overprint that black text or a rule left on
    this.c.save().rect(-w / 2, -h / 2, destW, destH).op('W n').alpha(alpha).overprint(false, false).transform(place).op(`/${this.res.image(key)} Do`).restore();
  }

  private checkSafeZone(box: Box, path: string): void {
    const s = this.boxes.safeBox;
    const tol = 0.5;
    if (box.x < s.x - tol || box.y < s.y - tol || box.x + box.width > s.x + s.width + tol || box.y + box.height > s.y + s.height + tol) {
      this.deps.warn({ code: 'OUTSIDE_SAFE_ZONE', layer: path, message: 'text reaches outside the safe zone and may be trimmed', details: {} });
    }
  }
}

function transformCommand(c: PathCommand, m: Matrix): PathCommand {
  const p = (x: number, y: number): [number, number] => {
    const r = apply(m, { x, y });
    return [r.x, r.y];
  };
  switch (c[0]) {
    case 'M':
    case 'L':
      return [c[0], ...p(c[1], c[2])];
    case 'C':
      return ['C', ...p(c[1], c[2]), ...p(c[3], c[4]), ...p(c[5], c[6])];
    case 'Q':
      return ['Q', ...p(c[1], c[2]), ...p(c[3], c[4])];
    default:
      return c;
  }
}

