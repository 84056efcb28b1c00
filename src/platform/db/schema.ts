import type { Generated } from 'kysely';
import type { OrderTables } from './schema-orders.js';
import type { StudioAgenciesTable, StudioFilesTable, StudioJobsTable, StudioMatchJobsTable, StudioOperationsTable, StudioReviewTables, StudioSubjectsTable } from './schema-studio.js';

export type * from './schema-studio.js';

/** Timestamps: ISO strings on write; SQLite reads back strings, PostgreSQL Dates. */
export type Ts = string | Date;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  token_version: Generated<number>;
  email_verified_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface StoresTable {
  id: string;
  owner_id: string;
  name: string;
  shop_url: string | null;
  view_store_url: string | null;
  timezone: string | null;
  integration_type: string | null;
  is_integrated: Generated<number>;
  google_font_api_enc: string | null;
  unsplash_key_enc: string | null;
  pixabay_key_enc: string | null;
  pexels_key_enc: string | null;
  sid: string;
  secret_hash: string;
  secret_enc: string;
  unauth_token_hash: string;
  unauth_token_enc: string;
  tier: Generated<string>;
  output_profile: string | null; // default CMYK output profile id of the store's print files; null: the service default
  editor_background_removal: Generated<number>; // 1: the editor may remove backgrounds, paid by the owner (0023)
  created_at: Ts;
  updated_at: Ts;
  deleted_at: Ts | null;
}

