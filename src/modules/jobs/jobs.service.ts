import { isUuid, newId } from '../../platform/crypto/ids.js';
import type { Actor } from '../../platform/http/auth.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { iso, nowIso } from '../../platform/db/index.js';
import type { JobState } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/errors.js';
import { sleep, type JobRef, type Queue } from '../../platform/queue/queue.js';
import type { JobKind, JobRegistry } from '../../platform/queue/registry.js';
import type { Idempotency, IdempotencyRequest, StoredResponse } from '../wallet/idempotency.js';
import { formatTxId, type LedgerEntry, type WalletService } from '../wallet/wallet.service.js';
import type { JobRow, JobsRepo } from './jobs.repo.js';

/** A job as services see it. `status` is the kind's own vocabulary; `state` the engine's. */
export interface Job<P = unknown, R = unknown> {
  id: string;
  type: string;
  accountId: string;
  storeId: string | null;
  state: JobState;
  status: string;
  attempts: number;
  maxAttempts: number;
  payload: P;
  progress: unknown;
  result: R | null;
  error: string | null;
  /** the failure's code (a JobFailure's `code`), null when it gave none */
  errorCode: string | null;
  cost: number;
  /** the charge, `TX-…`, when the job was paid for */
  chargeTxId: string | null;
  refundTxId: string | null;
  createdAt: string;
  updatedAt: string;
  startedAt: string | null;
  completedAt: string | null;
}

export function toJob<P, R>(row: JobRow): Job<P, R> {
  return {
    id: row.id,
    type: row.type,
    accountId: row.account_id,
    storeId: row.store_id,
    state: row.state,
    status: row.status,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    payload: JSON.parse(row.payload) as P,
    progress: row.progress === null ? null : (JSON.parse(row.progress) as unknown),
    result: row.result === null ? null : (JSON.parse(row.result) as R),
    error: row.error,
    errorCode: row.error_code ?? null,
    cost: row.cost,
    chargeTxId: row.charge_tx_id === null ? null : formatTxId(row.charge_tx_id),
    refundTxId: row.refund_tx_id === null ? null : formatTxId(row.refund_tx_id),
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
    startedAt: iso(row.started_at),
    completedAt: iso(row.completed_at),
  };
}

/** `tokens_deducted` and `wallet_transaction_id`, which every charged response carries. */
export function chargedFields(charge: LedgerEntry | null): { tokens_deducted: number; wallet_transaction_id: string | null } {
  return { tokens_deducted: charge ? -charge.amount : 0, wallet_transaction_id: charge ? charge.id : null };
}

export interface CreateJobInput<P, R> {
  accountId: string;
  storeId?: string | null;
  payload: P;
  /** tokens to charge at creation; 0 for a free job */
  cost: number;
  /** the request's Idempotency-Key (Idempotency.of(req)) */
  idempotency?: IdempotencyRequest | null;
  /** the HTTP answer, computed inside the transaction so a retry can replay it */
  respond?: (job: Job<P, R>, charge: LedgerEntry | null) => StoredResponse;
}

export type CreateJobResult<P, R> =
  | { replayed: false; job: Job<P, R>; charge: LedgerEntry | null; response: StoredResponse | null }
  | { replayed: true; response: StoredResponse };

export class JobsService {
  constructor(
    private readonly db: Db,
    private readonly repo: JobsRepo,
    private readonly wallet: WalletService,
    private readonly idempotency: Idempotency,
    private readonly queue: Queue,
    private readonly registry: JobRegistry,
    private readonly opts: { maxAttempts: number },
  ) {}

  /**
   * Creates a job: the idempotency key, the charge and the job row in one transaction
   * (402 and nothing written when the wallet is short), then announces the id.
   */
  async create<P, R>(kind: JobKind<P, R>, input: CreateJobInput<P, R>): Promise<CreateJobResult<P, R>> {
    if (this.registry.kind(kind.type) !== kind) throw new Error(`job type ${kind.type} is not declared in the registry`);
    const idem = input.idempotency ?? null;
    if (idem && !input.respond) throw new Error('an idempotent job creation needs `respond`');
    if (!Number.isSafeInteger(input.cost) || input.cost < 0) throw new Error(`job cost must be a non-negative integer (got ${input.cost})`);
    const id = newId();
    type Out = { replay: StoredResponse } | { job: Job<P, R>; charge: LedgerEntry | null; response: StoredResponse | null };
    const out = await this.db.transaction().execute(async (tx): Promise<Out> => {
      if (idem) {
        const stored = await this.idempotency.claim(tx, idem);
        if (stored) return { replay: stored };
      }
      const charge = input.cost > 0 ? await this.wallet.chargeIn(tx, { accountId: input.accountId, cost: input.cost, reference: `${kind.type}:${id}` }) : null;
      const job = await this.insert(tx, kind, id, input, charge);
      const response = input.respond ? input.respond(job, charge) : null;
      if (idem && response) await this.idempotency.complete(tx, idem, response);
      return { job, charge, response };
    });
    if ('replay' in out) return { replayed: true, response: out.replay };
    await this.queue.notify({ id, type: kind.type, attempt: 0 });
    return { replayed: false, ...out };
  }

