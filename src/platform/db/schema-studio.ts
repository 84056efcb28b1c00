import type { Generated } from 'kysely';
import type { Ts } from './schema.js';

// The studio's tables (migration 0005-studio), and the charged synchronous operations (PaidOperations).

export interface StudioAgenciesTable {
  id: Generated<number>;
  account_id: string;
  name: string;
  agency_type: string;
  created_at: Ts;
  updated_at: Ts;
}

export interface StudioJobsTable {
  id: Generated<number>;
  account_id: string;
  agency_id: number;
  name: string;
  icp_type: string;
  status: string;
  created_at: Ts;
  updated_at: Ts;
}

export interface StudioSubjectsTable {
  id: Generated<number>;
  account_id: string;
  agency_id: number;
  student_id: string;
  name: string;
  class_name: string | null;
  reference_photo_url: string | null;
  /** base64 of little-endian float32 */
  embedding: string | null;
  embedding_model: string | null;
  embedding_error: string | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface StudioFilesTable {
  id: Generated<number>;
  account_id: string;
  agency_id: number;
  job_id: number;
  filename: string;
  blob_key: string;
  content_type: string;
  size_bytes: number;
  created_at: Ts;
}

export interface StudioMatchJobsTable {
  id: Generated<number>;
  account_id: string;
  agency_id: number;
  task_id: string | null;
  total_files: number;
  threshold: number;
  created_at: Ts;
}

/** A review decision on a match job's result (migration 0022-studio-reviews). */
export interface StudioMatchReviewsTable {
  match_job_id: number;
  file_id: number;
  account_id: string;
  decision: 'confirmed' | 'reassigned' | 'rejected';
  subject_id: number | null;
  created_at: Ts;
  updated_at: Ts;
}

/** The review table, joined into DB by schema.ts. */
export interface StudioReviewTables {
  studio_match_reviews: StudioMatchReviewsTable;
}

export interface StudioOperationsTable {
  id: string;
  account_id: string;
  kind: string;
  /** the process running it (host:pid:random) */
  owner: string;
  state: 'running' | 'done' | 'failed';
  cost: number;
  charge_tx_id: number;
  refund_tx_id: number | null;
  deadline_at: Ts;
  created_at: Ts;
  updated_at: Ts;
}
