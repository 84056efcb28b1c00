/**
 * The self-check (verifyPrintFile) on small PDFs written by hand with pdf-lib: one file per
 * violation, each naming the layer through the marked content the renderer writes.
 */
import { PDFName } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { readDefaultFont, matchDefaultFont, verifyPrintFile, verifyPrintFileSandboxed, type VerifyOptions } from '../../../../src/engines/pdf/index.js';
import { craft, cmykImage, cmykJpeg, cmykJpegXObject, helvetica, layer } from './self-check-helpers.js';

const CMYK: VerifyOptions = { standard: 'none', colorMode: 'cmyk' };
const X1A: VerifyOptions = { standard: 'pdf_x1a', colorMode: 'cmyk' };
const X4: VerifyOptions = { standard: 'pdf_x4', colorMode: 'cmyk' };
const RGB: VerifyOptions = { standard: 'none', colorMode: 'rgb' };

const codes = async (pdf: Uint8Array, opts: VerifyOptions) => (await verifyPrintFile(pdf, opts)).violations.map((v) => `${v.code} ${v.page ?? '-'} ${v.layer ?? '-'}`);

describe('verifyPrintFile', () => {
  it('passes a clean CMYK file and a clean PDF/X-4 and X-1a one', async () => {
    const ops = [layer(0, '0 0 0 1 k 20 20 50 50 re f'), layer(1, '0.2 0.3 0.4 0.1 K 0.5 g 20 20 m 80 80 l S')].join('\n');
    expect(await codes(await craft(ops), CMYK)).toEqual([]);
    expect(await codes(await craft(ops, undefined, { standard: 'pdf_x4' }), X4)).toEqual([]);
    expect(await codes(await craft(ops, undefined, { standard: 'pdf_x1a' }), X1A)).toEqual([]);
  });

  it('pdfx_rgb_colour: rg, an RGB/Lab colour space, an RGB image in a form, each named by layer; spot colours pass', async () => {
    const pdf = await craft([layer(0, '1 0 0 rg 20 20 50 50 re f'), layer(1, '/Cs1 cs 0.5 0.5 0.5 sc 20 20 5 5 re f'), layer(2, '/Fm1 Do'), layer(3, '/Sp cs 1 scn 20 20 5 5 re f'), layer(4, '/Lab1 CS 50 0 0 SC 0 0 m 5 5 l S')].join('\n'), ({ doc, res }) => {
      const ctx = doc.context;
      const icc = ctx.register(ctx.flateStream(Buffer.alloc(200), { N: 3 }));
      res('ColorSpace', 'Cs1', ctx.obj([PDFName.of('ICCBased'), icc]));
      res('ColorSpace', 'Lab1', ctx.obj([PDFName.of('Lab'), ctx.obj({ WhitePoint: [0.95, 1, 1.09] })]));
      const tint = ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [1, 1, 1], C1: [0, 0, 1], N: 1 });
      res('ColorSpace', 'Sp', ctx.obj([PDFName.of('Separation'), PDFName.of('Brand'), PDFName.of('DeviceRGB'), tint]));
      const img = ctx.register(ctx.flateStream(Buffer.alloc(12), { Type: 'XObject', Subtype: 'Image', Width: 2, Height: 2, BitsPerComponent: 8, ColorSpace: 'DeviceRGB' } as never));
      const form = ctx.register(ctx.flateStream('q 10 0 0 10 0 0 cm /Im1 Do Q', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], Resources: { XObject: { Im1: img } } } as never));
      res('XObject', 'Fm1', form);
    });
    expect(await codes(pdf, CMYK)).toEqual(['pdfx_rgb_colour 0 layers[0]', 'pdfx_rgb_colour 0 layers[1]', 'pdfx_rgb_colour 0 layers[4]', 'pdfx_rgb_colour 0 layers[2]']);
    // an RGB file may hold RGB
    expect(await codes(pdf, RGB)).toEqual([]);
  });

  it('pdfx_transparency (X-1a only): constant alpha, a blend mode, an image soft mask, a transparency group', async () => {
    const pdf = await craft([layer(0, '/Gs1 gs 0 0 0 1 k 20 20 5 5 re f'), layer(1, '/Im1 Do'), layer(2, '/Fm1 Do'), layer(3, '/Gs2 gs 20 20 5 5 re f'), layer(4, '/Gs3 gs 20 20 5 5 re f')].join('\n'), ({ doc, res }) => {
      const ctx = doc.context;
      res('ExtGState', 'Gs1', ctx.obj({ Type: 'ExtGState', ca: 0.5 }));
      res('ExtGState', 'Gs2', ctx.obj({ Type: 'ExtGState', BM: 'Multiply' }));
      // opaque and Normal: fine in X-1a
      res('ExtGState', 'Gs3', ctx.obj({ Type: 'ExtGState', ca: 1, CA: 1, BM: 'Normal', SMask: 'None' }));
      const mask = ctx.register(ctx.flateStream(Buffer.alloc(16), { Type: 'XObject', Subtype: 'Image', Width: 4, Height: 4, BitsPerComponent: 8, ColorSpace: 'DeviceGray' } as never));
      res('XObject', 'Im1', cmykImage(doc, [0, 0, 0, 255], { SMask: mask }));
      res('XObject', 'Fm1', ctx.register(ctx.flateStream('0 0 0 1 k 0 0 5 5 re f', { Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 10, 10], Group: { S: 'Transparency' } } as never)));
    });
    const x1a = (await verifyPrintFile(pdf, X1A)).violations.filter((v) => v.code !== 'pdfx_output_intent');
    expect(x1a.map((v) => `${v.code} ${v.layer}`)).toEqual(['pdfx_transparency layers[0]', 'pdfx_transparency layers[2]', 'pdfx_transparency layers[3]', 'pdfx_transparency layers[1]']);
    expect(x1a[0]!.message).toBe('page 1, layers[0]: graphics state /Gs1 sets ca 0.5');
    // PDF/X-4 allows live transparency
    expect((await verifyPrintFile(pdf, X4)).violations.filter((v) => v.code === 'pdfx_transparency')).toEqual([]);
  });

  it('font_not_embedded: a standard font without a font file, in any colour mode', async () => {
    const pdf = await craft(layer(2, 'BT /F1 12 Tf 30 30 Td (Hello) Tj ET'), async ({ doc, res }) => res('Font', 'F1', await helvetica(doc)));
    const [v] = (await verifyPrintFile(pdf, RGB)).violations;
    expect(v).toMatchObject({ code: 'font_not_embedded', page: 0, layer: 'layers[2]', details: { font: 'Helvetica' } });
    expect(v!.message).toBe('page 1, layers[2]: font Helvetica is not embedded');
  });

  it('missing_glyphs: glyph 0 (.notdef) shown with an Identity-H font', async () => {
    const bytes = await readDefaultFont(matchDefaultFont('Roboto', 400, 'normal')!.path);
    const pdf = await craft([layer(0, 'BT /F1 12 Tf 30 30 Td <00260027> Tj ET'), layer(1, 'BT /F1 12 Tf 30 60 Td [<0026> -20 <00000000>] TJ ET')].join('\n'), async ({ doc, res }) => {
      const { default: fontkit } = await import('@pdf-lib/fontkit');
      doc.registerFontkit(fontkit);
      const font = await doc.embedFont(bytes, { subset: false });
      res('Font', 'F1', font.ref);
    });
    const out = (await verifyPrintFile(pdf, RGB)).violations;
    expect(out.map((v) => `${v.code} ${v.layer}`)).toEqual(['missing_glyphs layers[1]']);
    expect(out[0]!.details).toMatchObject({ count: 2 });
  });

  it('pdfx_output_intent: none, an RGB profile, a wrong GTS_PDFXVersion', async () => {
    const ops = layer(0, '0 0 0 1 k 20 20 5 5 re f');
    const plain = await verifyPrintFile(await craft(ops), X4);
    expect(plain.violations).toEqual([expect.objectContaining({ code: 'pdfx_output_intent', message: expect.stringContaining('no GTS_PDFX OutputIntent') })]);
    expect(plain.violations[0]!.page).toBeUndefined();
    const x4 = await craft(ops, undefined, { standard: 'pdf_x4' });
    const asX1a = await verifyPrintFile(x4, X1A);
    expect(asX1a.violations.map((v) => v.message)).toEqual(['document: PDF/X-1a:2001 needs GTS_PDFXVersion PDF/X-4, not PDF/X-1a:2001']);
    const rgbProfile = await craft(ops, ({ doc }) => {
      const ctx = doc.context;
      const icc = Buffer.alloc(200);
      icc.write('RGB ', 16, 'latin1');
      doc.catalog.set(PDFName.of('OutputIntents'), ctx.obj([ctx.obj({ Type: 'OutputIntent', S: 'GTS_PDFX', OutputConditionIdentifier: ctx.obj('sRGB'), DestOutputProfile: ctx.register(ctx.flateStream(icc, { N: 3 })) })]));
    });
    const out = await verifyPrintFile(rgbProfile, X4);
    expect(out.violations[0]!.message).toContain('a DestOutputProfile that is not a CMYK ICC profile');
  });

  it('page_boxes: no TrimBox, a TrimBox outside the BleedBox', async () => {
    const ops = layer(0, '0 g 20 20 5 5 re f');
    expect(await codes(await craft(ops, undefined, { boxes: { TrimBox: null } }), RGB)).toEqual(['page_boxes 0 -']);
    const out = await verifyPrintFile(await craft(ops, undefined, { boxes: { TrimBox: [5, 20, 180, 180] } }), RGB);
    expect(out.violations[0]!.message).toBe('page 1: TrimBox [5 20 180 180] is not inside BleedBox [10 10 190 190]');
    // no BleedBox: the MediaBox bleeds
    expect(await codes(await craft(ops, undefined, { boxes: { BleedBox: null } }), RGB)).toEqual([]);
  });

  it('ink_limit_exceeded: vector colours, gradients, Flate and DCT images over the profile limit; crop marks are artifacts', async () => {
    const [full, fine] = await Promise.all([cmykJpeg([255, 255, 255, 255]), cmykJpeg([200, 10, 0, 30])]);
    const pdf = await craft(
      [
        layer(0, '1 1 1 0.5 k 20 20 5 5 re f'),
        layer(1, '/Im1 Do'),
        layer(2, '/Im2 Do'),
        layer(3, '/Im3 Do'),
        layer(4, '/Sh1 sh'),
        layer(5, '/Im4 Do 0.3 0.3 0.3 0.9 k 20 20 5 5 re f'),
        '/Artifact <</Type /Page>> BDC q 1 1 1 1 K 0 0 m 5 5 l S Q EMC',
      ].join('\n'),
      ({ doc, res }) => {
        const ctx = doc.context;
        res('XObject', 'Im1', cmykJpegXObject(doc, full));
        res('XObject', 'Im2', cmykImage(doc, [255, 255, 255, 51]));
        // an Adobe JPEG without /Decode [1 0 …] prints inverted: 400 % becomes 0 %
        res('XObject', 'Im3', cmykJpegXObject(doc, full, false));
        res('XObject', 'Im4', cmykJpegXObject(doc, fine));
        res('Shading', 'Sh1', ctx.obj({ ShadingType: 2, ColorSpace: 'DeviceCMYK', Coords: [0, 0, 10, 0], Function: { FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [1, 1, 0.6, 0.6], N: 1 } }));
      },
    );
    const out = (await verifyPrintFile(pdf, CMYK)).violations;
    // vector and gradient findings come from the content walk, images after it
    expect(out.map((v) => `${v.code} ${v.layer} ${v.details?.ink}`)).toEqual([
      'ink_limit_exceeded layers[0] 350',
      'ink_limit_exceeded layers[4] 320',
      'ink_limit_exceeded layers[1] 400',
      'ink_limit_exceeded layers[2] 320',
    ]);
    expect(out.find((v) => v.layer === 'layers[1]')!.message).toBe('page 1, layers[1]: an image reaching 400 % total ink, over the 300 % limit');
    // ps_cmyk allows 400 %
    expect(await codes(pdf, { ...CMYK, profile: 'ps_cmyk' })).toEqual([]);
    // RGB files have no ink limit
    expect(await codes(pdf, RGB)).toEqual([]);
  });

  it('runs in the sandbox with the same answer, and checks every PDF in a zip', async () => {
    const pdf = await craft(layer(0, '1 1 1 1 k 20 20 5 5 re f'));
    const direct = await verifyPrintFile(pdf, CMYK);
    expect(await verifyPrintFileSandboxed(pdf, CMYK)).toEqual(direct);
    const { zipSync } = await import('fflate');
    const zip = zipSync({ 'record-1.pdf': await craft(layer(0, '0 g 0 0 1 1 re f')), 'record-2.pdf': pdf });
    const z = await verifyPrintFileSandboxed(zip, CMYK, { zip: true });
    expect(z.violations).toEqual([{ ...direct.violations[0], file: 'record-2.pdf', message: `record-2.pdf, ${direct.violations[0]!.message}` }]);
  });
});

