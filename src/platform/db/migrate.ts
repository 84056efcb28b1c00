import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';
import type { Dialect } from './index.js';
import { foundation } from './migrations/0001-foundation.js';
import { apiKeys } from './migrations/0002-api-keys.js';
import { backbone } from './migrations/0003-backbone.js';
import { preflight } from './migrations/0007-preflight.js';
import { webhooks } from './migrations/0006-webhooks.js';
import { studio } from './migrations/0005-studio.js';
import { catalog } from './migrations/0004-catalog.js';
import { designs } from './migrations/0008-designs.js';
import { catalogDefaultTemplates } from './migrations/0009-catalog-default-templates.js';
import { auditRetention } from './migrations/0010-audit-retention.js';
import { fixReviewImage } from './migrations/0012-fix-review-image.js';
import { mockupTemplates } from './migrations/0011-mockup-templates.js';
import { storeVersions } from './migrations/0013-store-versions.js';
import { searchIndex } from './migrations/0014-search-index.js';
import { storeOutputProfile } from './migrations/0015-store-output-profile.js';
import { jobErrorCode } from './migrations/0016-job-error-code.js';
import { orders } from './migrations/0017-orders.js';
import { delivery } from './migrations/0018-delivery.js';
import { proofs } from './migrations/0019-proofs.js';
import { productionBatches } from './migrations/0020-production-batches.js';
import { integrations } from './migrations/0021-integrations.js';
import { studioReviews } from './migrations/0022-studio-reviews.js';
import { storeEditorBgRemoval } from './migrations/0023-store-editor-bg-removal.js';

/** Column types that differ between the two dialects; migrations ask for these. */
export interface ColumnTypes {
  dialect: Dialect;
  /** timestamp column: timestamptz on PostgreSQL, ISO text on SQLite */
  ts: 'timestamptz' | 'text';
  /** auto-increment integer primary key */
  serial: 'serial' | 'integer';
  /** a 64-bit integer (token amounts, byte sizes) */
  big: 'bigint' | 'integer';
}

export function columnTypes(dialect: Dialect): ColumnTypes {
  return dialect === 'postgres'
    ? { dialect, ts: 'timestamptz', serial: 'serial', big: 'bigint' }
    : { dialect, ts: 'text', serial: 'integer', big: 'integer' };
}

export type MigrationFactory = (t: ColumnTypes) => Migration;

/** Every migration in order; one set for both dialects. Append, never edit. */
const MIGRATIONS: Record<string, MigrationFactory> = {
  '0001-foundation': foundation,
  '0002-api-keys': apiKeys,
  '0003-backbone': backbone,
  '0004-catalog': catalog,
  '0005-studio': studio,
  '0006-webhooks': webhooks,
  '0007-preflight': preflight,
  '0008-designs': designs,
  '0009-catalog-default-templates': catalogDefaultTemplates,
  '0010-audit-retention': auditRetention,
  '0011-mockup-templates': mockupTemplates,
  '0012-fix-review-image': fixReviewImage,
  '0013-store-versions': storeVersions,
  '0014-search-index': searchIndex,
  '0015-store-output-profile': storeOutputProfile,
  '0016-job-error-code': jobErrorCode,
  '0017-orders': orders,
  '0018-delivery': delivery,
  '0019-proofs': proofs,
  '0020-production-batches': productionBatches,
  '0021-integrations': integrations,
  '0022-studio-reviews': studioReviews,
  '0023-store-editor-bg-removal': storeEditorBgRemoval,
};

class StaticProvider implements MigrationProvider {
  constructor(private readonly dialect: Dialect) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    const t = columnTypes(this.dialect);
    return Object.fromEntries(Object.entries(MIGRATIONS).map(([name, make]) => [name, make(t)]));
  }
}

export async function migrateToLatest(db: Kysely<any>, dialect: Dialect): Promise<string[]> {
  // Unordered: migrations from parallel branches land in any order on existing databases.
  const migrator = new Migrator({ db, provider: new StaticProvider(dialect), allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

/** The names of every migration this build knows, in order. */
export function knownMigrations(): string[] {
  return Object.keys(MIGRATIONS);
}

export interface MigrationState {
  name: string;
  /** unknown: recorded in the database but not in this build (a newer or another branch's) */
  status: 'applied' | 'pending' | 'unknown';
  /** when it was applied (ISO-8601), as the migration table records it */
  applied_at: string | null;
}

/** The names of the migrations the database records as applied, in the order they apply (the CLI's `migrate` reports them). */
export async function appliedMigrations(db: Kysely<any>): Promise<string[]> {
  const rows = (await db.selectFrom('kysely_migration').select('name').orderBy('name').execute()) as Array<{ name: string }>;
  return rows.map((r) => r.name);
}

/** Each migration with whether the database has it; reads only (applies nothing, creates no table). */
export async function migrationStatus(db: Kysely<any>): Promise<MigrationState[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  const applied = new Map<string, string | Date>();
  if (tables.some((t) => t.name === 'kysely_migration')) {
    const rows = (await db.selectFrom('kysely_migration').select(['name', 'timestamp']).execute()) as Array<{ name: string; timestamp: string | Date }>;
    for (const r of rows) applied.set(r.name, r.timestamp);
  }
  const at = (v: string | Date | undefined) => (v === undefined ? null : new Date(v).toISOString());
  const known = knownMigrations();
  return [
    ...known.map((name) => ({ name, status: applied.has(name) ? ('applied' as const) : ('pending' as const), applied_at: at(applied.get(name)) })),
    ...[...applied.keys()].filter((n) => !known.includes(n)).sort().map((name) => ({ name, status: 'unknown' as const, applied_at: at(applied.get(name)) })),
  ];
}
