import { Type, type Static } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';
import { HttpUrl } from '../../platform/http/http-url.js';

/** catalog-reference.md § 15: the reference topics, plus `jobs`, `api_keys`, `mockup_templates` and `deliveries` (ours). */
export const CATALOG_TOPICS = ['projects', 'products', 'designs', 'templates', 'sides'] as const;
export const TOPICS = [...CATALOG_TOPICS, 'jobs', 'api_keys', 'mockup_templates', 'deliveries', 'project', 'proofs'] as const;
/** The order lifecycle's states (projects module, docs/orders.md): topic `project` fires `project.<state>` when an order enters one. */
export const ORDER_STATE_EVENTS = ['received', 'proof_pending', 'approved', 'in_production', 'printed', 'shipped', 'cancelled', 'on_hold', 'draft'] as const;
export type Topic = (typeof TOPICS)[number];

export const CATALOG_EVENTS = ['POST', 'PUT', 'DELETE', 'POST BATCH', 'PUT BATCH', 'DELETE BATCH'] as const;
/** The events each topic has; the first is the default when `event` is left out. */
export const EVENTS_OF: Record<Topic, readonly string[]> = {
  projects: CATALOG_EVENTS,
  products: CATALOG_EVENTS,
  designs: CATALOG_EVENTS,
  templates: CATALOG_EVENTS,
  sides: CATALOG_EVENTS,
  jobs: ['completed', 'failed'],
  api_keys: ['rotated', 'revoked', 'expiring'],
  mockup_templates: ['POST', 'PUT', 'DELETE'],
  deliveries: ['delivered', 'failed'],
  project: ORDER_STATE_EVENTS,
  proofs: ['created'],
};
const ALL_EVENTS = [...CATALOG_EVENTS, 'completed', 'failed', 'rotated', 'revoked', 'expiring', 'delivered', ...ORDER_STATE_EVENTS, 'created'] as const;

const Event = Type.Union(
  ALL_EVENTS.map((e) => Type.Literal(e)),
  { description: 'Catalog topics: POST (default), PUT, DELETE and the BATCH forms; jobs: completed, failed; api_keys: rotated, revoked, expiring; deliveries: delivered, failed; project: the order state entered (received, proof_pending, approved, in_production, printed, shipped, cancelled, on_hold, draft); proofs: created (a proof with its approval_url)' },
);
const TopicSchema = Type.Union(TOPICS.map((t) => Type.Literal(t)));
const CallbackUrl = HttpUrl({ description: 'http(s) URL on a public address; deliveries are POSTed here' });

export const WebhookSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  store_id: Type.String({ format: 'uuid' }),
  event: Type.String(),
  callback_url: Type.String(),
  topic: Type.String(),
  enabled: Type.Boolean({ description: 'false after a 410 answer or sustained failure, or when paused; PUT enabled:true resumes' }),
  disabled_reason: Type.Union([Type.String(), Type.Null()]),
  disabled_at: Type.Union([Type.String(), Type.Null()]),
  previous_secret_expires_at: Type.Union([Type.String(), Type.Null()], { description: 'until then the secret before the last rotation signs too' }),
  created_at: Type.String({ format: 'date-time' }),
  updated_at: Type.String({ format: 'date-time' }),
  secret: Type.Optional(Type.String({ description: '`whsec_…`: only in the answer to creation and rotation' })),
});
export type WebhookDto = Static<typeof WebhookSchema>;

export const CreateWebhookBody = Type.Object({ event: Type.Optional(Event), callback_url: CallbackUrl, topic: TopicSchema });
export type CreateWebhookInput = Static<typeof CreateWebhookBody>;
export const UpdateWebhookBody = Type.Object({
  event: Type.Optional(Event),
  callback_url: Type.Optional(CallbackUrl),
  topic: Type.Optional(TopicSchema),
  enabled: Type.Optional(Type.Boolean()),
});
export type UpdateWebhookInput = Static<typeof UpdateWebhookBody>;

export const DEFAULT_SECRET_GRACE_SECONDS = 86_400;
export const RotateSecretBody = Type.Object({
  grace_period_seconds: Type.Optional(
    Type.Integer({ minimum: 0, maximum: 604_800, description: 'how long the old secret keeps signing beside the new one (default 86400)' }),
  ),
});

export const WebhookParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const DeliveryParams = Type.Object({ id: Type.String({ maxLength: 64 }), deliveryId: Type.String({ maxLength: 64 }) });
export const WebhookListQuery = listQuerySchema(['created_date', 'id'], 'the `callback_url`');
export const DeliveryListQuery = Type.Composite([
  listQuerySchema(['created_date', 'id'], null),
  Type.Object({ status: Type.Optional(Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')])) }),
]);

export const AttemptSchema = Type.Object({
  id: Type.String(),
  status_code: Type.Union([Type.Integer(), Type.Null()]),
  error: Type.Union([Type.String(), Type.Null()]),
  response_body: Type.Union([Type.String(), Type.Null()], { description: 'first 1 KiB of the answer' }),
  duration_ms: Type.Integer(),
  created_at: Type.String(),
});

export const DeliverySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  webhook_id: Type.String({ format: 'uuid' }),
  message_id: Type.String({ description: 'the `webhook-id` header: the same on every attempt and redelivery' }),
  topic: Type.String(),
  event: Type.String(),
  status: Type.Union([Type.Literal('pending'), Type.Literal('succeeded'), Type.Literal('failed')]),
  attempt_count: Type.Integer(),
  last_status_code: Type.Union([Type.Integer(), Type.Null()]),
  last_error: Type.Union([Type.String(), Type.Null()]),
  payload: Type.Unknown({ description: 'the JSON body sent' }),
  attempts: Type.Array(AttemptSchema, { description: 'every HTTP attempt, oldest first' }),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type DeliveryDto = Static<typeof DeliverySchema>;

export const WebhookEnvelope = Type.Object({ data: WebhookSchema, message: Type.String() });
export const WebhookListEnvelope = listEnvelope(WebhookSchema);
export const DeliveryEnvelope = Type.Object({ data: DeliverySchema, message: Type.String() });
export const DeliveryListEnvelope = listEnvelope(DeliverySchema);
export const DeletedEnvelope = Type.Object({ message: Type.String() });
