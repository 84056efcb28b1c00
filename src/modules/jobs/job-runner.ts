import { randomUUID } from 'node:crypto';
import os from 'node:os';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { Queue, QueueLogger } from '../../platform/queue/queue.js';
import { canMove, JobFailure, JobRetry, type AnyJobHandler, type AnyJobKind, type JobContext, type JobRegistry } from '../../platform/queue/registry.js';
import type { WalletService } from '../wallet/wallet.service.js';
import type { JobMetrics } from './jobs.metrics.js';
import { isDue, type JobRow, type JobsRepo, type Lease } from './jobs.repo.js';

export interface RunnerOptions {
  concurrency: number;
  leaseMs: number;
  /** first retry delay; doubles per attempt, capped at a minute (a kind may have its own schedule) */
  retryBaseMs: number;
}

/**
 * Told, inside the transaction that finishes a job (completed or failed), about the
 * finished row: `jobs` domain events are recorded with the outcome, atomically.
 */
export type JobFinishedHook = (tx: DbOrTx, row: JobRow, kind: AnyJobKind) => Promise<void>;

class ShuttingDown extends Error {
  constructor() {
    super('worker is shutting down');
    this.name = 'ShuttingDown';
  }
}

class LeaseLost extends Error {
  constructor(id: string) {
    super(`lost the lease on job ${id}`);
    this.name = 'LeaseLost';
  }
}

/**
 * Runs jobs delivered by the queue: claims the row (the only way to run it), keeps the
 * lease alive while the handler works, and records the outcome. A handler error is retried
 * until the attempts are spent; a JobFailure, or the last attempt, fails the job and
 * refunds its charge in the same transaction, exactly once. A job whose worker died is
 * delivered again when its lease expires, or failed and refunded when it had its last try.
 */
export class JobRunner {
  /** identifies this worker in lease_owner */
  readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly active = new Map<string, AbortController>();
  private started = false;

  constructor(
    private readonly deps: {
      db: Db;
      repo: JobsRepo;
      wallet: WalletService;
      registry: JobRegistry;
      queue: Queue;
      logger: QueueLogger & { info(obj: object, msg: string): void };
      metrics?: JobMetrics;
    },
    private readonly opts: RunnerOptions,
    private readonly onFinished: JobFinishedHook | null = null,
  ) {}

  get running(): boolean {
    return this.started;
  }

  /** Job ids this worker is running now. */
  activeJobs(): string[] {
    return [...this.active.keys()];
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    await this.deps.queue.consume((id) => this.run(id), { concurrency: this.opts.concurrency, types: this.deps.registry.types() });
  }

  /**
   * Graceful stop: take no more jobs, let running ones finish within the timeout, then
   * abort the rest; their rows keep the lease and are delivered again once it expires.
   */
  async stop(timeoutMs: number): Promise<boolean> {
    if (!this.started) return true;
    this.started = false;
    const finished = await this.deps.queue.stop(timeoutMs);
    for (const c of this.active.values()) c.abort(new ShuttingDown());
    return finished;
  }

  /** One delivery of one job id; safe to call for any id, any number of times. */
  async run(id: string): Promise<void> {
    const { repo, registry } = this.deps;
    const row = await repo.byId(id);
    if (!row) return;
    const kind = registry.kind(row.type);
    const handler = registry.handler(row.type);
    if (!kind || !handler) {
      this.deps.logger.error({ job_id: id, type: row.type }, 'no handler for job type; left for a worker that has one');
      return;
    }
    const now = new Date();
    // Finished, or held by a live worker: a duplicate delivery, nothing to do.
    if (!isDue(row, now)) return;
    if (row.state === 'running' && row.attempts >= row.max_attempts) {
      await this.fail(kind, row, { attempts: row.attempts, now: now.toISOString() }, interruptedMessage(row.attempts), { seconds: null, reason: 'worker lost' });
      return;
    }
    const status = row.status === kind.statuses.created && kind.statuses.started ? kind.statuses.started : row.status;
    const claimed = await repo.claim(row, { owner: this.owner, expiresAt: new Date(now.getTime() + this.opts.leaseMs).toISOString(), now: now.toISOString(), status });
    if (!claimed) return;
    this.deps.logger.info(logFields(claimed), 'job started');
    this.deps.metrics?.started(claimed.type);
    await this.execute(kind, handler, claimed);
  }

