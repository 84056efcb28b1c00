import { fromPt, toPt } from '../../engines/imposition/index.js';
import { newId } from '../../platform/crypto/ids.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { ListQuery, ListResult, PageContext } from '../../platform/http/pagination.js';
import { iso, nowIso } from '../../platform/http/resource.js';
import type { ProductJson } from '../catalog/index.js';
import { pageBoxesOf, type DesignPages, type SnapshotRow } from '../designs/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { GangSheetsService } from '../gang-sheets/index.js';
import { GANG_SHEET_KIND } from '../gang-sheets/index.js';
import type { CreateGangSheet } from '../gang-sheets/gang-sheets.schemas.js';
import { IMPOSITION_KIND, type ImpositionService } from '../imposition/index.js';
import type { CreateImposition } from '../imposition/imposition.schemas.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import type { Mover, OrdersService } from '../orders/index.js';
import { ProductionRepo, type BatchItemRow, type BatchRow, type CandidateRow } from './production.repo.js';
import type { BatchJson, BatchSummaryJson, CreateBatch } from './production.schemas.js';
import { sheetsOf } from './production.sheets.js';
import { batchTicket } from './production.tickets.js';

/** Room kept below each imposed slot for its label (mm), on top of the bleeds. */
const LABEL_ROOM_MM = 3;

interface Order {
  row: CandidateRow;
  code: string;
  quantity: number;
  lineItemId: string | null;
  pages: SnapshotRow[];
}

interface OrderDoc {
  code?: string;
  quantity?: number;
  snapshot_version?: number | null;
  external_ref?: { line_item_id?: string | null } | null;
}

/** Rolls the batch's transaction back when an order moved meanwhile. */
class Raced extends Error {
  constructor(readonly projectId: string) {
    super(`project ${projectId} moved meanwhile`);
  }
}

/** POST /production-batches and its reads (docs/orders.md § Production batches). */
export class ProductionService {
  readonly repo: ProductionRepo;

  constructor(
    private readonly deps: { db: Db; orders: OrdersService; pages: DesignPages; jobs: JobsService; impositions: ImpositionService; gangSheets: GangSheetsService; products: DocService<ProductJson> },
  ) {
    this.repo = new ProductionRepo(deps.db);
  }

