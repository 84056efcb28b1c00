import type { Config } from '../config/index.js';
import { buildDeps, type Deps, type Overrides } from './deps.js';
import { startMetricsServer } from './server.js';

export interface RunningWorker {
  deps: Deps;
  /** the scrape listener (FOLIO_METRICS_PORT): a worker serves no API, so its metrics live only there */
  metricsUrl: string | null;
  /** stop taking jobs, let running ones finish (or leave them to their lease), close resources */
  close(): Promise<void>;
}

/** Job workers without HTTP (`folio worker`): the same handlers, the configured queue driver. */
export async function startWorker(config: Config, overrides: Overrides = {}): Promise<RunningWorker> {
  const deps = await buildDeps(config, overrides);
  let metricsServer: Awaited<ReturnType<typeof startMetricsServer>> = null;
  try {
    metricsServer = await startMetricsServer(config, deps);
    await deps.startWorkers();
  } catch (err) {
    await metricsServer?.close();
    await deps.close();
    throw err;
  }
  // Workers run on unref'd timers (so embedding them never holds a process open); a worker
  // process has nothing else to do, so it holds itself open until closed.
  const keepAlive = setInterval(() => undefined, 1 << 30);
  deps.logger.info(
    { metrics: metricsServer ? `${metricsServer.url}/metrics` : null, queue: deps.queue.driver, database: deps.database.dialect, concurrency: config.jobs.concurrency, types: deps.registry.types(), owner: deps.runner.owner },
    'folio worker is running',
  );
  return {
    deps,
    metricsUrl: metricsServer?.url ?? null,
    close: async () => {
      try {
        await metricsServer?.close();
        await deps.close();
      } finally {
        clearInterval(keepAlive);
      }
    },
  };
}

/** SIGTERM / SIGINT: graceful stop; a second signal or the timeout exits at once (leases take over). */
export function closeWorkerOnSignals(worker: RunningWorker, timeoutMs: number, exit: (code: number) => void = (c) => process.exit(c)): void {
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) {
      exit(1);
      return;
    }
    closing = true;
    worker.deps.logger.info({ signal }, 'worker shutting down');
    const timer = setTimeout(() => {
      worker.deps.logger.error('worker shutdown timed out; exiting');
      exit(1);
    }, timeoutMs + 2000);
    timer.unref();
    worker.close().then(
      () => exit(0),
      (err: unknown) => {
        worker.deps.logger.error({ err }, 'worker shutdown failed');
        exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}
