import {
  fromPt,
  impose,
  imposeBooklet,
  ImpositionError,
  planBooklet,
  planImposition,
  SHEET_PRESETS,
  toPt,
  type BookletOptions,
  type Edges,
  type ImposeOptions,
  type LengthUnit,
  type MarkOptions,
  type Order,
  type Plan,
  type SheetPreset,
  type Sides,
  type SourceInfo,
} from '../../engines/imposition/index.js';
import { bind, jobKind, JobFailure, type JobBinding } from '../../platform/queue/registry.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { PDF_KIND, type PdfResult } from '../print/print.kinds.js';
import type { DesignSource } from './design-source.js';

/** The request with every default filled in: what the job runs and what its view shows. */
export interface ImpositionOptions {
  sheet: { preset: SheetPreset | null; width: number; height: number; unit: LengthUnit; orientation: 'auto' | 'portrait' | 'landscape' };
  layout: 'auto' | { rows: number; cols: number };
  unit: LengthUnit;
  margins: Edges;
  /** null: twice the source's bleed when bleed is kept, else 0 */
  gutter: { x: number; y: number } | null;
  bleed: 'keep' | 'trim';
  rotate: boolean;
  /** null: step_and_repeat for one item, else cut_and_stack */
  order: Order | null;
  copies: number | null;
  sides: Sides;
  marks: { crop: boolean; registration: boolean; color_bar: boolean; slug: boolean };
  booklet: { binding: 'saddle_stitch' | 'perfect_bound'; signature_pages: number; creep: number } | null;
}

export interface ImpositionPayload {
  name: string;
  pdf_job_id: string | null;
  design_ids: string[];
  project_id: string | null;
  options: ImpositionOptions;
}

export interface ImpositionReportData {
  sheets: number;
  pages: number;
  sheet: { width: number; height: number };
  item: { width: number; height: number; bleed: number };
  layout: { rows: number; cols: number; rotated: boolean } | null;
  per_sheet: number;
  blanks: number;
  source_pages: number;
  /** the order and gutter used (defaults resolved); null for a booklet */
  order: Order | null;
  gutter: { x: number; y: number } | null;
  sides: Array<{ page: number; sheet: number; side: 'front' | 'back' | 'both'; signature?: number; slots: Array<{ source_page: number | null; x: number; y: number; width: number; height: number; rotation: number }> }>;
}

export interface ImpositionResult {
  pdf_key: string;
  size_bytes: number;
  report: ImpositionReportData;
}

/** queued → processing → completed | failed, like the print-ready PDF. Free. */
export const IMPOSITION_KIND = jobKind<ImpositionPayload, ImpositionResult>({
  type: 'imposition',
  statuses: { created: 'queued', started: 'processing', completed: 'completed', failed: 'failed' },
  refundOnFailure: false,
  maxAttempts: 3,
});

export const impositionKey = (storeId: string, jobId: string) => `impositions/${storeId}/${jobId}.pdf`;

/** Engine options (points) for a source; `plan` decides whether it all fits (ImpositionError otherwise). */
export function engineOptions(o: ImpositionOptions, src: SourceInfo): { flat: ImposeOptions } | { booklet: BookletOptions } {
  const sheetUnit = o.sheet.unit;
  const sheet = { width: toPt(o.sheet.width, sheetUnit), height: toPt(o.sheet.height, sheetUnit), orientation: o.sheet.orientation };
  if (Math.max(sheet.width, sheet.height) > 14400) throw new ImpositionError('invalid_options', 'a sheet side is at most 200 in (5080 mm), the PDF page limit');
  const u = (v: number) => toPt(v, o.unit);
  const margins = { top: u(o.margins.top), right: u(o.margins.right), bottom: u(o.margins.bottom), left: u(o.margins.left) };
  if (o.booklet) {
    return { booklet: { sheet, margins, binding: o.booklet.binding, signaturePages: o.booklet.signature_pages, creep: u(o.booklet.creep), bleed: o.bleed } };
  }
  const keptBleed = o.bleed === 'keep' ? src.bleed : 0;
  const gutter = o.gutter ? { x: u(o.gutter.x), y: u(o.gutter.y) } : { x: 2 * keptBleed, y: 2 * keptBleed };
  const items = o.sides === 'simplex' ? src.pages : Math.ceil(src.pages / 2);
  const order = o.order ?? (items === 1 ? 'step_and_repeat' : 'cut_and_stack');
  return { flat: { sheet, margins, gutter, layout: o.layout, rotate: o.rotate, sides: o.sides, bleed: o.bleed, order, ...(o.copies ? { copies: o.copies } : {}) } };
}

/** Plans without drawing: the request-time check (sheet too small, bad signature size). */
export function planFor(o: ImpositionOptions, src: SourceInfo): Plan {
  const e = engineOptions(o, src);
  return 'flat' in e ? planImposition(src, e.flat) : planBooklet(src, e.booklet);
}

