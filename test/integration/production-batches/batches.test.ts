import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { createProduct, createSide } from '../catalog/helpers.js';
import { downloadLink, printApp } from '../designs/helpers.js';
import { approvedOrder, approvedOrders, batch, expectOk, pdfWords } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  ({ t, store } = await printApp());
  other = await createStore(t.app);
});
afterAll(async () => t.close());

async function finishedBatch(id: string, s: TestStore = store) {
  return waitFor(
    async () => {
      const b = (await t.app.inject({ method: 'GET', url: `/v1/production-batches/${id}`, headers: as.B(s) })).json().data;
      return b.job_status === 'completed' || b.job_status === 'failed' ? b : undefined;
    },
    `batch ${id}`,
    170_000,
    300,
  );
}

async function history(id: string) {
  return (await t.app.inject({ method: 'GET', url: `/v1/projects/${id}/history`, headers: as.B(store) })).json().data as Array<{ from: string; to: string; note: string | null }>;
}

describe('production batches', () => {
  it('40 approved business-card orders become imposed SRA3 sheets whose every position names its order (API and PDF); printed moves them all', async () => {
    const product = await createProduct(t.app, store, { name: 'Business card', viewport_width: 340, viewport_height: 220 });
    const side = await createSide(t.app, store, product.id, { name: 'Front', width: 85, height: 55, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 3, right: 3, bottom: 3, left: 3 } });
    const orders = await approvedOrders(t.app, store, 40, (n) => approvedOrder(t.app, store, side.id, n, n === 7 ? 1000 : 250));

    const res = await batch(t.app, store, { kind: 'imposition', product_id: product.id, name: 'Cards run', imposition: { sheet: { preset: 'sra3' }, margins: 10 } });
    expectOk(res);
    const created = res.json().data;
    expect(created).toMatchObject({ kind: 'imposition', status: 'in_production', project_count: 40, run_length: 1000, name: 'Cards run' });
    // oldest first (they were made a few at a time, so not quite in the order of the list)
    orders.sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id));
    expect(created.orders.map((o: { project_id: string }) => o.project_id)).toEqual(orders.map((o) => o.id));
    expect(created.options).toMatchObject({ order: 'sequential', gutter: { x: 6, y: 9 } });

    const b = await finishedBatch(created.id);
    expect(b.job_status, JSON.stringify(b.error)).toBe('completed');
    const positions = b.sheets.flatMap((s: { sheet: number; page: number; positions: unknown[] }) => s.positions.map((p) => ({ ...(p as object), sheetPage: s.page }))) as Array<{
      project_id: string;
      project_code: string;
      line_item_id: string;
      x: number;
      y: number;
      w: number;
      h: number;
      sheetPage: number;
    }>;
    // every order exactly once, in order (sequential): positions are stable
    expect(positions.map((p) => p.project_id)).toEqual(orders.map((o) => o.id));
    expect(positions.map((p) => p.project_code)).toEqual(orders.map((o) => o.code));
    for (const p of positions) expect(p.line_item_id).toMatch(/^L\d+$/);
    // 85 × 55 mm cards, turned when the auto layout fits more that way
    for (const p of positions) expect([p.w, p.h].sort()).toEqual([55, 85]);
    expect(b.sheets.length).toBeGreaterThanOrEqual(2);

    // the printed file, read independently: each position's order code is printed just beside its slot, outside the trim and bleed
    const words = await pdfWords(await downloadLink(t.app, b.pdf_url));
    for (const p of positions) {
      const found = words.filter((w) => w.page === p.sheetPage && w.text === p.project_code);
      expect(found, `${p.project_code} on page ${p.sheetPage}`).toHaveLength(1);
      const w = found[0]!;
      const cx = (w.x0 + w.x1) / 2;
      expect(cx).toBeGreaterThan(p.x);
      expect(cx).toBeLessThan(p.x + p.w);
      const below = w.y1 <= p.y - 3 + 0.3 && w.y0 >= p.y - 3 - 4;
      const above = w.y0 >= p.y + p.h + 3 - 0.3 && w.y1 <= p.y + p.h + 3 + 4;
      expect(below || above, `${p.project_code} at ${JSON.stringify(w)} beside ${JSON.stringify(p)}`).toBe(true);
    }

    // every order moved with its history
    for (const o of [orders[0]!, orders[39]!]) {
      const h = await history(o.id);
      expect(h.at(-1)).toMatchObject({ from: 'approved', to: 'in_production', note: `batch ${created.id}` });
    }
    const list = (await t.app.inject({ method: 'GET', url: '/v1/production-batches?status=in_production', headers: as.B(store) })).json();
    expect(list.data.find((x: { id: string }) => x.id === created.id)).toMatchObject({ project_count: 40, run_length: 1000, status: 'in_production' });

    // a second batch of the same product: none approved any more
    const none = await batch(t.app, store, { kind: 'imposition', product_id: product.id, imposition: { sheet: { preset: 'sra3' } } });
    expect(none.statusCode, none.body).toBe(422);
    expect(none.json().message).toMatch(/no approved orders/);
    expect(none.json().errors).toHaveProperty('product_id');

    const printed = await t.app.inject({ method: 'POST', url: `/v1/production-batches/${created.id}/printed`, headers: as.B(store) });
    expectOk(printed, 200);
    expect(printed.json().data.status).toBe('printed');
    for (const o of orders) expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${o.id}`, headers: as.B(store) })).json().data.state).toBe('printed');
    expect((await history(orders[3]!.id)).at(-1)).toMatchObject({ from: 'in_production', to: 'printed', note: `batch ${created.id}` });
    const again = await t.app.inject({ method: 'POST', url: `/v1/production-batches/${created.id}/printed`, headers: as.B(store) });
    expect(again.statusCode).toBe(409);
    const listed = (await t.app.inject({ method: 'GET', url: '/v1/production-batches?status=printed', headers: as.B(store) })).json();
    expect(listed.data.map((x: { id: string }) => x.id)).toEqual([created.id]);

    // another store sees none of it
    expect((await t.app.inject({ method: 'GET', url: `/v1/production-batches/${created.id}`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/v1/production-batches/${created.id}/printed`, headers: as.B(other) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/production-batches', headers: as.B(other) })).json().data).toEqual([]);
  }, 300_000);

  it('60 DTF transfer orders of 4 sizes become a gang sheet on a 560 mm roll with at least 85 % utilisation', async () => {
    const product = await createProduct(t.app, store, { name: 'DTF transfer', viewport_width: 400, viewport_height: 400 });
    const sizes = [
      [100, 100],
      [135, 80],
      [270, 130],
      [80, 60],
    ] as const;
    const sides: Array<{ id: string }> = [];
    for (const [w, h] of sizes) sides.push(await createSide(t.app, store, product.id, { name: `${w}x${h}`, width: w, height: h, bleed: { top: 0, right: 0, bottom: 0, left: 0 }, safe_zone: { top: 0, right: 0, bottom: 0, left: 0 } }));
    const quantity = (n: number) => 1 + ((n * 7) % 5);
    const orders = await approvedOrders(t.app, store, 60, (n) => approvedOrder(t.app, store, sides[n % 4]!.id, n, quantity(n)), 100);

    // the finished sheets are handed to the delivery queue with their ticket
    const delivered: Array<{ kind: string; batchId?: string | null; file: { name: string }; ticket: { quantity: number; pages: number; trim: { unit: string } } }> = [];
    t.deps.orders.deliveries = { enqueue: async (_tx, input) => void delivered.push(input) };
    const res = await batch(t.app, store, { kind: 'gang_sheet', project_ids: orders.map((o) => o.id), gang_sheet: { roll: { width: 560, unit: 'mm' } } });
    expectOk(res);
    const b = await finishedBatch(res.json().data.id);
    expect(b.job_status, JSON.stringify(b.error)).toBe('completed');
    expect(b.utilisation).toBeGreaterThanOrEqual(0.85);
    const mine = delivered.filter((d) => d.kind === 'batches');
    expect(mine, JSON.stringify(mine.map((m) => [m.batchId, m.file.name]))).toHaveLength(1);
    expect(mine[0]).toMatchObject({ batchId: b.id, file: { name: `batch-Batch-${b.created_at.slice(0, 10)}-${b.id}.pdf` }, ticket: { quantity: 1, pages: b.sheets.length, trim: { unit: 'mm' } } });
    t.deps.orders.deliveries = null;
    const positions = b.sheets.flatMap((s: { positions: unknown[] }) => s.positions) as Array<{ project_id: string; project_code: string }>;
    const copies = new Map<string, number>();
    for (const p of positions) copies.set(p.project_id, (copies.get(p.project_id) ?? 0) + 1);
    // every order's quantity, each copy naming its order
    orders.forEach((o, i) => expect(copies.get(o.id), o.code).toBe(quantity(100 + i)));
    expect(positions.every((p) => orders.some((o) => o.id === p.project_id && o.code === p.project_code))).toBe(true);
  }, 300_000);

  it('answers the documented errors; nothing is written', async () => {
    const product = await createProduct(t.app, store, { name: 'Sticker', viewport_width: 200, viewport_height: 200 });
    const side = await createSide(t.app, store, product.id, { name: 'Front', width: 50, height: 50 });
    const approved = await approvedOrder(t.app, store, side.id, 501, 10);
    const received = await approvedOrder(t.app, store, side.id, 502, 10, 'received');
    const theirs = await createProduct(t.app, other, { name: 'Theirs' });
    const imp = { sheet: { preset: 'sra3' } };

    const both = await batch(t.app, store, { kind: 'imposition', product_id: product.id, project_ids: [approved.id], imposition: imp });
    expect(both.statusCode).toBe(400);
    expect(Object.keys(both.json().error)).toEqual(expect.arrayContaining(['product_id', 'project_ids']));
    expect((await batch(t.app, store, { kind: 'imposition', imposition: imp })).statusCode).toBe(400);
    expect((await batch(t.app, store, { kind: 'imposition', product_id: product.id, gang_sheet: { roll: { width: 560, unit: 'mm' } } })).statusCode).toBe(400);
    expect((await batch(t.app, store, { kind: 'nope', product_id: product.id })).statusCode).toBe(400);

    const notApproved = await batch(t.app, store, { kind: 'imposition', project_ids: [approved.id, received.id], imposition: imp });
    expect(notApproved.statusCode, notApproved.body).toBe(422);
    expect(notApproved.json().message).toContain(received.code);
    expect(notApproved.json().message).toContain('received');
    expect(notApproved.json().errors.project_ids).toEqual([`project ${received.id} is received, not approved`]);

    const otherProject = await batch(t.app, other, { kind: 'imposition', project_ids: [approved.id], imposition: imp });
    expect(otherProject.statusCode).toBe(404);
    expect(otherProject.body).not.toContain(approved.code);
    expect((await batch(t.app, other, { kind: 'imposition', product_id: product.id, imposition: imp })).statusCode).toBe(404);
    const noneApproved = await batch(t.app, other, { kind: 'imposition', product_id: theirs.id, imposition: imp });
    expect(noneApproved.statusCode).toBe(422);

    // a page larger than the sheet: 422 like POST /impositions
    const poster = await createProduct(t.app, store, { name: 'Poster', viewport_width: 600, viewport_height: 848 });
    const big = await createSide(t.app, store, poster.id, { name: 'Front', width: 500, height: 700 });
    await approvedOrder(t.app, store, big.id, 503, 1);
    const tooBig = await batch(t.app, store, { kind: 'imposition', product_id: poster.id, imposition: imp });
    expect(tooBig.statusCode, tooBig.body).toBe(422);

    // nothing moved, no batch written
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${approved.id}`, headers: as.B(store) })).json().data.state).toBe('approved');
    expect((await t.app.inject({ method: 'GET', url: '/v1/production-batches/0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b', headers: as.B(store) })).statusCode).toBe(404);
  }, 120_000);

  it('checks credentials on every route', async () => {
    const id = '0190a1b2-7c3d-7e4f-8a9b-0c1d2e3f4a5b';
    for (const route of [
      { method: 'POST' as const, url: '/v1/production-batches', payload: { kind: 'imposition', product_id: id, imposition: { sheet: { preset: 'sra3' } } } },
      { method: 'GET' as const, url: '/v1/production-batches' },
      { method: 'GET' as const, url: `/v1/production-batches/${id}` },
      { method: 'POST' as const, url: `/v1/production-batches/${id}/printed` },
    ]) {
      await expectAuthCases(t.app, { ...route, accepts: ['B', 'JS', 'K'] }, store);
    }
  });
});
