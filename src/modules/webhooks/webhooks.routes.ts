import type { App } from '../../platform/http/app-type.js';
import { CountEnvelope, MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { WebhooksService } from './webhooks.service.js';
import {
  CreateWebhookBody,
  DeletedEnvelope,
  DeliveryEnvelope,
  DeliveryListEnvelope,
  DeliveryListQuery,
  DeliveryParams,
  RotateSecretBody,
  UpdateWebhookBody,
  WebhookEnvelope,
  WebhookListEnvelope,
  WebhookListQuery,
  WebhookParams,
} from './webhooks.schemas.js';

/**
 * catalog-reference.md § 15 Webhook, plus secret rotation, the delivery log and redelivery.
 * Credentials B, J+S and K; reads and writes both need `webhooks:write` (there is no
 * `webhooks:read`, and callback URLs and delivered payloads are not for catalog readers).
 */
export function webhooksRoutes(app: App, deps: { webhooks: WebhooksService; pageContext: PageContextFactory }): void {
  const { webhooks } = deps;
  const tags = ['Webhooks'];
  const config = { auth: ['B', 'JS', 'K'], scope: 'webhooks:write' } as const;
  const cfg = { auth: [...config.auth], scope: config.scope };
  const optionalBody = async (req: { body: unknown }) => {
    if (req.body === undefined || req.body === null) req.body = {};
  };

  app.post(
    '/webhooks',
    {
      schema: {
        tags,
        summary: 'Register a webhook (pro plan or above); the signing secret is in `secret`, this once',
        body: CreateWebhookBody,
        response: { 201: WebhookEnvelope },
      },
      config: cfg,
    },
    async (req, reply) => reply.code(201).send(ok(await webhooks.create(req.actor!, req.body), MESSAGES.created)),
  );

  app.get(
    '/webhooks',
    { schema: { tags, summary: "The store's webhooks", querystring: WebhookListQuery, response: { 200: WebhookListEnvelope } }, config: cfg },
    async (req) => {
      const page = await webhooks.list(req.actor!, req.query, deps.pageContext(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.get('/webhooks/count', { schema: { tags, summary: "How many webhooks the store has", response: { 200: CountEnvelope } }, config: cfg }, async (req) =>
    ok({ count: await webhooks.count(req.actor!) }),
  );

  app.get('/webhooks/:id', { schema: { tags, summary: 'Read a webhook', params: WebhookParams, response: { 200: WebhookEnvelope } }, config: cfg }, async (req) =>
    ok(await webhooks.get(req.actor!, req.params.id)),
  );

  app.put(
    '/webhooks/:id',
    {
      schema: { tags, summary: 'Change a webhook; `enabled: true` resumes a disabled one', params: WebhookParams, body: UpdateWebhookBody, response: { 200: WebhookEnvelope } },
      config: cfg,
    },
    async (req) => ok(await webhooks.update(req.actor!, req.params.id, req.body), MESSAGES.updated),
  );

  app.delete('/webhooks/:id', { schema: { tags, summary: 'Delete a webhook and its delivery log', params: WebhookParams, response: { 200: DeletedEnvelope } }, config: cfg }, async (req) => {
    await webhooks.remove(req.actor!, req.params.id);
    return { message: MESSAGES.deleted };
  });

  app.post(
    '/webhooks/:id/rotate-secret',
    {
      schema: {
        tags,
        summary: 'Issue a new signing secret (shown once); the old one signs too until previous_secret_expires_at',
        params: WebhookParams,
        body: RotateSecretBody,
        response: { 200: WebhookEnvelope },
      },
      preValidation: optionalBody,
      config: cfg,
    },
    async (req) => ok(await webhooks.rotateSecret(req.actor!, req.params.id, req.body.grace_period_seconds), MESSAGES.updated),
  );

  app.get(
    '/webhooks/:id/deliveries',
    {
      schema: { tags, summary: 'Deliveries of a webhook with every attempt, newest first', params: WebhookParams, querystring: DeliveryListQuery, response: { 200: DeliveryListEnvelope } },
      config: cfg,
    },
    async (req) => {
      const page = await webhooks.deliveries(req.actor!, req.params.id, req.query, deps.pageContext(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );

  app.get(
    '/webhooks/:id/deliveries/:deliveryId',
    { schema: { tags, summary: 'One delivery with every attempt', params: DeliveryParams, response: { 200: DeliveryEnvelope } }, config: cfg },
    async (req) => ok(await webhooks.delivery(req.actor!, req.params.id, req.params.deliveryId)),
  );

  app.post(
    '/webhooks/:id/deliveries/:deliveryId/redeliver',
    {
      schema: {
        tags,
        summary: 'Send a finished delivery again (same webhook-id and body, a new retry schedule); 409 while it is pending',
        params: DeliveryParams,
        response: { 202: DeliveryEnvelope },
      },
      config: cfg,
    },
    async (req, reply) => reply.code(202).send(ok(await webhooks.redeliver(req.actor!, req.params.id, req.params.deliveryId), 'Redelivery queued')),
  );
}
