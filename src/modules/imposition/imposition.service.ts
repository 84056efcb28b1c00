import type { Static } from '@sinclair/typebox';
import { ImpositionError, toPt, type Edges, type SourceInfo } from '../../engines/imposition/index.js';
import { describeSource, type SourcePage } from '../../engines/imposition/index.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { fileJobView } from '../jobs/file-job-view.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import { MAX_PDF_PAGES, PDF_KIND, type PdfResult } from '../print/index.js';
import { byDesignId, pageBoxesOf, type DesignPages } from '../designs/index.js';
import { checkPlan, IMPOSITION_KIND, sheetOf, type ImpositionOptions, type ImpositionPayload, type ImpositionResult } from './imposition.jobs.js';
import type { CreateImposition, ImpositionJob } from './imposition.schemas.js';


/** What an ImpositionError means to the caller: 422 (the request cannot work on this source). */
export function unprocessable(err: ImpositionError, field: string): AppError {
  return new AppError('unprocessable', err.message, { fields: { [field]: [err.message] }, details: { code: err.code, ...err.details } });
}

const edges = (v: number | Edges | undefined, dflt: number): Edges => (v === undefined ? { top: dflt, right: dflt, bottom: dflt, left: dflt } : typeof v === 'number' ? { top: v, right: v, bottom: v, left: v } : v);

/** Where the pages come from: exactly one of pdf_job_id, design_ids, project_id. */
export function oneSource(body: { pdf_job_id?: string; design_ids?: string[]; project_id?: string }): void {
  const given = (['pdf_job_id', 'design_ids', 'project_id'] as const).filter((k) => body[k] !== undefined);
  if (given.length !== 1) {
    throw AppError.validation(Object.fromEntries((given.length ? given : ['pdf_job_id', 'design_ids', 'project_id']).map((k) => [k, ['give exactly one of pdf_job_id, design_ids and project_id']])));
  }
}

/** POST /impositions and the job's view on GET /jobs/{id}. */
export class ImpositionService {
  constructor(private readonly deps: { jobs: JobsService; blobs: BlobStore; pages: DesignPages }) {}

  normalise(body: CreateImposition): ImpositionOptions {
    const booklet = body.booklet ?? null;
    if (booklet) {
      const clash = (['layout', 'gutter', 'rotate', 'order', 'copies', 'sides'] as const).filter((k) => body[k] !== undefined && !(k === 'layout' && body.layout === 'auto'));
      if (clash.length) throw AppError.validation(Object.fromEntries(clash.map((k) => [k, ['does not apply to a booklet: each sheet side holds one spread, printed sheetwise']])));
    }
    if (booklet?.binding === 'saddle_stitch' && booklet.signature_pages !== undefined) throw AppError.field('booklet.signature_pages', 'applies to perfect_bound only: a saddle-stitched booklet is one section');
    const sheet = sheetOf(body.sheet);
    // A PDF page side is at most 14,400 pt (200 in).
    if (Math.max(toPt(sheet.width, sheet.unit), toPt(sheet.height, sheet.unit)) > 14400.01) throw AppError.field('sheet', 'a sheet side is at most 200 in (5080 mm), the PDF page limit');
    const gutter = body.gutter === undefined ? null : typeof body.gutter === 'number' ? { x: body.gutter, y: body.gutter } : body.gutter;
    return {
      sheet: { ...sheet, orientation: body.sheet.orientation ?? 'auto' },
      layout: body.layout ?? 'auto',
      unit: body.unit ?? 'mm',
      margins: edges(body.margins, body.unit && body.unit !== 'mm' ? (body.unit === 'inch' ? 0.4 : body.unit === 'cm' ? 1 : 28.35) : 10),
      gutter,
      bleed: body.bleed ?? 'keep',
      rotate: body.rotate ?? true,
      order: body.order ?? null,
      copies: body.copies ?? null,
      sides: body.sides ?? 'simplex',
      marks: { crop: body.marks?.crop ?? true, registration: body.marks?.registration ?? true, color_bar: body.marks?.color_bar ?? true, slug: body.marks?.slug ?? true },
      booklet: booklet ? { binding: booklet.binding, signature_pages: booklet.signature_pages ?? 16, creep: booklet.creep ?? 0 } : null,
    };
  }

  async create(actor: Actor, storeId: string, body: CreateImposition): Promise<Static<typeof ImpositionJob>> {
    const payload = await this.plan(storeId, body);
    return this.present(await this.deps.jobs.createFree(IMPOSITION_KIND, { accountId: actor.userId, storeId, payload }));
  }

