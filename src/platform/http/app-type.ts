import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Actor, RouteAuth } from './auth.js';

declare module 'fastify' {
  interface FastifyRequest {
    actor: Actor | null;
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- declaration merging: route config carries RouteAuth
  interface FastifyContextConfig extends RouteAuth {}
}

/** The Fastify instance every module registers its routes on (TypeBox schemas as types). */
export type App = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** A dependency `/v1/ready` checks. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<void>;
}
