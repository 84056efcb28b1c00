import { stringByName, uuidFor } from './openapi-example-names.js';

/**
 * Example values for the OpenAPI document, derived from the route schemas themselves: a small
 * JSON Schema sampler that prefers what a schema says about itself (`examples`, `const`,
 * `default`, `enum`) and otherwise makes up a realistic value from the property's name and
 * format (ids look like uuids, urls like this service's urls, names like names). Deterministic:
 * the same document always gets the same examples, so the generated SDK does not churn.
 */

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks arbitrary JSON Schema documents
type Schema = Record<string, any>;

export type { Schema };

export interface SampleContext {
  /** the whole document, for `$ref` */
  root: Schema;
  /** public base URL of the service, e.g. https://folio.example.com */
  baseUrl: string;
  /** the operation's path, e.g. /v1/products/{id} */
  path: string;
  method: string;
  /** the property that holds the value being sampled (set while sampling) */
  parent?: string;
}

const MAX_DEPTH = 8;

/** Whole values by property name, where a shape says less than an example (Fabric layers). */
const VALUES_BY_NAME: Record<string, unknown> = {
  layers: [
    { type: 'textbox', text: 'Acme Prints', left: 60, top: 40, width: 420, fontSize: 36, fontFamily: 'Open Sans', fill: '#1a73e8', angle: 0, scaleX: 1, scaleY: 1 },
    { type: 'rect', left: 0, top: 0, width: 1050, height: 600, fill: '#ffffff', stroke: null },
  ],
  // PDF page boxes in points: a 3.5 × 2 in card with 1/8 in bleed and a crop-mark slug.
  media_box: [0, 0, 306, 198],
  bleed_box: [18, 18, 288, 180],
  trim_box: [27, 27, 279, 171],
};
const NULL_WHEN_NULLABLE = new Set(['error', 'error_message', 'deleted_at']);

function numberByName(name: string): number | undefined {
  const table: Record<string, number> = {
    width: 3.5, height: 2, viewport_width: 1050, viewport_height: 600, dpi: 300, min_jpg_dpi: 150,
    bleed: 0.125, safe_zone: 0.125, scale: 1, ratio: 1.75, left: 120, top: 80, angle: 0,
    limit: 20, per_page: 20, count: 3, total: 3, page: 1, pages: 1, balance: 42, shortfall: 8, cost: 1, amount: 10,
    size: 48213, bytes: 48213, size_bytes: 48213, expires_in: 3600, grace_period_seconds: 86400, max_file_upload: 5, upload_max_filesize: 10485760,
    fontSize: 36, font_size: 36, custom_width: 1200, quantity: 250,
  };
  return table[name];
}

function firstOf(values: unknown[] | undefined): unknown {
  return Array.isArray(values) && values.length > 0 ? values[0] : undefined;
}

function resolve(schema: Schema, root: Schema): Schema {
  let s = schema;
  for (let i = 0; i < 10 && s && typeof s.$ref === 'string' && s.$ref.startsWith('#/'); i++) {
    s = s.$ref
      .slice(2)
      .split('/')
      .reduce((o: Schema | undefined, k: string) => (o == null ? o : o[k.replace(/~1/g, '/').replace(/~0/g, '~')]), root) as Schema;
  }
  return s ?? {};
}

function fits(value: string, s: Schema): boolean {
  if (typeof s.minLength === 'number' && value.length < s.minLength) return false;
  if (typeof s.maxLength === 'number' && value.length > s.maxLength) return false;
  if (typeof s.pattern === 'string') {
    try {
      if (!new RegExp(s.pattern, 'u').test(value)) return false;
    } catch {
      return true;
    }
  }
  return true;
}

function sampleString(s: Schema, name: string, ctx: SampleContext): string {
  const byName = stringByName(name, ctx);
  if (byName !== undefined && fits(byName, s) && (s.format !== 'uuid' || /^[0-9a-f-]{36}$/.test(byName))) return byName;
  const base = ctx.baseUrl.replace(/\/$/, '');
  switch (s.format) {
    case 'uuid':
      return uuidFor(name || 'id');
    case 'email':
      return 'ada@example.com';
    case 'uri':
    case 'url':
      return `${base}/v1/files/stores/${uuidFor('store')}/images/front.png`;
    case 'date-time':
      return '2026-05-14T09:26:53.000Z';
    case 'date':
      return '2026-05-14';
    case 'binary':
      return 'front.png';
    case 'ipv4':
      return '203.0.113.7';
  }
  if (byName !== undefined && fits(byName, s)) return byName;
  let out = name ? name.replace(/_/g, ' ') : 'text';
  if (typeof s.minLength === 'number' && out.length < s.minLength) out = out.padEnd(s.minLength, 'x');
  if (typeof s.maxLength === 'number' && out.length > s.maxLength) out = out.slice(0, s.maxLength);
  return out;
}

const EDGES = new Set(['bleed', 'safe_zone', 'cut_line_margin', 'safe_zone_margin', 'margin', 'margins']);

function sampleNumber(s: Schema, name: string, integer: boolean, parent?: string): number {
  let n = (parent && EDGES.has(parent) ? 0.125 : undefined) ?? numberByName(name) ?? (typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1);
  if (typeof s.minimum === 'number' && n < s.minimum) n = s.minimum;
  if (typeof s.maximum === 'number' && n > s.maximum) n = s.maximum;
  if (typeof s.exclusiveMaximum === 'number' && n >= s.exclusiveMaximum) n = s.exclusiveMaximum - 1;
  return integer ? Math.ceil(n) : n;
}

