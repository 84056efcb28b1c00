import type { Static } from '@sinclair/typebox';
import { newId } from '../../platform/crypto/ids.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import { AppError } from '../../platform/http/errors.js';
import { iso } from '../../platform/http/resource.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { DesignPage, DesignPages } from '../designs/index.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { MockupsService } from '../mockups/index.js';
import { printFileName, type Mover, type OrdersService, type ProofMaker } from '../orders/index.js';
import { PDF_KIND, type PdfService } from '../print/index.js';
import type { ProjectJson, ProjectsService } from '../projects/index.js';
import type { ProofLinks } from './proofs.links.js';
import { ProofsRepo, type ProofRow, type ProofStatus } from './proofs.repo.js';
import type { DecisionBody, Proof, PublicProof } from './proofs.schemas.js';

export const PROOFS_TOPIC = 'proofs';
/** The proof image of a page: trim and safe-zone lines and the watermark, as POST /designs/{id}/proof draws them. */
const IMAGE = { width: 1200, lines: ['trim', 'safe'] as Array<'trim' | 'safe'>, watermark: 'PROOF', format: 'png' as const };

export interface ProofsDeps {
  db: Db;
  events: EventBus;
  orders: OrdersService;
  projects: ProjectsService;
  pages: DesignPages;
  pdf: PdfService;
  jobs: JobsService;
  mockups: MockupsService;
  blobs: BlobStore;
  /** the store's owner: the account a customer's move acts for */
  owner: (storeId: string) => Promise<string | null>;
  links: ProofLinks;
  ttlHours: number;
  now: () => number;
}

type ProofJson = Static<typeof Proof>;
type PublicProofJson = Static<typeof PublicProof>;

/**
 * Proofs of orders (docs/orders.md § Proofs): made when an order enters `proof_pending` (the
 * orders module's ProofMaker), shown to the customer through a signed, expiring link, and
 * decided there: approving moves the order to `approved` (which makes its print file), asking
 * for changes puts it `on_hold` with the comment as the note.
 */
export class ProofsService implements ProofMaker {
  private readonly repo: ProofsRepo;

  constructor(private readonly deps: ProofsDeps) {
    this.repo = new ProofsRepo(deps.db);
  }

  /** A link expiry from now, in whole seconds (the token carries seconds). */
  private expiry(): Date {
    return new Date(Math.floor((this.deps.now() + this.deps.ttlHours * 3_600_000) / 1000) * 1000);
  }

  /** ProofMaker: inside the transaction that moved the order to proof_pending. */
  async create(tx: DbOrTx, ctx: { storeId: string; project: ProjectJson; pages: DesignPage[]; version: number; mover: Mover }): Promise<Array<{ id: string; type: string }>> {
    const { storeId, project, pages, version, mover } = ctx;
    const rows = await this.deps.pages.snapshots.ofProject(tx, storeId, project.id, version);
    const productId = rows.find((r) => r.product_id)?.product_id ?? null;
    const product = productId ? await this.repo.productName(tx, storeId, productId) : null;
    const name = printFileName({ code: project.code, lineItemId: project.external_ref?.line_item_id ?? null, product, quantity: project.quantity, version }, 'proof');
    const job = await this.deps.jobs.createIn(tx, PDF_KIND, { accountId: mover.accountId, storeId, payload: this.deps.pdf.proofPayload(project.id, pages, name) });
    const now = new Date(this.deps.now()).toISOString();
    await this.deps.orders.repo.addFile(tx, { store_id: storeId, project_id: project.id, kind: 'proof', snapshot_version: version, job_id: job.id, name, created_at: now });
    await this.repo.supersedeAll(tx, storeId, project.id);
    const row: ProofRow = { id: newId(), store_id: storeId, project_id: project.id, snapshot_version: version, status: 'pending', comment: null, decided_at: null, decided_by: null, expires_at: this.expiry().toISOString(), pdf_job_id: job.id, created_at: now };
    await this.repo.insert(tx, row);
    await this.deps.events.publish({ accountId: mover.accountId, storeId, topic: PROOFS_TOPIC, event: 'created', data: { ...this.json(row), project: { id: project.id, code: project.code, name: project.name } } }, tx);
    return [{ id: job.id, type: job.type }];
  }

  json(r: ProofRow): ProofJson {
    return {
      id: r.id,
      project_id: r.project_id,
      snapshot_version: r.snapshot_version,
      status: r.status as ProofStatus,
      comment: r.comment,
      decided_at: r.decided_at ? iso(r.decided_at) : null,
      decided_by: r.decided_by,
      expires_at: iso(r.expires_at),
      pdf_job_id: r.pdf_job_id,
      approval_url: this.deps.links.pageUrl(this.deps.links.token(r.id, new Date(iso(r.expires_at)))),
      created_at: iso(r.created_at),
    };
  }

  // ─── the shop ──────────────────────────────────────────────────────────────

  /** GET /projects/{id}/proofs: newest first, each with its approval link. */
  async list(storeId: string, projectId: string): Promise<ProofJson[]> {
    const project = await this.deps.projects.row(storeId, projectId);
    return (await this.repo.ofProject(storeId, project.id)).map((r) => this.json(r));
  }

