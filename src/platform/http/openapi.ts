import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { CredentialKind, RouteAuth } from './auth.js';
import { acceptedKinds, scopeLabel } from './auth.js';
import { errorExample, sample, type SampleContext } from './openapi-examples.js';
import { deriveOperationId } from './operation-ids.js';

const SECURITY_FOR: Record<CredentialKind, Array<Record<string, string[]>>> = {
  B: [{ storeBasic: [] }],
  U: [{ unauthToken: [] }],
  JS: [{ accountJwt: [], storeSid: [] }],
  J: [{ accountJwt: [] }],
  K: [{ apiKey: [] }, { apiKeyHeader: [] }],
};

const ErrorBody = {
  type: 'object',
  description: 'Envelopes A and B at once: {error:{message, code}, message}',
  properties: {
    error: { type: 'object', properties: { message: { type: 'string' }, code: { type: 'string' }, details: { type: 'object' } } },
    message: { type: 'string' },
    request_id: { type: 'string' },
  },
};
const ValidationBody = {
  type: 'object',
  description: 'Validation envelope: field → messages',
  properties: {
    error: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    message: { type: 'string', const: 'Invalid input' },
    request_id: { type: 'string' },
  },
};
/** 402 of a paid service the wallet cannot pay for (errors.ts: insufficientTokens). */
const InsufficientTokensBody = {
  type: 'object',
  description: 'The wallet cannot pay for the service: {error:"INSUFFICIENT_TOKENS", balance, shortfall, top_up_url}',
  required: ['error', 'balance', 'shortfall', 'top_up_url'],
  properties: {
    error: { type: 'string', const: 'INSUFFICIENT_TOKENS' },
    balance: { type: 'integer' },
    shortfall: { type: 'integer' },
    top_up_url: { type: 'string' },
  },
};
/** 422 of the catalog routes whose body the service checks itself: {message, errors:{field:[…]}}. */
const UnprocessableBody = {
  type: 'object',
  description: 'The body was understood but its values are not acceptable: {message, errors:{<field>:[messages]}, request_id}',
  properties: {
    message: { type: 'string' },
    errors: { type: 'object', additionalProperties: { type: 'array', items: { type: 'string' } } },
    request_id: { type: 'string' },
  },
};

/** The error envelope component a response of `status` with `description` uses. */
function errorSchemaFor(status: number, description: string): string {
  if (status === 402 && /token/i.test(description)) return 'InsufficientTokens';
  if (status === 422) return 'Unprocessable';
  return 'Error';
}

