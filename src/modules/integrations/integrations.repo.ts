import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { IntegrationInboxTable, StoreIntegrationsTable } from '../../platform/db/schema-integrations.js';

export type IntegrationRow = StoreIntegrationsTable;
export type InboxRow = IntegrationInboxTable;

/** What claiming an inbox key found: ours to handle now, handled before, or another worker's right now. */
export type Claim = 'claimed' | 'done' | 'busy';

/** All SQL of the integrations module. */
export class IntegrationsRepo {
  constructor(private readonly db: Db) {}

  async insert(row: IntegrationRow, db: DbOrTx = this.db): Promise<void> {
    await db.insertInto('store_integrations').values(row).execute();
  }

  async ofStore(storeId: string, db: DbOrTx = this.db): Promise<IntegrationRow[]> {
    return db.selectFrom('store_integrations').selectAll().where('store_id', '=', storeId).orderBy('created_at').execute();
  }

  async byId(id: string, db: DbOrTx = this.db): Promise<IntegrationRow | null> {
    return (await db.selectFrom('store_integrations').selectAll().where('id', '=', id).executeTakeFirst()) ?? null;
  }

  async byShop(type: string, shop: string): Promise<IntegrationRow | null> {
    return (await this.db.selectFrom('store_integrations').selectAll().where('type', '=', type as IntegrationRow['type']).where('shop', '=', shop).executeTakeFirst()) ?? null;
  }

  async remove(storeId: string, id: string, db: DbOrTx = this.db): Promise<boolean> {
    const res = await db.deleteFrom('store_integrations').where('id', '=', id).where('store_id', '=', storeId).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }

  async setSecrets(id: string, secretsEnc: string, status: IntegrationRow['status'], now: string): Promise<void> {
    await this.db.updateTable('store_integrations').set({ secrets_enc: secretsEnc, status, updated_at: now }).where('id', '=', id).execute();
  }

  async setStatus(id: string, status: IntegrationRow['status'], now: string, db: DbOrTx = this.db): Promise<void> {
    await db.updateTable('store_integrations').set({ status, updated_at: now }).where('id', '=', id).execute();
  }

  /**
   * Takes `key` for this worker: a new key is ours; a handled one is `done`; one another
   * worker took less than `staleMs` ago is `busy`; an older unhandled one (its worker died) is
   * taken over, once, by whoever swaps its time first.
   */
  async claim(db: DbOrTx, row: Omit<InboxRow, 'handled_at' | 'job_id'>, staleMs: number): Promise<Claim> {
    const res = await db
      .insertInto('integration_inbox')
      .values({ ...row, handled_at: null, job_id: null })
      .onConflict((oc) => oc.columns(['integration_id', 'key']).doNothing())
      .executeTakeFirst();
    if (Number(res.numInsertedOrUpdatedRows ?? 0n) > 0) return 'claimed';
    const found = await db.selectFrom('integration_inbox').select(['received_at', 'handled_at']).where('integration_id', '=', row.integration_id).where('key', '=', row.key).executeTakeFirst();
    if (!found || found.handled_at !== null) return 'done';
    if (Date.parse(String(row.received_at)) - Date.parse(String(found.received_at)) < staleMs) return 'busy';
    const swapped = await db
      .updateTable('integration_inbox')
      .set({ received_at: row.received_at, ...(row.body !== null ? { body: row.body } : {}) })
      .where('integration_id', '=', row.integration_id)
      .where('key', '=', row.key)
      .where('received_at', '=', found.received_at)
      .where('handled_at', 'is', null)
      .executeTakeFirst();
    return Number(swapped.numUpdatedRows) > 0 ? 'claimed' : 'busy';
  }

  /** A key's first row (with its job), or false when the key was there already (nothing written). */
  async insertNew(db: DbOrTx, row: Omit<InboxRow, 'handled_at'>): Promise<boolean> {
    const res = await db
      .insertInto('integration_inbox')
      .values({ ...row, handled_at: null })
      .onConflict((oc) => oc.columns(['integration_id', 'key']).doNothing())
      .executeTakeFirst();
    return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
  }

  async setJob(db: DbOrTx, integrationId: string, key: string, jobId: string): Promise<void> {
    await db.updateTable('integration_inbox').set({ job_id: jobId }).where('integration_id', '=', integrationId).where('key', '=', key).execute();
  }

  async inboxRow(integrationId: string, key: string, db: DbOrTx = this.db): Promise<InboxRow | null> {
    return (await db.selectFrom('integration_inbox').selectAll().where('integration_id', '=', integrationId).where('key', '=', key).executeTakeFirst()) ?? null;
  }

  /** Handled: a delivery's body is dropped (its projects hold what mattered). */
  async handled(integrationId: string, key: string, now: string, db: DbOrTx = this.db): Promise<void> {
    await db.updateTable('integration_inbox').set({ handled_at: now, body: null }).where('integration_id', '=', integrationId).where('key', '=', key).execute();
  }

  /** Gives a claim back (its work failed): the next delivery of the order takes it at once. */
  async release(integrationId: string, key: string, db: DbOrTx = this.db): Promise<void> {
    await db.deleteFrom('integration_inbox').where('integration_id', '=', integrationId).where('key', '=', key).where('handled_at', 'is', null).execute();
  }
}
