/**
 * A `barcode` layer's symbol (docs/print-files.md, "Codes"): the same code in the print
 * engine and in the editor. No package import here: the caller passes the encoders (the
 * engine imports `bwip-js` and `qrcode`; the editor loads their browser builds on demand),
 * so both draw the very same rectangles and glyph outlines. A symbol is in its own units,
 * quiet zone included; a layer stretches it over its `width` × `height`.
 */
export const SYMBOLOGIES = ['qrcode', 'code128', 'ean13', 'upca', 'datamatrix'] as const;
export type Symbology = (typeof SYMBOLOGIES)[number];

/** Longest value accepted, whatever the symbology (a QR code holds at most 2,953 bytes). */
export const MAX_CODE_LENGTH = 1000;

export interface CodeSymbol {
  width: number;
  height: number;
  /** dark rectangles: [x, y, width, height] */
  rects: [number, number, number, number][];
  /** filled outlines (the human-readable digits), SVG path data with absolute commands */
  paths: string[];
}

export interface Encoders {
  /** bwip-js `toSVG` */
  toSVG(opts: Record<string, unknown>): string;
  /** qrcode `create` */
  qrCreate(value: string, opts: { errorCorrectionLevel: string }): { modules: { size: number; data: ArrayLike<number | boolean> } };
}

/** A GTIN's (EAN-13, UPC-A) check digit for the digits before it: from the right, weights 3, 1, 3, … */
export const gtinCheckDigit = (digits: string): number => {
  let sum = 0;
  for (let i = digits.length - 1, w = 3; i >= 0; i--, w = 4 - w) sum += Number(digits[i]) * w;
  return (10 - (sum % 10)) % 10;
};

/** What is wrong with `value` for `symbology`, in words for the shopper and the API; null when it can be encoded so far. */
export function checkCodeValue(symbology: string, value: unknown): string | null {
  if (!(SYMBOLOGIES as readonly string[]).includes(symbology)) return `unknown symbology ${JSON.stringify(symbology)}; expected one of ${SYMBOLOGIES.join(', ')}`;
  if (typeof value !== 'string' || value.length === 0) return 'a code needs a value';
  if (value.length > MAX_CODE_LENGTH) return `a code holds at most ${MAX_CODE_LENGTH} characters`;
  const gtin = (name: string, len: number): string | null => {
    const a = name.startsWith('E') ? 'an' : 'a';
    if (!/^\d+$/.test(value)) return `${a} ${name} is digits only`;
    if (value.length !== len - 1 && value.length !== len) return `${a} ${name} is ${len - 1} or ${len} digits (the last one the check digit)`;
    if (value.length === len) {
      const want = gtinCheckDigit(value.slice(0, -1));
      if (Number(value[len - 1]) !== want) return `the ${name}'s check digit is wrong: ${value.slice(0, -1)} ends with ${want}`;
    }
    return null;
  };
  switch (symbology as Symbology) {
    case 'ean13':
      return gtin('EAN-13', 13);
    case 'upca':
      return gtin('UPC-A', 12);
    case 'code128':
      // Code 128 encodes ASCII (and Latin-1 through FNC4, which not every scanner reads)
      return /^[\x20-\x7e]+$/.test(value) ? null : 'a Code 128 holds printable ASCII characters only';
    default:
      return null;
  }
}

/**
 * Runs of dark modules of a QR matrix, row by row: [x0, x1, y] in modules, the standard
 * 4-module quiet zone included (`full`: the symbol's side with it). The print engine's variable
 * data (vdp/barcodes.ts) and the design's `barcode` layer draw QR codes from these.
 */
export function qrModuleRuns(modules: { size: number; data: ArrayLike<unknown> }): { full: number; runs: [number, number, number][] } {
  const { size, data } = modules;
  const q = 4;
  const runs: [number, number, number][] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      runs.push([start + q, x + q, y + q]);
    }
  }
  return { full: size + 2 * q, runs };
}

/** The symbol for `value`; throws an Error whose message says why it cannot be encoded. */
export function encodeSymbol(symbology: Symbology, value: string, enc: Encoders): CodeSymbol {
  const problem = checkCodeValue(symbology, value);
  if (problem) throw new Error(problem);
  if (symbology === 'qrcode') {
    let qr: ReturnType<Encoders['qrCreate']>;
    try {
      qr = enc.qrCreate(value, { errorCorrectionLevel: 'M' });
    } catch (e) {
      throw new Error(`cannot be encoded as a QR code: ${(e as Error).message}`, { cause: e });
    }
    const { full, runs } = qrModuleRuns(qr.modules);
    return { width: full, height: full, rects: runs.map(([x0, x1, y]) => [x0, y, x1 - x0, 1]), paths: [] };
  }
  const twoD = symbology === 'datamatrix';
  let svg: string;
  try {
    svg = enc.toSVG({
      bcid: symbology,
      text: value,
      // a quiet zone around the symbol, so scanners find it whatever is printed next to it
      ...(twoD ? { paddingwidth: 4, paddingheight: 4 } : { paddingwidth: 10, paddingheight: 2, includetext: true, textxalign: 'center' }),
    });
  } catch (e) {
    const msg = String((e as Error).message ?? e).replace(/^bwipp\.\w+#?\d*:\s*/, '');
    throw new Error(`cannot be encoded as ${symbology}: ${msg}`, { cause: e });
  }
  return symbolFromSvg(svg);
}

/**
 * bwip-js's SVG as rectangles and outlines: its bars are stroked vertical (or, for 2-D codes,
 * filled) paths, its digits filled glyph outlines.
 */
export function symbolFromSvg(svg: string): CodeSymbol {
  const vb = /viewBox="0 0 ([\d.]+) ([\d.]+)"/.exec(svg);
  const out: CodeSymbol = { width: Number(vb?.[1] ?? 0), height: Number(vb?.[2] ?? 0), rects: [], paths: [] };
  for (const m of svg.matchAll(/<path\b([^>]*)\/?>/g)) {
    const attrs = m[1]!;
    const d = /\bd="([^"]*)"/.exec(attrs)?.[1] ?? '';
    const sw = /\bstroke-width="([\d.]+)"/.exec(attrs);
    if (sw && /\bstroke="/.test(attrs)) {
      const w = Number(sw[1]);
      // "Mx y1Lx y2": a bar from y2 to y1, w wide, centred on x
      for (const bar of d.matchAll(/M([\d.]+) ([\d.]+)L([\d.]+) ([\d.]+)/g)) {
        const [x, y1, , y2] = bar.slice(1).map(Number) as [number, number, number, number];
        out.rects.push([x - w / 2, Math.min(y1, y2), w, Math.abs(y1 - y2)]);
      }
    } else if (d) {
      out.paths.push(d);
    }
  }
  return out;
}
