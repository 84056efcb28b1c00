import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { ProofsTable } from '../../platform/db/schema-proofs.js';

export type ProofRow = ProofsTable;
export type ProofStatus = 'pending' | 'approved' | 'changes_requested' | 'superseded';

/** All SQL of the proofs module. */
export class ProofsRepo {
  constructor(private readonly db: Db) {}

  async insert(tx: DbOrTx, row: ProofRow): Promise<void> {
    await tx.insertInto('proofs').values(row).execute();
  }

  /** Every earlier proof of the project that is not superseded yet becomes so (a new one replaces them). */
  async supersedeAll(tx: DbOrTx, storeId: string, projectId: string): Promise<void> {
    await tx.updateTable('proofs').set({ status: 'superseded' }).where('store_id', '=', storeId).where('project_id', '=', projectId).where('status', '!=', 'superseded').execute();
  }

  /** A proof by id alone: the signed link is the credential, the row names its store. */
  async byId(id: string): Promise<ProofRow | null> {
    return ((await this.db.selectFrom('proofs').selectAll().where('id', '=', id).executeTakeFirst()) as ProofRow | undefined) ?? null;
  }

  /** The project's proofs, newest first. */
  async ofProject(storeId: string, projectId: string): Promise<ProofRow[]> {
    return (await this.db.selectFrom('proofs').selectAll().where('store_id', '=', storeId).where('project_id', '=', projectId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute()) as ProofRow[];
  }

  /** Records the customer's decision, only on a pending proof (two decisions at once: one wins). */
  async decide(id: string, patch: { status: ProofStatus; comment: string | null; decided_by: string | null; decided_at: string }, db: DbOrTx = this.db): Promise<boolean> {
    const r = await db.updateTable('proofs').set(patch).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
    return Number(r.numUpdatedRows) === 1;
  }

  async setExpiry(storeId: string, id: string, expiresAt: string): Promise<void> {
    await this.db.updateTable('proofs').set({ expires_at: expiresAt }).where('store_id', '=', storeId).where('id', '=', id).execute();
  }

  /** The product's name for the proof's file name (inside the moving transaction). */
  async productName(tx: DbOrTx, storeId: string, productId: string): Promise<string | null> {
    const r = await tx.selectFrom('catalog_products').select('name').where('store_id', '=', storeId).where('id', '=', productId).executeTakeFirst();
    return r?.name ?? null;
  }
}
