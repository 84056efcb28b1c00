import type { FastifySchema, FastifySchemaCompiler, FastifySchemaValidationError } from 'fastify';
import { AppError } from './errors.js';
import { bodyValidator, textValidator, validationToAppError } from './validation.js';

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

/**
 * Route options of a route that takes a JSON body or the same body as a multipart form
 * (`body: {content: {'application/json': …, 'multipart/form-data': formSchema}}`): the JSON
 * body is validated as on every route; the form is read by the handler (readMultipart),
 * mapped with `formToBody` and checked with `validateBody` against the JSON schema.
 */
export function jsonOrForm(formSchema: object): { validatorCompiler: FastifySchemaCompiler<unknown> } {
  return {
    validatorCompiler: ({ schema, httpPart }) => {
      if (httpPart !== 'body') return textValidator(schema as object);
      if (schema === formSchema) return () => true;
      const validate = bodyValidator(schema as object);
      return (data: unknown) => (validate(data) ? { value: data } : { error: validationToAppError(validate.errors as FastifySchemaValidationError[], 'body') });
    },
  };
}

/** How the text fields of a form map to a JSON body: which are JSON text, which are booleans; the rest are strings. */
export interface FormShape {
  json?: readonly string[];
  booleans?: readonly string[];
}

/**
 * A form's text fields as the JSON body they stand for (first value of each): JSON-text
 * fields parsed (400 naming the field when they do not parse), `true`/`false` as booleans
 * (anything else left as text, for the schema to refuse).
 */
export function formToBody(fields: Record<string, string[]>, shape: FormShape): Record<string, unknown> {
  const body = Object.create(null) as Record<string, unknown>;
  for (const [name, values] of Object.entries(fields)) {
    const value = values[0]!;
    if (shape.json?.includes(name)) {
      try {
        body[name] = JSON.parse(value);
      } catch {
        throw AppError.field(name, 'must be JSON text');
      }
    } else if (shape.booleans?.includes(name)) body[name] = value === 'true' ? true : value === 'false' ? false : value;
    else body[name] = value;
  }
  return body;
}
