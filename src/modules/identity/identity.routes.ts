import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { IdentityService } from './identity.service.js';
import {
  PasswordUpdateBody,
  SessionEnvelope,
  SignInBody,
  SignUpBody,
  TokenEnvelope,
  UpdateAccountBody,
  UserEnvelope,
} from './identity.schemas.js';

export function identityRoutes(app: App, deps: { identity: IdentityService }): void {
  const { identity } = deps;

  app.post(
    '/account',
    { schema: { tags: ['Account'], summary: 'Sign up', body: SignUpBody, response: { 201: SessionEnvelope } }, config: { auth: [] } },
    async (req, reply) => reply.code(201).send(ok(await identity.signUp(req.body), MESSAGES.created)),
  );

  app.post(
    '/account/signIn',
    { schema: { tags: ['Account'], summary: 'Sign in; returns an account JWT', body: SignInBody, response: { 200: SessionEnvelope } }, config: { auth: [] } },
    async (req) => ok(await identity.signIn(req.body)),
  );

  app.get(
    '/account',
    { schema: { tags: ['Account'], summary: 'The signed-in user', response: { 200: UserEnvelope } }, config: { auth: ['J'] } },
    async (req) => ok(await identity.me(req.actor!.userId)),
  );

  app.put(
    '/account',
    { schema: { tags: ['Account'], summary: 'Update name or email', body: UpdateAccountBody, response: { 200: UserEnvelope } }, config: { auth: ['J'] } },
    async (req) => ok(await identity.update(req.actor!.userId, req.body), MESSAGES.updated),
  );

  app.put(
    '/account/password-update',
    {
      schema: {
        tags: ['Account'],
        summary: 'Change the password; every earlier JWT stops working, a new one is returned',
        body: PasswordUpdateBody,
        response: { 200: SessionEnvelope },
      },
      config: { auth: ['J'] },
    },
    async (req) => ok(await identity.updatePassword(req.actor!.userId, req.body), MESSAGES.updated),
  );

  app.get(
    '/account/render-jwt',
    { schema: { tags: ['Account'], summary: "A JWT for the store owner's account, called with the store key", response: { 200: TokenEnvelope } }, config: { auth: ['B'] } },
    async (req) => ok(await identity.tokenFor(req.actor!.userId)),
  );
}
