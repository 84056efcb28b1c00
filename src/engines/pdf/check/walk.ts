/**
 * Reads one content stream (a page's, a form's, a tiling pattern's) for the self-check, with
 * the preflight engine's lexer, keeping track of the marked content Folio writes around every
 * top-level layer (`/Layer <</Name (layers[3])>> BDC … EMC`) so that each finding names its
 * layer. Images and fonts are only noted here (with their layer); verify.ts checks each once.
 * A form's findings are kept per form and replayed for every layer that draws it.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFStream, decodePDFRawStream, type PDFContext, type PDFObject } from 'pdf-lib';
import { contentOps, type Operand } from '../../preflight/content-lexer.js';
import { cmykInk, functionInk, isForeign, spaceOf, type Space } from './spaces.js';
import type { Rules, ViolationCode } from './types.js';

export interface Finding {
  code: ViolationCode;
  layer?: string;
  message: string;
  details?: Record<string, string | number | boolean | null>;
  /** for ink_limit_exceeded: the total ink found (percent) */
  ink?: number;
}

export interface Use<T> {
  obj: T;
  layer?: string;
  resources?: PDFDict;
}

/** What a content stream (and everything it draws) was found to hold. */
export class Found {
  readonly findings: Finding[] = [];
  readonly images: Use<PDFStream>[] = [];
  readonly fonts: Use<PDFDict>[] = [];

  /** Adds `other`'s contents as drawn inside `layer`. */
  replay(other: Found, layer: string | undefined): void {
    const at = <T extends { layer?: string }>(x: T): T => (x.layer || !layer ? x : { ...x, layer });
    for (const f of other.findings) this.findings.push(at(f));
    for (const u of other.images) this.images.push(at(u));
    for (const u of other.fonts) this.fonts.push(at(u));
  }
}

interface MarkedContent {
  layer?: string;
  artifact: boolean;
}

interface ColourState {
  fill: Space;
  stroke: Space;
}

const MAX_FORM_DEPTH = 16;
const NORMAL_BLEND = new Set(['Normal', 'Compatible']);
const GRAY: Space = { kind: 'gray' };
const latin1 = (b: Uint8Array): string => Buffer.from(b).toString('latin1');

/** Per-document memory shared by every page's walk. */
export class WalkCache {
  readonly forms = new Map<PDFObject, Found>();
  private readonly identityFonts = new Map<PDFDict, boolean>();

  constructor(
    readonly ctx: PDFContext,
    readonly rules: Rules,
  ) {}

  /** A Type0 font with Identity-H/V encoding: two-byte codes that are CIDs, CID 0 being .notdef. */
  twoByteIdentity(font: PDFDict): boolean {
    let v = this.identityFonts.get(font);
    if (v === undefined) {
      const sub = font.lookup(PDFName.of('Subtype'));
      const enc = font.lookup(PDFName.of('Encoding'));
      v = sub instanceof PDFName && sub.decodeText() === 'Type0' && enc instanceof PDFName && /^Identity-[HV]$/.test(enc.decodeText());
      this.identityFonts.set(font, v);
    }
    return v;
  }
}

export function decodeStream(s: PDFStream): Uint8Array | null {
  try {
    return s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents();
  } catch {
    return null;
  }
}

export class ContentWalk {
  private readonly marks: MarkedContent[] = [];
  private colour: ColourState = { fill: GRAY, stroke: GRAY };
  private readonly saved: ColourState[] = [];
  private font: PDFDict | undefined;
  private readonly ctx: PDFContext;

  constructor(
    private readonly cache: WalkCache,
    readonly out: Found,
    private readonly resources: PDFDict | undefined,
    private readonly depth: number,
  ) {
    this.ctx = cache.ctx;
  }

  private get layer(): string | undefined {
    for (let i = this.marks.length - 1; i >= 0; i--) if (this.marks[i]!.layer) return this.marks[i]!.layer;
    return undefined;
  }

  private get artifact(): boolean {
    return this.marks.some((m) => m.artifact);
  }

  private add(f: Omit<Finding, 'layer'>): void {
    const layer = this.layer;
    this.out.findings.push(layer ? { ...f, layer } : f);
  }

