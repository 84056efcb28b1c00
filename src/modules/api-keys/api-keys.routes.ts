import type { App } from '../../platform/http/app-type.js';
import { requestInfo } from '../../platform/http/auth.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { ApiKeysService, KeyTarget } from './api-keys.service.js';
import {
  ApiKeyEnvelope,
  ApiKeyListEnvelope,
  ApiKeySecretEnvelope,
  AuditEventListEnvelope,
  CreateAccountKeyBody,
  CreateStoreKeyBody,
  EventListQuery,
  KeyListQuery,
  KeyParams,
  RotateBody,
  StoreKeyParams,
  StoreParams,
} from './api-keys.schemas.js';

const ACCOUNT: KeyTarget = { kind: 'account' };
const store = (storeId: string): KeyTarget => ({ kind: 'store', storeId });

/**
 * interface § Account API keys and § Store API keys. Account routes take K and J; store
 * routes take K, B and J+S. Reading needs `keys:read`, changing `keys:write`.
 */
export function apiKeysRoutes(app: App, deps: { apiKeys: ApiKeysService; pageContext: PageContextFactory }): void {
  const { apiKeys } = deps;
  const tags = ['API keys'];
  const account = { auth: ['K', 'J'] } as const;
  const perStore = { auth: ['K', 'B', 'JS'] } as const;
  const read = 'keys:read';
  const write = 'keys:write';
  // The rotation body is optional: no body at all means the default grace period.
  const optionalBody = async (req: { body: unknown }) => {
    if (req.body === undefined || req.body === null) req.body = {};
  };

  // ---- account --------------------------------------------------------------------------

  app.get(
    '/account/api-keys',
    {
      schema: { tags, summary: 'Every key of the account: account keys and the keys of all its stores (metadata only)', querystring: KeyListQuery, response: { 200: ApiKeyListEnvelope } },
      config: { auth: [...account.auth], scope: read },
    },
    async (req) => {
      const page = await apiKeys.list(req.actor!, ACCOUNT, req.query, deps.pageContext(req), requestInfo(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.post(
    '/account/api-keys',
    {
      schema: {
        tags,
        summary: 'Create an account key (sk_acc_live_), which reaches every store of the account',
        description: 'Needs the Advanced plan or above on at least one store of the account (402 otherwise). The secret is in `key`, this once.',
        body: CreateAccountKeyBody,
        response: { 200: ApiKeySecretEnvelope },
      },
      config: { auth: [...account.auth], scope: write },
    },
    async (req) => {
      const created = await apiKeys.create(req.actor!, ACCOUNT, req.body, requestInfo(req));
      return { ...created, message: MESSAGES.created };
    },
  );

  app.post(
    '/account/api-keys/:key/rotate',
    {
      schema: {
        tags,
        summary: 'Rotate a key of the account: a new key is issued; the old one works until grace_until',
        params: KeyParams,
        body: RotateBody,
        response: { 200: ApiKeySecretEnvelope },
      },
      config: { auth: [...account.auth], scope: write },
      preValidation: optionalBody,
    },
    async (req) => {
      const created = await apiKeys.rotate(req.actor!, ACCOUNT, req.params.key, req.body.grace_period_seconds, requestInfo(req));
      return { ...created, message: 'Rotated successfully' };
    },
  );

  app.delete(
    '/account/api-keys/:key',
    {
      schema: { tags, summary: 'Revoke a key of the account, at once; the record is kept', params: KeyParams, response: { 200: ApiKeyEnvelope } },
      config: { auth: [...account.auth], scope: write },
    },
    async (req) => ok(await apiKeys.revoke(req.actor!, ACCOUNT, req.params.key, requestInfo(req)), 'Revoked successfully'),
  );

  app.get(
    '/account/api-keys/:key/events',
    {
      schema: { tags, summary: "A key's audit trail, newest first", params: KeyParams, querystring: EventListQuery, response: { 200: AuditEventListEnvelope } },
      config: { auth: [...account.auth], scope: read },
    },
    async (req) => {
      const page = await apiKeys.events(req.actor!, ACCOUNT, req.params.key, req.query, deps.pageContext(req), requestInfo(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  // ---- store ----------------------------------------------------------------------------

  app.get(
    '/stores/:store/api-keys',
    {
      schema: { tags, summary: "The store's keys (metadata only)", params: StoreParams, querystring: KeyListQuery, response: { 200: ApiKeyListEnvelope } },
      config: { auth: [...perStore.auth], scope: read },
    },
    async (req) => {
      const page = await apiKeys.list(req.actor!, store(req.params.store), req.query, deps.pageContext(req), requestInfo(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.post(
    '/stores/:store/api-keys',
    {
      schema: {
        tags,
        summary: 'Create a store key: secret (sk_live_) or publishable (pk_live_)',
        description: 'Needs the store on the Advanced plan or above (402 otherwise). The secret is in `key`, this once.',
        params: StoreParams,
        body: CreateStoreKeyBody,
        response: { 200: ApiKeySecretEnvelope },
      },
      config: { auth: [...perStore.auth], scope: write },
    },
    async (req) => {
      const created = await apiKeys.create(req.actor!, store(req.params.store), req.body, requestInfo(req));
      return { ...created, message: MESSAGES.created };
    },
  );

  app.post(
    '/stores/:store/api-keys/:key/rotate',
    {
      schema: {
        tags,
        summary: 'Rotate a store key: a new key is issued; the old one works until grace_until',
        params: StoreKeyParams,
        body: RotateBody,
        response: { 200: ApiKeySecretEnvelope },
      },
      config: { auth: [...perStore.auth], scope: write },
      preValidation: optionalBody,
    },
    async (req) => {
      const created = await apiKeys.rotate(req.actor!, store(req.params.store), req.params.key, req.body.grace_period_seconds, requestInfo(req));
      return { ...created, message: 'Rotated successfully' };
    },
  );

  app.delete(
    '/stores/:store/api-keys/:key',
    {
      schema: { tags, summary: 'Revoke a store key, at once; the record is kept', params: StoreKeyParams, response: { 200: ApiKeyEnvelope } },
      config: { auth: [...perStore.auth], scope: write },
    },
    async (req) => ok(await apiKeys.revoke(req.actor!, store(req.params.store), req.params.key, requestInfo(req)), 'Revoked successfully'),
  );

  app.get(
    '/stores/:store/api-keys/:key/events',
    {
      schema: { tags, summary: "A store key's audit trail, newest first", params: StoreKeyParams, querystring: EventListQuery, response: { 200: AuditEventListEnvelope } },
      config: { auth: [...perStore.auth], scope: read },
    },
    async (req) => {
      const page = await apiKeys.events(req.actor!, store(req.params.store), req.params.key, req.query, deps.pageContext(req), requestInfo(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );
}
