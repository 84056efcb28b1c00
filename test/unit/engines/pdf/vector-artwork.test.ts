/**
 * Vector artwork: SVG drawn as PDF paths (checked in the file with qpdf --qdf and pdfimages,
 * and against librsvg's rendering of the same SVG), raster fallback with a warning naming the
 * layer, PDF artwork placed as a form XObject (text kept, any scale, rotation, /Rotate), and
 * errors that never carry a link.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AssetError, renderPdf, type PageSpec } from '../../../../src/engines/pdf/index.js';
import { redactLinks } from '../../../../src/engines/pdf/errors.js';
import { parseSvgArtwork, viewBoxTransform } from '../../../../src/engines/pdf/artwork/svg-parse.js';
import { ARTWORK_TEXT, makeArtworkPdf, meanError, qdf } from './artwork-helpers.js';
import { FIXTURES, near, pdfFonts, pdfImages, pdfText, rasterise } from './helpers.js';

const ART = path.join(FIXTURES, 'artwork');
// 4 × 3 in trim, 0.1 in bleed, 400 × 300 viewport: at 100 dpi one viewport pixel is one raster pixel, trim 10 px in
const page = (layers: unknown[], over: Partial<PageSpec> = {}): PageSpec => ({
  width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, dpi: 300,
  viewportWidth: 400, viewportHeight: 300, background: { color: '#ffffff' }, layers, ...over,
});

function memAssets(files: Record<string, Uint8Array>) {
  return {
    async image(ref: { src?: string; imageId?: string }) {
      const b = files[ref.src ?? ref.imageId ?? ''];
      if (!b) throw new Error(`no such file ${ref.src}`);
      return b;
    },
  };
}

const svgBytes = async (name: string) => new Uint8Array(await readFile(path.join(ART, name)));

describe('SVG artwork as vector paths', () => {
  it('draws a pure-vector SVG as path operators in a form XObject: no image, same pixels as librsvg', async () => {
    const svg = await svgBytes('vector.svg');
    const { pdf, warnings } = await renderPdf([page([{ type: 'image', src: 'vector.svg', left: 10, top: 10 }])], memAssets({ 'vector.svg': svg }));
    expect(warnings).toEqual([]);
    expect(await pdfImages(pdf)).toEqual([]);
    const q = await qdf(pdf);
    expect(q).toMatch(/\/Subtype \/Form/);
    expect(q).not.toMatch(/\/Subtype \/Image/);
    // curves (circles, rounded frame), fills, a dashed stroke, clip and two shadings (linear, radial)
    expect(q).toMatch(/ c\n/);
    expect(q).toMatch(/\nf\n/);
    expect(q).toMatch(/\[10 5\] 0 d/);
    expect(q).toMatch(/\nW n\n/);
    expect(q).toMatch(/\/ShadingType 2/);
    expect(q).toMatch(/\/ShadingType 3/);

    // the artwork at 200 × 100 viewport px, from (20, 20) in the 100 dpi raster
    const r = await rasterise(pdf, { dpi: 100, crop: { x: 20, y: 20, w: 200, h: 100 } });
    const ref = await sharp(svg, { density: 72 }).flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([ref.info.width, ref.info.height]).toEqual([200, 100]);
    expect(meanError(r, { data: ref.data, channels: ref.info.channels })).toBeLessThan(6);
    // spot checks: gradient ends inside the clip circle, radial centre, frame stroke
    expect(near(r.at(20, 50), [0xdc, 0x26, 0x26], 40)).toBe(true);
    expect(near(r.at(80, 50), [0x25, 0x63, 0xeb], 40)).toBe(true);
    expect(near(r.at(150, 50), [0xfd, 0xe0, 0x47], 30)).toBe(true);
    expect(near(r.at(100, 1), [0x1e, 0x3a, 0x8a], 30)).toBe(true);
  });

  it('keeps vector at any scale and rotation (no resolution warning, one form drawn twice)', async () => {
    const svg = await svgBytes('vector.svg');
    const { pdf, warnings } = await renderPdf([page([
      { type: 'image', src: 'vector.svg', left: 0, top: 0, scaleX: 0.5, scaleY: 0.5 },
      { type: 'image', src: 'vector.svg', left: 200, top: 150, angle: 45, scaleX: 8, scaleY: 8 },
    ])], memAssets({ 'vector.svg': svg }));
    expect(warnings).toEqual([]);
    expect(await pdfImages(pdf)).toEqual([]);
    const q = await qdf(pdf);
    expect(q.match(/\/Subtype \/Form/g)).toHaveLength(1);
    expect(q.match(/\/Im1 Do/g)).toHaveLength(2);
  });

  it('composites an artwork with opacity as one picture (a transparency group), as a canvas draws an image with globalAlpha', async () => {
    const svg = await svgBytes('vector.svg');
    const { pdf } = await renderPdf([page([{ type: 'image', src: 'vector.svg', left: 10, top: 10, opacity: 0.5 }], { background: { color: '#000000' } })], memAssets({ 'vector.svg': svg }));
    expect(await qdf(pdf)).toMatch(/\/S \/Transparency/);
    const r = await rasterise(pdf, { dpi: 100 });
    // the radial centre (#fde047) at 50 % over black; drawn shape by shape, the white
    // background rect inside the artwork would lighten it to about (190, 176, 99)
    expect(near(r.at(20 + 150, 20 + 50), [126, 112, 35], 14)).toBe(true);
  });

  it('draws SVG group opacity as a group, symbols through their viewBox, links as groups', async () => {
    const svg = new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="200" height="100">
      <symbol id="s" viewBox="0 0 10 10"><rect width="10" height="10" fill="#00aa00"/></symbol>
      <g opacity="0.5"><rect x="0" y="0" width="60" height="50" fill="#ff0000"/><rect x="40" y="0" width="60" height="50" fill="#0000ff"/></g>
      <a href="#s"><use xlink:href="#s" x="120" y="10" width="40" height="40"/></a>
    </svg>`);
    const { pdf, warnings } = await renderPdf([page([{ type: 'image', src: 's.svg', left: 10, top: 10 }])], memAssets({ 's.svg': svg }));
    expect(warnings).toEqual([]);
    expect(await pdfImages(pdf)).toEqual([]);
    const r = await rasterise(pdf, { dpi: 100 });
    expect(near(r.at(20 + 20, 20 + 25), [255, 128, 128])).toBe(true);
    // where the two rects overlap only the top one shows, at 50 %
    expect(near(r.at(20 + 50, 20 + 25), [128, 128, 255])).toBe(true);
    // the 10 × 10 symbol fills the use's 40 × 40 box at (120, 10)
    expect(near(r.at(20 + 122, 20 + 12), [0, 0xaa, 0])).toBe(true);
    expect(near(r.at(20 + 158, 20 + 48), [0, 0xaa, 0])).toBe(true);
    expect(near(r.at(20 + 162, 20 + 30), [255, 255, 255])).toBe(true);
  });

  it('falls back to a raster at the density the side needs, warning with the layer and the features', async () => {
    const svg = await svgBytes('filtered.svg');
    const { pdf, warnings } = await renderPdf([page([
      { type: 'rect', left: 0, top: 0, width: 10, height: 10, fill: 'red' },
      { type: 'image', src: 'filtered.svg', left: 10, top: 10 },
    ])], memAssets({ 'filtered.svg': svg }));
    expect(warnings).toEqual([expect.objectContaining({ code: 'RASTERIZED_ARTWORK', page: 0, layer: 'layers[1]', details: { image: 'filtered.svg', features: ['filter', 'text'] } })]);
    expect(warnings[0]!.message).toMatch(/raster.*filter, text/);
    const rows = await pdfImages(pdf);
    // 100 px placed 1 in wide on a 300 dpi side: a 300 px raster
    expect(rows).toEqual([expect.objectContaining({ type: 'image', width: 300, height: 300, xppi: 300 })]);
  });

  it('reads viewBox, preserveAspectRatio and style sheets the way SVG does', () => {
    expect(viewBoxTransform([0, 0, 100, 50], 200, 200, null)).toEqual([2, 0, 0, 2, 0, 50]);
    expect(viewBoxTransform([0, 0, 100, 50], 200, 200, 'xMinYMin slice')).toEqual([4, 0, 0, 4, 0, 0]);
    expect(viewBoxTransform([10, 10, 100, 50], 200, 200, 'none')).toEqual([2, 0, 0, 4, -20, -40]);
    const art = parseSvgArtwork(new TextEncoder().encode(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><style>.a{fill:#00ff00}</style><rect class="a" width="5" height="5" fill="red" style="stroke:blue"/><mask id="m"/></svg>',
    ), 10, 10);
    expect(art.unsupported).toEqual([]);
    const rect = art.root[0]!;
    expect(rect.kind === 'shape' && rect.fill?.paint).toEqual({ kind: 'color', color: { r: 0, g: 1, b: 0, a: 1 } });
    expect(rect.kind === 'shape' && rect.stroke?.paint).toEqual({ kind: 'color', color: { r: 0, g: 0, b: 1, a: 1 } });
    const masked = parseSvgArtwork(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><rect width="5" height="5" mask="url(#m)"/><image href="data:image/png;base64,AA=="/></svg>'), 300, 150);
    expect(masked.unsupported).toEqual(['mask', 'embedded image']);
  });
});

describe('PDF artwork as a form XObject', () => {
  it('places page 1 as vector at any scale and rotation: text kept, no image, fonts embedded', async () => {
    const art = await makeArtworkPdf();
    const { pdf, warnings } = await renderPdf([page([
      { type: 'image', src: 'art.pdf', left: 20, top: 20 },
      { type: 'image', src: 'art.pdf', left: 250, top: 150, angle: 30, scaleX: 0.6, scaleY: 0.6 },
    ])], memAssets({ 'art.pdf': art }));
    expect(warnings).toEqual([]);
    expect(await pdfImages(pdf)).toEqual([]);
    expect((await pdfText(pdf)).split(ARTWORK_TEXT).length - 1).toBeGreaterThanOrEqual(1);
    expect(await pdfFonts(pdf)).toEqual([expect.objectContaining({ name: expect.stringContaining('Roboto'), emb: true })]);
    const q = await qdf(pdf);
    expect(q).toMatch(/\/Subtype \/Form/);
    // the first placement: 200 × 100 pt artwork = 200 × 100 viewport px from (30, 30) in the raster
    const r = await rasterise(pdf, { dpi: 100 });
    expect(near(r.at(30 + 5, 30 + 5), [255, 0, 0])).toBe(true);
    expect(near(r.at(30 + 195, 30 + 95), [0, 0, 255])).toBe(true);
    expect(near(r.at(30 + 205, 30 + 50), [255, 255, 255])).toBe(true);
  });

  it('honours the page /Rotate as viewers show it', async () => {
    const art = await makeArtworkPdf({ rotate: 90 });
    const { pdf } = await renderPdf([page([{ type: 'image', src: 'art.pdf', left: 20, top: 20 }])], memAssets({ 'art.pdf': art }));
    const r = await rasterise(pdf, { dpi: 100 });
    // shown 100 wide × 200 tall, turned clockwise: red (the left half) on top, blue below
    expect(near(r.at(30 + 50, 30 + 5), [255, 0, 0])).toBe(true);
    expect(near(r.at(30 + 50, 30 + 195), [0, 0, 255])).toBe(true);
    expect(near(r.at(30 + 105, 30 + 50), [255, 255, 255])).toBe(true);
  });

  it('refuses an unreadable PDF naming the layer, with no link in the message', async () => {
    const src = 'https://folio.example/v1/files/stores/s1/images/i1/original.pdf?exp=1&sig=abcdef';
    const err = await renderPdf([page([{ type: 'image', src, left: 0, top: 0 }])], memAssets({ [src]: new TextEncoder().encode('%PDF-1.7\ngarbage') })).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AssetError);
    const msg = (err as AssetError).message;
    expect(msg).toMatch(/^pages\[0\]\.layers\[0\]: image .*original\.pdf is not a readable image or PDF artwork: the PDF cannot be parsed/);
    expect(msg).not.toMatch(/\/v1\/files|sig=|exp=/);
  });

  it('redacts every link in a message to its last two segments', () => {
    expect(redactLinks('fetch https://a.example/v1/files/x/y/z.png?exp=1&sig=2 failed; /v1/files/k/a.svg?sig=3')).toBe('fetch …/y/z.png failed; …/k/a.svg');
  });
});