  run(data: Uint8Array): void {
    const { rules } = this.cache;
    for (const { op, operands, inlineImage } of contentOps(data, { strings: true })) {
      switch (op) {
        case 'BDC':
        case 'BMC':
          this.marks.push(markOf(operands));
          break;
        case 'EMC':
          this.marks.pop();
          break;
        case 'q':
          this.saved.push({ ...this.colour });
          break;
        case 'Q':
          this.colour = this.saved.pop() ?? this.colour;
          break;
        case 'g':
        case 'G':
          this.setSpace(op === 'G', GRAY);
          break;
        case 'rg':
        case 'RG':
          this.setSpace(op === 'RG', { kind: 'rgb' });
          if (rules.cmyk) this.foreign(`${op} (DeviceRGB colour)`);
          break;
        case 'k':
        case 'K':
          this.setSpace(op === 'K', { kind: 'cmyk' });
          this.ink(numbers(operands));
          break;
        case 'cs':
        case 'CS': {
          const cs = operands[operands.length - 1];
          if (cs?.t !== 'name') break;
          const obj = PDFName.of(cs.v);
          const space = spaceOf(this.ctx, obj, this.resources);
          this.setSpace(op === 'CS', space);
          if (rules.cmyk && isForeign(space, this.ctx, obj, this.resources)) this.foreign(`colour space /${cs.v} (${space.kind === 'pattern' ? 'RGB pattern' : space.kind.toUpperCase()})`);
          break;
        }
        case 'sc':
        case 'scn':
        case 'SC':
        case 'SCN': {
          const space = op === 'sc' || op === 'scn' ? this.colour.fill : this.colour.stroke;
          const last = operands[operands.length - 1];
          if (last?.t === 'name') this.pattern(this.resource('Pattern', last.v));
          else if (space.kind === 'cmyk' && !space.indexed) this.ink(numbers(operands));
          break;
        }
        case 'sh': {
          const n = operands[operands.length - 1];
          if (n?.t === 'name') this.shading(this.resource('Shading', n.v));
          break;
        }
        case 'gs': {
          const n = operands[operands.length - 1];
          if (n?.t === 'name' && rules.noTransparency) this.extGState(this.resource('ExtGState', n.v), n.v);
          break;
        }
        case 'Tf': {
          const n = operands[0];
          const font = n?.t === 'name' ? this.resource('Font', n.v) : undefined;
          this.font = font instanceof PDFDict ? font : undefined;
          if (this.font) this.out.fonts.push({ obj: this.font, ...(this.layer ? { layer: this.layer } : {}) });
          break;
        }
        case 'Tj':
        case "'":
        case '"':
        case 'TJ':
          this.text(operands[operands.length - 1]);
          break;
        case 'Do': {
          const n = operands[operands.length - 1];
          if (n?.t === 'name') this.xobject(this.resource('XObject', n.v));
          break;
        }
        case 'BI': {
          const cs = inlineImage?.get('CS') ?? inlineImage?.get('ColorSpace');
          if (rules.cmyk && cs?.t === 'name') {
            const obj = PDFName.of(cs.v);
            if (isForeign(spaceOf(this.ctx, obj, this.resources), this.ctx, obj, this.resources)) this.foreign(`an inline image in /${cs.v}`);
          }
          break;
        }
        default:
          break;
      }
    }
  }

  private setSpace(stroke: boolean, space: Space): void {
    if (stroke) this.colour.stroke = space;
    else this.colour.fill = space;
  }

  private resource(category: string, name: string): PDFObject | undefined {
    const dict = this.resources?.lookup(PDFName.of(category));
    return dict instanceof PDFDict ? dict.lookup(PDFName.of(name)) : undefined;
  }

  private foreign(what: string): void {
    this.add({ code: 'pdfx_rgb_colour', message: `${what} in a CMYK file`, details: { found: what } });
  }

  private ink(values: number[]): void {
    const max = this.cache.rules.maxInk;
    if (max === null || values.length < 4 || this.artifact) return;
    const ink = cmykInk(values);
    if (ink > max) this.add({ code: 'ink_limit_exceeded', message: `a colour of ${round(ink)} % total ink`, ink, details: { ink: round(ink), source: 'colour' } });
  }

  private text(s: Operand | undefined): void {
    if (!this.cache.rules.glyphs || !this.font || !s || !this.cache.twoByteIdentity(this.font)) return;
    const strings = s.t === 'arr' ? s.v : [s];
    let notdef = 0;
    for (const x of strings) {
      if (x.t !== 'str' || !x.v) continue;
      for (let i = 0; i + 1 < x.v.length; i += 2) if (x.v[i] === 0 && x.v[i + 1] === 0) notdef++;
    }
    if (notdef > 0) {
      const base = this.font.lookup(PDFName.of('BaseFont'));
      const name = base instanceof PDFName ? base.decodeText() : 'a font';
      this.add({ code: 'missing_glyphs', message: `${notdef} glyph${notdef === 1 ? '' : 's'} shown as .notdef (glyph 0) in ${name}`, details: { font: name, count: notdef } });
    }
  }

