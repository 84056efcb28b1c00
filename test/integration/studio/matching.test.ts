import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMBEDDING_MODEL } from '../../../src/engines/vision/matching.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, signUp, type TestUser } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { balance, fixtureServer, multipart, studioImages, transactions, waitForTask } from './helpers.js';

let t: TestApp;
let db: IsolatedDatabase;
let origin: { base: string; close(): Promise<void> };
let images: Record<string, Buffer>;
const events: DomainEvent[] = [];

beforeAll(async () => {
  images = await studioImages();
  origin = await fixtureServer(images);
  db = await isolatedDatabase();
  t = await buildTestApp({ env: { ...db.env, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' } });
  t.deps.events.subscribe(async (e) => void events.push(e));
  await t.deps.startWorkers();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await origin?.close();
  await db?.drop();
});

const url = (name: string) => `${origin.base}/${name}`;
const req = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  t.app.inject({ method, url: `/v1/services/studio${path}`, headers: as.J(user), ...(payload !== undefined ? { payload: payload as object } : {}) });

async function agencyWithJob(user: TestUser): Promise<{ agencyId: number; jobId: number }> {
  const a = await req(user, 'POST', '/agencies', { name: 'Hill Photo', agency_type: 'school' });
  expect(a.statusCode, a.body).toBe(201);
  const agencyId = a.json().id as number;
  const j = await req(user, 'POST', `/agencies/${agencyId}/jobs`, { name: 'Spring 2026', icp_type: 'school' });
  expect(j.statusCode, j.body).toBe(201);
  return { agencyId, jobId: j.json().id as number };
}

async function upload(user: TestUser, agencyId: number, jobId: number, names: string[]): Promise<number[]> {
  const { payload, headers } = multipart({}, names.map((n) => ({ filename: n, body: images[n]! })));
  const res = await t.app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agencyId}/jobs/${jobId}/files`, headers: { ...as.J(user), ...headers }, payload });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().file_ids as number[];
}

describe('agencies, studio jobs, subjects and files', () => {
  it('accepts the account JWT only', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/services/studio/agencies', accepts: ['J'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/services/studio/matching/match-job', payload: { agency_id: 1, job_id: 1 }, accepts: ['J'] }, store);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/services/studio/matching/references', payload: { agency_id: 1 }, accepts: ['J'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/services/studio/matching/jobs/1', accepts: ['J'] }, store);
  });

  it('creates and lists agencies and jobs with numeric ids, scoped to the account', async () => {
    const user = await signUp(t.app);
    const { agencyId, jobId } = await agencyWithJob(user);
    expect(Number.isInteger(agencyId) && Number.isInteger(jobId)).toBe(true);
    const list = await req(user, 'GET', '/agencies');
    expect(list.json().agencies).toEqual([expect.objectContaining({ id: agencyId, name: 'Hill Photo', agency_type: 'school' })]);
    const jobs = await req(user, 'GET', `/agencies/${agencyId}/jobs`);
    expect(jobs.json().jobs).toEqual([expect.objectContaining({ id: jobId, name: 'Spring 2026', status: 'draft', icp_type: 'school' })]);
    expect((await req(user, 'POST', '/agencies', { name: 'X', agency_type: 'club' })).statusCode).toBe(400);
    expect((await req(user, 'POST', `/agencies/${agencyId}/jobs`, { name: 'X', icp_type: 'wedding' })).statusCode).toBe(400);

    const other = await signUp(t.app);
    expect((await req(other, 'GET', '/agencies')).json().agencies).toEqual([]);
    expect((await req(other, 'GET', `/agencies/${agencyId}/jobs`)).statusCode).toBe(404);
    expect((await req(other, 'POST', `/agencies/${agencyId}/jobs`, { name: 'X', icp_type: 'school' })).statusCode).toBe(404);
    expect((await req(other, 'GET', `/agencies/${agencyId}/subjects`)).statusCode).toBe(404);
    expect((await req(other, 'POST', `/agencies/${agencyId}/subjects`, { student_id: 'S', name: 'N' })).statusCode).toBe(404);
    const { payload, headers } = multipart({}, [{ filename: 'a.jpg', body: images['astronaut.jpg']! }]);
    expect((await t.app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agencyId}/jobs/${jobId}/files`, headers: { ...as.J(other), ...headers }, payload })).statusCode).toBe(404);
    expect((await req(other, 'POST', '/matching/references', { agency_id: agencyId })).statusCode).toBe(404);
    expect((await req(user, 'GET', '/agencies/abc/jobs')).statusCode).toBe(400);
  });

  it('adds subjects one at a time or in bulk; uploads job files answering numeric ids', async () => {
    const user = await signUp(t.app);
    const { agencyId, jobId } = await agencyWithJob(user);
    const one = await req(user, 'POST', `/agencies/${agencyId}/subjects`, { student_id: 'S1', name: 'Ann', class_name: '3B' });
    expect(one.statusCode, one.body).toBe(201);
    const bulk = await req(user, 'POST', `/agencies/${agencyId}/subjects`, { subjects: [{ student_id: 'S2', name: 'Bo' }, { student_id: 'S3', name: 'Cy', reference_photo_url: url('camera.jpg') }] });
    expect(bulk.statusCode, bulk.body).toBe(201);
    expect(bulk.json().created).toBe(2);
    const list = (await req(user, 'GET', `/agencies/${agencyId}/subjects`)).json().subjects;
    expect(list.map((s: any) => s.student_id)).toEqual(['S1', 'S2', 'S3']);
    expect(list[2]).toMatchObject({ reference_photo_url: url('camera.jpg'), has_embedding: false });
    expect((await req(user, 'POST', `/agencies/${agencyId}/subjects`, { subjects: [] })).statusCode).toBe(400);
    const ids = await upload(user, agencyId, jobId, ['astronaut.jpg', 'blank.png']);
    expect(ids).toHaveLength(2);
    expect(ids.every((i) => Number.isInteger(i))).toBe(true);
    const mp = multipart({}, [{ filename: 'a.jpg', body: images['astronaut.jpg']! }]);
    const missingJob = await t.app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agencyId}/jobs/${jobId + 999}/files`, headers: { ...as.J(user), ...mp.headers }, payload: mp.payload });
    expect(missingJob.statusCode).toBe(404);
  });
});

describe('matching', () => {
  it('references: synchronous below 20 subjects, free; a photo without a face is reported', async () => {
    const user = await signUp(t.app);
    const { agencyId } = await agencyWithJob(user);
    await req(user, 'POST', `/agencies/${agencyId}/subjects`, {
      subjects: [
        { student_id: 'A', name: 'Astro', reference_photo_url: url('astronaut.jpg') },
        { student_id: 'C', name: 'Cam', reference_photo_url: url('camera.jpg') },
        { student_id: 'B', name: 'Blank', reference_photo_url: url('blank.png') },
        { student_id: 'N', name: 'No photo' },
      ],
    });
    const res = await req(user, 'POST', '/matching/references', { agency_id: agencyId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'completed', agency_id: agencyId, embeddings_created: 2 });
    expect(res.json().failed).toHaveLength(1);
    expect(await balance(t.app, user)).toBe(50);
  });

  it('references: 20 or more subjects run as a job', async () => {
    const user = await signUp(t.app);
    const { agencyId } = await agencyWithJob(user);
    const photos = ['astronaut.jpg', 'camera.jpg', 'messi.jpg', 'julia.jpg'];
    await req(user, 'POST', `/agencies/${agencyId}/subjects`, {
      subjects: Array.from({ length: 20 }, (_, i) => ({ student_id: `S${i}`, name: `N${i}`, reference_photo_url: url(photos[i % 4]!) })),
    });
    const res = await req(user, 'POST', '/matching/references', { agency_id: agencyId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'queued', agency_id: agencyId, embeddings_created: 0 });
    const done = await waitForTask(t.app, user, res.json().task_id);
    expect(done).toMatchObject({ status: 'completed', embeddings_created: 20 });
    expect(done.progress.percentage).toBe(100);
    expect(await balance(t.app, user)).toBe(50);
  }, 60_000);

  it('match-job: 422 without job_id and file_ids, 400 without references or a bad threshold, 402 when short', async () => {
    const user = await signUp(t.app);
    const { agencyId, jobId } = await agencyWithJob(user);
    let res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId });
    expect(res.statusCode).toBe(422);
    res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId, threshold: 0.4 });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toHaveProperty('threshold');
    res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId, threshold: 1 });
    expect(res.statusCode).toBe(400);
    await upload(user, agencyId, jobId, ['astronaut.jpg']);
    res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.message).toMatch(/reference embeddings/);
    res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, file_ids: [987654] });
    expect(res.statusCode).toBe(400);
    // references, then too many files for the wallet (9 × 6 = 54 > 50)
    await req(user, 'POST', `/agencies/${agencyId}/subjects`, { student_id: 'A', name: 'Astro', reference_photo_url: url('astronaut.jpg') });
    expect((await req(user, 'POST', '/matching/references', { agency_id: agencyId })).json().embeddings_created).toBe(1);
    await upload(user, agencyId, jobId, Array.from({ length: 8 }, () => 'blank.png'));
    res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ error: 'INSUFFICIENT_TOKENS', balance: 50, shortfall: 4 });
    expect(await balance(t.app, user)).toBe(50);
    // another account's agency is 404
    const other = await signUp(t.app);
    expect((await req(other, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId })).statusCode).toBe(404);
  });

  it('matches files: matched, needs_review, unmatched, failed (refunded); results per file once completed', async () => {
    const user = await signUp(t.app);
    const { agencyId, jobId } = await agencyWithJob(user);
    await req(user, 'POST', `/agencies/${agencyId}/subjects`, {
      subjects: [
        { student_id: 'A', name: 'Astro', reference_photo_url: url('astronaut.jpg') },
        { student_id: 'C', name: 'Cam', reference_photo_url: url('camera.jpg') },
        { student_id: 'O', name: 'Obama', reference_photo_url: url('obama-2012.jpg') },
      ],
    });
    await req(user, 'POST', '/matching/references', { agency_id: agencyId });
    const ids = await upload(user, agencyId, jobId, ['astronaut.jpg', 'messi.jpg', 'blank.png', 'booker.jpg']);
    const res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, file_ids: ids });
    expect(res.statusCode, res.body).toBe(200);
    const created = res.json();
    expect(created).toMatchObject({ total_files: 4, tokens_deducted: 24, threshold: 0.85 });
    expect(Number.isInteger(created.match_job_id)).toBe(true);
    expect(typeof created.task_id).toBe('string');
    const done: any = await waitFor(
      async () => {
        const r = await req(user, 'GET', `/matching/jobs/${created.match_job_id}`);
        expect(r.statusCode, r.body).toBe(200);
        return r.json().status === 'completed' || r.json().status === 'failed' ? r.json() : undefined;
      },
      'match job',
      60_000,
      100,
    );
    expect(done).toMatchObject({ id: created.match_job_id, status: 'completed', total_files: 4, matched: 1, needs_review: 1, unmatched: 1, failed: 1, tokens_refunded: 6 });
    expect(events.find((e) => (e.data as { id?: number }).id === created.match_job_id && e.topic === 'jobs')).toMatchObject({
      event: 'completed',
      data: { status: 'completed', matched: 1, needs_review: 1, unmatched: 1, failed: 1 },
    });
    const byFile = Object.fromEntries(done.results.map((r: any) => [r.file_id, r]));
    expect(byFile[ids[0]!]).toMatchObject({ status: 'matched', student_id: 'A' });
    expect(byFile[ids[0]!].similarity).toBeGreaterThan(0.95);
    expect(byFile[ids[1]!]).toMatchObject({ status: 'unmatched', subject_id: null });
    expect(byFile[ids[2]!]).toMatchObject({ status: 'failed', error: { code: 'no_face' } });
    // within 0.10 below the threshold (a look-alike of another subject): sent to review with its candidate
    expect(byFile[ids[3]!]).toMatchObject({ status: 'needs_review', student_id: 'O' });
    expect(byFile[ids[3]!].similarity).toBeGreaterThanOrEqual(0.75);
    expect(byFile[ids[3]!].similarity).toBeLessThan(0.85);
    expect(await balance(t.app, user)).toBe(50 - 24 + 6);
    const refund = (await transactions(t.app, user)).find((x) => x.type === 'refund');
    expect(refund).toMatchObject({ amount: 6, refund_of: created.wallet_transaction_id });
    // by job_id as well, and the task is visible under /jobs too
    const byJob = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId });
    expect(byJob.statusCode, byJob.body).toBe(200);
    expect(byJob.json().total_files).toBe(4);
    expect((await waitForTask(t.app, user, byJob.json().task_id)).status).toBe('completed');
    const other = await signUp(t.app);
    expect((await req(other, 'GET', `/matching/jobs/${created.match_job_id}`)).statusCode).toBe(404);
  }, 90_000);

  it('a reference embedded by an earlier model is re-embedded by the next match job, then matches', async () => {
    const user = await signUp(t.app);
    const { agencyId, jobId } = await agencyWithJob(user);
    await req(user, 'POST', `/agencies/${agencyId}/subjects`, { student_id: 'O', name: 'Obama', reference_photo_url: url('obama-2012.jpg') });
    expect((await req(user, 'POST', '/matching/references', { agency_id: agencyId })).json().embeddings_created).toBe(1);
    // As stored before the model change: faceres's 1024-d descriptor under its model id.
    const db = t.deps.database.db;
    const old = Buffer.alloc(1024 * 4, 1).toString('base64');
    await db.updateTable('studio_subjects').set({ embedding: old, embedding_model: 'human-3.3.6/faceres' }).where('agency_id', '=', agencyId).execute();
    // The 2005 portrait, seven years before the reference.
    const ids = await upload(user, agencyId, jobId, ['obama-2005.jpg']);
    const res = await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, file_ids: ids });
    expect(res.statusCode, res.body).toBe(200);
    const done = await waitForTask(t.app, user, res.json().task_id);
    expect(done.status).toBe('completed');
    const m = await req(user, 'GET', `/matching/jobs/${res.json().match_job_id}`);
    expect(m.json().results).toEqual([expect.objectContaining({ file_id: ids[0], status: 'matched', student_id: 'O' })]);
    const row = await db.selectFrom('studio_subjects').select(['embedding', 'embedding_model']).where('agency_id', '=', agencyId).executeTakeFirstOrThrow();
    expect(row.embedding_model).toBe(EMBEDDING_MODEL);
    expect(Buffer.from(row.embedding!, 'base64').length).toBe(128 * 4);
  }, 90_000);
});
