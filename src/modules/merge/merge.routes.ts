import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { readMultipart, registerMultipart } from '../../platform/http/multipart.js';
import { formToBody, jsonOrForm } from '../../platform/http/multipart-route.js';
import { STORE_KINDS, storeOf } from '../../platform/http/resource.js';
import { collect } from '../../platform/http/upload-stream.js';
import { validateBody } from '../../platform/http/validation.js';
import { checkJsonKeys } from './merge.data.js';
import { CreateMergeBody, CreateMergeUpload, MAX_CSV_BYTES, MAX_JSON_BYTES, MergeJobEnvelope } from './merge.schemas.js';
import type { MergeInput, MergeService } from './merge.service.js';

/** Store credentials (store key, JWT + store, API key) with files:render, as the PDF job's server-side callers. */
export const MERGE_AUTH: RouteAuth = { auth: STORE_KINDS, scope: 'files:render', errors: { 413: 'Too large: a JSON body over 32 MiB or of more than 250,000 keys (send a large data set as CSV), a CSV over 20 MiB', 422: 'A limit of the data set passed (named in the message): a CSV cell over 10,000 characters, more than 200 columns' } };

const ONE_CSV = 'send one CSV: a `file` part or a `csv` field';

/** The multipart form → the JSON body's shape (mapping, numbering, records and rich_black are JSON text; crop_marks, allow_missing_glyphs, black_overprint and keep_artwork_rich_black true/false), validated as the JSON body. */
async function readForm(req: FastifyRequest): Promise<MergeInput> {
  const form = await readMultipart(req, ['file'], 1, {
    async receive(f) {
      const bytes = await collect(f.body, MAX_CSV_BYTES, 'The CSV file');
      try {
        return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
      } catch {
        throw AppError.field('file', 'the CSV is not UTF-8 text');
      }
    },
  });
  const csvFields = form.fields.csv?.length ?? 0;
  if (csvFields + form.files.length > 1) throw AppError.field(form.files.length > 0 ? 'file' : 'csv', ONE_CSV);
  const body = formToBody(form.fields, { json: ['mapping', 'numbering', 'records', 'rich_black'], booleans: ['crop_marks', 'allow_missing_glyphs', 'black_overprint', 'keep_artwork_rich_black'] });
  if (form.files[0] !== undefined) body.csv = form.files[0];
  return validateBody<MergeInput>(CreateMergeBody, body);
}

export async function mergeRoutes(app: App, deps: { merge: MergeService }): Promise<void> {
  await app.register(async (scope) => {
    // the CSV's own cap (one byte over, so that collect names the CSV in the 413)
    await registerMultipart(scope as unknown as App, { fileSize: MAX_CSV_BYTES + 1, files: 1, fields: 20, parts: 22, fieldSize: 1024 * 1024 });
    // A JSON body of up to 32 MiB: its keys counted (in steps) before the framework's own parser
    // runs, since parsing and validating cost about one per key (MAX_JSON_KEYS, else 413).
    const parseJson = scope.getDefaultJsonParser('error', 'error');
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: MAX_JSON_BYTES }, async (req: FastifyRequest, body: string | Buffer) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      await checkJsonKeys(text);
      return new Promise((resolve, reject) => parseJson(req, text, (err, value) => (err ? reject(err) : resolve(value))));
    });
    scope.post(
      '/merge-jobs',
      {
        schema: {
          tags: ['Variable data'],
          summary: 'Merge a data set into a design: a page per record (and side), or a PDF per record',
          description:
            "Fills the design's field layers (`field: {name, type}` on a layer: text, image, qr, barcode) from each record. The data set is JSON `records`, `csv` text, or a multipart `file` part (CSV, UTF-8 with or without BOM, `,` or `;`), up to 10,000 records of at most 200 columns, a cell at most 10,000 characters (JSON or CSV; a CSV past a limit is a 422 naming it); `mapping` names the column of a field when they differ; `numbering` numbers the records (`{{n}}`), or prints `count` numbered copies without a data set. Answers 202 with a job: poll `GET /jobs/{id}` for `progress`, then download `pdf_url` (or `zip_url`) and read the per-record `report`. Text (from the design or a record) with a character no font has fails the job unless `allow_missing_glyphs` is true. Free of tokens.",
          body: { content: { 'application/json': { schema: CreateMergeBody }, 'multipart/form-data': { schema: CreateMergeUpload } } },
          response: { 202: MergeJobEnvelope },
        },
        config: MERGE_AUTH,
        // 10,000 JSON records or a CSV string outgrow the service's default JSON body limit
        bodyLimit: MAX_JSON_BYTES,
        ...jsonOrForm(CreateMergeUpload),
      },
      async (req, reply) => {
        const input = req.isMultipart() ? await readForm(req) : ((req.body ?? {}) as MergeInput);
        return reply.code(202).send({ data: await deps.merge.create(req.actor!, storeOf(req), input), message: MESSAGES.created });
      },
    );
  });
}
