import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { newId } from '../../platform/crypto/ids.js';
import type { Db } from '../../platform/db/index.js';
import { nowIso } from '../../platform/db/index.js';
import { isDatabaseUnavailable } from '../../platform/db/errors.js';
import { withDbPriority } from '../../platform/db/pool-gate.js';
import { AppError } from '../../platform/http/errors.js';
import type { Idempotency, IdempotencyRequest, StoredResponse } from './idempotency.js';
import type { OperationsRepo } from './operations.repo.js';
import type { LedgerEntry, WalletService } from './wallet.service.js';

export interface OperationOutcome {
  status: number;
  body: Record<string, unknown>;
  /** tokens to give back for items that failed (0: none) */
  refund: number;
}

/** A charged synchronous call: who pays, what for, and its Idempotency-Key. */
export interface PaidCall {
  accountId: string;
  /**
   * `<service>.<operation>`, e.g. `studio.face-crop`: the charge's reference is
   * `<kind>:<operation id>` (wallet metrics count by it) and the operation row keeps it.
   */
  kind: string;
  /** integer tokens, > 0 */
  cost: number;
  idempotency: IdempotencyRequest | null;
}

/**
 * The paid-operation lifecycle of calls that answer synchronously (studio face crop and QR;
 * any service whose work fits in a request). Asynchronous paid work is a job instead:
 * `JobsService.create` charges with the job row, `JobRunner` refunds a failed job once, and
 * `JobsService.refundPart` gives back failed items; both take the wallet's `chargeIn` /
 * `refundIn` and the same Idempotency-Key handling.
 *
 * The charge, the idempotency key and an operation row (table `studio_operations`, named
 * after its first user) are written in one transaction before the engine runs; the row is
 * settled with any partial refund (failed items) in one transaction afterwards. An engine
 * error refunds the whole charge. After the charge everything runs in the pool's priority
 * lane, and a settle that cannot be written refunds the call before the error is answered,
 * so a 503 never leaves money taken. The running process renews the row's lease
 * (FOLIO_OPERATION_LEASE_MS); a process that dies leaves it `running`: once the lease lapses,
 * `sweep` (in worker processes, every half lease) refunds it; on the embedded stack (one
 * process) a restart refunds it at once.
 */
