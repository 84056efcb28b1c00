import { Type, type Static, type TOptional } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';

export const TARGET_TYPES = ['hot_folder', 'sftp', 's3'] as const;
export const TICKETS = ['jdf', 'xml', 'none'] as const;
export const KINDS = ['print_files', 'batches'] as const;
export const STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type TargetType = (typeof TARGET_TYPES)[number];
export type TicketKind = (typeof TICKETS)[number];
export type DeliveryKindName = (typeof KINDS)[number];

const lit = <T extends string>(values: readonly T[], opts: object = {}) => Type.Union(values.map((v) => Type.Literal(v)), opts);
const Str = (max: number, description?: string) => Type.String({ minLength: 1, maxLength: max, ...(description ? { description } : {}) });

/**
 * One flat body for the three types; which fields a type needs is checked by the service (a 400
 * naming each missing or wrong field). Secrets are write-only: never in an answer.
 */
const targetFields = {
  name: Str(200),
  type: lit(TARGET_TYPES, { description: '`hot_folder` (a directory under FOLIO_HOT_FOLDER_ROOTS), `sftp` or `s3`' }),
  enabled: Type.Boolean({ description: 'default true' }),
  ticket: lit(TICKETS, { description: 'the job ticket written beside each PDF (default `jdf`)' }),
  deliver: Type.Array(lit(KINDS), { minItems: 1, maxItems: 2, uniqueItems: true, description: 'what this target receives (default both)' }),
  path: Str(1024, 'hot_folder: an existing directory inside one of the operator\'s FOLIO_HOT_FOLDER_ROOTS'),
  host: Str(253, 'sftp: host name or address (public addresses only, like webhook URLs)'),
  port: Type.Integer({ minimum: 1, maximum: 65535, description: 'sftp: default 22' }),
  username: Str(200, 'sftp'),
  password: Type.Union([Str(1024), Type.Null()], { description: 'sftp, write-only (null removes it)' }),
  private_key: Type.Union([Str(16_384), Type.Null()], { description: 'sftp, write-only: an unencrypted OpenSSH/PEM private key (null removes it)' }),
  remote_dir: Str(1024, 'sftp: directory on the server (default `.`, the login directory)'),
  host_key_sha256: Type.Union([Str(100), Type.Null()], { description: 'sftp: pin of the server\'s host key, `SHA256:…` as `ssh-keygen -lf` prints it; a server with another key is refused' }),
  bucket: Str(63, 's3'),
  prefix: Type.String({ maxLength: 512, description: 's3: key prefix, e.g. `hotfolder/` (default none)' }),
  region: Str(32, 's3: default us-east-1'),
  endpoint: Type.Union([Str(2048), Type.Null()], { description: 's3: an S3-compatible endpoint (public addresses only); none: AWS' }),
  access_key_id: Str(256, 's3, write-only'),
  secret_access_key: Str(1024, 's3, write-only'),
  force_path_style: Type.Boolean({ description: 's3: path-style URLs (default true with an endpoint)' }),
};
type Fields = typeof targetFields;
const optional = <K extends keyof Fields>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, Type.Optional(targetFields[k])])) as unknown as { [P in K]: TOptional<Fields[P]> };
const ALL = Object.keys(targetFields) as Array<keyof Fields>;

export const CreateTargetBody = Type.Object({ ...optional(ALL.filter((k) => k !== 'name' && k !== 'type')), name: targetFields.name, type: targetFields.type }, { additionalProperties: false });
export type CreateTargetInput = Static<typeof CreateTargetBody>;
export const UpdateTargetBody = Type.Object(optional(ALL), { additionalProperties: false });
export type UpdateTargetInput = Static<typeof UpdateTargetBody>;

export const TargetSchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  store_id: Type.String({ format: 'uuid' }),
  name: Type.String(),
  type: lit(TARGET_TYPES),
  enabled: Type.Boolean(),
  ticket: lit(TICKETS),
  deliver: Type.Array(lit(KINDS)),
  path: Type.Optional(Type.String()),
  host: Type.Optional(Type.String()),
  port: Type.Optional(Type.Integer()),
  username: Type.Optional(Type.String()),
  remote_dir: Type.Optional(Type.String()),
  host_key_sha256: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  has_password: Type.Optional(Type.Boolean()),
  has_private_key: Type.Optional(Type.Boolean()),
  bucket: Type.Optional(Type.String()),
  prefix: Type.Optional(Type.String()),
  region: Type.Optional(Type.String()),
  endpoint: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  force_path_style: Type.Optional(Type.Boolean()),
  has_access_key_id: Type.Optional(Type.Boolean()),
  has_secret_access_key: Type.Optional(Type.Boolean()),
  created_at: Type.String(),
  updated_at: Type.String(),
});
export type TargetDto = Static<typeof TargetSchema>;

export const TestResultSchema = Type.Object({
  ok: Type.Boolean(),
  error: Type.Union([Type.String(), Type.Null()]),
  file: Type.String({ description: 'the test file written and removed' }),
  duration_ms: Type.Integer(),
});

export const AttemptSchema = Type.Object({
  id: Type.String(),
  attempt: Type.Integer({ description: 'counts every attempt, manual retries included' }),
  error: Type.Union([Type.String(), Type.Null()]),
  remote_path: Type.Union([Type.String(), Type.Null()]),
  duration_ms: Type.Integer(),
  created_at: Type.String(),
});

export const DeliverySchema = Type.Object({
  id: Type.String({ format: 'uuid' }),
  store_id: Type.String({ format: 'uuid' }),
  target_id: Type.String({ format: 'uuid' }),
  project_id: Type.Union([Type.String(), Type.Null()]),
  batch_id: Type.Union([Type.String(), Type.Null()]),
  kind: lit(KINDS),
  file_key: Type.String(),
  file_name: Type.String(),
  status: lit(STATUSES),
  attempts: Type.Integer(),
  last_error: Type.Union([Type.String(), Type.Null()]),
  remote_path: Type.Union([Type.String(), Type.Null()], { description: 'where the PDF landed (hot folder path, SFTP path or s3://bucket/key)' }),
  delivered_at: Type.Union([Type.String(), Type.Null()]),
  created_at: Type.String(),
  updated_at: Type.String(),
  attempts_log: Type.Optional(Type.Array(AttemptSchema, { description: 'every attempt, oldest first (GET /v1/deliveries/{id})' })),
});
export type DeliveryDto = Static<typeof DeliverySchema>;

export const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
export const TargetListQuery = listQuerySchema(['created_date', 'id'], null);
export const DeliveryListQuery = Type.Composite([
  listQuerySchema(['created_date', 'id'], null),
  Type.Object({
    project_id: Type.Optional(Type.String({ maxLength: 64 })),
    batch_id: Type.Optional(Type.String({ maxLength: 64 })),
    target_id: Type.Optional(Type.String({ maxLength: 64 })),
    status: Type.Optional(lit(STATUSES)),
  }),
]);

export const TargetEnvelope = Type.Object({ data: TargetSchema, message: Type.String() });
export const TargetListEnvelope = listEnvelope(TargetSchema);
export const TestEnvelope = Type.Object({ data: TestResultSchema, message: Type.String() });
export const DeliveryEnvelope = Type.Object({ data: DeliverySchema, message: Type.String() });
export const DeliveryListEnvelope = listEnvelope(DeliverySchema);
export const DeletedEnvelope = Type.Object({ message: Type.String() });
