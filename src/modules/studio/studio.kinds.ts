import type { IcpType } from '../../engines/image/face-crop.js';
import { STUDIO_BATCH_FLOW } from '../jobs/flows.js';
import { jobKind } from '../../platform/queue/registry.js';

/** Tokens per image (interface § Limits). */
export const FACE_CROP_COST = 2;
export const FACE_CROP_ENHANCE_COST = 6;
export const QR_COST_PER_SUBJECT = 1;
export const MATCH_COST_PER_FILE = 6;

/** decisions.md § Studio: sync face-crop up to 20 URLs; uploads ≤ 5 answer 200, up to 500 queue. */
export const MAX_SYNC_URLS = 20;
export const MAX_SYNC_UPLOADS = 5;
export const MAX_UPLOAD_FILES = 500;
/** Reference building runs asynchronously from this many subjects. */
export const REFERENCES_ASYNC_FROM = 20;

export const faceCropCost = (enhance: boolean): number => (enhance ? FACE_CROP_ENHANCE_COST : FACE_CROP_COST);

/** A stored input or output of a batch: blob keys, never links (links are made when read). */
export interface BatchFile {
  filename: string;
  key: string;
}

export interface FailedItem {
  filename: string;
  status: 'failed';
  error: { code: string; message: string };
}

export interface StoredCropItem {
  filename: string;
  status: 'completed';
  icp_type: IcpType;
  face_box: { x: number; y: number; w: number; h: number };
  keys: { original: string; medium: string };
}

export type CropItem = StoredCropItem | (FailedItem & { icp_type: IcpType });

export interface FaceCropBatchPayload {
  icpType: IcpType;
  enhance: boolean;
  files: BatchFile[];
}

export interface BatchProgress<I> {
  current: number;
  total: number;
  items: I[];
}

export interface FaceCropBatchResult {
  items: CropItem[];
  failed: number;
  tokens_refunded: number;
  refund_transaction_id: string | null;
}

export const FACE_CROP_BATCH = jobKind<FaceCropBatchPayload, FaceCropBatchResult>({ type: 'studio.face-crop', statuses: STUDIO_BATCH_FLOW });

export interface ReferencesPayload {
  agencyId: number;
  subjectIds: number[];
}

export interface ReferencesResult {
  agency_id: number;
  embeddings_created: number;
  failed: Array<{ subject_id: number; reason: string }>;
}

export const REFERENCES_BATCH = jobKind<ReferencesPayload, ReferencesResult>({ type: 'studio.references', statuses: STUDIO_BATCH_FLOW, refundOnFailure: false });

export interface MatchPayload {
  matchJobId: number;
  agencyId: number;
  threshold: number;
  files: Array<BatchFile & { id: number }>;
}

export interface MatchItem {
  file_id: number;
  filename: string;
  status: 'matched' | 'needs_review' | 'unmatched' | 'failed';
  subject_id: number | null;
  student_id: string | null;
  similarity: number | null;
  error?: { code: string; message: string };
}

export interface MatchResultSummary {
  matched: number;
  needs_review: number;
  unmatched: number;
  failed: number;
  items: MatchItem[];
  tokens_refunded: number;
  refund_transaction_id: string | null;
}

export const MATCH_BATCH = jobKind<MatchPayload, MatchResultSummary>({ type: 'studio.match', statuses: STUDIO_BATCH_FLOW });

export const STUDIO_KINDS = [FACE_CROP_BATCH, REFERENCES_BATCH, MATCH_BATCH] as const;