  /**
   * A free job with no idempotency key (PDF, mockups, merge, imposition, gang sheets, the
   * studio's reference batches): written, announced to the workers, and returned for the
   * caller's view of it. Paid work goes through `create` with its cost and key.
   */
  async createFree<P, R>(kind: JobKind<P, R>, input: { accountId: string; storeId?: string | null; payload: P }): Promise<Job<P, R>> {
    const out = await this.create(kind, { ...input, cost: 0 });
    if (out.replayed) throw new Error(`a free ${kind.type} job has no idempotency key and cannot replay`);
    return out.job;
  }

  /**
   * A free job written inside the caller's transaction (an outbox: the job exists exactly
   * when the caller's change commits). Announce it with `announceWhenVisible` afterwards,
   * or leave it to the queue's sweep.
   */
  async createIn<P, R>(tx: DbOrTx, kind: JobKind<P, R>, input: { accountId: string; storeId?: string | null; payload: P }): Promise<Job<P, R>> {
    if (this.registry.kind(kind.type) !== kind) throw new Error(`job type ${kind.type} is not declared in the registry`);
    return this.insert(tx, kind, newId(), { ...input, cost: 0 }, null);
  }

  /** The job row in its kind's first status, paid for by `charge` (null: free). */
  private async insert<P, R>(tx: DbOrTx, kind: JobKind<P, R>, id: string, input: { accountId: string; storeId?: string | null; payload: P; cost: number }, charge: LedgerEntry | null): Promise<Job<P, R>> {
    const row = await this.repo.insert(tx, {
      id,
      type: kind.type,
      account_id: input.accountId,
      store_id: input.storeId ?? null,
      status: kind.statuses.created,
      max_attempts: kind.maxAttempts ?? this.opts.maxAttempts,
      payload: JSON.stringify(input.payload),
      cost: input.cost,
      charge_tx_id: charge?.txId ?? null,
      now: nowIso(),
    });
    return toJob<P, R>(row);
  }

  /**
   * Announces a job written in a transaction someone else commits, once its row is visible
   * (never awaited inside that transaction: on SQLite the read waits for the commit). A
   * rolled-back job never shows up and is never announced; a missed announcement costs one
   * sweep interval.
   */
  /** Announces a job whose transaction the caller has seen commit (no need to wait for its row). */
  announceCommitted(ref: JobRef): void {
    void this.queue.notify(ref).catch(() => undefined);
  }

  announceWhenVisible(ref: JobRef): void {
    void (async () => {
      for (const wait of [0, 1, 2, 5, 10, 20, 50, 100, 200, 500]) {
        if (wait > 0) await sleep(wait);
        if (await this.repo.byId(ref.id)) {
          await this.queue.notify(ref);
          return;
        }
      }
    })().catch(() => undefined);
  }

  /**
   * Gives back `amount` tokens of a paid job whose items partly failed, once: the refund
   * references the job's charge, and a charge has at most one refund, so a re-run after a
   * crash finds the earlier refund and reports it instead of paying twice.
   */
  async refundPart(jobId: string, amount: number, reference: string): Promise<{ amount: number; id: string | null }> {
    if (amount <= 0) return { amount: 0, id: null };
    const row = await this.repo.byId(jobId);
    if (!row || row.charge_tx_id === null) return { amount: 0, id: null };
    const chargeId = row.charge_tx_id;
    const entry = await this.db.transaction().execute(async (tx) => {
      const refund = await this.wallet.refundIn(tx, chargeId, { amount, reference });
      if (refund) await this.repo.setRefund(tx, jobId, refund.txId);
      return refund;
    });
    const made = entry ?? (await this.wallet.refundOf(chargeId));
    return made ? { amount: made.amount, id: made.id } : { amount: 0, id: null };
  }

  /** A job of this kind owned by the account; 404 otherwise (never another tenant's). */
  async get<P, R>(kind: JobKind<P, R>, accountId: string, id: string): Promise<Job<P, R>> {
    const row = await this.repo.owned(accountId, id, kind.type);
    if (!row) throw AppError.notFound('Job');
    return toJob<P, R>(row);
  }

  /**
   * A job the caller may see: a store credential sees its store's jobs, an account JWT its
   * account's; internal kinds (webhook deliveries) are nobody's to read. Null otherwise.
   */
  async visibleTo(actor: Actor, id: string): Promise<Job | null> {
    const row = isUuid(id) ? await this.repo.byId(id) : null;
    if (!row) return null;
    const mine = actor.storeId ? row.store_id === actor.storeId : row.account_id === actor.userId;
    if (!mine || this.registry.kind(row.type)?.internal) return null;
    return toJob(row);
  }

  /** Any job by id, for operators and tests. */
  async byId(id: string): Promise<Job | null> {
    const row = await this.repo.byId(id);
    return row ? toJob(row) : null;
  }
}
