import multipart from '@fastify/multipart';
import { Ajv } from 'ajv';
import type { FastifyRequest, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import type { App } from '../../platform/http/app-type.js';
import type { RouteAuth } from '../../platform/http/auth.js';
import { MESSAGES } from '../../platform/http/envelope.js';
import { AppError } from '../../platform/http/errors.js';
import { partError } from '../../platform/http/multipart-errors.js';
import { textValidator, validationToAppError } from '../../platform/http/validation.js';
import { STORE_KINDS, storeOf } from '../../platform/http/resource.js';
import { CreateMergeBody, CreateMergeUpload, MAX_CSV_BYTES, MAX_JSON_BYTES, MergeJobEnvelope } from './merge.schemas.js';
import type { MergeInput, MergeService } from './merge.service.js';

/** Store credentials (store key, JWT + store, API key) with files:render, as the PDF job's server-side callers. */
export const MERGE_AUTH: RouteAuth = { auth: STORE_KINDS, scope: 'files:render' };

// JSON bodies as sent (no coercion), defaults filled, like every JSON route (platform/http/validation.ts)
const bodyAjv = new Ajv({ allErrors: true, coerceTypes: false, useDefaults: true, removeAdditional: false, strict: false });
bodyAjv.addFormat('binary', true);
const validateBody = bodyAjv.compile(CreateMergeBody);

/**
 * The route validates its JSON body with the schema; a multipart body arrives as a stream the
 * handler reads, and is validated once its parts are assembled into the same object.
 */
const validatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => {
  if (httpPart !== 'body') return textValidator(schema as object);
  if (schema === CreateMergeUpload) return () => true;
  return (data: unknown) => {
    const ok = validateBody(data);
    return ok ? { value: data } : { error: validationToAppError(validateBody.errors as FastifySchemaValidationError[], 'body') };
  };
};

/** The multipart form → the JSON body's shape (mapping and numbering are JSON text; crop_marks true/false). */
async function readForm(req: FastifyRequest): Promise<MergeInput> {
  const body: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          for await (const _ of part.file); // drain
          continue;
        }
        if ('csv' in body) throw AppError.field('file', 'send one CSV: a `file` part or a `csv` field');
        const chunks: Buffer[] = [];
        for await (const chunk of part.file) chunks.push(chunk as Buffer);
        if (part.file.truncated) throw new AppError('payload_too_large', `The CSV file is larger than ${MAX_CSV_BYTES} bytes`);
        try {
          body.csv = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
        } catch {
          throw AppError.field('file', 'the CSV is not UTF-8 text');
        }
        continue;
      }
      const value = String(part.value);
      const name = part.fieldname;
      if (value.includes('\u0000')) throw AppError.field(name, 'must not contain NUL characters');
      if (name === 'mapping' || name === 'numbering' || name === 'records') {
        try {
          body[name] = JSON.parse(value);
        } catch {
          throw AppError.field(name, 'must be JSON text');
        }
      } else if (name === 'crop_marks') body[name] = value === 'true' ? true : value === 'false' ? false : value;
      else if (name === 'csv' && 'csv' in body) throw AppError.field('csv', 'send one CSV: a `file` part or a `csv` field');
      else body[name] = value;
    }
  } catch (err) {
    throw err instanceof AppError ? err : partError(err);
  }
  if (!validateBody(body)) throw validationToAppError(validateBody.errors as FastifySchemaValidationError[], 'body');
  return body as MergeInput;
}

export async function mergeRoutes(app: App, deps: { merge: MergeService }): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: MAX_CSV_BYTES, files: 1, fields: 20, parts: 22, fieldSize: 1024 * 1024 } });
    scope.post(
      '/merge-jobs',
      {
        schema: {
          tags: ['Variable data'],
          summary: 'Merge a data set into a design: a page per record (and side), or a PDF per record',
          description:
            "Fills the design's field layers (`field: {name, type}` on a layer: text, image, qr, barcode) from each record. The data set is JSON `records`, `csv` text, or a multipart `file` part (CSV, UTF-8 with or without BOM, `,` or `;`), up to 10,000 records; `mapping` names the column of a field when they differ; `numbering` numbers the records (`{{n}}`), or prints `count` numbered copies without a data set. Answers 202 with a job: poll `GET /jobs/{id}` for `progress`, then download `pdf_url` (or `zip_url`) and read the per-record `report`. Free of tokens.",
          body: { content: { 'application/json': { schema: CreateMergeBody }, 'multipart/form-data': { schema: CreateMergeUpload } } },
          response: { 202: MergeJobEnvelope },
        },
        config: MERGE_AUTH,
        // 10,000 JSON records or a CSV string outgrow the service's default JSON body limit
        bodyLimit: MAX_JSON_BYTES,
        validatorCompiler,
      },
      async (req, reply) => {
        const input = req.isMultipart() ? await readForm(req) : ((req.body ?? {}) as MergeInput);
        return reply.code(202).send({ data: await deps.merge.create(req.actor!, storeOf(req), input), message: MESSAGES.created });
      },
    );
  });
}
