import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from '../app.js';
import type { Config } from '../config/index.js';
import { buildDeps, type Deps, type Overrides } from './deps.js';

export interface RunningServer {
  app: App;
  deps: Deps;
  url: string;
  /** drain HTTP, stop workers, close the database: in that order */
  close(): Promise<void>;
}

export async function createServer(config: Config, overrides: Overrides = {}, logger?: FastifyBaseLogger | false): Promise<{ app: App; deps: Deps }> {
  const deps = await buildDeps(config, overrides);
  try {
    const app = await buildApp({ ...deps.appDeps, ...(logger !== undefined ? { logger } : {}) });
    app.addHook('onClose', async () => deps.close());
    return { app, deps };
  } catch (err) {
    await deps.close();
    throw err;
  }
}

/**
 * Listens, then starts the embedded workers. `onListening` runs in between (install the
 * signal handlers there: a SIGTERM that arrives while workers start still shuts down cleanly).
 */
export async function startServer(config: Config, opts: { onListening?: (server: RunningServer) => void } = {}): Promise<RunningServer> {
  const { app, deps } = await createServer(config);
  const url = await app.listen({ host: config.host, port: config.port });
  const server: RunningServer = { app, deps, url, close: () => app.close() };
  opts.onListening?.(server);
  // Embedded mode runs the job workers here; scale-out runs them in `folio worker` processes.
  if (config.jobs.serveWorkers) await deps.startWorkers();
  app.log.info(
    { url, database: deps.database.dialect, redis: Boolean(deps.redis), queue: deps.queue.driver, workers: config.jobs.serveWorkers ? config.jobs.concurrency : 0, blobs: deps.blobs.driver },
    'folio is serving',
  );
  return server;
}

/** SIGTERM / SIGINT: stop accepting, finish in-flight requests, close resources; force exit after the timeout. */
export function closeOnSignals(server: RunningServer, timeoutMs: number): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    server.app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      server.app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, timeoutMs);
    timer.unref();
    server.close().then(
      () => process.exit(0),
      (err: unknown) => {
        server.app.log.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', () => shutdown('SIGTERM'));
  process.once('SIGINT', () => shutdown('SIGINT'));
}
