/**
 * renderPdf checked by independent tools: pdfinfo -box (boxes), pdffonts (embedding),
 * pdfimages -list (native resolution), pdftotext (text stays text) and pdftoppm (known shapes
 * land on the expected pixels).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  AssetError,
  DEFAULT_FONTS,
  LayerValidationError,
  PageSpecError,
  defaultFontPath,
  renderPdf,
  type PageSpec,
} from '../../../../src/engines/pdf/index.js';
import { FIXTURES, fixtureAssets, near, pdfBoxes, pdfFonts, pdfImages, pdfText, rasterise, tool, withPdfFile } from './helpers.js';

// 4 × 3 in trim, 0.1 in bleed, 400 × 300 viewport: at 100 dpi one viewport pixel is one raster
// pixel and the trim box starts 10 px in (35 px with the 0.25 in crop-mark slug).
const page = (layers: unknown[], over: Partial<PageSpec> = {}): PageSpec => ({
  width: 4, height: 3, dimensionUnit: 'inch', bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, dpi: 300,
  viewportWidth: 400, viewportHeight: 300, background: { color: '#ffffff' }, layers, ...over,
});
const RED: [number, number, number] = [255, 0, 0];
const WHITE: [number, number, number] = [255, 255, 255];

describe('page boxes (pdfinfo -box)', () => {
  it('sets MediaBox = trim + bleed, BleedBox and TrimBox, one page per side, in every unit', async () => {
    const { pdf, pages } = await renderPdf([
      page([]),
      page([], { width: 100, height: 70, dimensionUnit: 'mm', bleed: { top: 3, right: 3, bottom: 3, left: 3 }, viewportWidth: 1000, viewportHeight: 700 }),
      page([], { width: 10, height: 15, dimensionUnit: 'cm', bleed: null, viewportWidth: 100, viewportHeight: 150 }),
    ], fixtureAssets());
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(3);
    expect(boxes[0]).toMatchObject({ MediaBox: [0, 0, 302.4, 230.4], BleedBox: [0, 0, 302.4, 230.4], TrimBox: [7.2, 7.2, 295.2, 223.2] });
    const mm = (v: number) => +((v / 25.4) * 72).toFixed(2);
    expect(boxes[1]!.MediaBox).toEqual([0, 0, mm(106), mm(76)]);
    expect(boxes[1]!.TrimBox).toEqual([mm(3), mm(3), mm(103), mm(73)]);
    expect(boxes[2]!.TrimBox).toEqual([0, 0, 283.46, 425.2]);
    expect(pages[0]!.trimBox).toEqual([7.2, 7.2, 295.2, 223.2]);
  });

  it('adds a slug for crop marks: MediaBox grows, TrimBox and BleedBox keep their size', async () => {
    const { pdf } = await renderPdf([page([])], fixtureAssets(), { cropMarks: true });
    const [b] = await pdfBoxes(pdf);
    expect(b).toMatchObject({ MediaBox: [0, 0, 338.4, 266.4], BleedBox: [18, 18, 320.4, 248.4], TrimBox: [25.2, 25.2, 313.2, 241.2] });
  });
});

describe('shapes on the expected pixels (pdftoppm)', () => {
  it('draws rectangles, rotation, circles and clips at the bleed box', async () => {
    const { pdf } = await renderPdf([page([
      { type: 'rect', left: 50, top: 50, width: 100, height: 60, fill: '#ff0000', strokeWidth: 0 },
      { type: 'rect', left: 300, top: 80, originX: 'center', originY: 'center', width: 60, height: 60, angle: 45, fill: '#0000ff', strokeWidth: 0 },
      { type: 'circle', left: 150, top: 200, originX: 'center', originY: 'center', radius: 40, fill: '#00ff00', strokeWidth: 0 },
      { type: 'rect', left: -50, top: 200, width: 100, height: 50, fill: '#000000', strokeWidth: 0 },
      { type: 'rect', left: 250, top: 180, width: 100, height: 80, fill: 'rgba(255,0,0,0.5)', strokeWidth: 0 },
    ])], fixtureAssets(), { cropMarks: true });
    const r = await rasterise(pdf, { dpi: 100 });
    const at = (x: number, y: number) => r.at(x + 35, y + 35); // viewport → raster (slug 25 + bleed 10)
    expect(r.width).toBe(470);
    expect(at(100, 80)).toEqual(RED);
    expect(at(52, 52)).toEqual(RED);
    expect(at(47, 80)).toEqual(WHITE);
    expect(at(153, 80)).toEqual(WHITE);
    // the 45° square is a diamond: |dx| + |dy| <= 42.4 around (300, 80)
    expect(at(300 + 38, 80)).toEqual([0, 0, 255]);
    expect(at(300 + 25, 80 + 25)).toEqual(WHITE);
    expect(at(150, 200)).toEqual([0, 255, 0]);
    expect(at(150 + 36, 200)).toEqual([0, 255, 0]);
    expect(at(150 + 30, 200 + 30)).toEqual(WHITE);
    // half-transparent red over white
    expect(near(at(300, 220), [255, 128, 128], 3)).toBe(true);
    // the black rect reaches into the bleed and is cut at the bleed box edge
    expect(at(-5, 225)).toEqual([0, 0, 0]);
    expect(at(-9, 225)).toEqual([0, 0, 0]);
    expect(at(-15, 225)).toEqual(WHITE);
    expect(r.at(5, 35 + 225)).toEqual(WHITE);
  });

  it('flips a group and its children about the group centre, multiplies group opacity', async () => {
    const { pdf } = await renderPdf([page([
      { type: 'group', left: 100, top: 100, width: 200, height: 100, flipX: true, opacity: 0.5, objects: [
        { type: 'rect', left: -100, top: -50, width: 100, height: 100, fill: '#ff0000', strokeWidth: 0 },
      ] },
    ])], fixtureAssets());
    const r = await rasterise(pdf, { dpi: 100 });
    const at = (x: number, y: number) => r.at(x + 10, y + 10);
    expect(at(150, 150)).toEqual(WHITE);
    expect(near(at(250, 150), [255, 128, 128], 3)).toBe(true);
  });

  it('fills linear gradients across the object', async () => {
    const { pdf } = await renderPdf([page([
      { type: 'rect', left: 0, top: 0, width: 400, height: 100, strokeWidth: 0,
        fill: { type: 'linear', coords: { x1: 0, y1: 0, x2: 400, y2: 0 }, colorStops: [{ offset: 0, color: '#0000ff' }, { offset: 1, color: '#ff0000' }] } },
    ])], fixtureAssets());
    const r = await rasterise(pdf, { dpi: 100 });
    expect(near(r.at(12, 60), [0, 0, 255], 6)).toBe(true);
    expect(near(r.at(210, 60), [128, 0, 128], 6)).toBe(true);
    expect(near(r.at(408, 60), [255, 0, 0], 6)).toBe(true);
  });

  it('draws crop marks in the slug at the trim corners', async () => {
    const { pdf } = await renderPdf([page([])], fixtureAssets(), { cropMarks: true });
    // 288 dpi = 4 px per point; trim top edge is 25.2 pt from the top, bleed box left edge 18 pt
    const r = await rasterise(pdf, { dpi: 288, crop: { x: 0, y: 0, w: 200, h: 200 } });
    const y = Math.round(25.2 * 4);
    const dark = (p: [number, number, number]) => p[0] + p[1] + p[2] < 3 * 160;
    expect(dark(r.at(30, y)) || dark(r.at(30, y - 1))).toBe(true);
    expect(r.at(30, 40)).toEqual(WHITE);
    // no mark inside the bleed area
    expect(r.at(80, y)).toEqual(WHITE);
  });
});

describe('images (pdfimages -list)', () => {
  it('embeds images once at native resolution and warns below the side dpi', async () => {
    const { pdf, warnings } = await renderPdf([page([
      { type: 'image', src: 'fixture://photo.jpg', left: 0, top: 0 },
      { type: 'image', image_id: 'photo.jpg', left: 200, top: 150, scaleX: 0.25, scaleY: 0.25 },
      { type: 'image', src: 'fixture://logo.png', left: 300, top: 20, scaleX: 0.1, scaleY: 0.1 },
      { type: 'image', src: 'fixture://lowres.png', left: 10, top: 250 },
      { type: 'image', src: 'fixture://palette.png', left: 100, top: 250, scaleX: 0.2, scaleY: 0.2 },
    ])], fixtureAssets());
    const rows = await pdfImages(pdf);
    const photo = rows.filter((r) => r.width === 480);
    expect(photo.map((r) => [r.height, r.enc, r.xppi])).toEqual([[320, 'jpeg', 100], [320, 'jpeg', 400]]);
    const logo = rows.filter((r) => r.width === 200);
    expect(logo.map((r) => [r.type, r.color, r.enc, r.xppi])).toEqual([['image', 'rgb', 'image', 1000], ['smask', 'gray', 'image', 1000]]);
    expect(rows.find((r) => r.width === 60)).toMatchObject({ height: 40, color: 'rgb', bpc: 8, xppi: 100 });
    expect(rows.find((r) => r.width === 120)).toMatchObject({ color: 'index', xppi: 500 });
    const low = warnings.filter((w) => w.code === 'LOW_RESOLUTION');
    expect(low.map((w) => [w.layer, w.details?.effectiveDpi])).toEqual([['layers[0]', 100], ['layers[3]', 100]]);
    expect(low[0]!.message).toContain('fixture://photo.jpg');
    expect(low[0]).toMatchObject({ page: 0, details: { requiredDpi: 300, image: 'fixture://photo.jpg' } });
  });

  it('applies EXIF orientation, flips and crops like a browser', async () => {
    const { pdf } = await renderPdf([page([
      // stored 240 × 160 with orientation 6: displayed 160 × 240, stored top-left shown top-right
      { type: 'image', src: 'fixture://exif-rotated.jpg', left: 0, top: 0, scaleX: 0.5, scaleY: 0.5 },
      { type: 'image', src: 'fixture://photo.jpg', left: 150, top: 0, scaleX: 0.25, scaleY: 0.25, flipX: true },
      { type: 'image', src: 'fixture://photo.jpg', left: 300, top: 0, cropX: 28, cropY: 25, width: 144, height: 80 },
    ])], fixtureAssets());
    const r = await rasterise(pdf, { dpi: 100 });
    const at = (x: number, y: number) => r.at(x + 10, y + 10);
    const green = (p: [number, number, number]) => p[1] > 130 && p[0] < 80 && p[2] < 120;
    // displayed green square spans x 0.67..0.92, y 0.06..0.36 of 80 × 120
    expect(green(at(63, 25))).toBe(true);
    expect(green(at(17, 25))).toBe(false);
    // flipped photo: green square moves to the right
    expect(green(at(150 + 120 - 25, 16))).toBe(true);
    expect(green(at(150 + 25, 16))).toBe(false);
    // crop starts inside the green square: its corner is at the crop's top-left
    expect(green(at(302, 2))).toBe(true);
    expect(green(at(300 + 150, 2))).toBe(false);
  });

  it('applies EXIF orientation once to a filtered photo too (its filtered copy is stored upright)', async () => {
    for (const filters of [[{ type: 'Brightness', brightness: 0.05 }], [{ type: 'Duotone', spot: 'PANTONE 354 C', cmyk: [80, 0, 90, 0] }]]) {
      const { pdf } = await renderPdf([page([{ type: 'image', src: 'fixture://exif-rotated.jpg', left: 0, top: 0, scaleX: 0.5, scaleY: 0.5, filters }])], fixtureAssets());
      const r = await rasterise(pdf, { dpi: 100 });
      const at = (x: number, y: number) => r.at(x + 10, y + 10);
      // as above: the displayed green square spans x 0.67..0.92, y 0.06..0.36 of 80 × 120, on dark navy;
      // under the duotone the green is a middle tone of the ink, the navy nearly solid
      const lum = (p: [number, number, number]) => 0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2];
      const square = (p: [number, number, number]) => (filters[0]!.type === 'Duotone' ? lum(p) > 60 && lum(p) < 200 : p[1] > 130 && p[0] < 80 && p[2] < 120);
      expect(square(at(63, 25)), filters[0]!.type).toBe(true);
      expect(square(at(17, 25)), filters[0]!.type).toBe(false);
    }
  });

  it('draws SVG as vector (no image XObject) and decodes formats that cannot pass through', async () => {
    const webp = await sharp({ create: { width: 64, height: 48, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } }).webp({ lossless: true }).toBuffer();
    const tiff = await sharp({ create: { width: 30, height: 20, channels: 3, background: '#2255aa' } }).tiff().toBuffer();
    const base = fixtureAssets();
    const assets = { ...base, image: async (ref: { src?: string; imageId?: string }) => (ref.src === 'mem://a.webp' ? new Uint8Array(webp) : ref.src === 'mem://b.tif' ? new Uint8Array(tiff) : base.image(ref)) };
    const { pdf, warnings } = await renderPdf([page([
      // a pure-vector SVG is drawn as paths (the raster fallback is tested in vector-artwork.test.ts)
      { type: 'image', src: 'fixture://badge.svg', left: 10, top: 10 },
      { type: 'image', src: 'mem://a.webp', left: 150, top: 10, scaleX: 0.2, scaleY: 0.2 },
      { type: 'image', src: 'mem://b.tif', left: 250, top: 10, scaleX: 0.1, scaleY: 0.1 },
    ])], assets);
    const rows = await pdfImages(pdf);
    expect(rows.map((r) => [r.type, r.width, r.height, r.enc])).toEqual([['image', 64, 48, 'image'], ['smask', 64, 48, 'image'], ['image', 30, 20, 'image']]);
    expect(warnings).toEqual([]);
    const r = await rasterise(pdf, { dpi: 100 });
    expect(near(r.at(10 + 10 + 30, 10 + 10 + 30), [0xfd, 0xe0, 0x47], 10)).toBe(true);
    expect(near(r.at(10 + 10 + 80, 10 + 10 + 80), [0x0f, 0x76, 0x6e], 10)).toBe(true);
  });

  it('covers the bleed box with a background image and checks its resolution', async () => {
    const { pdf, warnings } = await renderPdf([page([], { background: { color: '#ffffff', image: { src: 'fixture://photo.jpg' } } })], fixtureAssets());
    const r = await rasterise(pdf, { dpi: 100 });
    // photo 480 × 320 scaled to cover 420 × 320 px (4.2 × 3.2 in): the bleed corners are photo, not white
    expect(r.at(0, 0)).not.toEqual(WHITE);
    expect(r.at(419, 319)).not.toEqual(WHITE);
    expect(warnings.find((w) => w.code === 'LOW_RESOLUTION')).toMatchObject({ layer: 'background', details: { effectiveDpi: 100 } });
  });

  it('skips images entirely outside the bleed box', async () => {
    const assets = fixtureAssets();
    const { pdf } = await renderPdf([page([{ type: 'image', src: 'fixture://photo.jpg', left: 1000, top: 1000 }])], assets);
    expect(await pdfImages(pdf)).toEqual([]);
  });
});

describe('text (pdffonts, pdftotext)', () => {
  it('keeps text as text in embedded subset fonts, including store fonts and fallbacks', async () => {
    const openSans = DEFAULT_FONTS.find((f) => f.family === 'Open Sans')!;
    const brandBytes = new Uint8Array(await readFile(defaultFontPath(openSans, openSans.faces[0]!)));
    const assets = fixtureAssets({ 'brand sans': async () => ({ bytes: brandBytes }) });
    const { pdf, warnings } = await renderPdf([page([
      { type: 'text', left: 10, top: 10, text: 'Bold Roboto', fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 20 },
      { type: 'text', left: 10, top: 40, text: 'Italic Lora', fontFamily: 'Lora', fontStyle: 'italic', fontSize: 20 },
      { type: 'text', left: 10, top: 70, text: 'Pacifico Script', fontFamily: 'Pacifico', fontSize: 28 },
      { type: 'textbox', left: 10, top: 120, width: 380, text: 'Brand font from the store', fontFamily: 'Brand Sans', fontSize: 20 },
      { type: 'text', left: 10, top: 160, text: 'Unknown family', fontFamily: 'Comic Neue', fontSize: 20 },
      { type: 'text', left: 10, top: 200, text: 'Kanji 漢 \u{1D11E}', fontFamily: 'Roboto', fontSize: 20 },
    ])], assets);
    const fonts = await pdfFonts(pdf);
    expect(fonts.every((f) => f.emb && f.sub && f.uni)).toBe(true);
    // the shaped line (漢 from the CJK fallback) draws Roboto by glyph id: a second Roboto subset
    expect(fonts.map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(
      ['DroidSansFallback', 'Lora-Italic', 'OpenSans-Regular', 'Pacifico-Regular', 'Roboto-Bold', 'Roboto-Regular', 'Roboto-Regular'],
    );
    const text = await pdfText(pdf);
    for (const s of ['Bold Roboto', 'Italic Lora', 'Pacifico Script', 'Brand font from the store', 'Unknown family']) expect(text).toContain(s);
    expect(warnings.find((w) => w.code === 'FONT_FALLBACK')).toMatchObject({ layer: 'layers[4]', details: { requested: 'Comic Neue', used: 'Roboto' } });
    expect(text).toContain('Kanji 漢');
    expect(warnings.find((w) => w.code === 'MISSING_GLYPHS')).toMatchObject({ layer: 'layers[5]', details: { characters: ['\u{1D11E}'] } });
    // Pacifico's odd-length glyphs survive subsetting: its line has ink
    const r = await rasterise(pdf, { dpi: 100, crop: { x: 20, y: 80, w: 200, h: 40 } });
    let ink = 0;
    for (let y = 0; y < r.height; y++) for (let x = 0; x < r.width; x++) if (r.at(x, y)[0] < 100) ink++;
    expect(ink).toBeGreaterThan(300);
  });

  it('extracts ligatures and repeated glyphs as their characters, in a file qpdf finds clean', async () => {
    // shaped glyphs go into pdf-lib's subset by id (fonts/font-registry.ts) and stream bytes
    // are copied in one piece (pdf-lib-patch.ts): the file must still read back exactly
    const lines = ['office affluent flyer', 'Waffle fjord AVATAR Tokyo', 'office affluent flyer again'];
    const { pdf } = await renderPdf([page([
      ...lines.map((text, i) => ({ type: 'text', left: 10, top: 10 + i * 40, text, fontFamily: i === 1 ? 'Lora' : 'Open Sans', fontSize: 22 })),
      { type: 'image', src: 'fixture://photo.jpg', left: 10, top: 150, scaleX: 0.2, scaleY: 0.2 },
    ])], fixtureAssets());
    const text = await pdfText(pdf);
    for (const l of lines) expect(text).toContain(l);
    expect((await pdfImages(pdf)).length).toBe(1);
    await withPdfFile(pdf, async (file) => {
      const out = await tool('qpdf', ['--check', file]);
      expect(out).toContain('No syntax or stream encoding errors found');
    });
  });

  it('takes the first available family of a CSS list and maps generic families to defaults', async () => {
    const { pdf, warnings } = await renderPdf([page([
      { type: 'text', left: 10, top: 10, text: 'listed', fontFamily: "'Missing Face', \"Open Sans\", Arial", fontSize: 20 },
      { type: 'text', left: 10, top: 40, text: 'generic', fontFamily: 'Nope, serif', fontSize: 20 },
    ])], fixtureAssets());
    expect((await pdfFonts(pdf)).map((f) => f.name.replace(/^[A-Z]{6}\+/, '')).sort()).toEqual(['Lora-Regular', 'OpenSans-Regular']);
    expect(warnings).toEqual([]);
  });

  it('synthesises bold and italic where the family lacks the face, as browsers do', async () => {
    const ink = async (style: Record<string, unknown>) => {
      const { pdf } = await renderPdf([page([{ type: 'text', left: 10, top: 10, text: 'Pacifico', fontFamily: 'Pacifico', fontSize: 60, ...style }])], fixtureAssets());
      const r = await rasterise(pdf, { dpi: 100, crop: { x: 0, y: 0, w: 300, h: 120 } });
      let n = 0;
      let sx = 0;
      for (let y = 0; y < r.height; y++) for (let x = 0; x < r.width; x++) if (r.at(x, y)[0] < 128) { n++; sx += x * (y < 50 ? 1 : 0); }
      return { n, fonts: await pdfFonts(pdf), topX: sx };
    };
    const regular = await ink({});
    const bold = await ink({ fontWeight: 'bold' });
    const italic = await ink({ fontStyle: 'italic' });
    expect(bold.fonts).toEqual(regular.fonts);
    expect(bold.n).toBeGreaterThan(regular.n * 1.15);
    // slanted: the upper half of the glyphs moves right
    expect(italic.topX).toBeGreaterThan(regular.topX * 1.02);
  });

  it('warns when text leaves the safe zone and about features it does not print', async () => {
    const { warnings } = await renderPdf([page([
      { type: 'text', left: 5, top: 100, text: 'edge', fontFamily: 'Roboto', fontSize: 20 },
      { type: 'text', left: 100, top: 100, text: 'inside', fontFamily: 'Roboto', fontSize: 20, shadow: { color: 'black', blur: 4 } },
    ], { safeZone: { top: 0.2, right: 0.2, bottom: 0.2, left: 0.2 } })], fixtureAssets());
    expect(warnings.filter((w) => w.code === 'OUTSIDE_SAFE_ZONE').map((w) => w.layer)).toEqual(['layers[0]']);
    expect(warnings.find((w) => w.code === 'UNSUPPORTED_FEATURE')).toMatchObject({ layer: 'layers[1]', details: { feature: 'shadow' } });
  });
});

describe('errors', () => {
  it('rejects unknown layer types naming page and layer', async () => {
    const err = await renderPdf([page([]), page([{ type: 'rect' }, { type: 'video', src: 'x' }])], fixtureAssets()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(LayerValidationError);
    expect((err as LayerValidationError).issues[0]!.path).toBe('pages[1].layers[1].type');
  });

  it('rejects unusable page geometry', async () => {
    const err = await renderPdf([page([], { width: 0, dimensionUnit: 'pt' as never, bleed: { top: -1, right: 0, bottom: 0, left: 0 } })], fixtureAssets()).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PageSpecError);
    expect((err as PageSpecError).issues.map((i) => i.path)).toEqual(['pages[0].width', 'pages[0].dimensionUnit', 'pages[0].bleed.top']);
    await expect(renderPdf([], fixtureAssets())).rejects.toBeInstanceOf(PageSpecError);
  });

  it('names the layer whose image cannot be had or read', async () => {
    const missing = await renderPdf([page([{ type: 'group', objects: [{ type: 'image', src: 'fixture://nope.png' }] }])], fixtureAssets()).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(AssetError);
    expect((missing as AssetError).where).toBe('pages[0].layers[0].objects[0]');
    const notImage = await renderPdf([page([{ type: 'image', src: 'fixture://make-images.mjs' }])], fixtureAssets()).catch((e: unknown) => e);
    expect((notImage as AssetError).message).toMatch(/not a readable image/);
    expect(path.isAbsolute(FIXTURES)).toBe(true);
  });
});
