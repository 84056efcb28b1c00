import type { App } from '../../../platform/http/app-type.js';
import { AppError } from '../../../platform/http/errors.js';
import { MESSAGES, ok } from '../../../platform/http/envelope.js';
import type { PageContextFactory } from '../../../platform/http/pagination.js';
import { ClipartParam, CountEnvelope, DeletedEnvelope, READ, UPLOAD, WRITE, count, listReply, storeOf } from '../../../platform/http/resource.js';
import { field, readMultipart, requireFile } from '../../../platform/http/multipart.js';
import { ClipartBatchUploadBody, ClipartListEnvelope, ClipartUpdate, ClipartUploadBody, ImageBatchEnvelope, ImageEnvelope, ImageListEnvelope, PageQuery } from './images.schemas.js';
import type { ImagesService } from './images.service.js';
import { SVG_OVER_LIMIT, UPLOADED, imageReceiver } from './images.routes.js';
import { multipartSchema, noAjv } from '../../../platform/http/multipart-route.js';

/** /cliparts (Image records with type cliparts), /cliparts/mine and /global (numeric Clipart records). */
export function clipartsRoutes(app: App, deps: { images: ImagesService; pageContext: PageContextFactory }): void {
  const { images } = deps;
  const tags = ['Catalog: cliparts'];
  const quota = { 402: 'Clipart storage quota exceeded', 413: 'File too large', 415: 'Unsupported type', 422: SVG_OVER_LIMIT };

  const imageList = (storeId: string | null) => async (req: { query: never }, ctx: ReturnType<PageContextFactory>) => {
    const page = await images.list(storeId, 'cliparts', req.query, ctx);
    return { ...listReply(page, (r) => r), data: await images.toImages(page.rows) };
  };

  app.get('/cliparts', { schema: { tags, summary: "The store's cliparts (Image records)", querystring: PageQuery, response: { 200: ImageListEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    imageList(storeOf(req))(req as never, deps.pageContext(req)),
  );
  app.post(
    '/cliparts',
    { schema: multipartSchema({ tags, summary: 'Upload a clipart (raster or sanitised SVG); counts against clipart_storage_bytes', body: ClipartUploadBody, response: { 201: ImageEnvelope } }), config: { ...UPLOAD, errors: quota }, ...noAjv },
    async (req, reply) => {
      const form = await readMultipart(req, ['file'], 1, imageReceiver(images, storeOf(req), true));
      requireFile(form);
      const storages = [...(form.fields['storages[]'] ?? []), ...(form.fields.storages ?? [])];
      const [row] = await images.finishAll(req.actor, form.files, () => ({ type: 'cliparts', name: field(form, 'name'), storages }));
      return reply.code(201).send(ok(await images.toImage(row!), UPLOADED));
    },
  );
  app.post(
    '/clipart/batch',
    { schema: multipartSchema({ tags, summary: 'Upload up to 20 cliparts (parts named files[])', body: ClipartBatchUploadBody, response: { 201: ImageBatchEnvelope } }), config: { ...UPLOAD, errors: quota }, ...noAjv },
    async (req, reply) => {
      const form = await readMultipart(req, ['files[]', 'files', 'file'], 20, imageReceiver(images, storeOf(req), true));
      if (form.files.length === 0) throw new AppError('bad_request', 'File upload missing');
      const rows = await images.finishAll(req.actor, form.files, () => ({ type: 'cliparts' }));
      return reply.code(201).send({ data: await images.toImages(rows), message: UPLOADED });
    },
  );
  app.get('/cliparts/default', { schema: { tags, summary: 'Service-curated cliparts (Image records)', querystring: PageQuery, response: { 200: ImageListEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    imageList(null)(req as never, deps.pageContext(req)),
  );
  for (const scope of ['mine', 'global'] as const) {
    app.get(
      `/cliparts/${scope}`,
      { schema: { tags, summary: scope === 'mine' ? "The store's Clipart records (numeric ids)" : 'Global Clipart records (numeric ids)', querystring: PageQuery, response: { 200: ClipartListEnvelope } }, config: { ...READ, conditional: true } },
      async (req) => {
        const page = await images.listCliparts(scope === 'mine' ? { storeId: storeOf(req) } : 'global', req.query, deps.pageContext(req));
        const cats = await images.categoriesOf(page.rows.map((r) => r.image_id));
        return { ...listReply(page, (r) => r), data: await Promise.all(page.rows.map((r) => images.toClipart(r, cats.get(r.image_id) ?? []))) };
      },
    );
  }
  app.get('/cliparts/count', { schema: { tags, summary: "Number of the store's cliparts", response: { 200: CountEnvelope } }, config: { ...READ, conditional: true } }, async (req) => count(await images.count(storeOf(req), 'cliparts')));
  app.get('/cliparts/default/count', { schema: { tags, summary: 'Number of default cliparts', response: { 200: CountEnvelope } }, config: { ...READ, conditional: true } }, async () => count(await images.count(null, 'cliparts')));
  app.get('/cliparts/:clipart', { schema: { tags, summary: 'A clipart (the store’s or a default one)', params: ClipartParam, response: { 200: ImageEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    ok(await images.toImage(await images.get(storeOf(req), req.params.clipart, { withDefaults: true, type: 'cliparts' }))),
  );
  app.put(
    '/cliparts/:clipart',
    {
      schema: { tags, summary: "Set a clipart's categories (storages) or name; invalid data is 422", params: ClipartParam, body: ClipartUpdate, response: { 200: ImageEnvelope } },
      config: { ...WRITE, errors: { 422: 'Validation failed ({message, errors})' } },
      // Body failures answer 422 {message, errors} (decisions § Catalog), so the service checks the body.
      ...noAjv,
    },
    async (req) => ok(await images.toImage(await images.updateClipart(storeOf(req), req.params.clipart, (req.body ?? {}) as Record<string, unknown>)), 'Update successfully'),
  );
  app.delete('/cliparts/:clipart', { schema: { tags, summary: 'Delete a clipart', params: ClipartParam, response: { 200: DeletedEnvelope } }, config: WRITE }, async (req) => {
    await images.delete(storeOf(req), req.params.clipart, 'cliparts');
    return { message: MESSAGES.deleted };
  });
}
