import { DEFAULT_MATCH_THRESHOLD, embeddingFromBytes, embeddingToBytes, type ReferenceEmbedding } from '../../engines/vision/matching.js';
import { iso, nowIso } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import { chargedFields, type Job } from '../jobs/jobs.service.js';
import type { IdempotencyRequest, StoredResponse } from '../wallet/idempotency.js';
import type { AgencyRow, FileRow, MatchJobRow, ReviewRow, SubjectRow } from './studio.repo.js';
import { MATCH_BATCH, MATCH_COST_PER_FILE, MAX_UPLOAD_FILES, REFERENCES_ASYNC_FROM, REFERENCES_BATCH, type BatchProgress, type MatchItem, type MatchResultSummary } from './studio.kinds.js';
import { itemError, type StudioDeps } from './studio.service.js';

/**
 * Matching photos to an agency's subjects: each subject's reference embedding (free; a batch
 * job from REFERENCES_ASYNC_FROM subjects), then paid match jobs (MATCH_BATCH) over uploaded files.
 */
export class StudioMatching {
  constructor(
    private readonly d: StudioDeps,
    /** the caller's agency, or 404 */
    private readonly agency: (accountId: string, id: number) => Promise<AgencyRow>,
  ) {}

  // ---- reference embeddings (free) ---------------------------------------------------------

  /** Builds one subject's embedding; a failure is recorded on the subject, never thrown (unless unexpected). */
  async embedSubject(accountId: string, subject: Pick<SubjectRow, 'id' | 'reference_photo_url'>): Promise<string | null> {
    try {
      const photo = await this.d.fetcher.fetch(subject.reference_photo_url!, { accept: 'image/*' });
      const embedding = await this.d.engines.embed(photo.body);
      await this.d.repo.setEmbedding(accountId, subject.id, { embedding: embeddingToBytes(embedding).toString('base64'), embedding_model: this.d.engines.embeddingModel, embedding_error: null }, nowIso());
      return null;
    } catch (err) {
      const e = itemError(err);
      if (!e) throw err;
      await this.d.repo.setEmbedding(accountId, subject.id, { embedding: null, embedding_model: null, embedding_error: e.message }, nowIso());
      return e.message;
    }
  }

  async buildReferences(accountId: string, agencyId: number) {
    await this.agency(accountId, agencyId);
    const subjects = (await this.d.repo.listSubjects(accountId, agencyId)).filter(
      (s) => s.reference_photo_url !== null && !(s.embedding !== null && s.embedding_model === this.d.engines.embeddingModel),
    );
    if (subjects.length >= REFERENCES_ASYNC_FROM) {
      const job = await this.d.jobs.createFree(REFERENCES_BATCH, { accountId, payload: { agencyId, subjectIds: subjects.map((s) => s.id) } });
      return { status: job.status, agency_id: agencyId, embeddings_created: 0, task_id: job.id, total_subjects: subjects.length };
    }
    const failed: Array<{ subject_id: number; reason: string }> = [];
    for (const s of subjects) {
      const reason = await this.embedSubject(accountId, s);
      if (reason) failed.push({ subject_id: s.id, reason });
    }
    return { status: 'completed', agency_id: agencyId, embeddings_created: subjects.length - failed.length, total_subjects: subjects.length, failed };
  }

  /**
   * Subjects whose embedding was made by another model than the engine's (a model change):
   * they are re-embedded by themselves when the agency's files are next matched.
   */
  async staleSubjects(accountId: string, agencyId: number): Promise<SubjectRow[]> {
    const current = this.d.engines.embeddingModel;
    return (await this.d.repo.listSubjects(accountId, agencyId)).filter((s) => s.reference_photo_url !== null && s.embedding !== null && s.embedding_model !== current);
  }

  /** Re-embeds the stale references (see staleSubjects); a photo that now fails is recorded on its subject. */
  async refreshStale(accountId: string, agencyId: number, signal?: AbortSignal): Promise<number> {
    const stale = await this.staleSubjects(accountId, agencyId);
    for (const s of stale) {
      signal?.throwIfAborted();
      await this.embedSubject(accountId, s);
    }
    return stale.length;
  }

