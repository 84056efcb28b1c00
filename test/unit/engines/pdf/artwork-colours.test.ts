/**
 * Placed PDF artwork's colours converted before Ghostscript (colour/artwork-colours.ts): which
 * operators and images become DeviceCMYK through the output profile, and which are left to
 * Ghostscript. Read back from the rewritten file with qpdf.
 */
import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, type PDFRef } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { artworkToCmyk } from '../../../../src/engines/pdf/colour/artwork-colours.js';
import { rgbToCmyk } from '../../../../src/engines/pdf/colour/cmyk-colours.js';
import { findOutputProfile } from '../../../../src/engines/pdf/colour/output-profiles.js';
import { qpdfJson } from './pdfx-helpers.js';

/** A page drawing in an ICCBased RGB space, a nested form with RGB strokes, grey, and two RGB images. */
async function artwork(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([100, 100]);
  const ctx = doc.context;
  const icc = ctx.register(ctx.stream(new Uint8Array(0), { N: 3, Alternate: 'DeviceRGB' }));
  const img = (parms?: Record<string, unknown>): PDFRef => ctx.register(ctx.stream(deflateSync(Buffer.alloc(4 * 4 * 3, 0x80)), {
    Type: 'XObject', Subtype: 'Image', Width: 4, Height: 4, BitsPerComponent: 8, ColorSpace: 'DeviceRGB', Filter: 'FlateDecode', ...(parms ? { DecodeParms: parms } : {}),
  } as never));
  const form = ctx.register(ctx.flateStream('0.8 0.1 0.2 RG 0 0 m 10 10 l S 0.5 g 0 0 5 5 re f /Im0 Do', {
    Type: 'XObject', Subtype: 'Form', BBox: [0, 0, 100, 100], Resources: { XObject: { Im0: img() } },
  } as never));
  page.node.set(PDFName.of('Resources'), ctx.obj({ ColorSpace: { CS0: [PDFName.of('ICCBased'), icc] }, XObject: { Fm0: form, Im1: img({ Predictor: 15, Colors: 3, Columns: 4 }) } }));
  page.node.set(PDFName.of('Contents'), ctx.register(ctx.flateStream('/CS0 cs 0.8 0.1 0.2 scn 0 0 50 50 re f 0 0 0 scn 50 50 50 50 re f /Fm0 Do /Im1 Do')));
  return doc.save({ useObjectStreams: false });
}

describe('artworkToCmyk', () => {
  it('rewrites RGB colours (ICCBased, nested forms) and an RGB image through the profile; neutrals on K; a predictor image is left', async () => {
    const profile = findOutputProfile('fogra29')!;
    const doc = await PDFDocument.load(await artwork());
    expect(await artworkToCmyk(doc, { profile })).toEqual({ colours: 3, images: 1, imagesLeft: 1 });
    const q = await qpdfJson(await doc.save({ useObjectStreams: false }));
    const streams = [...q.objects.values()].filter((o) => o.stream?.data);
    const text = streams.map((o) => Buffer.from(o.stream!.data!, 'base64').toString('latin1')).join('\n');
    const [red] = await rgbToCmyk(profile, [204, 26, 51]);
    const red$ = red!.map((v) => String(v)).join(' ');
    expect(text).toContain(`${red$} k 0 0 50 50 re f 0 0 0 1 k`);
    expect(text).toContain(`${red$} K 0 0 m`);
    expect(text).toContain('0.5 g'); // DeviceGray prints on K alone as it is
    // the predictor image (Im1) is Ghostscript's; the form's plain Flate image is converted
    const spaces = streams.filter((o) => o.stream!.dict['/Subtype'] === '/Image').map((o) => o.stream!.dict['/ColorSpace']);
    expect(spaces.sort()).toEqual(['/DeviceCMYK', '/DeviceRGB']);

    const rich = await PDFDocument.load(await artwork());
    await artworkToCmyk(rich, { profile, keepRichBlack: true });
    const [black] = await rgbToCmyk(profile, [0, 0, 0]);
    const richText = [...(await qpdfJson(await rich.save({ useObjectStreams: false }))).objects.values()]
      .map((o) => (o.stream?.data ? Buffer.from(o.stream.data, 'base64').toString('latin1') : '')).join('\n');
    expect(richText).toContain(`re f ${black!.join(' ')} k 50 50`);
  });
});
