/**
 * Draws one page: clip to the bleed box, background, then every layer with the same nesting
 * of transforms, opacity and paint order as Fabric.js's canvas rendering, then crop marks.
 * Layer coordinates are viewport pixels (y down); one `cm` maps them onto the trim box.
 */
import type { PDFDocument } from 'pdf-lib';
import type { Rgba } from './color.js';
import { parseColor } from './color.js';
import { ContentBuilder, PageResources, num } from './content.js';
import { parseFontStyle, parseFontWeight } from './fonts/font-matching.js';
import type { FontRegistry } from './fonts/font-registry.js';
import type { Box, Matrix } from './geometry.js';
import { IDENTITY, apply, applyLinear, boxesIntersect, decomposeScale, invert, multiply, scale, transformBox, translate } from './geometry.js';
import type { ImageStore } from './image-store.js';
import { imagePlacementMatrix } from './images.js';
import type { GradientFill, Layer, Paint } from './layers.js';
import { TEXT_TYPES } from './layers.js';
import type { ShapeGeometry } from './object-geometry.js';
import { n, objectMatrix, shapeGeometry } from './object-geometry.js';
import type { PageBoxes } from './page-geometry.js';
import { CROP_MARK_SLUG_PT } from './page-geometry.js';
import type { PathCommand } from './path.js';
import type { CompleteStyle, TextLayout } from './text-layout.js';
import { backgroundRects, decorationRects, layoutText, stylesFromArray } from './text-layout.js';
import type { PageSpec, RenderWarning } from './types.js';

export const DEFAULT_DPI = 300;

export type PageWarn = (w: Omit<RenderWarning, 'page'>) => void;

export interface PageDeps {
  doc: PDFDocument;
  fonts: FontRegistry;
  images: ImageStore;
  warn: PageWarn;
  cropMarks: boolean;
}

interface DrawContext {
  path: string;
  /** accumulated opacity (canvas globalAlpha) */
  alpha: number;
  /** Fabric-space matrix of the parent (identity on the canvas) */
  parent: Matrix;
  inGroup: boolean;
}

/** Fabric's default text properties (Text.ownDefaults + FabricObject defaults). */
export function textBaseStyle(l: Layer): CompleteStyle {
  return {
    fill: l.fill === undefined ? 'rgb(0,0,0)' : l.fill,
    stroke: l.stroke ?? null,
    strokeWidth: n(l.strokeWidth, 1),
    fontSize: n(l.fontSize, 40),
    fontFamily: typeof l.fontFamily === 'string' ? l.fontFamily : 'Times New Roman',
    fontWeight: l.fontWeight ?? 'normal',
    fontStyle: typeof l.fontStyle === 'string' ? l.fontStyle : 'normal',
    underline: l.underline === true,
    overline: l.overline === true,
    linethrough: l.linethrough === true,
    deltaY: n(l.deltaY, 0),
    textBackgroundColor: typeof l.textBackgroundColor === 'string' ? l.textBackgroundColor : '',
    textDecorationThickness: n(l.textDecorationThickness, 66.667),
  };
}

/** Every (family, weight, style) a text layer can use, for preloading. */
export function textFontQueries(l: Layer): { family: string; weight: number; style: 'normal' | 'italic' }[] {
  const base = textBaseStyle(l);
  const out = [{ family: base.fontFamily, weight: parseFontWeight(base.fontWeight), style: parseFontStyle(base.fontStyle) }];
  const styles = stylesFromArray(l.styles, l.text ?? '');
  for (const line of Object.values(styles)) {
    for (const s of Object.values(line)) {
      out.push({
        family: s.fontFamily ?? base.fontFamily,
        weight: parseFontWeight(s.fontWeight ?? base.fontWeight),
        style: parseFontStyle(s.fontStyle ?? base.fontStyle),
      });
    }
  }
  return out;
}

const LINE_CAP: Record<string, number> = { butt: 0, round: 1, square: 2 };
const LINE_JOIN: Record<string, number> = { miter: 0, 'miter-clip': 0, round: 1, bevel: 2 };

export class PageRenderer {
  readonly res: PageResources;
  readonly c: ContentBuilder;
  private readonly toPage: Matrix;
  private readonly dpi: number;
  private readonly checkSafe: boolean;

