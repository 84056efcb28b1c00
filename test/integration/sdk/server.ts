import { buildTestApp, type TestApp, type TestAppOptions } from '../../helpers/app.js';
import { freePort } from '../../helpers/ports.js';

export interface ListeningServer extends TestApp {
  /** http://127.0.0.1:<port>, also the app's public URL (links it hands out point here) */
  url: string;
}


/**
 * The real app listening on a free port of 127.0.0.1, for clients that speak HTTP (the SDK,
 * curl), with its job workers running so queued jobs (PDFs) complete.
 */
export async function listeningServer(opts: TestAppOptions & { workers?: boolean } = {}): Promise<ListeningServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({ ...opts, env: { FOLIO_PUBLIC_URL: url, ...opts.env } });
  try {
    await t.app.listen({ host: '127.0.0.1', port });
    if (opts.workers) await t.deps.startWorkers();
  } catch (err) {
    await t.close();
    throw err;
  }
  return { ...t, url };
}
