import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifySerializerCompiler,
} from 'fastify';
import cors from '@fastify/cors';
import { Type } from '@sinclair/typebox';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Config } from './config/index.js';
import { isDatabaseUnavailable } from './platform/db/errors.js';
import { AppError, errorResponse } from './platform/http/errors.js';
import { installValidators, validationToAppError } from './platform/http/validation.js';
import { serializerCompiler } from './platform/http/serializer.js';
import { authenticate, type CredentialResolvers, type RouteAuth, type UnacceptedCredentialHook } from './platform/http/auth.js';
import { consume, type RateStore } from './platform/http/rate-limit.js';
import { registerOpenApi } from './platform/http/openapi.js';
import { installUnreadBodyGuard } from './platform/http/unread-body.js';
import { findTooDeep, MAX_JSON_DEPTH } from './platform/http/json-limits.js';
import { loggerOptions } from './platform/log/logger.js';
import { bearerMatches, httpObserver } from './platform/metrics/http.js';
import type { Metrics } from './platform/metrics/metrics.js';
import type { App, ReadinessCheck } from './platform/http/app-type.js';
import type { ConditionalGets } from './platform/http/conditional.js';
import { withTimeout } from './platform/timeout.js';

export type { App, ReadinessCheck } from './platform/http/app-type.js';

export interface AppDeps {
  config: Config;
  version: string;
  resolvers: CredentialResolvers;
  /** told about credentials sent to routes that do not accept their kind (audit trails) */
  onUnacceptedCredential?: UnacceptedCredentialHook;
  /**
   * Origins a module vouches for beyond FOLIO_CORS_ORIGINS (publishable API keys' allowed
   * origins). Asked only when CORS is restricted and the origin is not configured.
   */
  corsOriginAllowed?: (origin: string) => Promise<boolean>;
  rateStore: RateStore;
  /** requests per minute for a principal of this tier (null: unauthenticated or user) */
  rateLimitFor(tier: string | null): number;
  readiness: ReadinessCheck[];
  /** registers every module's routes under /v1 */
  routes(app: App): void | Promise<void>;
  /** registers the pages modules serve outside /v1 (the customizer) */
  pages?(app: App): void | Promise<void>;
  /** a logger instance (tests pass a silent one) */
  logger?: FastifyBaseLogger | false;
  /** Prometheus metrics: request durations are recorded, and `GET /metrics` served when a token is configured */
  metrics?: Metrics;
  /** the ETags and 304s of routes marked `conditional` (none without) */
  conditional?: ConditionalGets;
}

const HealthBody = Type.Object({ status: Type.String({ examples: ['ok'] }) });
const ReadyBody = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('unavailable')]),
  checks: Type.Record(Type.String(), Type.String(), { description: '"ok", or "unavailable: <reason>", per dependency', examples: [{ database: 'ok', queue: 'ok', blobs: 'ok' }] }),
});

const ReadyUnavailableBody = Type.Object(ReadyBody.properties, { examples: [{ status: 'unavailable', checks: { database: 'ok', queue: 'unavailable: connect ECONNREFUSED 127.0.0.1:6379', blobs: 'ok' } }] });

/** Pages for people, outside the API: public, not rate limited, not in the OpenAPI document. */
const PUBLIC_PREFIXES = ['/v1/docs', '/v1/openapi.json', '/customizer', '/admin'];
const MAX_PARAM_LENGTH = 200;
export const SECURITY_HEADERS = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
} as const;

