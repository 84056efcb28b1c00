import { afterAll, beforeAll, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import type { JobTicket } from '../../../src/engines/jdf/index.js';
import { createProduct, createSide } from '../catalog/helpers.js';
import { printApp, saveDesign, textLayer } from '../designs/helpers.js';
import { createOrder, moveTo } from './helpers.js';

let t: TestApp;
let store: TestStore;
const queued: Array<{ kind: string; projectId?: string | null; file: { key: string; name: string; contentType: string }; ticket: JobTicket }> = [];
beforeAll(async () => {
  ({ t, store } = await printApp());
  // the delivery module's place: what a finished print file hands over, inside the job's transaction
  t.deps.orders.deliveries = { enqueue: async (_tx, input) => void queued.push(input) };
});
afterAll(async () => t.close());

it("a finished print file goes to delivery with its ticket: quantity, trim, bleed, media, binding, each side's inks", async () => {
  const product = await createProduct(t.app, store, { name: 'Flyer A5 & Co', dimension_unit: 'mm', media: '170gsm gloss', binding: 'none' });
  const front = await createSide(t.app, store, product.id, { name: 'Front', width: 148, height: 210, bleed: { top: 3, right: 3, bottom: 3, left: 3 } });
  const back = await createSide(t.app, store, product.id, { name: 'Back', width: 148, height: 210, bleed: { top: 3, right: 3, bottom: 3, left: 3 } });
  const order = await createOrder(t.app, store, { name: 'Flyers', quantity: 500, external_ref: { source: 'shopify', order_id: '5012', line_item_id: '77' } });
  await saveDesign(t.app, store, { side_id: front.id, project_id: order.id, layers: [textLayer()] });
  await saveDesign(t.app, store, { side_id: back.id, project_id: order.id, layers: [textLayer({ fill: { spot: 'PANTONE 871 C', cmyk: [20, 30, 60, 15] } })] });
  await moveTo(t.app, store, order.id, 'received');
  const item = await waitFor(async () => queued.find((q) => q.projectId === order.id), 'print file handed to delivery', 60_000, 200);
  const file = (await t.app.inject({ method: 'GET', url: `/v1/projects/${order.id}/files`, headers: as.B(store) })).json().data[0];
  expect(file.status).toBe('completed');
  expect(item).toMatchObject({ kind: 'print_files', file: { name: file.name, contentType: 'application/pdf', key: expect.stringMatching(/^pdf\//) } });
  expect(item.ticket).toEqual({
    jobId: order.code,
    jobName: `Order ${order.code} — Flyer A5 & Co`,
    orderRef: { source: 'shopify', order_id: '5012', line_item_id: '77' },
    product: { id: product.id, name: 'Flyer A5 & Co' },
    quantity: 500,
    pages: 2,
    trim: { width: 148, height: 210, unit: 'mm' },
    bleed: 3,
    media: '170gsm gloss',
    colours: { front: ['Cyan', 'Magenta', 'Yellow', 'Black'], back: ['Cyan', 'Magenta', 'Yellow', 'Black', 'PANTONE 871 C'] },
    binding: 'none',
    fileName: `${order.code}-77-flyer-a5-co-500x.pdf`,
  });
}, 120_000);
