import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, signUp, type TestUser } from '../../helpers/factories.js';
import { fetchLink, fixtureServer, multipart, studioImages, waitForTask } from './helpers.js';

// Review decisions on a match job's results: POST /services/studio/matching/jobs/{id}/reviews,
// and the results' `file_url` and `review`.

let t: TestApp;
let db: IsolatedDatabase;
let origin: { base: string; close(): Promise<void> };
let images: Record<string, Buffer>;

beforeAll(async () => {
  images = await studioImages();
  origin = await fixtureServer(images);
  db = await isolatedDatabase();
  t = await buildTestApp({ env: { ...db.env, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' } });
  await t.deps.startWorkers();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await origin?.close();
  await db?.drop();
});

const req = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: unknown) =>
  t.app.inject({ method, url: `/v1/services/studio${path}`, headers: as.J(user), ...(payload !== undefined ? { payload: payload as object } : {}) });

describe('match review decisions', () => {
  it('accepts the account JWT only', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/services/studio/matching/jobs/1/reviews', payload: { file_id: 1, subject_id: null }, accepts: ['J'] }, store);
  });

  it('confirms, reassigns and rejects needs_review results; the match job shows each decision and a link to each photo', async () => {
    const user = await signUp(t.app);
    const agencyId = (await req(user, 'POST', '/agencies', { name: 'Hill Photo', agency_type: 'school' })).json().id as number;
    const jobId = (await req(user, 'POST', `/agencies/${agencyId}/jobs`, { name: 'Spring', icp_type: 'school' })).json().id as number;
    const subjects = (
      await req(user, 'POST', `/agencies/${agencyId}/subjects`, {
        subjects: [
          { student_id: 'A', name: 'Astro', reference_photo_url: `${origin.base}/astronaut.jpg` },
          { student_id: 'O', name: 'Obama', reference_photo_url: `${origin.base}/obama-2012.jpg` },
        ],
      })
    ).json().subjects as Array<{ id: number; student_id: string }>;
    const astro = subjects[0]!;
    const obama = subjects[1]!;
    expect((await req(user, 'POST', '/matching/references', { agency_id: agencyId })).json().embeddings_created).toBe(2);
    // Cory Booker, a look-alike of the Obama reference (match score ≈ 0.79): needs_review, three times
    const { payload, headers } = multipart({}, ['b1.jpg', 'b2.jpg', 'b3.jpg', 'blank.png'].map((n) => ({ filename: n, body: images[n.startsWith('b') && n !== 'blank.png' ? 'booker.jpg' : n]! })));
    const up = await t.app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agencyId}/jobs/${jobId}/files`, headers: { ...as.J(user), ...headers }, payload });
    expect(up.statusCode, up.body).toBe(201);
    const ids = up.json().file_ids as number[];
    const created = (await req(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId })).json();
    expect((await waitForTask(t.app, user, created.task_id)).status).toBe('completed');
    const path = `/matching/jobs/${created.match_job_id}/reviews`;

    const before = (await req(user, 'GET', `/matching/jobs/${created.match_job_id}`)).json();
    expect(before.needs_review).toBe(3);
    for (const r of before.results) expect(r.review).toBeNull();
    const photo = await fetchLink(t.app, before.results[0].file_url);
    expect(photo.statusCode).toBe(200);
    expect(photo.raw.equals(images['booker.jpg']!)).toBe(true);

    let res = await req(user, 'POST', path, { file_id: ids[0], subject_id: obama.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ match_job_id: created.match_job_id, file_id: ids[0], decision: 'confirmed', subject_id: obama.id, student_id: 'O' });
    res = await req(user, 'POST', path, { file_id: ids[1], subject_id: astro.id });
    expect(res.json()).toMatchObject({ decision: 'reassigned', subject_id: astro.id, student_id: 'A' });
    res = await req(user, 'POST', path, { file_id: ids[2], subject_id: null });
    expect(res.json()).toMatchObject({ decision: 'rejected', subject_id: null, student_id: null });
    // a later decision replaces the earlier one
    res = await req(user, 'POST', path, { file_id: ids[2], subject_id: obama.id });
    expect(res.json()).toMatchObject({ decision: 'confirmed', subject_id: obama.id });

    const after = (await req(user, 'GET', `/matching/jobs/${created.match_job_id}`)).json();
    const byFile = Object.fromEntries(after.results.map((r: any) => [r.file_id, r]));
    expect(byFile[ids[0]!].review).toMatchObject({ decision: 'confirmed', subject_id: obama.id });
    expect(byFile[ids[1]!].review).toMatchObject({ decision: 'reassigned', subject_id: astro.id });
    expect(byFile[ids[2]!].review).toMatchObject({ decision: 'confirmed', subject_id: obama.id });
    expect(byFile[ids[3]!]).toMatchObject({ status: 'failed', review: null });

    // a failed file, a file of no result, a subject of no agency of it, a bad body
    expect((await req(user, 'POST', path, { file_id: ids[3], subject_id: null })).statusCode).toBe(400);
    expect((await req(user, 'POST', path, { file_id: 987654, subject_id: null })).json().error).toHaveProperty('file_id');
    expect((await req(user, 'POST', path, { file_id: ids[0], subject_id: 987654 })).json().error).toHaveProperty('subject_id');
    expect((await req(user, 'POST', path, { file_id: ids[0] })).statusCode).toBe(400);
    expect((await req(user, 'POST', `/matching/jobs/987654/reviews`, { file_id: ids[0], subject_id: null })).statusCode).toBe(404);
    // another account's match job is 404
    const other = await signUp(t.app);
    expect((await req(other, 'POST', path, { file_id: ids[0], subject_id: null })).statusCode).toBe(404);
  }, 120_000);
});
