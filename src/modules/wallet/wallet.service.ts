import type { Db, DbOrTx } from '../../platform/db/index.js';
import { iso, nowIso } from '../../platform/db/index.js';
import type { WalletTxType } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/errors.js';
import { type ListQuery, type ListResult, type PageContext } from '../../platform/http/pagination.js';
import type { Idempotency } from './idempotency.js';
import type { LedgerRow, WalletRepo } from './wallet.repo.js';
import type { WalletMetrics } from './wallet.metrics.js';

/** A ledger entry as the API shows it (decisions.md § Wallet). */
export interface WalletTransaction {
  id: string;
  type: WalletTxType;
  amount: number;
  balance_after: number;
  reference: string | null;
  refund_of: string | null;
  created_at: string;
}

/** A ledger entry for code: the numeric id is what jobs and refunds reference. */
export interface LedgerEntry extends WalletTransaction {
  txId: number;
}

/** `TX-00000123`: the ledger's integer id, zero-padded to eight digits (more when it grows). */
export function formatTxId(id: number): string {
  return `TX-${String(id).padStart(8, '0')}`;
}

export function parseTxId(value: string): number | null {
  const m = /^TX-(\d{8,15})$/.exec(value);
  return m ? Number(m[1]) : null;
}

function toEntry(row: LedgerRow): LedgerEntry {
  return {
    txId: row.id,
    id: formatTxId(row.id),
    type: row.type,
    amount: row.amount,
    balance_after: row.balance_after,
    reference: row.reference,
    refund_of: row.refund_of === null ? null : formatTxId(row.refund_of),
    created_at: iso(row.created_at),
  };
}

export function toTransaction(entry: LedgerEntry): WalletTransaction {
  const { txId: _omit, ...rest } = entry;
  return rest;
}

export interface WalletOptions {
  /** where a client sends the user to buy tokens (the 402 `top_up_url`) */
  topUpUrl: string;
  /** the sign-up grant (FOLIO_SIGNUP_TOKENS) */
  signupTokens: number;
  /**
   * Charges and refunds counted by service. Counted when the ledger row is written, inside
   * the caller's transaction: a transaction that rolls back after it (rare: the job row's
   * insert failing) still counts; the ledger stays the truth.
   */
  metrics?: WalletMetrics;
}

export interface ChargeInput {
  accountId: string;
  /** integer tokens, > 0 */
  cost: number;
  /** what the charge pays for, e.g. `job:<id>` */
  reference: string;
}

/**
 * One wallet per account, integer tokens, an append-only ledger (architecture.md: money is
 * integers). Every balance change is a conditional update plus its ledger row in one
 * transaction; a refund references its charge under a unique constraint, so it happens
 * at most once.
 */
export class WalletService {
  constructor(
    private readonly db: Db,
    private readonly repo: WalletRepo,
    private readonly idempotency: Idempotency,
    private readonly opts: WalletOptions,
  ) {}

  get topUpUrl(): string {
    return this.opts.topUpUrl;
  }

  async balance(accountId: string): Promise<number> {
    return (await this.repo.balance(accountId)) ?? 0;
  }

  async list(accountId: string, query: ListQuery & { type?: WalletTxType }, ctx: PageContext): Promise<ListResult<WalletTransaction>> {
    const page = await this.repo.list(accountId, query.type, query, ctx);
    return { ...page, rows: page.rows.map((r) => toTransaction(toEntry(r))) };
  }

  /** Adds tokens (sign-up grant, `folio wallet credit`, purchases). */
  async credit(accountId: string, amount: number, reference: string | null): Promise<LedgerEntry> {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw AppError.field('tokens', 'must be a positive integer');
    return this.db.transaction().execute(async (tx) => {
      const now = nowIso();
      const balance = await this.repo.add(tx, accountId, amount, now);
      return toEntry(await this.repo.insertEntry(tx, { account_id: accountId, type: 'credit', amount, balance_after: balance, reference, refund_of: null, created_at: now }));
    });
  }

