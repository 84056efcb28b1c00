import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'vitest';
import type { JobTicket } from '../../../src/engines/jdf/index.js';
import type { DeliveryOptions } from '../../../src/modules/delivery/index.js';
import type { Resolver } from '../../../src/platform/fetch/safe-fetch.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';

/** Names the tests use: `sftp.test` and `s3.test` are the local servers (allow-listed); anything else is a private address. */
export const LOCAL_NAMES = ['sftp.test', 's3.test', 'hooks.test'];
export const resolver: Resolver = async (host) => [{ address: LOCAL_NAMES.includes(host) ? '127.0.0.1' : '10.1.2.3', family: 4 }];

export interface DeliveryWorld {
  t: TestApp;
  db: IsolatedDatabase;
  /** FOLIO_HOT_FOLDER_ROOTS (one root) */
  root: string;
  close(): Promise<void>;
}

/** The real app with a hot-folder root, loopback servers allow-listed by name, and retries in milliseconds. */
export async function deliveryWorld(opts: { roots?: boolean; delivery?: Partial<DeliveryOptions> } = {}): Promise<DeliveryWorld> {
  const db = await isolatedDatabase();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-hot-'));
  const t = await buildTestApp({
    env: { ...db.env, FOLIO_JOB_POLL_MS: '50', FOLIO_FETCH_ALLOWLIST: LOCAL_NAMES.join(','), ...(opts.roots === false ? {} : { FOLIO_HOT_FOLDER_ROOTS: root }) },
    resolver,
    // Three attempts, retried after 30 and 60 ms instead of seconds to half an hour.
    delivery: { retryScheduleMs: [30, 60], timeoutMs: 15_000, connectTimeoutMs: 5000, ...opts.delivery },
  });
  await t.deps.startWorkers();
  return {
    t,
    db,
    root,
    async close() {
      await t.close();
      await db.drop();
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}

export const store = (w: DeliveryWorld): Promise<TestStore> => createStore(w.t.app, undefined, { deps: w.t.deps });

export async function createTarget(w: DeliveryWorld, s: TestStore, body: Record<string, unknown>): Promise<Record<string, any>> {
  const res = await w.t.app.inject({ method: 'POST', url: '/v1/delivery-targets', headers: as.B(s), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

export const ticket = (over: Partial<JobTicket> = {}): JobTicket => ({
  jobId: 'P-7K3M9Q2X',
  jobName: 'Order P-7K3M9Q2X — Business card',
  orderRef: { source: 'shopify', order_id: '1001', line_item_id: '7' },
  product: { id: null, name: 'Business card' },
  quantity: 250,
  pages: 2,
  trim: { width: 85, height: 55, unit: 'mm' },
  bleed: 3,
  media: '350gsm silk',
  colours: { front: ['Cyan', 'Magenta', 'Yellow', 'Black'], back: [] },
  binding: 'none',
  fileName: 'P-7K3M9Q2X.pdf',
  due: null,
  ...over,
});

export const PDF = Buffer.from('%PDF-1.7\n% a print file\n%%EOF\n');

/** A print file in the blob store and one delivery per matching target, enqueued as the orders module does. */
export async function enqueue(w: DeliveryWorld, s: TestStore, over: { name?: string; kind?: 'print_files' | 'batches'; ticket?: Partial<JobTicket> } = {}) {
  const key = `deliveries-test/${s.id}/${Date.now()}-${Math.random().toString(36).slice(2)}.pdf`;
  await w.t.deps.blobs.put(key, PDF, { contentType: 'application/pdf' });
  const name = over.name ?? 'P-7K3M9Q2X.pdf';
  return w.t.deps.database.db.transaction().execute((tx) =>
    w.t.deps.delivery.deliveries.enqueue(tx, { storeId: s.id, accountId: s.owner.id, kind: over.kind ?? 'print_files', projectId: 'P-7K3M9Q2X', file: { key, name, contentType: 'application/pdf' }, ticket: ticket({ fileName: name, ...over.ticket }) }),
  );
}

export async function getDelivery(w: DeliveryWorld, s: TestStore, id: string): Promise<Record<string, any>> {
  const res = await w.t.app.inject({ method: 'GET', url: `/v1/deliveries/${id}`, headers: as.B(s) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export function settled(w: DeliveryWorld, s: TestStore, id: string, status: 'delivered' | 'failed', timeoutMs = 20_000) {
  return waitFor(async () => {
    const d = await getDelivery(w, s, id);
    return d.status === status ? d : undefined;
  }, `delivery ${id} ${status}`, timeoutMs, 25);
}