function errorResponses(auth: RouteAuth, hasInput: boolean, hasParams: boolean): Record<string, unknown> {
  const res: Record<string, unknown> = {
    429: { description: 'Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  };
  const ref = (d: string, s = 'Error') => ({ description: d, content: { 'application/json': { schema: { $ref: `#/components/schemas/${s}` } } } });
  if (hasInput) res[400] = ref('Invalid input', 'ValidationError');
  if ((auth.auth ?? []).length > 0) res[401] = ref('Missing, unacceptable or invalid credentials');
  if (auth.scope) res[403] = ref('The credential lacks the required scope');
  if (hasParams) res[404] = ref('Not found or not visible to the credential');
  for (const [code, description] of Object.entries(auth.errors ?? {})) res[code] = ref(description, errorSchemaFor(Number(code), description));
  return res;
}

const API_DESCRIPTION = `Headless web-to-print service: stores, catalog, designs, print-ready PDFs, API keys and pay-per-token processing services.

**Envelopes.** A single resource is \`{data, message}\`; a list is \`{data[], links, meta, message}\` — follow \`links.next\` (or pass its \`cursor\`) until it is \`null\`. Errors are \`{error:{message, code, details?}, message, request_id}\`; invalid input is 400 \`{error:{<field>:[messages]}, message:"Invalid input", request_id}\`; a service the wallet cannot pay for is 402 \`{error:"INSUFFICIENT_TOKENS", balance, shortfall, top_up_url}\`; a plan gate is 402 \`capability_not_available\` with \`details.current_tier\`, \`required_tier\` and \`cta.url\`. Every answer carries \`X-Request-Id\` and the \`RateLimit\` headers; 429 carries \`Retry-After\`.

**Credentials.** Each operation lists the credentials it accepts (the padlock, and "Credentials:" in its description):

| Kind | Scheme | How it is sent | Acts as | Use from |
|---|---|---|---|---|
| Store key (B) | \`storeBasic\` | \`Authorization: Basic base64(sid:secret)\` | a store, all store scopes | your server only |
| Public token (U) | \`unauthToken\` | \`X-Service-Unauth-Token: put_…\` | a store: \`catalog:read designs:write projects:write assets:write\` | browsers, the customizer |
| Account JWT + store (JS) | \`accountJwt\` + \`storeSid\` | \`Authorization: Bearer <JWT>\` and \`X-Service-Store-Sid: sid_…\` | one of the account's stores, all store scopes | a dashboard |
| Account JWT (J) | \`accountJwt\` | \`Authorization: Bearer <JWT>\` | the user: account, stores list, wallet, services | a dashboard, scripts |
| API key (K) | \`apiKey\` / \`apiKeyHeader\` | \`Authorization: Bearer sk_live_…\` or \`X-API-Key: sk_live_…\` | the key's store (\`sk_live_\`, \`pk_live_\`) or every store of the account (\`sk_acc_live_\`, naming one with \`X-Service-Store-Sid\`), limited to the key's scopes | servers; \`pk_live_\` in browsers with allowed origins |

Where an operation accepts the public token it also accepts the store key, the JWT with a store and API keys; the reverse does not hold. A kind the operation does not accept is 401; an accepted kind without the operation's scope is 403 \`insufficient_scope\`.

**Getting credentials.** \`POST /v1/account\` (sign up) or \`POST /v1/account/signIn\` returns \`access_token\` (the JWT, 60 minutes). \`POST /v1/stores?include=credentials\` with it returns the store's \`sid\`, \`secret\` and \`unauth_token\`; \`PUT /v1/stores/token-revoke\` reissues all three. API keys are created at \`/v1/stores/{store}/api-keys\` and \`/v1/account/api-keys\` (Advanced plan and above).

**Conditional requests.** The reads of a store's products, sides, templates, designs and projects (lists, counts and single reads) answer a weak \`ETag\` and \`Cache-Control: private, no-cache\`; the same request with that tag in \`If-None-Match\` answers \`304 Not Modified\` with no body while nothing the answer is made of has changed, whoever changed it. Signed links in an answer stay the same for an hour (and valid at least 24 hours from then), so an unchanged resource keeps its tag through that hour.

Every operation below shows an example request and response; the values are illustrative.`;

const SECURITY_SCHEMES = {
  storeBasic: {
    type: 'http',
    scheme: 'basic',
    description:
      "Store key (B): HTTP Basic with the store's `sid` as user name and its `secret` as password, e.g. `curl -u sid_…:ssk_… …`. Full privileges on that store (every store scope). The secret must never reach a browser. Obtain both from `POST /v1/stores?include=credentials` or `GET /v1/stores/{store}?include=credentials` (account JWT); `PUT /v1/stores/token-revoke` replaces them at once.",
  },
  unauthToken: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-Unauth-Token',
    description:
      "Public token (U): the store's `unauth_token` (`put_…`) in the `X-Service-Unauth-Token` header. Safe in browsers and the customizer: scopes `catalog:read designs:write projects:write assets:write` only (read the catalog, upload images, save designs, create projects, request PDFs). Operations that list it also accept the store key, the JWT with a store and API keys.",
  },
  accountJwt: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description:
      'Account JWT (J): `Authorization: Bearer <access_token>` from `POST /v1/account` (sign up) or `POST /v1/account/signIn`. HS256, valid 60 minutes; changing the password revokes every earlier token. Alone it acts as the user (account, `GET/POST /v1/stores`, wallet, `/v1/services/*`); together with `X-Service-Store-Sid` (JS) it acts on that store with every store scope.',
  },
  storeSid: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Service-Store-Sid',
    description:
      "Store selector for an account JWT (JS) or an account API key (`sk_acc_live_`): the `sid` of one of the account's stores. Never a credential on its own: it is only read together with `Authorization: Bearer`.",
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    description:
      'Developer API key (K) as a Bearer token: `sk_live_…` (a store, server side), `pk_live_…` (a store, publishable: browsers, limited to its allowed origins; default scopes `catalog:read designs:write`) or `sk_acc_live_…` (every store of the account; name one with `X-Service-Store-Sid`). Each key carries the scopes it was created with; rotation keeps the old key working until `grace_until`. Created at `/v1/stores/{store}/api-keys` or `/v1/account/api-keys` (Advanced plan and above). A Bearer value that is a JWT is read as an account JWT.',
  },
  apiKeyHeader: {
    type: 'apiKey',
    in: 'header',
    name: 'X-API-Key',
    description: 'The same developer API key (K) in its own header: `X-API-Key: sk_live_…`, for clients that cannot set `Authorization`.',
  },
};

