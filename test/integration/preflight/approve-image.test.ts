import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { checkOk, finished, fixtureSpec, type FixtureFiles, startFixJobApp } from './helpers.js';

// An approved AI fix becomes a catalog Image of the store the job was created for
// (docs/preflight.md, "Approve: the corrected file as an Image").
let t: TestApp;
let files: FixtureFiles;
let suite: Awaited<ReturnType<typeof startFixJobApp>> | undefined;

beforeAll(async () => {
  suite = await startFixJobApp();
  ({ t, files } = suite);
});
afterAll(() => suite?.close());

const FIXTURE = 'raster-low-res-warning.jpg';

/** A completed fix job of `store`'s owner, created with `headers` (JWT alone, or JWT + store). */
async function completedJob(store: TestStore, headers: Record<string, string>): Promise<string> {
  const r = await checkOk(t.app, store.owner, files.url(FIXTURE), fixtureSpec(FIXTURE));
  const res = await t.app.inject({ method: 'POST', url: '/v1/services/preflight/ai-jobs', headers, payload: { preflightReportId: r.reportId } });
  expect(res.statusCode, res.body).toBe(202);
  const jobId = res.json().data.jobId as string;
  await finished(t.app, store.owner, jobId);
  return jobId;
}

const approve = (jobId: string, headers: Record<string, string>) => t.app.inject({ method: 'POST', url: `/v1/services/preflight/ai-jobs/${jobId}/approve`, headers });

async function imageIds(store: TestStore): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: '/v1/images?limit=100', headers: as.B(store) });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data as Array<{ id: string }>).map((i) => i.id);
}

describe('approve: the corrected file as an Image of the job’s store', () => {
  it('a job created with JWT + X-Service-Store-Sid: approve stores an Image in that store, with thumbnails; idempotent; the owner’s other store and another tenant never see it', async () => {
    const store = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
    const otherStore = await createStore(t.app, store.owner, { tier: 'pro', deps: t.deps });
    const stranger = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
    const jobId = await completedJob(store, as.JS(store));

    // Approved from the owner's other store: the image still goes to the job's store.
    const [a, b] = await Promise.all([approve(jobId, as.JS(otherStore)), approve(jobId, as.J(store.owner))]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    const approved = a.json().data;
    expect(approved).toMatchObject({ jobId, review: 'approved', resolvedReportId: expect.any(String), approvedFileUrl: expect.any(String), imageId: expect.any(String) });
    expect(b.json().data.imageId).toBe(approved.imageId);
    const again = await approve(jobId, as.J(store.owner));
    expect(again.json().data).toMatchObject({ imageId: approved.imageId, resolvedReportId: approved.resolvedReportId });

    expect(await imageIds(store)).toEqual([approved.imageId]);
    const image = await t.app.inject({ method: 'GET', url: `/v1/images/${approved.imageId}`, headers: as.B(store) });
    expect(image.statusCode, image.body).toBe(200);
    const data = image.json().data;
    expect(data).toMatchObject({ name: 'design-1 (AI fix)', type: null, mime_type: 'image/jpeg', is_default: false });
    // The image is the approved corrected file, byte for byte, with thumbnails made as for an upload.
    const path = (url: string) => url.replace('http://folio.test', '');
    const original = await t.app.inject({ method: 'GET', url: path(data.url) });
    const corrected = await t.app.inject({ method: 'GET', url: path(approved.approvedFileUrl) });
    expect(original.statusCode, original.body + ' ' + data.url).toBe(200);
    expect(original.rawPayload.equals(corrected.rawPayload)).toBe(true);
    expect(data.size_bytes).toBe(corrected.rawPayload.length);
    for (const size of ['small', 'medium'] as const) {
      const thumb = await t.app.inject({ method: 'GET', url: path(data.thumbnails[size]) });
      expect(thumb.statusCode, size).toBe(200);
      expect(thumb.headers['content-type']).toBe('image/webp');
    }
    expect(await imageIds(otherStore)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/v1/images/${approved.imageId}`, headers: as.B(otherStore) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/images/${approved.imageId}`, headers: as.B(stranger) })).statusCode).toBe(404);
    // Another tenant cannot approve (or learn of) the job.
    expect((await approve(jobId, as.JS(stranger))).statusCode).toBe(404);
  });

  it('a job created with the JWT alone has no store: imageId null, the file stays at approvedFileUrl, no store gains an image', async () => {
    const store = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
    const jobId = await completedJob(store, as.J(store.owner));
    // Approving with a store header does not choose a store for a job that has none.
    const res = await approve(jobId, as.JS(store));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ review: 'approved', imageId: null, approvedFileUrl: expect.any(String) });
    const link = (res.json().data.approvedFileUrl as string).replace('http://folio.test', '');
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    expect(await imageIds(store)).toEqual([]);
  });

  it('the store header must name a store of the caller (401), and a rejected job stores nothing', async () => {
    const store = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
    const stranger = await createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
    const r = await checkOk(t.app, store.owner, files.url(FIXTURE), fixtureSpec(FIXTURE));
    const foreign = await t.app.inject({ method: 'POST', url: '/v1/services/preflight/ai-jobs', headers: { ...as.J(store.owner), 'x-service-store-sid': stranger.sid }, payload: { preflightReportId: r.reportId } });
    expect(foreign.statusCode, foreign.body).toBe(401);
    const jobId = await completedJob(store, as.JS(store));
    expect((await t.app.inject({ method: 'POST', url: `/v1/services/preflight/ai-jobs/${jobId}/reject`, headers: as.JS(store) })).statusCode).toBe(200);
    expect((await approve(jobId, as.JS(store))).statusCode).toBe(409);
    expect(await imageIds(store)).toEqual([]);
  });
});
