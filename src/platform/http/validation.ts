import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, FastifySchemaValidationError } from 'fastify';
import { AppError, type FieldErrors } from './errors.js';
import { HTTP_URL_FORMAT, HTTP_URL_MESSAGE, isHttpUrl } from './http-url.js';

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;

function makeAjv(coerce: boolean): Ajv {
  const ajv = new Ajv({
    allErrors: true,
    coerceTypes: coerce ? 'array' : false,
    useDefaults: true,
    removeAdditional: false,
    strict: false,
  });
  addFormats(ajv);
  ajv.addFormat(HTTP_URL_FORMAT, { type: 'string', validate: isHttpUrl });
  return ajv;
}

let sharedTextAjv: Ajv | null = null;

/** A validator for a text part (query string, path params, headers): coerced, like installValidators does. */
export function textValidator(schema: object) {
  sharedTextAjv ??= makeAjv(true);
  return sharedTextAjv.compile(schema);
}

let sharedBodyAjv: Ajv | null = null;

/** A validator for a body assembled by a handler (a multipart form read as the JSON body): as sent, no coercion. */
export function bodyValidator(schema: object) {
  sharedBodyAjv ??= makeAjv(false);
  return sharedBodyAjv.compile(schema);
}

/** `data` checked against `schema` as a JSON body is (defaults filled in); 400 with the validation envelope. */
export function validateBody<T>(schema: object, data: unknown): T {
  const validate = bodyValidator(schema);
  if (!validate(data)) throw validationToAppError(validate.errors as FastifySchemaValidationError[], 'body');
  return data as T;
}

/**
 * JSON bodies are validated as sent (no type coercion: `"5"` is not 5); query strings,
 * path params and headers arrive as text and are coerced.
 */
export function installValidators(app: FastifyInstance): void {
  const bodyAjv = makeAjv(false);
  const textAjv = makeAjv(true);
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const ajv = httpPart === 'body' ? bodyAjv : textAjv;
    return ajv.compile(schema);
  });
}

function fieldName(e: Pick<ErrorObject, 'instancePath' | 'params' | 'keyword'>, part: string | undefined): string {
  const base = e.instancePath
    .split('/')
    .filter(Boolean)
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
  if (e.keyword === 'required') {
    const missing = (e.params as { missingProperty?: string }).missingProperty ?? '';
    return base ? `${base}.${missing}` : missing;
  }
  if (e.keyword === 'additionalProperties') {
    const extra = (e.params as { additionalProperty?: string }).additionalProperty ?? '';
    return base ? `${base}.${extra}` : extra;
  }
  return base || part || 'body';
}

function messageFor(e: Pick<ErrorObject, 'keyword' | 'message' | 'params'>): string {
  if (e.keyword === 'required') return 'is required';
  if (e.keyword === 'additionalProperties') return 'is not allowed';
  if (e.keyword === 'format' && (e.params as { format?: string }).format === HTTP_URL_FORMAT) return HTTP_URL_MESSAGE;
  if (e.keyword === 'enum') return `must be one of: ${((e.params as { allowedValues?: unknown[] }).allowedValues ?? []).join(', ')}`;
  return e.message ?? 'is invalid';
}

/** Fastify's schema errors → the interface's validation envelope (400, field → messages). */
export function validationToAppError(errors: FastifySchemaValidationError[], part: string | undefined): AppError {
  // Field names come from the request (an extra property called "constructor" or
  // "__proto__"), so they key a Map, never a plain object's inherited members.
  const fields = new Map<string, string[]>();
  const listOf = (name: string): string[] => {
    let list = fields.get(name);
    if (!list) fields.set(name, (list = []));
    return list;
  };
  // A union of literals (sort, sortBy, enums made with TypeBox) fails once per branch with
  // "must be equal to constant"; gathered, the branches say which values are allowed.
  const allowed = new Map<string, unknown[]>();
  for (const e of errors) {
    // A union's branches each report; keep the messages that say something to a person.
    if (e.keyword === 'anyOf' || e.keyword === 'oneOf' || e.keyword === 'if') continue;
    const name = fieldName(e as ErrorObject, part === 'body' ? undefined : part);
    if (e.keyword === 'const') {
      const values = allowed.get(name) ?? [];
      values.push((e.params as { allowedValue?: unknown }).allowedValue);
      allowed.set(name, values);
      listOf(name);
      continue;
    }
    const msg = messageFor(e as ErrorObject);
    const list = listOf(name);
    if (!list.includes(msg)) list.push(msg);
  }
  for (const [name, values] of allowed) listOf(name).push(`must be one of: ${values.map(String).join(', ')}`);
  if (fields.size === 0) listOf(part ?? 'body').push('is invalid');
  // fromEntries defines own properties: "__proto__" stays a field name.
  return AppError.validation(Object.fromEntries(fields) as FieldErrors);
}
