import type { Static } from '@sinclair/typebox';
import { toPt } from '../../engines/imposition/index.js';
import { checkFits } from '../../engines/nesting/index.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { byDesignId, pageBoxesOf, type DesignPages } from '../designs/index.js';
import { fileJobView } from '../jobs/file-job-view.js';
import type { Job, JobsService } from '../jobs/jobs.service.js';
import { GANG_SHEET_KIND, lengthUnit, mergeItems, nestCandidates, nestOptions, sheetOf, type GangOptions, type GangPayload, type GangResult } from './gang-sheets.jobs.js';
import type { CreateGangSheet, GangSheetJob } from './gang-sheets.schemas.js';

/** Nesting costs about n² per strategy and runs in the worker; 2,000 copies take about a second. */
const MAX_COPIES = 2000;
/** A PDF page side is at most 14,400 pt (200 in). */
const MAX_PAGE_PT = 14400;

/** POST /gang-sheets and the job's view on GET /jobs/{id}. */
export class GangSheetsService {
  constructor(private readonly deps: { jobs: JobsService; blobs: BlobStore; pages: DesignPages }) {}

  async create(actor: Actor, storeId: string, body: CreateGangSheet): Promise<Static<typeof GangSheetJob>> {
    const payload = await this.plan(storeId, body);
    return this.present(await this.deps.jobs.createFree(GANG_SHEET_KIND, { accountId: actor.userId, storeId, payload }));
  }

  /** The request checked and turned into the job's payload, without the job (a production batch creates it in its own transaction). */
  async plan(storeId: string, body: CreateGangSheet): Promise<GangPayload> {
    if ((body.roll === undefined) === (body.sheet === undefined)) {
      throw AppError.validation(Object.fromEntries(['roll', 'sheet'].map((k) => [k, ['give exactly one of roll and sheet']])));
    }
    const total = body.items.reduce((a, i) => a + i.quantity, 0);
    if (total > MAX_COPIES) throw AppError.field('items', `at most ${MAX_COPIES} copies in one gang sheet job (asked for ${total})`);
    const unit = body.unit ?? 'mm';
    const options: GangOptions = {
      roll: body.roll ? { width: body.roll.width, unit: body.roll.unit, max_length: body.roll.max_length ?? toUnit(MAX_PAGE_PT, body.roll.unit) } : null,
      sheet: body.sheet ? sheetOf(body.sheet) : null,
      unit,
      spacing: body.spacing ?? (unit === 'mm' ? 3 : toUnit(toPt(3, 'mm'), unit)),
      margins: body.margins ?? (unit === 'mm' ? 5 : toUnit(toPt(5, 'mm'), unit)),
      rotate: body.rotate ?? true,
    };
    const o = nestOptions(options);
    if (options.roll && toPt(options.roll.max_length, options.roll.unit) > MAX_PAGE_PT + 0.01) throw AppError.field('roll.max_length', 'at most 200 in (5080 mm), the PDF page limit');
    if (o.pageWidth > MAX_PAGE_PT + 0.01 || (o.height !== undefined && o.height > MAX_PAGE_PT)) throw AppError.field(options.roll ? 'roll.width' : 'sheet', 'at most 200 in (5080 mm), the PDF page limit');
    if (o.width <= 0 || (o.height !== undefined && o.height <= 0) || (o.maxLength !== undefined && o.maxLength <= 0)) {
      throw new AppError('unprocessable', 'the margins leave no room to print', { fields: { margins: ['leave no room to print'] } });
    }
    const ids = [...new Set(body.items.map((i) => i.design_id))];
    const designs = await this.deps.pages.byIds(storeId, ids);
    this.deps.pages.check(designs, byDesignId(designs, 'items'));
    const sizes = new Map(pageBoxesOf(designs).map((d) => [d.id, d.trim]));
    const items = mergeItems(body.items.map((i) => ({ id: i.design_id, width: sizes.get(i.design_id)!.w, height: sizes.get(i.design_id)!.h, quantity: i.quantity })));
    // A design fits when it fits one of the ways the sheet may go round.
    const candidates = nestCandidates(options);
    const misfits = candidates.map((c) => checkFits(items, c));
    const tooLarge = misfits.reduce((a, b) => (b.length < a.length ? b : a));
    if (tooLarge.length) {
      const where = options.roll ? 'the roll width' : 'the sheet';
      throw new AppError('unprocessable', `${tooLarge.length === 1 ? 'a design does' : `${tooLarge.length} designs do`} not fit ${where} inside the margins${options.rotate ? ', even turned' : ''}: ${tooLarge.join(', ')}`, {
        fields: { items: tooLarge.map((id) => `design ${id} is larger than ${where}`) },
        details: { design_ids: tooLarge },
      });
    }
    return { name: body.name ?? 'Gang sheet', items: body.items.map((i) => ({ design_id: i.design_id, quantity: i.quantity })), options };
  }

  async present(job: Job<GangPayload, GangResult>): Promise<Static<typeof GangSheetJob>> {
    const p = job.payload;
    const { result: r, url, fields } = await fileJobView(this.deps.blobs, GANG_SHEET_KIND, job, { key: (x) => x.pdf_key, downloadName: `gang-sheet-${job.id}.pdf`, failed: 'gang sheet failed' });
    return {
      ...fields,
      type: 'gang_sheet',
      status: job.status as Static<typeof GangSheetJob>['status'],
      name: p.name,
      items: p.items,
      options: p.options as unknown as Record<string, unknown>,
      pdf_url: url,
      length_used: r ? r.length_used : null,
      length_unit: lengthUnit(p.options),
      utilisation: r ? r.utilisation : null,
      report: r ? r.report : null,
    };
  }
}

const toUnit = (pt: number, unit: GangOptions['unit']) => Math.round((pt / toPt(1, unit)) * 1000) / 1000;
