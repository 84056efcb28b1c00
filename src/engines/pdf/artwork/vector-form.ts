/**
 * Vector artwork as PDF form XObjects, placed like images: the form's /Matrix maps the
 * artwork's intrinsic box (CSS px, y down, as for a raster image) onto the unit square, so the
 * renderer's image placement (`imagePlacementMatrix`, crop, clip) works unchanged.
 *
 * - SVG: the parsed drawing tree written as path operators (fill, stroke, shading for gradients,
 *   W n for clip paths, ExtGState alpha).
 * - PDF: the first page embedded with pdf-lib (its content stream, fonts and images untouched),
 *   the crop box and /Rotate honoured.
 */
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { pdfPageInfo, type PdfPageInfo } from './page-info.js';
import { ContentBuilder, PageResources, RGB_COLOURS, num, type ColourSpaceWriter } from '../content.js';
import type { Matrix } from '../geometry.js';
import { IDENTITY, multiply, scale, translate } from '../geometry.js';
import type { GradientFill } from '../layers.js';
import { Painter } from '../paint.js';
import type { PathCommand } from '../path.js';
import { pathBounds } from '../path.js';
import type { SvgArtwork, SvgClip, SvgNode, SvgPaint } from './svg-parse.js';
import { SVG_TURN_MS, transformPath } from './svg-parse.js';
import { Turns } from '../../../platform/turns.js';

interface Bounds {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

/** Bounds of drawn nodes in the space `m` maps them to, strokes included (for a group form's BBox). */
async function nodesBounds(nodes: readonly SvgNode[], m: Matrix, pacer: Turns): Promise<Bounds | undefined> {
  let out: Bounds | undefined;
  const add = (b: Bounds): void => {
    out = out ? { x0: Math.min(out.x0, b.x0), y0: Math.min(out.y0, b.y0), x1: Math.max(out.x1, b.x1), y1: Math.max(out.y1, b.y1) } : b;
  };
  for (const n of nodes) {
    await pacer.check();
    const nm = multiply(m, n.transform);
    if (n.kind === 'group') {
      const b = await nodesBounds(n.children, nm, pacer);
      if (b) add(b);
      continue;
    }
    const p = pathBounds(transformPath(n.path, nm));
    // half the stroke, scaled by the largest axis scale, plus the miter (generously)
    const grow = n.stroke ? (n.stroke.width / 2) * Math.max(Math.hypot(nm[0], nm[1]), Math.hypot(nm[2], nm[3])) * Math.max(2, n.stroke.miter) : 0;
    add({ x0: p.x - grow, y0: p.y - grow, x1: p.x + p.width + grow, y1: p.y + p.height + grow });
  }
  return out;
}

/** /Matrix of a form drawn in a w × h box with y down, mapped onto the unit square (y up). */
const unitSquare = (w: number, h: number): Matrix => [1 / w, 0, 0, -1 / h, 0, 1];

function toGradientFill(paint: Extract<SvgPaint, { kind: 'gradient' }>, path: PathCommand[]): { fill: GradientFill; w: number; h: number } {
  const g = paint.gradient;
  const c = g.coords;
  const coords = g.type === 'linear' ? { x1: c[0], y1: c[1], x2: c[2], y2: c[3] } : { x1: c[0], y1: c[1], r1: c[2], x2: c[3], y2: c[4], r2: c[5] };
  const stops = g.stops.map((s) => ({ offset: s.offset, color: `rgb(${s.color.r * 255},${s.color.g * 255},${s.color.b * 255})` }));
  if (g.units === 'userSpaceOnUse') {
    return { fill: { type: g.type, coords, colorStops: stops, gradientUnits: 'pixels', gradientTransform: [...g.transform] }, w: 0, h: 0 };
  }
  // objectBoundingBox: gradient space = bbox translate · scale · gradientTransform (Painter: translate(-w/2 + offset) · scale(w, h) · transform)
  const b = pathBounds(path);
  const w = b.width || 1;
  const h = b.height || 1;
  return {
    fill: { type: g.type, coords, colorStops: stops, gradientUnits: 'percentage', gradientTransform: [...g.transform], offsetX: b.x + w / 2, offsetY: b.y + h / 2 },
    w,
    h,
  };
}

class SvgWriter {
  readonly res: PageResources;
  readonly c: ContentBuilder;
  private readonly paint: Painter;

  constructor(
    private readonly doc: PDFDocument,
    /** nested group forms by resource key, shared by the writers of one artwork */
    readonly forms: Map<string, PDFRef> = new Map(),
    /** how colours are written: RGB, or through the output profile to CMYK (the document's writer) */
    private readonly colours: ColourSpaceWriter = RGB_COLOURS,
    /** the event loop's turns, shared by the writers of one artwork */
    private readonly pacer: Turns = new Turns(SVG_TURN_MS),
  ) {
    this.res = new PageResources(doc);
    this.c = new ContentBuilder(this.res, colours);
    // every feature the painter would warn about was sent to the raster path by the parser
    this.paint = new Painter(this.c, this.res, doc, () => undefined);
  }

  private clip(clip: SvgClip): void {
    const cmds = clip.paths.flat();
    if (cmds.length === 0) this.c.rect(0, 0, 0, 0).op('W n');
    else this.c.path(cmds).op(clip.evenOdd ? 'W* n' : 'W n');
  }

