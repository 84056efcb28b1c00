import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { accountJwt, createFolioClient, FolioError, storeKey } from '../../../packages/sdk/src/index.js';
import { listeningServer, type ListeningServer } from './server.js';

let s: ListeningServer;
beforeAll(async () => {
  s = await listeningServer({ workers: true });
});
afterAll(async () => s.close());

it('folio.orders: receives an order, waits for its print file, reads the snapshot, history and files; a refused move is a typed 409', async () => {
  const anon = createFolioClient({ baseUrl: s.url });
  const account = anon.withCredential(accountJwt((await anon.post('/account', { body: { name: 'Ada', email: `orders-${randomUUID()}@example.test`, password: 'Corr3ct-Horse!' } })).data.access_token));
  const store = (await account.post('/stores', { params: { query: { include: 'credentials' } }, body: { store_name: 'Order Prints' } })).data;
  const folio = account.withCredential(storeKey(store.sid!, store.secret!));
  const product = (await folio.post('/products', { body: { name: 'Sticker', dimension_unit: 'mm' } })).data;
  const side = (await folio.post('/sides', { body: { product_id: product.id, name: 'Front', width: 50, height: 50 } })).data;
  const project = (await folio.post('/projects', { body: { name: 'Order 7', quantity: 10 } })).data;
  await folio.post('/designs', { body: { side_id: side.id, project_id: project.id, layers: [{ type: 'textbox', text: 'Hi', left: 10, top: 10, width: 100, fontSize: 20, fontFamily: 'Roboto', fill: '#000' }] } });

  const moved = await folio.orders.transition(project.id, 'received', 'paid');
  expect(moved).toMatchObject({ state: 'received', allowed_transitions: ['proof_pending', 'approved', 'on_hold', 'cancelled'] });
  const file = await folio.orders.waitForPrintFile(project.id, { timeoutMs: 60_000 });
  expect(file).toMatchObject({ kind: 'print', status: 'completed', name: `${project.code}-1-sticker-10x.pdf` });
  expect(file.url).toMatch(/^http/);
  expect((await folio.orders.snapshot(project.id)).pages).toHaveLength(1);
  expect((await folio.orders.history(project.id)).map((h) => h.to)).toEqual(['received']);
  expect(await folio.orders.files(project.id)).toHaveLength(1);
  const refused = await folio.orders.transition(project.id, 'shipped').catch((e: unknown) => e);
  expect(refused).toBeInstanceOf(FolioError);
  expect((refused as FolioError).status).toBe(409);
}, 120_000);
