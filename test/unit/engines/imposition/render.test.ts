import { randomBytes } from 'node:crypto';
import { decodePDFRawStream, PDFContentStream, PDFDocument, PDFRawStream } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawPlan, impose, loadSource, type ImposeOptions, type PlacedItem, type Plan } from '../../../../src/engines/imposition/index.js';
import { pdfBoxes, pdfFonts, pdfText } from '../pdf/helpers.js';

const MM = 72 / 25.4;

/** One 85 × 55 mm card with 3 mm bleed carrying a 300 × 300 px noise photo (about 270 KB, incompressible). */
async function photoCard(): Promise<Uint8Array> {
  const png = await sharp(randomBytes(300 * 300 * 3), { raw: { width: 300, height: 300, channels: 3 } }).png().toBuffer();
  const doc = await PDFDocument.create();
  const page = doc.addPage([91 * MM, 61 * MM]);
  page.setBleedBox(0, 0, 91 * MM, 61 * MM);
  page.setTrimBox(3 * MM, 3 * MM, 85 * MM, 55 * MM);
  page.drawImage(await doc.embedPng(png), { x: 0, y: 0, width: 91 * MM, height: 61 * MM });
  return doc.save();
}

const opts: ImposeOptions = {
  sheet: { width: 320 * MM, height: 450 * MM, orientation: 'portrait' },
  margins: { top: 10 * MM, right: 10 * MM, bottom: 10 * MM, left: 10 * MM },
  gutter: { x: 6 * MM, y: 6 * MM },
  layout: 'auto',
  rotate: true,
  sides: 'simplex',
  bleed: 'keep',
  order: 'step_and_repeat',
};

describe('drawing an imposition', () => {
  it('a page drawn 21 times is embedded once: the file is barely bigger than its source', async () => {
    const src = await photoCard();
    const out = await impose(src, opts, { marks: { cropMarks: true, registrationMarks: true, colorBar: true, slug: { jobName: 'Noise cards', date: '2026-11-24' } } });
    expect(out.plan.perSheet).toBe(21);
    expect(out.pdf.length).toBeLessThan(src.length * 1.1);
    const [box] = await pdfBoxes(out.pdf);
    expect(box!.MediaBox[2]).toBeCloseTo(320 * MM, 1);
    // The slug line is real text in an embedded font.
    expect(await pdfText(out.pdf)).toContain('Noise cards · Sheet 1 of 1 · front · 2026-11-24');
    expect((await pdfFonts(out.pdf)).every((f) => f.emb)).toBe(true);
  });
});

describe('a side of many slots (issue 37)', () => {
  it('10,000 slots on one side, crop marks and all, are drawn in linear time: no argument spread overflows the stack', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([10 * MM, 10 * MM]);
    page.drawRectangle({ x: 0, y: 0, width: 10 * MM, height: 10 * MM });
    const { doc: src, pages } = await loadSource(await doc.save());
    // 100 × 100 items of 10 mm with a 2 mm gutter: a plan the request's caps would refuse, drawn as the gang path would
    const items: PlacedItem[] = [];
    for (let r = 0; r < 100; r++) for (let c = 0; c < 100; c++) {
      const trim = { x: 5 * MM + c * 12 * MM, y: 5 * MM + r * 12 * MM, w: 10 * MM, h: 10 * MM };
      items.push({ page: 0, trim, clip: trim, rotation: 0 });
    }
    const W = 1210 * MM;
    const plan: Plan = { sheet: { width: W, height: W }, sides: [{ sheet: 1, side: 'front', items, cropRects: items.map((i) => i.trim), folds: [] }], sheets: 1, grid: null, perSheet: items.length, blanks: 0 };
    const t0 = performance.now();
    const pdf = await drawPlan(src, pages, plan, { marks: { cropMarks: true, registrationMarks: true, colorBar: true, slug: null } });
    expect(performance.now() - t0).toBeLessThan(8_000);
    const out = await PDFDocument.load(pdf);
    expect(out.getPageCount()).toBe(1);
    // every slot drawn: the page's content holds 10,000 placements of the one form
    const content = out.getPages()[0]!.node.normalizedEntries().Contents!;
    let text = '';
    for (let i = 0; i < content.size(); i++) {
      const s = content.lookup(i);
      text += Buffer.from(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : (s as PDFContentStream).getUnencodedContents()).toString('latin1');
    }
    expect(text.match(/\/P1 Do/g)).toHaveLength(10_000);
    // crop marks only in the 2 mm gutters' outer edge: none crosses an item
    expect(text).toContain('0.25 w');
  });
});