/** Builds the HTTP app from its dependencies; performs no I/O of its own. */
export async function buildApp(deps: AppDeps): Promise<App> {
  const { config } = deps;
  const app = Fastify({
    ...(deps.logger === undefined
      ? { logger: loggerOptions(config.logLevel) }
      : deps.logger === false
        ? { logger: false }
        : { loggerInstance: deps.logger }),
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimitBytes,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w.-]{1,64}$/.test(given) ? given : randomUUID();
    },
    ajv: { customOptions: { allErrors: true } },
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: MAX_PARAM_LENGTH },
    // The router answers a malformed URL or an over-long path parameter itself, before any
    // hook or error handler; without this its own body ({error:'Bad Request', code:'FST_…'})
    // goes out instead of the interface's envelope.
    frameworkErrors: (error, req, reply) => {
      const appError =
        error.code === 'FST_ERR_MAX_PARAM_LENGTH'
          ? new AppError('uri_too_long', `A path parameter is longer than ${MAX_PARAM_LENGTH} characters`)
          : error.code === 'FST_ERR_BAD_URL'
            ? new AppError('bad_request', 'Malformed URL: invalid percent-encoding')
            : new AppError('internal', 'Internal server error');
      const { status, body, headers } = errorResponse(appError, req.id);
      void reply.code(status as never).headers({ ...headers, ...SECURITY_HEADERS, 'x-request-id': req.id }).send(body as never);
    },
  }).withTypeProvider<TypeBoxTypeProvider>();

  installValidators(app);
  // (Fastify's type says text; its reply sends a Buffer from the serializer as it is)
  app.setSerializerCompiler(serializerCompiler as FastifySerializerCompiler<unknown>);
  if (deps.metrics?.enabled) {
    const observe = httpObserver(deps.metrics);
    // reply.elapsedTime: from the request's arrival to the response handed to the socket.
    app.addHook('onResponse', (req, reply, done) => {
      observe(req.method, req.routeOptions.url, reply.statusCode, reply.elapsedTime / 1000);
      done();
    });
  }
  // JSON (and, per route, multipart) only: any other body type is 415, not a guess.
  app.removeContentTypeParser(['text/plain']);
  app.decorateRequest('actor', null);

  // Every route must say who may call it; a route without `auth` is a start-up error.
  app.addHook('onRoute', (route) => {
    const cfg = (route.config ?? {}) as RouteAuth;
    if (cfg.conditional) deps.conditional?.install(route);
    if (cfg.auth !== undefined || route.method === 'OPTIONS' || route.method === 'HEAD') return;
    if (PUBLIC_PREFIXES.some((p) => route.url.startsWith(p))) {
      route.config = { ...(route.config ?? {}), auth: [], rateLimit: false } as never;
      return;
    }
    throw new Error(`route ${String(route.method)} ${route.url} declares no auth policy`);
  });

  await app.register(cors, {
    origin: config.corsOrigins === '*' ? '*' : corsOrigin(config.corsOrigins, deps.corsOriginAllowed),
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-Service-Unauth-Token', 'X-Service-Store-Sid', 'X-API-Key', 'Idempotency-Key', 'X-Request-Id', 'If-None-Match'],
    exposedHeaders: ['RateLimit', 'RateLimit-Policy', 'Retry-After', 'X-Request-Id', 'ETag'],
    maxAge: 600,
  });

  // Every answer, errors included: browsers must not sniff a JSON body into HTML, frame the
  // API or its docs page, or pass the URL (which may carry a signed link) on as a referrer.
  // (The customizer's pages may be framed: shops embed them.)
  // (A callback hook: an async one costs a promise per answer for synchronous work.)
  app.addHook('onSend', (req, reply, payload, done) => {
    reply.headers(SECURITY_HEADERS);
    if (req.url.startsWith('/customizer')) reply.removeHeader('x-frame-options');
    done(null, payload);
  });

  // An answer sent before the request body was read (an upload refused from its first bytes)
  // must not leave the rest on a keep-alive connection: drained, or the connection closed.
  installUnreadBodyGuard(app as unknown as FastifyInstance);

  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
    const cfg = (req.routeOptions.config ?? {}) as RouteAuth;
    // Unknown routes (404) are rate limited per client IP like any unauthenticated request.
    if (req.method === 'OPTIONS') return;
    let authError: unknown = null;
    try {
      req.actor = await authenticate(req, cfg, deps.resolvers, deps.onUnacceptedCredential);
    } catch (err) {
      authError = err;
    }
    if (cfg.rateLimit !== false) {
      const actor = req.actor;
      const key = actor ? actor.principal : `ip:${req.ip}`;
      // The limiter fails open: an unreachable Redis must not turn every request into a 500.
      const decision = await consume(deps.rateStore, key, deps.rateLimitFor(actor?.tier ?? null)).catch((err: unknown) => {
        req.log.warn({ err }, 'rate limiter unavailable; request allowed');
        return null;
      });
      if (decision) reply.headers(decision.headers);
      if (decision && !decision.allowed) {
        throw new AppError('rate_limited', `Too many requests; retry in ${decision.retryAfterSeconds} s`, {
          headers: { 'retry-after': String(decision.retryAfterSeconds) },
        });
      }
    }
    if (authError) throw authError;
  });

  app.setNotFoundHandler((req, reply) => {
    const { status, body } = errorResponse(new AppError('not_found', `Route ${req.method} ${req.url.split('?')[0]} not found`), req.id);
    void reply.code(status).send(body);
  });

  app.setErrorHandler((error: FastifyError | AppError, req, reply) => {
    let appError: AppError;
    try {
      if (error instanceof AppError) {
        appError = error;
      } else if ((error as FastifyError).validation) {
        appError = validationToAppError((error as FastifyError).validation!, (error as FastifyError).validationContext);
      } else if (isDatabaseUnavailable(error)) {
        // An outage, not a bug: clients (and load balancers) may retry.
        appError = new AppError('unavailable', 'The service is temporarily unavailable; retry shortly', { headers: { 'retry-after': '5' } });
      } else {
        appError = fromFrameworkError(error as FastifyError);
      }
    } catch (err) {
      // Should translating fail, the answer is still the envelope, not Fastify's own body with the exception's message.
      req.log.error({ err, cause: error }, 'error translation failed');
      appError = new AppError('internal', 'Internal server error');
    }
    if (appError.status >= 500) {
      req.log.error({ err: error, request_id: req.id }, 'request failed');
    }
    const { status, body, headers } = errorResponse(appError, req.id);
    void reply.code(status).headers(headers).send(body);
  });

  // Before the schemas: one depth rule for every JSON body and each free-form field in it
  // (json-limits.ts). PostgreSQL text cannot hold NUL (the driver's error would be a 500), and
  // no field of this API has a use for it: a request carrying one anywhere is a validation
  // error naming where.
  app.addHook('preValidation', (req, _reply, done) => {
    const deep = findTooDeep(req.body);
    if (deep) return done(AppError.field(deep.field, `is nested too deeply: arrays and objects nest at most ${MAX_JSON_DEPTH} levels`));
    for (const [part, value] of [['query', req.query], ['params', req.params], ['body', req.body]] as const) {
      const at = findNul(value);
      if (at !== null) return done(AppError.field(at || part, 'must not contain NUL characters'));
    }
    done();
  });

  // Registered before any route: the generator collects routes as they are added, so a
  // route declared earlier (health, ready) would be missing from /v1/openapi.json.
  await registerOpenApi(app, config.publicUrl, deps.version);

  app.get('/v1/health', { schema: { tags: ['Operations'], summary: 'Liveness', response: { 200: HealthBody } }, config: { auth: [], rateLimit: false } }, async () => ({
    status: 'ok',
  }));

  app.get(
    '/v1/ready',
    { schema: { tags: ['Operations'], summary: 'Readiness: database, queue and blob store answer', response: { 200: ReadyBody, 503: ReadyUnavailableBody } }, config: { auth: [], rateLimit: false } },
    async (_req, reply) => {
      const checks: Record<string, string> = {};
      let ready = true;
      await Promise.all(
        deps.readiness.map(async (c) => {
          try {
            await withTimeout(c.check(), 3000);
            checks[c.name] = 'ok';
          } catch (err) {
            ready = false;
            checks[c.name] = `unavailable: ${(err as Error).message}`.slice(0, 200);
          }
        }),
      );
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'unavailable', checks });
    },
  );

  // Prometheus scrapes, outside /v1 and the OpenAPI document (an operator's endpoint, not an
  // API operation). Only with a bearer token: the main port is the public one.
  const metrics = deps.metrics;
  const metricsToken = config.metrics.token;
  if (metrics?.enabled && metricsToken !== null) {
    app.get('/metrics', { schema: { hide: true }, config: { auth: [], rateLimit: false } }, async (req, reply) => {
      if (!bearerMatches(req.headers.authorization, metricsToken)) {
        throw new AppError('unauthenticated', 'A valid metrics bearer token is required', { headers: { 'www-authenticate': 'Bearer realm="metrics"' } });
      }
      return reply.header('cache-control', 'no-store').type(metrics.contentType).send(await metrics.scrape());
    });
  }

  await app.register(
    async (v1) => {
      await deps.routes(v1 as unknown as App);
    },
    { prefix: '/v1' },
  );
  app.get('/v1/openapi.json', { schema: { hide: true }, config: { auth: [], rateLimit: false } }, async () => app.swagger());
  await deps.pages?.(app);
  return app as unknown as App;
}