interface MediaType {
  schema?: Record<string, unknown>;
  example?: unknown;
  examples?: unknown;
}
interface Operation {
  parameters?: Array<{ name: string; in: string; schema?: Record<string, unknown>; example?: unknown; examples?: unknown }>;
  requestBody?: { content?: Record<string, MediaType> };
  responses?: Record<string, { description?: string; content?: Record<string, MediaType> }>;
}
interface OpenApiDoc {
  paths?: Record<string, Record<string, Operation>>;
}

/** Puts an example on every parameter, request body and response that has none (see openapi-examples.ts). */
export function withExamples<D extends OpenApiDoc>(doc: D, publicUrl: string): D {
  for (const [path, ops] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(ops)) {
      const ctx: SampleContext = { root: doc as Record<string, unknown>, baseUrl: publicUrl, path, method };
      // (a schema's own `examples` become the parameter's `examples`, which excludes `example`)
      for (const p of op.parameters ?? []) if (p.example === undefined && p.examples === undefined && p.schema) p.example = sample(p.schema, ctx, p.name);
      for (const media of Object.values(op.requestBody?.content ?? {})) {
        if (media.example === undefined && media.examples === undefined) media.example = sample(media.schema, ctx);
      }
      for (const [status, res] of Object.entries(op.responses ?? {})) {
        for (const media of Object.values(res.content ?? {})) {
          if (media.example !== undefined || media.examples !== undefined) continue;
          // An error envelope of ours gets the body the service sends; a route's own error shape is sampled like a success.
          const component = /^#\/components\/schemas\/(\w+)$/.exec(String(media.schema?.$ref ?? ''))?.[1];
          media.example = !/^2/.test(status) && component && ERROR_COMPONENTS.has(component) ? errorExample(Number(status), res.description ?? '', component) : sample(media.schema, ctx);
        }
      }
    }
  }
  return doc;
}

const ERROR_COMPONENTS = new Set(['Error', 'ValidationError', 'InsufficientTokens', 'Unprocessable']);

/**
 * Paths served twice under two names (decisions: `/project` and `/projects` are the same
 * collection). The alias stays in the document, for it is served, but marked: `x-alias-of`
 * names the canonical operation, and the reference page at /v1/docs lists it only there.
 */
export const PATH_ALIASES: Record<string, string> = { '/v1/project': '/v1/projects' };

/** The canonical path of an alias path, or null when `path` is no alias. */
export function canonicalPath(path: string): string | null {
  for (const [alias, canonical] of Object.entries(PATH_ALIASES)) {
    if (path === alias || path.startsWith(`${alias}/`)) return canonical + path.slice(alias.length);
  }
  return null;
}

/** Fastify's wildcard `*` (GET /v1/files/*) is this named parameter in the document. */
export const WILDCARD_PARAM = 'path';

/** Fastify's route url in the document's form: `:id` → `{id}`, the trailing `*` → `{path}`. */
export function documentedPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\/\*$/, `/{${WILDCARD_PARAM}}`);
}

/** The reference page's copy of the document: each alias operation folded into its canonical one. */
export function foldAliases<D extends OpenApiDoc>(doc: D): D {
  const paths = doc.paths ?? {};
  for (const [path, ops] of Object.entries(paths)) {
    const canonical = canonicalPath(path);
    if (!canonical) continue;
    for (const method of Object.keys(ops)) {
      const target = paths[canonical]?.[method] as (Operation & { description?: string }) | undefined;
      if (!target) continue;
      const note = `Also served at \`${method.toUpperCase()} ${path}\` (an alias: the same operation).`;
      target.description = target.description ? `${target.description}\n\n${note}` : note;
      delete ops[method];
    }
    if (Object.keys(ops).length === 0) delete paths[path];
  }
  return doc;
}

