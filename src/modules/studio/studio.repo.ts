import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { StudioAgenciesTable, StudioFilesTable, StudioJobsTable, StudioMatchJobsTable, StudioMatchReviewsTable, StudioSubjectsTable } from '../../platform/db/schema.js';
import type { Selectable } from 'kysely';

export type AgencyRow = Selectable<StudioAgenciesTable>;
export type StudioJobRow = Selectable<StudioJobsTable>;
export type SubjectRow = Selectable<StudioSubjectsTable>;
export type FileRow = Selectable<StudioFilesTable>;
export type MatchJobRow = Selectable<StudioMatchJobsTable>;
export type ReviewRow = Selectable<StudioMatchReviewsTable>;

const num = <T extends { id: number }>(r: T): T => ({ ...r, id: Number(r.id) });

/** The only place studio SQL lives; every method takes the owning account. */
export class StudioRepo {
  constructor(private readonly db: Db) {}

  // ---- agencies ---------------------------------------------------------------------------

  async listAgencies(accountId: string): Promise<AgencyRow[]> {
    const rows = await this.db.selectFrom('studio_agencies').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
    return rows.map(num);
  }

  async insertAgency(accountId: string, v: { name: string; agency_type: string }, now: string): Promise<AgencyRow> {
    const row = await this.db
      .insertInto('studio_agencies')
      .values({ account_id: accountId, name: v.name, agency_type: v.agency_type, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return num(row);
  }

  async agency(accountId: string, id: number): Promise<AgencyRow | null> {
    const row = await this.db.selectFrom('studio_agencies').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row ? num(row) : null;
  }

  // ---- studio jobs ------------------------------------------------------------------------

  async listJobs(accountId: string, agencyId: number): Promise<StudioJobRow[]> {
    const rows = await this.db.selectFrom('studio_jobs').selectAll().where('account_id', '=', accountId).where('agency_id', '=', agencyId).orderBy('id').execute();
    return rows.map(num);
  }

  async insertJob(accountId: string, agencyId: number, v: { name: string; icp_type: string; status: string }, now: string): Promise<StudioJobRow> {
    const row = await this.db
      .insertInto('studio_jobs')
      .values({ account_id: accountId, agency_id: agencyId, ...v, created_at: now, updated_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return num(row);
  }

  async job(accountId: string, agencyId: number, id: number): Promise<StudioJobRow | null> {
    const row = await this.db
      .selectFrom('studio_jobs')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('agency_id', '=', agencyId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row ? num(row) : null;
  }

  // ---- subjects ---------------------------------------------------------------------------

  async insertSubjects(
    accountId: string,
    agencyId: number,
    subjects: ReadonlyArray<{ student_id: string; name: string; class_name: string | null; reference_photo_url: string | null }>,
    now: string,
  ): Promise<SubjectRow[]> {
    if (subjects.length === 0) return [];
    const rows = await this.db
      .insertInto('studio_subjects')
      .values(subjects.map((s) => ({ account_id: accountId, agency_id: agencyId, ...s, created_at: now, updated_at: now })))
      .returningAll()
      .execute();
    return rows.map(num).sort((a, b) => a.id - b.id);
  }

  async listSubjects(accountId: string, agencyId: number): Promise<SubjectRow[]> {
    const rows = await this.db.selectFrom('studio_subjects').selectAll().where('account_id', '=', accountId).where('agency_id', '=', agencyId).orderBy('id').execute();
    return rows.map(num);
  }

  async setEmbedding(accountId: string, id: number, v: { embedding: string | null; embedding_model: string | null; embedding_error: string | null }, now: string): Promise<void> {
    await this.db.updateTable('studio_subjects').set({ ...v, updated_at: now }).where('account_id', '=', accountId).where('id', '=', id).execute();
  }

  async references(accountId: string, agencyId: number, model: string): Promise<Array<{ id: number; embedding: string }>> {
    const rows = await this.db
      .selectFrom('studio_subjects')
      .select(['id', 'embedding'])
      .where('account_id', '=', accountId)
      .where('agency_id', '=', agencyId)
      .where('embedding_model', '=', model)
      .where('embedding', 'is not', null)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({ id: Number(r.id), embedding: r.embedding! }));
  }

  // ---- files ------------------------------------------------------------------------------

  async insertFiles(
    accountId: string,
    agencyId: number,
    jobId: number,
    files: ReadonlyArray<{ filename: string; blob_key: string; content_type: string; size_bytes: number }>,
    now: string,
  ): Promise<FileRow[]> {
    if (files.length === 0) return [];
    const rows = await this.db
      .insertInto('studio_files')
      .values(files.map((f) => ({ account_id: accountId, agency_id: agencyId, job_id: jobId, ...f, created_at: now })))
      .returningAll()
      .execute();
    return rows.map((r) => ({ ...num(r), job_id: Number(r.job_id), size_bytes: Number(r.size_bytes) })).sort((a, b) => a.id - b.id);
  }

  async filesOfJob(accountId: string, agencyId: number, jobId: number): Promise<FileRow[]> {
    const rows = await this.db
      .selectFrom('studio_files')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('agency_id', '=', agencyId)
      .where('job_id', '=', jobId)
      .orderBy('id')
      .execute();
    return rows.map(num);
  }

  async filesByIds(accountId: string, agencyId: number, ids: readonly number[]): Promise<FileRow[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom('studio_files')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('agency_id', '=', agencyId)
      .where('id', 'in', [...ids])
      .orderBy('id')
      .execute();
    return rows.map(num);
  }

  // ---- match jobs -------------------------------------------------------------------------

  async insertMatchJob(accountId: string, v: { agency_id: number; total_files: number; threshold: number }, now: string): Promise<MatchJobRow> {
    const row = await this.db
      .insertInto('studio_match_jobs')
      .values({ account_id: accountId, ...v, task_id: null, created_at: now })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...num(row), threshold: Number(row.threshold) };
  }

  async setMatchTask(id: number, taskId: string): Promise<void> {
    await this.db.updateTable('studio_match_jobs').set({ task_id: taskId }).where('id', '=', id).execute();
  }

  async deleteMatchJob(id: number): Promise<void> {
    await this.db.deleteFrom('studio_match_jobs').where('id', '=', id).execute();
  }

  async matchJob(accountId: string, id: number): Promise<MatchJobRow | null> {
    const row = await this.db.selectFrom('studio_match_jobs').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return row ? { ...num(row), threshold: Number(row.threshold) } : null;
  }

  async matchJobByTask(db: DbOrTx, taskId: string): Promise<MatchJobRow | null> {
    const row = await db.selectFrom('studio_match_jobs').selectAll().where('task_id', '=', taskId).executeTakeFirst();
    return row ? { ...num(row), threshold: Number(row.threshold) } : null;
  }

  // ---- review decisions -------------------------------------------------------------------

  /** Records (or replaces) the decision on one file of a match job. */
  async saveReview(accountId: string, v: { match_job_id: number; file_id: number; decision: ReviewRow['decision']; subject_id: number | null }, now: string): Promise<ReviewRow> {
    const row = await this.db
      .insertInto('studio_match_reviews')
      .values({ account_id: accountId, ...v, created_at: now, updated_at: now })
      .onConflict((oc) => oc.columns(['match_job_id', 'file_id']).doUpdateSet({ decision: v.decision, subject_id: v.subject_id, updated_at: now }))
      .returningAll()
      .executeTakeFirstOrThrow();
    return { ...row, match_job_id: Number(row.match_job_id), file_id: Number(row.file_id), subject_id: row.subject_id === null ? null : Number(row.subject_id) };
  }

  async reviewsOf(accountId: string, matchJobId: number): Promise<ReviewRow[]> {
    const rows = await this.db.selectFrom('studio_match_reviews').selectAll().where('account_id', '=', accountId).where('match_job_id', '=', matchJobId).execute();
    return rows.map((r) => ({ ...r, match_job_id: Number(r.match_job_id), file_id: Number(r.file_id), subject_id: r.subject_id === null ? null : Number(r.subject_id) }));
  }
}