/** An example value for `schema` (a property called `name`, when it is one). */
export function sample(schema: Schema | undefined, ctx: SampleContext, name = '', depth = 0): unknown {
  if (!schema || typeof schema !== 'object') return null;
  const s = resolve(schema, ctx.root);
  if (s.examples !== undefined) {
    const first = Array.isArray(s.examples) ? firstOf(s.examples) : s.examples;
    if (first !== undefined) return structuredClone(first);
  }
  if (s.example !== undefined) return structuredClone(s.example);
  if (s.const !== undefined) return s.const;
  if (s.default !== undefined && (s.type !== 'object' || Object.keys(s.default).length > 0)) return structuredClone(s.default);
  if (Array.isArray(s.enum) && s.enum.length > 0) return s.enum[0];
  if (name in VALUES_BY_NAME) return structuredClone(VALUES_BY_NAME[name]);
  const alternatives: Schema[] | undefined = s.anyOf ?? s.oneOf;
  if (alternatives) {
    // An error field that may be null is null in an example of success.
    if (NULL_WHEN_NULLABLE.has(name) && alternatives.some((a) => resolve(a, ctx.root).type === 'null')) return null;
    const usable = alternatives.map((a) => resolve(a, ctx.root)).filter((a) => a.type !== 'null');
    return usable.length > 0 ? sample(usable[0], ctx, name, depth) : null;
  }
  if (Array.isArray(s.allOf)) {
    const parts = s.allOf.map((a: Schema) => sample(a, ctx, name, depth));
    return parts.every((p: unknown) => p && typeof p === 'object' && !Array.isArray(p)) ? Object.assign({}, ...parts) : parts[0];
  }
  const type = Array.isArray(s.type) ? s.type.find((t: string) => t !== 'null') : s.type;
  if (depth > MAX_DEPTH) return type === 'array' ? [] : type === 'object' ? {} : null;
  switch (type ?? (s.properties ? 'object' : s.items ? 'array' : undefined)) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const inner = { ...ctx, parent: name || ctx.parent };
      for (const [key, prop] of Object.entries((s.properties ?? {}) as Record<string, Schema>)) out[key] = sample(prop, inner, key, depth + 1);
      if (!s.properties && s.additionalProperties && typeof s.additionalProperties === 'object') {
        const valueName = name === 'error' ? 'field' : name;
        out[name === 'error' ? 'name' : 'key'] = sample(s.additionalProperties, { ...ctx, parent: name }, valueName, depth + 1);
      }
      return out;
    }
    case 'array': {
      const item = sample(s.items as Schema | undefined, ctx, name.replace(/s$/, ''), depth + 1);
      const count = Math.min(Math.max(1, typeof s.minItems === 'number' ? s.minItems : 1), typeof s.maxItems === 'number' ? s.maxItems : 50);
      return Array.from({ length: count }, () => structuredClone(item));
    }
    case 'string':
      return sampleString(s, name, ctx);
    case 'integer':
      return sampleNumber(s, name, true, ctx.parent);
    case 'number':
      return sampleNumber(s, name, false, ctx.parent);
    case 'boolean':
      return /^(enable|is_|has_|allow)/.test(name) ? true : false;
    case 'null':
      return null;
    default:
      return null;
  }
}

/**
 * Error bodies as this service sends them (errors.ts errorResponse), by status and the
 * document's component for the response (Error, ValidationError, InsufficientTokens,
 * Unprocessable): what a client should expect to parse.
 */
export function errorExample(status: number, description: string, component = 'Error', requestId = '5e0c8a1e-7d5b-4d43-9a51-2b8f3f6c1a90'): unknown {
  const env = (code: string, message: string, details?: Record<string, unknown>) => ({
    error: { message, code, ...(details ? { details } : {}) },
    message,
    request_id: requestId,
  });
  if (component === 'InsufficientTokens') return { error: 'INSUFFICIENT_TOKENS', balance: 2, shortfall: 8, top_up_url: 'https://folio.example.com/billing/top-up' };
  if (component === 'Unprocessable') return { message: description, errors: { storages: ['must be an array of category ids'] }, request_id: requestId };
  switch (status) {
    case 400:
      if (component !== 'ValidationError') return env('bad_request', description);
      return { error: { name: ['must NOT have fewer than 1 characters'] }, message: 'Invalid input', request_id: requestId };
    case 401:
      return env('unauthenticated', 'Missing, unacceptable or invalid credentials');
    case 402:
      return env('capability_not_available', description, { capability: 'api_keys', required_tier: 'advanced', current_tier: 'free', cta: { url: 'https://folio.example.com/pricing?tier=advanced' } });
    case 403:
      return env('insufficient_scope', 'The credential lacks the scope catalog:write');
    case 404:
      return env('not_found', 'Resource not found');
    case 409:
      return env('conflict', description);
    case 410:
      return env('gone', description);
    case 413:
      return env('limit_too_large', description);
    case 415:
      return env('unsupported_media_type', description);
    case 429:
      return env('rate_limited', 'Too many requests; retry in 12 s');
    case 503:
      return env('unavailable', description);
    default:
      return env('bad_request', description);
  }
}
