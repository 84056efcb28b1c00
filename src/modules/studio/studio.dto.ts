import path from 'node:path';
import { VisionError } from '../../engines/vision/errors.js';
import { iso } from '../../platform/db/index.js';
import { FetchError } from '../../platform/fetch/safe-fetch.js';
import type { AgencyRow, FileRow, StudioJobRow, SubjectRow } from './studio.repo.js';

// The studio's small shared pieces: file names, item errors, and the rows as the API shows them.

/** Where a user URL's file name comes from: its last path segment. */
export function filenameOf(url: string, index: number): string {
  try {
    const base = path.posix.basename(new URL(url).pathname);
    if (base) return decodeURIComponent(base).slice(0, 255);
  } catch {
    /* fall through */
  }
  return `image-${index + 1}`;
}

/** Safe blob key segment from a client file name. */
export function safeSegment(name: string): string {
  const cleaned = name.replace(/[^A-Za-z0-9._-]/g, '_').replace(/^[._-]+/, '').slice(0, 100);
  return cleaned || 'file';
}

export function itemError(err: unknown): { code: string; message: string } | null {
  if (err instanceof VisionError) return { code: err.code, message: err.message };
  if (err instanceof FetchError) return { code: `fetch_${err.code}`, message: `the image could not be fetched: ${err.message}` };
  return null;
}

export function agencyDto(r: AgencyRow) {
  return { id: r.id, name: r.name, agency_type: r.agency_type, created_at: iso(r.created_at) };
}
export function studioJobDto(r: StudioJobRow) {
  return { id: r.id, agency_id: Number(r.agency_id), name: r.name, status: r.status, icp_type: r.icp_type, created_at: iso(r.created_at) };
}
export function subjectDto(r: SubjectRow) {
  return {
    id: r.id,
    agency_id: Number(r.agency_id),
    student_id: r.student_id,
    name: r.name,
    class_name: r.class_name,
    reference_photo_url: r.reference_photo_url,
    has_embedding: r.embedding !== null,
    embedding_error: r.embedding_error,
    created_at: iso(r.created_at),
  };
}
export function fileDto(r: FileRow) {
  return { id: r.id, job_id: Number(r.job_id), filename: r.filename, content_type: r.content_type, size_bytes: Number(r.size_bytes), created_at: iso(r.created_at) };
}
