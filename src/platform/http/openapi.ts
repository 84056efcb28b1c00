import type { FastifyInstance } from 'fastify';
import swagger, { type SwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { CredentialKind, RouteAuth } from './auth.js';
import { acceptedKinds, scopeLabel } from './auth.js';

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
  },
};

function errorResponses(auth: RouteAuth, hasInput: boolean, hasParams: boolean): Record<string, unknown> {
  const res: Record<string, unknown> = {
    429: { description: 'Rate limit exceeded (Retry-After, RateLimit, RateLimit-Policy headers)', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
  };
  const ref = (d: string, s = 'Error') => ({ description: d, content: { 'application/json': { schema: { $ref: `#/components/schemas/${s}` } } } });
  if (hasInput) res[400] = ref('Invalid input', 'ValidationError');
  if ((auth.auth ?? []).length > 0) res[401] = ref('Missing, unacceptable or invalid credentials');
  if (auth.scope) res[403] = ref('The credential lacks the required scope');
  if (hasParams) res[404] = ref('Not found or not visible to the credential');
  for (const [code, description] of Object.entries(auth.errors ?? {})) res[code] = ref(description);
  return res;
}

/** OpenAPI 3.1 generated from the route schemas, served at /v1/openapi.json; the reference page at /v1/docs. */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string, version: string): Promise<void> {
  const options: SwaggerOptions = {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Folio API',
        version,
        description:
          'Headless web-to-print service. Single resources use `{data, message}`; lists use `{data[], links, meta, message}`. ' +
          'Credentials: store key (HTTP Basic sid:secret), public token (X-Service-Unauth-Token), account JWT (Bearer) with ' +
          'or without X-Service-Store-Sid, and developer API keys (Bearer or X-API-Key).',
      },
      servers: [{ url: publicUrl }],
      components: {
        securitySchemes: {
          storeBasic: { type: 'http', scheme: 'basic', description: 'Store key: sid as user name, secret as password' },
          unauthToken: { type: 'apiKey', in: 'header', name: 'X-Service-Unauth-Token', description: 'Public token for browsers' },
          accountJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT', description: 'Account JWT from POST /v1/account/signIn' },
          storeSid: { type: 'apiKey', in: 'header', name: 'X-Service-Store-Sid', description: 'The store an account JWT acts on' },
          apiKey: { type: 'http', scheme: 'bearer', description: 'Developer API key (sk_live_, pk_live_, sk_acc_live_)' },
          apiKeyHeader: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'Developer API key in its own header' },
        },
        schemas: { Error: ErrorBody as never, ValidationError: ValidationBody as never },
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
      s.response = responses;
      return { schema: s as never, url };
    },
  };
  await app.register(swagger, options);
  await app.register(swaggerUi, {
    routePrefix: '/v1/docs',
    uiConfig: { deepLinking: true, validatorUrl: null } as never,
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
