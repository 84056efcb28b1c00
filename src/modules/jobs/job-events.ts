import type { DbOrTx } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { AnyJobKind, JobKind } from '../../platform/queue/registry.js';
import type { JobFinishedHook } from './job-runner.js';
import type { JobRow } from './jobs.repo.js';
import { toJob, type Job } from './jobs.service.js';

/**
 * How a kind's job looks on its read endpoint (bg-remove, AI fix, studio each have their own).
 * `tx` is the transaction that finishes the job, for views that read related rows.
 */
export type JobView = (job: Job, tx: DbOrTx) => unknown;

/**
 * A kind's view from a function of that kind's typed job: JobEvents calls a view only for
 * jobs of the kind it is registered under, so their payload and result are the kind's.
 */
export function viewOf<P, R>(_kind: JobKind<P, R>, view: (job: Job<P, R>, tx: DbOrTx) => unknown): JobView {
  return (job, tx) => view(job as Job<P, R>, tx);
}

/** A kind with no view of its own yet: the engine's row, snake_case, without the payload. */
export function genericJobView(job: Job): Record<string, unknown> {
  return {
    job_id: job.id,
    type: job.type,
    status: job.status,
    state: job.state,
    result: job.result,
    error: job.error,
    attempts: job.attempts,
    tokens_charged: job.cost,
    wallet_transaction_id: job.chargeTxId,
    refund_transaction_id: job.refundTxId,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    started_at: job.startedAt,
    completed_at: job.completedAt,
  };
}

/**
 * `jobs` domain events (`completed`, `failed`) for every job kind but the internal ones,
 * recorded in the transaction that finishes the job, carrying the job as its read
 * endpoint returns it.
 */
export class JobEvents {
  private readonly views = new Map<string, JobView>();

  constructor(private readonly events: EventBus) {}

  /** A kind's public view; the composition root registers each module's `views`. */
  setView(type: string, view: JobView): void {
    this.views.set(type, view);
  }

  async view(job: Job, tx: DbOrTx): Promise<unknown> {
    return (this.views.get(job.type) ?? genericJobView)(job, tx);
  }

  readonly onFinished: JobFinishedHook = async (tx: DbOrTx, row: JobRow, kind: AnyJobKind) => {
    if (kind.internal) return;
    const job = toJob(row);
    await this.events.publish(
      { accountId: row.account_id, storeId: row.store_id, topic: 'jobs', event: row.state === 'completed' ? 'completed' : 'failed', data: await this.view(job, tx) },
      tx,
    );
  };
}
