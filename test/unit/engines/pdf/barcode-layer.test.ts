/**
 * The `barcode` layer type: validated by encoding its value (the symbology's own message,
 * naming `layers[i].value`), printed as vector paths (no image in the PDF), readable by
 * zbarimg at 300 dpi, and in a spot ink on that ink's Separation.
 */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkLayers, renderPdf } from '../../../../src/engines/pdf/index.js';
import { checkCodeValue } from '../../../../src/engines/pdf/barcode-symbol.js';
import { decodePages } from '../vdp/helpers.js';
import { fixtureAssets, pdfImages, withPdfFile } from './helpers.js';

const page = (layers: unknown[]) => ({ width: 4, height: 3, dimensionUnit: 'inch' as const, bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, viewportWidth: 800, viewportHeight: 600, background: { color: '#ffffff' }, layers });

export const CODES = [
  { type: 'barcode', symbology: 'qrcode', value: 'https://example.com/order?id=44', left: 40, top: 40, width: 240, height: 240, fill: '#111827' },
  { type: 'barcode', symbology: 'ean13', value: '590123412345', left: 330, top: 40, width: 400, height: 220, fill: { spot: 'PANTONE 286 C', cmyk: [100, 66, 0, 2] } },
  { type: 'barcode', symbology: 'code128', value: 'FOLIO-44', left: 40, top: 330, width: 360, height: 160, angle: 0 },
  { type: 'barcode', symbology: 'upca', value: '03600029145', left: 430, top: 330, width: 330, height: 200 },
];

describe('barcode layers', () => {
  it('validates each symbology by encoding the value, naming the layer\'s field', () => {
    expect(checkLayers(CODES)).toEqual([]);
    const issues = checkLayers([{ type: 'rect', width: 10, height: 10 }, { type: 'barcode', symbology: 'ean13', value: '5901234123458' }]);
    expect(issues).toEqual([{ path: 'layers[1].value', message: "the EAN-13's check digit is wrong: 590123412345 ends with 7" }]);
    expect(checkLayers([{ type: 'barcode', symbology: 'ean13', value: '12345' }])[0]).toEqual({ path: 'layers[0].value', message: 'an EAN-13 is 12 or 13 digits (the last one the check digit)' });
    expect(checkLayers([{ type: 'barcode', symbology: 'upca', value: '03600029145X' }])[0]!.message).toBe('a UPC-A is digits only');
    expect(checkLayers([{ type: 'barcode', symbology: 'pdf417', value: 'x' }])[0]!.path).toBe('layers[0].symbology');
    expect(checkLayers([{ type: 'barcode', symbology: 'qrcode', value: '' }])[0]).toEqual({ path: 'layers[0].value', message: 'a code needs a value' });
    expect(checkLayers([{ type: 'barcode', symbology: 'code128', value: 'café' }])[0]!.message).toMatch(/ASCII/);
    // the check digit is right: UPC-A 036000291452, EAN-13 4006381333931
    expect(checkCodeValue('upca', '036000291452')).toBeNull();
    expect(checkCodeValue('ean13', '4006381333931')).toBeNull();
    expect(checkCodeValue('ean13', '4006381333932')).toMatch(/check digit/);
  });

  it('a layer without a size gets its symbol\'s natural size', () => {
    expect(checkLayers([{ type: 'barcode', symbology: 'datamatrix', value: 'Folio' }])).toEqual([]);
  });

  it('prints every code as vector paths that zbarimg reads at 300 dpi, a spot ink on its Separation', async () => {
    const { pdf } = await renderPdf([page([...CODES, { type: 'barcode', symbology: 'datamatrix', value: 'Folio 44', left: 300, top: 300, width: 80, height: 80 }])], fixtureAssets());
    const [symbols] = await decodePages(pdf, 1, 300);
    expect(symbols).toEqual(expect.arrayContaining(['QR-Code:https://example.com/order?id=44', 'EAN-13:5901234123457', 'CODE-128:FOLIO-44']));
    // zbar reports a UPC-A as the EAN-13 it is (a leading 0) unless told otherwise
    expect(symbols!.some((s) => /^(UPC-A:036000291452|EAN-13:0036000291452)$/.test(s))).toBe(true);
    expect(await pdfImages(pdf)).toEqual([]);
    const qdf = await withPdfFile(pdf, async (file, dir) => {
      const out = path.join(dir, 'qdf.pdf');
      execFileSync('qpdf', ['--qdf', '--object-streams=disable', file, out]);
      return execFileSync('cat', [out]).toString('latin1');
    });
    expect(qdf).toMatch(/\/Separation\s*\/PANTONE#20286#20C/);
  });
});
