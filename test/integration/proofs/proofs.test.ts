import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { storeOn } from '../api-keys/helpers.js';
import { downloadLink, finishedJob, saveDesign, textLayer } from '../designs/helpers.js';
import { createOrder, moveTo, transition } from '../orders/helpers.js';
import { pdfFacts, proofProduct, tokenOf, uploadPhoto } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
const clock = { offset: 0 };
const events: DomainEvent[] = [];
beforeAll(async () => {
  t = await buildTestApp({ now: () => Date.now() + clock.offset });
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
  other = await createStore(t.app);
  t.deps.events.subscribe(async (e) => void ((e.topic === 'proofs' || e.topic === 'project') && events.push(e)));
});
afterAll(async () => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const decide = (token: string, payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: `/v1/proofs/${token}`, payload });
const proofsOf = async (id: string) => {
  const res = await get(`/v1/projects/${id}/proofs`, as.B(store));
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as Array<{ id: string; status: string; approval_url: string; pdf_job_id: string; expires_at: string; snapshot_version: number; comment: string | null }>;
};

describe('proofs', () => {
  it('received → proof_pending with a light watermarked PDF and a link; the customer approves; the print file follows', async () => {
    const { front } = await proofProduct(t.app, store);
    const photo = await uploadPhoto(t.app, store);
    const order = await createOrder(t.app, store, { name: 'Order #7 <Ada & Co>', quantity: 100, external_ref: { source: 'shop', order_id: '7', line_item_id: '1' } });
    await saveDesign(t.app, store, { side_id: front.id, project_id: order.id, layers: [{ type: 'image', left: 0, top: 0, scaleX: 600 / 1800, scaleY: 848 / 2550, src: photo.url }, textLayer({ text: 'Ada Lovelace' })] });

    const moved = await moveTo(t.app, store, order.id, 'received', 'paid');
    expect(moved).toMatchObject({ state: 'proof_pending', allowed_transitions: ['approved', 'on_hold', 'cancelled'] });
    const [proof] = await proofsOf(order.id);
    expect(proof).toMatchObject({ status: 'pending', snapshot_version: 1, comment: null, approval_url: expect.stringMatching(/^http:\/\/folio\.test\/proof\/[^/]+$/) });
    // 14 days by default
    expect(Date.parse(proof!.expires_at) - Date.now()).toBeGreaterThan(335 * 3600_000);
    const files = (await get(`/v1/projects/${order.id}/files`, as.B(store))).json().data;
    expect(files).toEqual([expect.objectContaining({ kind: 'proof', name: `${order.code}-1-flyer-a5-100x-proof.pdf`, job_id: proof!.pdf_job_id })]);
    const proofJob = await finishedJob(t.app, proof!.pdf_job_id, as.B(store));
    expect(proofJob, JSON.stringify(proofJob)).toMatchObject({ status: 'completed', color_mode: 'rgb', pdf_standard: 'none' });
    const proofPdf = await downloadLink(t.app, proofJob.pdf_url);
    const facts = await pdfFacts(proofPdf);
    expect(facts.text).toContain('PROOF - not for print');
    // the diagonal one too (drawn glyph by glyph at its size, pdftotext spaces the letters)
    expect(facts.text.replace(/\s+/g, '')).toMatch(/PROOF.*PROOF/);
    expect(facts.text).toContain('Ada Lovelace');
    expect(facts.ppi.length).toBeGreaterThan(0);
    expect(Math.max(...facts.ppi)).toBeLessThanOrEqual(152);

    const token = tokenOf(proof!.approval_url);
    const view = await get(`/v1/proofs/${token}`);
    expect(view.statusCode, view.body).toBe(200);
    const data = view.json().data;
    expect(data).toMatchObject({ id: proof!.id, status: 'pending', project: { name: 'Order #7 <Ada & Co>', code: order.code, quantity: 100, state: 'proof_pending' }, actions: ['approve', 'request_changes'], pdf: { status: 'completed', url: expect.any(String) } });
    expect(data.pages).toHaveLength(1);
    // the page image: the frozen page's proof image, made on demand
    const img = await get(new URL(data.pages[0].image_url).pathname);
    expect(img.statusCode, img.body).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(img.rawPayload.subarray(1, 4).toString()).toBe('PNG');
    // the link renders only its own pages
    const snap = (await get(`/v1/projects/${order.id}/snapshot`, as.B(store))).json().data;
    expect((await get(`/v1/proofs/${token}/pages/${snap.pages[0].design_id}/image`)).statusCode).toBe(404);

    // the HTML page: everything escaped, no external resources
    const html = await get(`/proof/${token}`);
    expect(html.statusCode).toBe(200);
    expect(html.headers['content-security-policy']).toContain("default-src 'none'");
    expect(html.headers['referrer-policy']).toBe('no-referrer');
    expect(html.body).toContain('Order #7 &#60;Ada &#38; Co&#62;');
    expect(html.body).not.toContain('<Ada');
    expect(html.body).not.toMatch(/https?:\/\/(?!folio\.test)[a-z]/);

    // tampered and unknown links
    const [id, exp, sig] = token.split('.') as [string, string, string];
    for (const bad of [`${id}.${Number(exp) + 3600}.${sig}`, `${id}.${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`, 'nonsense', `${id}.${exp}`]) {
      const res = await get(`/v1/proofs/${bad}`);
      expect(res.statusCode, bad).toBe(404);
      expect(res.json().error.message).toContain('not valid');
      expect((await decide(bad, { decision: 'approve' })).statusCode).toBe(404);
    }
    expect((await get(`/proof/nonsense`)).statusCode).toBe(404);
    // a bad body is a 400
    expect((await decide(token, { decision: 'maybe' })).statusCode).toBe(400);
    const noComment = await decide(token, { decision: 'request_changes', comment: '  ' });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().error.comment).toEqual([expect.stringContaining('required')]);

    const approved = await decide(token, { decision: 'approve', name: 'Ada <ada@example.com>' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'approved', decided_by: 'Ada <ada@example.com>', actions: [], project: { state: 'approved' } });
    const again = await decide(token, { decision: 'request_changes', comment: 'wait' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toContain('already decided');

    const history = (await get(`/v1/projects/${order.id}/history`, as.B(store))).json().data;
    expect(history.map((h: { to: string }) => h.to)).toEqual(['received', 'proof_pending', 'approved']);
    expect(history[1].actor).toEqual({ type: 'system', id: null });
    expect(history[2].actor).toEqual({ type: 'customer', id: proof!.id });
    // approving made the print file: CMYK, full resolution; the proof is a fraction of it
    const print = (await get(`/v1/projects/${order.id}/files`, as.B(store))).json().data.find((f: { kind: string }) => f.kind === 'print');
    expect(print).toMatchObject({ name: `${order.code}-1-flyer-a5-100x.pdf` });
    const printJob = await finishedJob(t.app, print.job_id, as.B(store));
    expect(printJob.status).toBe('completed');
    const printPdf = await downloadLink(t.app, printJob.pdf_url);
    const printFacts = await pdfFacts(printPdf);
    expect(printFacts.text).not.toContain('PROOF');
    expect(Math.min(...printFacts.ppi)).toBeGreaterThan(Math.max(...facts.ppi) * 1.5);
    expect(proofPdf.length * 4).toBeLessThan(printPdf.length);

    const created = events.filter((e) => e.topic === 'proofs' && (e.data as { project_id: string }).project_id === order.id);
    expect(created).toEqual([expect.objectContaining({ event: 'created', data: expect.objectContaining({ id: proof!.id, approval_url: proof!.approval_url, status: 'pending' }) })]);
    const states = events.filter((e) => e.topic === 'project' && (e.data as { id: string }).id === order.id).map((e) => e.event);
    expect(states).toEqual(['received', 'proof_pending', 'approved']);
  }, 240_000);

  it('request changes → on_hold with the note → received again → a new proof, the old one superseded; expiry, new links, other stores, auth', async () => {
    const { front } = await proofProduct(t.app, store, 'Business card');
    const order = await createOrder(t.app, store, { name: 'Cards', quantity: 250 });
    const design = await saveDesign(t.app, store, { side_id: front.id, project_id: order.id, layers: [textLayer({ text: 'Grace Hoper' })] });
    await moveTo(t.app, store, order.id, 'received');
    const [first] = await proofsOf(order.id);
    const oldToken = tokenOf(first!.approval_url);

    const changes = await decide(oldToken, { decision: 'request_changes', comment: 'Typo: Hopper has two p', name: 'Grace' });
    expect(changes.statusCode, changes.body).toBe(200);
    expect(changes.json().data).toMatchObject({ status: 'changes_requested', comment: 'Typo: Hopper has two p', project: { state: 'on_hold' } });
    const history = (await get(`/v1/projects/${order.id}/history`, as.B(store))).json().data;
    expect(history.at(-1)).toMatchObject({ from: 'proof_pending', to: 'on_hold', note: 'Typo: Hopper has two p', actor: { type: 'customer', id: first!.id } });

    // the shop fixes the design and receives the order again: frozen again, a new proof
    expect((await t.app.inject({ method: 'PUT', url: `/v1/designs/${design.id}`, headers: as.B(store), payload: { layers: [textLayer({ text: 'Grace Hopper' })] } })).statusCode).toBe(200);
    expect((await moveTo(t.app, store, order.id, 'received')).state).toBe('proof_pending');
    const [second, old] = await proofsOf(order.id);
    expect(second).toMatchObject({ status: 'pending', snapshot_version: 2 });
    expect(old).toMatchObject({ id: first!.id, status: 'superseded', comment: 'Typo: Hopper has two p' });
    const files = (await get(`/v1/projects/${order.id}/files`, as.B(store))).json().data;
    expect(files.map((f: { kind: string; name: string }) => `${f.kind}:${f.name}`)).toEqual([`proof:${order.code}-1-business-card-250x-proof.pdf`, `proof:${order.code}-1-business-card-250x-v2-proof.pdf`]);
    const newPdf = await pdfFacts(await downloadLink(t.app, (await finishedJob(t.app, second!.pdf_job_id, as.B(store))).pdf_url));
    expect(newPdf.text).toContain('Grace Hopper');

    // the old link shows its proof but cannot decide it
    expect((await get(`/v1/proofs/${oldToken}`)).json().data).toMatchObject({ status: 'superseded', actions: [] });
    const stale = await decide(oldToken, { decision: 'approve' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.message).toContain('newer proof');

    // expired: 410 with a clear message (page too); a new link from the shop works
    const token = tokenOf(second!.approval_url);
    clock.offset = 15 * 24 * 3600_000;
    try {
      const gone = await get(`/v1/proofs/${token}`);
      expect(gone.statusCode).toBe(410);
      expect(gone.json().error.message).toContain('expired');
      expect((await decide(token, { decision: 'approve' })).statusCode).toBe(410);
      expect((await get(`/proof/${token}`)).statusCode).toBe(410);
      const renewed = await t.app.inject({ method: 'POST', url: `/v1/projects/${order.id}/proofs`, headers: as.B(store) });
      expect(renewed.statusCode, renewed.body).toBe(200);
      expect(renewed.json().data).toMatchObject({ id: second!.id, status: 'pending' });
      const fresh = tokenOf(renewed.json().data.approval_url);
      expect(fresh).not.toBe(token);
      expect((await proofsOf(order.id))[0]!.approval_url).toBe(renewed.json().data.approval_url);
      expect((await get(`/v1/proofs/${fresh}`)).statusCode).toBe(200);
      expect((await decide(fresh, { decision: 'approve' })).statusCode).toBe(200);
    } finally {
      clock.offset = 0;
    }
    // no proof waiting: no new link
    const late = await t.app.inject({ method: 'POST', url: `/v1/projects/${order.id}/proofs`, headers: as.B(store) });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toContain('proof_pending');

    // other stores and credentials
    for (const [method, url] of [
      ['GET', `/v1/projects/${order.id}/proofs`],
      ['POST', `/v1/projects/${order.id}/proofs`],
      ['GET', `/v1/project/${order.id}/proofs`],
    ] as const) {
      expect((await t.app.inject({ method, url, headers: as.B(other) })).statusCode, url).toBe(404);
    }
    await expectAuthCases(t.app, { method: 'GET', url: `/v1/projects/${order.id}/proofs`, accepts: ['B', 'JS', 'K'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: `/v1/projects/${order.id}/proofs`, accepts: ['B', 'JS', 'K'] }, store);
    expect((await transition(t.app, store, order.id, 'in_production')).statusCode).toBe(200);
  }, 240_000);
});
