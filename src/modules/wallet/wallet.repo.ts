import { paginate } from '../../platform/db/paginate.js';
import type { ListQuery, PageContext } from '../../platform/http/pagination.js';
import { sql, type Selectable, type SelectQueryBuilder } from 'kysely';
import type { Db, DbOrTx, Dialect } from '../../platform/db/index.js';
import type { DB, WalletTransactionsTable, WalletTxType } from '../../platform/db/schema.js';

export type LedgerRow = Selectable<WalletTransactionsTable>;

const LEDGER_COLUMNS = ['id', 'account_id', 'type', 'amount', 'balance_after', 'reference', 'refund_of', 'created_at'] as const;

/** The only place wallet SQL lives. Every method takes the owning account (or a ledger id it checks). */
export class WalletRepo {
  constructor(
    private readonly db: Db,
    private readonly dialect: Dialect,
  ) {}

  async balance(accountId: string, db: DbOrTx = this.db): Promise<number | null> {
    const row = await db.selectFrom('wallets').select('balance').where('account_id', '=', accountId).executeTakeFirst();
    return row ? Number(row.balance) : null;
  }

  /** The conditional debit: succeeds only while the balance covers the cost. Returns the new balance or null. */
  async debit(tx: DbOrTx, accountId: string, cost: number, now: string): Promise<number | null> {
    const row = await tx
      .updateTable('wallets')
      .set((eb) => ({ balance: eb('balance', '-', cost), updated_at: now }))
      .where('account_id', '=', accountId)
      .where('balance', '>=', cost)
      .returning('balance')
      .executeTakeFirst();
    return row ? Number(row.balance) : null;
  }

  /** Adds tokens, creating the wallet on first use. Returns the new balance. */
  async add(tx: DbOrTx, accountId: string, amount: number, now: string): Promise<number> {
    const row = await tx
      .insertInto('wallets')
      .values({ account_id: accountId, balance: amount, updated_at: now })
      .onConflict((oc) =>
        oc.column('account_id').doUpdateSet((eb) => ({
          balance: eb('wallets.balance', '+', eb.ref('excluded.balance')),
          updated_at: eb.ref('excluded.updated_at'),
        })),
      )
      .returning('balance')
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  }

  async insertEntry(
    tx: DbOrTx,
    row: { account_id: string; type: WalletTxType; amount: number; balance_after: number; reference: string | null; refund_of: number | null; created_at: string },
  ): Promise<LedgerRow> {
    const out = await tx.insertInto('wallet_transactions').values(row).returning(LEDGER_COLUMNS).executeTakeFirstOrThrow();
    return normalize(out);
  }

  /**
   * A ledger entry, locked for the rest of the transaction on PostgreSQL so two refunds of
   * one charge queue behind each other (SQLite transactions are serial already).
   */
  async entryForUpdate(tx: DbOrTx, id: number): Promise<LedgerRow | null> {
    let q = tx.selectFrom('wallet_transactions').select(LEDGER_COLUMNS).where('id', '=', id);
    if (this.dialect === 'postgres') q = q.forUpdate();
    const row = await q.executeTakeFirst();
    return row ? normalize(row) : null;
  }

  async refundOf(tx: DbOrTx, chargeId: number): Promise<LedgerRow | null> {
    const row = await tx.selectFrom('wallet_transactions').select(LEDGER_COLUMNS).where('refund_of', '=', chargeId).executeTakeFirst();
    return row ? normalize(row) : null;
  }

  listQuery(accountId: string, type?: WalletTxType): SelectQueryBuilder<DB, 'wallet_transactions', LedgerRow> {
    let q = this.db.selectFrom('wallet_transactions').select(LEDGER_COLUMNS).where('account_id', '=', accountId);
    if (type) q = q.where('type', '=', type);
    return q as unknown as SelectQueryBuilder<DB, 'wallet_transactions', LedgerRow>;
  }

  /** One page of the account's ledger. */
  list(accountId: string, type: WalletTxType | undefined, query: ListQuery, ctx: PageContext) {
    return paginate(this.listQuery(accountId, type), { sortable: { created_date: 'created_at', id: 'id' }, idColumn: 'id', searchColumn: 'wallet_transactions.reference', db: this.db }, query, ctx);
  }

  /** Sum of the ledger and the balance, for audits: the two must agree. */
  async audit(accountId: string): Promise<{ balance: number; ledgerSum: number; entries: number; minBalanceAfter: number | null }> {
    const row = await this.db
      .selectFrom('wallet_transactions')
      .select([
        sql<number>`coalesce(sum(amount), 0)`.as('sum'),
        sql<number>`count(*)`.as('n'),
        sql<number | null>`min(balance_after)`.as('min'),
      ])
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
    return {
      balance: (await this.balance(accountId)) ?? 0,
      ledgerSum: Number(row.sum),
      entries: Number(row.n),
      minBalanceAfter: row.min === null ? null : Number(row.min),
    };
  }
}

function normalize(row: LedgerRow): LedgerRow {
  return { ...row, id: Number(row.id), amount: Number(row.amount), balance_after: Number(row.balance_after), refund_of: row.refund_of === null ? null : Number(row.refund_of) };
}
