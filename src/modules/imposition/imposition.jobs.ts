import type { MarkOptions } from '../../engines/imposition/index.js';
import { JobFailure, bind, jobKind, type JobBinding } from '../../platform/queue/registry.js';
import { backgroundSandbox } from '../../platform/sandbox/background.js';
import { BudgetExceeded, SandboxTaskError, taskModule } from '../../platform/sandbox/pool.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { QUEUED_FLOW } from '../jobs/flows.js';
import type { JobsService } from '../jobs/jobs.service.js';
import { PDF_KIND, type PdfResult } from '../print/index.js';
import type { DesignPages } from '../designs/index.js';
import type { ImpositionOptions, ImpositionReportData } from './imposition.options.js';
import type { ImposeTaskInput, ImposeTaskOutput } from './imposition.task.js';

export { checkPlan, engineOptions, reportOf, sheetOf, type ImpositionOptions, type ImpositionReportData } from './imposition.options.js';

/**
 * What the drawing may use: a thread's heap of this size and this long. The request's caps
 * (slots a sheet and a job, sheets) keep real work far inside; a budget spent fails the job
 * with a clear error instead of taking the process down (and it is not retried: it would
 * spend the same again).
 */
export const IMPOSITION_BUDGET = { timeMs: 180_000, memoryMb: 1536 };

export interface ImpositionPayload {
  name: string;
  pdf_job_id: string | null;
  design_ids: string[];
  project_id: string | null;
  options: ImpositionOptions;
  /** a label beside each slot, by 0-based source page (production batches: the order's code and line) */
  slot_labels?: Array<string | null>;
}

export interface ImpositionResult {
  pdf_key: string;
  size_bytes: number;
  report: ImpositionReportData;
}

/** queued → processing → completed | failed, like the print-ready PDF. Free. */
export const IMPOSITION_KIND = jobKind<ImpositionPayload, ImpositionResult>({
  type: 'imposition',
  statuses: QUEUED_FLOW,
  refundOnFailure: false,
  maxAttempts: 3,
});

export const impositionKey = (storeId: string, jobId: string) => `impositions/${storeId}/${jobId}.pdf`;

export interface ImpositionJobDeps {
  jobs: JobsService;
  blobs: BlobStore;
  pages: DesignPages;
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
  return deps.pages.renderRgb(storeId, p.design_ids, p.name, signal);
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
      labels: p.slot_labels ?? null,
    };
    const out = await runImposeTask({ source: new Uint8Array(bytes), options: o, marks, title: p.name });
    ctx.signal.throwIfAborted();
    const key = impositionKey(storeId, ctx.id);
    await d.blobs.put(key, Buffer.from(out.pdf.buffer, out.pdf.byteOffset, out.pdf.byteLength), { contentType: 'application/pdf' });
    const result: ImpositionResult = { pdf_key: key, size_bytes: out.pdf.length, report: out.report };
    await ctx.saveProgress(result);
    return result;
  });
}

/** The drawing in the background sandbox: the engine's refusals and a spent budget fail the job with their message. */
export async function runImposeTask(input: ImposeTaskInput): Promise<ImposeTaskOutput> {
  try {
    return await backgroundSandbox().run<ImposeTaskOutput>(taskModule(import.meta.url, 'imposition.task'), 'imposeTask', input, IMPOSITION_BUDGET, [input.source.buffer as ArrayBuffer]);
  } catch (err) {
    if (err instanceof SandboxTaskError && err.errorName === 'ImpositionError') throw new JobFailure(err.message, { code: err.code ?? 'imposition' });
    if (err instanceof BudgetExceeded) {
      throw new JobFailure(err.limit === 'memory' ? `the imposition needed more than ${err.value} MiB of memory` : `the imposition did not finish within ${err.value / 1000} s`, { limit: err.limit });
    }
    throw err;
  }
}
