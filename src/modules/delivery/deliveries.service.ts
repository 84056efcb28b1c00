import { isUuid, newId } from '../../platform/crypto/ids.js';
import { iso, type Db, type DbOrTx } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import { AppError } from '../../platform/http/errors.js';
import type { ListQuery, ListResult, PageContext } from '../../platform/http/pagination.js';
import type { JobTicket } from '../../engines/jdf/index.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { DeliveryJobKind } from './delivery.jobs.js';
import type { AttemptRow, DeliveryFilter, DeliveryRepo, DeliveryRow } from './delivery.repo.js';
import type { DeliveryDto, DeliveryKindName } from './delivery.schemas.js';
import type { StoreScope } from './delivery-targets.service.js';

/** What other modules hand over: a file in the blob store and its job ticket. */
export interface EnqueueInput {
  storeId: string;
  accountId: string;
  kind: 'print_files' | 'batches';
  projectId?: string | null;
  batchId?: string | null;
  file: { key: string /* blob key in the BlobStore */; name: string; contentType: string };
  ticket: JobTicket;
}

/** Deliveries: the outbox rows other modules write, the log clients read, and the hand retry. */
export class DeliveriesService {
  constructor(
    private readonly db: Db,
    private readonly repo: DeliveryRepo,
    private readonly jobs: JobsService,
    private readonly kind: DeliveryJobKind,
    private readonly events: EventBus,
    private readonly now: () => number,
  ) {}

  toDto(row: DeliveryRow, attempts?: AttemptRow[]): DeliveryDto {
    return {
      id: row.id,
      store_id: row.store_id,
      target_id: row.target_id,
      project_id: row.project_id,
      batch_id: row.batch_id,
      kind: row.kind,
      file_key: row.file_key,
      file_name: row.file_name,
      status: row.status,
      attempts: row.attempts,
      last_error: row.last_error,
      remote_path: row.remote_path,
      delivered_at: iso(row.delivered_at),
      created_at: iso(row.created_at)!,
      updated_at: iso(row.updated_at)!,
      ...(attempts
        ? { attempts_log: attempts.map((a) => ({ id: a.id, attempt: a.attempt, error: a.error, remote_path: a.remote_path, duration_ms: a.duration_ms, created_at: iso(a.created_at)! })) }
        : {}),
    };
  }

  /**
   * One delivery per enabled target of the store whose `deliver` includes `kind`, each with its
   * `delivery` job, written in the caller's transaction (an outbox: a rolled-back order leaves
   * no delivery and no job). The jobs are announced once that transaction has committed.
   */
  readonly enqueue = async (tx: DbOrTx, input: EnqueueInput): Promise<DeliveryDto[]> => {
    const targets = (await this.repo.enabledTargets(tx, input.storeId)).filter((t) => (JSON.parse(t.deliver) as DeliveryKindName[]).includes(input.kind));
    const out: DeliveryDto[] = [];
    const announce: Array<{ id: string; type: string; attempt: number }> = [];
    for (const target of targets) {
      const id = newId();
      const job = await this.jobs.createIn(tx, this.kind, { accountId: input.accountId, storeId: input.storeId, payload: { delivery_id: id } });
      const now = new Date(this.now()).toISOString();
      const row = await this.repo.insertDelivery(tx, {
        id,
        account_id: input.accountId,
        store_id: input.storeId,
        target_id: target.id,
        project_id: input.projectId ?? null,
        batch_id: input.batchId ?? null,
        kind: input.kind,
        file_key: input.file.key,
        file_name: input.file.name,
        content_type: input.file.contentType,
        ticket: JSON.stringify(input.ticket),
        status: 'pending',
        job_id: job.id,
        created_at: now,
        updated_at: now,
      });
      out.push(this.toDto(row));
      announce.push({ id: job.id, type: job.type, attempt: 0 });
    }
    for (const ref of announce) this.jobs.announceWhenVisible(ref);
    return out;
  };

  async list(scope: StoreScope, filter: DeliveryFilter, query: ListQuery, ctx: PageContext): Promise<ListResult<DeliveryDto>> {
    const page = await this.repo.listDeliveries(scope.storeId, filter, query, ctx);
    return { ...page, rows: page.rows.map((r) => this.toDto({ ...r, attempts: Number(r.attempts) })) };
  }

  async get(scope: StoreScope, id: string): Promise<DeliveryDto> {
    const row = isUuid(id) ? await this.repo.deliveryOf(scope.storeId, id) : null;
    if (!row) throw AppError.notFound('Delivery');
    return this.toDto(row, await this.repo.attemptsOf([row.id]));
  }

  /** Sends a failed delivery again with a fresh retry schedule; 409 unless it is failed. */
  async retry(scope: StoreScope, id: string): Promise<DeliveryDto> {
    const row = isUuid(id) ? await this.repo.deliveryOf(scope.storeId, id) : null;
    if (!row) throw AppError.notFound('Delivery');
    const job = await this.db.transaction().execute(async (tx) => {
      const created = await this.jobs.createIn(tx, this.kind, { accountId: row.account_id, storeId: row.store_id, payload: { delivery_id: row.id } });
      if (!(await this.repo.restart(tx, row.id, created.id, new Date(this.now()).toISOString()))) {
        throw new AppError('conflict', `Only a failed delivery can be retried; this one is ${row.status}`);
      }
      return created;
    });
    this.jobs.announceWhenVisible({ id: job.id, type: job.type, attempt: 0 });
    return this.get(scope, row.id);
  }

  /** `deliveries` domain events (webhook topic `deliveries`), in the transaction that settles the delivery. */
  readonly settled = async (tx: DbOrTx, row: DeliveryRow, event: 'delivered' | 'failed'): Promise<void> => {
    const data = this.toDto(row, await this.repo.attemptsOf([row.id], tx));
    await this.events.publish({ accountId: row.account_id, storeId: row.store_id, topic: 'deliveries', event, data }, tx);
  };

  /** Job runner hook: a delivery job that failed without its handler settling it (a dead worker) leaves no delivery unsettled. */
  async onJobFinished(tx: DbOrTx, job: { id: string; type: string; state: string; error: string | null }): Promise<void> {
    if (job.type !== this.kind.type || job.state !== 'failed') return;
    const row = await this.repo.failUnsettledOfJob(tx, job.id, job.error ?? 'Delivery failed', new Date(this.now()).toISOString());
    if (row) await this.settled(tx, row, 'failed');
  }
}
