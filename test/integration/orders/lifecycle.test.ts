import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import sharp from 'sharp';
import type { DomainEvent } from '../../../src/platform/events.js';
import { upload } from '../catalog/helpers.js';
import { downloadLink, finishedJob, printApp, printProduct, saveDesign, textLayer } from '../designs/helpers.js';
import { createOrder, moveTo, pdfFingerprint, transition } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
const events: DomainEvent[] = [];
beforeAll(async () => {
  ({ t, store } = await printApp());
  t.deps.events.subscribe(async (e) => void (e.topic === 'project' && events.push(e)));
  other = await createStore(t.app);
});
afterAll(async () => t.close());

describe('order lifecycle', () => {
  it('walks one order through every state; an edit after received does not change its print file', async () => {
    const { product, front } = await printProduct(t.app, store);
    const img = (await upload(t.app, store)).json().data;
    const order = await createOrder(t.app, store, { name: 'Order #1042', quantity: 250, external_ref: { source: 'shop', order_id: '1042', line_item_id: '7' } });
    expect(order).toMatchObject({ state: 'draft', status: 'processing', quantity: 250, external_ref: { source: 'shop', order_id: '1042', line_item_id: '7' }, locked_at: null });
    // the same shop line again is the same project
    expect((await createOrder(t.app, store, { name: 'Order #1042 again', external_ref: { source: 'shop', order_id: '1042', line_item_id: '7' } })).id).toBe(order.id);
    const design = await saveDesign(t.app, store, { side_id: front.id, project_id: order.id, layers: [textLayer({ text: 'Ada Lovelace' }), { type: 'image', left: 100, top: 300, src: img.url }] });

    const bad = await transition(t.app, store, order.id, 'printed');
    expect(bad.statusCode).toBe(409);
    expect(bad.json().error.details).toMatchObject({ state: 'draft', allowed_transitions: ['received', 'on_hold', 'cancelled'] });

    const received = await moveTo(t.app, store, order.id, 'received', 'paid');
    expect(received).toMatchObject({ state: 'received', status: 'processing', allowed_transitions: ['proof_pending', 'approved', 'on_hold', 'cancelled'] });
    expect(received.locked_at).toEqual(expect.any(String));
    // quantity and status are fixed now
    const put = await t.app.inject({ method: 'PUT', url: `/v1/projects/${order.id}`, headers: as.B(store), payload: { status: 'accepted' } });
    expect(put.statusCode).toBe(409);

    const files = (await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}/files`, headers: as.B(store) })).json().data;
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ kind: 'print', snapshot_version: 1, name: `${order.code}-7-flyer-a5-250x.pdf` });
    const printJob = await finishedJob(t.app, files[0].job_id, as.B(store));
    expect(printJob, JSON.stringify(printJob)).toMatchObject({ status: 'completed', pdf_standard: 'pdf_x4', color_mode: 'cmyk' });
    const printed = await pdfFingerprint(await downloadLink(t.app, printJob.pdf_url));
    expect(printed.text).toContain('Ada Lovelace');
    expect(printed.images.length).toBeGreaterThan(0);

    // the shopper edits the design after the order was received: text and picture change
    const img2 = (await upload(t.app, store, '/v1/images', await sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 20, g: 200, b: 30 } } }).png().toBuffer())).json().data;
    const edit = await t.app.inject({ method: 'PUT', url: `/v1/designs/${design.id}`, headers: as.B(store), payload: { layers: [textLayer({ text: 'Grace Hopper' }), { type: 'image', left: 100, top: 300, src: img2.url }] } });
    expect(edit.statusCode, edit.body).toBe(200);
    // the design itself prints the edit …
    const designPdf = (await t.app.inject({ method: 'POST', url: `/v1/designs/${design.id}/pdf`, headers: as.B(store), payload: { pdf_standard: 'pdf_x4' } })).json().data;
    const edited = await pdfFingerprint(await downloadLink(t.app, (await finishedJob(t.app, designPdf.id, as.B(store))).pdf_url));
    expect(edited.text).toContain('Grace Hopper');
    expect(edited.images).not.toEqual(printed.images);
    // … the order prints its snapshot: the project's PDF now equals the print file in text and image hashes
    const again = (await t.app.inject({ method: 'POST', url: `/v1/projects/${order.id}/pdf`, headers: as.B(store), payload: { pdf_standard: 'pdf_x4' } })).json().data;
    const reprint = await pdfFingerprint(await downloadLink(t.app, (await finishedJob(t.app, again.id, as.B(store))).pdf_url));
    expect(reprint).toEqual(printed);
    const snap = (await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}/snapshot`, headers: as.B(store) })).json().data;
    expect(snap).toMatchObject({ version: 1, pages: [{ design_id: design.id, product_id: product.id, position: 0, hash: expect.stringMatching(/^[0-9a-f]{64}$/) }] });
    expect(again.design_ids).toEqual([snap.pages[0].id]);

    for (const to of ['approved', 'in_production', 'printed'] as const) expect((await moveTo(t.app, store, order.id, to)).state).toBe(to);
    // nothing after printed but shipping
    expect((await transition(t.app, store, order.id, 'cancelled')).json().error.details.allowed_transitions).toEqual(['shipped']);
    const shipped = await moveTo(t.app, store, order.id, 'shipped', 'DHL 00340434161094042557');
    expect(shipped).toMatchObject({ state: 'shipped', status: 'accepted', allowed_transitions: [] });
    // approving did not make a second print file of the same freeze
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}/files`, headers: as.B(store) })).json().data).toHaveLength(1);

    const history = (await t.app.inject({ method: 'GET', url: `/v1/project/${order.id}/history`, headers: as.B(store) })).json().data;
    expect(history.map((h: { from: string; to: string }) => `${h.from}>${h.to}`)).toEqual(['draft>received', 'received>approved', 'approved>in_production', 'in_production>printed', 'printed>shipped']);
    expect(history[0]).toMatchObject({ note: 'paid', actor: { type: 'store' } });
    expect(history[4].note).toBe('DHL 00340434161094042557');
    const mine = events.filter((e) => (e.data as { id: string }).id === order.id);
    expect(mine.map((e) => e.event)).toEqual(['received', 'approved', 'in_production', 'printed', 'shipped']);
    expect(mine[0]!.data).toMatchObject({ state: 'received', transition: { from: 'draft', to: 'received', note: 'paid' } });

    // the seed's status filter keeps its meaning; state filters too
    const ids = async (q: string) => (await t.app.inject({ method: 'GET', url: `/v1/projects${q}`, headers: as.B(store) })).json().data.map((p: { id: string }) => p.id);
    expect(await ids('?status=accepted')).toContain(order.id);
    expect(await ids('?state=shipped')).toEqual([order.id]);
    expect(await ids('?state=draft')).not.toContain(order.id);
  }, 180_000);

  it('holds and resumes, cancels; a project without designs cannot be received; auth and other tenants', async () => {
    const empty = await createOrder(t.app, store, { name: 'Empty' });
    const none = await transition(t.app, store, empty.id, 'received');
    expect(none.statusCode).toBe(422);
    expect(JSON.stringify(none.json())).toContain('no designs');
    const held = await moveTo(t.app, store, empty.id, 'on_hold', 'waiting for artwork');
    expect(held).toMatchObject({ state: 'on_hold', status: 'processing', allowed_transitions: ['draft', 'received', 'cancelled'] });
    expect((await moveTo(t.app, store, empty.id, 'draft')).state).toBe('draft');
    // a draft keeps the seed's free status
    const put = await t.app.inject({ method: 'PUT', url: `/v1/projects/${empty.id}`, headers: as.B(store), payload: { status: 'reviewing' } });
    expect(put.json().data).toMatchObject({ status: 'reviewing', state: 'draft' });
    expect((await moveTo(t.app, store, empty.id, 'cancelled')).status).toBe('trashed');
    expect((await transition(t.app, store, empty.id, 'draft')).statusCode).toBe(409);

    const bodyErr = await t.app.inject({ method: 'POST', url: `/v1/projects/${empty.id}/transitions`, headers: as.B(store), payload: { to: 'lost' } });
    expect(bodyErr.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.B(store), payload: { name: 'x', state: 'shipped' } })).statusCode).toBe(400);
    // the public token creates projects but does not move orders
    expect((await transition(t.app, store, empty.id, 'on_hold', undefined, as.U(store))).statusCode).toBe(401);
    for (const [method, url] of [
      ['POST', `/v1/projects/${empty.id}/transitions`],
      ['GET', `/v1/projects/${empty.id}/history`],
      ['GET', `/v1/projects/${empty.id}/files`],
      ['GET', `/v1/projects/${empty.id}/snapshot`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: as.B(other), ...(method === 'POST' ? { payload: { to: 'on_hold' } } : {}) });
      expect(res.statusCode, url).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${empty.id}/snapshot`, headers: as.B(store) })).statusCode).toBe(404);
  });
});