/** The preset's size, or the custom one. */
export function sheetOf(s: { preset: SheetPreset } | { width: number; height: number; unit: LengthUnit }): { preset: SheetPreset | null; width: number; height: number; unit: LengthUnit } {
  if ('preset' in s) {
    const p = SHEET_PRESETS[s.preset];
    return { preset: s.preset, width: p.width, height: p.height, unit: p.unit };
  }
  return { preset: null, width: s.width, height: s.height, unit: s.unit };
}

const mm = (pt: number) => Math.round(fromPt(pt, 'mm') * 1000) / 1000;
const MAX_REPORTED_SIDES = 200;

export function reportOf(plan: Plan, src: SourceInfo, used: ImposeOptions | null): ImpositionReportData {
  return {
    sheets: plan.sheets,
    pages: plan.sides.length,
    sheet: { width: mm(plan.sheet.width), height: mm(plan.sheet.height) },
    item: { width: mm(src.trim.w), height: mm(src.trim.h), bleed: mm(src.bleed) },
    layout: plan.grid ? { rows: plan.grid.rows, cols: plan.grid.cols, rotated: plan.grid.rotated } : null,
    per_sheet: plan.perSheet,
    blanks: plan.blanks,
    source_pages: src.pages,
    order: used ? used.order : null,
    gutter: used ? { x: mm(used.gutter.x), y: mm(used.gutter.y) } : null,
    sides: plan.sides.slice(0, MAX_REPORTED_SIDES).map((s, i) => ({
      page: i + 1,
      sheet: s.sheet,
      side: s.side,
      ...(s.signature !== undefined ? { signature: s.signature } : {}),
      slots: s.items.map((it) => ({ source_page: it.page === null ? null : it.page + 1, x: mm(it.trim.x), y: mm(it.trim.y), width: mm(it.trim.w), height: mm(it.trim.h), rotation: it.rotation })),
    })),
  };
}

export interface ImpositionJobDeps {
  jobs: JobsService;
  blobs: BlobStore;
  source: DesignSource;
}

/** The source PDF's bytes: the PDF job's file, or the designs rendered now. */
export async function sourceBytes(deps: ImpositionJobDeps, storeId: string, p: Pick<ImpositionPayload, 'pdf_job_id' | 'design_ids' | 'name'>, signal: AbortSignal): Promise<Uint8Array> {
  if (p.pdf_job_id) {
    const job = await deps.jobs.byId(p.pdf_job_id);
    if (!job || job.storeId !== storeId || job.type !== PDF_KIND.type || job.status !== PDF_KIND.statuses.completed) throw new JobFailure(`PDF job ${p.pdf_job_id} is no longer available`);
    const key = (job.result as PdfResult).pdf_key;
    if (!(await deps.blobs.head(key))) throw new JobFailure(`the file of PDF job ${p.pdf_job_id} is gone`);
    return deps.blobs.get(key);
  }
  return deps.source.render(storeId, p.design_ids, signal, p.name);
}

export function impositionJob(deps: () => ImpositionJobDeps): JobBinding {
  return bind(IMPOSITION_KIND, async (ctx) => {
    const d = deps();
    const done = ctx.progress as Partial<ImpositionResult> | null;
    if (done?.pdf_key && (await d.blobs.head(done.pdf_key))) return done as ImpositionResult;
    const storeId = ctx.storeId;
    if (!storeId) throw new JobFailure('an imposition belongs to a store');
    const p = ctx.payload;
    const bytes = await sourceBytes(d, storeId, p, ctx.signal);
    const o = p.options;
    const marks: MarkOptions = {
      cropMarks: o.marks.crop,
      registrationMarks: o.marks.registration,
      colorBar: o.marks.color_bar,
      slug: o.marks.slug ? { jobName: p.name, date: new Date().toISOString().slice(0, 10) } : null,
    };
    let out;
    let used: ImposeOptions | null = null;
    try {
      const draw = { marks, title: p.name, signal: ctx.signal };
      out = o.booklet
        ? await imposeBooklet(bytes, (src) => (engineOptions(o, src) as { booklet: BookletOptions }).booklet, draw)
        : await impose(bytes, (src) => (used = (engineOptions(o, src) as { flat: ImposeOptions }).flat), draw);
    } catch (err) {
      if (err instanceof ImpositionError) throw new JobFailure(err.message, { code: err.code });
      throw err;
    }
    const key = impositionKey(storeId, ctx.id);
    await d.blobs.put(key, Buffer.from(out.pdf), { contentType: 'application/pdf' });
    const result: ImpositionResult = { pdf_key: key, size_bytes: out.pdf.length, report: reportOf(out.plan, out.source, used) };
    await ctx.saveProgress(result);
    return result;
  });
}
