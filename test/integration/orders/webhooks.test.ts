import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Resolver } from '../../../src/platform/fetch/safe-fetch.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { Receiver } from '../webhooks/receiver.js';
import { printProduct, saveDesign, textLayer } from '../designs/helpers.js';
import { createOrder, moveTo } from './helpers.js';

let t: TestApp;
let rx: Receiver;
let store: TestStore;
const resolver: Resolver = async () => [{ address: '127.0.0.1', family: 4 }];
beforeAll(async () => {
  rx = await new Receiver().start();
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' }, resolver });
  await t.deps.startWorkers();
  store = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
});
afterAll(async () => {
  await t?.close();
  await rx?.close();
});

it('an order entering a state fires project.<state> to the subscribers of that state, with the move in the payload', async () => {
  for (const event of ['received', 'shipped']) {
    const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: { topic: 'project', event, callback_url: rx.url(`/orders-${event}`) } });
    expect(res.statusCode, res.body).toBe(201);
  }
  const bad = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: { topic: 'project', event: 'POST', callback_url: rx.url('/x') } });
  expect(bad.statusCode).toBe(400);

  const { front } = await printProduct(t.app, store);
  const order = await createOrder(t.app, store, { name: 'Hooked' });
  await saveDesign(t.app, store, { side_id: front.id, project_id: order.id, layers: [textLayer()] });
  await moveTo(t.app, store, order.id, 'received', 'paid');
  const [hit] = await rx.waitFor('/orders-received', 1);
  const body = JSON.parse(hit!.body);
  expect(body.type).toBe('project.received');
  expect(body.data).toMatchObject({ id: order.id, state: 'received', status: 'processing', transition: { from: 'draft', to: 'received', note: 'paid', actor: { type: 'store' } } });
  for (const to of ['approved', 'in_production', 'printed', 'shipped']) await moveTo(t.app, store, order.id, to);
  const [shipped] = await rx.waitFor('/orders-shipped', 1);
  expect(JSON.parse(shipped!.body)).toMatchObject({ type: 'project.shipped', data: { state: 'shipped', transition: { from: 'printed' } } });
  expect(rx.at('/orders-received')).toHaveLength(1);
}, 60_000);
