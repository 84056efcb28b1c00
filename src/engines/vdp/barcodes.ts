/**
 * QR codes and barcodes as SVG vector artwork (bwip-js `toSVG`): bars and modules are filled
 * paths, the human-readable text is drawn as glyph outlines. The print engine places the SVG
 * as a vector form XObject (src/engines/pdf/artwork), so codes stay sharp at any size.
 */
import bwipjs from 'bwip-js';
import type { FieldSpec } from './fields.js';

/** A value a symbology cannot encode (an EAN-13 with letters, a wrong check digit): the record is a bad row. */
export class BarcodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BarcodeError';
  }
}

/** The SVG text of `value` encoded as the field asks (qr: QR code; barcode: its symbology, default Code 128). */
export function barcodeSvg(field: Pick<FieldSpec, 'type' | 'symbology' | 'include_text' | 'error_correction' | 'color'>, value: string): string {
  const bcid = field.type === 'qr' ? 'qrcode' : (field.symbology ?? 'code128');
  const colour = (field.color ?? '#000000').slice(1).toUpperCase();
  const twoD = bcid === 'qrcode' || bcid === 'datamatrix' || bcid === 'pdf417';
  try {
    return bwipjs.toSVG({
      bcid,
      text: value,
      barcolor: colour,
      textcolor: colour,
      // a quiet zone around the symbol, so scanners find it whatever is printed next to it
      ...(twoD ? { paddingwidth: 4, paddingheight: 4 } : { paddingwidth: 10, paddingheight: 2 }),
      ...(bcid === 'qrcode' ? { eclevel: field.error_correction ?? 'M' } : {}),
      ...(!twoD && field.include_text ? { includetext: true, textxalign: 'center' } : {}),
    } as Parameters<typeof bwipjs.toSVG>[0]);
  } catch (e) {
    const msg = String((e as Error).message ?? e).replace(/^bwipp\.\w+#?\d*:\s*/, '');
    throw new BarcodeError(`cannot be encoded as ${bcid}: ${msg}`);
  }
}