/**
 * The path (`a.b[2]`) of the first string, or object key, holding U+0000 in a parsed request
 * part, or null. Iterative: a body nested 10 000 deep must not overflow the stack.
 */
export function findNul(value: unknown): string | null {
  const stack: Array<[unknown, string]> = [[value, '']];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes('\u0000')) return path;
    } else if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object' && !Buffer.isBuffer(v)) {
      for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
        const p = path ? `${path}.${k}` : k;
        if (k.includes('\u0000')) return p.replaceAll('\u0000', '\\0');
        stack.push([x, p]);
      }
    }
  }
  return null;
}

/** The configured origins, then whatever the deps vouch for; a failing lookup allows nothing. */
function corsOrigin(configured: string[], extra: AppDeps['corsOriginAllowed']) {
  const fixed = new Set(configured);
  return async (origin: string | undefined): Promise<boolean> => {
    if (!origin) return false;
    if (fixed.has(origin)) return true;
    if (!extra) return false;
    return extra(origin).catch(() => false);
  };
}

/** Errors Fastify raises itself (body parsing, content type, size) keep their 4xx status. */
function fromFrameworkError(error: FastifyError): AppError {
  const status = error.statusCode ?? 500;
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return status === 415
        ? new AppError('unsupported_media_type', 'Unsupported Media Type')
        : new AppError('bad_request', error.message);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('payload_too_large', 'Request body is too large');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('bad_request', 'Body cannot be empty when content-type is set to application/json');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('bad_request', 'Malformed JSON body');
    default:
      break;
  }
  if (status === 415) return new AppError('unsupported_media_type', 'Unsupported Media Type');
  if (status === 413) return new AppError('payload_too_large', 'Request body is too large');
  if (status === 404) return new AppError('not_found', 'Not found');
  if (status === 405) return new AppError('method_not_allowed', 'Method not allowed');
  if (status >= 400 && status < 500) return new AppError('bad_request', error.message || 'Bad request');
  return new AppError('internal', 'Internal server error');
}