  async referencesOf(accountId: string, agencyId: number): Promise<ReferenceEmbedding<number>[]> {
    const rows = await this.d.repo.references(accountId, agencyId, this.d.engines.embeddingModel);
    return rows.map((r) => ({ subjectId: r.id, embedding: embeddingFromBytes(Buffer.from(r.embedding, 'base64')) }));
  }

  // ---- matching ----------------------------------------------------------------------------

  async createMatchJob(accountId: string, body: { agency_id: number; job_id?: number; file_ids?: number[]; threshold?: number }, idem: IdempotencyRequest | null): Promise<StoredResponse> {
    if (body.job_id === undefined && body.file_ids === undefined) {
      throw new AppError('unprocessable', 'job_id or file_ids is required', { fields: { job_id: ['job_id or file_ids is required'], file_ids: ['job_id or file_ids is required'] } });
    }
    const agencyId = body.agency_id;
    await this.agency(accountId, agencyId);
    const files: FileRow[] = [];
    if (body.job_id !== undefined) {
      if (!(await this.d.repo.job(accountId, agencyId, body.job_id))) throw AppError.notFound('Job');
      files.push(...(await this.d.repo.filesOfJob(accountId, agencyId, body.job_id)));
    }
    if (body.file_ids !== undefined) {
      const ids = [...new Set(body.file_ids)];
      const found = await this.d.repo.filesByIds(accountId, agencyId, ids);
      const missing = ids.filter((id) => !found.some((f) => f.id === id));
      if (missing.length > 0) throw AppError.field('file_ids', `unknown file ids for this agency: ${missing.slice(0, 20).join(', ')}`);
      for (const f of found) if (!files.some((x) => x.id === f.id)) files.push(f);
    }
    if (files.length === 0) throw AppError.field(body.file_ids !== undefined ? 'file_ids' : 'job_id', 'there are no files to match');
    if (files.length > MAX_UPLOAD_FILES) throw AppError.field('file_ids', `at most ${MAX_UPLOAD_FILES} files per match job`);
    // References of an earlier model count: the job re-embeds them before it matches.
    const refs = await this.d.repo.references(accountId, agencyId, this.d.engines.embeddingModel);
    if (refs.length === 0 && (await this.staleSubjects(accountId, agencyId)).length === 0) throw new AppError('bad_request', 'The agency has no reference embeddings; call POST /services/studio/matching/references first');

    const threshold = body.threshold ?? DEFAULT_MATCH_THRESHOLD;
    const match = await this.d.repo.insertMatchJob(accountId, { agency_id: agencyId, total_files: files.length, threshold }, nowIso());
    let out;
    try {
      out = await this.d.jobs.create(MATCH_BATCH, {
        accountId,
        payload: { matchJobId: match.id, agencyId, threshold, files: files.map((f) => ({ id: f.id, filename: f.filename, key: f.blob_key })) },
        cost: MATCH_COST_PER_FILE * files.length,
        idempotency: idem,
        respond: (job, charge) => ({ status: 200, body: { match_job_id: match.id, task_id: job.id, status: job.status, total_files: files.length, threshold, ...chargedFields(charge) } }),
      });
    } catch (err) {
      await this.d.repo.deleteMatchJob(match.id);
      throw err;
    }
    if (out.replayed) {
      await this.d.repo.deleteMatchJob(match.id);
      return out.response;
    }
    await this.d.repo.setMatchTask(match.id, out.job.id);
    return out.response!;
  }

  async matchJob(accountId: string, id: number) {
    const row = await this.d.repo.matchJob(accountId, id);
    if (!row || row.task_id === null) throw AppError.notFound('Match job');
    const job = await this.d.jobs.get(MATCH_BATCH, accountId, row.task_id);
    const view = this.matchView(row, job);
    if (job.state === 'completed') view.results = await this.reviewedResults(accountId, row, (job.result as MatchResultSummary).items);
    return view;
  }

