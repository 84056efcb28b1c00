/**
 * The parts of PDF/X-1a flattening that need no render: which objects count as transparency
 * (nested in forms too), how regions are snapped and merged, and the clean-up of what a page
 * no longer draws.
 */
import { describe, expect, it } from 'vitest';
import { PDFDocument, PDFName, type PDFDict } from 'pdf-lib';
import { dropUnreachable, namedResources, pruneResources, usesTransparency } from '../../../../src/engines/pdf/colour/pdf-graph.js';
import { snapRegions } from '../../../../src/engines/pdf/colour/flatten.js';

describe('usesTransparency', () => {
  it('finds alpha, soft masks, blend modes and transparency groups, nested in forms; ignores their neutral values', async () => {
    const doc = await PDFDocument.create();
    const ctx = doc.context;
    const t = (o: Record<string, unknown>) => usesTransparency(ctx, ctx.obj(o as never));
    expect(t({ Type: 'ExtGState', ca: 1, CA: 1, BM: 'Normal', SMask: 'None' })).toBe(false);
    expect(t({ Type: 'ExtGState', BM: 'Compatible', op: true, OPM: 1 })).toBe(false);
    expect(t({ Type: 'ExtGState', CA: 0.4 })).toBe(true);
    expect(t({ Type: 'ExtGState', BM: 'Multiply' })).toBe(true);
    expect(t({ Type: 'ExtGState', BM: ['Normal', 'Screen'] })).toBe(true);
    const mask = ctx.register(ctx.stream(new Uint8Array(1), { Type: 'XObject', Subtype: 'Image', Width: 1, Height: 1, ColorSpace: 'DeviceGray', BitsPerComponent: 8 }));
    expect(usesTransparency(ctx, ctx.register(ctx.stream(new Uint8Array(4), { Subtype: 'Image', SMask: mask })))).toBe(true);
    // a form whose resources hold a form whose ExtGState has ca 0.5
    const gs = ctx.register(ctx.obj({ Type: 'ExtGState', ca: 0.5 }));
    const inner = ctx.register(ctx.stream('/G gs', { Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { ExtGState: { G: gs } } }));
    const outer = ctx.register(ctx.stream('/I Do', { Subtype: 'Form', BBox: [0, 0, 1, 1], Resources: { XObject: { I: inner } } }));
    expect(usesTransparency(ctx, outer)).toBe(true);
    expect(usesTransparency(ctx, ctx.register(ctx.stream('', { Subtype: 'Form', Group: { S: 'Transparency' } })))).toBe(true);
    expect(usesTransparency(ctx, ctx.register(ctx.stream('0 0 1 1 re f', { Subtype: 'Form', BBox: [0, 0, 1, 1] })))).toBe(false);
  });

  it('looks only at the resources a content names, prunes the rest, and drops objects nothing reaches', async () => {
    const doc = await PDFDocument.create();
    const ctx = doc.context;
    const page = doc.addPage([10, 10]);
    const alpha = ctx.register(ctx.obj({ Type: 'ExtGState', ca: 0.5 }));
    const res = ctx.obj({ ExtGState: { GS1: alpha, OP1: { Type: 'ExtGState', op: true } }, Font: { F1: ctx.obj({ Type: 'Font' }) } }) as PDFDict;
    page.node.set(PDFName.of('Resources'), res);
    expect(namedResources(ctx, res, '/OP1 gs BT /F1 12 Tf ET').some((o) => usesTransparency(ctx, o))).toBe(false);
    expect(namedResources(ctx, res, '/GS1 gs 0 0 1 1 re f').some((o) => usesTransparency(ctx, o))).toBe(true);
    pruneResources(ctx, res, '/OP1 gs');
    expect((res.lookup(PDFName.of('ExtGState')) as PDFDict).keys().map(String)).toEqual(['/OP1']);
    expect(res.has(PDFName.of('Font'))).toBe(false);
    expect(ctx.lookup(alpha)).toBeDefined();
    dropUnreachable(ctx);
    expect(ctx.lookup(alpha)).toBeUndefined();
    expect(ctx.lookup(page.ref)).toBeDefined();
  });
});

describe('snapRegions', () => {
  const media = { x: 0, y: 0, width: 100, height: 50.5 };
  it('cuts to the clip, grows to whole pixels counted from the top left corner, merges overlaps', () => {
    // 72 ppi: 1 pt pixels; the grid's rows start at y = 50.5 (the top), so row edges are at .5
    const r = snapRegions([{ x: 10.2, y: 10.2, width: 5, height: 5 }, { x: 14, y: 14, width: 3, height: 3 }, { x: 80, y: 40, width: 50, height: 50 }], { x: 2, y: 2, width: 96, height: 46.5 }, media, 72);
    expect(r).toContainEqual({ x: 10, y: 9.5, width: 7, height: 8 });
    expect(r).toContainEqual({ x: 80, y: 39.5, width: 18, height: 9 });
    expect(r).toHaveLength(2);
    expect(snapRegions([{ x: 200, y: 0, width: 5, height: 5 }], media, media, 300)).toEqual([]);
  });
});
