/**
 * A store's and a product's default output profile (`output_profile` on PUT /stores/{id} and
 * on products): validated against the installed profiles, and taken by print and merge jobs
 * that name none, in the order request → product → store → `swop`. The file's OutputIntent
 * is read back with qpdf.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { createProduct, createSide } from '../catalog/helpers.js';
import { pdfxFacts } from '../../unit/engines/pdf/pdfx-helpers.js';
import { downloadLink, finishedJob, printApp, saveDesign } from './helpers.js';

let t: TestApp;
let store: TestStore;
let other: TestStore;
beforeAll(async () => {
  ({ t, store } = await printApp());
  other = await createStore(t.app);
});
afterAll(async () => t.close());

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Record<string, string>, payload?: object) => t.app.inject({ method, url, headers, payload });

/** A small one-side product (with `extra`, e.g. its output_profile) and a design on it. */
async function designOn(extra: Record<string, unknown> = {}, designExtra: Record<string, unknown> = {}) {
  const product = await createProduct(t.app, store, { name: 'Sticker', viewport_width: 200, viewport_height: 100, ...extra });
  const side = await createSide(t.app, store, product.id, { width: 50, height: 25, bleed: { top: 1, right: 1, bottom: 1, left: 1 }, safe_zone: { top: 0, right: 0, bottom: 0, left: 0 } });
  const layers = [{ type: 'rect', left: 0, top: 0, width: 200, height: 100, fill: '#c81e3c', strokeWidth: 0 }];
  return { product, design: await saveDesign(t.app, store, { side_id: side.id, viewport_width: 200, viewport_height: 100, layers, ...designExtra }) };
}

async function pdfJob(url: string, body: Record<string, unknown>) {
  const res = await inject('POST', url, as.U(store), body);
  expect(res.statusCode, res.body).toBe(202);
  return res.json().data;
}

describe('default output profile of a store and a product', () => {
  it('is validated against the installed profiles (400 in the validation envelope), cleared with null, and another store\'s product stays 404', async () => {
    const owner = as.J(store.owner);
    const bad = await inject('PUT', `/v1/stores/${store.id}`, owner, { output_profile: 'fogra99' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid input', error: { output_profile: [expect.stringContaining('fogra39, fogra29, gracol2006, swop')] } });
    const set = await inject('PUT', `/v1/stores/${store.id}`, owner, { output_profile: 'gracol2006' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.output_profile).toBe('gracol2006');
    expect((await inject('GET', `/v1/stores/${store.id}`, owner)).json().data.output_profile).toBe('gracol2006');
    expect((await inject('PUT', `/v1/stores/${store.id}`, owner, { output_profile: null })).json().data.output_profile).toBeNull();

    const badProduct = await inject('POST', '/v1/products', as.B(store), { name: 'Poster', output_profile: 'fogra99' });
    expect(badProduct.statusCode).toBe(400);
    expect(badProduct.json()).toMatchObject({ message: 'Invalid input', error: { output_profile: [expect.stringContaining('fogra29')] } });
    const { product } = await designOn({ output_profile: 'fogra29' });
    expect(product.output_profile).toBe('fogra29');
    expect((await inject('PUT', `/v1/products/${product.id}`, as.B(store), { output_profile: 'CGATS TR 006' })).statusCode).toBe(400);
    expect((await inject('PUT', `/v1/products/${product.id}`, as.B(other), { output_profile: 'fogra39' })).statusCode).toBe(404);
    expect((await inject('GET', `/v1/products/${product.id}`, as.B(store))).json().data.output_profile).toBe('fogra29');
  });

  it('a job naming no profile takes the product\'s default, else the store\'s; the request\'s own wins; rgb stays rgb', async () => {
    const fogra29 = await designOn({ output_profile: 'fogra29' });
    const plain = await designOn();
    expect((await inject('PUT', `/v1/stores/${store.id}`, as.J(store.owner), { output_profile: 'fogra39' })).statusCode).toBe(200);

    const fromProduct = await pdfJob(`/v1/designs/${fogra29.design.id}/pdf`, { pdf_standard: 'pdf_x4' });
    expect(fromProduct.output_profile).toMatchObject({ id: 'fogra29', output_condition_identifier: 'FOGRA29' });
    const fromStore = await pdfJob(`/v1/designs/${plain.design.id}/pdf`, { color_mode: 'cmyk' });
    expect(fromStore.output_profile).toMatchObject({ id: 'fogra39', output_condition_identifier: 'FOGRA39' });
    const own = await pdfJob(`/v1/designs/${fogra29.design.id}/pdf`, { pdf_standard: 'pdf_x4', output_profile: 'swop' });
    expect(own.output_profile).toMatchObject({ id: 'swop', output_condition_identifier: 'CGATS TR 003' });
    const rgb = await pdfJob(`/v1/designs/${fogra29.design.id}/pdf`, {});
    expect(rgb).toMatchObject({ color_mode: 'rgb', output_profile: null });

    // the file itself: the product's condition in its OutputIntent
    const done = await finishedJob(t.app, fromProduct.id, as.U(store));
    expect(done.status, done.error).toBe('completed');
    const f = await pdfxFacts(await downloadLink(t.app, done.pdf_url));
    expect(f.intents[0]).toMatchObject({ '/OutputConditionIdentifier': 'u:FOGRA29', '/RegistryName': 'u:http://www.color.org' });

    // a project's designs of products with different defaults: one file has one OutputIntent
    const project = (await inject('POST', '/v1/projects', as.U(store), { name: 'Mixed' })).json().data;
    await designOn({ output_profile: 'fogra29' }, { project_id: project.id });
    await designOn({ output_profile: 'gracol2006' }, { project_id: project.id });
    const mixed = await inject('POST', `/v1/projects/${project.id}/pdf`, as.U(store), { pdf_standard: 'pdf_x4' });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.output_profile[0]).toMatch(/fogra29, gracol2006/);
    expect((await inject('POST', `/v1/projects/${project.id}/pdf`, as.U(store), { pdf_standard: 'pdf_x4', output_profile: 'fogra39' })).statusCode).toBe(202);

    // merge jobs follow the same order
    const card = await designOn({ output_profile: 'fogra29' }, {
      layers: [{ type: 'text', left: 10, top: 10, width: 150, height: 30, text: 'Name', fontFamily: 'Roboto', fontSize: 16, fill: '#c81e3c', field: { name: 'name', type: 'text' } }],
    });
    const merge = await inject('POST', '/v1/merge-jobs', as.B(store), { design_id: card.design.id, records: [{ name: 'Ada' }], pdf_standard: 'pdf_x4' });
    expect(merge.statusCode, merge.body).toBe(202);
    expect(merge.json().data.output_profile).toBe('fogra29');
  });
});
