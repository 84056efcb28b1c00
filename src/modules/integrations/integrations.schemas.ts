import { Type, type Static } from '@sinclair/typebox';
import { Nullable } from '../../platform/http/resource.js';

export const INTEGRATION_TYPES = ['shopify', 'woocommerce', 'medusa'] as const;
export type IntegrationTypeName = (typeof INTEGRATION_TYPES)[number];

const Str = (max: number, description: string) => Type.String({ minLength: 1, maxLength: max, description });

/**
 * One flat body for the three shops; which fields a type needs is checked by the service (a
 * 400 naming each missing one). Secrets are write-only: kept sealed, never in an answer.
 */
export const ConnectBody = Type.Object(
  {
    type: Type.Union(
      INTEGRATION_TYPES.map((t) => Type.Literal(t)),
      { description: '`shopify`, `woocommerce`, or `medusa` (Medusa v2, the headless commerce engine)' },
    ),
    shop: Str(2048, 'shopify: the shop\'s `<name>.myshopify.com` domain; woocommerce and medusa: the shop\'s base URL (`https://shop.example.com`)'),
    webhook_secret: Str(1024, 'write-only: shopify: the app\'s client secret (it signs the webhooks); woocommerce: the secret of the shop\'s webhooks; medusa: the secret the Folio plugin signs with'),
    access_token: Type.Optional(Str(1024, 'shopify, write-only: an Admin API access token with write_merchant_managed_fulfillment_orders, for the fulfilments; or give `client_id` and let the shop install the app (`install_url`)')),
    client_id: Type.Optional(Str(256, "shopify: the app's Client ID; without `access_token`, the connection waits for the app's install, which brings Folio the token (`install_url`)")),
    consumer_key: Type.Optional(Str(256, 'woocommerce, write-only: REST API key (read/write) for order notes and status')),
    consumer_secret: Type.Optional(Str(256, 'woocommerce, write-only')),
    api_key: Type.Optional(Str(1024, 'medusa, write-only: a secret API key (Settings → Secret API Keys) for the Admin API fulfilments')),
  },
  {
    additionalProperties: false,
    examples: [{ type: 'shopify', shop: 'folio-demo.myshopify.com', webhook_secret: 'app client secret', access_token: 'shpat_…' }],
  },
);
export type ConnectInput = Static<typeof ConnectBody>;

export const Integration = Type.Object({
  id: Type.String(),
  store_id: Type.String(),
  type: Type.String(),
  shop: Type.String(),
  status: Type.Union([Type.Literal('connected'), Type.Literal('awaiting_install'), Type.Literal('uninstalled')], {
    description: '`awaiting_install`: a Shopify app given by `client_id` and not installed yet (orders come in; shipments wait for the token the install brings); `uninstalled` once the shop removed the app (Shopify `app/uninstalled`): its webhooks are ignored until connected again',
  }),
  install_url: Nullable(Type.String({ description: "Shopify with `client_id`: the app's URL (its `application_url`): opened by the shop's install, it asks the shop for the Admin API token" })),
  webhook_url: Type.String({ description: 'Where the shop sends its order webhooks' }),
  topics: Type.Array(Type.String(), { description: 'The shop webhook topics to subscribe to that URL' }),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type IntegrationDto = Static<typeof Integration>;

export const IntegrationEnvelope = Type.Object({ data: Integration, message: Type.String() });
export const IntegrationListEnvelope = Type.Object({ data: Type.Array(Integration), message: Type.String() });
export const StoreParams = Type.Object({ store: Type.String({ maxLength: 100 }) });
export const StoreIdParams = Type.Object({ store: Type.String({ maxLength: 100 }), id: Type.String({ maxLength: 100 }) });
export const TypeParams = Type.Object({ type: Type.Union(INTEGRATION_TYPES.map((t) => Type.Literal(t))) });

export const IntakeEnvelope = Type.Object({
  data: Type.Object({
    topic: Type.String(),
    duplicate: Type.Boolean({ description: 'The shop sent this delivery before: nothing was done again' }),
    job_id: Nullable(Type.String({ description: 'The job that makes the projects of the order (internal; GET /v1/projects?external_order=<type>:<order id> lists them)' })),
    ignored: Nullable(Type.String({ description: 'Why nothing was done (a topic or order status Folio does not act on)' })),
  }),
  message: Type.String(),
});
export type IntakeResult = Static<typeof IntakeEnvelope>['data'];