  private async execute(kind: AnyJobKind, handler: AnyJobHandler, row: JobRow): Promise<void> {
    const { repo } = this.deps;
    const t0 = performance.now();
    const lease: Lease = { owner: this.owner, attempts: row.attempts };
    const abort = new AbortController();
    this.active.set(row.id, abort);
    let status = row.status;
    // Renew the lease at a third of its length; losing it aborts the handler.
    const heartbeat = setInterval(() => {
      const now = Date.now();
      repo.extendLease(row.id, lease, new Date(now + this.opts.leaseMs).toISOString(), new Date(now).toISOString()).then(
        (held) => {
          if (!held) abort.abort(new LeaseLost(row.id));
        },
        (err: unknown) => this.deps.logger.warn({ err, job_id: row.id }, 'renewing a job lease failed'),
      );
    }, Math.max(50, Math.floor(this.opts.leaseMs / 3)));
    heartbeat.unref();

    const ctx: JobContext<unknown> = {
      id: row.id,
      type: row.type,
      accountId: row.account_id,
      storeId: row.store_id,
      payload: JSON.parse(row.payload) as unknown,
      attempt: row.attempts,
      maxAttempts: row.max_attempts,
      progress: row.progress === null ? null : (JSON.parse(row.progress) as unknown),
      get status() {
        return status;
      },
      signal: abort.signal,
      setStatus: async (next: string) => {
        if (next === status) return;
        if (next === kind.statuses.completed || next === kind.statuses.failed || !canMove(kind.statuses, status, next)) {
          throw new JobFailure(`Internal error: job status cannot move from ${status} to ${next}`);
        }
        if (!(await repo.setStatus(row.id, lease, next, new Date().toISOString()))) throw new LeaseLost(row.id);
        status = next;
      },
      saveProgress: async (progress: unknown) => {
        if (!(await repo.saveProgress(row.id, lease, JSON.stringify(progress ?? null), new Date().toISOString()))) throw new LeaseLost(row.id);
      },
    };

    try {
      let result: unknown;
      try {
        result = await handler(ctx);
      } finally {
        clearInterval(heartbeat);
      }
      // A handler that returns after losing its lease must not overwrite the new owner's work.
      if (abort.signal.aborted && abort.signal.reason instanceof LeaseLost) throw abort.signal.reason;
      const now = new Date().toISOString();
      const done = await this.deps.db.transaction().execute(async (tx) => {
        const finished = await repo.complete(row.id, lease, { status: kind.statuses.completed, result: JSON.stringify(result ?? null), now }, tx);
        if (finished && this.onFinished) await this.onFinished(tx, finished, kind);
        return finished !== null;
      });
      if (!done) {
        this.deps.logger.warn(logFields(row), 'job finished after losing its lease; result discarded');
      } else {
        const ms = performance.now() - t0;
        this.deps.logger.info({ ...logFields(row), status: kind.statuses.completed, duration_ms: Math.round(ms) }, 'job finished');
        this.deps.metrics?.finished(row.type, 'succeeded', ms / 1000);
      }
    } catch (err) {
      await this.onError(kind, row, lease, err, t0);
    } finally {
      this.active.delete(row.id);
    }
  }