export class PaidOperations {
  private timer: NodeJS.Timeout | null = null;
  private renewal: NodeJS.Timeout | null = null;
  /** charged calls this process is running now */
  private running = 0;
  /** this process, on the rows it runs */
  readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly repo: OperationsRepo,
    private readonly wallet: WalletService,
    private readonly idempotency: Idempotency,
    private readonly opts: { leaseMs: number; onError: (err: unknown) => void },
  ) {}

  async run(
    input: PaidCall,
    work: (charge: LedgerEntry, operationId: string) => Promise<OperationOutcome>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    const id = newId();
    const idem = input.idempotency;
    // Admission: under overload this is what waits (bounded) and is refused with nothing taken.
    const started = await this.db.transaction().execute(async (tx): Promise<{ stored: StoredResponse } | { charge: LedgerEntry }> => {
      if (idem) {
        const stored = await this.idempotency.claim(tx, idem);
        if (stored) return { stored };
      }
      const charge = await this.wallet.chargeIn(tx, { accountId: input.accountId, cost: input.cost, reference: `${input.kind}:${id}` });
      const now = new Date();
      await this.repo.insertOperation(tx, {
        id,
        account_id: input.accountId,
        kind: input.kind,
        owner: this.owner,
        cost: input.cost,
        charge_tx_id: charge.txId,
        deadline_at: new Date(now.getTime() + this.opts.leaseMs).toISOString(),
        now: now.toISOString(),
      });
      return { charge };
    });
    if ('stored' in started) return { response: started.stored, replayed: true };
    const { charge } = started;

    // Charged: from here on every connection is taken ahead of new requests, and the lease is
    // renewed, so the call finishes, or is refunded before it is answered.
    this.running++;
    this.renewing();
    try {
      return await withDbPriority(() => this.finish(input, id, charge, work));
    } finally {
      this.running--;
    }
  }

  private async finish(
    input: PaidCall,
    id: string,
    charge: LedgerEntry,
    work: (charge: LedgerEntry, operationId: string) => Promise<OperationOutcome>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    const idem = input.idempotency;
    let outcome: OperationOutcome;
    try {
      outcome = await work(charge, id);
    } catch (err) {
      await this.refundWhole(input.kind, id, charge, idem);
      throw err;
    }

    const refundAmount = Math.min(outcome.refund, input.cost);
    let response: StoredResponse;
    try {
      response = await retryUnavailable(() =>
        this.db.transaction().execute(async (tx) => {
          const refund = refundAmount > 0 ? await this.wallet.refundIn(tx, charge.txId, { amount: refundAmount, reference: `${input.kind}:${id}` }) : null;
          const settled = await this.repo.settleOperation(tx, id, 'done', refund?.txId ?? null, nowIso());
          // Its lease lapsed and the sweeper refunded the whole call: this answer must not stand.
          if (!settled) throw new AppError('unavailable', 'The request took too long and was not completed; its tokens were refunded', { headers: { 'retry-after': '5' } });
          const body = { ...outcome.body, tokens_refunded: refund ? refund.amount : 0, refund_transaction_id: refund ? refund.id : null };
          const stored: StoredResponse = { status: outcome.status, body };
          if (idem) await this.idempotency.complete(tx, idem, stored);
          return stored;
        }),
      );
    } catch (err) {
      // Not settled (the database would not take the write): the work is lost, not paid for.
      if (err instanceof AppError) {
        if (idem) await retryUnavailable(() => this.idempotency.release(idem)).catch(() => undefined);
        throw err;
      }
      await this.refundWhole(input.kind, id, charge, idem);
      throw err;
    }
    return { response, replayed: false };
  }

  /**
   * Gives the whole charge back and settles the call failed, before the error is answered.
   * When even that cannot be written (the database is down, not just busy), the answer says
   * the refund is pending instead of inviting a retry: the sweeper refunds the call once its
   * lease lapses (FOLIO_OPERATION_LEASE_MS), and a retry in the meantime would pay twice.
   */
  private async refundWhole(kind: string, id: string, charge: LedgerEntry, idem: IdempotencyRequest | null): Promise<void> {
    try {
      await retryUnavailable(() =>
        this.db.transaction().execute(async (tx) => {
          const refund = await this.wallet.refundIn(tx, charge.txId, { reference: `${kind}:${id}` });
          await this.repo.settleOperation(tx, id, 'failed', refund?.txId ?? null, nowIso());
        }),
      );
    } catch (err) {
      this.opts.onError(err);
      throw new AppError('unavailable', `The request could not be completed; its ${-charge.amount} tokens will be refunded automatically within ${Math.ceil((2 * this.opts.leaseMs) / 1000)} s`, {
        details: { refund_pending: true, wallet_transaction_id: charge.id },
      });
    }
    if (idem) await retryUnavailable(() => this.idempotency.release(idem)).catch(() => undefined);
  }

  /**
   * While this process runs charged calls, it pushes their deadlines out every third of the
   * lease (one statement for all of them); a process that dies stops, and the sweeper refunds
   * its calls once the lease lapses.
   */
  private renewing(): void {
    if (this.renewal) return;
    const every = Math.max(250, Math.floor(this.opts.leaseMs / 3));
    this.renewal = setInterval(() => {
      if (this.running === 0) {
        clearInterval(this.renewal!);
        this.renewal = null;
        return;
      }
      const deadline = new Date(Date.now() + this.opts.leaseMs).toISOString();
      void withDbPriority(() => this.repo.renewOperations(this.owner, deadline, nowIso())).catch(this.opts.onError);
    }, every);
    this.renewal.unref();
  }

  /**
   * Refunds calls whose process died: still running past their deadline, and with `orphans`
   * also every running call of another process (only sound when this is the only process
   * serving the database: the embedded SQLite stack at start). Returns how many.
   */
  async sweep(opts: { orphans?: boolean } = {}): Promise<number> {
    let count = 0;
    for (;;) {
      const due = await this.repo.overdueOperations(nowIso(), 100, opts.orphans ? this.owner : undefined);
      if (due.length === 0) return count;
      for (const op of due) {
        // Refund first (it locks the charge), then settle only if still running; else roll back.
        const settled = await this.db
          .transaction()
          .execute(async (tx) => {
            const refund = await this.wallet.refundIn(tx, op.charge_tx_id, { reference: `${serviceOfKind(op.kind)}.sweep:${op.id}` });
            if (!(await this.repo.settleOperation(tx, op.id, 'failed', refund?.txId ?? null, nowIso()))) throw new AlreadySettled();
            return true;
          })
          .catch((err: unknown) => {
            if (err instanceof AlreadySettled) return false;
            throw err;
          });
        if (settled) count++;
      }
      if (due.length < 100) return count;
    }
  }

  start(opts: { orphansAtStart?: boolean; everyMs?: number } = {}): void {
    if (this.timer) return;
    void this.sweep({ orphans: opts.orphansAtStart ?? false }).catch(this.opts.onError);
    const tick = () => void this.sweep().catch(this.opts.onError);
    this.timer = setInterval(tick, opts.everyMs ?? Math.max(1000, Math.floor(this.opts.leaseMs / 2)));
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

/**
 * A write that must land (a settle, a refund) tried again while the database is only busy or
 * briefly unreachable: up to three tries, each bounded by the priority lane's wait.
 */
async function retryUnavailable<T>(write: () => Promise<T>, tries = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (err) {
      if (attempt >= tries || !isDatabaseUnavailable(err)) throw err;
      await new Promise((r) => setTimeout(r, 100 * attempt));
    }
  }
}

class AlreadySettled extends Error {}

/** `studio.face-crop` → `studio`; rows written before kinds carried their service (`face-crop`, `qr`) are the studio's. */
function serviceOfKind(kind: string): string {
  const dot = kind.indexOf('.');
  return dot > 0 ? kind.slice(0, dot) : 'studio';
}
