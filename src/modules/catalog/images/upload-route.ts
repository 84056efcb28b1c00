import type { FastifySchema } from 'fastify';

/**
 * Multipart upload routes: the body schema documents the form for OpenAPI; the parts are
 * read from the stream by the handler (readMultipart), so ajv validates nothing here (these
 * routes have no query or path parameters either). A JSON body is refused with 415 by the handler.
 */
export function multipartSchema(schema: FastifySchema & { body: unknown }): FastifySchema {
  return { ...schema, consumes: ['multipart/form-data'] } as FastifySchema;
}

export const noAjv = { validatorCompiler: () => () => true };
