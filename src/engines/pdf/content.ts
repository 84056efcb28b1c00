/**
 * A page content stream written as text, plus the page's resources. Tracks the colour and
 * alpha in effect across q/Q so unchanged state is not re-emitted.
 */
import type { PDFContext, PDFDocument, PDFRef } from 'pdf-lib';
import { deflateSync } from 'node:zlib';
import { PDFDict, PDFName, PDFRawStream } from 'pdf-lib';
import type { Rgba } from './colour/css-colour.js';
import type { Matrix } from './geometry.js';
import { apply } from './geometry.js';
import type { PathCommand } from './path.js';
import { separationRef, type SpotInk } from './spot.js';
import { isSolidBlack, type BlackPolicy, type InkUse } from './colour/black.js';

/** A gradient colour stop, offsets sorted from 0 to 1 (the first at 0, the last at 1). */
export interface GradientStop {
  offset: number;
  color: Rgba;
}

/** Compact number for a content stream: up to 5 decimals, no exponent, no "-0". */
export function num(n: number): string {
  if (!Number.isFinite(n)) throw new Error(`non-finite number in PDF content: ${n}`);
  let s = n.toFixed(5);
  if (s.includes('.')) s = s.replace(/0+$/, '').replace(/\.$/, '');
  return s === '-0' ? '0' : s;
}

/**
 * Colour operands. Neutral colours (r = g = b) are written as DeviceGray so that the CMYK pass
 * maps black text and greys to the K plate alone instead of a four-colour mix.
 */
function colourOperands(c: Rgba, stroke: boolean): string {
  if (c.r === c.g && c.g === c.b) return `${num(c.r)} ${stroke ? 'G' : 'g'}`;
  return `${num(c.r)} ${num(c.g)} ${num(c.b)} ${stroke ? 'RG' : 'rg'}`;
}

/**
 * How solid colours and gradient colours are written: DeviceRGB/DeviceGray as they are
 * (RGB_COLOURS), or through an output profile to DeviceCMYK (colour/cmyk-colours.ts).
 */
export interface ColourSpaceWriter {
  /** colour operands and operator (rg/RG/g/G or k/K) */
  operands(c: Rgba, stroke: boolean): string;
  /** colour space of gradient shadings */
  readonly shadingSpace: 'DeviceRGB' | 'DeviceCMYK';
  /** the shading function of a gradient through `stops`, in shadingSpace, blending as sRGB does */
  gradientFunction(ctx: PDFContext, stops: readonly GradientStop[]): PDFDict;
  /** CMYK: how 100 % black prints (overprint of text and thin lines, rich black); absent for RGB */
  readonly black?: BlackPolicy;
  /**
   * Registers a form XObject whose content was written with these colours (vector artwork):
   * at once for RGB; for CMYK once the document's colours are resolved, as the pages are.
   */
  formStream(ctx: PDFContext, content: string, dict: Record<string, unknown>): PDFRef;
}

/**
 * A FlateDecode stream compressed by node's zlib (native), not pdf-lib's JavaScript deflate:
 * several times faster, which counts where a document holds thousands of forms (variable data).
 */
export function nativeFlateStream(ctx: PDFContext, content: string | Uint8Array, dict: Record<string, unknown> = {}): PDFRawStream {
  const d = ctx.obj({ ...dict, Filter: 'FlateDecode' } as never) as unknown as PDFDict;
  return PDFRawStream.of(d, deflateSync(typeof content === 'string' ? Buffer.from(content, 'latin1') : content));
}

/**
 * One function over 0..1 from pieces, each covering [from, to] of the domain (in order,
 * touching): the piece itself when there is one, else a Type 3 stitching function. Pieces of
 * zero length (a hard stop) are dropped so that the bounds increase.
 */
export function stitch(ctx: PDFContext, pieces: readonly { from: number; to: number; fn: PDFDict }[]): PDFDict {
  const kept = pieces.filter((p) => p.to > p.from);
  if (kept.length === 0) return pieces[pieces.length - 1]!.fn;
  if (kept.length === 1) return kept[0]!.fn;
  return ctx.obj({
    FunctionType: 3,
    Domain: [0, 1],
    Functions: kept.map((p) => p.fn),
    Bounds: kept.slice(1).map((p) => p.from),
    Encode: kept.flatMap(() => [0, 1]),
  });
}

export const RGB_COLOURS: ColourSpaceWriter = {
  operands: colourOperands,
  shadingSpace: 'DeviceRGB',
  // DeviceRGB interpolates linearly in sRGB values, as browsers and Fabric blend stops
  gradientFunction: (ctx, stops) => stitch(ctx, stops.slice(1).map((s1, i) => {
    const s0 = stops[i]!;
    return { from: s0.offset, to: s1.offset, fn: ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [s0.color.r, s0.color.g, s0.color.b], C1: [s1.color.r, s1.color.g, s1.color.b], N: 1 }) };
  })),
  formStream: (ctx, content, dict) => ctx.register(nativeFlateStream(ctx, content, dict)),
};

