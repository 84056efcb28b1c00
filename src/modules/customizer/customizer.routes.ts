import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import { DEFAULT_FONTS, defaultFontPath, readDefaultFont } from '../../engines/pdf/fonts/default-fonts.js';
import { SCRIPT_FALLBACK_FILES } from '../../engines/pdf/text/script-fonts.js';
import { FONT_DIR } from '../../engines/qr/fonts.js';
import { AppError } from '../../platform/http/errors.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { serveWebApp } from '../../platform/http/web-app.js';

/**
 * The browser customizer at /customizer: the Vite bundle built from customizer/ into
 * dist/customizer (scripts/build-customizer.mjs, run by `npm start` and `npm test`), served
 * from this host only. Also the default fonts' files, which the catalog lists without a link
 * (`url: null`), so the page can render them with FontFace, and the print engine's script
 * fallback fonts (fonts/, `SCRIPT_FALLBACK_FILES` and DejaVu Sans Bold), so the page draws
 * characters a layer's font lacks with the same glyphs as the PDF. Public: the page itself carries no
 * data; it calls /v1 with the store's public token from its query string.
 */
export const CUSTOMIZER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/customizer');
export const CUSTOMIZER_PREFIX = '/customizer';

/**
 * Only this origin for scripts and API calls (plus the API origins the operator allowed with
 * FOLIO_CUSTOMIZER_API_ORIGINS, for `?api=`); images and fonts may also come from https links
 * (S3 signed URLs), from those API origins, and from FOLIO_PUBLIC_URL's origin (`publicOrigin`):
 * file links are built from FOLIO_PUBLIC_URL, so a page opened under another of this host's
 * names (http://127.0.0.1:8080 while the links say http://localhost:8080) still loads them. No
 * other http origin is allowed. The page itself refuses an `?api=` it was not allowed (it reads
 * the list from its `folio-api-origins` meta tag), and this policy refuses it again in the browser.
 */
export function customizerCsp(apiOrigins: readonly string[] = [], publicOrigin: string | null = null): string {
  const files = [...new Set([...(publicOrigin ? [publicOrigin] : []), ...apiOrigins])];
  return [
    "default-src 'self'",
    "script-src 'self'",
    // Fabric positions its text-editing textarea with inline styles
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: https:", ...files].join(' '),
    ["font-src 'self' data: blob: https:", ...files].join(' '),
    ["connect-src 'self'", ...files].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
  ].join('; ');
}

/** The policy with no extra API origin allowed. */
export const CUSTOMIZER_CSP = customizerCsp();

/** The page with the allowed API origins written into its head, for the page's own check of `?api=`. */
export function withApiOrigins(index: Buffer, apiOrigins: readonly string[]): Buffer {
  const escape = (v: string) => v.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
  const meta = `<meta name="folio-api-origins" content="${escape(apiOrigins.join(' '))}">`;
  const html = index.toString('utf8');
  const at = html.indexOf('</head>');
  return Buffer.from(at < 0 ? meta + html : html.slice(0, at) + meta + html.slice(at), 'utf8');
}

/** The script fallback files the page may load, by file name: nothing else in fonts/. */
export const SCRIPT_FONT_FILES: readonly string[] = [...SCRIPT_FALLBACK_FILES, 'DejaVuSans-Bold.ttf'];
const scriptFontCache = new Map<string, Promise<Buffer>>();

const FontParams = Type.Object({ family: Type.String({ maxLength: 100 }), weight: Type.String({ maxLength: 4 }), style: Type.String({ maxLength: 10 }) });

/** The origin of FOLIO_PUBLIC_URL (null when it is not an http(s) URL). */
export function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.origin : null;
  } catch {
    return null;
  }
}

export async function customizerRoutes(app: FastifyInstance, opts: { dir?: string; apiOrigins?: readonly string[]; publicUrl?: string } = {}): Promise<void> {
  const dir = opts.dir ?? CUSTOMIZER_DIR;
  const apiOrigins = opts.apiOrigins ?? [];
  const csp = customizerCsp(apiOrigins, originOf(opts.publicUrl));
  const config: RouteAuth = { auth: [], rateLimit: false };

  app.get<{ Params: { family: string; weight: string; style: string } }>(
    `${CUSTOMIZER_PREFIX}/fonts/:family/:weight/:style`,
    { schema: { hide: true, params: FontParams }, config },
    async (req, reply) => {
      const fam = DEFAULT_FONTS.find((f) => f.family === req.params.family);
      const face = fam?.faces.find((f) => String(f.weight) === req.params.weight && f.style === req.params.style.replace(/\.ttf$/, ''));
      if (!fam || !face) throw AppError.notFound('Default font');
      const bytes = await readDefaultFont(defaultFontPath(fam, face));
      return reply.type('font/ttf').header('cache-control', 'public, max-age=86400').send(Buffer.from(bytes));
    },
  );

  app.get<{ Params: { file: string } }>(
    `${CUSTOMIZER_PREFIX}/script-fonts/:file`,
    { schema: { hide: true, params: Type.Object({ file: Type.String({ maxLength: 100 }) }) }, config },
    async (req, reply) => {
      const file = req.params.file;
      if (!SCRIPT_FONT_FILES.includes(file)) throw AppError.notFound('Script font');
      let bytes = scriptFontCache.get(file);
      if (!bytes) {
        bytes = fs.promises.readFile(path.join(FONT_DIR, file));
        bytes.catch(() => scriptFontCache.delete(file));
        scriptFontCache.set(file, bytes);
      }
      return reply.type('font/ttf').header('cache-control', 'public, max-age=86400').send(await bytes);
    },
  );

  await serveWebApp(app, {
    prefix: CUSTOMIZER_PREFIX,
    dir,
    csp,
    notBuilt: 'The customizer is not built on this server: run `npm run build:customizer` (npm start does it)',
    index: (html) => withApiOrigins(html, apiOrigins),
  });
}