/** OpenAPI 3.1 generated from the route schemas, served at /v1/openapi.json; the reference page at /v1/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string, version: string): Promise<void> {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Folio API', version, description: API_DESCRIPTION, license: { name: 'Proprietary (all rights reserved)', identifier: 'LicenseRef-Proprietary' } },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: SECURITY_SCHEMES as never,
        schemas: { Error: ErrorBody as never, ValidationError: ValidationBody as never, InsufficientTokens: InsufficientTokensBody as never, Unprocessable: UnprocessableBody as never },
      },
    },
    transform: ({ schema, url, route }) => {
      const cfg = (route.config ?? {}) as RouteAuth;
      const s = { ...(schema ?? {}) } as Record<string, unknown>;
      const kinds = [...acceptedKinds(cfg.auth ?? [])];
      if (kinds.length > 0) {
        s.security = kinds.flatMap((k) => SECURITY_FOR[k]);
        s.description = `${(s.description as string | undefined) ?? ''}\n\nCredentials: ${kinds.join(', ')}${cfg.scope ? `; scope \`${scopeLabel(cfg.scope)}\`` : ''}.`.trim();
      } else {
        s.security = [];
      }
      const responses = { ...((s.response as Record<string, unknown>) ?? {}) };
      const extra = errorResponses(cfg, Boolean(s.body || s.querystring), Boolean(s.params));
      for (const [code, r] of Object.entries(extra)) if (!(code in responses)) responses[code] = r;
      if (cfg.conditional) {
        // conditional.ts: an ETag on the 200, a 304 without a body to a matching If-None-Match
        responses[304] = { description: 'Not Modified: the `If-None-Match` tag is still current (no body; `ETag` and `Cache-Control` as on the 200)', type: 'null' };
        s.headers = {
          type: 'object',
          properties: { 'if-none-match': { type: 'string', description: 'The `ETag` of an earlier 200 of the same request: `304` while it is still current', examples: ['W/"Gm4rX1m0cJ3Qe2kq3PjZ1w8Yb5sT0aV"'] } },
        };
      }
      s.response = responses;
      const method = [route.method].flat()[0]!;
      const path = documentedPath(url);
      if (/\/\*$/.test(url)) {
        // The wildcard, named: `{*}` is no valid path template (path-parameters-defined).
        s.params = { type: 'object', required: [WILDCARD_PARAM], properties: { [WILDCARD_PARAM]: { type: 'string', description: 'the key of the file, as the signed link names it (may contain `/`)', examples: ['stores/3f2c9a4e-1b7d-4c8a-9e6f-0a1b2c3d4e5f/images/front.png'] } } };
      }
      const canonical = canonicalPath(path);
      if (canonical) {
        s.operationId = `${(s.operationId as string | undefined) ?? deriveOperationId(method, canonical)}ViaAlias`;
        s['x-alias-of'] = `${method.toUpperCase()} ${canonical}`;
        s.summary = `Alias of ${method.toUpperCase()} ${canonical}`;
        s.description = `The same operation as \`${method.toUpperCase()} ${canonical}\` (operationId \`${deriveOperationId(method, canonical)}\`), served under a second name; prefer that one.${s.description ? `\n\n${s.description as string}` : ''}`;
      } else {
        s.operationId ??= deriveOperationId(method, path);
      }
      return { schema: s as never, url: url.replace(/\/\*$/, `/:${WILDCARD_PARAM}`) };
    },
    transformObject: (obj) => withExamples((obj as { openapiObject: OpenApiDoc }).openapiObject, publicUrl) as never,
  };
  await app.register(swagger, options);
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    uiConfig: { deepLinking: true, validatorUrl: null, docExpansion: 'none', filter: true, tryItOutEnabled: false } as never,
    // Our own name, logo and icon, served from the repository (no CDN), instead of the framework's.
    logo: { type: 'image/svg+xml', content: brandFile('folio-logo.svg'), href: '/v1/docs', target: '_self' },
    theme: {
      title: 'Folio API reference',
      favicon: [{ filename: 'folio-favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: brandFile('folio-favicon.svg') }],
      css: [{ filename: 'folio.css', content: DOCS_CSS }],
    },
    // The page lists each alias under its canonical operation, not as a second operation.
    transformSpecification: (spec: Record<string, unknown>) => foldAliases(spec as OpenApiDoc),
    staticCSP: true,
    // The plugin's default policy ends in upgrade-insecure-requests: browsers then fetch the
    // page's own scripts over https, so on a plain-http deployment reached by any name but
    // localhost the page stays blank. It also lets fonts and styles come from any https host
    // and images from validator.swagger.io; the page is self-contained, so only 'self'.
    transformStaticCSP: (header: string) =>
      header
        .replace(/\s*upgrade-insecure-requests;?/g, '')
        .replace(/ https:/g, '')
        .replace(/ validator\.swagger\.io/g, ''),
  });
}

const BRAND_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/brand');
const brandFile = (name: string) => fs.readFileSync(path.join(BRAND_DIR, name));

/** The top bar in Folio's colours, without the framework's URL box (the page shows this service's document only). */
const DOCS_CSS = `.swagger-ui .topbar { background-color: #0b4ea2; padding: 8px 0; }
.swagger-ui .topbar .download-url-wrapper { display: none; }
.swagger-ui .topbar a { max-width: none; }
`;
