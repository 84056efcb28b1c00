import { bind, type JobBinding, type JobContext } from '../../platform/queue/registry.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { JobsService } from '../jobs/jobs.service.js';
import type { StudioEngines } from './studio.engines.js';
import type { StudioService } from './studio.service.js';
import { itemError } from './studio.service.js';
import type { StudioRepo } from './studio.repo.js';
import {
  FACE_CROP_BATCH,
  faceCropCost,
  MATCH_BATCH,
  MATCH_COST_PER_FILE,
  REFERENCES_BATCH,
  type BatchProgress,
  type CropItem,
  type FaceCropBatchPayload,
  type FaceCropBatchResult,
  type MatchItem,
  type MatchPayload,
  type MatchResultSummary,
  type ReferencesPayload,
  type ReferencesResult,
} from './studio.kinds.js';

export interface StudioHandlerDeps {
  repo: StudioRepo;
  /** the paid-job lifecycle: failed items are refunded through it */
  jobs: JobsService;
  blobs: BlobStore;
  engines: StudioEngines;
  studio: StudioService;
}

/** Items an earlier attempt finished (progress is a checkpoint), so a re-delivery resumes. */
function resume<I>(ctx: JobContext<unknown>, total: number): I[] {
  const p = ctx.progress as BatchProgress<I> | null;
  return p && Array.isArray(p.items) ? p.items.slice(0, total) : [];
}

/** The studio's job handlers: batch face crop, reference embeddings, matching. */
export function studioJobHandlers(deps: StudioHandlerDeps): JobBinding[] {
  const faceCrop = bind(FACE_CROP_BATCH, async (ctx: JobContext<FaceCropBatchPayload>): Promise<FaceCropBatchResult> => {
    const { files, icpType, enhance } = ctx.payload;
    const items = resume<CropItem>(ctx as JobContext<unknown>, files.length);
    const prefix = `studio/${ctx.accountId}/face-crop/${ctx.id}`;
    for (let i = items.length; i < files.length; i++) {
      ctx.signal.throwIfAborted();
      const f = files[i]!;
      items.push(await deps.studio.cropOne(ctx.accountId, prefix, i, f.filename, () => deps.blobs.get(f.key), icpType, enhance));
      await ctx.saveProgress({ current: items.length, total: files.length, items });
    }
    const failed = items.filter((i) => i.status === 'failed').length;
    const refund = await deps.jobs.refundPart(ctx.id, failed * faceCropCost(enhance), `${ctx.type}:${ctx.id}:items`);
    return { items, failed, tokens_refunded: refund.amount, refund_transaction_id: refund.id };
  });

  const references = bind(REFERENCES_BATCH, async (ctx: JobContext<ReferencesPayload>): Promise<ReferencesResult> => {
    const { agencyId, subjectIds } = ctx.payload;
    type Done = { subject_id: number; reason: string | null };
    const done = resume<Done>(ctx as JobContext<unknown>, subjectIds.length);
    const subjects = new Map((await deps.repo.listSubjects(ctx.accountId, agencyId)).map((s) => [s.id, s]));
    for (let i = done.length; i < subjectIds.length; i++) {
      ctx.signal.throwIfAborted();
      const s = subjects.get(subjectIds[i]!);
      const reason = !s || !s.reference_photo_url ? 'subject or its reference photo no longer exists' : await deps.studio.matching.embedSubject(ctx.accountId, s);
      done.push({ subject_id: subjectIds[i]!, reason });
      await ctx.saveProgress({ current: done.length, total: subjectIds.length, items: done });
    }
    const failed = done.filter((d) => d.reason !== null).map((d) => ({ subject_id: d.subject_id, reason: d.reason! }));
    return { agency_id: agencyId, embeddings_created: done.length - failed.length, failed };
  });

  const match = bind(MATCH_BATCH, async (ctx: JobContext<MatchPayload>): Promise<MatchResultSummary> => {
    const { files, agencyId, threshold } = ctx.payload;
    const items = resume<MatchItem>(ctx as JobContext<unknown>, files.length);
    // References embedded by an earlier model are re-embedded first (a model change needs no rebuild call).
    await deps.studio.matching.refreshStale(ctx.accountId, agencyId, ctx.signal);
    const refs = await deps.studio.matching.referencesOf(ctx.accountId, agencyId);
    const studentIds = new Map((await deps.repo.listSubjects(ctx.accountId, agencyId)).map((s) => [s.id, s.student_id]));
    for (let i = items.length; i < files.length; i++) {
      ctx.signal.throwIfAborted();
      const f = files[i]!;
      let item: MatchItem;
      try {
        const r = await deps.engines.match(await deps.blobs.get(f.key), refs, threshold);
        item =
          r.status === 'failed'
            ? { file_id: f.id, filename: f.filename, status: 'failed', subject_id: null, student_id: null, similarity: null, error: { code: r.code, message: r.reason } }
            : { file_id: f.id, filename: f.filename, status: r.status, subject_id: r.subjectId, student_id: r.subjectId === null ? null : (studentIds.get(r.subjectId) ?? null), similarity: r.similarity };
      } catch (err) {
        const e = itemError(err);
        if (!e) throw err;
        item = { file_id: f.id, filename: f.filename, status: 'failed', subject_id: null, student_id: null, similarity: null, error: e };
      }
      items.push(item);
      await ctx.saveProgress({ current: items.length, total: files.length, items });
    }
    const count = (s: MatchItem['status']) => items.filter((i) => i.status === s).length;
    const failed = count('failed');
    const refund = await deps.jobs.refundPart(ctx.id, failed * MATCH_COST_PER_FILE, `${ctx.type}:${ctx.id}:items`);
    return { matched: count('matched'), needs_review: count('needs_review'), unmatched: count('unmatched'), failed, items, tokens_refunded: refund.amount, refund_transaction_id: refund.id };
  });

  return [faceCrop, references, match];
}