  /** The sign-up grant (identity.onSignup): every new account starts with a wallet. */
  async grantSignup(accountId: string): Promise<void> {
    if (this.opts.signupTokens > 0) {
      await this.credit(accountId, this.opts.signupTokens, 'signup_grant');
    } else {
      await this.repo.add(this.db, accountId, 0, nowIso());
    }
  }

  /**
   * Debits inside the caller's transaction (with the job row or the operation it pays
   * for). Too few tokens → 402 INSUFFICIENT_TOKENS with balance, shortfall, top_up_url.
   */
  async chargeIn(tx: DbOrTx, input: ChargeInput): Promise<LedgerEntry> {
    if (!Number.isSafeInteger(input.cost) || input.cost <= 0) throw new Error(`charge cost must be a positive integer (got ${input.cost})`);
    const now = nowIso();
    const balance = await this.repo.debit(tx, input.accountId, input.cost, now);
    if (balance === null) {
      const current = (await this.repo.balance(input.accountId, tx)) ?? 0;
      throw this.insufficient(current, input.cost);
    }
    const entry = toEntry(
      await this.repo.insertEntry(tx, { account_id: input.accountId, type: 'charge', amount: -input.cost, balance_after: balance, reference: input.reference, refund_of: null, created_at: now }),
    );
    this.opts.metrics?.charged(input.reference, input.cost);
    return entry;
  }

  insufficient(balance: number, cost: number): AppError {
    return new AppError('insufficient_tokens', 'Not enough tokens in the wallet', {
      details: { balance, shortfall: cost - balance, top_up_url: this.opts.topUpUrl },
    });
  }

  /**
   * Gives back tokens of a charge inside the caller's transaction: all of it, or `amount`
   * of it (studio items that failed). At most once per charge: a second call returns null
   * and changes nothing.
   */
  async refundIn(tx: DbOrTx, chargeTxId: number, opts: { amount?: number; reference?: string } = {}): Promise<LedgerEntry | null> {
    const charge = await this.repo.entryForUpdate(tx, chargeTxId);
    if (!charge || charge.type !== 'charge') throw new Error(`ledger entry ${chargeTxId} is not a charge`);
    if (await this.repo.refundOf(tx, chargeTxId)) return null;
    const amount = opts.amount ?? -charge.amount;
    if (!Number.isSafeInteger(amount) || amount <= 0 || amount > -charge.amount) throw new Error(`refund of ${amount} does not fit charge ${chargeTxId} of ${-charge.amount}`);
    const now = nowIso();
    const balance = await this.repo.add(tx, charge.account_id, amount, now);
    const entry = toEntry(
      await this.repo.insertEntry(tx, {
        account_id: charge.account_id,
        type: 'refund',
        amount,
        balance_after: balance,
        reference: opts.reference ?? charge.reference,
        refund_of: chargeTxId,
        created_at: now,
      }),
    );
    // By the charge's service: a sweep's refund (`studio.sweep:…`) is the studio call's.
    this.opts.metrics?.refunded(charge.reference, amount);
    return entry;
  }

  async refund(chargeTxId: number, opts: { amount?: number; reference?: string } = {}): Promise<LedgerEntry | null> {
    return this.db.transaction().execute((tx) => this.refundIn(tx, chargeTxId, opts));
  }

  /** The refund of a charge, if it has one (a re-run reports the refund an earlier attempt made). */
  async refundOf(chargeTxId: number): Promise<LedgerEntry | null> {
    const row = await this.repo.refundOf(this.db, chargeTxId);
    return row ? toEntry(row) : null;
  }

  /** Balance against the ledger: they must agree, and no entry ever went below zero. */
  async audit(accountId: string): Promise<{ balance: number; ledgerSum: number; entries: number; minBalanceAfter: number | null }> {
    return this.repo.audit(accountId);
  }
}
