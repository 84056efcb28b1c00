import fastJson from 'fast-json-stringify';

/**
 * Response serialisation: fast-json-stringify, as Fastify's default, with one rewrite of
 * the schema first. A nullable field is declared `anyOf: [X, {type: 'null'}]` (`Nullable`
 * in resource.ts), and fast-json-stringify serialises an `anyOf` by running the Ajv
 * validator of each branch on the value until one matches: for a nullable embedded object
 * (a design's side, product and images) that is a full validation of the object on every
 * answer, before it is written. Where X has a single `type` and no combinator, the rewrite
 * makes it `{...X, type: [X.type, 'null']}`, which means the same and is serialised with a
 * `typeof` test. Route schemas (validation, the OpenAPI document) are not touched: only the
 * copy the serializer is built from.
 */
type Schema = Record<string, unknown>;

const COMBINATORS = ['anyOf', 'oneOf', 'allOf', 'not', 'if', '$ref', 'const', 'enum'] as const;
const isSchema = (v: unknown): v is Schema => typeof v === 'object' && v !== null && !Array.isArray(v);
const isNull = (s: unknown) => isSchema(s) && s.type === 'null' && Object.keys(s).every((k) => k === 'type' || k === 'description' || k === 'title');

const done = new WeakMap<Schema, Schema>();

/** The schema with every `anyOf: [X, null]` of a simply-typed X made `type: [X.type, 'null']`, recursively. */
export function nullableAsTypeArrays(schema: Schema): Schema {
  const known = done.get(schema);
  if (known) return known;
  let out: Schema = { ...schema };
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const i = anyOf.findIndex(isNull);
    const other = anyOf[1 - i];
    if (i >= 0 && isSchema(other) && typeof other.type === 'string' && !COMBINATORS.some((k) => k in other)) {
      const { anyOf: _drop, ...siblings } = schema;
      out = { ...siblings, ...nullableAsTypeArrays(other), type: [other.type, 'null'] };
      done.set(schema, out);
      return out;
    }
  }
  for (const key of ['anyOf', 'oneOf', 'allOf', 'prefixItems'] as const) {
    const list = schema[key];
    if (Array.isArray(list)) out[key] = list.map((s) => (isSchema(s) ? nullableAsTypeArrays(s) : s));
  }
  for (const key of ['items', 'additionalProperties', 'not', 'if', 'then', 'else'] as const) {
    const s = schema[key];
    if (isSchema(s)) out[key] = nullableAsTypeArrays(s);
  }
  for (const key of ['properties', 'patternProperties'] as const) {
    const props = schema[key];
    if (isSchema(props)) out[key] = Object.fromEntries(Object.entries(props).map(([k, s]) => [k, isSchema(s) ? nullableAsTypeArrays(s) : s]));
  }
  done.set(schema, out);
  return out;
}

/** Fastify's serializer compiler with the rewrite above (installed by app.ts). */
export function serializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string {
  return fastJson(isSchema(schema) ? nullableAsTypeArrays(schema) : (schema as Schema));
}
