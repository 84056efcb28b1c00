/**
 * QR codes and barcodes as SVG vector artwork (bwip-js `toSVG`; QR codes from the `qrcode` matrix): bars and modules are filled
 * paths, the human-readable text is drawn as glyph outlines. The print engine places the SVG
 * as a vector form XObject (src/engines/pdf/artwork), so codes stay sharp at any size.
 */
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import type { SvgArtwork } from '../pdf/artwork/svg-parse.js';
import { parseColor } from '../pdf/colour/css-colour.js';
import { qrModuleRuns } from '../pdf/barcode-symbol.js';
import { IDENTITY } from '../pdf/geometry.js';
import type { PathCommand } from '../pdf/path.js';
import type { FieldSpec } from './fields.js';

/** A value a symbology cannot encode (an EAN-13 with letters, a wrong check digit): the record is a bad row. */
export class BarcodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BarcodeError';
  }
}

/** Runs of dark modules of a QR code, row by row: [x0, x1, y] in modules, the 4-module quiet zone included. */
function qrRuns(value: string, level: 'L' | 'M' | 'Q' | 'H'): { full: number; runs: [number, number, number][] } {
  let qr: ReturnType<typeof QRCode.create>;
  try {
    qr = QRCode.create(value, { errorCorrectionLevel: level });
  } catch (e) {
    throw new BarcodeError(`cannot be encoded as qrcode: ${(e as Error).message}`);
  }
  return qrModuleRuns(qr.modules);
}

/**
 * A QR code: one filled rectangle per run of dark modules, with the standard 4-module quiet
 * zone. The matrix comes from the `qrcode` package (byte mode, UTF-8), about twenty times
 * faster than bwip-js's PostScript QR encoder, which counts at 10,000 records; the artwork is
 * built directly (no SVG text to parse back), the SVG text kept as the picture's bytes.
 */
export function qrCode(value: string, level: 'L' | 'M' | 'Q' | 'H', colour: string): { svg: string; artwork: SvgArtwork } {
  const { full, runs } = qrRuns(value, level);
  const d = runs.map(([x0, x1, y]) => `M${x0} ${y}H${x1}V${y + 1}H${x0}Z`).join('');
  const svg = `<svg viewBox="0 0 ${full} ${full}" width="${full}" height="${full}" xmlns="http://www.w3.org/2000/svg"><path fill="${colour}" d="${d}"/></svg>`;
  const path: PathCommand[] = [];
  for (const [x0, x1, y] of runs) path.push(['M', x0, y], ['L', x1, y], ['L', x1, y + 1], ['L', x0, y + 1], ['Z']);
  const color = parseColor(colour) ?? { r: 0, g: 0, b: 0, a: 1 };
  const artwork: SvgArtwork = {
    width: full,
    height: full,
    viewBoxTransform: IDENTITY,
    root: [{ kind: 'shape', transform: IDENTITY, opacity: 1, path, fill: { paint: { kind: 'color', color }, opacity: 1, evenOdd: false }, stroke: null }],
    unsupported: [],
  };
  return { svg, artwork };
}

/** The SVG text of `value` encoded as the field asks (qr: QR code; barcode: its symbology, default Code 128). */
export function barcodeSvg(field: Pick<FieldSpec, 'type' | 'symbology' | 'include_text' | 'error_correction' | 'color'>, value: string): string {
  const bcid = field.type === 'qr' ? 'qrcode' : (field.symbology ?? 'code128');
  if (bcid === 'qrcode') return qrCode(value, field.error_correction ?? 'M', field.color ?? '#000000').svg;
  const colour = (field.color ?? '#000000').slice(1).toUpperCase();
  const twoD = bcid === 'datamatrix' || bcid === 'pdf417';
  try {
    return bwipjs.toSVG({
      bcid,
      text: value,
      barcolor: colour,
      textcolor: colour,
      // a quiet zone around the symbol, so scanners find it whatever is printed next to it
      ...(twoD ? { paddingwidth: 4, paddingheight: 4 } : { paddingwidth: 10, paddingheight: 2 }),
      ...(!twoD && field.include_text ? { includetext: true, textxalign: 'center' } : {}),
    } as Parameters<typeof bwipjs.toSVG>[0]);
  } catch (e) {
    const msg = String((e as Error).message ?? e).replace(/^bwipp\.\w+#?\d*:\s*/, '');
    throw new BarcodeError(`cannot be encoded as ${bcid}: ${msg}`);
  }
}