  async create(mover: Mover, storeId: string, body: CreateBatch): Promise<BatchJson> {
    if ((body.product_id === undefined) === (body.project_ids === undefined)) {
      throw AppError.validation({ product_id: ['give exactly one of product_id and project_ids'], project_ids: ['give exactly one of product_id and project_ids'] });
    }
    const wanted = body.kind === 'imposition' ? 'imposition' : 'gang_sheet';
    const other = body.kind === 'imposition' ? 'gang_sheet' : 'imposition';
    if (body[other] !== undefined) throw AppError.field(other, `does not apply to a ${body.kind} batch: give ${wanted}`);
    if (body[wanted] === undefined) throw AppError.field(wanted, `a ${body.kind} batch needs its ${wanted} options`);
    const orders = await this.select(storeId, body);
    const pages = orders.flatMap((o) => o.pages.map((p, i) => ({ order: o, snapshot: p, page: i + 1 })));
    const name = body.name ?? `Batch ${new Date().toISOString().slice(0, 10)}`;
    let payload: unknown;
    let kind: typeof IMPOSITION_KIND | typeof GANG_SHEET_KIND;
    if (body.kind === 'imposition') {
      const o = body.imposition!;
      const sides = o.sides ?? 'simplex';
      const odd = sides === 'simplex' ? undefined : orders.find((x) => x.pages.length % 2 === 1);
      if (odd) throw new AppError('unprocessable', `order ${odd.code} has ${odd.pages.length} pages: two-sided printing takes each order's pages in pairs (front, back)`, { fields: { project_ids: [`project ${odd.row.id} has an odd number of pages`] }, details: { project_id: odd.row.id } });
      const gutter = o.gutter ?? (await this.labelGutter(storeId, pages[0]!.snapshot.id, o));
      const { slot_labels: labels, ...rest } = o;
      const imp = await this.deps.impositions.plan(storeId, { ...rest, ...(gutter ? { gutter } : {}), order: o.order ?? 'sequential', name, design_ids: pages.map((p) => p.snapshot.id) } as CreateImposition);
      if (labels !== false) imp.slot_labels = pages.map((p) => `${p.order.code}${p.order.lineItemId ? ` / ${p.order.lineItemId}` : ''}${p.order.pages.length > 1 ? ` p${p.page}` : ''}`);
      payload = imp;
      kind = IMPOSITION_KIND;
    } else {
      payload = await this.deps.gangSheets.plan(storeId, { ...body.gang_sheet!, name, items: pages.map((p) => ({ design_id: p.snapshot.id, quantity: p.order.quantity })) } as CreateGangSheet);
      kind = GANG_SHEET_KIND;
    }
    const now = nowIso();
    const id = newId();
    const items: BatchItemRow[] = pages.map((p, i) => ({ batch_id: id, item_index: i, store_id: storeId, project_id: p.order.row.id, snapshot_id: p.snapshot.id, page: p.page, page_index: i, line_item_id: p.order.lineItemId, quantity: p.order.quantity }));
    const options = (payload as { options: unknown }).options;
    let job: Job;
    try {
      job = await this.deps.db.transaction().execute(async (tx) => {
        const created = (await this.deps.jobs.createIn(tx, kind as typeof IMPOSITION_KIND, { accountId: mover.accountId, storeId, payload: payload as never })) as unknown as Job;
        await this.repo.insert(tx, { id, store_id: storeId, kind: body.kind, name, job_id: created.id, status: 'in_production', options: JSON.stringify(options), created_at: now, updated_at: now }, items);
        const moved = await this.deps.orders.moveManyIn(tx, mover, storeId, orders.map((o) => o.row.id), 'approved', 'in_production', `batch ${id}`);
        if ('raced' in moved) throw new Raced(moved.raced);
        return created;
      });
    } catch (err) {
      if (err instanceof Raced) throw new AppError('conflict', `project ${err.projectId} is no longer approved: it moved while the batch was made; nothing was written`, { details: { project_id: err.projectId } });
      throw err;
    }
    this.deps.jobs.announceWhenVisible({ id: job.id, type: job.type, attempt: 0 });
    return this.get(storeId, id);
  }

  /** The default gutter: the bleeds across; the bleeds plus room for the label down (when labels print). */
  private async labelGutter(storeId: string, firstPage: string, o: NonNullable<CreateBatch['imposition']>): Promise<{ x: number; y: number } | null> {
    if (o.slot_labels === false) return null;
    const box = pageBoxesOf(await this.deps.pages.byIds(storeId, [firstPage]))[0]!;
    const unit = o.unit ?? 'mm';
    const bleed = o.bleed === 'trim' ? 0 : fromPt((box.bleed.w - box.trim.w) / 2, unit);
    const round = (v: number) => Math.round(v * 1000) / 1000;
    return { x: round(2 * bleed), y: round(2 * bleed + fromPt(toPt(LABEL_ROOM_MM, 'mm'), unit)) };
  }

