import { randomBytes } from 'node:crypto';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { impose, type ImposeOptions } from '../../../../src/engines/imposition/index.js';
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
