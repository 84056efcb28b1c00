import { PDFArray, PDFDocument, PDFName } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../src/platform/events.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { pdfBoxes, pdfFonts, pdfText as labelsText } from '../../unit/engines/pdf/helpers.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { imageLayer, saveDesign, downloadLink, finishedJob } from '../designs/helpers.js';
import { colourBlocks, cropMarks, drawnForms, labelledDesigns, labelsPerPage, MM, pageContents, pdfJobOf, through, type Drawn } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
const events: DomainEvent[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  t.deps.events.subscribe(async (e) => void events.push(e));
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const SRA3 = [0, 0, 320 * MM, 450 * MM];

async function impose(body: Record<string, unknown>, headers = as.B(store)) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/impositions', headers, payload: body });
  expect(res.statusCode, res.body).toBe(202);
  const job = res.json().data;
  expect(job).toMatchObject({ type: 'imposition', status: 'queued', pdf_url: null, report: null });
  const done = await finishedJob(t.app, job.id, headers);
  expect(done.status, done.error).toBe('completed');
  return { job: done, pdf: await downloadLink(t.app, done.pdf_url) };
}

/** The trim rectangle (pt) each drawn form puts on its sheet: the source page's TrimBox through the drawing matrix. */
function trims(drawn: Drawn[], sourceTrim: (name: string) => number[]) {
  return drawn.map((d) => ({ ...d, trim: through(d.matrix, sourceTrim(d.name)) }));
}

const near = (a: number, b: number, tol = 0.1 * MM) => Math.abs(a - b) <= tol;

