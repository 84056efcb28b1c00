/**
 * QR codes and barcodes as SVG vector artwork (bwip-js `toSVG`; QR codes from the `qrcode` matrix): bars and modules are filled
 * paths, the human-readable text is drawn as glyph outlines. The print engine places the SVG
 * as a vector form XObject (src/engines/pdf/artwork), so codes stay sharp at any size.
 */
import bwipjs from 'bwip-js';
import QRCode from 'qrcode';
import type { FieldSpec } from './fields.js';

/** A value a symbology cannot encode (an EAN-13 with letters, a wrong check digit): the record is a bad row. */
export class BarcodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BarcodeError';
  }
}

/**
 * A QR code as SVG: one filled rectangle per run of dark modules, with the standard 4-module
 * quiet zone. The matrix comes from the `qrcode` package (byte mode, UTF-8), about twenty
 * times faster than bwip-js's PostScript QR encoder, which counts at 10,000 records.
 */
function qrSvg(value: string, level: 'L' | 'M' | 'Q' | 'H', colour: string): string {
  let qr: ReturnType<typeof QRCode.create>;
  try {
    qr = QRCode.create(value, { errorCorrectionLevel: level });
  } catch (e) {
    throw new BarcodeError(`cannot be encoded as qrcode: ${(e as Error).message}`);
  }
  const size = qr.modules.size;
  const data = qr.modules.data;
  const q = 4;
  const parts: string[] = [];
  for (let y = 0; y < size; y++) {
    let x = 0;
    while (x < size) {
      if (!data[y * size + x]) {
        x++;
        continue;
      }
      const start = x;
      while (x < size && data[y * size + x]) x++;
      parts.push(`M${start + q} ${y + q}H${x + q}V${y + q + 1}H${start + q}Z`);
    }
  }
  const full = size + 2 * q;
  return `<svg viewBox="0 0 ${full} ${full}" width="${full}" height="${full}" xmlns="http://www.w3.org/2000/svg"><path fill="${colour}" d="${parts.join('')}"/></svg>`;
}

/** The SVG text of `value` encoded as the field asks (qr: QR code; barcode: its symbology, default Code 128). */
export function barcodeSvg(field: Pick<FieldSpec, 'type' | 'symbology' | 'include_text' | 'error_correction' | 'color'>, value: string): string {
  const bcid = field.type === 'qr' ? 'qrcode' : (field.symbology ?? 'code128');
  if (bcid === 'qrcode') return qrSvg(value, field.error_correction ?? 'M', field.color ?? '#000000');
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
