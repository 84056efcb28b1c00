import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { JobKind } from '../../platform/queue/registry.js';
import type { Job } from './jobs.service.js';

/** How long the download link of a finished file job is valid. */
export const FILE_LINK_TTL_S = 24 * 3600;

/** The fields every job that makes one downloadable file shows (PDF, imposition, gang sheet, merge), in its own view. */
export interface FileJobFields {
  id: string;
  expires_at: string | null;
  size_bytes: number | null;
  error: string | null;
  error_code: string | null;
  created_at: string;
  completed_at: string | null;
}

/**
 * The common part of a file job's view: the result once completed, a signed download link
 * to its file (24 h, with a download name), when that link expires, its size, the error of
 * a failed job (`failed` when the job recorded none) with its code, and the timestamps.
 */
export async function fileJobView<P, R extends { size_bytes: number }>(
  blobs: BlobStore,
  kind: JobKind<P, R>,
  job: Job<P, R>,
  file: { key: (r: R) => string; downloadName: string; failed: string },
): Promise<{ result: R | null; url: string | null; fields: FileJobFields }> {
  const result = job.status === kind.statuses.completed ? job.result : null;
  return {
    result,
    url: result ? await blobs.url(file.key(result), { ttlSeconds: FILE_LINK_TTL_S, downloadName: file.downloadName }) : null,
    fields: {
      id: job.id,
      expires_at: result ? new Date(Date.now() + FILE_LINK_TTL_S * 1000).toISOString() : null,
      size_bytes: result ? result.size_bytes : null,
      error: job.status === kind.statuses.failed ? (job.error ?? file.failed) : null,
      error_code: job.status === kind.statuses.failed ? job.errorCode : null,
      created_at: job.createdAt,
      completed_at: job.completedAt,
    },
  };
}

/** `error_code` of a file job's view (the schema, so every file job documents it alike). */
export const JOB_ERROR_CODE_DESCRIPTION =
  'The failure\'s machine-readable code when the job failed with one (docs/print-files.md lists the print codes: `missing_glyphs`, `ink_limit_exceeded`, `pdfx_transparency`, `asset_unavailable`…); null otherwise';
