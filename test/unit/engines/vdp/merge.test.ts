import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { FieldDefinitionError, MergeRecordFailure, mergeRecords, prepareSides, type MergeRecord } from '../../../../src/engines/vdp/merge.js';
import { fixtureAssets, pdfBoxes, pdfFonts, pdfImages, rasterise } from '../pdf/helpers.js';
import { cardSide, decodePages, pageText } from './helpers.js';

const MM = 72 / 25.4;

function card() {
  return cardSide([
    { type: 'rect', left: 0, top: 0, width: 340, height: 30, fill: '#1d4ed8', strokeWidth: 0 },
    { type: 'text', left: 20, top: 50, width: 200, height: 28, text: 'Full Name', fontFamily: 'Roboto', fontSize: 24, fill: '#111111', field: { name: 'name', type: 'text', fit: 'shrink', min_font_size: 6 } },
    { type: 'textbox', left: 20, top: 90, width: 200, text: 'Title: {{title}}', fontFamily: 'Roboto', fontSize: 12, field: { name: 'title', type: 'text' } },
    { type: 'rect', left: 240, top: 60, width: 80, height: 80, fill: '#eeeeee', strokeWidth: 0, field: { name: 'url', type: 'qr' } },
    { type: 'rect', left: 20, top: 150, width: 200, height: 60, fill: '#eeeeee', strokeWidth: 0, field: { name: 'sku', type: 'barcode', symbology: 'code128' } },
    { type: 'text', left: 240, top: 190, text: 'static footer', fontFamily: 'Roboto', fontSize: 10 },
  ]);
}

const recs = (rows: Record<string, string>[]): MergeRecord[] => rows.map((values, i) => ({ record: i + 1, values }));

