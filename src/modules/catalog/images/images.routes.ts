import type { App } from '../../../platform/http/app-type.js';
import { AppError } from '../../../platform/http/errors.js';
import { MESSAGES, ok } from '../../../platform/http/envelope.js';
import type { PageContextFactory } from '../../../platform/http/pagination.js';
import { CountEnvelope, DeletedEnvelope, IdParam, READ, READ_B, UPLOAD_PUBLIC, WRITE, count, listReply, storeOf } from '../../../platform/http/resource.js';
import { field, readMultipart, requireFile } from '../../../platform/http/multipart.js';
import type { ImageType } from './images.repo.js';
import { ImageBatchEnvelope, ImageBatchUploadBody, ImageEnvelope, ImageImportBody, ImageListEnvelope, ImageListQuery, ImageUploadBody } from './images.schemas.js';
import { CLIPART_TYPES, type ImagesService, type ReceivedImage } from './images.service.js';
import type { FileReceiver } from '../../../platform/http/multipart.js';
import { ACCEPTED_TYPES } from '../../../engines/image/upload.js';
import { importFromLink } from './image-import.js';
import type { SafeFetcher } from '../../../platform/fetch/safe-fetch.js';
import { multipartSchema, noAjv } from '../../../platform/http/multipart-route.js';

export const UPLOADED = 'File successfully uploaded';
/** 422 of the upload routes: an SVG over a limit of docs/limits.md "SVG artwork". */
export const SVG_OVER_LIMIT = 'An SVG over a limit (depth, elements, style sheet size, selectors, selector work, task budget): the message names it';
/** The 422 of the image uploads: an SVG over a limit, or a PDF refused. */
const UPLOAD_REFUSED = `${SVG_OVER_LIMIT}; or a PDF refused: a cyclic or damaged page tree, too many objects or too deep nesting, encryption, or data in an outside file (external stream); the message says which`;

function imageType(v: string | undefined): ImageType {
  if (v === undefined || v === '' || v === 'null') return null;
  if (v === 'cliparts' || v === 'designs') return v;
  throw AppError.field('type', 'must be cliparts or designs');
}

function customWidth(v: string | undefined): number | undefined {
  if (v === undefined || v === '') return undefined;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 4000) throw AppError.field('custom_width', 'must be an integer from 1 to 4000');
  return n;
}

/** File parts stream into the blob store as they arrive; a failed request removes them. */
export function imageReceiver(images: ImagesService, storeId: string, clipartsOnly = false): FileReceiver<ReceivedImage> {
  return { receive: (f) => images.receive(storeId, f.filename, f.body, clipartsOnly ? CLIPART_TYPES : ACCEPTED_TYPES), discard: (r) => images.discard(r) };
}

export function imagesRoutes(app: App, deps: { images: ImagesService; fetcher: SafeFetcher; pageContext: PageContextFactory }): void {
  const { images } = deps;
  const tags = ['Catalog: images'];

  app.post(
    '/images',
    {
      schema: multipartSchema({ tags, summary: 'Upload an image (JPEG, PNG, WebP, TIFF, GIF, SVG sanitised, PDF); thumbnails small, medium and custom', body: ImageUploadBody, response: { 201: ImageEnvelope } }),
      config: { ...UPLOAD_PUBLIC, errors: { 413: 'File too large', 415: 'Unsupported type', 422: UPLOAD_REFUSED } },
      ...noAjv,
    },
    async (req, reply) => {
      const form = await readMultipart(req, ['file'], 1, imageReceiver(images, storeOf(req)));
      requireFile(form);
      const [row] = await images.finishAll(req.actor, form.files, () => ({ type: imageType(field(form, 'type')), customWidth: customWidth(field(form, 'custom_width')) }));
      return reply.code(201).send(ok(await images.toImage(row!), UPLOADED));
    },
  );
  app.post(
    '/images/import',
    {
      schema: { tags, summary: 'Import an image from a link (fetched by the safe fetcher), stored as an upload of the same file', body: ImageImportBody, response: { 201: ImageEnvelope } },
      config: { ...UPLOAD_PUBLIC, errors: { 413: 'File too large', 415: 'Unsupported type', 422: UPLOAD_REFUSED } },
    },
    async (req, reply) => {
      const body = req.body as { url: string; type?: 'cliparts' | 'designs'; custom_width?: number };
      if (!URL.canParse(body.url) || !/^https?:$/.test(new URL(body.url).protocol)) throw AppError.field('url', 'must be an http(s) link');
      const row = await importFromLink(images, deps.fetcher, req.actor ?? null, storeOf(req), body.url, { type: body.type ?? null, customWidth: body.custom_width });
      return reply.code(201).send(ok(await images.toImage(row), UPLOADED));
    },
  );
  app.post(
    '/images/batch',
    {
      schema: multipartSchema({ tags, summary: 'Upload up to 20 images (parts named files[])', body: ImageBatchUploadBody, response: { 201: ImageBatchEnvelope } }),
      config: { ...UPLOAD_PUBLIC, errors: { 413: 'File too large', 415: 'Unsupported type', 422: UPLOAD_REFUSED } },
      ...noAjv,
    },
    async (req, reply) => {
      const form = await readMultipart(req, ['files[]', 'files', 'file'], 20, imageReceiver(images, storeOf(req)));
      if (form.files.length === 0) throw new AppError('bad_request', 'File upload missing');
      const rows = await images.finishAll(req.actor, form.files, () => ({ type: imageType(field(form, 'type')) }));
      return reply.code(201).send({ data: await images.toImages(rows), message: UPLOADED });
    },
  );
  app.get(
    '/images',
    { schema: { tags, summary: "The store's images", querystring: ImageListQuery, response: { 200: ImageListEnvelope } }, config: { ...READ, conditional: true } },
    async (req) => {
      const page = await images.list(storeOf(req), req.query.type, req.query, deps.pageContext(req));
      return { ...listReply(page, (r) => r), data: await images.toImages(page.rows) };
    },
  );
  app.get('/images/count', { schema: { tags, summary: "Number of the store's images", response: { 200: CountEnvelope } }, config: { ...READ_B, conditional: true } }, async (req) =>
    count(await images.count(storeOf(req))),
  );
  app.get('/images/:id', { schema: { tags, summary: 'An image', params: IdParam, response: { 200: ImageEnvelope } }, config: { ...READ, conditional: true } }, async (req) =>
    ok(await images.toImage(await images.get(storeOf(req), req.params.id))),
  );
  app.delete('/images/:id', { schema: { tags, summary: 'Delete an image and its files', params: IdParam, response: { 200: DeletedEnvelope } }, config: WRITE }, async (req) => {
    await images.delete(storeOf(req), req.params.id);
    return { message: MESSAGES.deleted };
  });
}
