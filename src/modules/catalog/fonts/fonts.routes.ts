import type { App } from '../../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../../platform/http/envelope.js';
import type { PageContextFactory } from '../../../platform/http/pagination.js';
import { CountEnvelope, DeletedEnvelope, IdParam, READ, READ_B, WRITE, count, listReply, storeOf } from '../../../platform/http/resource.js';
import { field, readMultipart, requireFile } from '../../../platform/http/multipart.js';
import { multipartSchema, noAjv } from '../../../platform/http/multipart-route.js';
import { collect, FONT_MAX_BYTES } from '../../../platform/http/upload-stream.js';
import { FontEnvelope, FontListEnvelope, FontListQuery, FontUploadBody, RegisterFont, UpdateFont } from './fonts.schemas.js';
import type { FontsService } from './fonts.service.js';

export function fontsRoutes(app: App, deps: { fonts: FontsService; pageContext: PageContextFactory }): void {
  const { fonts } = deps;
  const tags = ['Catalog: fonts'];
  const list = (storeId: string | null) => async (req: { query: never }, ctx: ReturnType<PageContextFactory>) => {
    const page = await fonts.list(storeId, req.query, ctx);
    return { ...listReply(page, (r) => r), data: await Promise.all(page.rows.map((r) => fonts.toFont(r))) };
  };

  app.post(
    '/fonts',
    { schema: { tags, summary: 'Register a font by URL (fetched through the safe fetcher, checked like an upload)', body: RegisterFont, response: { 201: FontEnvelope } }, config: { ...WRITE, errors: { 413: 'The font declares more than FONT_MAX_SFNT_BYTES unpacked', 415: 'Not a font', 422: 'A damaged font, or one past its check budget (time, memory)' } } },
    async (req, reply) => reply.code(201).send(ok(await fonts.toFont(await fonts.register(storeOf(req), req.body)), MESSAGES.created)),
  );
  app.post(
    '/fonts/upload',
    { schema: multipartSchema({ tags, summary: 'Upload a font file (TTF, OTF, WOFF; WOFF2 with CFF outlines), checked whole (tables, glyphs, a subset) before it is stored', body: FontUploadBody, response: { 201: FontEnvelope } }), config: { ...WRITE, scope: 'assets:write', errors: { 413: 'File too large, or the font declares more than FONT_MAX_SFNT_BYTES unpacked', 415: 'Not a font', 422: 'A damaged font, or one past its check budget (time, memory)' } }, ...noAjv },
    async (req, reply) => {
      // fontkit parses a whole file: fonts are read into memory, at most FONT_MAX_BYTES.
      const form = await readMultipart(req, ['file'], 1, { receive: (f) => collect(f.body, FONT_MAX_BYTES, 'The font') });
      const file = requireFile(form);
      const row = await fonts.upload(storeOf(req), file, { name: field(form, 'name'), alias: field(form, 'alias'), subset: field(form, 'subset'), license: field(form, 'license') });
      return reply.code(201).send(ok(await fonts.toFont(row), 'File successfully uploaded'));
    },
  );
  app.get('/fonts', { schema: { tags, summary: "The store's fonts", querystring: FontListQuery, response: { 200: FontListEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    list(storeOf(req))(req as never, deps.pageContext(req)),
  );
  app.get('/fonts/default', { schema: { tags, summary: 'Default fonts (one record per face; OFL-1.1)', querystring: FontListQuery, response: { 200: FontListEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    list(null)(req as never, deps.pageContext(req)),
  );
  app.get('/fonts/count', { schema: { tags, summary: "Number of the store's fonts", response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } }, async (req) => count(await fonts.count(storeOf(req))));
  app.get('/fonts/default/count', { schema: { tags, summary: 'Number of default font faces', response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } }, async () => count(await fonts.count(null)));
  app.get('/fonts/:id', { schema: { tags, summary: 'A font (the store’s or a default one)', params: IdParam, response: { 200: FontEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    ok(await fonts.toFont(await fonts.get(storeOf(req), req.params.id))),
  );
  app.put('/fonts/:id', { schema: { tags, summary: "Rename a font (name, alias, subset) or note its licence", params: IdParam, body: UpdateFont, response: { 200: FontEnvelope } }, config: WRITE }, async (req) =>
    ok(await fonts.toFont(await fonts.update(storeOf(req), req.params.id, req.body)), 'Update successfully'),
  );
  app.delete('/fonts/:id', { schema: { tags, summary: 'Delete a font', params: IdParam, response: { 200: DeletedEnvelope } }, config: WRITE }, async (req) => {
    await fonts.delete(storeOf(req), req.params.id);
    return { message: MESSAGES.deleted };
  });
}
