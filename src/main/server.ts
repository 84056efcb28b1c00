import type { FastifyBaseLogger } from 'fastify';
import { buildApp, type App } from '../app.js';
import type { Config } from '../config/index.js';
import { buildDeps, type Deps, type Overrides } from './deps.js';
import { serveMetrics, type MetricsServer } from '../platform/metrics/http.js';

export interface RunningServer {
  app: App;
  deps: Deps;
  url: string;
  /** the scrape listener (FOLIO_METRICS_PORT), when configured */
  metricsUrl: string | null;
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
  let metricsServer: MetricsServer | null = null;
  try {
    metricsServer = await startMetricsServer(config, deps);
  } catch (err) {
    await app.close();
    throw err;
  }
  if (metricsServer) app.addHook('onClose', async () => metricsServer.close());
  const url = await app.listen({ host: config.host, port: config.port });
  const server: RunningServer = { app, deps, url, metricsUrl: metricsServer?.url ?? null, close: () => app.close() };
  opts.onListening?.(server);
  // Embedded mode runs the job workers here; scale-out runs them in `folio worker` processes.
  if (config.jobs.serveWorkers) await deps.startWorkers();
  app.log.info(
    { url, metrics: metricsServer ? `${metricsServer.url}/metrics` : config.metrics.enabled && config.metrics.token ? `${url}/metrics` : null, database: deps.database.dialect, redis: Boolean(deps.redis), queue: deps.queue.driver, workers: config.jobs.serveWorkers ? config.jobs.concurrency : 0, blobs: deps.blobs.driver },
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

/** The scrape listener of FOLIO_METRICS_PORT, or null when none is configured (or metrics are off). */
export async function startMetricsServer(config: Config, deps: Deps): Promise<MetricsServer | null> {
  if (!config.metrics.enabled || config.metrics.port === null) return null;
  return serveMetrics(deps.metrics, { host: config.metrics.host, port: config.metrics.port, token: config.metrics.token });
}
