import type { Generated } from 'kysely';
import type { Ts } from './schema.js';

/** Tables of src/modules/delivery (migrations/0018-delivery.ts). */
export type DeliveryTargetType = 'hot_folder' | 'sftp' | 's3';
export type DeliveryStatus = 'pending' | 'sending' | 'delivered' | 'failed';

export interface DeliveryTargetsTable {
  id: string;
  account_id: string;
  store_id: string;
  name: string;
  type: DeliveryTargetType;
  enabled: Generated<number>;
  ticket: 'jdf' | 'xml' | 'none';
  /** JSON array of 'print_files' | 'batches' */
  deliver: string;
  /** JSON: the type's plain settings (path; host, port, username, remote_dir, host_key_sha256; bucket, prefix…) */
  settings: string;
  /** Aead of a JSON object of the write-only credentials, or null when there are none */
  secrets_enc: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface DeliveriesTable {
  id: string;
  account_id: string;
  store_id: string;
  target_id: string;
  project_id: string | null;
  batch_id: string | null;
  kind: 'print_files' | 'batches';
  file_key: string;
  file_name: string;
  content_type: string;
  /** JSON: the JobTicket */
  ticket: string;
  status: DeliveryStatus;
  attempts: Generated<number>;
  last_error: string | null;
  remote_path: string | null;
  job_id: string | null;
  delivered_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface DeliveryAttemptsTable {
  id: string;
  delivery_id: string;
  attempt: number;
  error: string | null;
  remote_path: string | null;
  duration_ms: number;
  created_at: Ts;
}

