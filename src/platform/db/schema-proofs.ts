import type { Ts } from './schema.js';

/** a proof of an order's frozen designs and the customer's decision (migrations/0019-proofs.ts) */
export interface ProofsTable {
  id: string;
  store_id: string;
  project_id: string;
  snapshot_version: number;
  /** pending | approved | changes_requested | superseded */
  status: string;
  comment: string | null;
  decided_at: Ts | null;
  /** the name (or e-mail) the customer gave when deciding */
  decided_by: string | null;
  expires_at: Ts;
  pdf_job_id: string | null;
  created_at: Ts;
}

/** The proofs module's tables in the database type (schema.ts `DB` extends it). */
export interface ProofTables {
  proofs: ProofsTable;
}