describe('order lines', () => {
  it('a batch or a PUT naming a taken order line is a 409 naming external_ref, never a second project; a PUT may set it once', async () => {
    const ref = { source: 'shop', order_id: '2001', line_item_id: '1' };
    const first = await createOrder(t.app, store, { name: 'First', external_ref: ref });
    const batch = await t.app.inject({ method: 'POST', url: '/v1/projects/batch', headers: as.B(store), payload: { projects: [{ name: 'Dup', external_ref: ref }] } });
    expect(batch.statusCode).toBe(409);
    expect(JSON.stringify(batch.json()), batch.body).toContain('external_ref');
    const second = await createOrder(t.app, store, { name: 'Other' });
    const put = await t.app.inject({ method: 'PUT', url: `/v1/projects/${second.id}`, headers: as.B(store), payload: { external_ref: ref } });
    expect(put.statusCode).toBe(409);
    const own = await t.app.inject({ method: 'PUT', url: `/v1/projects/${second.id}`, headers: as.B(store), payload: { external_ref: { ...ref, line_item_id: '2' } } });
    expect(own.json().data.external_ref).toEqual({ ...ref, line_item_id: '2' });
    expect((await createOrder(t.app, store, { name: 'Again', external_ref: { ...ref, line_item_id: '2' } })).id).toBe(second.id);
    const change = await t.app.inject({ method: 'PUT', url: `/v1/projects/${second.id}`, headers: as.B(store), payload: { external_ref: { ...ref, line_item_id: '3' } } });
    expect(change.statusCode).toBe(400);
    // another store may have the same line
    expect((await createOrder(t.app, other, { name: 'Theirs', external_ref: ref })).id).not.toBe(first.id);
  });
});
