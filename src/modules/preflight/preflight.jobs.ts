import { FixError, applyFixes } from '../../engines/prepress/index.js';
import { type FileType, type FixType, type PreflightSpec } from '../../engines/preflight/index.js';
import { AI_FIX_FLOW } from '../jobs/flows.js';
import { BlobNotFound, type BlobStore } from '../../platform/storage/blob-store.js';
import { bind, JobFailure, jobKind, type JobBinding, type JobContext } from '../../platform/queue/registry.js';
import type { PreflightRepo } from './preflight.repo.js';

/** What the creating request decided; the handler never re-derives it (the charge depends on it). */
export interface FixJobPayload {
  reportId: string;
  designId: string;
  /** the report's (detected) file type */
  fileType: FileType;
  fixTypes: FixType[];
  targetDpi: number | null;
  /** full_prepress output standard; absent on jobs queued before PDF/X (then X-1a) and without full_prepress */
  pdfStandard?: 'pdf_x1a' | 'pdf_x4' | null;
  /** the report's spec, kept here so approval can re-check the corrected file even if the report is gone */
  spec: PreflightSpec;
  estimatedTokenCost: { min: number; max: number };
}

export interface FixJobResult {
  /** blob key of the corrected file */
  fileKey: string;
  fileType: FileType;
  mime: string;
  bytes: number;
  applied: FixType[];
  notes: string[];
}

/** AI fix job: analyzing → applying → completed | failed (refunded once, by the job runner). */
export const AI_FIX_JOB = jobKind<FixJobPayload, FixJobResult>({ type: 'preflight.ai_fix', statuses: AI_FIX_FLOW, maxAttempts: 2 });

const EXTENSIONS: Record<FileType, string> = { jpeg: 'jpg', png: 'png', tiff: 'tif', pdf: 'pdf' };

export function sourceKey(reportId: string, fileType: FileType | null): string {
  return `preflight/reports/${reportId}/source.${fileType ? EXTENSIONS[fileType] : 'bin'}`;
}

export function correctedKey(jobId: string, fileType: FileType): string {
  return `preflight/fixes/${jobId}/corrected.${EXTENSIONS[fileType]}`;
}

export interface FixJobDeps {
  repo: PreflightRepo;
  blobs: BlobStore;
}

/**
 * The handler. analyzing: re-read the report's file (the report may have been deleted: the
 * job fails and is refunded). applying: the prepress engine. A FixError (the file or spec does
 * not allow the fix) fails the job at once; a tool crash is retried once, then fails.
 */
export async function runFixJob(deps: FixJobDeps, ctx: JobContext<FixJobPayload>): Promise<FixJobResult> {
  const p = ctx.payload;
  const report = await deps.repo.report(ctx.accountId, p.reportId);
  if (!report || !report.file_key) throw new JobFailure('The preflight report was deleted before its fixes were applied');
  let file: Buffer;
  try {
    file = await deps.blobs.get(report.file_key);
  } catch (err) {
    if (err instanceof BlobNotFound) throw new JobFailure('The checked file is no longer stored');
    throw err;
  }
  await ctx.setStatus('applying');
  let out;
  try {
    out = await applyFixes(file, p.fileType, p.fixTypes, { ...p.spec, ...(p.targetDpi !== null ? { targetDpi: p.targetDpi } : {}) }, { signal: ctx.signal, ...(p.pdfStandard ? { pdfStandard: p.pdfStandard } : {}) });
  } catch (err) {
    // Anything else (a Ghostscript crash, a timeout) is retried, then fails.
    if (err instanceof FixError) throw new JobFailure(`The fixes could not be applied: ${err.message}`, { code: err.code, ...err.details });
    throw err;
  }
  const key = correctedKey(ctx.id, out.fileType);
  await deps.blobs.put(key, out.file, { contentType: out.mime });
  return { fileKey: key, fileType: out.fileType, mime: out.mime, bytes: out.file.length, applied: out.applied, notes: out.notes };
}

/** The kind bound to its handler; `deps` is read when a job runs (built after the registry). */
export function fixJobBinding(deps: FixJobDeps): JobBinding {
  return bind(AI_FIX_JOB, (ctx) => runFixJob(deps, ctx));
}
