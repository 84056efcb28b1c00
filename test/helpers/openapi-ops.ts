import { buildApp, type App, type AppDeps } from '../../src/app.js';
import { documentedPath } from '../../src/platform/http/openapi.js';

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
    // Fastify's :param and wildcard * are the document's {param} and {path}.
    const path = documentedPath(stack.join(''));
    for (const method of m[3].split(',').map((s) => s.trim())) out.push({ method, path });
  }
  return out;
}

/** Pages for people that the app serves beside the API (app.ts PUBLIC_PREFIXES, the modules' `pages`: the customizer, billing, the customer's proof page, the Shopify app's install, the back office): not operations. */
const PAGES = ['/v1/docs', '/v1/openapi.json', '/customizer', '/billing', '/proof/', '/proof-assets/', '/integrations/shopify/', '/admin'];

/** The API operations the router serves: no HEAD/OPTIONS mirrors, no pages for people. */
export function servedOperations(app: App): Array<{ method: string; path: string }> {
  return servedRoutes(app)
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .filter((r) => !PAGES.some((p) => r.path.startsWith(p)));
}

/**
 * Every operation the modules register under /v1, seen by an onRoute hook of a second app
 * over the same dependencies (the router's printout misses wildcard routes), plus the
 * operations the app itself declares (health, ready), from the printout.
 */
export async function registeredOperations(app: App, appDeps: Omit<AppDeps, 'logger'>): Promise<Array<{ method: string; path: string }>> {
  const out: Array<{ method: string; path: string }> = [];
  const probe = await buildApp({
    ...appDeps,
    logger: false,
    routes: async (v1) => {
      v1.addHook('onRoute', (r) => {
        for (const method of [r.method].flat()) out.push({ method, path: documentedPath(r.url) });
      });
      await appDeps.routes(v1);
    },
  });
  await probe.close();
  for (const r of servedOperations(app)) out.push(r);
  const seen = new Set<string>();
  return out
    .filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .filter((r) => (seen.has(`${r.method} ${r.path}`) ? false : (seen.add(`${r.method} ${r.path}`), true)));
}
