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

/**
 * Objects an answer repeats (every design of a page embeds the same side and product) are
 * written once per answer: a property whose schema is marked with `sharedInAnswer` is
 * serialised by a serializer of its own, once per distinct object, and the text spliced in
 * wherever that object appears. The marker is a symbol: route schemas and the OpenAPI
 * document are unchanged, and so is every byte of the answer.
 */
const SHARED = Symbol('folio.sharedInAnswer');

/** Marks a property schema whose values an answer may repeat (the same object at many places). */
export function sharedInAnswer<T extends object>(schema: T): T {
  (schema as Record<symbol, unknown>)[SHARED] = true;
  return schema;
}

/**
 * Where the marked properties are, found once per route schema: object properties and array
 * items are followed (not combinators: a marked property under `anyOf` is written inline).
 */
interface Plan {
  props?: Array<[string, Plan]>;
  items?: Plan;
  /** a marked property: its serializer, and its index among the schema's marked properties */
  fragment?: { write: (v: unknown) => Buffer; id: number };
}

/**
 * A marked property is written as a placeholder: a string in the unsafe format (no escaping),
 * NUL, its fragment's number, NUL. fast-json-stringify escapes NUL in every other string and
 * key it writes (`\u0000`), so an unescaped NUL in the text can only be a placeholder.
 */
const PLACEHOLDER = { type: ['string', 'null'], format: 'unsafe' };

/**
 * The answer with each placeholder replaced by its fragment, as bytes: fragments are kept
 * encoded (UTF-8), so a remembered design is copied, not encoded again, and Fastify neither
 * measures nor encodes the text (`Buffer.byteLength` and the socket write of a string of tens
 * of kilobytes built from many pieces cost more than the copy). Placeholders are found by
 * indexOf: a regex over the whole answer costs more.
 */
function splice(json: string, fragments: readonly Buffer[]): Buffer {
  const texts: string[] = [];
  const ids: number[] = [];
  let size = 0;
  let from = 0;
  for (let at = json.indexOf('\u0000'); at !== -1; ) {
    const end = json.indexOf('\u0000', at + 1);
    const text = json.slice(from, at - 1);
    const id = Number(json.slice(at + 1, end));
    texts.push(text);
    ids.push(id);
    size += Buffer.byteLength(text) + fragments[id]!.length;
    from = end + 2;
    at = json.indexOf('\u0000', from);
  }
  const tail = json.slice(from);
  size += Buffer.byteLength(tail);
  // every byte is written below: the unzeroed allocation shows nothing old
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (let i = 0; i < texts.length; i++) {
    at += out.write(texts[i]!, at);
    at += fragments[ids[i]!]!.copy(out, at);
  }
  out.write(tail, at);
  return out;
}

function planOf(schema: Schema, count: { n: number }, root = false): { schema: Schema; plan: Plan | null } {
  // (the root of a fragment's own serializer is the marked schema itself: written inline there)
  if (!root && (schema as Record<symbol, unknown>)[SHARED]) {
    // values are never null here (null is written as it is): the object branch of a Nullable alone
    const anyOf = schema.anyOf;
    const inner = Array.isArray(anyOf) && anyOf.length === 2 && anyOf.some(isNull) ? (anyOf.find((s) => !isNull(s)) as Schema) : schema;
    return { schema: PLACEHOLDER, plan: { fragment: { write: remembering(compile(inner)), id: count.n++ } } };
  }
  let out: Schema | null = null;
  const plan: Plan = {};
  if (isSchema(schema.properties)) {
    const props: Schema = { ...schema.properties };
    for (const [k, s] of Object.entries(schema.properties)) {
      if (!isSchema(s)) continue;
      const sub = planOf(s, count);
      if (!sub.plan) continue;
      props[k] = sub.schema;
      (plan.props ??= []).push([k, sub.plan]);
    }
    if (plan.props) out = { ...schema, properties: props };
  }
  if (isSchema(schema.items)) {
    const sub = planOf(schema.items, count);
    if (sub.plan) {
      out = { ...(out ?? schema), items: sub.schema };
      plan.items = sub.plan;
    }
  }
  return out ? { schema: out, plan } : { schema, plan: null };
}

