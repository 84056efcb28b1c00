import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { StoresService } from './stores.service.js';
import {
  CreateStoreBody,
  CredentialsEnvelope,
  DeletedEnvelope,
  IncludeQuery,
  StoreEnvelope,
  StoreListEnvelope,
  StoreListQuery,
  StoreParams,
  UpdateStoreBody,
  wantsCredentials,
} from './stores.schemas.js';

export function storesRoutes(app: App, deps: { stores: StoresService; pageContext: PageContextFactory }): void {
  const { stores } = deps;
  const tags = ['Stores'];

  app.get(
    '/stores',
    { schema: { tags, summary: "The account's stores", querystring: StoreListQuery, response: { 200: StoreListEnvelope } }, config: { auth: ['J'] } },
    async (req) => {
      const page = await stores.list(req.actor!.userId, req.query, deps.pageContext(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.post(
    '/stores',
    {
      schema: { tags, summary: 'Create a store (starts on the lowest tier)', body: CreateStoreBody, querystring: IncludeQuery, response: { 201: StoreEnvelope } },
      config: { auth: ['J'] },
    },
    async (req, reply) =>
      reply.code(201).send(ok(await stores.create(req.actor!.userId, req.body, wantsCredentials(req.query.include)), MESSAGES.created)),
  );

  app.get(
    '/stores/store-details',
    { schema: { tags, summary: 'The store of the calling credential', querystring: IncludeQuery, response: { 200: StoreEnvelope } }, config: { auth: ['U', 'K'] } },
    async (req) => ok(await stores.details(req.actor!, wantsCredentials(req.query.include))),
  );

  app.put(
    '/stores/token-revoke',
    {
      schema: { tags, summary: 'Reissue sid, secret and public token together; the old ones stop working at once', response: { 200: CredentialsEnvelope } },
      config: { auth: ['B', 'JS'] },
    },
    async (req) => ok(await stores.revokeTokens(req.actor!), MESSAGES.updated),
  );

  app.get(
    '/stores/:store',
    {
      schema: { tags, summary: 'Read a store', params: StoreParams, querystring: IncludeQuery, response: { 200: StoreEnvelope } },
      config: { auth: ['J', 'B', 'JS', 'K'] },
    },
    async (req) => ok(await stores.get(req.actor!, req.params.store, wantsCredentials(req.query.include))),
  );

  app.put(
    '/stores/:store',
    { schema: { tags, summary: 'Update a store', params: StoreParams, body: UpdateStoreBody, response: { 200: StoreEnvelope } }, config: { auth: ['J'] } },
    async (req) => ok(await stores.update(req.actor!, req.params.store, req.body), MESSAGES.updated),
  );

  app.delete(
    '/stores/:store',
    { schema: { tags, summary: 'Delete a store; its credentials stop working', params: StoreParams, response: { 200: DeletedEnvelope } }, config: { auth: ['J'] } },
    async (req) => {
      await stores.remove(req.actor!, req.params.store);
      return { message: MESSAGES.deleted };
    },
  );
}
