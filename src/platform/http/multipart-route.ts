import type { FastifySchema, FastifySchemaCompiler } from 'fastify';
import { textValidator } from './validation.js';

/**
 * Multipart upload routes: the body schema documents the form for OpenAPI; the parts are
 * read from the stream by the handler (readMultipart), so Ajv validates no body here. Path
 * and query parameters are validated as on every other route. A JSON body is refused with
 * 415 by the handler.
 */
export function multipartSchema<S extends FastifySchema & { body: unknown }>(schema: S): S & { consumes: string[] } {
  return { ...schema, consumes: ['multipart/form-data'] };
}

const multipartValidatorCompiler: FastifySchemaCompiler<unknown> = ({ schema, httpPart }) => (httpPart === 'body' ? () => true : textValidator(schema as object));

/** Route options of a multipart route: `{ schema: multipartSchema(…), …noAjv }`. */
export const noAjv = { validatorCompiler: multipartValidatorCompiler };
