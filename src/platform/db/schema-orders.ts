import type { Generated } from 'kysely';
import type { CatalogDocTable, Ts } from './schema.js';
import type { ProductionTables } from './schema-production.js';
import type { ProofTables } from './schema-proofs.js';
import type { IntegrationTables } from './schema-integrations.js';

/** The order lifecycle's tables (migrations/0017-orders.ts). */

/** projects (orders): a document row with its lifecycle state and the shop's order line (migrations/0017-orders.ts) */
export interface ProjectsTable extends CatalogDocTable {
  state: Generated<string>;
  external_key: string | null;
  /** `<source>:<order id>` of the shop's order (migrations/0021-integrations.ts) */
  external_order: string | null;
}

/** every move of an order between lifecycle states */
export interface ProjectTransitionsTable {
  id: string;
  store_id: string;
  project_id: string;
  from_state: string | null;
  to_state: string;
  actor_type: string;
  actor_id: string | null;
  note: string | null;
  created_at: Ts;
  seq: number;
}

/** a design frozen when its order was received: the page (JSON) and the assets it used (JSON) */
export interface DesignSnapshotsTable {
  id: string;
  store_id: string;
  project_id: string;
  version: number;
  position: number;
  design_id: string;
  product_id: string | null;
  name: string;
  page: string;
  assets: string;
  hash: string;
  design_updated_at: Ts;
  created_at: Ts;
}

/** the files made for an order: print files and proofs (each a job) */
export interface OrderFilesTable {
  id: string;
  store_id: string;
  project_id: string;
  kind: string;
  snapshot_version: number;
  job_id: string;
  name: string;
  created_at: Ts;
}


/** The order lifecycle's tables in the database type (schema.ts `DB` extends it), proofs' and production batches' included. */
/** (with the shop connectors' tables: orders come in from shops) */
export interface OrderTables extends ProofTables, ProductionTables, IntegrationTables {
  projects: ProjectsTable;
  project_transitions: ProjectTransitionsTable;
  design_snapshots: DesignSnapshotsTable;
  order_files: OrderFilesTable;
}
