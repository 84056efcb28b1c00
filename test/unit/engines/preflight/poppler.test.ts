import { describe, expect, it } from 'vitest';
import { parsePdfFonts, parsePdfImages } from '../../../../src/engines/preflight/poppler.js';

describe('poppler output parsing', () => {
  it('reads pdffonts rows whose type has spaces and whose name overflows its column', () => {
    const text = [
      'name                                 type              encoding         emb sub uni object ID',
      '------------------------------------ ----------------- ---------------- --- --- --- ---------',
      'Helvetica                            Type 1            WinAnsi          no  no  no       5  0',
      'ABCDEF+SomeVeryLongFontFamilyName-BoldCondensedItalic CID TrueType      Identity-H       yes yes yes     12  0',
      '[none]                               Type 3            Custom           yes no  no      20  1',
      '',
    ].join('\n');
    expect(parsePdfFonts(text)).toEqual([
      { name: 'Helvetica', type: 'Type 1', encoding: 'WinAnsi', embedded: false, subset: false, objectNumber: 5, generation: 0 },
      { name: 'ABCDEF+SomeVeryLongFontFamilyName-BoldCondensedItalic', type: 'CID TrueType', encoding: 'Identity-H', embedded: true, subset: true, objectNumber: 12, generation: 0 },
      { name: '[none]', type: 'Type 3', encoding: 'Custom', embedded: true, subset: false, objectNumber: 20, generation: 1 },
    ]);
  });

  it('reads pdfimages -list rows', () => {
    const text = [
      'page   num  type   width height color comp bpc  enc interp  object ID x-ppi y-ppi size ratio',
      '--------------------------------------------------------------------------------------------',
      '   1     0 image      60    60  rgb     3   8  image  no         7  0    72    72   35B 0.3%',
      '   1     1 smask      60    60  gray    1   8  image  no         7  0    72    72   25B 0.7%',
      '   2     2 image    1200   900  cmyk    4   8  jpeg   no         9  0   300   301  494K  16%',
    ].join('\n');
    const rows = parsePdfImages(text);
    expect(rows).toHaveLength(3);
    expect(rows[2]).toEqual({ page: 2, num: 2, type: 'image', width: 1200, height: 900, color: 'cmyk', components: 4, bpc: 8, encoding: 'jpeg', objectNumber: 9, xPpi: 300, yPpi: 301 });
    expect(rows[1]?.type).toBe('smask');
  });

  it('returns nothing for output without a table', () => {
    expect(parsePdfFonts('Syntax Error: something\n')).toEqual([]);
    expect(parsePdfImages('')).toEqual([]);
  });
});
