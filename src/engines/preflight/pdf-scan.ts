import {
  PDFArray,
  PDFDict,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  decodePDFRawStream,
  type PDFContext,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { contentOps, type Operand } from './content-lexer.js';

/** A box as lower-left / upper-right corners, normalised so x0 ≤ x1 and y0 ≤ y1 (points). */
export interface Rect {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface PageBoxes {
  media: Rect;
  /** CropBox ∩ MediaBox (MediaBox when absent) */
  crop: Rect;
  /** BleedBox ∩ MediaBox (CropBox when absent) */
  bleed: Rect;
  /** explicit TrimBox ∩ MediaBox, or null when the page has none */
  trim: Rect | null;
  /** 0, 90, 180 or 270 */
  rotate: number;
}

/** What a page's content uses: RGB colour, transparency, fonts. Counts are uses, not objects. */
export interface PageContentScan {
  rgb: { vector: number; images: number; inlineImages: number; shadings: number };
  transparency: { softMasks: number; imageSoftMasks: number; constantAlpha: number[]; blendModes: string[] };
  /** fonts selected with Tf, as "objectNumber generation" of their dictionaries */
  fontRefs: string[];
  /** streams that could not be decoded (the page was checked without them) */
  undecodable: number;
}

const MAX_FORM_DEPTH = 16;
const NORMAL_BLEND = new Set(['Normal', 'Compatible']);

export function pageBoxes(page: PDFPage): PageBoxes {
  const node = page.node;
  const media = rectOf(node.context, node.getInheritableAttribute(PDFName.MediaBox)) ?? { x0: 0, y0: 0, x1: 612, y1: 792 };
  const crop = intersect(rectOf(node.context, node.getInheritableAttribute(PDFName.CropBox)) ?? media, media);
  const bleed = intersect(rectOf(node.context, node.get(PDFName.BleedBox)) ?? crop, media);
  const trimRaw = rectOf(node.context, node.get(PDFName.TrimBox));
  const rot = node.context.lookup(node.getInheritableAttribute(PDFName.Rotate));
  const rotate = rot instanceof PDFNumber ? (((Math.round(rot.asNumber() / 90) * 90) % 360) + 360) % 360 : 0;
  return { media, crop, bleed, trim: trimRaw ? intersect(trimRaw, media) : null, rotate };
}

export function rectOf(context: PDFContext, obj: PDFObject | undefined): Rect | null {
  const arr = obj ? context.lookup(obj) : undefined;
  if (!(arr instanceof PDFArray) || arr.size() !== 4) return null;
  const n = [0, 1, 2, 3].map((i) => {
    const v = arr.lookup(i);
    return v instanceof PDFNumber ? v.asNumber() : NaN;
  }) as [number, number, number, number];
  if (n.some((v) => !Number.isFinite(v))) return null;
  return { x0: Math.min(n[0], n[2]), y0: Math.min(n[1], n[3]), x1: Math.max(n[0], n[2]), y1: Math.max(n[1], n[3]) };
}

function intersect(a: Rect, b: Rect): Rect {
  const r = { x0: Math.max(a.x0, b.x0), y0: Math.max(a.y0, b.y0), x1: Math.min(a.x1, b.x1), y1: Math.min(a.y1, b.y1) };
  return r.x1 > r.x0 && r.y1 > r.y0 ? r : b;
}

export function scanPage(page: PDFPage): PageContentScan {
  const node = page.node;
  const scan = new Scanner(node.context);
  const resources = node.context.lookup(node.getInheritableAttribute(PDFName.Resources));
  scan.run(contentBytes(scan, node.Contents()), resources instanceof PDFDict ? resources : undefined, 0);
  return scan.result();
}

function contentBytes(scan: Scanner, contents: PDFObject | undefined): Uint8Array[] {
  const ctx = scan.context;
  const obj = contents ? ctx.lookup(contents) : undefined;
  const streams = obj instanceof PDFArray ? obj.asArray().map((o) => ctx.lookup(o)) : [obj];
  const out: Uint8Array[] = [];
  for (const s of streams) {
    if (!(s instanceof PDFStream)) continue;
    const bytes = scan.decode(s);
    if (bytes) out.push(bytes, NEWLINE);
  }
  return out;
}

const NEWLINE = new Uint8Array([0x0a]);

class Scanner {
  private readonly rgb = { vector: 0, images: 0, inlineImages: 0, shadings: 0 };
  private readonly tr = { softMasks: 0, imageSoftMasks: 0, alpha: new Set<number>(), blend: new Set<string>() };
  private readonly fonts = new Set<string>();
  private undecodable = 0;
  /** forms and patterns already scanned on this page: a form drawn twice adds nothing new */
  private readonly seen = new Set<PDFObject>();

  constructor(readonly context: PDFContext) {}

  result(): PageContentScan {
    return {
      rgb: { ...this.rgb },
      transparency: {
        softMasks: this.tr.softMasks,
        imageSoftMasks: this.tr.imageSoftMasks,
        constantAlpha: [...this.tr.alpha].sort((a, b) => a - b),
        blendModes: [...this.tr.blend].sort(),
      },
      fontRefs: [...this.fonts],
      undecodable: this.undecodable,
    };
  }

  decode(stream: PDFStream): Uint8Array | null {
    try {
      if (stream instanceof PDFRawStream) return decodePDFRawStream(stream).decode();
      const unencoded = (stream as PDFStream & { getUnencodedContents?: () => Uint8Array }).getUnencodedContents;
      return unencoded ? unencoded.call(stream) : stream.getContents();
    } catch {
      this.undecodable++;
      return null;
    }
  }

  run(chunks: Uint8Array[], resources: PDFDict | undefined, depth: number): void {
    const data = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    for (const { op, operands, inlineImage } of contentOps(data)) {
      switch (op) {
        case 'rg':
        case 'RG':
          this.rgb.vector++;
          break;
        case 'cs':
        case 'CS': {
          const n = lastName(operands);
          if (n !== null && this.isRgbSpace(PDFName.of(n), resources, 0)) this.rgb.vector++;
          break;
        }
        case 'scn':
        case 'SCN': {
          const n = lastName(operands);
          if (n !== null) this.pattern(this.resource(resources, 'Pattern', n), resources, depth);
          break;
        }
        case 'sh': {
          const n = lastName(operands);
          if (n !== null) this.shading(this.resource(resources, 'Shading', n), resources);
          break;
        }
        case 'gs': {
          const n = lastName(operands);
          if (n !== null) this.extGState(this.resource(resources, 'ExtGState', n));
          break;
        }
        case 'Tf': {
          const n = operands.length >= 2 && operands[0]?.t === 'name' ? operands[0].v : null;
          const ref = n !== null ? this.resourceRef(resources, 'Font', n) : undefined;
          if (ref) this.fonts.add(`${ref.objectNumber} ${ref.generationNumber}`);
          break;
        }
        case 'Do': {
          const n = lastName(operands);
          if (n !== null) this.xobject(this.resource(resources, 'XObject', n), resources, depth);
          break;
        }
        case 'BI': {
          const cs = inlineImage?.get('CS') ?? inlineImage?.get('ColorSpace');
          if (cs && this.isRgbOperand(cs, resources)) this.rgb.inlineImages++;
          break;
        }
        default:
          break;
      }
    }
  }

  private resourceRef(resources: PDFDict | undefined, category: string, name: string): PDFRef | undefined {
    const dict = resources?.lookup(PDFName.of(category));
    if (!(dict instanceof PDFDict)) return undefined;
    const raw = dict.get(PDFName.of(name));
    return raw instanceof PDFRef ? raw : undefined;
  }

  private resource(resources: PDFDict | undefined, category: string, name: string): PDFObject | undefined {
    const dict = resources?.lookup(PDFName.of(category));
    return dict instanceof PDFDict ? dict.lookup(PDFName.of(name)) : undefined;
  }

  private extGState(gs: PDFObject | undefined): void {
    if (!(gs instanceof PDFDict)) return;
    const smask = gs.lookup(PDFName.of('SMask'));
    if (smask instanceof PDFDict) this.tr.softMasks++;
    for (const key of ['CA', 'ca']) {
      const a = gs.lookup(PDFName.of(key));
      if (a instanceof PDFNumber && a.asNumber() < 1) this.tr.alpha.add(Math.round(a.asNumber() * 1000) / 1000);
    }
    let bm = gs.lookup(PDFName.of('BM'));
    if (bm instanceof PDFArray) bm = bm.lookup(0);
    if (bm instanceof PDFName && !NORMAL_BLEND.has(bm.decodeText())) this.tr.blend.add(bm.decodeText());
  }

  private xobject(xo: PDFObject | undefined, inherited: PDFDict | undefined, depth: number): void {
    if (!(xo instanceof PDFStream)) return;
    const dict = xo.dict;
    const subtype = dict.lookup(PDFName.of('Subtype'));
    if (!(subtype instanceof PDFName)) return;
    if (subtype.decodeText() === 'Image') {
      if (dict.get(PDFName.of('SMask'))) this.tr.imageSoftMasks++;
      const inData = dict.lookup(PDFName.of('SMaskInData'));
      if (inData instanceof PDFNumber && inData.asNumber() > 0) this.tr.imageSoftMasks++;
      const mask = dict.lookup(PDFName.of('ImageMask'));
      const isMask = mask !== undefined && mask.toString() === 'true';
      const cs = dict.lookup(PDFName.of('ColorSpace'));
      if (!isMask && cs && this.isRgbSpace(cs, inherited, 0)) this.rgb.images++;
      return;
    }
    if (subtype.decodeText() === 'Form') this.form(xo, inherited, depth);
  }

  /** A form XObject or tiling pattern: its own content with its own resources (or the caller's). */
  private form(stream: PDFStream, inherited: PDFDict | undefined, depth: number): void {
    if (depth >= MAX_FORM_DEPTH || this.seen.has(stream)) return;
    this.seen.add(stream);
    const own = stream.dict.lookup(PDFName.Resources);
    const bytes = this.decode(stream);
    if (bytes) this.run([bytes], own instanceof PDFDict ? own : inherited, depth + 1);
  }

  private pattern(p: PDFObject | undefined, resources: PDFDict | undefined, depth: number): void {
    const dict = p instanceof PDFStream ? p.dict : p instanceof PDFDict ? p : undefined;
    if (!dict || this.seen.has(dict)) return;
    const type = dict.lookup(PDFName.of('PatternType'));
    if (p instanceof PDFStream && type instanceof PDFNumber && type.asNumber() === 1) return this.form(p, resources, depth);
    this.seen.add(dict);
    this.extGState(dict.lookup(PDFName.of('ExtGState')));
    this.shading(dict.lookup(PDFName.of('Shading')), resources);
  }

  private shading(sh: PDFObject | undefined, resources: PDFDict | undefined): void {
    const dict = sh instanceof PDFStream ? sh.dict : sh instanceof PDFDict ? sh : undefined;
    const cs = dict?.lookup(PDFName.of('ColorSpace'));
    if (cs && this.isRgbSpace(cs, resources, 0)) this.rgb.shadings++;
  }

  private isRgbOperand(op: Operand, resources: PDFDict | undefined): boolean {
    if (op.t === 'name') return this.isRgbSpace(PDFName.of(op.v), resources, 0);
    if (op.t === 'arr' && op.v[0]?.t === 'name' && (op.v[0].v === 'I' || op.v[0].v === 'Indexed') && op.v[1]) {
      return this.isRgbOperand(op.v[1], resources);
    }
    return false;
  }

  /**
   * DeviceRGB, CalRGB, three-component ICCBased, and Indexed or Pattern spaces built on them.
   * Separation and DeviceN are spot colours (kept by prepress), Lab is device-independent.
   */
  isRgbSpace(cs: PDFObject | undefined, resources: PDFDict | undefined, depth: number): boolean {
    if (cs === undefined || depth > 8) return false;
    const obj = this.context.lookup(cs);
    if (obj instanceof PDFName) {
      const n = obj.decodeText();
      if (n === 'DeviceRGB' || n === 'RGB' || n === 'CalRGB') return true;
      if (['DeviceCMYK', 'CMYK', 'DeviceGray', 'G', 'Pattern', 'Indexed', 'I'].includes(n)) return false;
      return this.isRgbSpace(this.resource(resources, 'ColorSpace', n), resources, depth + 1);
    }
    if (!(obj instanceof PDFArray) || obj.size() === 0) return false;
    const family = obj.lookup(0);
    if (!(family instanceof PDFName)) return false;
    switch (family.decodeText()) {
      case 'CalRGB':
        return true;
      case 'ICCBased': {
        const icc = obj.lookup(1);
        if (!(icc instanceof PDFStream)) return false;
        const n = icc.dict.lookup(PDFName.of('N'));
        if (n instanceof PDFNumber) return n.asNumber() === 3;
        return this.isRgbSpace(icc.dict.lookup(PDFName.of('Alternate')), resources, depth + 1);
      }
      case 'Indexed':
      case 'I':
      case 'Pattern':
        return obj.size() > 1 && this.isRgbSpace(obj.get(1), resources, depth + 1);
      default:
        return false;
    }
  }
}

function lastName(operands: Operand[]): string | null {
  const last = operands[operands.length - 1];
  return last?.t === 'name' ? last.v : null;
}