  /** The orders of the batch with their current frozen pages, oldest first (the 400s, 404s and 422s of the selection). */
  private async select(storeId: string, body: CreateBatch): Promise<Order[]> {
    let rows: CandidateRow[];
    if (body.project_ids) {
      const found = new Map((await this.repo.projects(storeId, body.project_ids)).map((r) => [r.id, r]));
      const missing = body.project_ids.find((id) => !found.has(id));
      if (missing) throw new AppError('not_found', `Project ${missing} not found`, { details: { project_id: missing } });
      const notApproved = body.project_ids.map((id) => found.get(id)!).filter((r) => r.state !== 'approved');
      if (notApproved.length) {
        throw new AppError('unprocessable', `only approved orders go into production: ${notApproved.map((r) => `${codeOf(r)} (${r.id}) is ${r.state}`).join(', ')}`, {
          fields: { project_ids: notApproved.map((r) => `project ${r.id} is ${r.state}, not approved`) },
          details: { projects: notApproved.map((r) => ({ id: r.id, code: codeOf(r), state: r.state })) },
        });
      }
      rows = [...found.values()].sort((a, b) => iso(a.created_at).localeCompare(iso(b.created_at)) || a.id.localeCompare(b.id));
    } else {
      if (!(await this.deps.products.get(storeId, body.product_id!).catch(() => null))) throw AppError.notFound('Product');
      rows = await this.repo.approved(storeId, body.product_id!, body.limit ?? 500);
      if (rows.length === 0) throw new AppError('unprocessable', 'no approved orders of this product: approve orders (POST /v1/projects/{id}/transitions) before batching them', { fields: { product_id: ['has no approved orders'] } });
    }
    const out: Order[] = [];
    for (const row of rows) {
      const doc = JSON.parse(row.doc) as OrderDoc;
      let pages = doc.snapshot_version ? await this.deps.pages.snapshots.ofProject(this.deps.db, storeId, row.id, doc.snapshot_version) : [];
      if (body.product_id) pages = pages.filter((p) => p.product_id === body.product_id);
      // an approved order was received, so it has frozen pages; with a product filter, an older freeze may have held it
      if (pages.length === 0) continue;
      out.push({ row, code: doc.code ?? row.id, quantity: doc.quantity ?? 1, lineItemId: doc.external_ref?.line_item_id ?? null, pages });
    }
    if (out.length === 0) throw new AppError('unprocessable', 'no approved orders of this product: their current designs are of other products', { fields: { product_id: ['has no approved orders'] } });
    return out;
  }

  /** GET /production-batches/{id}. */
  async get(storeId: string, id: string): Promise<BatchJson> {
    const row = await this.repo.byId(storeId, id);
    if (!row) throw AppError.notFound('Production batch');
    const items = await this.repo.items(storeId, id);
    const orders = await this.ordersOf(storeId, items);
    const job = (await this.deps.jobs.byId(row.job_id)) as Job | null;
    const view = !job ? null : job.type === IMPOSITION_KIND.type ? await this.deps.impositions.present(job as never) : await this.deps.gangSheets.present(job as never);
    return {
      ...summaryOf(row, { projects: orders.size, maxQuantity: Math.max(1, ...items.map((i) => i.quantity)) }),
      job_status: (job?.status ?? 'failed') as BatchJson['job_status'],
      error: view?.error ?? (job ? null : 'the job is gone'),
      pdf_url: view?.pdf_url ?? null,
      utilisation: view && 'utilisation' in view ? view.utilisation : null,
      orders: [...orders.values()].map((o) => ({ project_id: o.id, project_code: o.code, line_item_id: o.lineItemId, quantity: o.quantity, pages: o.pages })),
      sheets: job && job.status === 'completed' ? sheetsOf(row.kind, job.result, items, orders) : [],
    };
  }

  /** The batch's orders (code, line, quantity) in item order. */
  private async ordersOf(storeId: string, items: BatchItemRow[]): Promise<Map<string, { id: string; code: string; lineItemId: string | null; quantity: number; pages: number }>> {
    const ids = [...new Set(items.map((i) => i.project_id))];
    const rows = new Map((await this.repo.projects(storeId, ids)).map((r) => [r.id, r]));
    const out = new Map<string, { id: string; code: string; lineItemId: string | null; quantity: number; pages: number }>();
    for (const it of items) {
      const seen = out.get(it.project_id);
      if (seen) {
        seen.pages += 1;
        continue;
      }
      const r = rows.get(it.project_id);
      out.set(it.project_id, { id: it.project_id, code: r ? codeOf(r) : it.project_id, lineItemId: it.line_item_id, quantity: it.quantity, pages: 1 });
    }
    return out;
  }

