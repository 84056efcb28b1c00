import fs from 'node:fs';
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { loadConfig, type Config } from '../../src/config/index.js';
import { buildApp, type App } from '../../src/app.js';
import { buildDeps, type Deps, type Overrides } from '../../src/main/deps.js';
import { verifyQueryShapes } from '../../src/platform/db/query-shape.js';

// Every query built once per shape is also built afresh and compared, in every test through the app.
verifyQueryShapes(true);

export interface TestApp {
  app: App;
  deps: Deps;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestAppOptions extends Overrides {
  env?: Record<string, string>;
  /** test-only routes registered under /v1 beside the real ones */
  routes?: (app: App, deps: Deps) => void | Promise<void>;
}

/**
 * The real app on the embedded stack (a SQLite file in a temp dir), or on PostgreSQL and
 * Redis when the run provides them. Each test file builds its own; tests make their own
 * accounts and stores, so nothing is shared between tests.
 */
export async function buildTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-test-'));
  const databaseUrl = inject('databaseUrl');
  const redisUrl = inject('redisUrl');
  const env: Record<string, string> = {
    FOLIO_DATA_DIR: dataDir,
    FOLIO_PUBLIC_URL: 'http://folio.test',
    FOLIO_SCRYPT_COST: '10',
    LOG_LEVEL: 'silent',
    FOLIO_WARMUP: 'false',
    // Each app its own Redis namespace, so rate windows of parallel test files never meet.
    FOLIO_REDIS_PREFIX: `folio-test:${randomUUID()}:`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...opts.env,
  };
  const config = loadConfig(env);
  const deps = await buildDeps(config, opts);
  let app: App;
  try {
    app = await buildApp({
      ...deps.appDeps,
      logger: false,
      routes: async (v1) => {
        await deps.appDeps.routes(v1);
        await opts.routes?.(v1, deps);
      },
    });
    app.addHook('onClose', async () => deps.close());
    await app.ready();
  } catch (err) {
    await deps.close();
    throw err;
  }
  return {
    app,
    deps,
    config,
    dataDir,
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
