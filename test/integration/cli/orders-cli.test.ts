import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { main } from '../../../src/main/cli.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore } from '../../helpers/factories.js';
import { printProduct, saveDesign, textLayer } from '../designs/helpers.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-orders-'));
const databaseUrl = inject('databaseUrl');
const env = { FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10', FOLIO_PUBLIC_URL: 'http://folio.test', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };

// An app over the same data dir and database, as `npm start` would run beside the CLI.
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { FOLIO_DATA_DIR: dataDir } });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function folio(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

it('folio order transition|history|files move an order and read it back as the API does', async () => {
  const store = await createStore(t.app);
  const { front } = await printProduct(t.app, store);
  const project = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.B(store), payload: { name: 'CLI order' } })).json().data;
  await saveDesign(t.app, store, { side_id: front.id, project_id: project.id, layers: [textLayer()] });

  const moved = await folio('order', 'transition', '--store', store.id, '--project', project.id, '--to', 'received', '--note', 'phoned in', '--json');
  expect(moved.code, moved.err.join('\n')).toBe(0);
  expect(JSON.parse(moved.out[0]!)).toMatchObject({ id: project.id, state: 'received', status: 'processing', allowed_transitions: ['proof_pending', 'approved', 'on_hold', 'cancelled'] });
  const history = await folio('order', 'history', '--store', store.id, '--project', project.id);
  expect(history.out).toEqual([expect.stringMatching(/ draft → received {2}by system:cli {2}"phoned in"$/)]);
  const files = await folio('order', 'files', '--store', store.id, '--project', project.id, '--json');
  expect(JSON.parse(files.out[0]!)).toMatchObject({ kind: 'print', name: `${project.code}-1-flyer-a5-1x.pdf` });
  // the API sees the move
  expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${project.id}`, headers: as.B(store) })).json().data.state).toBe('received');

  const refused = await folio('order', 'transition', '--store', store.id, '--project', project.id, '--to', 'shipped');
  expect(refused.code).toBe(1);
  expect(refused.err[0]).toMatch(/cannot move to shipped: it may move to proof_pending, approved, on_hold, cancelled/);
  expect((await folio('order', 'transition', '--store', store.id, '--project', project.id, '--to', 'lost')).err[0]).toMatch(/--to must be one of draft, received/);
  expect((await folio('order', 'history', '--store', store.id, '--project', '01900000-0000-7000-8000-000000000000')).err[0]).toMatch(/Can't find project/);
});

it('folio batch create|printed put approved orders on a sheet and mark them printed', async () => {
  const store = await createStore(t.app);
  const { product, front } = await printProduct(t.app, store);
  const ids: string[] = [];
  for (const name of ['A', 'B']) {
    const project = (await t.app.inject({ method: 'POST', url: '/v1/projects', headers: as.B(store), payload: { name } })).json().data;
    await saveDesign(t.app, store, { side_id: front.id, project_id: project.id, layers: [textLayer()] });
    for (const to of ['received', 'approved']) expect((await folio('order', 'transition', '--store', store.id, '--project', project.id, '--to', to)).code).toBe(0);
    ids.push(project.id);
  }
  const neither = await folio('batch', 'create', '--store', store.id, '--kind', 'imposition');
  expect(neither.code).toBe(1);
  expect(neither.err[0]).toMatch(/product_id/);
  const made = await folio('batch', 'create', '--store', store.id, '--kind', 'imposition', '--product', product.id, '--json');
  expect(made.code, made.err.join('\n')).toBe(0);
  const batch = JSON.parse(made.out[0]!);
  expect(batch).toMatchObject({ kind: 'imposition', orders: 2 });
  for (const id of ids) expect((await t.app.inject({ method: 'GET', url: `/v1/projects/${id}`, headers: as.B(store) })).json().data.state).toBe('in_production');
  // its job has not run here (no workers): printed is refused until the sheets exist
  const early = await folio('batch', 'printed', '--store', store.id, '--id', batch.id);
  expect(early.code).toBe(1);
  expect((await folio('batch', 'create', '--store', store.id, '--kind', 'foil')).err[0]).toMatch(/--kind must be/);
});