export interface ApiKeysTable {
  id: string;
  owner_id: string;
  store_id: string | null;
  kind: string;
  name: string;
  key_hash: string;
  key_prefix: string;
  key_last4: string;
  /** JSON string[] */
  scopes: string;
  /** JSON string[] */
  allowed_origins: string;
  /** JSON string[] */
  allowed_ips: string;
  expires_at: Ts | null;
  revoked_at: Ts | null;
  grace_until: Ts | null;
  rotated_from: string | null;
  created_by: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface ApiKeyOriginsTable {
  origin: string;
  key_id: string;
}

export interface ApiKeyEventsTable {
  id: string;
  key_id: string;
  owner_id: string;
  event: string;
  reason: string | null;
  ip: string | null;
  method: string | null;
  route: string | null;
  user_agent: string | null;
  actor_type: string | null;
  actor_id: string | null;
  /** JSON object */
  detail: string | null;
  created_at: Ts;
}

export interface WalletsTable {
  account_id: string;
  balance: number;
  updated_at: Ts;
}

export type WalletTxType = 'charge' | 'refund' | 'credit';

export interface WalletTransactionsTable {
  id: Generated<number>;
  account_id: string;
  type: WalletTxType;
  /** signed: charges negative, refunds and credits positive */
  amount: number;
  balance_after: number;
  reference: string | null;
  refund_of: number | null;
  created_at: Ts;
}

export interface IdempotencyKeysTable {
  account_id: string;
  key: string;
  request_hash: string;
  state: 'pending' | 'done';
  response_status: number | null;
  /** JSON text */
  response_body: string | null;
  created_at: Ts;
  expires_at: Ts;
}

export type JobState = 'queued' | 'running' | 'completed' | 'failed';

export interface JobsTable {
  id: string;
  type: string;
  account_id: string;
  store_id: string | null;
  state: JobState;
  status: string;
  attempts: Generated<number>;
  max_attempts: number;
  available_at: Ts;
  lease_owner: string | null;
  lease_expires_at: Ts | null;
  /** JSON text */
  payload: string;
  progress: string | null;
  result: string | null;
  error: string | null;
  /** the failure's machine-readable code (JobFailure details.code), null otherwise */
  error_code: string | null;
  cost: Generated<number>;
  charge_tx_id: number | null;
  refund_tx_id: number | null;
  created_at: Ts;
  updated_at: Ts;
  started_at: Ts | null;
  completed_at: Ts | null;
}

export type PreflightReportStatus = 'passed' | 'warnings' | 'failed';

export interface PreflightReportsTable {
  id: string;
  account_id: string;
  design_id: string;
  file_url: string | null;
  source_job_id: string | null;
  file_type: string | null;
  status: PreflightReportStatus;
  /** JSON text */
  issues: string;
  notes: string;
  summary: string | null;
  spec: string;
  file_key: string | null;
  created_at: Ts;
}

export interface PreflightUsageTable {
  account_id: string;
  /** YYYY-MM (UTC) */
  period: string;
  checks: number;
}

export interface PreflightFixReviewsTable {
  job_id: string;
  account_id: string;
  decision: 'approved' | 'rejected';
  resolved_report_id: string | null;
  file_key: string | null;
  /** the catalog Image an approved fix became (in the job's store); null without a store context */
  image_id: string | null;
  created_at: Ts;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  store_id: string;
  topic: string;
  event: string;
  callback_url: string;
  secret_enc: string;
  previous_secret_enc: string | null;
  previous_secret_until: Ts | null;
  enabled: Generated<number>;
  disabled_reason: string | null;
  disabled_at: Ts | null;
  last_success_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export type WebhookDeliveryStatus = 'pending' | 'succeeded' | 'failed';

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  account_id: string;
  store_id: string;
  topic: string;
  event: string;
  /** the JSON body, byte for byte as sent */
  body: string;
  status: WebhookDeliveryStatus;
  attempt_count: Generated<number>;
  last_status_code: number | null;
  last_error: string | null;
  job_id: string | null;
  delivered_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface WebhookAttemptsTable {
  id: string;
  delivery_id: string;
  webhook_id: string;
  job_id: string | null;
  status_code: number | null;
  error: string | null;
  response_body: string | null;
  duration_ms: number;
  created_at: Ts;
}

export interface ApiKeyExpiryNoticesTable {
  key_id: string;
  created_at: Ts;
}

export interface CatalogCategoriesTable {
  id: string;
  store_id: string | null;
  name: string;
  type: string;
  parent_id: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface CatalogImagesTable {
  id: string;
  store_id: string | null;
  type: string | null;
  name: string;
  blob_key: string;
  mime_type: string;
  size_bytes: number;
  width: number | null;
  height: number | null;
  thumbnails: string;
  license: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface CatalogImageCategoriesTable {
  image_id: string;
  category_id: string;
}

export interface CatalogClipartsTable {
  id: Generated<number>;
  image_id: string;
  store_id: string | null;
  name: string;
  is_global: Generated<number>;
  created_at: Ts;
}

export interface CatalogFontsTable {
  id: string;
  store_id: string | null;
  name: string;
  alias: string;
  subset: string;
  type: string;
  source_url: string | null;
  family: string;
  style: string;
  weight: number;
  glyph_count: number;
  coverage: string;
  blob_key: string | null;
  size_bytes: number;
  license: string | null;
  created_at: Ts;
  updated_at: Ts;
}

/** products, sides and templates: reference fields in `doc` (JSON) */
export interface CatalogDocTable {
  id: string;
  store_id: string;
  name: string;
  status: string | null;
  parent_id: string | null;
  doc: string;
  created_at: Ts;
  updated_at: Ts;
  deleted_at: Ts | null;
}

/** designs: a document row that also names its product and project (filtered on) */
export interface DesignsTable extends CatalogDocTable {
  product_id: string | null;
  project_id: string | null;
}

/** the service-curated templates every store lists under /templates/template-default */
export interface CatalogDefaultTemplatesTable {
  id: string;
  name: string;
  doc: string;
  license: string;
  created_at: Ts;
  updated_at: Ts;
}

export interface DB extends OrderTables, StudioReviewTables {
  users: UsersTable;
  stores: StoresTable;
  api_keys: ApiKeysTable;
  api_key_origins: ApiKeyOriginsTable;
  api_key_events: ApiKeyEventsTable;
  wallets: WalletsTable;
  wallet_transactions: WalletTransactionsTable;
  idempotency_keys: IdempotencyKeysTable;
  jobs: JobsTable;
  preflight_reports: PreflightReportsTable;
  preflight_usage: PreflightUsageTable;
  preflight_fix_reviews: PreflightFixReviewsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  webhook_attempts: WebhookAttemptsTable;
  api_key_expiry_notices: ApiKeyExpiryNoticesTable;
  studio_agencies: StudioAgenciesTable;
  studio_jobs: StudioJobsTable;
  studio_subjects: StudioSubjectsTable;
  studio_files: StudioFilesTable;
  studio_match_jobs: StudioMatchJobsTable;
  studio_operations: StudioOperationsTable;
  catalog_categories: CatalogCategoriesTable;
  catalog_images: CatalogImagesTable;
  catalog_image_categories: CatalogImageCategoriesTable;
  catalog_cliparts: CatalogClipartsTable;
  catalog_fonts: CatalogFontsTable;
  catalog_products: CatalogDocTable;
  catalog_sides: CatalogDocTable;
  catalog_templates: CatalogDocTable;
  catalog_default_templates: CatalogDefaultTemplatesTable;
  designs: DesignsTable;
  mockup_templates: MockupTemplatesTable;
  store_versions: StoreVersionsTable;
  delivery_targets: import('./schema-delivery.js').DeliveryTargetsTable;
  deliveries: import('./schema-delivery.js').DeliveriesTable;
  delivery_attempts: import('./schema-delivery.js').DeliveryAttemptsTable;
}

/**
 * One row per store (and `*` for what every store shares): a random value the database
 * changes in the transaction of every write to the store's catalog, designs and projects
 * (migrations/0013-store-versions.ts); the HTTP layer's ETags are made from it.
 */
export interface StoreVersionsTable {
  store_id: string;
  version: number;
}

/** Mockup templates (src/modules/mockups): store_id null for the curated defaults. */
export interface MockupTemplatesTable {
  id: string;
  store_id: string | null;
  name: string;
  description: string | null;
  /** JSON: MockupSpec */
  spec: string;
  /** JSON: layer name → {key, mime_type, width, height, size_bytes} */
  layers: string;
  license: string | null;
  created_at: Ts;
  updated_at: Ts;
}
