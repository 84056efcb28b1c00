import { Type } from '@sinclair/typebox';
import type { App } from '../http/app-type.js';
import { AppError } from '../http/errors.js';
import { contentDisposition } from './blob-store.js';
import type { DiskBlobStore } from './disk.js';

const LinkQuery = Type.Object({
  expires: Type.Optional(Type.String({ maxLength: 20, description: 'expiry, in Unix seconds', examples: ['1767225600'] })),
  sig: Type.Optional(Type.String({ maxLength: 100, description: 'signature of the key and expiry', examples: ['Xq3vJ9kL2mN8pR4sT6uW0y'] })),
  name: Type.Optional(Type.String({ maxLength: 255, description: 'file name to download as (Content-Disposition)', examples: ['front.png'] })),
});

/**
 * Signed links of the disk blob store: `GET /v1/files/<key>?expires=…&sig=…`. The link is
 * the credential; an altered one is 403, an expired one 410. Files are served with a
 * sandboxing CSP so an uploaded SVG or HTML cannot script the API's origin. Any origin may
 * read a valid link's bytes (`Access-Control-Allow-Origin: *`, no credentials), as a bucket's
 * public CORS rule allows: the link is already the credential, and the editor draws its images
 * on a canvas it must be able to read back (for the proof and the preview) whatever host name
 * the page was opened under.
 */
export function filesRoutes(app: App, deps: { blobs: DiskBlobStore }): void {
  app.get(
    '/files/*',
    {
      schema: {
        tags: ['Files'],
        summary: 'Download a file through a signed link (valid 24 hours)',
        querystring: LinkQuery,
        // Documentation only: a stream is sent as is, never through a serializer.
        response: { 200: { description: 'The file, with its own Content-Type', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary', examples: ['(the file bytes)'] } } } } },
      },
      config: { auth: [] },
    },
    async (req, reply) => {
      const key = (req.params as { '*': string })['*'];
      const check = deps.blobs.checkLink(key, req.query);
      if (!check.ok) {
        throw check.reason === 'expired' ? new AppError('gone', 'This link has expired') : new AppError('forbidden', 'This link is not valid');
      }
      const info = await deps.blobs.head(check.key);
      if (!info) throw AppError.notFound('File');
      const { body } = await deps.blobs.stream(check.key);
      const maxAge = Math.max(0, check.expiresAt - Math.floor(Date.now() / 1000));
      return reply
        .type(info.contentType)
        .headers({
          'content-length': String(info.size),
          'cache-control': `private, max-age=${maxAge}`,
          'x-content-type-options': 'nosniff',
          'content-security-policy': "default-src 'none'; sandbox",
          'access-control-allow-origin': '*',
          'cross-origin-resource-policy': 'cross-origin',
          ...(check.downloadName ? { 'content-disposition': contentDisposition(check.downloadName) } : {}),
        })
        .send(body);
    },
  );
}
