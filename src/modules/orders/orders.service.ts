import type { Static } from '@sinclair/typebox';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { iso, nowIso } from '../../platform/http/resource.js';
import type { DesignPage, DesignPages, LiveDesignPage, SnapshotRow } from '../designs/index.js';
import { frozenPage, snapshotView } from '../designs/index.js';
import type { DocService } from '../documents/doc.service.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import { MAX_PDF_PAGES, PDF_KIND, type PdfPayload, type PdfResult, type PdfService } from '../print/index.js';
import type { ProductJson } from '../catalog/index.js';
import type { ProjectJson, ProjectsService } from '../projects/index.js';
import { allowedStates, STATUS_OF_STATE } from '../projects/order-states.js';
import type { OrderState } from '../projects/projects.schemas.js';
import { OrdersRepo, type OrderFileRow, type TransitionRow } from './orders.repo.js';
import type { OrderFile, SnapshotEnvelope, Transition } from './orders.schemas.js';
import { printFileName } from './file-names.js';
import type { JobTicket } from '../../engines/jdf/index.js';

/** A move that lost to a concurrent change: rolled back and tried again. */
class MoveRaced extends Error {}

/** Who moved an order: a credential of the store, a customer with a proof link, or Folio itself. */
export interface Mover {
  type: 'store' | 'api_key' | 'account' | 'customer' | 'system';
  id: string | null;
  /** the account jobs made by the move belong to (the store's owner) */
  accountId: string;
}

export function moverOf(actor: Actor): Mover {
  const type = actor.kind === 'K' ? 'api_key' : actor.kind === 'J' ? 'account' : 'store';
  return { type, id: actor.kind === 'K' ? (actor.keyId ?? null) : actor.kind === 'J' ? actor.userId : actor.storeId, accountId: actor.userId };
}

/** What an order is doing once it enters a state: made by the proofs module when a product asks for a proof. */
export interface ProofMaker {
  /** Inside the transaction that moved the order to proof_pending: the proof's job(s) and approval link. */
  create(tx: DbOrTx, ctx: { storeId: string; project: ProjectJson; pages: DesignPage[]; version: number; mover: Mover }): Promise<Array<{ id: string; type: string }>>;
}

/** Where an order's finished files go (the delivery module: docs/delivery.md). */
export interface DeliveryQueue {
  enqueue(tx: DbOrTx, input: { storeId: string; accountId: string; kind: 'print_files' | 'batches'; projectId?: string | null; batchId?: string | null; file: { key: string; name: string; contentType: string }; ticket: JobTicket }): Promise<unknown>;
}

interface ProjectDoc extends Record<string, unknown> {
  state?: OrderState;
  held_from?: OrderState | null;
  snapshot_version?: number | null;
  locked_at?: string | null;
  status?: string;
}

/** What a move must prepare before its transaction (reads and blob copies never wait inside one). */
interface Prepared {
  snapshot: SnapshotRow[] | null;
  pages: DesignPage[];
  frozenFrom: LiveDesignPage[] | null;
  products: Map<string, ProductJson>;
  printPayload: PdfPayload | null;
  fileName: string | null;
  version: number | null;
  /** a product of the order asks for a proof */
  needsProof: boolean;
  /** the parcel of a move to shipped */
  tracking?: Tracking | null;
}

/** The parcel of a shipped order (TransitionBody's `tracking`). */
export interface Tracking {
  number: string;
  url: string | null;
  company: string | null;
}

const DEFAULT_PROFILE = { pdf_standard: 'pdf_x4', crop_marks: false } as const;

/**
 * The order lifecycle (docs/orders.md): moves between states with their history and
 * webhooks; entering `received` freezes the designs; a print file is made when the order is
 * approved, or received for products that ask for no proof.
 */
export class OrdersService {
  readonly repo: OrdersRepo;
  proofs: ProofMaker | null = null;
  deliveries: DeliveryQueue | null = null;

  constructor(
    private readonly deps: { db: Db; events: EventBus; projects: ProjectsService; pages: DesignPages; pdf: PdfService; jobs: JobsService; products: DocService<ProductJson> },
  ) {
    this.repo = new OrdersRepo(deps.db);
  }