  private async onError(kind: AnyJobKind, row: JobRow, lease: Lease, err: unknown, t0: number): Promise<void> {
    if (err instanceof LeaseLost || err instanceof ShuttingDown) {
      // Someone else owns the job now, or we are stopping: leave the row to its lease.
      this.deps.logger.warn({ ...logFields(row), reason: (err as Error).message }, 'job abandoned; its lease decides what happens next');
      return;
    }
    const now = new Date();
    const seconds = (performance.now() - t0) / 1000;
    if (err instanceof JobFailure) {
      // The message is the client's; details (a tool's stderr) go to the log only.
      await this.fail(kind, row, { lease }, err.message, { seconds, reason: err.message, ...(err.details ? { details: err.details } : {}) });
      return;
    }
    if (row.attempts < row.max_attempts) {
      const delay = kind.retryDelayMs ? kind.retryDelayMs(row.attempts) : Math.min(this.opts.retryBaseMs * 2 ** (row.attempts - 1), 60_000);
      // One line per retry: an expected one (JobRetry) at info without a stack, anything else at error.
      const fields = { ...logFields(row), retry_in_ms: delay, duration_ms: Math.round(seconds * 1000) };
      if (err instanceof JobRetry) this.deps.logger.info({ ...fields, reason: err.message }, 'job attempt failed');
      else this.deps.logger.error({ ...fields, err }, 'job handler failed');
      this.deps.metrics?.finished(row.type, 'retried', seconds);
      const requeued = await this.deps.repo.requeue(row.id, lease, {
        error: `Attempt ${row.attempts} failed; retrying`,
        availableAt: new Date(now.getTime() + delay).toISOString(),
        now: now.toISOString(),
      });
      if (requeued) await this.deps.queue.notify({ id: row.id, type: row.type, attempt: row.attempts }, { delayMs: delay });
      return;
    }
    await this.fail(kind, row, { lease }, `Processing failed after ${row.attempts} attempt${row.attempts === 1 ? '' : 's'}`, {
      seconds,
      reason: err instanceof Error ? err.message : String(err),
      err,
    });
  }

  /** Fails the job and refunds its charge in one transaction; the refund happens at most once. */
  private async fail(
    kind: AnyJobKind,
    row: JobRow,
    cond: { lease: Lease } | { attempts: number; now: string },
    message: string,
    cause: { seconds: number | null; reason: string; err?: unknown; details?: Record<string, unknown> },
  ): Promise<void> {
    const { db, repo, wallet, logger, metrics } = this.deps;
    const out = await db.transaction().execute(async (tx) => {
      const now = new Date().toISOString();
      const code = cause.details?.code;
      const failed = await repo.fail(tx, row.id, cond, { status: kind.statuses.failed, error: message, errorCode: typeof code === 'string' ? code : null, now });
      if (!failed) return null;
      let refund: { txId: number; id: string; amount: number } | null = null;
      if (kind.refundOnFailure && failed.charge_tx_id !== null) {
        refund = await wallet.refundIn(tx, failed.charge_tx_id, { reference: `${row.type}:${row.id}` });
        if (refund) await repo.setRefund(tx, row.id, refund.txId);
      }
      if (this.onFinished) await this.onFinished(tx, { ...failed, refund_tx_id: refund?.txId ?? failed.refund_tx_id }, kind);
      return { refund };
    });
    // Logged and counted once the outcome is committed (a lost race logs nothing).
    if (!out) return;
    const fields = { ...logFields(row), status: kind.statuses.failed, error: message, reason: cause.reason, ...(cause.details ? { details: cause.details } : {}), ...(cause.seconds !== null ? { duration_ms: Math.round(cause.seconds * 1000) } : {}) };
    // A JobFailure is the job's own verdict (bad input); anything else is unexpected.
    if (cause.err !== undefined) logger.error({ ...fields, err: cause.err }, 'job failed');
    else logger.warn(fields, 'job failed');
    metrics?.finished(row.type, 'failed', cause.seconds);
    if (out.refund) {
      logger.info({ ...logFields(row), tokens: out.refund.amount, wallet_transaction_id: out.refund.id, charge_tx_id: row.charge_tx_id }, 'job refunded');
      metrics?.refunded(row.type);
    }
  }
}

/** What every job log line carries: which job, of which kind, whose. */
function logFields(row: JobRow) {
  return { job_id: row.id, kind: row.type, account_id: row.account_id, store_id: row.store_id, attempt: row.attempts };
}

function interruptedMessage(attempts: number): string {
  return `Processing was interrupted ${attempts} time${attempts === 1 ? '' : 's'}; the job has been given up`;
}