describe('POST /v1/impositions', () => {
  it('step and repeat of one card: 21-up on SRA3 at the computed positions, SRA3 MediaBox, fonts embedded, 21 blue blocks when rendered', async () => {
    const { designs } = await labelledDesigns(t.app, store, 1);
    const pdfJob = await pdfJobOf(t.app, store, [designs[0].id]);
    const { job, pdf } = await impose({ pdf_job_id: pdfJob.id, sheet: { preset: 'sra3' }, margins: 10, gutter: 5, bleed: 'trim', name: 'Cards run 7' });
    expect(job).toMatchObject({ pdf_job_id: pdfJob.id, mode: 'flat', name: 'Cards run 7', options: { order: null, sides: 'simplex', bleed: 'trim' } });
    expect(job.report).toMatchObject({ sheets: 1, pages: 1, per_sheet: 21, layout: { rows: 7, cols: 3, rotated: false }, item: { width: 85, height: 55, bleed: 3 }, sheet: { width: 320, height: 450 }, order: 'step_and_repeat', gutter: { x: 5, y: 5 } });
    expect(job.size_bytes).toBe(pdf.length);
    // Announced once (webhooks' `jobs` topic) with the job as GET /jobs/{id} shows it.
    const announced = events.filter((e) => e.topic === 'jobs' && (e.data as { id?: string }).id === job.id);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ storeId: store.id, event: 'completed', data: { type: 'imposition', status: 'completed', report: job.report } });

    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(1);
    boxes[0]!.MediaBox.forEach((v, i) => expect(v).toBeCloseTo(SRA3[i]!, 1));
    boxes[0]!.TrimBox.forEach((v, i) => expect(v).toBeCloseTo(SRA3[i]!, 1));
    expect((await pdfFonts(pdf)).every((f) => f.emb)).toBe(true);

    // Block 3 × 85 + 2 × 5 = 265 mm wide, 7 × 55 + 6 × 5 = 415 mm high, centred inside 10 mm margins.
    const expected: Array<[number, number]> = [];
    for (let r = 0; r < 7; r++) for (let c = 0; c < 3; c++) expected.push([27.5 + c * 90, 17.5 + (6 - r) * 60]);
    const srcTrim = pdfJob.pages[0].trim_box as number[];
    const drawn = trims(await drawnForms(pdf), () => srcTrim);
    expect(drawn).toHaveLength(21);
    expect(new Set(drawn.map((d) => d.name))).toEqual(new Set(['P1']));
    for (const [x, y] of expected) {
      const hit = drawn.find((d) => near(d.trim.x, x * MM, 0.01 * MM) && near(d.trim.y, y * MM, 0.01 * MM));
      expect(hit, `an item at ${x}, ${y} mm`).toBeDefined();
      expect(hit!.trim.w).toBeCloseTo(85 * MM, 2);
      expect(hit!.trim.h).toBeCloseTo(55 * MM, 2);
      // bleed: trim cuts each item at its trim
      expect(hit!.clip).toMatchObject({ x: expect.closeTo(hit!.trim.x, 2), w: expect.closeTo(hit!.trim.w, 2) });
    }
    // The report's slots say the same.
    expect(job.report.sides[0].slots).toHaveLength(21);
    expect(job.report.sides[0].slots[0]).toMatchObject({ source_page: 1, x: 27.5, y: 377.5, width: 85, height: 55, rotation: 0 });

    // Crop marks extend the 14 horizontal and 6 vertical trim lines into the margins (the 5 mm
    // gutters cannot hold a mark clear of the next item): 40 hairlines, none touching an item.
    const [content] = await pageContents(pdf);
    const marks = cropMarks(content!);
    expect(marks).toHaveLength(40);
    for (const [x1, y1, x2, y2] of marks) {
      for (const d of drawn) {
        const inside = Math.max(x1!, x2!) > d.clip.x + 0.01 && Math.min(x1!, x2!) < d.clip.x + d.clip.w - 0.01 && Math.max(y1!, y2!) > d.clip.y + 0.01 && Math.min(y1!, y2!) < d.clip.y + d.clip.h - 0.01;
        expect(inside).toBe(false);
      }
      const onTrimLine = expected.some(([x, y]) => [x, x + 85].some((v) => Math.abs(x1! - v * MM) < 0.01 && Math.abs(x2! - v * MM) < 0.01) || [y, y + 55].some((v) => Math.abs(y1! - v * MM) < 0.01 && Math.abs(y2! - v * MM) < 0.01));
      expect(onTrimLine).toBe(true);
    }
    // The slug line: job name, sheet n of m, side, date.
    expect((await labelsText(pdf)).replace(/\s+/g, ' ')).toMatch(/Cards run 7 · Sheet 1 of 1 · front · \d{4}-\d{2}-\d{2}/);

    // Rendered at 20 dpi: 21 separate blue blocks of about 85 × 55 mm.
    const { blocks, height } = await colourBlocks(pdf, 1, 20, [0, 0, 255]);
    expect(blocks).toHaveLength(21);
    const px = 20 / 25.4;
    for (const b of blocks) {
      expect(b.x1 - b.x0 + 1).toBeGreaterThan(83 * px);
      expect(b.x1 - b.x0 + 1).toBeLessThan(87 * px);
      const yMm = (height - 1 - b.y1) / px;
      expect(expected.some(([x, y]) => Math.abs(b.x0 / px - x) < 2 && Math.abs(yMm - y) < 2)).toBe(true);
    }
  });

  it('sheetwise from designs: backs mirrored behind their fronts within 0.1 mm; cut and stack order', async () => {
    const { designs } = await labelledDesigns(t.app, store, 6);
    const { job, pdf } = await impose({ design_ids: designs.map((d: { id: string }) => d.id), sheet: { width: 240, height: 140, unit: 'mm' }, margins: 10, sides: 'sheetwise', rotate: false });
    // Defaults: cut and stack for several items, a gutter of twice the 3 mm bleed.
    expect(job.report).toMatchObject({ pages: 2, sheets: 1, per_sheet: 4, layout: { rows: 2, cols: 2 }, order: 'cut_and_stack', gutter: { x: 6, y: 6 } });
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(2);
    expect(boxes[0]!.MediaBox[2]).toBeCloseTo(240 * MM, 1);
    const W = 240 * MM;
    // Source pages rendered by the print path: 85 × 55 trim inside 3 mm bleed.
    const srcTrim = [3 * MM, 3 * MM, 88 * MM, 58 * MM];
    const drawn = trims(await drawnForms(pdf), () => srcTrim);
    const fronts = drawn.filter((d) => d.page === 1);
    const backs = drawn.filter((d) => d.page === 2);
    expect(fronts.map((d) => d.name).sort()).toEqual(['P1', 'P3', 'P5']);
    expect(backs.map((d) => d.name).sort()).toEqual(['P2', 'P4', 'P6']);
    for (const f of fronts) {
      const n = Number(f.name.slice(1));
      const b = backs.find((d) => d.name === `P${n + 1}`)!;
      expect(Math.abs(b.trim.x - (W - f.trim.x - f.trim.w))).toBeLessThanOrEqual(0.1 * MM);
      expect(Math.abs(b.trim.y - f.trim.y)).toBeLessThanOrEqual(0.1 * MM);
      expect(b.matrix.slice(0, 4)).toEqual([1, 0, 0, 1]);
    }
    // 3 items, 4 slots: cut and stack on one sheet is reading order, one blank slot.
    expect(job.report.blanks).toBe(1);
    expect(job.report.sides[0].slots.map((s: { source_page: number | null }) => s.source_page)).toEqual([1, 3, 5, null]);
    expect(job.report.sides[1].slots.map((s: { source_page: number | null }) => s.source_page)).toEqual([2, 4, 6, null]);
    expect(await labelsPerPage(pdf, 2)).toEqual([
      ['P01', 'P03', 'P05'],
      ['P04', 'P02', 'P06'],
    ]);
  });

  it('work and turn / work and tumble: one plate; each back sits exactly behind its front after the turn or tumble', async () => {
    const { designs } = await labelledDesigns(t.app, store, 2);
    const pdfJob = await pdfJobOf(t.app, store, designs.map((d: { id: string }) => d.id));
    const srcTrim = pdfJob.pages[0].trim_box as number[];
    for (const sides of ['work_and_turn', 'work_and_tumble'] as const) {
      const { job, pdf } = await impose({ pdf_job_id: pdfJob.id, sheet: { preset: 'sra3' }, sides, gutter: 6 });
      expect(job.report.pages).toBe(1);
      expect(job.report.sides[0].side).toBe('both');
      const boxes = await pdfBoxes(pdf);
      const [, , W, H] = boxes[0]!.MediaBox as [number, number, number, number];
      const drawn = trims(await drawnForms(pdf), () => srcTrim);
      const fronts = drawn.filter((d) => d.name === 'P1');
      const backs = drawn.filter((d) => d.name === 'P2');
      expect(fronts.length).toBe(job.report.per_sheet);
      expect(backs.length).toBe(fronts.length);
      expect(fronts.length).toBeGreaterThanOrEqual(8);
      for (const f of fronts) {
        const target = sides === 'work_and_turn' ? { x: W - f.trim.x - f.trim.w, y: f.trim.y } : { x: f.trim.x, y: H - f.trim.y - f.trim.h };
        const b = backs.find((d) => near(d.trim.x, target.x) && near(d.trim.y, target.y));
        expect(b, `${sides}: a back behind the front at ${(f.trim.x / MM).toFixed(1)}, ${(f.trim.y / MM).toFixed(1)} mm`).toBeDefined();
        expect(b!.trim.w).toBeCloseTo(f.trim.w, 2);
        expect(b!.trim.h).toBeCloseTo(f.trim.h, 2);
      }
      // Tumbled backs are turned head over foot (180°) when the fronts are upright.
      const upright = fronts[0]!.matrix[0] === 1;
      if (sides === 'work_and_tumble' && upright) expect(backs[0]!.matrix.slice(0, 4)).toEqual([-1, 0, 0, -1]);
      if (sides === 'work_and_turn' && upright) expect(backs[0]!.matrix.slice(0, 4)).toEqual([1, 0, 0, 1]);
    }
  });

  it.each([8, 12, 16])('saddle-stitched booklet of %i pages: page order, spreads about the centre fold', async (n) => {
    const { designs } = await labelledDesigns(t.app, store, n, { width: 105, height: 148 });
    const { job, pdf } = await impose({ design_ids: designs.map((d: { id: string }) => d.id), sheet: { preset: 'sra3' }, booklet: { binding: 'saddle_stitch' } });
    const sheets = n / 4;
    expect(job).toMatchObject({ mode: 'booklet' });
    expect(job.report).toMatchObject({ sheets, pages: 2 * sheets, blanks: 0, layout: null, order: null, gutter: null });
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(2 * sheets);
    // 2 × 105 mm + bleed fits SRA3 portrait (320 mm across).
    boxes.forEach((b) => expect(b.MediaBox[2]).toBeCloseTo(320 * MM, 1));
    const want: string[][] = [];
    const p = (k: number) => `P${String(k).padStart(2, '0')}`;
    for (let i = 0; i < sheets; i++) {
      want.push([p(n - 2 * i), p(2 * i + 1)], [p(2 * i + 2), p(n - 2 * i - 1)]);
    }
    expect(await labelsPerPage(pdf, 2 * sheets)).toEqual(want);
    const drawn = await drawnForms(pdf);
    // The left page ends at the fold (the sheet's centre), the right one starts there.
    for (const d of drawn) {
      const edge = d.clip.x + d.clip.w;
      expect(near(edge, 160 * MM, 0.01) || near(d.clip.x, 160 * MM, 0.01)).toBe(true);
    }
  });

  it('perfect-bound signatures of 8 with creep: sections in order, inner sheets pushed towards the spine', async () => {
    const { designs } = await labelledDesigns(t.app, store, 12, { width: 105, height: 148 });
    const { job, pdf } = await impose({ design_ids: designs.map((d: { id: string }) => d.id), sheet: { preset: 'sra3' }, booklet: { binding: 'perfect_bound', signature_pages: 8, creep: 0.3 }, name: 'Zine' });
    // 12 pages: one section of 8 (2 sheets) and one of 4 (1 sheet).
    expect(job.report).toMatchObject({ sheets: 3, pages: 6 });
    expect(job.report.sides.map((s: { signature: number }) => s.signature)).toEqual([1, 1, 1, 1, 2, 2]);
    expect(await labelsPerPage(pdf, 6)).toEqual([
      ['P08', 'P01'],
      ['P02', 'P07'],
      ['P06', 'P03'],
      ['P04', 'P05'],
      ['P12', 'P09'],
      ['P10', 'P11'],
    ]);
    const drawn = await drawnForms(pdf);
    const leftE = (page: number) => drawn.find((d) => d.page === page && d.clip.x < 160 * MM - 1)!.matrix[4]!;
    // Sheet 2 of section 1 is one sheet further in: its left page moved 0.3 mm towards the spine.
    expect(leftE(3) - leftE(1)).toBeCloseTo(0.3 * MM, 3);
    expect(leftE(5)).toBeCloseTo(leftE(1), 3);
    // The report says where each page's trim lands, creep included, as the file draws it (issue 38):
    // source pages are 105 × 148 mm with their trim 3 mm in.
    const reported = job.report.sides as Array<{ page: number; slots: Array<{ source_page: number; x: number; y: number; creep: number }> }>;
    expect(reported.map((s) => s.slots.map((slot) => slot.creep))).toEqual([[0, 0], [0, 0], [0.3, 0.3], [0.3, 0.3], [0, 0], [0, 0]]);
    for (const side of reported) {
      for (const slot of side.slots) {
        const d = drawn.find((f) => f.page === side.page && f.name === `P${slot.source_page}`)!;
        const trim = through(d.matrix, [3 * MM, 3 * MM, 108 * MM, 151 * MM]);
        expect(trim.x / MM, `page ${side.page}, source page ${slot.source_page}`).toBeCloseTo(slot.x, 2);
        expect(trim.y / MM).toBeCloseTo(slot.y, 2);
      }
    }
    expect(reported[2]!.slots[0]!.x - reported[0]!.slots[0]!.x).toBeCloseTo(0.3, 3);
  });

  it("a project's designs, oldest first; step and repeat with copies over several sheets", async () => {
    const { designs } = await labelledDesigns(t.app, store, 2);
    const project = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.B(store), payload: { name: 'Run' } })).json().data;
    for (const d of designs) await t.app.inject({ method: 'PUT', url: `/v1/designs/${d.id}`, headers: as.B(store), payload: { project_id: project.id } });
    const { job, pdf } = await impose({ project_id: project.id, sheet: { preset: 'a3_plus' }, order: 'step_and_repeat', copies: 50, layout: { rows: 4, cols: 2 }, rotate: false, marks: { crop: false, registration: false, color_bar: false, slug: false } });
    expect(job).toMatchObject({ project_id: project.id, design_ids: designs.map((d: { id: string }) => d.id) });
    // 50 copies at 8 a sheet: 7 sheets for each of the two cards.
    expect(job.report).toMatchObject({ sheets: 14, pages: 14, per_sheet: 8, sheet: { width: 329, height: 483 } });
    const drawn = await drawnForms(pdf);
    expect(drawn.filter((d) => d.name === 'P1').length).toBe(56);
    expect(new Set(drawn.filter((d) => d.page <= 7).map((d) => d.name))).toEqual(new Set(['P1']));
    expect(new Set(drawn.filter((d) => d.page > 7).map((d) => d.name))).toEqual(new Set(['P2']));
    expect(await labelsPerPage(pdf, 1)).toEqual([Array(8).fill('P01')]);
  });

  it('a CMYK PDF/X-4 job keeps its output intent and embedded fonts when imposed', async () => {
    const { designs } = await labelledDesigns(t.app, store, 1);
    const res = await t.app.inject({ method: 'POST', url: `/v1/designs/${designs[0].id}/pdf`, headers: as.B(store), payload: { color_mode: 'cmyk', crop_marks: true } });
    const pdfJob = await finishedJob(t.app, res.json().data.id, as.B(store));
    expect(pdfJob.status, pdfJob.error).toBe('completed');
    const { job, pdf } = await impose({ pdf_job_id: pdfJob.id, sheet: { preset: '12x18' }, bleed: 'trim', gutter: 0 });
    // The print file's crop-mark slug is left out: only its bleed box is embedded, cut at the trim here.
    expect(job.report.item).toEqual({ width: 85, height: 55, bleed: 3 });
    const doc = await PDFDocument.load(pdf);
    const intents = doc.catalog.lookup(PDFName.of('OutputIntents'), PDFArray);
    expect(intents.size()).toBe(1);
    expect((await pdfFonts(pdf)).every((f) => f.emb)).toBe(true);
    const drawn = await drawnForms(pdf);
    expect(drawn).toHaveLength(job.report.per_sheet);
    // Butted: neighbours share their trim edges.
    const xs = [...new Set(drawn.map((d) => Math.round(d.clip.x * 100) / 100))].sort((a, b) => a - b);
    expect(xs[1]! - xs[0]!).toBeCloseTo(job.report.layout.rotated ? 55 * MM : 85 * MM, 1);
  });

  it('errors: unknown and other-tenant PDF jobs 404, a failed one 422, a sheet too small 422, bad bodies 400', async () => {
    const { designs } = await labelledDesigns(t.app, store, 2);
    const pdfJob = await pdfJobOf(t.app, store, [designs[0].id]);
    const post = (body: Record<string, unknown>, headers = as.B(store)) => t.app.inject({ method: 'POST', url: '/v1/impositions', headers, payload: body });
    const sheet = { preset: 'sra3' };

    expect((await post({ pdf_job_id: '00000000-0000-4000-8000-000000000000', sheet })).statusCode).toBe(404);
    expect((await post({ pdf_job_id: 'not-a-job', sheet })).statusCode).toBe(404);
    const foreign = await post({ pdf_job_id: pdfJob.id, sheet }, as.B(other));
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().error.message).toMatch(/not found/i);
    expect((await post({ design_ids: [designs[0].id], sheet }, as.B(other))).statusCode).toBe(404);

    const small = await post({ pdf_job_id: pdfJob.id, sheet: { width: 80, height: 50, unit: 'mm' } });
    expect(small.statusCode).toBe(422);
    expect(small.json()).toMatchObject({ message: expect.stringContaining('too small'), errors: { sheet: [expect.any(String)] } });
    const grid = await post({ pdf_job_id: pdfJob.id, sheet, layout: { rows: 10, cols: 10 } });
    expect(grid.statusCode).toBe(422);
    const book = await post({ pdf_job_id: pdfJob.id, sheet: { width: 100, height: 100, unit: 'mm' }, booklet: { binding: 'saddle_stitch' } });
    expect(book.statusCode).toBe(422);
    const odd = await post({ pdf_job_id: pdfJob.id, sheet, sides: 'work_and_turn', layout: { rows: 2, cols: 3 } });
    expect(odd.statusCode).toBe(422);
    expect(odd.json().errors.layout[0]).toContain('even number of columns');
    const many = await post({ pdf_job_id: pdfJob.id, sheet, order: 'step_and_repeat', copies: 100000, layout: { rows: 1, cols: 1 } });
    expect(many.statusCode).toBe(422);
    expect(many.json().errors.copies).toBeDefined();
    expect((await post({ pdf_job_id: pdfJob.id, sheet: { width: 300, height: 20, unit: 'inch' } })).statusCode).toBe(400);

    const { designs: big } = await labelledDesigns(t.app, store, 1, { width: 100, height: 100 });
    const mixed = await post({ design_ids: [designs[0].id, big[0].id], sheet });
    expect(mixed.statusCode).toBe(422);
    expect(mixed.json().errors.design_ids[0]).toContain('trim size');

    // A PDF job that failed (its image was deleted) has no file to impose.
    const { layer, image } = await imageLayer(t.app, store);
    const broken = await saveDesign(t.app, store, { side_id: (await labelledDesigns(t.app, store, 0)).side.id, layers: [layer] }, as.B(store));
    await t.app.inject({ method: 'DELETE', url: `/v1/images/${image.id}`, headers: as.B(store) });
    const failedJob = (await t.app.inject({ method: 'POST', url: `/v1/designs/${broken.id}/pdf`, headers: as.B(store), payload: {} })).json().data;
    expect((await finishedJob(t.app, failedJob.id, as.B(store))).status).toBe('failed');
    const failed = await post({ pdf_job_id: failedJob.id, sheet });
    expect(failed.statusCode).toBe(422);
    expect(failed.json().errors.pdf_job_id).toBeDefined();

    for (const body of [
      { sheet },
      { pdf_job_id: pdfJob.id, design_ids: [designs[0].id], sheet },
      { pdf_job_id: pdfJob.id, sheet: { preset: 'a2' } },
      { pdf_job_id: pdfJob.id },
      { pdf_job_id: pdfJob.id, sheet, booklet: { binding: 'saddle_stitch' }, sides: 'sheetwise' },
      { pdf_job_id: pdfJob.id, sheet, booklet: { binding: 'saddle_stitch', signature_pages: 8 } },
      { pdf_job_id: pdfJob.id, sheet, layout: { rows: 0, cols: 2 } },
      { pdf_job_id: pdfJob.id, sheet, colour: 'cmyk' },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().message).toBe('Invalid input');
    }
  });

  it("a PDF job whose file is gone by the time the imposition runs fails the job, naming it; the failure is announced", async () => {
    const { designs } = await labelledDesigns(t.app, store, 1);
    const pdfJob = await pdfJobOf(t.app, store, [designs[0].id]);
    await t.deps.blobs.delete(`pdf/${store.id}/${pdfJob.id}.pdf`);
    const res = await t.app.inject({ method: 'POST', url: '/v1/impositions', headers: as.B(store), payload: { pdf_job_id: pdfJob.id, sheet: { preset: 'sra3' } } });
    expect(res.statusCode).toBe(202);
    const done = await finishedJob(t.app, res.json().data.id, as.B(store));
    expect(done).toMatchObject({ status: 'failed', pdf_url: null, report: null });
    expect(done.error).toContain(`PDF job ${pdfJob.id}`);
    const announced = events.filter((e) => e.topic === 'jobs' && (e.data as { id?: string }).id === done.id);
    expect(announced).toEqual([expect.objectContaining({ event: 'failed', data: expect.objectContaining({ status: 'failed', error: done.error }) })]);
  });

  it('a PDF job still running is a 409 (workers stopped, so it stays queued)', async () => {
    const idle = await buildTestApp();
    try {
      const s = await createStore(idle.app);
      const { designs } = await labelledDesigns(idle.app, s, 1);
      const queued = (await idle.app.inject({ method: 'POST', url: `/v1/designs/${designs[0].id}/pdf`, headers: as.B(s), payload: {} })).json().data;
      const res = await idle.app.inject({ method: 'POST', url: '/v1/impositions', headers: as.B(s), payload: { pdf_job_id: queued.id, sheet: { preset: 'sra3' } } });
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toMatchObject({ code: 'conflict', details: { pdf_job_status: 'queued' } });
    } finally {
      await idle.close();
    }
  }, 90_000);

  it('credentials: store key, J+S and API keys with files:render; other tenants see 404', async () => {
    const { designs } = await labelledDesigns(t.app, store, 1);
    const body = { design_ids: [designs[0].id], sheet: { preset: '13x19' }, marks: { slug: false } };
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/impositions', payload: body, accepts: ['B', 'JS', 'K'] }, store);
    const render = (await storeKey(t, store, { scopes: ['files:render'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['designs:read'] })).key;
    const res = await t.app.inject({ method: 'POST', url: '/v1/impositions', headers: asK(render), payload: body });
    expect(res.statusCode, res.body).toBe(202);
    const denied = await t.app.inject({ method: 'POST', url: '/v1/impositions', headers: asK(reader), payload: body });
    expect(denied.statusCode).toBe(403);
    const viaJs = await t.app.inject({ method: 'POST', url: '/v1/impositions', headers: as.JS(store), payload: body });
    expect(viaJs.statusCode).toBe(202);
    const id = res.json().data.id;
    for (const headers of [as.B(other), as.JS(other), as.U(other), as.J(other.owner)]) {
      expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers })).statusCode).toBe(404);
    }
    const done = await finishedJob(t.app, id, asK(render));
    expect(done.status, done.error).toBe('completed');
    // 13 × 19 in: 936 × 1368 pt.
    const [box] = await pdfBoxes(await downloadLink(t.app, done.pdf_url));
    expect(box!.MediaBox[2]).toBeCloseTo(936, 1);
    expect(box!.MediaBox[3]).toBeCloseTo(1368, 1);
    await finishedJob(t.app, viaJs.json().data.id, as.B(store));
  });
});
