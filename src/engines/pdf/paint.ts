/**
 * Fill and stroke the way Fabric's _renderFill/_renderStroke paint on a canvas: solid colours
 * with alpha, linear and radial gradients as PDF shadings in the gradient's own space,
 * dashes, caps, joins, and strokeUniform (stroke width undone from the object's scale).
 */
import type { PDFDocument } from 'pdf-lib';
import type { Rgba } from './colour/css-colour.js';
import { parseColor } from './colour/css-colour.js';
import type { ContentBuilder, GradientStop, PageResources } from './content.js';
import { num } from './content.js';
import { fillUse, strokeUse, type InkUse } from './colour/black.js';
import type { Matrix } from './geometry.js';
import { invert, multiply, scale, translate } from './geometry.js';
import type { GradientFill, Layer, Paint } from './layers.js';
import type { ShapeGeometry } from './object-geometry.js';
import { n } from './object-geometry.js';
import type { PathCommand } from './path.js';
import { DIE_LINE_WIDTH_PT, isSpotPaint, spotRgba } from './spot.js';
import type { RenderWarning } from './types.js';

export type PageWarn = (w: Omit<RenderWarning, 'page'>) => void;

const LINE_CAP: Record<string, number> = { butt: 0, round: 1, square: 2 };
const LINE_JOIN: Record<string, number> = { miter: 0, 'miter-clip': 0, round: 1, bevel: 2 };

export class Painter {
  constructor(
    readonly c: ContentBuilder,
    readonly res: PageResources,
    private readonly doc: PDFDocument,
    readonly warn: PageWarn,
  ) {}