  private extGState(gs: PDFObject | undefined, name: string): void {
    if (!(gs instanceof PDFDict)) return;
    const found: string[] = [];
    for (const key of ['ca', 'CA']) {
      const a = gs.lookup(PDFName.of(key));
      if (a instanceof PDFNumber && a.asNumber() < 1) found.push(`${key} ${a.asNumber()}`);
    }
    const smask = gs.lookup(PDFName.of('SMask'));
    if (smask instanceof PDFDict) found.push('a soft mask');
    let bm = gs.lookup(PDFName.of('BM'));
    if (bm instanceof PDFArray) bm = bm.lookup(0);
    if (bm instanceof PDFName && !NORMAL_BLEND.has(bm.decodeText())) found.push(`blend mode ${bm.decodeText()}`);
    if (found.length) this.add({ code: 'pdfx_transparency', message: `graphics state /${name} sets ${found.join(', ')}`, details: { found: found.join(', ') } });
  }

  private xobject(xo: PDFObject | undefined): void {
    if (!(xo instanceof PDFStream)) return;
    const subtype = xo.dict.lookup(PDFName.of('Subtype'));
    if (!(subtype instanceof PDFName)) return;
    const layer = this.layer;
    if (subtype.decodeText() === 'Image') {
      this.out.images.push({ obj: xo, ...(layer ? { layer } : {}), ...(this.resources ? { resources: this.resources } : {}) });
      return;
    }
    if (subtype.decodeText() !== 'Form') return;
    if (this.cache.rules.noTransparency) {
      const group = xo.dict.lookup(PDFName.of('Group'));
      const s = group instanceof PDFDict ? group.lookup(PDFName.of('S')) : undefined;
      if (s instanceof PDFName && s.decodeText() === 'Transparency') this.add({ code: 'pdfx_transparency', message: 'a form XObject is a transparency group', details: { found: 'transparency group' } });
    }
    this.form(xo);
  }

  /** A form or tiling pattern: walked once per document, its findings replayed here. */
  private form(stream: PDFStream): void {
    if (this.depth >= MAX_FORM_DEPTH) return;
    let rec = this.cache.forms.get(stream);
    if (!rec) {
      rec = new Found();
      this.cache.forms.set(stream, rec); // set first: a form that draws itself ends here
      const own = stream.dict.lookup(PDFName.Resources);
      const bytes = decodeStream(stream);
      if (bytes) new ContentWalk(this.cache, rec, own instanceof PDFDict ? own : this.resources, this.depth + 1).run(bytes);
    }
    this.out.replay(rec, this.layer);
  }

  private pattern(p: PDFObject | undefined): void {
    const dict = p instanceof PDFStream ? p.dict : p instanceof PDFDict ? p : undefined;
    if (!dict) return;
    const type = dict.lookup(PDFName.of('PatternType'));
    if (p instanceof PDFStream && type instanceof PDFNumber && type.asNumber() === 1) return this.form(p);
    if (this.cache.rules.noTransparency) this.extGState(dict.lookup(PDFName.of('ExtGState')), 'of a shading pattern');
    this.shading(dict.lookup(PDFName.of('Shading')));
  }

  private shading(sh: PDFObject | undefined): void {
    const dict = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
    if (!dict) return;
    const cs = dict.get(PDFName.of('ColorSpace'));
    const space = spaceOf(this.ctx, cs, this.resources);
    if (this.cache.rules.cmyk && isForeign(space, this.ctx, cs, this.resources)) this.foreign(`a shading in ${space.kind.toUpperCase()}`);
    const max = this.cache.rules.maxInk;
    if (space.kind !== 'cmyk' || max === null || this.artifact) return;
    const ink = functionInk(this.ctx, dict.get(PDFName.of('Function')));
    if (ink !== null && ink > max) this.add({ code: 'ink_limit_exceeded', message: `a gradient reaching ${round(ink)} % total ink`, ink, details: { ink: round(ink), source: 'gradient' } });
  }
}

/** `/Layer <</Name (layers[3])>> BDC` names a layer; `/Artifact … BDC` marks page furniture (crop marks). */
function markOf(operands: Operand[]): MarkedContent {
  const tag = operands[0]?.t === 'name' ? operands[0].v : '';
  const props = operands[1];
  if (tag === 'Layer' && props?.t === 'dict') {
    const name = props.v.get('Name');
    if (name?.t === 'str' && name.v) return { layer: latin1(name.v), artifact: false };
  }
  return { artifact: tag === 'Artifact' };
}

function numbers(operands: Operand[]): number[] {
  return operands.filter((o): o is { t: 'num'; v: number } => o.t === 'num').map((o) => o.v);
}

export const round = (v: number): number => Math.round(v * 10) / 10;
