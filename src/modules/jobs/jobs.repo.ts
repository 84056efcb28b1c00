import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { iso } from '../../platform/db/index.js';
import type { JobsTable, JobState } from '../../platform/db/schema.js';
import type { DueSource, JobRef } from '../../platform/queue/queue.js';

export type JobRow = Omit<JobsTable, 'attempts' | 'cost'> & { attempts: number; cost: number };

export interface NewJobRow {
  id: string;
  type: string;
  account_id: string;
  store_id: string | null;
  status: string;
  max_attempts: number;
  payload: string;
  cost: number;
  charge_tx_id: number | null;
  now: string;
}

/** The lease a worker holds: its owner id and the claim generation. */
export interface Lease {
  owner: string;
  attempts: number;
}

/**
 * The only place job SQL lives. Every write by a worker is conditional on its lease (owner
 * and generation), so a worker that lost a job can no longer touch it.
 */
export class JobsRepo implements DueSource {
  constructor(private readonly db: Db) {}

  async insert(tx: DbOrTx, row: NewJobRow): Promise<JobRow> {
    const out = await tx
      .insertInto('jobs')
      .values({
        id: row.id,
        type: row.type,
        account_id: row.account_id,
        store_id: row.store_id,
        state: 'queued',
        status: row.status,
        attempts: 0,
        max_attempts: row.max_attempts,
        available_at: row.now,
        payload: row.payload,
        cost: row.cost,
        charge_tx_id: row.charge_tx_id,
        created_at: row.now,
        updated_at: row.now,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return normalize(out);
  }

  async byId(id: string, db: DbOrTx = this.db): Promise<JobRow | null> {
    const row = await db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirst();
    return row ? normalize(row) : null;
  }

  /** A job as its owner sees it: another account's job does not exist. */
  async owned(accountId: string, id: string, type?: string): Promise<JobRow | null> {
    let q = this.db.selectFrom('jobs').selectAll().where('id', '=', id).where('account_id', '=', accountId);
    if (type) q = q.where('type', '=', type);
    const row = await q.executeTakeFirst();
    return row ? normalize(row) : null;
  }

  /** Unfinished jobs by type and state (queue depth, read at scrape time over the jobs_due index). */
  async depth(): Promise<Array<{ type: string; state: JobState; count: number }>> {
    const rows = await this.db
      .selectFrom('jobs')
      .select(['type', 'state', (eb) => eb.fn.countAll<number>().as('count')])
      .where('state', 'in', ['queued', 'running'])
      .groupBy(['type', 'state'])
      .execute();
    return rows.map((r) => ({ type: r.type, state: r.state, count: Number(r.count) }));
  }

  async due(limit: number, opts: { queuedBefore?: Date; types?: readonly string[] } = {}): Promise<JobRef[]> {
    if (opts.types && opts.types.length === 0) return [];
    const now = new Date().toISOString();
    const queuedCut = opts.queuedBefore ? new Date(Math.min(opts.queuedBefore.getTime(), Date.now())).toISOString() : now;
    // Two index range scans rather than one OR, which would scan the table.
    let queuedQ = this.db
      .selectFrom('jobs')
      .select(['id', 'type', 'attempts'])
      .where('state', '=', 'queued')
      .where('available_at', '<=', queuedCut);
    let expiredQ = this.db
      .selectFrom('jobs')
      .select(['id', 'type', 'attempts'])
      .where('state', '=', 'running')
      .where('lease_expires_at', '<', now);
    if (opts.types) {
      queuedQ = queuedQ.where('type', 'in', opts.types);
      expiredQ = expiredQ.where('type', 'in', opts.types);
    }
    const queued = await queuedQ.orderBy('available_at').limit(limit).execute();
    const expired = await expiredQ.orderBy('lease_expires_at').limit(limit).execute();
    return [...expired, ...queued].slice(0, limit).map((r) => ({ id: r.id, type: r.type, attempt: Number(r.attempts) }));
  }

  /** Types of jobs not finished yet: each needs a handler before workers start. */
  async typesInUse(): Promise<string[]> {
    const rows = await this.db.selectFrom('jobs').select('type').distinct().where('state', 'in', ['queued', 'running']).execute();
    return rows.map((r) => r.type);
  }

  /**
   * Takes a job for one attempt: queued and due, or running with an expired lease, and
   * still at the generation the caller read. Null when someone else was faster.
   */
  async claim(
    row: Pick<JobRow, 'id' | 'state' | 'attempts'>,
    lease: { owner: string; expiresAt: string; now: string; status: string },
  ): Promise<JobRow | null> {
    let q = this.db
      .updateTable('jobs')
      .set({
        state: 'running',
        status: lease.status,
        attempts: row.attempts + 1,
        lease_owner: lease.owner,
        lease_expires_at: lease.expiresAt,
        started_at: sql`coalesce(started_at, ${lease.now})`,
        updated_at: lease.now,
      })
      .where('id', '=', row.id)
      .where('attempts', '=', row.attempts)
      .where('state', '=', row.state);
    q = row.state === 'queued' ? q.where('available_at', '<=', lease.now) : q.where('lease_expires_at', '<', lease.now);
    const out = await q.returningAll().executeTakeFirst();
    return out ? normalize(out) : null;
  }

  async extendLease(id: string, lease: Lease, expiresAt: string, now: string): Promise<boolean> {
    return this.leased(id, lease, { lease_expires_at: expiresAt, updated_at: now });
  }

  async setStatus(id: string, lease: Lease, status: string, now: string): Promise<boolean> {
    return this.leased(id, lease, { status, updated_at: now });
  }

  async saveProgress(id: string, lease: Lease, progress: string, now: string): Promise<boolean> {
    return this.leased(id, lease, { progress, updated_at: now });
  }

  /** The finished row, or null when the lease was lost; `db` may be the transaction that also publishes its event. */
  async complete(id: string, lease: Lease, fields: { status: string; result: string; now: string }, db: DbOrTx = this.db): Promise<JobRow | null> {
    const out = await db
      .updateTable('jobs')
      .set({
        state: 'completed',
        status: fields.status,
        result: fields.result,
        error: null,
        error_code: null,
        lease_owner: null,
        lease_expires_at: null,
        completed_at: fields.now,
        updated_at: fields.now,
      })
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', lease.owner)
      .where('attempts', '=', lease.attempts)
      .returningAll()
      .executeTakeFirst();
    return out ? normalize(out) : null;
  }

  /** Back to the queue after a retryable error; the next attempt may start at `availableAt`. */
  async requeue(id: string, lease: Lease, fields: { error: string; availableAt: string; now: string }): Promise<boolean> {
    return this.leased(id, lease, {
      state: 'queued',
      error: fields.error,
      available_at: fields.availableAt,
      lease_owner: null,
      lease_expires_at: null,
      updated_at: fields.now,
    });
  }

  /**
   * Marks a job failed, inside the transaction that refunds it. `cond` is either the
   * worker's lease or, for a job whose worker died, the generation seen with an expired lease.
   */
  async fail(
    tx: DbOrTx,
    id: string,
    cond: { lease: Lease } | { attempts: number; now: string },
    fields: { status: string; error: string; errorCode?: string | null; now: string },
  ): Promise<JobRow | null> {
    let q = tx
      .updateTable('jobs')
      .set({
        state: 'failed',
        status: fields.status,
        error: fields.error,
        error_code: fields.errorCode ?? null,
        lease_owner: null,
        lease_expires_at: null,
        completed_at: fields.now,
        updated_at: fields.now,
      })
      .where('id', '=', id)
      .where('state', '=', 'running');
    q = 'lease' in cond
      ? q.where('lease_owner', '=', cond.lease.owner).where('attempts', '=', cond.lease.attempts)
      : q.where('attempts', '=', cond.attempts).where('lease_expires_at', '<', cond.now);
    const out = await q.returningAll().executeTakeFirst();
    return out ? normalize(out) : null;
  }

  async setRefund(tx: DbOrTx, id: string, refundTxId: number): Promise<void> {
    await tx.updateTable('jobs').set({ refund_tx_id: refundTxId }).where('id', '=', id).execute();
  }

  private async leased(id: string, lease: Lease, set: Partial<Record<keyof JobsTable, unknown>>, db: DbOrTx = this.db): Promise<boolean> {
    const res = await db
      .updateTable('jobs')
      .set(set as never)
      .where('id', '=', id)
      .where('state', '=', 'running')
      .where('lease_owner', '=', lease.owner)
      .where('attempts', '=', lease.attempts)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) === 1;
  }
}

function normalize(row: JobRow): JobRow {
  return {
    ...row,
    attempts: Number(row.attempts),
    cost: Number(row.cost),
    max_attempts: Number(row.max_attempts),
    charge_tx_id: row.charge_tx_id === null ? null : Number(row.charge_tx_id),
    refund_tx_id: row.refund_tx_id === null ? null : Number(row.refund_tx_id),
    state: row.state as JobState,
  };
}

export function isDue(row: JobRow, now: Date): boolean {
  if (row.state === 'queued') return new Date(iso(row.available_at)).getTime() <= now.getTime();
  if (row.state === 'running') return row.lease_expires_at !== null && new Date(iso(row.lease_expires_at)).getTime() < now.getTime();
  return false;
}