  /**
   * POST /projects/{id}/transitions. `within` runs in the move's transaction after the move (a
   * proof's decision is recorded with the move it causes, or neither is); it throws to undo both.
   */
  async transition(
    mover: Mover,
    storeId: string,
    projectId: string,
    to: OrderState,
    note: string | null,
    within?: (tx: DbOrTx) => Promise<void>,
    extra: { tracking?: Tracking | null } = {},
  ): Promise<ProjectJson & { allowed_transitions: OrderState[] }> {
    for (let attempt = 0; ; attempt++) {
      const row = await this.deps.projects.row(storeId, projectId);
      const doc = JSON.parse(row.doc) as ProjectDoc;
      const from = (row.state ?? 'draft') as OrderState;
      const allowed = allowedStates(from, doc.held_from ?? null);
      if (!allowed.includes(to)) {
        throw new AppError('conflict', `an order in state ${from} cannot move to ${to}${allowed.length ? `: it may move to ${allowed.join(', ')}` : ': it is final'}`, { details: { state: from, allowed_transitions: allowed } });
      }
      const prepared = await this.prepare(storeId, row.id, doc, from, to);
      if (extra.tracking) prepared.tracking = extra.tracking;
      let out: NonNullable<Awaited<ReturnType<OrdersService['moveIn']>>>;
      try {
        out = await this.deps.db.transaction().execute(async (tx) => {
          // the designs were saved again, or another move came first: nothing of this one is kept
          if (prepared.frozenFrom && !(await this.deps.pages.unchangedSince(tx, storeId, row.id, prepared.frozenFrom))) throw new MoveRaced();
          if (prepared.snapshot) await this.deps.pages.snapshots.insert(tx, prepared.snapshot);
          const moved = await this.moveIn(tx, mover, storeId, row.id, doc, from, to, note, prepared);
          if (!moved) throw new MoveRaced();
          await within?.(tx);
          return moved;
        });
      } catch (err) {
        if (!(err instanceof MoveRaced)) throw err;
        if (attempt < 2) continue;
        throw new AppError('conflict', 'the order or its designs changed while it was being moved: try again');
      }
      for (const job of out.jobs) this.deps.jobs.announceWhenVisible({ id: job.id, type: job.type, attempt: 0 });
      return { ...out.project, allowed_transitions: allowedStates(out.project.state, out.heldFrom) };
    }
  }

  /**
   * Moves many orders `from` → `to` inside the caller's transaction (a production batch): each
   * with its history row and `project.<to>` webhook, as `transition` would. Reads the rows with
   * `tx`; answers the first id that is gone or no longer in `from` (the caller rolls back and
   * answers 409), or the moved projects in the order given. Only for moves that freeze nothing
   * and start no file (approved → in_production, in_production → printed).
   */
  async moveManyIn(tx: DbOrTx, mover: Mover, storeId: string, ids: readonly string[], from: OrderState, to: OrderState, note: string | null): Promise<{ moved: ProjectJson[] } | { raced: string }> {
    if (to === 'received' || to === 'approved' || to === 'proof_pending') throw new Error(`moveManyIn does not make the files of ${to}`);
    if (!allowedStates(from, null).includes(to)) throw new Error(`${from} cannot move to ${to}`);
    const rows = new Map((await this.repo.rowsIn(tx, storeId, ids)).map((r) => [r.id, r]));
    const none: Prepared = { snapshot: null, pages: [], frozenFrom: null, products: new Map(), printPayload: null, fileName: null, version: null, needsProof: false };
    const moved: ProjectJson[] = [];
    for (const id of ids) {
      const row = rows.get(id);
      if (!row || (row.state ?? 'draft') !== from) return { raced: id };
      const doc = JSON.parse(row.doc) as ProjectDoc;
      const out = await this.moveIn(tx, mover, storeId, id, doc, from, to, note, none);
      if (!out) return { raced: id };
      moved.push(out.project);
    }
    return { moved };
  }