interface GState {
  fill: string;
  stroke: string;
  ca: number;
  CA: number;
  /** overprint of fills (/op) and strokes (/OP), set by spot colours that overprint */
  op: boolean;
  OP: boolean;
}

export class PageResources {
  private fonts = new Map<string, { name: string; ref: PDFRef }>();
  private images = new Map<string, string>();
  private alphas = new Map<string, string>();
  private shadings: { name: string; ref: PDFRef }[] = [];
  private separations = new Map<PDFRef, string>();
  private overprints = new Map<string, string>();

  constructor(private readonly doc: PDFDocument) {}

  font(id: string, ref: PDFRef): string {
    let f = this.fonts.get(id);
    if (!f) {
      f = { name: `F${this.fonts.size + 1}`, ref };
      this.fonts.set(id, f);
    }
    return f.name;
  }

  /** Name for an image drawn on this page; the ref is supplied at `build` (images embed last). */
  image(key: string): string {
    let n = this.images.get(key);
    if (!n) {
      n = `Im${this.images.size + 1}`;
      this.images.set(key, n);
    }
    return n;
  }

  /** keys of the images drawn on this page */
  imageKeys(): string[] {
    return [...this.images.keys()];
  }

  alpha(ca: number, CA: number): string {
    const key = `${num(ca)}|${num(CA)}`;
    let n = this.alphas.get(key);
    if (!n) {
      n = `GS${this.alphas.size + 1}`;
      this.alphas.set(key, n);
    }
    return n;
  }

  /** Name of a spot ink's Separation colour space on this page. */
  separation(ink: SpotInk): string {
    const ref = separationRef(this.doc, ink);
    let n = this.separations.get(ref);
    if (!n) {
      n = `CS${this.separations.size + 1}`;
      this.separations.set(ref, n);
    }
    return n;
  }

  /** ExtGState name setting fill (op) and stroke (OP) overprint, with OPM 1. */
  overprint(op: boolean, OP: boolean): string {
    const key = `${op}|${OP}`;
    let n = this.overprints.get(key);
    if (!n) {
      n = `OP${this.overprints.size + 1}`;
      this.overprints.set(key, n);
    }
    return n;
  }

  shading(ref: PDFRef): string {
    const name = `Sh${this.shadings.length + 1}`;
    this.shadings.push({ name, ref });
    return name;
  }

  build(imageRef: (key: string) => PDFRef): PDFDict {
    const ctx = this.doc.context;
    const dict = (entries: [string, unknown][]): PDFDict => {
      const d = ctx.obj({});
      for (const [k, v] of entries) d.set(PDFName.of(k), v as never);
      return d;
    };
    const res = ctx.obj({ ProcSet: ['PDF', 'Text', 'ImageB', 'ImageC', 'ImageI'] });
    if (this.fonts.size) res.set(PDFName.of('Font'), dict([...this.fonts.values()].map((f) => [f.name, f.ref])));
    if (this.images.size) res.set(PDFName.of('XObject'), dict([...this.images].map(([key, name]) => [name, imageRef(key)])));
    if (this.alphas.size || this.overprints.size) {
      res.set(PDFName.of('ExtGState'), dict([...[...this.alphas].map(([key, name]): [string, unknown] => {
        const [ca, CA] = key.split('|').map(Number);
        return [name, ctx.obj({ Type: 'ExtGState', ca: ca!, CA: CA! })];
      }), ...[...this.overprints].map(([key, name]): [string, unknown] => {
        const [op, OP] = key.split('|').map((v) => v === 'true');
        return [name, ctx.obj({ Type: 'ExtGState', op: op!, OP: OP!, OPM: 1 })];
      })]));
    }
    if (this.separations.size) res.set(PDFName.of('ColorSpace'), dict([...this.separations].map(([ref, name]) => [name, ref])));
    if (this.shadings.length) res.set(PDFName.of('Shading'), dict(this.shadings.map((s) => [s.name, s.ref])));
    return res;
  }
}

export class ContentBuilder {
  private parts: string[] = [];
  private state: GState = { fill: '0 g', stroke: '0 G', ca: 1, CA: 1, op: false, OP: false };
  private stack: GState[] = [];

  constructor(
    readonly res: PageResources,
    readonly colours: ColourSpaceWriter = RGB_COLOURS,
  ) {}

  op(s: string): this {
    this.parts.push(s);
    return this;
  }

  save(): this {
    this.stack.push({ ...this.state });
    return this.op('q');
  }

  restore(): this {
    const s = this.stack.pop();
    if (!s) throw new Error('unbalanced Q');
    this.state = s;
    return this.op('Q');
  }

