import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { storeOn } from '../api-keys/helpers.js';
import { createProduct, createSide, upload } from '../catalog/helpers.js';
import { waitFor } from '../../helpers/wait.js';

/** A test app whose job workers run, and a store on the `advanced` plan: what a print job test needs (call in beforeAll, close `t` in afterAll). */
export async function printApp(): Promise<{ t: TestApp; store: TestStore }> {
  const t = await buildTestApp();
  await t.deps.startWorkers();
  return { t, store: await storeOn(t, 'advanced') };
}

/** A product (mm) with a front and a back side: A5 trim, 3 mm bleed, 5 mm safe zone. */
export async function printProduct(app: App, store: TestStore) {
  const product = await createProduct(app, store, { name: 'Flyer A5', viewport_width: 600, viewport_height: 848 });
  const front = await createSide(app, store, product.id, { name: 'Front', width: 148, height: 210, dpi: 300 });
  const back = await createSide(app, store, product.id, { name: 'Back', width: 148, height: 210, dpi: 300, bg_type: 'color', bg_color_value: '#ffeecc' });
  return { product, front, back };
}

export function textLayer(extra: Record<string, unknown> = {}) {
  return { type: 'textbox', left: 60, top: 80, width: 400, text: 'Hello print', fontFamily: 'Roboto', fontSize: 32, fill: '#112233', ...extra };
}

export async function imageLayer(app: App, store: TestStore, extra: Record<string, unknown> = {}) {
  const img = (await upload(app, store)).json().data;
  return { layer: { type: 'image', left: 100, top: 300, scaleX: 2, scaleY: 2, src: img.url, ...extra }, image: img };
}

export async function saveDesign(app: App, store: TestStore, body: Record<string, unknown>, headers: Record<string, string> = as.U(store)) {
  const res = await app.inject({ method: 'POST', url: '/v1/designs', headers, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Polls GET /v1/jobs/{id} until the job is completed or failed; the job view. */
export function finishedJob(app: App, id: string, headers: Record<string, string>) {
  return waitFor(
    async () => {
      const job = (await app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers })).json().data;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `pdf job ${id}`,
    90_000,
    250,
  );
}

/** Downloads a file link the API handed out (a signed /v1/files link), through the app. */
export async function downloadLink(app: App, url: string): Promise<Buffer> {
  const u = new URL(url);
  const res = await app.inject({ method: 'GET', url: `${u.pathname}${u.search}` });
  expect(res.statusCode).toBe(200);
  return res.rawPayload;
}