  /** Reads, freezes and checks what the move needs, outside its transaction. */
  private async prepare(storeId: string, projectId: string, doc: ProjectDoc, from: OrderState, to: OrderState): Promise<Prepared> {
    const out: Prepared = { snapshot: null, pages: [], frozenFrom: null, products: new Map(), printPayload: null, fileName: null, version: null, needsProof: false };
    let version = doc.snapshot_version ?? null;
    // only these states make a file (print file or proof) from the frozen pages; the others move the row alone
    if (to !== 'received' && to !== 'approved' && to !== 'proof_pending') return { ...out, version };
    let rows: SnapshotRow[] = [];
    if (to === 'received') {
      const live = await this.deps.pages.toFreeze(storeId, projectId, MAX_PDF_PAGES);
      if (live.length === 0) throw new AppError('unprocessable', 'the project has no designs: save a design with its project_id before the order is received', { fields: { to: ['the project has no designs to freeze'] } });
      if (live.length > MAX_PDF_PAGES) throw new AppError('unprocessable', `an order holds at most ${MAX_PDF_PAGES} designs`, { fields: { to: [`more than ${MAX_PDF_PAGES} designs`] } });
      const assets = await this.deps.pages.snapshots.collect(storeId, live);
      version = (version ?? 0) + 1;
      out.snapshot = this.deps.pages.snapshots.build(storeId, projectId, version, live, assets);
      out.frozenFrom = live;
      rows = out.snapshot;
    } else if (version !== null) {
      rows = await this.deps.pages.snapshots.ofProject(this.deps.db, storeId, projectId, version);
    }
    out.pages = rows.map(frozenPage);
    out.version = version;
    const productIds = new Set(rows.map((s) => s.product_id).filter((x): x is string => !!x));
    for (const id of productIds) {
      const p = await this.deps.products.getIncludingDeleted(storeId, id);
      if (p) out.products.set(id, p);
    }
    const needsProof = [...out.products.values()].some((p) => p.requires_proof === true);
    out.needsProof = needsProof;
    const makesPrint = (to === 'received' && !needsProof) || (to === 'approved' && !(await this.hasPrintFile(storeId, projectId, version)));
    if (makesPrint && out.pages.length) {
      const project = await this.deps.projects.get(storeId, projectId);
      const first = out.products.values().next().value as ProductJson | undefined;
      const profile = first?.print_profile ?? DEFAULT_PROFILE;
      out.fileName = printFileName({ code: project.code, lineItemId: project.external_ref?.line_item_id ?? null, product: first?.name ?? null, quantity: project.quantity, version: version ?? 1 });
      out.printPayload = await this.deps.pdf.orderPayload(storeId, projectId, out.pages, profile as { pdf_standard: 'pdf_x4' | 'pdf_x1a'; crop_marks: boolean }, out.fileName);
    }
    return out;
  }

  private async hasPrintFile(storeId: string, projectId: string, version: number | null): Promise<boolean> {
    return (await this.repo.files(storeId, projectId)).some((f) => f.kind === 'print' && f.snapshot_version === version);
  }

  /** The move itself, in its transaction: the row, the history, the event, and what the new state starts. */
  private async moveIn(
    tx: DbOrTx,
    mover: Mover,
    storeId: string,
    projectId: string,
    doc: ProjectDoc,
    from: OrderState,
    to: OrderState,
    note: string | null,
    prepared: Prepared,
  ): Promise<{ project: ProjectJson; heldFrom: OrderState | null; jobs: Array<{ id: string; type: string }> } | null> {
    const jobs: Array<{ id: string; type: string }> = [];
    const step = async (d: ProjectDoc, a: OrderState, b: OrderState, who: Mover, why: string | null): Promise<{ doc: ProjectDoc; project: ProjectJson } | null> => {
      const now = nowIso();
      const next: ProjectDoc = { ...d, state: b, state_changed_at: now, held_from: b === 'on_hold' ? a : null };
      if (b === 'received') {
        next.snapshot_version = prepared.version;
        next.locked_at = now;
      }
      if (b !== 'draft') next.status = STATUS_OF_STATE[b];
      if (b === 'shipped' && prepared.tracking) next.tracking = prepared.tracking;
      if (!(await this.repo.move(tx, storeId, projectId, a, { state: b, status: next.status as string, doc: JSON.stringify(next), updated_at: now }))) return null;
      await this.repo.record(tx, { store_id: storeId, project_id: projectId, from_state: a, to_state: b, actor_type: who.type, actor_id: who.id, note: why, created_at: now });
      const project = await this.deps.projects.json((await tx.selectFrom('projects').selectAll().where('id', '=', projectId).executeTakeFirstOrThrow()) as never, tx);
      await this.deps.events.publish({ accountId: mover.accountId, storeId, topic: 'project', event: b, data: { ...project, transition: { from: a, to: b, note: why, actor: { type: who.type, id: who.id } } } }, tx);
      return { doc: next, project };
    };
    let cur = await step(doc, from, to, mover, note);
    if (!cur) return null;
    if (to === 'received' && prepared.needsProof && this.proofs) {
      // a product that asks for a proof: the order waits for the customer
      cur = await step(cur.doc, 'received', 'proof_pending', { type: 'system', id: null, accountId: mover.accountId }, 'the product asks for a proof');
      if (!cur) return null;
    }
    if (cur.project.state === 'proof_pending' && this.proofs && prepared.pages.length) {
      jobs.push(...(await this.proofs.create(tx, { storeId, project: cur.project, pages: prepared.pages, version: prepared.version ?? 1, mover })));
    }
    if (prepared.printPayload && prepared.fileName) {
      const job = await this.deps.jobs.createIn(tx, PDF_KIND, { accountId: mover.accountId, storeId, payload: prepared.printPayload });
      await this.repo.addFile(tx, { store_id: storeId, project_id: projectId, kind: 'print', snapshot_version: prepared.version ?? 1, job_id: job.id, name: prepared.fileName, created_at: nowIso() });
      jobs.push({ id: job.id, type: job.type });
    }
    return { project: cur.project, heldFrom: cur.doc.held_from ?? null, jobs };
  }