  async list(storeId: string, status: string | undefined, query: ListQuery, ctx: PageContext): Promise<ListResult<BatchSummaryJson>> {
    const page = await this.repo.list(storeId, status, query, ctx);
    const stats = await this.repo.stats(storeId, page.rows.map((r) => r.id));
    return { ...page, rows: page.rows.map((r) => summaryOf(r, stats.get(r.id) ?? { projects: 0, maxQuantity: 1 })) };
  }

  /** POST /production-batches/{id}/printed: every order in_production → printed, and the batch, in one transaction. */
  async printed(mover: Mover, storeId: string, id: string): Promise<BatchJson> {
    const row = await this.repo.byId(storeId, id);
    if (!row) throw AppError.notFound('Production batch');
    if (row.status !== 'in_production') throw new AppError('conflict', `the batch is ${row.status}`, { details: { status: row.status } });
    const job = await this.deps.jobs.byId(row.job_id);
    if (job?.status !== 'completed') throw new AppError('conflict', `the batch's sheets are not ready: its job is ${job?.status ?? 'gone'}`, { details: { job_status: job?.status ?? null } });
    const ids = [...new Set((await this.repo.items(storeId, id)).map((i) => i.project_id))];
    try {
      await this.deps.db.transaction().execute(async (tx) => {
        if (!(await this.repo.setStatus(tx, storeId, id, 'in_production', 'printed', nowIso()))) throw new Raced('');
        const moved = await this.deps.orders.moveManyIn(tx, mover, storeId, ids, 'in_production', 'printed', `batch ${id}`);
        if ('raced' in moved) throw new Raced(moved.raced);
      });
    } catch (err) {
      if (err instanceof Raced) {
        throw new AppError('conflict', err.projectId ? `project ${err.projectId} is no longer in production (held or cancelled?): nothing was marked printed` : 'the batch was marked printed meanwhile', { details: { project_id: err.projectId || null } });
      }
      throw err;
    }
    return this.get(storeId, id);
  }

  /**
   * Inside the transaction that finishes a job: a batch's completed sheets go to the shop
   * floor through the orders module's delivery queue (`kind: batches`), with their job ticket.
   * Without a delivery module nothing happens here.
   */
  async onJobFinished(tx: DbOrTx, job: { id: string; type: string; state: string; account_id: string; payload: string; result: string | null }): Promise<void> {
    const deliveries = this.deps.orders.deliveries;
    if (!deliveries || job.state !== 'completed' || !job.result || (job.type !== IMPOSITION_KIND.type && job.type !== GANG_SHEET_KIND.type)) return;
    const batch = await this.repo.byJob(tx, job.id);
    if (!batch) return;
    const ticket = batchTicket(batch, await this.repo.items(batch.store_id, batch.id, tx), { id: job.id, payload: job.payload, result: job.result });
    const key = (JSON.parse(job.result) as { pdf_key: string }).pdf_key;
    await deliveries.enqueue(tx, { storeId: batch.store_id, accountId: job.account_id, kind: 'batches', batchId: batch.id, file: { key, name: ticket.fileName, contentType: 'application/pdf' }, ticket });
  }
}

function codeOf(r: CandidateRow): string {
  return (JSON.parse(r.doc) as OrderDoc).code ?? r.id;
}

function summaryOf(r: BatchRow, stats: { projects: number; maxQuantity: number }): BatchSummaryJson {
  return {
    id: r.id,
    name: r.name,
    kind: r.kind as BatchSummaryJson['kind'],
    status: r.status as BatchSummaryJson['status'],
    job_id: r.job_id,
    options: JSON.parse(r.options) as Record<string, unknown>,
    project_count: stats.projects,
    run_length: r.kind === 'imposition' ? Math.max(1, stats.maxQuantity) : 1,
    created_at: iso(r.created_at),
    updated_at: iso(r.updated_at),
  };
}