  /** POST /projects/{id}/proofs: the current proof's link again, valid for another TTL. */
  async renew(storeId: string, projectId: string): Promise<ProofJson> {
    const project = await this.deps.projects.row(storeId, projectId);
    if (project.state !== 'proof_pending') throw new AppError('conflict', `the order is ${project.state ?? 'draft'}, not proof_pending: only a proof the customer still has to decide gets a new link`, { details: { state: project.state } });
    const current = (await this.repo.ofProject(storeId, project.id)).find((r) => r.status === 'pending');
    if (!current) throw new AppError('conflict', 'the order has no proof waiting for the customer: move it to received (or proof_pending) again to make one');
    const expires = this.expiry().toISOString();
    await this.repo.setExpiry(storeId, current.id, expires);
    return this.json({ ...current, expires_at: expires });
  }

  // ─── the customer (through the link) ───────────────────────────────────────

  /** The proof a link names: 404 when altered or unknown, 410 when expired. */
  private async open(token: string): Promise<ProofRow> {
    const opened = this.deps.links.open(token);
    const row = opened ? await this.repo.byId(opened.proofId) : null;
    if (!opened || !row) throw new AppError('not_found', 'This proof link is not valid: check that it was copied whole, or ask the shop for a new one');
    if (opened.expiresAt.getTime() <= this.deps.now()) {
      throw new AppError('gone', `This proof link expired on ${opened.expiresAt.toISOString()}: ask the shop for a new one`, { details: { expired_at: opened.expiresAt.toISOString() } });
    }
    return row;
  }

  /** GET /proofs/{token}. */
  async view(token: string): Promise<PublicProofJson> {
    return this.publicJson(token, await this.open(token));
  }

  private async publicJson(token: string, r: ProofRow): Promise<PublicProofJson> {
    const project = await this.deps.projects.get(r.store_id, r.project_id);
    const rows = await this.deps.pages.snapshots.ofProject(this.deps.db, r.store_id, r.project_id, r.snapshot_version);
    const file = r.pdf_job_id ? await this.deps.orders.repo.fileByJob(r.pdf_job_id) : null;
    const pdf = file ? await this.deps.orders.fileView(file) : null;
    const api = this.deps.links.apiUrl(token);
    return {
      id: r.id,
      status: r.status as ProofStatus,
      expires_at: iso(r.expires_at),
      created_at: iso(r.created_at),
      decided_at: r.decided_at ? iso(r.decided_at) : null,
      decided_by: r.decided_by,
      comment: r.comment,
      project: { name: project.name, code: project.code, quantity: project.quantity, state: project.state },
      pages: rows.map((p) => ({ id: p.id, name: p.name, position: p.position, image_url: `${api}/pages/${p.id}/image` })),
      pdf: { name: pdf?.name ?? 'proof.pdf', status: pdf?.status ?? 'failed', url: pdf?.url ?? null },
      actions: r.status === 'pending' && project.state === 'proof_pending' ? ['approve', 'request_changes'] : [],
    };
  }

  /** GET /proofs/{token}/pages/{page}/image: the frozen page's proof image (rendered once, then stored). */
  async pageImage(token: string, pageId: string): Promise<Buffer> {
    const r = await this.open(token);
    const rows = await this.deps.pages.snapshots.ofProject(this.deps.db, r.store_id, r.project_id, r.snapshot_version);
    // only the pages of this proof: the link must not render any other design of the store
    if (!rows.some((p) => p.id === pageId)) throw AppError.notFound('Proof page');
    return this.deps.blobs.get((await this.deps.mockups.proofFile(r.store_id, pageId, IMAGE)).key);
  }

  /** POST /proofs/{token}: approve, or ask for changes with a comment. */
  async decide(token: string, body: Static<typeof DecisionBody>): Promise<PublicProofJson> {
    const comment = body.comment?.trim() || null;
    if (body.decision === 'request_changes' && !comment) throw AppError.field('comment', 'is required to ask for changes: say what to change');
    const r = await this.open(token);
    if (r.status === 'superseded') throw new AppError('conflict', 'A newer proof of this order exists: this one can no longer be decided. Ask the shop for the link to the new proof.', { details: { status: r.status } });
    if (r.status !== 'pending') throw new AppError('conflict', `This proof was already decided (${r.status.replace('_', ' ')}${r.decided_at ? ` on ${iso(r.decided_at)}` : ''})`, { details: { status: r.status } });
    const owner = await this.deps.owner(r.store_id);
    if (!owner) throw new AppError('not_found', 'This proof link is not valid: ask the shop for a new one');
    const status: ProofStatus = body.decision === 'approve' ? 'approved' : 'changes_requested';
    const decision = { status, comment, decided_by: body.name?.trim() || null, decided_at: new Date(this.deps.now()).toISOString() };
    const mover: Mover = { type: 'customer', id: r.id, accountId: owner };
    try {
      // the decision and the move it causes commit together, or neither does
      await this.deps.orders.transition(mover, r.store_id, r.project_id, status === 'approved' ? 'approved' : 'on_hold', comment, async (tx) => {
        if (!(await this.repo.decide(r.id, decision, tx))) throw new AppError('conflict', 'This proof was decided a moment ago: reload the page', { details: { status: 'decided' } });
      });
    } catch (err) {
      if (err instanceof AppError && err.code === 'conflict' && err.message.startsWith('This proof')) throw err;
      // the order moved on meanwhile (cancelled, held by the shop): the proof stays undecided
      if (err instanceof AppError && err.code === 'conflict') throw new AppError('conflict', 'The order is no longer waiting for this proof: ask the shop', { details: { status: r.status } });
      throw err;
    }
    return this.publicJson(token, (await this.repo.byId(r.id))!);
  }
}