  /** GET /projects/{id}/history. */
  async history(storeId: string, projectId: string): Promise<Array<Static<typeof Transition>>> {
    return (await this.historyWithState(storeId, projectId)).moves;
  }

  /** GET /projects/{id}/history: the moves, and where the order is now and may move next. */
  async historyWithState(storeId: string, projectId: string): Promise<{ moves: Array<Static<typeof Transition>>; state: OrderState; allowed: OrderState[] }> {
    const row = await this.deps.projects.row(storeId, projectId);
    const doc = JSON.parse(row.doc) as ProjectDoc;
    const state = (row.state ?? 'draft') as OrderState;
    return { moves: (await this.repo.history(storeId, row.id)).map(transitionView), state, allowed: allowedStates(state, doc.held_from ?? null) };
  }

  /** GET /projects/{id}/files: print files and proofs with their jobs' state and links. */
  async files(storeId: string, projectId: string): Promise<Array<Static<typeof OrderFile>>> {
    const row = await this.deps.projects.row(storeId, projectId);
    const out: Array<Static<typeof OrderFile>> = [];
    for (const f of await this.repo.files(storeId, row.id)) out.push(await this.fileView(f));
    return out;
  }

  async fileView(f: OrderFileRow): Promise<Static<typeof OrderFile>> {
    const job = (await this.deps.jobs.byId(f.job_id).catch(() => null)) as Job<PdfPayload, PdfResult> | null;
    const view = job && job.type === PDF_KIND.type ? await this.deps.pdf.present(job) : null;
    return {
      id: f.id,
      kind: f.kind as 'print' | 'proof',
      name: f.name,
      snapshot_version: f.snapshot_version,
      job_id: f.job_id,
      status: job?.status ?? 'failed',
      url: view?.pdf_url ?? null,
      error: job?.status === 'failed' ? (job.error ?? 'failed') : null,
      created_at: iso(f.created_at),
    };
  }

  /** GET /projects/{id}/snapshot: the frozen pages of the order's current lock. */
  async snapshot(storeId: string, projectId: string): Promise<Static<typeof SnapshotEnvelope>['data']> {
    const row = await this.deps.projects.row(storeId, projectId);
    const doc = JSON.parse(row.doc) as ProjectDoc;
    if (typeof doc.snapshot_version !== 'number') throw new AppError('not_found', 'the order has not been received: its designs are not frozen yet');
    const rows = await this.deps.pages.snapshots.ofProject(this.deps.db, storeId, row.id, doc.snapshot_version);
    return { version: doc.snapshot_version, locked_at: doc.locked_at ?? iso(rows[0]?.created_at ?? row.updated_at), pages: rows.map(snapshotView) };
  }
}

function transitionView(r: TransitionRow): Static<typeof Transition> {
  return { from: r.from_state as OrderState | null, to: r.to_state as OrderState, at: iso(r.created_at), actor: { type: r.actor_type, id: r.actor_id }, note: r.note };
}
