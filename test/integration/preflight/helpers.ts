import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { expect } from 'vitest';
import type { App } from '../../../src/app.js';
import type { PlanTable } from '../../../src/modules/plans/plans.service.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase } from '../../helpers/database.js';
import { as, type TestUser } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';

export const FIXTURES = path.resolve(import.meta.dirname, '../../fixtures/preflight');

/** Serves test/fixtures/preflight on 127.0.0.1 (reached through FOLIO_FETCH_ALLOWLIST). */
export async function fixtureServer(): Promise<{ url(name: string): string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    const name = path.basename(new URL(req.url ?? '/', 'http://x').pathname);
    const file = path.join(FIXTURES, name);
    if (!name || !fs.existsSync(file)) {
      res.writeHead(404);
      res.end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/octet-stream' });
    res.end(fs.readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (name) => `http://127.0.0.1:${port}/${name}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FixtureFiles = Awaited<ReturnType<typeof fixtureServer>>;

/**
 * An app running the AI fix jobs: the fixture file server, its own database (jobs of one file
 * run on their own database: other files' workers would not find these blobs), 1000 signup
 * tokens, fast polls. `beforeWorkers` runs before the workers start (an event subscriber).
 */
export async function startFixJobApp(beforeWorkers?: (t: TestApp) => void): Promise<{ t: TestApp; files: FixtureFiles; close(): Promise<void> }> {
  const files = await fixtureServer();
  const db = await isolatedDatabase();
  const t = await buildTestApp({ plans: PLANS, jobRetryBaseMs: 20, env: { ...db.env, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_SIGNUP_TOKENS: '1000', FOLIO_JOB_POLL_MS: '50' } });
  beforeWorkers?.(t);
  await t.deps.startWorkers();
  return {
    t,
    files,
    async close() {
      await t.close();
      await db.drop();
      await files.close();
    },
  };
}

/** Free: 3 checks a month; every other tier unlimited (quota tests stay short). */
export const PLANS: PlanTable = {
  tiers: ['free', 'pro', 'advanced', 'premium', 'enterprise'],
  capabilities: { webhooks: 'pro', api_keys: 'advanced', studio_premium_layouts: 'premium' },
  quotas: {
    preflight_checks_per_month: { free: 3, pro: null, advanced: null, premium: null, enterprise: null },
    clipart_storage_bytes: { free: 1, pro: 1, advanced: 1, premium: 1, enterprise: 1 },
    requests_per_minute: { free: 100_000, pro: 100_000, advanced: 100_000, premium: 100_000, enterprise: 100_000 },
  },
};

export interface Spec {
  canvasWidthInches?: number;
  canvasHeightInches?: number;
  productType?: string;
  productProfile?: Record<string, unknown>;
  fileType?: string;
}

/** The manifest's spec for a fixture. */
export function fixtureSpec(file: string): Spec {
  const manifest = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as { fixtures: Array<{ file: string; spec: Spec }> };
  const f = manifest.fixtures.find((x) => x.file === file);
  if (!f) throw new Error(`no fixture ${file}`);
  return f.spec;
}

export async function check(app: App, user: TestUser, fileUrl: string, spec: Spec, designId = 'design-1') {
  return app.inject({ method: 'POST', url: '/v1/services/preflight/checks', headers: as.J(user), payload: { designId, fileUrl, ...spec } });
}

export async function checkOk(app: App, user: TestUser, fileUrl: string, spec: Spec, designId = 'design-1') {
  const res = await check(app, user, fileUrl, spec, designId);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { reportId: string; status: string; fileType: string; issues: Array<{ code: string; fixType: string | null }>; notes: string[] };
}

export async function balance(app: App, user: TestUser): Promise<number> {
  const res = await app.inject({ method: 'GET', url: '/v1/account/wallet', headers: as.J(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.balance as number;
}

export async function ledger(app: App, user: TestUser): Promise<Array<{ id: string; type: string; amount: number; refund_of: string | null }>> {
  const res = await app.inject({ method: 'GET', url: '/v1/account/wallet/transactions?limit=100', headers: as.J(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function getJob(app: App, user: TestUser, jobId: string) {
  const res = await app.inject({ method: 'GET', url: `/v1/services/preflight/ai-jobs/${jobId}`, headers: as.J(user) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export async function finished(app: App, user: TestUser, jobId: string, timeoutMs = 40_000) {
  return waitFor(
    async () => {
      const job = await getJob(app, user, jobId);
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `AI fix job ${jobId} to finish`,
    timeoutMs,
    50,
  );
}
