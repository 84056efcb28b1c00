import { paginate } from '../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { PreflightFixReviewsTable, PreflightReportsTable } from '../../platform/db/schema.js';

export type ReportRow = PreflightReportsTable;
export type ReviewRow = PreflightFixReviewsTable;

/** The only place preflight SQL lives; every method takes the owning account. */
export class PreflightRepo {
  constructor(private readonly db: Db) {}

  async insertReport(tx: DbOrTx, row: ReportRow): Promise<void> {
    await tx.insertInto('preflight_reports').values(row).execute();
  }

  async report(accountId: string, id: string, db: DbOrTx = this.db): Promise<ReportRow | null> {
    const row = await db.selectFrom('preflight_reports').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  listQuery(accountId: string) {
    return this.db.selectFrom('preflight_reports').selectAll().where('account_id', '=', accountId);
  }

  /** One page of the account's preflight reports. */
  list(accountId: string, query: ListQuery, ctx: PageContext) {
    return paginate(this.listQuery(accountId), { sortable: { created_date: 'created_at' }, idColumn: 'id', searchColumn: 'preflight_reports.design_id', db: this.db }, query, ctx);
  }

  /** The deleted row (for its blob), or null when there was none. */
  async deleteReport(accountId: string, id: string): Promise<ReportRow | null> {
    const row = await this.db.deleteFrom('preflight_reports').where('account_id', '=', accountId).where('id', '=', id).returningAll().executeTakeFirst();
    return row ?? null;
  }

  async checksUsed(accountId: string, period: string): Promise<number> {
    const row = await this.db.selectFrom('preflight_usage').select('checks').where('account_id', '=', accountId).where('period', '=', period).executeTakeFirst();
    return row ? Number(row.checks) : 0;
  }

  /**
   * Counts one check against the month, atomically and only while under `limit` (null:
   * unlimited). False when the quota is used up: two racing requests cannot both take the last one.
   */
  async takeCheck(tx: DbOrTx, accountId: string, period: string, limit: number | null): Promise<boolean> {
    if (limit !== null && limit <= 0) return false;
    const out = await tx
      .insertInto('preflight_usage')
      .values({ account_id: accountId, period, checks: 1 })
      .onConflict((oc) => {
        const upd = oc.columns(['account_id', 'period']).doUpdateSet({ checks: sql<number>`preflight_usage.checks + 1` });
        return limit === null ? upd : upd.where('preflight_usage.checks', '<', limit);
      })
      .returning('checks')
      .executeTakeFirst();
    return out !== undefined;
  }

  async review(accountId: string, jobId: string, db: DbOrTx | undefined = this.db): Promise<ReviewRow | null> {
    const row = await (db ?? this.db).selectFrom('preflight_fix_reviews').selectAll().where('account_id', '=', accountId).where('job_id', '=', jobId).executeTakeFirst();
    return row ?? null;
  }

  /** Names the Image an approval became, unless one is named already; true when this one was. */
  async setImage(jobId: string, imageId: string): Promise<boolean> {
    const res = await this.db.updateTable('preflight_fix_reviews').set({ image_id: imageId }).where('job_id', '=', jobId).where('image_id', 'is', null).executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }

  /** Records the decision unless one exists; returns the decision that stands. */
  async decide(row: ReviewRow): Promise<{ row: ReviewRow; inserted: boolean }> {
    const inserted = await this.db.insertInto('preflight_fix_reviews').values(row).onConflict((oc) => oc.column('job_id').doNothing()).returningAll().executeTakeFirst();
    if (inserted) return { row: inserted, inserted: true };
    const existing = await this.review(row.account_id, row.job_id);
    if (!existing) throw new Error(`review of job ${row.job_id} vanished`);
    return { row: existing, inserted: false };
  }
}