describe('the renderer names every top-level layer in marked content', () => {
  it('wraps each layer in /Layer BDC … EMC and crop marks in /Artifact, nested with q/Q (read back with qpdf)', async () => {
    const { renderPdf } = await import('../../../../src/engines/pdf/index.js');
    const { fixtureAssets } = await import('./helpers.js');
    const { pdfxFacts } = await import('./pdfx-helpers.js');
    const page = {
      width: 2, height: 1, dimensionUnit: 'inch' as const, bleed: { top: 0.1, right: 0.1, bottom: 0.1, left: 0.1 }, viewportWidth: 200, viewportHeight: 100,
      layers: [
        { type: 'rect', left: 0, top: 0, width: 50, height: 50, fill: '#336699' },
        { type: 'group', left: 60, top: 0, width: 40, height: 40, objects: [{ type: 'circle', left: -20, top: -20, radius: 20, fill: '#000' }] },
      ],
    };
    const out = await renderPdf([page as never], fixtureAssets(), { colorMode: 'cmyk', pdfStandard: 'pdf_x4', cropMarks: true });
    const ops = (await pdfxFacts(out.pdf)).content.split('\n').map((l) => l.trim());
    expect(ops.filter((l) => /^\/Layer <<\/Name \(layers\[\d\]\)>> BDC$/.test(l))).toEqual(['/Layer <</Name (layers[0])>> BDC', '/Layer <</Name (layers[1])>> BDC']);
    expect(ops.filter((l) => l === '/Artifact <</Type /Page>> BDC')).toHaveLength(1);
    // each marked sequence opens and closes at the same q depth
    let depth = 0;
    const opened: number[] = [];
    for (const l of ops) {
      if (l === 'q') depth++;
      else if (l === 'Q') depth--;
      else if (l.endsWith('BDC')) opened.push(depth);
      else if (l === 'EMC') expect(opened.pop()).toBe(depth);
    }
    expect(opened).toEqual([]);
    expect(await verifyPrintFile(out.pdf, X4)).toEqual({ violations: [], pages: 1, unmeasuredImages: 0 });
  });
});