  constructor(
    private readonly deps: PageDeps,
    private readonly spec: PageSpec,
    private readonly boxes: PageBoxes,
    private readonly layers: Layer[],
  ) {
    this.res = new PageResources(deps.doc);
    this.c = new ContentBuilder(this.res);
    this.toPage = boxes.viewportToPage;
    this.dpi = spec.dpi ?? DEFAULT_DPI;
    const z = spec.safeZone;
    this.checkSafe = !!z && (z.top > 0 || z.right > 0 || z.bottom > 0 || z.left > 0);
  }

  async render(): Promise<string> {
    const { c, boxes } = this;
    const b = boxes.bleedBox;
    c.save();
    c.rect(b.x, b.y, b.width, b.height).op('W n');
    this.background();
    c.save();
    c.transform(this.toPage);
    for (let i = 0; i < this.layers.length; i++) {
      await this.drawLayer(this.layers[i]!, { path: `layers[${i}]`, alpha: 1, parent: IDENTITY, inGroup: false });
    }
    c.restore();
    c.restore();
    if (this.deps.cropMarks) this.cropMarks();
    return c.toString();
  }

  // --- page furniture --------------------------------------------------------------------

  private background(): void {
    const bg = this.spec.background;
    if (!bg) return;
    const b = this.boxes.bleedBox;
    const colour = parseColor(bg.color);
    if (colour) {
      this.c.alpha(colour.a).fillColor(colour).rect(b.x, b.y, b.width, b.height).op('f');
    }
    if (bg.image && (bg.image.src || bg.image.imageId)) {
      const img = this.deps.images.get(bg.image);
      const fit = bg.fit ?? 'cover';
      let sx = b.width / img.width;
      let sy = b.height / img.height;
      if (fit === 'cover') sx = sy = Math.max(sx, sy);
      else if (fit === 'contain') sx = sy = Math.min(sx, sy);
      const dw = img.width * sx;
      const dh = img.height * sy;
      const m: Matrix = [sx, 0, 0, -sy, b.x + (b.width - dw) / 2, b.y + (b.height - dh) / 2 + dh];
      this.checkResolution(img, m, 'background', bg.image.src ?? bg.image.imageId ?? '');
      const key = this.deps.images.use(bg.image, this.svgScale(img, m));
      this.c.save().alpha(1).transform(multiply(m, imagePlacementMatrix(img))).op(`/${this.res.image(key)} Do`).restore();
    }
  }

  /** Marks at the four trim corners, in the slug, 0.25 pt registration (all four inks). */
  private cropMarks(): void {
    const { trimBox: t, bleedBox: b, mediaBox: m } = this.boxes;
    const gap = 3;
    const c = this.c;
    c.save().op('0.25 w 0 J 1 1 1 1 K');
    const xs = [t.x, t.x + t.width];
    const ys = [t.y, t.y + t.height];
    const lines: [number, number, number, number][] = [];
    for (const y of ys) {
      lines.push([b.x - gap, y, m.x + 1.5, y]);
      lines.push([b.x + b.width + gap, y, m.x + m.width - 1.5, y]);
    }
    for (const x of xs) {
      lines.push([x, b.y - gap, x, m.y + 1.5]);
      lines.push([x, b.y + b.height + gap, x, m.y + m.height - 1.5]);
    }
    for (const [x1, y1, x2, y2] of lines) c.op(`${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`);
    c.restore();
    void CROP_MARK_SLUG_PT;
  }

  // --- layers ----------------------------------------------------------------------------