  /**
   * The request checked and turned into the job's payload, without the job: every 400 and 422
   * of POST /impositions. A production batch calls it with frozen page ids and creates the job
   * in its own transaction.
   */
  async plan(storeId: string, body: CreateImposition): Promise<ImpositionPayload> {
    oneSource(body);
    const options = this.normalise(body);
    let pages: SourcePage[];
    let designIds: string[] = [];
    if (body.pdf_job_id) {
      pages = await this.pdfJobPages(storeId, body.pdf_job_id);
    } else {
      const designs = body.design_ids
        ? await this.deps.pages.byIds(storeId, body.design_ids)
        : (await this.deps.pages.ofProject(storeId, body.project_id!, { max: MAX_PDF_PAGES, empty: 'the project has no designs to print', tooMany: `a production job takes at most ${MAX_PDF_PAGES} designs` })).pages;
      this.deps.pages.check(designs, byDesignId(designs, body.design_ids ? 'design_ids' : 'project_id'));
      designIds = designs.map((d) => d.id);
      pages = pageBoxesOf(designs).map((p) => ({ trim: p.trim, bleed: p.bleed, media: p.bleed }));
    }
    // Everything knowable now is answered now, by arithmetic before any slot exists: mixed sizes,
    // an item too small, a sheet too small, too many slots or sheets, a bad section size.
    let src: SourceInfo;
    try {
      src = describeSource(pages);
      checkPlan(options, src);
    } catch (err) {
      if (err instanceof ImpositionError) {
        const source = body.pdf_job_id ? 'pdf_job_id' : body.design_ids ? 'design_ids' : 'project_id';
        const field = {
          mixed_page_sizes: source,
          item_too_small: source,
          sheet_too_small: 'sheet',
          too_many_sheets: 'copies',
          // too many a sheet: the sheet and layout; too many in all: the copies
          too_many_slots: err.details.slots_per_sheet !== undefined ? 'sheet' : 'copies',
          invalid_source: 'pdf_job_id',
          invalid_options: body.booklet ? 'booklet' : 'layout',
        }[err.code];
        throw unprocessable(err, field);
      }
      throw err;
    }
    return {
      name: body.name ?? 'Imposition',
      pdf_job_id: body.pdf_job_id ?? null,
      design_ids: designIds,
      project_id: body.project_id ?? null,
      options,
    };
  }

  /** Page boxes of a completed PDF job of this store: 404 when it is not one, 409 while it runs, 422 when it failed. */
  private async pdfJobPages(storeId: string, id: string): Promise<SourcePage[]> {
    const job = await this.deps.jobs.byId(id).catch(() => null);
    if (!job || job.storeId !== storeId || job.type !== PDF_KIND.type) throw AppError.notFound('PDF job');
    if (job.status === PDF_KIND.statuses.failed) throw new AppError('unprocessable', 'the PDF job failed: there is no file to impose', { fields: { pdf_job_id: ['the PDF job failed'] } });
    if (job.status !== PDF_KIND.statuses.completed) throw new AppError('conflict', `the PDF job is ${job.status}: impose it once its status is completed`, { details: { pdf_job_status: job.status } });
    const r = job.result as PdfResult;
    const box = (b: number[]) => ({ x: b[0]!, y: b[1]!, w: b[2]! - b[0]!, h: b[3]! - b[1]! });
    return r.pages.map((p) => ({ trim: box(p.trimBox), bleed: box(p.bleedBox), media: box(p.mediaBox) }));
  }

  async present(job: Job<ImpositionPayload, ImpositionResult>): Promise<Static<typeof ImpositionJob>> {
    const p = job.payload;
    const { result: r, url, fields } = await fileJobView(this.deps.blobs, IMPOSITION_KIND, job, { key: (x) => x.pdf_key, downloadName: `imposition-${job.id}.pdf`, failed: 'imposition failed' });
    return {
      ...fields,
      type: 'imposition',
      status: job.status as Static<typeof ImpositionJob>['status'],
      name: p.name,
      pdf_job_id: p.pdf_job_id,
      design_ids: p.design_ids,
      project_id: p.project_id,
      mode: p.options.booklet ? 'booklet' : 'flat',
      options: p.options as unknown as Record<string, unknown>,
      pdf_url: url,
      report: r ? r.report : null,
    };
  }
}