  /** A paint as a solid colour, or the first gradient stop (with a warning) where only solids work. */
  solid(p: Paint | undefined, path: string, what: string): Rgba | null {
    if (p === undefined || p === null || typeof p === 'string') return parseColor(p) ?? null;
    if (isSpotPaint(p)) return spotRgba(p);
    if (p.type === 'linear' || p.type === 'radial') {
      this.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `gradient ${what} is drawn in its first colour`, details: { feature: `gradient ${what}` } });
      const stops = [...(p as GradientFill).colorStops].sort((a, b) => a.offset - b.offset);
      return parseColor(stops[0]?.color) ?? null;
    }
    this.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: `pattern ${what} is not rendered`, details: { feature: `pattern ${what}` } });
    return null;
  }

  /** `ctm` (object space → page points) lets a die-line spot be drawn as a 0.25 pt hairline. */
  fill(l: Layer, outline: PathCommand[], geom: ShapeGeometry, alpha: number, path: string, ctm?: Matrix): void {
    const p = l.fill === undefined ? 'rgb(0,0,0)' : l.fill;
    if (isSpotPaint(p) && spotRgba(p).spot!.dieLine) {
      // a die line is never filled: its outline is the cut, stroked once (by stroke() when it is a die line too)
      if (!(isSpotPaint(l.stroke) && spotRgba(l.stroke).spot!.dieLine)) this.dieLine(spotRgba(p), outline, ctm);
      return;
    }
    const evenOdd = l.fillRule === 'evenodd';
    if (p && typeof p === 'object' && ((p as GradientFill).type === 'linear' || (p as GradientFill).type === 'radial')) {
      this.gradientFill(p as GradientFill, outline, geom, evenOdd, alpha, path);
      return;
    }
    const col = this.solid(p, path, 'fill');
    if (!col) return;
    this.c.alpha(alpha * col.a).fillColor(col, fillUse(outline, ctm)).path(outline).op(evenOdd ? 'f*' : 'f');
  }

  gradientFill(g: GradientFill, outline: PathCommand[], geom: ShapeGeometry, evenOdd: boolean, alpha: number, path: string): void {
    const stops = [...g.colorStops]
      .map((s) => ({ offset: Math.min(1, Math.max(0, s.offset)), color: parseColor(s.color)!, opacity: s.opacity }))
      .sort((a, b) => a.offset - b.offset);
    if (stops.some((s) => s.color.a < 1 || (s.opacity !== undefined && s.opacity < 1))) {
      this.warn({ code: 'UNSUPPORTED_FEATURE', layer: path, message: 'gradient stop transparency is drawn opaque', details: { feature: 'gradient stop opacity' } });
    }
    const ctx = this.doc.context;
    if (stops[0]!.offset > 0) stops.unshift({ ...stops[0]!, offset: 0 });
    if (stops[stops.length - 1]!.offset < 1) stops.push({ ...stops[stops.length - 1]!, offset: 1 });
    const func = this.c.colours.gradientFunction(ctx, stops.map((s): GradientStop => ({ offset: s.offset, color: s.color })));
    const co = g.coords;
    const space = this.c.colours.shadingSpace;
    const shading = g.type === 'linear'
      ? ctx.obj({ ShadingType: 2, ColorSpace: space, Coords: [n(co.x1, 0), n(co.y1, 0), n(co.x2, 0), n(co.y2, 0)], Function: func, Extend: [true, true] })
      : ctx.obj({ ShadingType: 3, ColorSpace: space, Coords: [n(co.x1, 0), n(co.y1, 0), n(co.r1, 0), n(co.x2, 0), n(co.y2, 0), n(co.r2, 0)], Function: func, Extend: [true, true] });
    const name = this.res.shading(ctx.register(shading));
    let gm: Matrix = translate(-geom.width / 2 + n(g.offsetX, 0), -geom.height / 2 + n(g.offsetY, 0));
    if (g.gradientUnits === 'percentage') gm = multiply(gm, scale(geom.width, geom.height));
    const t = g.gradientTransform;
    if (Array.isArray(t) && t.length === 6 && t.every((v) => Number.isFinite(v))) gm = multiply(gm, t as unknown as Matrix);
    // a shading never overprints (an overprint left on by black text would apply to it)
    this.c.save().path(outline).op(evenOdd ? 'W* n' : 'W n').transform(gm).alpha(alpha).overprint(false, false).op(`/${name} sh`).restore();
  }

  strokeStyle(l: Layer, width: number): void {
    const c = this.c;
    c.op(`${num(width)} w ${LINE_CAP[l.strokeLineCap ?? 'butt'] ?? 0} J ${LINE_JOIN[l.strokeLineJoin ?? 'miter'] ?? 0} j ${num(Math.max(1, n(l.strokeMiterLimit, 4)))} M`);
    const dash = (l.strokeDashArray ?? []).filter((d) => Number.isFinite(d) && d >= 0);
    if (dash.length > 0 && dash.some((d) => d > 0)) {
      const arr = dash.length % 2 ? [...dash, ...dash] : dash;
      c.op(`[${arr.map(num).join(' ')}] ${num(n(l.strokeDashOffset, 0))} d`);
    }
  }

  /** `scaling` is Fabric's getObjectScaling, undone for strokeUniform. */
  stroke(l: Layer, outline: PathCommand[], strokeWidth: number, scaling: { x: number; y: number }, alpha: number, path: string, ctm?: Matrix): void {
    if (isSpotPaint(l.stroke) && spotRgba(l.stroke).spot!.dieLine) {
      this.dieLine(spotRgba(l.stroke), outline, ctm);
      return;
    }
    if (!l.stroke || strokeWidth === 0) return;
    const col = this.solid(l.stroke, path, 'stroke');
    if (!col) return;
    const c = this.c;
    c.save();
    let m: Matrix | undefined;
    if (l.strokeUniform) {
      const s = scaling;
      if (s.x > 0 && s.y > 0) {
        c.transform(scale(1 / s.x, 1 / s.y));
        m = scale(s.x, s.y);
      }
    }
    this.strokeStyle(l, strokeWidth);
    const use = strokeUse(strokeWidth, ctm, l.strokeUniform ? scaling : undefined);
    c.alpha(undefined, alpha * col.a).strokeColor(col, use).path(outline, m).op('S');
    c.restore();
  }

  /**
   * A die line (CutContour): the outline stroked at DIE_LINE_WIDTH_PT in page points whatever
   * the object's scale, solid, opaque, overprinting. The path is written in page space under
   * the inverse of `ctm` so the width is not scaled.
   */
  dieLine(col: Rgba, outline: PathCommand[], ctm?: Matrix): void {
    const c = this.c;
    c.save();
    if (ctm) c.transform(invert(ctm));
    c.op(`${DIE_LINE_WIDTH_PT} w 0 J 1 j 4 M [] 0 d`);
    c.alpha(undefined, 1).strokeColor(col).path(outline, ctm).op('S');
    c.restore();
  }

  /** `use`: `text` for text decorations (they print as the text does), none for text backgrounds. */
  rects(rects: { x: number; y: number; width: number; height: number; fill: Paint }[], alpha: number, path: string, use?: InkUse): void {
    for (const r of rects) {
      const col = this.solid(r.fill, path, 'text decoration');
      if (!col) continue;
      this.c.alpha(alpha * col.a).fillColor(col, use).rect(r.x, r.y, r.width, r.height).op('f');
    }
  }

}
