import { createHmac, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { storeOn } from '../api-keys/helpers.js';
import { printProduct, saveDesign, textLayer } from '../designs/helpers.js';

/** A request a shop's API received from Folio. */
export interface Recorded {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: any;
}

/**
 * A stand-in for a shop's API (Shopify, WooCommerce and Medusa cannot be reached from the
 * test machine): records every request and answers with `reply`'s JSON.
 */
export async function recordingShop(reply: (r: Recorded) => { status?: number; body: unknown }): Promise<{ url: string; requests: Recorded[]; close(): Promise<void> }> {
  const requests: Recorded[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const r: Recorded = { method: req.method ?? '', path: req.url ?? '', headers: req.headers, body: text ? JSON.parse(text) : null };
      requests.push(r);
      const out = reply(r);
      res.writeHead(out.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** The app with its workers running; the shops' APIs reachable on loopback. */
export async function integrationsApp(env: Record<string, string> = {}): Promise<{ t: TestApp; store: TestStore }> {
  const t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1,localhost', FOLIO_JOB_POLL_MS: '50', ...env } });
  await t.deps.startWorkers();
  return { t, store: await storeOn(t, 'advanced') };
}

export async function connect(app: App, store: TestStore, body: Record<string, unknown>) {
  const res = await app.inject({ method: 'POST', url: `/v1/stores/${store.id}/integrations`, headers: as.B(store), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

/** Two designs a shopper saved in the editor (public token), on a product's front side. */
export async function shopperDesigns(app: App, store: TestStore): Promise<string[]> {
  const { front } = await printProduct(app, store);
  const a = await saveDesign(app, store, { side_id: front.id, layers: [textLayer({ text: 'Ada Lovelace' })] });
  const b = await saveDesign(app, store, { side_id: front.id, layers: [textLayer({ text: 'Grace Hopper' })] });
  return [a.id, b.id];
}

export const hmacBase64 = (secret: string, body: string) => createHmac('sha256', secret).update(body).digest('base64');

/** The projects of one shop order, once `count` of them have left draft (the order job ran). */
export async function orderProjects(app: App, store: TestStore, externalOrder: string, count: number, state = 'received'): Promise<any[]> {
  return waitFor(
    async () => {
      const res = await app.inject({ method: 'GET', url: `/v1/projects?external_order=${encodeURIComponent(externalOrder)}&limit=100`, headers: as.B(store) });
      expect(res.statusCode, res.body).toBe(200);
      const rows = res.json().data as Array<{ state: string }>;
      return rows.length === count && rows.every((p) => p.state === state) ? rows : undefined;
    },
    `${count} ${state} projects of ${externalOrder}`,
    20_000,
    50,
  );
}

export async function projectDesigns(app: App, store: TestStore, projectId: string): Promise<any[]> {
  const res = await app.inject({ method: 'GET', url: `/v1/projects/${projectId}/designs?include=none`, headers: as.B(store) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

/** Every job of the app's queue has finished (nothing queued or running). */
export async function settled(t: TestApp): Promise<void> {
  await waitFor(async () => {
    const rows = await t.deps.database.db.selectFrom('jobs').select(['status']).where('type', 'like', 'integration.%').execute();
    return rows.every((r) => ['completed', 'failed', 'delivered'].includes(r.status));
  }, 'the integration jobs to finish', 20_000, 50);
}

export const uid = () => randomUUID();
