import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { newId } from '../../platform/crypto/ids.js';
import type { Db } from '../../platform/db/index.js';
import { nowIso } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Idempotency, IdempotencyRequest, StoredResponse } from '../../modules/wallet/idempotency.js';
import type { LedgerEntry, WalletService } from '../../modules/wallet/wallet.service.js';
import type { StudioRepo } from './studio.repo.js';

export interface OperationOutcome {
  status: number;
  body: Record<string, unknown>;
  /** tokens to give back for items that failed (0: none) */
  refund: number;
}

/**
 * Charged synchronous studio calls (face crop, QR). The charge, the idempotency key and a
 * `studio_operations` row are written in one transaction before the engine runs; the row is
 * settled with any partial refund (failed items) in one transaction afterwards. An engine
 * error refunds the whole charge. A process that dies in between leaves the row `running`:
 * once its deadline passes, `sweep` (on worker start and every minute) refunds it; on the
 * embedded stack (one process) a restart refunds it at once.
 */
export class StudioOperations {
  private timer: NodeJS.Timeout | null = null;
  /** this process, on the rows it runs */
  readonly owner = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;

  constructor(
    private readonly db: Db,
    private readonly repo: StudioRepo,
    private readonly wallet: WalletService,
    private readonly idempotency: Idempotency,
    private readonly opts: { deadlineMs: number; onError: (err: unknown) => void },
  ) {}

  async run(
    input: { accountId: string; kind: string; cost: number; idempotency: IdempotencyRequest | null },
    work: (charge: LedgerEntry, operationId: string) => Promise<OperationOutcome>,
  ): Promise<{ response: StoredResponse; replayed: boolean }> {
    const id = newId();
    const idem = input.idempotency;
    const started = await this.db.transaction().execute(async (tx): Promise<{ stored: StoredResponse } | { charge: LedgerEntry }> => {
      if (idem) {
        const stored = await this.idempotency.claim(tx, idem);
        if (stored) return { stored };
      }
      const charge = await this.wallet.chargeIn(tx, { accountId: input.accountId, cost: input.cost, reference: `studio.${input.kind}:${id}` });
      const now = new Date();
      await this.repo.insertOperation(tx, {
        id,
        account_id: input.accountId,
        kind: input.kind,
        owner: this.owner,
        cost: input.cost,
        charge_tx_id: charge.txId,
        deadline_at: new Date(now.getTime() + this.opts.deadlineMs).toISOString(),
        now: now.toISOString(),
      });
      return { charge };
    });
    if ('stored' in started) return { response: started.stored, replayed: true };
    const { charge } = started;

    let outcome: OperationOutcome;
    try {
      outcome = await work(charge, id);
    } catch (err) {
      await this.db.transaction().execute(async (tx) => {
        const refund = await this.wallet.refundIn(tx, charge.txId, { reference: `studio.${input.kind}:${id}` });
        await this.repo.settleOperation(tx, id, 'failed', refund?.txId ?? null, nowIso());
      });
      if (idem) await this.idempotency.release(idem);
      throw err;
    }

    const refundAmount = Math.min(outcome.refund, input.cost);
    const response = await this.db.transaction().execute(async (tx) => {
      const refund = refundAmount > 0 ? await this.wallet.refundIn(tx, charge.txId, { amount: refundAmount, reference: `studio.${input.kind}:${id}` }) : null;
      const settled = await this.repo.settleOperation(tx, id, 'done', refund?.txId ?? null, nowIso());
      // Past its deadline the sweeper refunded the whole call: this answer must not stand.
      if (!settled) throw new AppError('unavailable', 'The request took too long and was not completed; its tokens were refunded');
      const body = { ...outcome.body, tokens_refunded: refund ? refund.amount : 0, refund_transaction_id: refund ? refund.id : null };
      const stored: StoredResponse = { status: outcome.status, body };
      if (idem) await this.idempotency.complete(tx, idem, stored);
      return stored;
    }).catch(async (err: unknown) => {
      if (idem) await this.idempotency.release(idem).catch(() => undefined);
      throw err;
    });
    return { response, replayed: false };
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
            const refund = await this.wallet.refundIn(tx, op.charge_tx_id, { reference: `studio.sweep:${op.id}` });
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
    this.timer = setInterval(tick, opts.everyMs ?? 60_000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }
}

class AlreadySettled extends Error {}
