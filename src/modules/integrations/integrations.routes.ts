import type { FastifyRequest } from 'fastify';
import type { App } from '../../platform/http/app-type.js';
import type { CredentialKind } from '../../platform/http/auth.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import { DeletedEnvelope } from '../../platform/http/resource.js';
import type { IntegrationsService } from './integrations.service.js';
import { ConnectBody, IntakeEnvelope, IntegrationEnvelope, IntegrationListEnvelope, StoreIdParams, StoreParams, TypeParams, type ConnectInput, type IntegrationTypeName } from './integrations.schemas.js';
import type { WebhookIntake } from './webhook-intake.js';

/** A shop's order webhook: Shopify's largest orders stay well under this. */
const MAX_WEBHOOK_BYTES = 5 * 1024 * 1024;

/**
 * Shop connectors (docs/integrations.md). Connecting a store: the owner's JWT, the store key or
 * an API key with `webhooks:write` (the scope of a store's outbound integrations). The
 * webhook intake is public: the shop's signature over the raw body is its credential, so its
 * body is read as bytes (any content type), and it has no per-address rate limit (a shop
 * platform sends every shop's webhooks from a few addresses).
 */
export async function integrationsRoutes(app: App, deps: { service: IntegrationsService; intake: WebhookIntake }): Promise<void> {
  const { service } = deps;
  const tags = ['Integrations'];
  const config = { auth: ['J', 'B', 'JS', 'K'] as CredentialKind[], scope: 'webhooks:write' };

  app.post(
    '/stores/:store/integrations',
    {
      schema: {
        tags,
        summary: "Connect the store to its shop (Shopify, WooCommerce or Medusa); the shop's secrets are write-only",
        description: 'One shop per store, one store per shop (409 otherwise). The answer gives the `webhook_url` and `topics` to subscribe in the shop. The store then reads `integration_type` and `is_integrated: true`.',
        params: StoreParams,
        body: ConnectBody,
        response: { 201: IntegrationEnvelope },
      },
      config,
    },
    async (req, reply) => reply.code(201).send(ok(await service.connect(req.actor!, req.params.store, req.body as ConnectInput), MESSAGES.created)),
  );

  app.get('/stores/:store/integrations', { schema: { tags, summary: "The store's shop connection (a list of at most one)", params: StoreParams, response: { 200: IntegrationListEnvelope } }, config }, async (req) =>
    ok(await service.list(req.actor!, req.params.store)),
  );

  app.get('/stores/:store/integrations/:id', { schema: { tags, summary: 'Read a shop connection', params: StoreIdParams, response: { 200: IntegrationEnvelope } }, config }, async (req) =>
    ok(await service.get(req.actor!, req.params.store, req.params.id)),
  );

  app.delete(
    '/stores/:store/integrations/:id',
    { schema: { tags, summary: "Disconnect the shop: its webhooks are refused (404) and its secrets erased; the orders' projects stay", params: StoreIdParams, response: { 200: DeletedEnvelope } }, config },
    async (req) => {
      await service.remove(req.actor!, req.params.store, req.params.id);
      return { message: MESSAGES.deleted };
    },
  );

  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_req: FastifyRequest, body: Buffer, done: (err: Error | null, body?: Buffer) => void) => done(null, body));
    scope.post(
      '/integrations/:type/webhooks',
      {
        schema: {
          tags,
          summary: "A shop's order webhooks in: signed by the shop, handled once per delivery",
          description:
            'Shopify: `X-Shopify-Hmac-Sha256`, `X-Shopify-Topic` (`orders/paid`, `orders/cancelled`, `app/uninstalled`), `X-Shopify-Shop-Domain`, `X-Shopify-Webhook-Id`. WooCommerce: `X-WC-Webhook-Signature`, `X-WC-Webhook-Topic` (`order.created`, `order.updated`), `X-WC-Webhook-Source`, `X-WC-Webhook-Delivery-ID`. Medusa (the Folio plugin): Standard Webhooks headers and `x-folio-integration`. 202: recorded, its projects are being made; 200: a delivery seen before (nothing done again) or one Folio does not act on; 401: unsigned or a wrong signature (nothing recorded); 404: no store is connected to that shop. Every personalised line becomes a project in `received` with `external_ref {source, order_id, line_item_id}` (docs/integrations.md).',
          params: TypeParams,
          response: { 200: IntakeEnvelope, 202: IntakeEnvelope },
        },
        config: { auth: [], rateLimit: false },
        bodyLimit: MAX_WEBHOOK_BYTES,
      },
      async (req, reply) => {
        const raw = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const out = await deps.intake.accept((req.params as { type: IntegrationTypeName }).type, req.headers, raw);
        return reply.code(out.status).send({ data: out.data, message: out.message });
      },
    );
  });
}
