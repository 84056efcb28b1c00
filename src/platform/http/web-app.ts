import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.js';
import type { RouteAuth } from './auth.js';

export interface WebAppOptions {
  /** URL prefix, e.g. /customizer or /admin */
  prefix: string;
  /** the Vite output folder (index.html + assets/) */
  dir: string;
  /** the page's Content-Security-Policy */
  csp: string;
  /** what to tell a caller when the bundle was not built, e.g. "run `npm run build:admin`" */
  notBuilt: string;
  /** the page as sent (default: index.html as built) */
  index?: (html: Buffer) => Buffer;
  /** a single-page app: every path under the prefix that is not a file answers the page (deep links) */
  spa?: boolean;
}

/**
 * Serves a browser app that Vite built into `dir` (the customizer, the back office): the page
 * with its policy and `no-cache`, the content-hashed files under assets/ cached for a year.
 * Public and outside /v1: the page carries no data; it calls the API with its own credential.
 */
export async function serveWebApp(app: FastifyInstance, opts: WebAppOptions): Promise<void> {
  const config: RouteAuth = { auth: [], rateLimit: false };
  const hidden = { schema: { hide: true }, config };
  const { prefix, dir, csp } = opts;
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    const notBuilt = async () => {
      throw new AppError('unavailable', opts.notBuilt);
    };
    app.get(prefix, hidden, notBuilt);
    app.get(`${prefix}/*`, hidden, notBuilt);
    return;
  }
  // The page itself (also for <prefix>/, the router ignoring trailing slashes); read once.
  const raw = fs.readFileSync(path.join(dir, 'index.html'));
  const index = opts.index ? opts.index(raw) : raw;
  const page = async (_req: unknown, reply: import('fastify').FastifyReply) =>
    reply.type('text/html; charset=utf-8').header('content-security-policy', csp).header('cache-control', 'no-cache').send(index);
  app.get(prefix, hidden, page);
  const assets = opts.spa ? `${prefix}/assets/` : `${prefix}/`;
  await app.register(fastifyStatic, {
    root: opts.spa ? path.join(dir, 'assets') : dir,
    prefix: assets,
    decorateReply: false,
    index: false,
    redirect: false,
    // the headers below decide (send's own `max-age=0` would otherwise replace them)
    cacheControl: false,
    setHeaders(res, filePath) {
      if (filePath.endsWith('.html')) {
        res.setHeader('content-security-policy', csp);
        res.setHeader('cache-control', 'no-cache');
      } else if (opts.spa || filePath.includes(`${path.sep}assets${path.sep}`)) {
        // Vite names bundle files by content hash
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      }
    },
  });
  // The app's own routes (/admin/s/…/products/…): the page, which routes in the browser.
  if (opts.spa) app.get(`${prefix}/*`, hidden, page);
}
