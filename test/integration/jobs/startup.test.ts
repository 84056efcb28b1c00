import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STUDIO_BATCH_FLOW } from '../../../src/modules/jobs/flows.js';
import { bind, jobKind } from '../../../src/platform/queue/registry.js';
import { buildTestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { signUp } from '../../helpers/factories.js';

const legacy = jobKind<Record<string, never>, null>({ type: 'tstart.legacy', statuses: STUDIO_BATCH_FLOW });

let db: IsolatedDatabase;
let dir: string;
let env: Record<string, string>;
beforeAll(async () => {
  db = await isolatedDatabase();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-startup-'));
  // On SQLite the database must outlive the first app, so it lives outside its data dir.
  env = db.url ? db.env : { DATABASE_URL: `sqlite://${path.join(dir, 'shared.db')}` };
});
afterAll(async () => {
  await db.drop();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('start-up checks of the job registry', () => {
  it('refuses to start while pending jobs have a type this build has no handler for', async () => {
    const first = await buildTestApp({ env, jobs: [bind(legacy, async () => null)] });
    const user = await signUp(first.app);
    await first.deps.jobs.create(legacy, { accountId: user.id, payload: {}, cost: 0 });
    await first.close();
    await expect(buildTestApp({ env })).rejects.toThrow('no handler registered for job type(s): tstart.legacy');
    // With the handler back, it starts and finishes the job.
    const again = await buildTestApp({ env, jobs: [bind(legacy, async () => null)] });
    try {
      await again.deps.startWorkers();
      const row = await again.deps.database.db.selectFrom('jobs').select('id').where('type', '=', legacy.type).executeTakeFirstOrThrow();
      for (let i = 0; i < 200 && (await again.deps.jobs.byId(row.id))!.state !== 'completed'; i++) await new Promise((r) => setTimeout(r, 25));
      expect((await again.deps.jobs.byId(row.id))!.state).toBe('completed');
    } finally {
      await again.close();
    }
  });

  it('refuses to create a job of a kind the registry does not know', async () => {
    const t = await buildTestApp({ env: db.env });
    try {
      const user = await signUp(t.app);
      await expect(t.deps.jobs.create(legacy, { accountId: user.id, payload: {}, cost: 0 })).rejects.toThrow(/not declared/);
    } finally {
      await t.close();
    }
  });
});

describe('serve', () => {
  it('runs the job workers in embedded mode, and stops them on close', async () => {
    const { loadConfig } = await import('../../../src/config/index.js');
    const { startServer } = await import('../../../src/main/server.js');
    const serveDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-serve-'));
    const config = loadConfig({ ...db.env, FOLIO_DATA_DIR: serveDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent', FOLIO_QUEUE: 'inprocess' });
    const server = await startServer(config);
    try {
      expect(server.deps.runner.running).toBe(true);
      const ready = await fetch(`${server.url}/v1/ready`);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok', queue: 'ok', blobs: 'ok' } });
    } finally {
      await server.close();
      fs.rmSync(serveDir, { recursive: true, force: true });
    }
    expect(server.deps.runner.running).toBe(false);
  });
});
