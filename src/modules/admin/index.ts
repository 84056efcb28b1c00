import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { FolioModule } from '../contract.js';
import { serveWebApp } from '../../platform/http/web-app.js';

/**
 * The back office at /admin: the React app built from admin/ into dist/admin
 * (scripts/build-customizer.mjs, run by `npm start` and `npm test`). It calls only the public
 * API (/v1, through the SDK) with the account's JWT; the pages themselves carry no data.
 */
export const ADMIN_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/admin');
export const ADMIN_PREFIX = '/admin';

/**
 * Scripts and API calls from this origin only; Mantine sets inline styles (CSS variables);
 * images may be signed S3 links (https) or this host's /v1/files links; the template editor
 * frames this host's /customizer. The back office itself may not be framed.
 */
export const ADMIN_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "font-src 'self' data: https:",
  "connect-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

export async function adminRoutes(app: FastifyInstance, opts: { dir?: string } = {}): Promise<void> {
  await serveWebApp(app, {
    prefix: ADMIN_PREFIX,
    dir: opts.dir ?? ADMIN_DIR,
    csp: ADMIN_CSP,
    notBuilt: 'The back office is not built on this server: run `npm run build:admin` (npm start does it)',
    spa: true,
  });
}

export function buildAdminModule(opts: { dir?: string } = {}): FolioModule {
  return { name: 'admin', pages: (app) => adminRoutes(app, opts) };
}
