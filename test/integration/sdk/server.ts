import type { AddressInfo } from 'node:net';
import { buildTestApp, type TestApp, type TestAppOptions } from '../../helpers/app.js';

export interface ListeningServer extends TestApp {
  /** http://127.0.0.1:<port> */
  url: string;
}

/** The real app listening on a free port of 127.0.0.1, for clients that speak HTTP (the SDK, curl). */
export async function listeningServer(opts: TestAppOptions = {}): Promise<ListeningServer> {
  const t = await buildTestApp(opts);
  await t.app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = t.app.server.address() as AddressInfo;
  return { ...t, url: `http://127.0.0.1:${port}` };
}
