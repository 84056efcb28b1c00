/**
 * Colour spaces and shading functions as the self-check reads them from the file: which
 * family a space belongs to (device-independent RGB and Lab count as RGB: a CMYK file has
 * neither), and the highest total ink a CMYK shading function reaches.
 */
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFStream, type PDFContext, type PDFObject } from 'pdf-lib';

export type SpaceKind = 'gray' | 'rgb' | 'lab' | 'cmyk' | 'spot' | 'pattern' | 'unknown';

export interface Space {
  kind: SpaceKind;
  /** set when the space is Indexed (then `kind` is its base's) */
  indexed?: PDFArray;
}

const MAX_DEPTH = 8;

/** The family of a colour space object (a name resolved through the resources' /ColorSpace, or an array). */
export function spaceOf(ctx: PDFContext, cs: PDFObject | undefined, resources: PDFDict | undefined, depth = 0): Space {
  if (cs === undefined || depth > MAX_DEPTH) return { kind: 'unknown' };
  const obj = ctx.lookup(cs);
  if (obj instanceof PDFName) {
    switch (obj.decodeText()) {
      case 'DeviceGray':
      case 'G':
        return { kind: 'gray' };
      case 'DeviceRGB':
      case 'RGB':
        return { kind: 'rgb' };
      case 'DeviceCMYK':
      case 'CMYK':
        return { kind: 'cmyk' };
      case 'Pattern':
        return { kind: 'pattern' };
      default: {
        const named = resources?.lookup(PDFName.of('ColorSpace'));
        const def = named instanceof PDFDict ? named.get(PDFName.of(obj.decodeText())) : undefined;
        return def === undefined ? { kind: 'unknown' } : spaceOf(ctx, def, resources, depth + 1);
      }
    }
  }
  if (!(obj instanceof PDFArray) || obj.size() === 0) return { kind: 'unknown' };
  const family = obj.lookup(0);
  if (!(family instanceof PDFName)) return { kind: 'unknown' };
  switch (family.decodeText()) {
    case 'CalGray':
      return { kind: 'gray' };
    case 'CalRGB':
      return { kind: 'rgb' };
    case 'Lab':
      return { kind: 'lab' };
    case 'ICCBased': {
      const icc = obj.lookup(1);
      if (!(icc instanceof PDFStream)) return { kind: 'unknown' };
      const n = icc.dict.lookup(PDFName.of('N'));
      const count = n instanceof PDFNumber ? n.asNumber() : 0;
      return { kind: count === 1 ? 'gray' : count === 3 ? 'rgb' : count === 4 ? 'cmyk' : 'unknown' };
    }
    case 'Indexed':
    case 'I':
      return { ...spaceOf(ctx, obj.get(1), resources, depth + 1), indexed: obj };
    case 'Pattern':
      return obj.size() > 1 ? { ...spaceOf(ctx, obj.get(1), resources, depth + 1), kind: 'pattern' } : { kind: 'pattern' };
    case 'Separation':
    case 'DeviceN':
      // spot colours: their alternate space is only a preview, never printed as such
      return { kind: 'spot' };
    default:
      return { kind: 'unknown' };
  }
}

/** Whether a space is one a CMYK file must not contain: RGB (device, calibrated, ICC) or Lab. */
export function isForeign(space: Space, ctx: PDFContext, cs: PDFObject | undefined, resources: PDFDict | undefined): boolean {
  if (space.kind === 'rgb' || space.kind === 'lab') return true;
  // [/Pattern /DeviceRGB]: an uncoloured pattern painted in RGB
  if (space.kind === 'pattern' && cs !== undefined) {
    const obj = ctx.lookup(cs);
    const arr = obj instanceof PDFArray ? obj : resolveNamed(ctx, obj, resources);
    if (arr && arr.size() > 1) {
      const base = spaceOf(ctx, arr.get(1), resources, 1).kind;
      return base === 'rgb' || base === 'lab';
    }
  }
  return false;
}

function resolveNamed(ctx: PDFContext, obj: PDFObject | undefined, resources: PDFDict | undefined): PDFArray | undefined {
  if (!(obj instanceof PDFName)) return undefined;
  const named = resources?.lookup(PDFName.of('ColorSpace'));
  const def = named instanceof PDFDict ? ctx.lookup(named.get(PDFName.of(obj.decodeText()))) : undefined;
  return def instanceof PDFArray ? def : undefined;
}

const numbers = (arr: PDFObject | undefined): number[] | null => {
  if (!(arr instanceof PDFArray)) return null;
  const out: number[] = [];
  for (let i = 0; i < arr.size(); i++) {
    const v = arr.lookup(i);
    if (!(v instanceof PDFNumber)) return null;
    out.push(v.asNumber());
  }
  return out;
};

/**
 * The highest C+M+Y+K (percent) of a CMYK shading function: exponential functions (type 2)
 * reach it at an end (C0 or C1), stitching functions (type 3) at one of their parts' ends.
 * null for sampled and PostScript functions (not evaluated).
 */
export function functionInk(ctx: PDFContext, fn: PDFObject | undefined, depth = 0): number | null {
  if (depth > MAX_DEPTH) return null;
  const obj = ctx.lookup(fn);
  const dict = obj instanceof PDFStream ? obj.dict : obj instanceof PDFDict ? obj : undefined;
  if (!dict) return null;
  const type = dict.lookup(PDFName.of('FunctionType'));
  const t = type instanceof PDFNumber ? type.asNumber() : -1;
  if (t === 2) {
    const c0 = numbers(dict.lookup(PDFName.of('C0'))) ?? [0];
    const c1 = numbers(dict.lookup(PDFName.of('C1'))) ?? [1];
    if (c0.length !== 4 || c1.length !== 4) return null;
    return Math.max(sum(c0), sum(c1)) * 100;
  }
  if (t === 3) {
    const parts = dict.lookup(PDFName.of('Functions'));
    if (!(parts instanceof PDFArray)) return null;
    let max: number | null = null;
    for (let i = 0; i < parts.size(); i++) {
      const v = functionInk(ctx, parts.get(i), depth + 1);
      if (v !== null) max = Math.max(max ?? 0, v);
    }
    return max;
  }
  return null;
}

const sum = (v: number[]): number => v.reduce((a, b) => a + Math.min(1, Math.max(0, b)), 0);

/** Total ink (percent) of CMYK operands. */
export function cmykInk(v: readonly number[]): number {
  return sum(v.slice(-4)) * 100;
}
