import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../../../src/platform/events.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { pdfBoxes, pdfFonts } from '../../unit/engines/pdf/helpers.js';
import { asK, storeKey, storeOn } from '../api-keys/helpers.js';
import { downloadLink, finishedJob } from '../designs/helpers.js';
import { colourBlocks, drawnForms, labelledDesigns, MM } from './helpers.js';

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

async function gang(body: Record<string, unknown>, headers = as.B(store)) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/gang-sheets', headers, payload: body });
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().data).toMatchObject({ type: 'gang_sheet', status: 'queued', pdf_url: null, length_used: null, utilisation: null });
  const done = await finishedJob(t.app, res.json().data.id, headers);
  expect(done.status, done.error).toBe('completed');
  return { job: done, pdf: await downloadLink(t.app, done.pdf_url) };
}

type R = { x: number; y: number; w: number; h: number };
const apart = (a: R, b: R, gap: number) => a.x + a.w + gap <= b.x + 0.01 || b.x + b.w + gap <= a.x + 0.01 || a.y + a.h + gap <= b.y + 0.01 || b.y + b.h + gap <= a.y + 0.01;

describe('POST /v1/gang-sheets', () => {
  it('nests three designs with quantities on a 22 in roll: every copy drawn once, none closer than the spacing, inside the margins; length and utilisation reported', async () => {
    const a = (await labelledDesigns(t.app, store, 1, { width: 90, height: 60, bleed: 2, color: '#00ff00', prefix: 'A' })).designs[0];
    const b = (await labelledDesigns(t.app, store, 1, { width: 150, height: 40, bleed: 2, color: '#00ff00', prefix: 'B' })).designs[0];
    const c = (await labelledDesigns(t.app, store, 1, { width: 120, height: 120, bleed: 2, color: '#00ff00', prefix: 'C' })).designs[0];
    const items = [
      { design_id: a.id, quantity: 14 },
      { design_id: b.id, quantity: 9 },
      { design_id: c.id, quantity: 5 },
    ];
    const { job, pdf } = await gang({ items, roll: { width: 22, unit: 'inch' }, spacing: 4, margins: 5, name: 'DTF order 88' });
    expect(job).toMatchObject({ items, length_unit: 'inch', options: { spacing: 4, margins: 5, rotate: true, unit: 'mm' } });
    expect(job.report.placed).toBe(28);
    const announced = events.filter((e) => e.topic === 'jobs' && (e.data as { id?: string }).id === job.id);
    expect(announced).toHaveLength(1);
    expect(announced[0]).toMatchObject({ event: 'completed', data: { type: 'gang_sheet', length_used: job.length_used, utilisation: job.utilisation } });

    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(1);
    const [, , W, H] = boxes[0]!.MediaBox as [number, number, number, number];
    expect(W).toBeCloseTo(22 * 72, 1);
    // length_used is the page's length (inches), margins included.
    expect(job.length_used).toBeCloseTo(H / 72, 2);
    expect((await pdfFonts(pdf)).every((f) => f.emb)).toBe(true);

    const drawn = await drawnForms(pdf);
    expect(drawn).toHaveLength(28);
    const count = (name: string) => drawn.filter((d) => d.name === name).length;
    // Page order of the source: each design once, in the order first named.
    expect([count('P1'), count('P2'), count('P3')]).toEqual([14, 9, 5]);
    const size: Record<string, [number, number]> = { P1: [90, 60], P2: [150, 40], P3: [120, 120] };
    let area = 0;
    for (const d of drawn) {
      const [w, h] = size[d.name]!;
      const dims = [d.clip.w / MM, d.clip.h / MM].sort((p, q) => p - q);
      expect(dims[0]).toBeCloseTo(Math.min(w, h), 2);
      expect(dims[1]).toBeCloseTo(Math.max(w, h), 2);
      expect(d.clip.x).toBeGreaterThanOrEqual(5 * MM - 0.01);
      expect(d.clip.y).toBeGreaterThanOrEqual(5 * MM - 0.01);
      expect(d.clip.x + d.clip.w).toBeLessThanOrEqual(W - 5 * MM + 0.01);
      expect(d.clip.y + d.clip.h).toBeLessThanOrEqual(H - 5 * MM + 0.01);
      area += d.clip.w * d.clip.h;
    }
    for (let i = 0; i < drawn.length; i++) for (let j = i + 1; j < drawn.length; j++) expect(apart(drawn[i]!.clip, drawn[j]!.clip, 4 * MM - 0.01)).toBe(true);
    // Utilisation: printed area over the roll used inside the margins.
    expect(job.utilisation).toBeCloseTo(area / ((W - 10 * MM) * (H - 10 * MM)), 3);
    expect(job.utilisation).toBeGreaterThan(job.report.shelf_utilisation - 1e-9);
    // Rendered: 28 separate green blocks (trimmed: no bleed on a transfer).
    const { blocks } = await colourBlocks(pdf, 1, 15, [0, 255, 0]);
    expect(blocks).toHaveLength(28);
  });

  it('onto SRA3 sheets: as many pages as sheets, each the sheet size; items never cross a sheet', async () => {
    const a = (await labelledDesigns(t.app, store, 1, { width: 100, height: 70, bleed: 0, prefix: 'S' })).designs[0];
    const { job, pdf } = await gang({ items: [{ design_id: a.id, quantity: 40 }], sheet: { preset: 'sra3', orientation: 'portrait' }, spacing: 2, margins: 5, rotate: false });
    // 310 × 440 usable: 3 across (3 × 100 + 2 × 2), 6 down (6 × 70 + 5 × 2): 18 a sheet, so 3 sheets.
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(3);
    for (const b of boxes) {
      expect(b.MediaBox[2]).toBeCloseTo(320 * MM, 1);
      expect(b.MediaBox[3]).toBeCloseTo(450 * MM, 1);
    }
    const drawn = await drawnForms(pdf);
    expect([1, 2, 3].map((p) => drawn.filter((d) => d.page === p).length)).toEqual([18, 18, 4]);
    expect(job.report.sheets).toHaveLength(3);
    expect(job.length_unit).toBe('mm');
    expect(job.utilisation).toBeCloseTo((40 * 100 * 70) / (3 * 310 * 440), 3);
  });

  it('a sheet with orientation auto is laid out the way round that needs fewer sheets', async () => {
    const a = (await labelledDesigns(t.app, store, 1, { width: 140, height: 100, bleed: 0, prefix: 'L' })).designs[0];
    // 310 × 440 usable upright holds 2 × 4 = 8; 440 × 310 holds 3 × 3 = 9: nine copies fit one landscape sheet.
    const { job, pdf } = await gang({ items: [{ design_id: a.id, quantity: 9 }], sheet: { preset: 'sra3' }, spacing: 2, margins: 5, rotate: false });
    const boxes = await pdfBoxes(pdf);
    expect(boxes).toHaveLength(1);
    expect(boxes[0]!.MediaBox[2]).toBeCloseTo(450 * MM, 1);
    expect(boxes[0]!.MediaBox[3]).toBeCloseTo(320 * MM, 1);
    expect(await drawnForms(pdf)).toHaveLength(9);
    expect(job.report.sheets).toEqual([{ page: 1, width: 450, height: 320 }]);
  });

  it('errors: a design wider than the roll 422, other tenants and unknown designs 404, bad bodies 400', async () => {
    const wide = (await labelledDesigns(t.app, store, 1, { width: 300, height: 200 })).designs[0];
    const post = (body: Record<string, unknown>, headers = as.B(store)) => t.app.inject({ method: 'POST', url: '/v1/gang-sheets', headers, payload: body });
    const narrow = await post({ items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 150, unit: 'mm' } });
    expect(narrow.statusCode).toBe(422);
    expect(narrow.json()).toMatchObject({ errors: { items: [expect.stringContaining(wide.id)] } });
    // 300 × 200 fits 210 mm turned; not when rotation is off.
    expect((await post({ items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 210, unit: 'mm' }, rotate: false })).statusCode).toBe(422);
    const fine = await post({ items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 215, unit: 'mm' } });
    expect(fine.statusCode).toBe(202);
    await finishedJob(t.app, fine.json().data.id, as.B(store));
    expect((await post({ items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 22, unit: 'inch' } }, as.B(other))).statusCode).toBe(404);
    expect((await post({ items: [{ design_id: '00000000-0000-4000-8000-000000000000', quantity: 1 }], roll: { width: 22, unit: 'inch' } })).statusCode).toBe(404);
    for (const body of [
      { items: [{ design_id: wide.id, quantity: 1 }] },
      { items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 22, unit: 'inch' }, sheet: { preset: 'sra3' } },
      { items: [], roll: { width: 22, unit: 'inch' } },
      { items: [{ design_id: wide.id, quantity: 0 }], roll: { width: 22, unit: 'inch' } },
      { items: [{ design_id: wide.id, quantity: 1500 }, { design_id: wide.id, quantity: 1500 }], roll: { width: 22, unit: 'inch' } },
      { items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 22, unit: 'inch', max_length: 9000 } },
      { items: [{ design_id: wide.id, quantity: 1 }], roll: { width: 22, unit: 'furlong' } },
    ]) {
      const res = await post(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
  });

  it('credentials: store key, J+S and API keys with files:render; other tenants cannot read the job', async () => {
    const d = (await labelledDesigns(t.app, store, 1, { width: 50, height: 50 })).designs[0];
    const body = { items: [{ design_id: d.id, quantity: 3 }], roll: { width: 60, unit: 'cm' } };
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/gang-sheets', payload: body, accepts: ['B', 'JS', 'K'] }, store);
    const render = (await storeKey(t, store, { scopes: ['files:render'] })).key;
    const reader = (await storeKey(t, store, { scopes: ['catalog:read', 'designs:read'] })).key;
    expect((await t.app.inject({ method: 'POST', url: '/v1/gang-sheets', headers: asK(reader), payload: body })).statusCode).toBe(403);
    const ok = await t.app.inject({ method: 'POST', url: '/v1/gang-sheets', headers: asK(render), payload: body });
    expect(ok.statusCode).toBe(202);
    const js = await t.app.inject({ method: 'POST', url: '/v1/gang-sheets', headers: as.JS(store), payload: body });
    expect(js.statusCode).toBe(202);
    for (const headers of [as.B(other), as.JS(other), as.J(other.owner)]) {
      expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${ok.json().data.id}`, headers })).statusCode).toBe(404);
    }
    const done = await finishedJob(t.app, ok.json().data.id, asK(render));
    expect(done).toMatchObject({ status: 'completed', length_unit: 'cm' });
    expect(done.length_used).toBeGreaterThan(5);
    await finishedJob(t.app, js.json().data.id, as.B(store));
  });
});