  transform(m: Matrix): this {
    if (m[0] === 1 && m[1] === 0 && m[2] === 0 && m[3] === 1 && m[4] === 0 && m[5] === 0) return this;
    return this.op(`${m.map(num).join(' ')} cm`);
  }

  rect(x: number, y: number, w: number, h: number): this {
    return this.op(`${num(x)} ${num(y)} ${num(w)} ${num(h)} re`);
  }

  /** Appends path construction operators; `m` transforms the points first. */
  path(cmds: readonly PathCommand[], m?: Matrix): this {
    const P = (x: number, y: number): string => {
      if (!m) return `${num(x)} ${num(y)}`;
      const p = apply(m, { x, y });
      return `${num(p.x)} ${num(p.y)}`;
    };
    let cx = 0;
    let cy = 0;
    for (const c of cmds) {
      switch (c[0]) {
        case 'M':
          this.parts.push(`${P(c[1], c[2])} m`);
          [cx, cy] = [c[1], c[2]];
          break;
        case 'L':
          this.parts.push(`${P(c[1], c[2])} l`);
          [cx, cy] = [c[1], c[2]];
          break;
        case 'C':
          this.parts.push(`${P(c[1], c[2])} ${P(c[3], c[4])} ${P(c[5], c[6])} c`);
          [cx, cy] = [c[5], c[6]];
          break;
        case 'Q': {
          // quadratic → cubic with the same curve
          const c1x = cx + (2 / 3) * (c[1] - cx);
          const c1y = cy + (2 / 3) * (c[2] - cy);
          const c2x = c[3] + (2 / 3) * (c[1] - c[3]);
          const c2y = c[4] + (2 / 3) * (c[2] - c[4]);
          this.parts.push(`${P(c1x, c1y)} ${P(c2x, c2y)} ${P(c[3], c[4])} c`);
          [cx, cy] = [c[3], c[4]];
          break;
        }
        case 'Z':
          this.parts.push('h');
          break;
      }
    }
    return this;
  }

  /**
   * The black policy for a colour: whether it overprints, and the operands of a rich black
   * (CMYK writers only; `use` says what the colour paints).
   */
  private black(c: Rgba, alpha: number, use: InkUse | undefined, stroke: boolean): { overprint: boolean; operands?: string } {
    const policy = this.colours.black;
    if (!policy || !use || !isSolidBlack(c, alpha)) return { overprint: false };
    if (use === 'area' && policy.rich) return { overprint: false, operands: `${policy.rich.map(num).join(' ')} ${stroke ? 'K' : 'k'}` };
    return { overprint: policy.overprint && use !== 'area' };
  }

  /** `use`: what the colour paints, for the black policy of CMYK writers (colour/black.ts). */
  fillColor(c: Rgba, use?: InkUse): this {
    const black = this.black(c, this.state.ca, use, false);
    this.overprint(c.spot?.overprint === true || black.overprint, this.state.OP);
    const k = c.spot ? `/${this.res.separation(c.spot)} cs ${num(c.spot.tint)} scn` : black.operands ?? this.colours.operands(c, false);
    if (k !== this.state.fill) {
      this.state.fill = k;
      this.op(k);
    }
    return this;
  }

  strokeColor(c: Rgba, use?: InkUse): this {
    const black = this.black(c, this.state.CA, use, true);
    this.overprint(this.state.op, c.spot?.overprint === true || black.overprint);
    const k = c.spot ? `/${this.res.separation(c.spot)} CS ${num(c.spot.tint)} SCN` : black.operands ?? this.colours.operands(c, true);
    if (k !== this.state.stroke) {
      this.state.stroke = k;
      this.op(k);
    }
    return this;
  }

  /** Fill (op) and stroke (OP) overprint via an ExtGState; spot colours that overprint and 100 K text and lines set it. */
  overprint(op: boolean, OP: boolean): this {
    if (op === this.state.op && OP === this.state.OP) return this;
    this.state.op = op;
    this.state.OP = OP;
    return this.op(`/${this.res.overprint(op, OP)} gs`);
  }

  /** Sets fill (ca) and/or stroke (CA) alpha via an ExtGState. */
  alpha(fill?: number, stroke?: number): this {
    const ca = fill ?? this.state.ca;
    const CA = stroke ?? this.state.CA;
    if (Math.abs(ca - this.state.ca) < 1e-6 && Math.abs(CA - this.state.CA) < 1e-6) return this;
    this.state.ca = ca;
    this.state.CA = CA;
    return this.op(`/${this.res.alpha(ca, CA)} gs`);
  }

  /** Position in the stream, for `slice` (a page's content cut into per-layer segments). */
  mark(): number {
    return this.parts.length;
  }

  /** The operators written between two marks. */
  slice(from: number, to = this.parts.length): string {
    return this.parts.slice(from, to).join('\n');
  }

  toString(): string {
    if (this.stack.length) throw new Error('unbalanced q');
    return this.parts.join('\n');
  }
}