describe('mergeRecords', () => {
  it('prints a page per record with its text and codes, static layers drawn once', async () => {
    const rows = [
      { name: 'Ada Lovelace', title: 'Analyst', url: 'https://example.com/ada', sku: 'ADA-001' },
      { name: 'Grace Hopper', title: 'Admiral', url: 'https://example.com/grace', sku: 'GRACE-002' },
      { name: 'Alan Turing', title: 'Mathematician', url: 'https://example.com/alan', sku: 'ALAN-003' },
    ];
    const out = await mergeRecords([card()], recs(rows), fixtureAssets(), { output: 'pdf', onError: 'skip' });
    expect(out.pages).toBe(3);
    expect(out.merged).toBe(3);
    expect(out.records.map((r) => r.pages)).toEqual([[1, 1], [2, 2], [3, 3]]);
    const boxes = await pdfBoxes(out.file);
    expect(boxes).toHaveLength(3);
    boxes.forEach((b) => {
      expect(b.TrimBox[2]! - b.TrimBox[0]!).toBeCloseTo(85 * MM, 1);
      expect(b.MediaBox[2]).toBeCloseTo(89 * MM, 1);
    });
    for (const [i, r] of rows.entries()) {
      const text = await pageText(out.file, i + 1);
      expect(text).toContain(r.name);
      expect(text).toContain(`Title: ${r.title}`);
      expect(text).toContain('static footer');
      for (const other of rows.filter((o) => o !== r)) expect(text).not.toContain(other.name);
    }
    const codes = await decodePages(out.file, 3);
    expect(codes).toEqual(rows.map((r) => [`CODE-128:${r.sku}`, `QR-Code:${r.url}`].sort()));
    // codes are vector paths: no image XObject at all; one embedded Roboto
    expect(await pdfImages(out.file)).toEqual([]);
    const fonts = await pdfFonts(out.file);
    expect(fonts.filter((f) => /Roboto/.test(f.name))).toHaveLength(1);
  });

  it('shrinks text to fit its box down to the minimum, and reports what overflowed', async () => {
    const long = 'Maximilian Alexander Wolfeschlegelsteinhausen';
    const out = await mergeRecords([card()], recs([
      { name: 'Bo', title: 't', url: 'u', sku: 's' },
      { name: long, title: 't', url: 'u', sku: 's' },
      { name: `${long} ${long} ${long}`, title: 't', url: 'u', sku: 's' },
    ]), fixtureAssets(), { output: 'pdf', onError: 'skip' });
    expect(out.records[0]!.shrunk).toEqual([]);
    expect(out.records[1]!.shrunk).toEqual([{ field: 'name', from: 24, to: expect.any(Number) }]);
    expect(out.records[1]!.shrunk[0]!.to).toBeGreaterThan(6);
    expect(out.records[1]!.shrunk[0]!.to).toBeLessThan(24);
    expect(out.records[1]!.overflow).toEqual([]);
    expect(out.records[2]!.shrunk).toEqual([{ field: 'name', from: 24, to: 6 }]);
    expect(out.records[2]!.overflow).toEqual([{ field: 'name', box: [200, 28], needed: [expect.any(Number), expect.any(Number)] }]);
    expect(out.records[2]!.overflow[0]!.needed[0]).toBeGreaterThan(200);
    expect(await pageText(out.file, 2)).toContain(long);
    expect(out.warnings).toEqual([]);
  });

  it('warns once when a field asks for a font nobody has', async () => {
    const side = cardSide([{ type: 'text', left: 20, top: 20, width: 300, height: 30, text: 'x', fontFamily: 'No Such Font', fontSize: 20, field: { name: 'name', type: 'text' } }]);
    const out = await mergeRecords([side], recs([{ name: 'One' }, { name: 'Two' }]), fixtureAssets(), { output: 'pdf', onError: 'fail' });
    expect(out.warnings).toEqual([expect.objectContaining({ code: 'FONT_FALLBACK', layer: 'sides[0].layers[0]', details: expect.objectContaining({ requested: 'No Such Font' }) })]);
    expect(await pageText(out.file, 2)).toContain('Two');
  });

  it('skips bad rows and reports why; fail stops at the first', async () => {
    const ean = cardSide([{ type: 'rect', left: 20, top: 20, width: 300, height: 150, fill: '#fff', strokeWidth: 0, field: { name: 'ean', type: 'barcode', symbology: 'ean13', include_text: true } }]);
    const rows: MergeRecord[] = [
      { record: 1, values: { ean: '5901234123457' } },
      { record: 2, values: { ean: '59012341234XX' } },
      { record: 3, values: {} },
      { record: 4, values: { ean: '4006381333931' }, problem: 'row has 3 columns, the header 2' },
      { record: 5, values: { ean: '4006381333931' } },
    ];
    const out = await mergeRecords([ean], rows, fixtureAssets(), { output: 'pdf', onError: 'skip' });
    expect(out.merged).toBe(2);
    expect(out.skipped).toBe(3);
    expect(out.records.map((r) => [r.record, r.status, r.errors.map((e) => e.code)])).toEqual([
      [1, 'merged', []],
      [2, 'skipped', ['invalid_code']],
      [3, 'skipped', ['missing_value']],
      [4, 'skipped', ['bad_row']],
      [5, 'merged', []],
    ]);
    expect(await decodePages(out.file, 2)).toEqual([['EAN-13:5901234123457'], ['EAN-13:4006381333931']]);
    const failed = await mergeRecords([ean], rows, fixtureAssets(), { output: 'pdf', onError: 'fail' }).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(MergeRecordFailure);
    expect((failed as Error).message).toMatch(/^record 2: ean: "59012341234XX" cannot be encoded as ean13/);
    const none = await mergeRecords([ean], rows.slice(1, 3), fixtureAssets(), { output: 'pdf', onError: 'skip' }).catch((e: unknown) => e);
    expect((none as Error).message).toMatch(/^no record could be merged: all 2 were skipped; record 2: ean: /);
  });

  it('fit fail makes overflowing text a bad row; wrap wraps; images cover their box', async () => {
    const side = cardSide([
      { type: 'textbox', left: 10, top: 10, width: 150, height: 20, text: 'x', fontFamily: 'Roboto', fontSize: 16, field: { name: 'strict', type: 'text', fit: 'fail' } },
      { type: 'textbox', left: 10, top: 60, width: 150, height: 20, text: 'x', fontFamily: 'Roboto', fontSize: 16, field: { name: 'wrapped', type: 'text', fit: 'wrap' } },
      { type: 'image', left: 200, top: 20, width: 100, height: 100, src: 'fixture://logo.png', field: { name: 'photo', type: 'image', fit: 'cover' } },
    ]);
    const out = await mergeRecords([side], recs([
      { strict: 'short', wrapped: 'one two three four five six seven eight nine ten', photo: 'card-photo.jpg' },
      { strict: 'this is far too long for a box of that size', wrapped: 'w', photo: 'photo.jpg' },
      { strict: 'ok', wrapped: 'w', photo: 'missing.jpg' },
    ]), fixtureAssets(), { output: 'pdf', onError: 'skip' });
    expect(out.records.map((r) => r.status)).toEqual(['merged', 'skipped', 'skipped']);
    expect(out.records[0]!.overflow.map((o) => o.field)).toEqual(['wrapped']);
    expect(out.records[1]!.errors[0]).toMatchObject({ field: 'strict', code: 'text_overflow' });
    expect(out.records[2]!.errors[0]).toMatchObject({ field: 'photo', code: 'image_unavailable' });
    const text = await pageText(out.file, 1);
    expect(text).toContain('short');
    expect(text).toMatch(/one two/);
    const imgs = await pdfImages(out.file);
    expect(imgs.filter((i) => i.type === 'image')).toHaveLength(1);
  });

  it('writes one PDF per record into a zip', async () => {
    const out = await mergeRecords([card(), cardSide([{ type: 'text', left: 10, top: 10, text: 'Back of {{name}}', fontFamily: 'Roboto', fontSize: 14, field: { name: 'back', type: 'text' } }])], recs([
      { name: 'One', title: 'a', url: 'u1', sku: 's1' },
      { name: 'Two', title: 'b', url: 'u2', sku: 's2' },
    ]), fixtureAssets(), { output: 'zip', onError: 'skip', fileStem: 'card' });
    expect(out.contentType).toBe('application/zip');
    const files = unzipSync(out.file);
    expect(Object.keys(files).sort()).toEqual(['card-1.pdf', 'card-2.pdf']);
    expect(out.pages).toBe(4);
    const second = files['card-2.pdf']!;
    expect(await pdfBoxes(second)).toHaveLength(2);
    expect(await pageText(second, 1)).toContain('Two');
    expect(await pageText(second, 2)).toContain('Back of Two');
  });

  it('draws DataMatrix and EAN-13 (with its digits) as vector paths, in the colour asked for', async () => {
    const side = cardSide([
      { type: 'rect', left: 20, top: 20, width: 120, height: 120, fill: '#fff', strokeWidth: 0, field: { name: 'dm', type: 'barcode', symbology: 'datamatrix', color: '#003366' } },
      { type: 'rect', left: 160, top: 40, width: 160, height: 100, fill: '#fff', strokeWidth: 0, field: { name: 'ean', type: 'barcode', symbology: 'ean13', include_text: true } },
    ]);
    const out = await mergeRecords([side], recs([{ dm: 'LOT-2026-0001', ean: '4006381333931' }, { dm: 'LOT-2026-0002', ean: '5901234123457' }]), fixtureAssets(), { output: 'pdf', onError: 'fail' });
    expect(await pdfImages(out.file)).toEqual([]);
    expect(await decodePages(out.file, 2)).toEqual([['EAN-13:4006381333931'], ['EAN-13:5901234123457']]);
    // the DataMatrix box (20..140 px of 340 across the 85 mm trim, 2 mm bleed): dark blue modules, different per record
    const grids: string[] = [];
    for (const page of [1, 2]) {
      const r = await rasterise(out.file, { page, dpi: 150, crop: { x: Math.round(((2 + 5) * 150) / 25.4), y: Math.round(((2 + 5) * 150) / 25.4), w: 170, h: 170 } });
      let dark = 0;
      let bits = '';
      for (let y = 0; y < r.height; y += 4) {
        for (let x = 0; x < r.width; x += 4) {
          const [red, , b] = r.at(x, y);
          const isDark = b > red + 30 && red < 80;
          if (isDark) dark++;
          bits += isDark ? '1' : '0';
        }
      }
      expect(dark).toBeGreaterThan(200);
      grids.push(bits);
    }
    expect(grids[0]).not.toBe(grids[1]);
    // the EAN's digits are glyph outlines (bwip-js draws text as paths): no text to extract
    expect((await pageText(out.file, 1)).trim()).toBe('');
  });

  it('keeps the layer order when an optional field is left out: a field above a static layer stays above it', async () => {
    const side = cardSide([
      { type: 'rect', left: 10, top: 5, width: 30, height: 30, fill: '#fff', strokeWidth: 0, field: { name: 'note', type: 'qr', required: false } },
      { type: 'rect', left: 0, top: 40, width: 340, height: 100, fill: '#000000', strokeWidth: 0 },
      { type: 'text', left: 20, top: 60, text: 'x', fontFamily: 'Roboto', fontWeight: 'bold', fontSize: 48, fill: '#ffffff', field: { name: 'big', type: 'text' } },
    ]);
    const out = await mergeRecords([side], recs([{ big: 'WHITE' }]), fixtureAssets(), { output: 'pdf', onError: 'fail' });
    // the black band: 40..140 px of 220 down the 55 mm trim (+2 mm bleed); white text drawn over it shows
    const band = await rasterise(out.file, { dpi: 100, crop: { x: 12, y: Math.round(((2 + 10) * 100) / 25.4) + 3, w: 320, h: Math.round((25 * 100) / 25.4) - 6 } });
    let white = 0;
    for (let y = 0; y < band.height; y++) for (let x = 0; x < band.width; x++) if (band.at(x, y)[0] > 200) white++;
    expect(white).toBeGreaterThan(100);
  });

  it('refuses bad field definitions before any work', () => {
    expect(() => prepareSides([cardSide([{ type: 'rect', width: 10, height: 10, field: { name: 'x', type: 'text' } }, { type: 'text', text: 'a', field: { name: '1bad', type: 'qr' } }])])).toThrow(FieldDefinitionError);
    try {
      prepareSides([cardSide([{ type: 'rect', width: 10, height: 10, field: { name: 'x', type: 'barcode', symbology: 'nope' } }])]);
    } catch (e) {
      expect((e as FieldDefinitionError).issues).toEqual([{ path: 'sides[0].layers[0].field.symbology', message: expect.stringContaining('code128') }]);
    }
  });
});