  /** Children drawn at full opacity in a transparency group form (inside it, alpha starts at 1). */
  private async groupForm(children: SvgNode[]): Promise<string> {
    const w = new SvgWriter(this.doc, this.forms, this.colours, this.pacer);
    w.c.op('0 g 0 G [] 0 d');
    for (const child of children) await w.node(child, 1);
    const b = await nodesBounds(children, IDENTITY, this.pacer);
    const key = `svg-group:${this.forms.size}`;
    const ref = this.colours.formStream(this.doc.context, w.c.toString(), {
      Type: 'XObject',
      Subtype: 'Form',
      FormType: 1,
      BBox: b ? [b.x0, b.y0, b.x1, b.y1] : [0, 0, 0, 0],
      Group: { Type: 'Group', S: 'Transparency' },
      Resources: w.res.build((k) => this.forms.get(k)!),
    });
    this.forms.set(key, ref);
    return key;
  }

  async node(n: SvgNode, alpha: number): Promise<void> {
    const a = alpha * n.opacity;
    if (a <= 0) return;
    await this.pacer.check();
    const c = this.c;
    c.save();
    c.transform(n.transform);
    if (n.clip) this.clip(n.clip);
    if (n.kind === 'group' && n.opacity < 1 && n.children.length > 1) {
      // group opacity composites the group as one picture: a transparency group form
      // in the order the expression `c.alpha(…).op(…groupForm(…)…)` evaluated it (objects keep their numbers)
      const withAlpha = c.alpha(a, a);
      const form = await this.groupForm(n.children);
      withAlpha.overprint(false, false).op(`/${this.res.image(form)} Do`);
    } else if (n.kind === 'group') {
      for (const child of n.children) await this.node(child, a);
    } else {
      if (n.fill) {
        const p = n.fill.paint;
        if (p.kind === 'color') c.alpha(a * n.fill.opacity * p.color.a).fillColor(p.color).path(n.path).op(n.fill.evenOdd ? 'f*' : 'f');
        else {
          const { fill, w, h } = toGradientFill(p, n.path);
          this.paint.gradientFill(fill, n.path, { width: w, height: h, strokeWidth: 0 }, n.fill.evenOdd, a * n.fill.opacity, '');
        }
      }
      const s = n.stroke;
      if (s && s.paint.kind === 'color') {
        c.save();
        c.op(`${num(s.width)} w ${s.cap} J ${s.join} j ${num(s.miter)} M`);
        if (s.dash.length) c.op(`[${s.dash.map(num).join(' ')}] ${num(s.dashOffset)} d`);
        c.alpha(undefined, a * s.opacity * s.paint.color.a).strokeColor(s.paint.color).path(n.path).op('S');
        c.restore();
      }
    }
    c.restore();
  }
}

/**
 * Writes an SVG drawing tree as a form XObject in intrinsic px (see `unitSquare`), giving the
 * event loop a turn every few ms (a large artwork is written between other requests).
 */
export async function svgFormXObject(doc: PDFDocument, art: SvgArtwork, colours: ColourSpaceWriter = RGB_COLOURS): Promise<PDFRef> {
  const w = new SvgWriter(doc, new Map(), colours);
  w.c.save();
  // a form starts in the graphics state of its caller: colours and dashes to SVG's initial values
  w.c.op('0 g 0 G [] 0 d');
  // the root <svg> clips to its viewport
  w.c.rect(0, 0, art.width, art.height).op('W n');
  w.c.transform(art.viewBoxTransform);
  for (const n of art.root) await w.node(n, 1);
  w.c.restore();
  const resources = w.res.build((k) => w.forms.get(k)!);
  return colours.formStream(doc.context, w.c.toString(), {
    Type: 'XObject',
    Subtype: 'Form',
    FormType: 1,
    BBox: [0, 0, art.width, art.height],
    Matrix: [...unitSquare(art.width, art.height)],
    Resources: resources,
  });
}

export { pdfPageInfo, type PdfPageInfo } from './page-info.js';

/**
 * /Matrix for an embedded page: crop box origin to 0, /Rotate applied as viewers apply it
 * (clockwise), then the displayed box mapped onto the unit square.
 */
export function pdfPageMatrix(info: PdfPageInfo): Matrix {
  const [x0, y0, x1, y1] = info.box;
  const W = x1 - x0;
  const H = y1 - y0;
  const rot: Record<number, Matrix> = {
    0: IDENTITY,
    90: [0, -1, 1, 0, 0, W],
    180: [-1, 0, 0, -1, W, H],
    270: [0, 1, -1, 0, H, 0],
  };
  return multiply(scale(1 / info.width, 1 / info.height), multiply(rot[info.rotate]!, translate(-x0, -y0)));
}

/** Places page 1 of `src` in `doc` as a form XObject mapped onto the unit square. */
export async function pdfFormXObject(doc: PDFDocument, src: PDFDocument): Promise<PDFRef> {
  const page = src.getPage(0);
  const info = pdfPageInfo(page.node);
  const [x0, y0, x1, y1] = info.box;
  const embedded = await doc.embedPage(page, { left: x0, bottom: y0, right: x1, top: y1 }, [...pdfPageMatrix(info)] as never);
  // written now rather than at save: PDF/X-1a flattening reads the form (its transparency) before the document is saved
  await embedded.embed();
  return embedded.ref;
}
