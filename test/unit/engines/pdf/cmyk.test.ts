/** colorMode cmyk: Ghostscript converts colours; fonts stay embedded, images lossless at native size. */
import { describe, expect, it } from 'vitest';
import { renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { fixtureAssets, near, pdfBoxes, pdfFonts, pdfImages, pdfText, rasterise, tool, withPdfFile } from './helpers.js';

const page = (layers: unknown[]): PageSpec => ({
  width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, viewportWidth: 400, viewportHeight: 300, layers,
});

describe('CMYK output', () => {
  it('converts every colour to CMYK, keeps fonts embedded, images lossless and boxes in place', async () => {
    const pages = [
      page([{ type: 'text', left: 20, top: 20, text: 'Black text only', fontFamily: 'Roboto', fontSize: 30, fill: '#000000' }]),
      page([
        { type: 'rect', left: 0, top: 0, width: 200, height: 150, fill: '#ff0000', strokeWidth: 0 },
        { type: 'image', src: 'fixture://photo.jpg', left: 200, top: 0, scaleX: 0.4, scaleY: 0.4 },
        { type: 'image', src: 'fixture://logo.png', left: 200, top: 150, scaleX: 0.5, scaleY: 0.5 },
        { type: 'text', left: 20, top: 200, text: 'Colour text', fill: '#1d4ed8', fontFamily: 'Lora', fontSize: 30 },
      ]),
    ];
    const rgb = await renderPdf(pages, fixtureAssets());
    const cmyk = await renderPdf(pages, fixtureAssets(), { colorMode: 'cmyk' });
    expect(await pdfBoxes(cmyk.pdf)).toEqual(await pdfBoxes(rgb.pdf));
    const fonts = await pdfFonts(cmyk.pdf);
    expect(fonts).toHaveLength(2);
    expect(fonts.every((f) => f.emb && f.sub)).toBe(true);
    expect(await pdfText(cmyk.pdf)).toContain('Colour text');
    const images = await pdfImages(cmyk.pdf);
    expect(images.map((i) => [i.type, i.width, i.height, i.color, i.enc])).toEqual([
      ['image', 480, 320, 'cmyk', 'image'],
      ['image', 200, 200, 'cmyk', 'image'],
      ['smask', 200, 200, 'gray', 'image'],
    ]);
    // ink coverage: black text is on the K plate alone (DeviceGray → K), colour pages use all four
    const inkcov = await withPdfFile(cmyk.pdf, (f) => tool('gs', ['-q', '-o', '-', '-sDEVICE=inkcov', f]));
    const [p1, p2] = inkcov.trim().split('\n').map((l) => l.trim().split(/\s+/).slice(0, 4).map(Number));
    expect(p1!.slice(0, 3)).toEqual([0, 0, 0]);
    expect(p1![3]).toBeGreaterThan(0);
    expect(p2!.slice(0, 3).every((v) => v > 0.05)).toBe(true);
    // still looks the same
    const r = await rasterise(cmyk.pdf, { dpi: 50, page: 2 });
    expect(near(r.at(50, 40), [237, 28, 36], 40)).toBe(true);
  });
});