/** The value with every marked property's object replaced by its fragment's placeholder (the caller's objects untouched). */
function place(value: unknown, plan: Plan, fragments: Buffer[], seen: Array<Map<unknown, number>>): unknown {
  if (value === null || value === undefined) return value;
  const f = plan.fragment;
  if (f) {
    const known = (seen[f.id] ??= new Map());
    let i = known.get(value);
    if (i === undefined) {
      known.set(value, (i = fragments.length));
      fragments.push(f.write(value));
    }
    return `\u0000${i}\u0000`;
  }
  if (plan.items) return Array.isArray(value) ? value.map((v) => place(v, plan.items!, fragments, seen)) : value;
  if (typeof value !== 'object' || Array.isArray(value)) return value;
  // as fast-json-stringify would: an object's toJSON first
  const obj = (typeof (value as { toJSON?: unknown }).toJSON === 'function' ? (value as { toJSON(): unknown }).toJSON() : value) as Record<string, unknown>;
  if (obj === null || typeof obj !== 'object') return obj;
  // nothing to place (a design listed with ?include=none): the object as it is, not a copy
  if (!plan.items && plan.props!.every(([k]) => obj[k] === undefined || obj[k] === null)) return obj;
  const copy: Record<string, unknown> = { ...obj };
  if (typeof copy.toJSON === 'function') delete copy.toJSON;
  for (const [k, sub] of plan.props!) if (copy[k] !== undefined) copy[k] = place(copy[k], sub, fragments, seen);
  return copy;
}

/**
 * A fragment's serializer that remembers the bytes it wrote for each frozen object: a frozen
 * object cannot change, and objects kept between answers are frozen (docs/built-memo.ts), so
 * a listed design or product unchanged since the last answer is not serialised again.
 * Remembered per serializer (another schema may write the same object differently), and
 * only while the object lives.
 */
function remembering(write: (v: unknown) => string | Buffer): (v: unknown) => Buffer {
  const texts = new WeakMap<object, Buffer>();
  return (v) => {
    if (typeof v !== 'object' || v === null || !Object.isFrozen(v)) {
      const text = write(v);
      return typeof text === 'string' ? Buffer.from(text) : text;
    }
    let bytes = texts.get(v);
    if (bytes === undefined) {
      bytes = ownBytes(write(v));
      texts.set(v, bytes);
    }
    return bytes;
  };
}

/**
 * `text` as bytes to keep: a Buffer with memory of its own as it is (nothing writes to an
 * answer's bytes once made), anything else copied into memory of its own — a small Buffer is a
 * slice of Node's shared pool, which keeping it would keep alive whole.
 */
export function ownBytes(text: string | Buffer): Buffer {
  if (typeof text !== 'string' && text.byteOffset === 0 && text.buffer.byteLength === text.length) return text;
  const bytes = Buffer.allocUnsafeSlow(Buffer.byteLength(text));
  if (typeof text === 'string') bytes.write(text);
  else text.copy(bytes);
  return bytes;
}

/**
 * Fastify's serializer compiler with the rewrite above and shared objects written once
 * (installed by app.ts). An answer holding shared objects comes out as bytes (a Buffer, which
 * Fastify sends as it is), any other as text.
 */
export function serializerCompiler({ schema }: { schema: unknown }): (data: unknown) => string | Buffer {
  return isSchema(schema) ? compile(schema) : fastJson(schema as Schema);
}

/** The serializer of a schema; a marked property's own serializer is built the same way (marks may nest). */
function compile(schema: Schema): (data: unknown) => string | Buffer {
  const { schema: placed, plan } = planOf(schema, { n: 0 }, true);
  if (!plan) return fastJson(nullableAsTypeArrays(schema));
  // the serializer's own Ajv (for the anyOf it keeps) must know the placeholder's format
  const write = fastJson(nullableAsTypeArrays(placed), { ajv: { formats: { unsafe: true } } });
  return (data) => {
    const fragments: Buffer[] = [];
    const json = write(place(data, plan, fragments, []));
    return fragments.length === 0 ? json : splice(json, fragments);
  };
}