  /**
   * The results as GET /services/studio/matching/jobs/{id} shows them: each with a 24 h link to
   * its photo (`file_url`) and the photographer's decision (`review`, null until reviewed).
   */
  private async reviewedResults(accountId: string, row: MatchJobRow, items: MatchItem[]) {
    const reviews = new Map((await this.d.repo.reviewsOf(accountId, row.id)).map((r) => [r.file_id, r]));
    const files = new Map((await this.d.repo.filesByIds(accountId, Number(row.agency_id), items.map((i) => i.file_id))).map((f) => [Number(f.id), f]));
    const studentIds = new Map((await this.d.repo.listSubjects(accountId, Number(row.agency_id))).map((s) => [s.id, s.student_id]));
    return Promise.all(
      items.map(async (item) => {
        const file = files.get(item.file_id);
        const review = reviews.get(item.file_id);
        return { ...item, file_url: file ? await this.d.blobs.url(file.blob_key) : null, review: review ? reviewDto(review, studentIds) : null };
      }),
    );
  }

  /**
   * Records the photographer's decision on one result of a completed match job: `subject_id`
   * is who the photo shows (null: nobody of the agency). Same as the job's candidate →
   * confirmed; another subject → reassigned; null → rejected. A later decision replaces it.
   */
  async review(accountId: string, matchJobId: number, body: { file_id: number; subject_id: number | null }) {
    const row = await this.d.repo.matchJob(accountId, matchJobId);
    if (!row || row.task_id === null) throw AppError.notFound('Match job');
    const job = await this.d.jobs.get(MATCH_BATCH, accountId, row.task_id);
    if (job.state !== 'completed') throw new AppError('conflict', 'The match job has not completed; its results can be reviewed once it has');
    const item = (job.result as MatchResultSummary).items.find((i) => i.file_id === body.file_id);
    if (!item) throw AppError.field('file_id', 'is not a file of this match job');
    if (item.status === 'failed') throw AppError.field('file_id', 'the file had no readable face; there is nothing to review');
    const subjects = await this.d.repo.listSubjects(accountId, Number(row.agency_id));
    if (body.subject_id !== null && !subjects.some((s) => s.id === body.subject_id)) throw AppError.field('subject_id', 'is not a subject of this agency');
    const decision = body.subject_id === null ? 'rejected' : body.subject_id === item.subject_id ? 'confirmed' : 'reassigned';
    const saved = await this.d.repo.saveReview(accountId, { match_job_id: row.id, file_id: item.file_id, decision, subject_id: body.subject_id }, nowIso());
    return { match_job_id: row.id, file_id: item.file_id, ...reviewDto(saved, new Map(subjects.map((s) => [s.id, s.student_id]))) };
  }

  /** A match job as GET /services/studio/matching/jobs/{id} shows it. */
  matchView(row: MatchJobRow, job: Job) {
    const progress = job.progress as BatchProgress<MatchItem> | null;
    const items = job.state === 'completed' ? (job.result as MatchResultSummary).items : (progress?.items ?? []);
    const count = (s: MatchItem['status']) => items.filter((i) => i.status === s).length;
    const out: Record<string, unknown> = {
      id: row.id,
      task_id: row.task_id,
      agency_id: Number(row.agency_id),
      status: job.status,
      threshold: row.threshold,
      total_files: row.total_files,
      processed: items.length,
      matched: count('matched'),
      needs_review: count('needs_review'),
      unmatched: count('unmatched'),
      failed: count('failed'),
      tokens_deducted: job.cost,
      wallet_transaction_id: job.chargeTxId,
      created_at: iso(row.created_at),
      completed_at: job.completedAt,
      error_message: job.state === 'failed' ? job.error : null,
    };
    if (job.state === 'completed') {
      const r = job.result as MatchResultSummary;
      out.results = r.items;
      out.tokens_refunded = r.tokens_refunded;
      out.refund_transaction_id = r.refund_transaction_id;
    }
    return out;
  }
}

function reviewDto(r: ReviewRow, studentIds: Map<number, string>) {
  return { decision: r.decision, subject_id: r.subject_id, student_id: r.subject_id === null ? null : (studentIds.get(r.subject_id) ?? null), reviewed_at: iso(r.updated_at) };
}
