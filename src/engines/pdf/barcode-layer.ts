/**
 * The `barcode` layer type (README.md, "Codes"): `{type: 'barcode', symbology, value, fill,
 * width, height, …}`. The symbol (barcode-symbol.ts, encoded with the `bwip-js` and `qrcode`
 * packages the variable-data engine uses) is printed as vector paths filled with the layer's
 * `fill` (a colour or a spot ink), stretched over the layer's width × height.
 */
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import { checkCodeValue, encodeSymbol, type CodeSymbol, type Encoders, type Symbology } from './barcode-symbol.js';
import type { Layer } from './layers.js';
import { parsePathString, simplifyPath, type PathCommand } from './path.js';

export const ENCODERS: Encoders = {
  toSVG: (opts) => bwipjs.toSVG(opts as unknown as Parameters<typeof bwipjs.toSVG>[0]),
  qrCreate: (value, opts) => QRCode.create(value, opts as QRCode.QRCodeOptions),
};

const cache = new Map<string, CodeSymbol>();

/** The symbol of a code (kept for the last few values: validation and drawing encode each once). */
export function codeSymbol(symbology: Symbology, value: string): CodeSymbol {
  const key = `${symbology}\u0000${value}`;
  let s = cache.get(key);
  if (!s) {
    s = encodeSymbol(symbology, value, ENCODERS);
    if (cache.size >= 64) cache.delete(cache.keys().next().value!);
    cache.set(key, s);
  }
  return s;
}

/** The layer's symbol as one outline in its object space (centred), width × height. */
export function barcodeOutline(l: Layer, width: number, height: number): PathCommand[] {
  const sym = codeSymbol(l.symbology as Symbology, l.value as string);
  const kx = sym.width ? width / sym.width : 1;
  const ky = sym.height ? height / sym.height : 1;
  const X = (x: number) => x * kx - width / 2;
  const Y = (y: number) => y * ky - height / 2;
  const out: PathCommand[] = [];
  for (const [x, y, w, h] of sym.rects) out.push(['M', X(x), Y(y)], ['L', X(x + w), Y(y)], ['L', X(x + w), Y(y + h)], ['L', X(x), Y(y + h)], ['Z']);
  for (const d of sym.paths) {
    for (const c of simplifyPath(parsePathString(d))) {
      switch (c[0]) {
        case 'M':
        case 'L':
          out.push([c[0], X(c[1]), Y(c[2])]);
          break;
        case 'C':
          out.push(['C', X(c[1]), Y(c[2]), X(c[3]), Y(c[4]), X(c[5]), Y(c[6])]);
          break;
        case 'Q':
          out.push(['Q', X(c[1]), Y(c[2]), X(c[3]), Y(c[4])]);
          break;
        default:
          out.push(c);
      }
    }
  }
  return out;
}

/**
 * validateLayers' checks of a code: a known symbology and a value it can encode (the message
 * names `layers[i].value`); no outline; its symbol's natural size when none is given.
 */
export function checkBarcodeLayer(raw: Record<string, unknown>, out: Layer, path: string, add: (path: string, message: string) => void): void {
  const sym = typeof raw.symbology === 'string' ? raw.symbology.toLowerCase() : undefined;
  const unknown = sym === undefined ? 'must be a string' : checkCodeValue(sym, 'x');
  if (sym === undefined || unknown?.startsWith('unknown symbology')) {
    add(`${path}.symbology`, unknown ?? 'must be a string');
    return;
  }
  out.symbology = sym;
  try {
    const symbol = codeSymbol(sym as Symbology, raw.value as string);
    const positive = (v: unknown) => typeof v === 'number' && Number.isFinite(v) && v > 0;
    if (!positive(raw.width)) out.width = symbol.width;
    if (!positive(raw.height)) out.height = symbol.height;
  } catch (e) {
    add(`${path}.value`, (e as Error).message);
  }
  out.strokeWidth = 0;
}
