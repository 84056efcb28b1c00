import { createHash, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HTTP_BUCKETS, type Metrics } from './metrics.js';

/** The route label of a request no route matched (404s): raw URLs would be unbounded label values. */
export const UNMATCHED_ROUTE = 'unmatched';

export type HttpObserver = (method: string, route: string | undefined, statusCode: number, seconds: number) => void;

/**
 * http_request_duration_seconds{method,route,status_code}: route is the route pattern
 * (`/v1/products/:id`), never the URL. The label set's child is cached per combination, so a
 * request costs one map lookup and one bucket increment.
 */
export function httpObserver(metrics: Metrics): HttpObserver {
  const h = metrics.histogram('http_request_duration_seconds', 'HTTP request duration from arrival to the last byte handed to the socket, by route pattern', ['method', 'route', 'status_code'], HTTP_BUCKETS);
  const children = new Map<string, (seconds: number) => void>();
  return (method, route, statusCode, seconds) => {
    const r = route ?? UNMATCHED_ROUTE;
    const key = `${method} ${statusCode} ${r}`;
    let observe = children.get(key);
    if (!observe) {
      const labels = { method, route: r, status_code: String(statusCode) };
      observe = (s: number) => h.observe(labels, s);
      children.set(key, observe);
    }
    observe(seconds);
  };
}

/** Constant-time check of an `Authorization: Bearer <token>` header (hashes first, so lengths never leak). */
export function bearerMatches(header: string | string[] | undefined, token: string): boolean {
  if (typeof header !== 'string') return false;
  const m = /^Bearer\s+(\S+)\s*$/i.exec(header);
  if (!m) return false;
  const a = createHash('sha256').update(m[1]!).digest();
  const b = createHash('sha256').update(token).digest();
  return timingSafeEqual(a, b);
}

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

/**
 * A listener of its own for scrapes (FOLIO_METRICS_PORT): `GET /metrics` and nothing else,
 * for a port the ingress does not expose, and for `folio worker` processes that serve no API.
 * With a token configured, scrapes must carry it here too.
 */
export async function serveMetrics(metrics: Metrics, opts: { host: string; port: number; token: string | null }): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const send = (status: number, body: string, type = 'application/json; charset=utf-8') => {
      res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff' });
      res.end(req.method === 'HEAD' ? undefined : body);
    };
    if (path !== '/metrics') return send(404, JSON.stringify({ error: { message: `Route ${req.method} ${path} not found`, code: 'not_found' } }));
    if (req.method !== 'GET' && req.method !== 'HEAD') return send(405, JSON.stringify({ error: { message: 'Method not allowed', code: 'method_not_allowed' } }));
    if (opts.token !== null && !bearerMatches(req.headers.authorization, opts.token)) {
      res.setHeader('www-authenticate', 'Bearer realm="metrics"');
      return send(401, JSON.stringify({ error: { message: 'A valid metrics bearer token is required', code: 'unauthenticated' } }));
    }
    metrics.scrape().then(
      (text) => send(200, text, metrics.contentType),
      () => send(500, JSON.stringify({ error: { message: 'Collecting metrics failed', code: 'internal' } })),
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const addr = server.address() as AddressInfo;
  const host = addr.family === 'IPv6' ? `[${addr.address}]` : addr.address;
  return {
    url: `http://${host}:${addr.port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
