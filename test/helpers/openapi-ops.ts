import type { App } from '../../src/app.js';

/**
 * The operations of /v1/openapi.json, read from the document at test time, so tests that
 * walk "every operation" cover routes added later without being edited.
 */
export type Kind = 'B' | 'U' | 'JS' | 'J' | 'K' | 'KH';

export interface JsonSchema {
  [k: string]: any;
}

export interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  /** as documented: /v1/products/{id} */
  path: string;
  pathParams: string[];
  query: Array<{ name: string; schema: JsonSchema; required: boolean }>;
  /** the JSON body schema, when the operation takes one */
  json: JsonSchema | null;
  /** the multipart schema, when the operation takes an upload */
  multipart: JsonSchema | null;
  /** credential kinds the document's `security` lists (KH: API key in X-API-Key) */
  kinds: Kind[];
  /** the document's operation object */
  op: Record<string, any>;
}

export async function openApiDocument(app: App): Promise<Record<string, any>> {
  const res = await app.inject({ method: 'GET', url: '/v1/openapi.json' });
  if (res.statusCode !== 200) throw new Error(`GET /v1/openapi.json answered ${res.statusCode}`);
  return res.json();
}

/** Kinds from one operation's security requirement list. */
export function kindsOf(security: Array<Record<string, unknown>> | undefined): Kind[] {
  const kinds = new Set<Kind>();
  for (const req of security ?? []) {
    const names = Object.keys(req);
    if (names.includes('storeBasic')) kinds.add('B');
    if (names.includes('unauthToken')) kinds.add('U');
    if (names.includes('accountJwt')) kinds.add(names.includes('storeSid') ? 'JS' : 'J');
    if (names.includes('apiKey')) kinds.add('K');
    if (names.includes('apiKeyHeader')) kinds.add('KH');
  }
  return [...kinds];
}

export function operations(doc: Record<string, any>): Operation[] {
  const out: Operation[] = [];
  for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, any>>)) {
    for (const [m, op] of Object.entries(ops)) {
      const method = m.toUpperCase() as Operation['method'];
      if (!['GET', 'POST', 'PUT', 'DELETE', 'PATCH'].includes(method)) continue;
      const params = (op.parameters ?? []) as Array<Record<string, any>>;
      const content = (op.requestBody?.content ?? {}) as Record<string, { schema?: JsonSchema }>;
      out.push({
        method,
        path,
        pathParams: [...path.matchAll(/\{([^}]+)\}/g)].map((x) => x[1]!),
        query: params.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {}, required: Boolean(p.required) })),
        json: content['application/json']?.schema ?? null,
        multipart: content['multipart/form-data']?.schema ?? null,
        kinds: kindsOf(op.security),
        op,
      });
    }
  }
  return out;
}

/** Resolves local `$ref`s against the document (components.schemas). */
export function deref(doc: Record<string, any>, schema: JsonSchema | undefined): JsonSchema {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === 'string'; i++) {
    const parts = (s.$ref as string).replace(/^#\//, '').split('/');
    s = parts.reduce<any>((node, key) => node?.[key], doc) ?? {};
  }
  return s;
}

/** Every (method, path) the router serves, read from Fastify's own route tree, paths in OpenAPI form. */
export function servedRoutes(app: App): Array<{ method: string; path: string }> {
  const out: Array<{ method: string; path: string }> = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^(.*?)[├└]── (\S+)(?: \(([^)]*)\))?\s*$/.exec(line);
    if (!m) continue;
    const depth = Math.round([...m[1]!].length / 4);
    stack.length = depth;
    stack.push(m[2]!);
    if (!m[3]) continue;
    const path = stack.join('').replace(/:(\w+)/g, '{$1}');
    for (const method of m[3].split(',').map((s) => s.trim())) out.push({ method, path });
  }
  return out;
}

/** The API operations the router serves: no HEAD/OPTIONS mirrors, no docs page or the document itself. */
export function servedOperations(app: App): Array<{ method: string; path: string }> {
  return servedRoutes(app)
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .filter((r) => !r.path.startsWith('/v1/docs') && r.path !== '/v1/openapi.json');
}
