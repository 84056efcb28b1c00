import { Type, type Static } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';
import { sharedInAnswer } from '../../platform/http/serializer.js';
import { SCOPES } from '../identity/scopes.js';

const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

export const MAX_GRACE_SECONDS = 604_800;
export const DEFAULT_GRACE_SECONDS = 86_400;

export const ApiKeySchema = Type.Object(
  {
    uuid: Type.String({ format: 'uuid', description: 'Identifier, used as {key} in paths' }),
    name: Type.String(),
    kind: Type.Union([Type.Literal('store_secret'), Type.Literal('store_publishable'), Type.Literal('account')], {
      description: '`store_secret` (sk_live_), `store_publishable` (pk_live_) or `account` (sk_acc_live_, reaches every store of the account)',
    }),
    store_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The store of a store key; null for an account key' }),
    scopes: Type.Array(Type.String()),
    expires_at: NullableDateTime,
    allowed_origins: Type.Array(Type.String()),
    allowed_ips: Type.Array(Type.String()),
    revoked_at: NullableDateTime,
    grace_until: Type.Union([DateTime, Type.Null()], { description: 'Set by rotation: the old key works until then' }),
    rotated_from: Type.Union([Type.String({ format: 'uuid' }), Type.Null()], { description: 'The key this one replaced' }),
    status: Type.Union(
      [Type.Literal('active'), Type.Literal('grace'), Type.Literal('rotated'), Type.Literal('expired'), Type.Literal('revoked')],
      { description: 'Derived now: revoked; expired; rotated and still in its grace window (grace) or past it (rotated); else active' },
    ),
    prefix: Type.String({ description: 'First 12 characters of the key, for recognising it' }),
    last4: Type.String({ description: 'Last 4 characters of the key' }),
    created_at: DateTime,
    updated_at: DateTime,
  },
);
export type ApiKeyDto = Static<typeof ApiKeySchema>;

const keyFields = {
  name: Type.String({ minLength: 1, maxLength: 255, description: 'Label shown in lists and the audit trail' }),
  scopes: Type.Optional(
    Type.Array(Type.String({ maxLength: 64 }), {
      maxItems: 32,
      description: `Omitted: the default set (secret keys: all; publishable keys: catalog:read designs:write), limited to the scopes the caller holds. Known scopes: ${SCOPES.join(', ')}`,
    }),
  ),
  expires_at: Type.Optional(Type.Union([DateTime, Type.Null()], { description: 'A future date-time, or null for no expiry' })),
  allowed_origins: Type.Optional(
    Type.Array(Type.String({ maxLength: 255 }), { maxItems: 50, description: 'Browser origins (scheme://host[:port]) the key may be used from; empty: any' }),
  ),
  allowed_ips: Type.Optional(
    Type.Array(Type.String({ maxLength: 64 }), { maxItems: 100, description: 'Client addresses or CIDR ranges, IPv4 or IPv6; empty: any' }),
  ),
};

export const CreateAccountKeyBody = Type.Object(keyFields);
export const CreateStoreKeyBody = Type.Object({
  ...keyFields,
  kind: Type.Optional(
    Type.Union([Type.Literal('store_secret'), Type.Literal('store_publishable')], {
      default: 'store_secret',
      description: '`store_secret` (sk_live_, server side) or `store_publishable` (pk_live_, browsers; set allowed_origins)',
    }),
  ),
});
export type CreateKeyInput = Static<typeof CreateStoreKeyBody>;

export const RotateBody = Type.Object({
  grace_period_seconds: Type.Optional(
    Type.Integer({ minimum: 0, maximum: MAX_GRACE_SECONDS, description: `How long the old key keeps working (default ${DEFAULT_GRACE_SECONDS})` }),
  ),
});

export const StoreParams = Type.Object({ store: Type.String({ maxLength: 64 }) });
export const KeyParams = Type.Object({ key: Type.String({ maxLength: 64 }) });
export const StoreKeyParams = Type.Object({ store: Type.String({ maxLength: 64 }), key: Type.String({ maxLength: 64 }) });

export const KeyListQuery = listQuerySchema(['created_date', 'name']);
export const EventListQuery = listQuerySchema(['created_date'], null);

export const ApiKeyEnvelope = Type.Object({ data: ApiKeySchema, message: Type.String() });
export const ApiKeySecretEnvelope = Type.Object({
  data: ApiKeySchema,
  key: Type.String({ description: 'The secret. Shown in this response only; it cannot be read again.' }),
  message: Type.String(),
});
export const ApiKeyListEnvelope = listEnvelope(sharedInAnswer({ ...ApiKeySchema }));

export const AuditEventSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  key_uuid: Type.String({ format: 'uuid' }),
  event: Type.Union(
    ['created', 'rotated', 'revoked', 'auth_succeeded', 'auth_failed', 'scope_denied'].map((e) => Type.Literal(e)),
  ),
  reason: Type.Union([Type.String(), Type.Null()], { description: 'Why an attempt failed or was denied' }),
  ip: Type.Union([Type.String(), Type.Null()]),
  method: Type.Union([Type.String(), Type.Null()]),
  route: Type.Union([Type.String(), Type.Null()]),
  user_agent: Type.Union([Type.String(), Type.Null()]),
  actor: Type.Union([Type.Object({ type: Type.String(), id: Type.String() }), Type.Null()]),
  detail: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()]),
  created_at: DateTime,
});
export type AuditEventDto = Static<typeof AuditEventSchema>;
export const AuditEventListEnvelope = listEnvelope(AuditEventSchema);