  private warnUnsupported(l: Layer, path: string): void {
    const feature = (name: string, why: string): void =>
      this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `${name} is not rendered in the PDF (${why})`, details: { feature: name } });
    if (l.shadow) feature('shadow', 'shadows are not printed');
    if (Array.isArray(l.filters) && l.filters.length > 0) feature('filters', 'image filters are not applied');
    if (typeof l.globalCompositeOperation === 'string' && l.globalCompositeOperation !== 'source-over') feature('globalCompositeOperation', 'blend modes are drawn as source-over');
    if (TEXT_TYPES.has(l.type) && l.path) feature('text path', 'text on a path is laid out on a straight line');
    if (TEXT_TYPES.has(l.type) && l.direction === 'rtl') feature('direction rtl', 'right-to-left text is laid out left to right');
  }

  private async drawLayer(l: Layer, ctx: DrawContext): Promise<void> {
    if (l.visible === false) return;
    const opacity = n(l.opacity, 1);
    if (opacity <= 0) return;
    this.warnUnsupported(l, ctx.path);

    let geom: ShapeGeometry;
    let layout: TextLayout | undefined;
    if (TEXT_TYPES.has(l.type)) {
      layout = this.layout(l);
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
          await this.drawLayer(objs[i]!, { path: `${ctx.path}.objects[${i}]`, alpha, parent: total, inGroup: true });
        }
        break;
      }
      case 'image':
        this.paintInOrder(l, () => this.drawImage(l, geom, pageM, alpha, ctx.path), () => {
          const w = geom.width / 2;
          const h = geom.height / 2;
          this.stroke(l, [['M', -w, -h], ['L', w, -h], ['L', w, h], ['L', -w, h], ['L', -w, -h], ['Z']], geom.strokeWidth, total, alpha, ctx);
        });
        break;
      case 'textbox':
      case 'i-text':
      case 'text':
        await this.drawText(l, layout!, alpha, ctx);
        break;
      default: {
        const outline = geom.outline ?? [];
        if (outline.length === 0) break;
        this.paintInOrder(
          l,
          () => {
            if (!geom.strokeOnly) this.fill(l, outline, geom, alpha, ctx.path);
          },
          () => this.stroke(l, outline, geom.strokeWidth, total, alpha, ctx),
        );
      }
    }
    c.restore();
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

  // --- paint -------------------------------------------------------------------------------

  /** A paint as a solid colour, or the first gradient stop (with a warning) where only solids work. */
  private solid(p: Paint | undefined, path: string, what: string): Rgba | null {
    if (p === undefined || p === null || typeof p === 'string') return parseColor(p) ?? null;
    if (p.type === 'linear' || p.type === 'radial') {
      this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `gradient ${what} is drawn in its first colour`, details: { feature: `gradient ${what}` } });
      const stops = [...(p as GradientFill).colorStops].sort((a, b) => a.offset - b.offset);
      return parseColor(stops[0]?.color) ?? null;
    }
    this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `pattern ${what} is not rendered`, details: { feature: `pattern ${what}` } });
    return null;
  }

  private fill(l: Layer, outline: PathCommand[], geom: ShapeGeometry, alpha: number, path: string): void {
    const p = l.fill === undefined ? 'rgb(0,0,0)' : l.fill;
    const evenOdd = l.fillRule === 'evenodd';
    if (p && typeof p === 'object' && (p.type === 'linear' || p.type === 'radial')) {
      this.gradientFill(p as GradientFill, outline, geom, evenOdd, alpha, path);
      return;
    }
    const col = this.solid(p, path, 'fill');
    if (!col) return;
    this.c.alpha(alpha * col.a).fillColor(col).path(outline).op(evenOdd ? 'f*' : 'f');
  }

  private gradientFill(g: GradientFill, outline: PathCommand[], geom: ShapeGeometry, evenOdd: boolean, alpha: number, path: string): void {
    const stops = [...g.colorStops]
      .map((s) => ({ offset: Math.min(1, Math.max(0, s.offset)), color: parseColor(s.color)!, opacity: s.opacity }))
      .sort((a, b) => a.offset - b.offset);
    if (stops.some((s) => s.color.a < 1 || (s.opacity !== undefined && s.opacity < 1))) {
      this.deps.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: 'gradient stop transparency is drawn opaque', details: { feature: 'gradient stop opacity' } });
    }
    const ctx = this.deps.doc.context;
    const fn = (c0: Rgba, c1: Rgba) => ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [c0.r, c0.g, c0.b], C1: [c1.r, c1.g, c1.b], N: 1 });
    if (stops[0]!.offset > 0) stops.unshift({ ...stops[0]!, offset: 0 });
    if (stops[stops.length - 1]!.offset < 1) stops.push({ ...stops[stops.length - 1]!, offset: 1 });
    let func;
    if (stops.length === 2) func = fn(stops[0]!.color, stops[1]!.color);
    else {
      const fns = [];
      const bounds: number[] = [];
      const encode: number[] = [];
      for (let i = 0; i < stops.length - 1; i++) {
        fns.push(fn(stops[i]!.color, stops[i + 1]!.color));
        if (i > 0) bounds.push(Math.max(stops[i]!.offset, (bounds[bounds.length - 1] ?? 0) + 1e-6));
        encode.push(0, 1);
      }
      func = ctx.obj({ FunctionType: 3, Domain: [0, 1], Functions: fns, Bounds: bounds, Encode: encode });
    }
    const co = g.coords;
    const shading = g.type === 'linear'
      ? ctx.obj({ ShadingType: 2, ColorSpace: 'DeviceRGB', Coords: [n(co.x1, 0), n(co.y1, 0), n(co.x2, 0), n(co.y2, 0)], Function: func, Extend: [true, true] })
      : ctx.obj({ ShadingType: 3, ColorSpace: 'DeviceRGB', Coords: [n(co.x1, 0), n(co.y1, 0), n(co.r1, 0), n(co.x2, 0), n(co.y2, 0), n(co.r2, 0)], Function: func, Extend: [true, true] });
    const name = this.res.shading(ctx.register(shading));
    let gm: Matrix = translate(-geom.width / 2 + n(g.offsetX, 0), -geom.height / 2 + n(g.offsetY, 0));
    if (g.gradientUnits === 'percentage') gm = multiply(gm, scale(geom.width, geom.height));
    const t = g.gradientTransform;
    if (Array.isArray(t) && t.length === 6 && t.every((v) => Number.isFinite(v))) gm = multiply(gm, t as unknown as Matrix);
    this.c.save().path(outline).op(evenOdd ? 'W* n' : 'W n').transform(gm).alpha(alpha).op(`/${name} sh`).restore();
  }

  /** Fabric's getObjectScaling: |scale| on the canvas, decomposed total matrix inside groups. */
  private objectScaling(l: Layer, total: Matrix, inGroup: boolean): { x: number; y: number } {
    if (!inGroup) return { x: Math.abs(n(l.scaleX, 1)), y: Math.abs(n(l.scaleY, 1)) };
    const s = decomposeScale(total);
    return { x: Math.abs(s.x), y: Math.abs(s.y) };
  }

  private strokeStyle(l: Layer, width: number): void {
    const c = this.c;
    c.op(`${num(width)} w ${LINE_CAP[l.strokeLineCap ?? 'butt'] ?? 0} J ${LINE_JOIN[l.strokeLineJoin ?? 'miter'] ?? 0} j ${num(Math.max(1, n(l.strokeMiterLimit, 4)))} M`);
    const dash = (l.strokeDashArray ?? []).filter((d) => Number.isFinite(d) && d >= 0);
    if (dash.length > 0 && dash.some((d) => d > 0)) {
      const arr = dash.length % 2 ? [...dash, ...dash] : dash;
      c.op(`[${arr.map(num).join(' ')}] ${num(n(l.strokeDashOffset, 0))} d`);
    }
  }

  private stroke(l: Layer, outline: PathCommand[], strokeWidth: number, total: Matrix, alpha: number, ctx: DrawContext): void {
    if (!l.stroke || strokeWidth === 0) return;
    const col = this.solid(l.stroke, ctx.path, 'stroke');
    if (!col) return;
    const c = this.c;
    c.save();
    let m: Matrix | undefined;
    if (l.strokeUniform) {
      const s = this.objectScaling(l, total, ctx.inGroup);
      if (s.x > 0 && s.y > 0) {
        c.transform(scale(1 / s.x, 1 / s.y));
        m = scale(s.x, s.y);
      }
    }
    this.strokeStyle(l, strokeWidth);
    c.alpha(undefined, alpha * col.a).strokeColor(col).path(outline, m).op('S');
    c.restore();
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
    if (TEXT_TYPES.has(clip.type) || clip.type === 'image') {
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
    const ref = { src: l.src, imageId: l.image_id };
    const img = this.deps.images.get(ref);
    const w = geom.width;
    const h = geom.height;
    const cropX = Math.max(n(l.cropX, 0), 0);
    const cropY = Math.max(n(l.cropY, 0), 0);
    const destW = Math.min(w, img.width - cropX);
    const destH = Math.min(h, img.height - cropY);
    if (destW <= 0 || destH <= 0) return;
    this.checkResolution(img, pageM, path, l.src ?? l.image_id ?? '');
    const key = this.deps.images.use(ref, this.svgScale(img, pageM));
    // image pixel (px, py) lands at (px − cropX − w/2, py − cropY − h/2); drawImage clips to the destination box
    const place = multiply(translate(-w / 2 - cropX, -h / 2 - cropY), imagePlacementMatrix(img));
    this.c.save().rect(-w / 2, -h / 2, destW, destH).op('W n').alpha(alpha).transform(place).op(`/${this.res.image(key)} Do`).restore();
  }

  // --- text ------------------------------------------------------------------------------------

  private layout(l: Layer): TextLayout {
    const base = textBaseStyle(l);
    const fonts = this.deps.fonts;
    return layoutText(
      {
        kind: l.type === 'textbox' ? 'textbox' : 'text',
        text: l.text ?? '',
        width: n(l.width, 0),
        splitByGrapheme: l.splitByGrapheme === true,
        textAlign: typeof l.textAlign === 'string' ? l.textAlign : 'left',
        lineHeight: n(l.lineHeight, 1.16),
        charSpacing: n(l.charSpacing, 0),
        base,
        styles: stylesFromArray(l.styles, l.text ?? ''),
      },
      { advance: (s, text) => fonts.advance(fonts.face(s.fontFamily, parseFontWeight(s.fontWeight), parseFontStyle(s.fontStyle)), text) },
    );
  }

  private checkSafeZone(box: Box, path: string): void {
    const s = this.boxes.safeBox;
    const tol = 0.5;
    if (box.x < s.x - tol || box.y < s.y - tol || box.x + box.width > s.x + s.width + tol || box.y + box.height > s.y + s.height + tol) {
      this.deps.warn({ code: 'OUTSIDE_SAFE_ZONE', layer: path, message: 'text reaches outside the safe zone and may be trimmed', details: {} });
    }
  }

  private rects(rects: { x: number; y: number; width: number; height: number; fill: Paint }[], alpha: number, path: string): void {
    for (const r of rects) {
      const col = this.solid(r.fill, path, 'text decoration');
      if (!col) continue;
      this.c.alpha(alpha * col.a).fillColor(col).rect(r.x, r.y, r.width, r.height).op('f');
    }
  }

  private async drawText(l: Layer, layout: TextLayout, alpha: number, ctx: DrawContext): Promise<void> {
    const base = textBaseStyle(l);
    const csw = n(l.charSpacing, 0) !== 0 ? (base.fontSize * n(l.charSpacing, 0)) / 1000 : 0;
    this.rects(backgroundRects(layout), alpha, ctx.path);
    this.rects(decorationRects(layout, 'underline', base, csw), alpha, ctx.path);
    const passes: ('fill' | 'stroke')[] = l.paintFirst === 'stroke' ? ['stroke', 'fill'] : ['fill', 'stroke'];
    for (const p of passes) await this.textPass(l, layout, p, alpha, ctx.path);
    this.rects(decorationRects(layout, 'overline', base, csw), alpha, ctx.path);
    this.rects(decorationRects(layout, 'linethrough', base, csw), alpha, ctx.path);
  }

  private async textPass(l: Layer, layout: TextLayout, kind: 'fill' | 'stroke', alpha: number, path: string): Promise<void> {
    const fonts = this.deps.fonts;
    const c = this.c;
    const missing = new Set<string>();
    let strokeSet = false;
    type Glyph = { code: string; natural: number; x: number; y: number };
    type Run = { key: string; style: CompleteStyle; col: Rgba; fname: string; glyphs: Glyph[]; fakeBold: boolean; fakeItalic: boolean };
    for (const line of layout.lines) {
      const x0 = -layout.width / 2 + line.leftOffset;
      const runs: Run[] = [];
      // each chunk is what Fabric passes to one fillText: shaped as a unit, drawn from its first box
      for (const chunk of line.chunks) {
        const s = line.styles[chunk.end - 1]!;
        const paint = kind === 'fill' ? s.fill : s.stroke;
        if (!paint || (kind === 'stroke' && !s.strokeWidth)) continue;
        const col = this.solid(paint, path, `text ${kind}`);
        if (!col) continue;
        const { face, fakeBold, fakeItalic } = fonts.use(s.fontFamily, parseFontWeight(s.fontWeight), parseFontStyle(s.fontStyle));
        const pdfFont = await fonts.pdfFont(this.deps.doc, face);
        const fname = this.res.font(face.id, pdfFont.ref);
        const size = s.fontSize;
        const y = line.baseline + s.deltaY;
        const key = `${fname}|${size}|${num(col.r)},${num(col.g)},${num(col.b)},${num(col.a)}|${kind === 'stroke' ? s.strokeWidth : ''}|${fakeBold}|${fakeItalic}`;
        let run = runs[runs.length - 1];
        if (!run || run.key !== key) {
          run = { key, style: s, col, fname, glyphs: [], fakeBold: fakeBold && kind === 'fill', fakeItalic };
          runs.push(run);
        }
        let pen = x0 + line.boxes[chunk.start]!.left;
        for (const g of fonts.shape(face, pdfFont, line.graphemes.slice(chunk.start, chunk.end).join(''))) {
          if (g.missing && !/^\s*$/u.test(g.text)) missing.add(g.text);
          run.glyphs.push({ code: g.code, natural: g.natural, x: pen + g.xOffset * size, y: y - g.yOffset * size });
          pen += g.xAdvance * size;
        }
      }
      if (runs.length === 0) continue;
      c.op('BT');
      if (kind === 'stroke' && !strokeSet) {
        c.op('1 Tr');
        strokeSet = true;
      }
      for (const run of runs) {
        const size = run.style.fontSize;
        if (kind === 'fill') c.alpha(alpha * run.col.a).fillColor(run.col);
        else {
          c.alpha(undefined, alpha * run.col.a).strokeColor(run.col);
          this.strokeStyle(l, run.style.strokeWidth);
        }
        if (run.fakeBold) {
          // Skia's synthetic bold: outlines stroked and filled, stroke width size × (1/24 at 9 → 1/32 at 36)
          const t = Math.min(1, Math.max(0, (size - 9) / 27));
          c.alpha(alpha * run.col.a, alpha * run.col.a).strokeColor(run.col).op(`${num(size * (1 / 24 + t * (1 / 32 - 1 / 24)))} w 0 j 4 M 2 Tr`);
        }
        c.op(`/${run.fname} ${num(size)} Tf`);
        // one TJ per stretch of glyphs on the same baseline; TJ numbers move the next glyph
        // from where the previous one's /W advance would put it to where the layout puts it
        let i = 0;
        while (i < run.glyphs.length) {
          const first = run.glyphs[i]!;
          const parts: string[] = [];
          let j = i;
          for (; j < run.glyphs.length && run.glyphs[j]!.y === first.y; j++) {
            const g = run.glyphs[j]!;
            parts.push(`<${g.code}>`);
            const next = run.glyphs[j + 1];
            if (next && next.y === first.y && size > 0) {
              const adj = g.natural - ((next.x - g.x) * 1000) / size;
              if (Math.abs(adj) > 0.005) parts.push(num(Math.round(adj * 1000) / 1000));
            }
          }
          // synthetic italic: Skia slants by a quarter of the height
          c.op(`1 0 ${run.fakeItalic ? '0.25' : '0'} -1 ${num(first.x)} ${num(first.y)} Tm [${parts.join('')}] TJ`);
          i = j;
        }
        if (run.fakeBold) c.op(kind === 'stroke' ? '1 Tr' : '0 Tr');
      }
      c.op('ET');
    }
    if (strokeSet) c.op('0 Tr');
    if (missing.size > 0) {
      const chars = [...missing].slice(0, 20);
      this.deps.warn({ code: 'MISSING_GLYPHS', layer: path, message: `the font has no glyph for ${chars.map((g) => JSON.stringify(g)).join(', ')}`, details: { characters: chars } });
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
