import type { AnalysisResult, PreflightSpec } from '../../engines/preflight/index.js';
import { newId } from '../../platform/crypto/ids.js';
import type { Db } from '../../platform/db/index.js';
import { nowIso } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { BlobNotFound, type BlobStore } from '../../platform/storage/blob-store.js';
import type { Job } from '../jobs/jobs.service.js';
import { AI_FIX_JOB, sourceKey, type FixJobPayload, type FixJobResult } from './preflight.jobs.js';
import { notCompleted } from './preflight.mapping.js';
import type { PreflightRepo, ReportRow, ReviewRow } from './preflight.repo.js';

/** What approval needs of the catalog: the store's Images (built by the catalog's images service). */
export interface StoreImages {
  /** stores `body` as a new Image of `storeId`, thumbnails and all, as an uploaded image is; answers its id */
  save(storeId: string, file: { filename: string; name: string; body: Buffer }): Promise<string>;
  /** removes an Image of `storeId` and its files */
  remove(storeId: string, id: string): Promise<void>;
}

export interface ReviewDeps {
  db: Db;
  repo: PreflightRepo;
  blobs: BlobStore;
  images: StoreImages;
  analyze(file: Buffer, spec: PreflightSpec): Promise<AnalysisResult>;
}

export interface ApprovedView {
  jobId: string;
  review: 'approved';
  resolvedReportId: string;
  approvedFileUrl: string;
  imageId: string | null;
}

type FixJob = Job<FixJobPayload, FixJobResult>;

const EXTENSIONS: Record<string, string> = { jpeg: 'jpg', png: 'png', tiff: 'tif', pdf: 'pdf' };
const REJECTED = 'This AI fix job was rejected; it cannot be approved';

/**
 * Approve (decisions.md § Preflight): only a completed job. The corrected file is checked
 * again against the original spec (a new report, no monthly check used) and, when the job
 * was created with a store context (`jobs.store_id`: JWT + X-Service-Store-Sid), stored as a
 * catalog Image of that store. The review names the image once it is stored (first one
 * wins; a concurrent approve that stored its own removes it), so a repeated or concurrent
 * approve answers the same report and the same image, and an approve whose image upload
 * failed is completed by the next one.
 */
export async function approveFix(d: ReviewDeps, accountId: string, job: FixJob): Promise<ApprovedView> {
  const existing = await d.repo.review(accountId, job.id);
  if (existing) {
    if (existing.decision !== 'approved') throw new AppError('conflict', REJECTED);
    return approvedView(d, job, existing);
  }
  if (job.status !== AI_FIX_JOB.statuses.completed || !job.result) throw notCompleted(job.status, 'approved');
  const file = await correctedFile(d, job.result.fileKey);
  const analysis = await d.analyze(file, job.payload.spec);
  const id = newId();
  const key = sourceKey(id, analysis.fileType);
  await d.blobs.put(key, file, { contentType: job.result.mime });
  const row: ReportRow = {
    id,
    account_id: accountId,
    design_id: job.payload.designId,
    file_url: null,
    source_job_id: job.id,
    file_type: analysis.fileType,
    status: analysis.status,
    issues: JSON.stringify(analysis.issues),
    notes: JSON.stringify(analysis.notes),
    summary: analysis.summary === null ? null : JSON.stringify(analysis.summary),
    spec: JSON.stringify(job.payload.spec),
    file_key: key,
    created_at: nowIso(),
  };
  await d.repo.insertReport(d.db, row);
  const { row: review, inserted } = await d.repo.decide({
    job_id: job.id,
    account_id: accountId,
    decision: 'approved',
    resolved_report_id: id,
    file_key: job.result.fileKey,
    image_id: null,
    created_at: nowIso(),
  });
  if (!inserted) {
    // A concurrent approve or reject won: drop this duplicate report.
    await d.repo.deleteReport(accountId, id);
    await d.blobs.delete(key);
    if (review.decision !== 'approved') throw new AppError('conflict', REJECTED);
  }
  return approvedView(d, job, review, file);
}

/** Reject (decisions.md): only a completed job; the corrected file is discarded; no refund. Idempotent. */
export async function rejectFix(d: ReviewDeps, accountId: string, job: FixJob): Promise<{ jobId: string; review: 'rejected' }> {
  const existing = await d.repo.review(accountId, job.id);
  if (existing) {
    if (existing.decision !== 'rejected') throw new AppError('conflict', 'This AI fix job was approved; it cannot be rejected');
    return { jobId: job.id, review: 'rejected' };
  }
  if (job.status !== AI_FIX_JOB.statuses.completed || !job.result) throw notCompleted(job.status, 'rejected');
  const { row } = await d.repo.decide({ job_id: job.id, account_id: accountId, decision: 'rejected', resolved_report_id: null, file_key: null, image_id: null, created_at: nowIso() });
  if (row.decision !== 'rejected') throw new AppError('conflict', 'This AI fix job was approved; it cannot be rejected');
  await d.blobs.delete(job.result.fileKey);
  return { jobId: job.id, review: 'rejected' };
}

async function correctedFile(d: ReviewDeps, fileKey: string): Promise<Buffer> {
  try {
    return await d.blobs.get(fileKey);
  } catch (err) {
    // A reject that raced this approve has discarded the file.
    if (err instanceof BlobNotFound) throw new AppError('conflict', 'The corrected file of this AI fix job was discarded (rejected); it cannot be approved');
    throw err;
  }
}

async function approvedView(d: ReviewDeps, job: FixJob, review: ReviewRow, file?: Buffer): Promise<ApprovedView> {
  const imageId = job.storeId ? (review.image_id ?? (await storeImage(d, job, job.storeId, review.file_key!, file))) : null;
  return { jobId: job.id, review: 'approved', resolvedReportId: review.resolved_report_id!, approvedFileUrl: await d.blobs.url(review.file_key!), imageId };
}

/** The approved file as an Image of the job's store, named on the review; the first one named stands. */
async function storeImage(d: ReviewDeps, job: FixJob, storeId: string, fileKey: string, file?: Buffer): Promise<string> {
  const body = file ?? (await correctedFile(d, fileKey));
  const ext = EXTENSIONS[job.result?.fileType ?? ''] ?? 'bin';
  const id = await d.images.save(storeId, { filename: `${job.payload.designId}-fixed.${ext}`, name: `${job.payload.designId} (AI fix)`, body });
  if (await d.repo.setImage(job.id, id)) return id;
  // A concurrent approve named its image first: that one stands, this one goes.
  await d.images.remove(storeId, id);
  const named = (await d.repo.review(job.accountId, job.id))?.image_id;
  if (!named) throw new Error(`the approval of job ${job.id} names no image`);
  return named;
}
