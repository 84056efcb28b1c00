/**
 * The studio pages in Chromium: agencies → an agency's jobs and subjects → a job (a photo
 * uploaded through the UI with its progress bar) → a match job → the review of its three
 * needs_review photos with the keyboard only (confirm two, reassign one), each decision checked
 * through the API; axe-core in en, fr and he on every page at the desktop and tablet sizes.
 *
 * Set up through the API: an agency whose references are Obama (2012 portrait), an astronaut
 * and Julia, and a match job of three copies of Cory Booker's portrait, a look-alike of the
 * Obama reference at match score ≈ 0.79: needs_review with Obama as the candidate at the
 * default threshold 0.85, every time (test/integration/studio/helpers.ts). The reference photos
 * are hosted in the app's own blob store (a link on the page's origin, as the page's CSP wants).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { needs } from '../../helpers/requirements.js';
import { as, type TestUser } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { multipart, studioImages } from '../../integration/studio/helpers.js';
import { accountWithStore, adminPage, axeViolations, screenshots, settled, startAdminWorld, type AdminWorld, axeLocales } from './harness.js';

const chromiumGate = needs('chromium');

interface Setup {
  user: TestUser;
  agencyId: number;
  jobId: number;
  matchJobId: number;
  subjects: Record<'O' | 'A' | 'J', number>;
  fileIds: number[];
}

describe.skipIf(chromiumGate.skip)(`studio pages in headless Chromium${chromiumGate.note}`, () => {
  let world: AdminWorld;
  let images: Record<string, Buffer>;
  const shots = screenshots('studio');

  beforeAll(async () => {
    images = await studioImages();
    world = await startAdminWorld({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' } });
  }, 180_000);
  afterAll(async () => world?.close());

  const api = (user: TestUser, method: 'GET' | 'POST', path: string, payload?: unknown) =>
    world.t.app.inject({ method, url: `/v1/services/studio${path}`, headers: as.J(user), ...(payload !== undefined ? { payload: payload as object } : {}) });

  /** A photo on the app's own origin, as a photographer's site would host it. */
  async function hosted(name: string): Promise<string> {
    const key = `e2e-studio/${Date.now()}-${name}`;
    await world.t.deps.blobs.put(key, images[name]!, { contentType: name.endsWith('.png') ? 'image/png' : 'image/jpeg' });
    return world.t.deps.blobs.url(key);
  }

  async function setup(): Promise<Setup> {
    const { user } = await accountWithStore(world, { store: false });
    const agency = await api(user, 'POST', '/agencies', { name: 'Hillside School Photos', agency_type: 'school' });
    expect(agency.statusCode, agency.body).toBe(201);
    const agencyId = agency.json().id as number;
    const job = await api(user, 'POST', `/agencies/${agencyId}/jobs`, { name: 'Spring portraits', icp_type: 'school' });
    const jobId = job.json().id as number;
    const made = await api(user, 'POST', `/agencies/${agencyId}/subjects`, {
      subjects: [
        { student_id: 'S-100', name: 'Barack Obama', class_name: '5A', reference_photo_url: await hosted('obama-2012.jpg') },
        { student_id: 'S-200', name: 'Ada Astronaut', class_name: '5A', reference_photo_url: await hosted('astronaut.jpg') },
        { student_id: 'S-300', name: 'Julia Sample', class_name: '5B', reference_photo_url: await hosted('julia.jpg') },
      ],
    });
    expect(made.statusCode, made.body).toBe(201);
    const [o, a, j] = made.json().subjects as Array<{ id: number }>;
    const refs = await api(user, 'POST', '/matching/references', { agency_id: agencyId });
    expect(refs.json(), refs.body).toMatchObject({ status: 'completed', embeddings_created: 3 });
    const { payload, headers } = multipart({}, ['booker-1.jpg', 'booker-2.jpg', 'booker-3.jpg'].map((filename) => ({ filename, body: images['booker.jpg']! })));
    const up = await world.t.app.inject({ method: 'POST', url: `/v1/services/studio/agencies/${agencyId}/jobs/${jobId}/files`, headers: { ...as.J(user), ...headers }, payload });
    expect(up.statusCode, up.body).toBe(201);
    const match = await api(user, 'POST', '/matching/match-job', { agency_id: agencyId, job_id: jobId });
    expect(match.statusCode, match.body).toBe(200);
    const matchJobId = match.json().match_job_id as number;
    const done = await waitFor(
      async () => {
        const r = (await api(user, 'GET', `/matching/jobs/${matchJobId}`)).json();
        return r.status === 'completed' || r.status === 'failed' ? r : undefined;
      },
      'match job',
      120_000,
      200,
    );
    expect(done).toMatchObject({ status: 'completed', needs_review: 3 });
    return { user, agencyId, jobId, matchJobId, subjects: { O: o!.id, A: a!.id, J: j!.id }, fileIds: up.json().file_ids };
  }

  const photoFocused = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-labelledby') === 'review-photo-title');

  it('walks agencies → agency → job, uploads a photo with a progress bar, then reviews three needs_review photos with the keyboard', async () => {
    const s = await setup();
    const { context, page } = await adminPage(world, { user: s.user });
    await page.goto(`${world.base}/admin/studio`);
    await page.getByRole('heading', { name: 'Studio' }).waitFor();
    await settled(page);
    await shots.shot(page, 'agencies');
    // search as you type, kept in the URL
    await page.getByLabel('Search agencies').pressSequentially('zzz');
    await page.getByText('No agency matches').waitFor();
    await page.waitForFunction(() => new URL(location.href).searchParams.get('q') === 'zzz');
    await page.getByLabel('Search agencies').fill('hill');
    await page.getByRole('link', { name: 'Hillside School Photos' }).click();
    await page.waitForURL(new RegExp(`/admin/studio/agencies/${s.agencyId}/jobs$`));
    await settled(page);
    await shots.shot(page, 'agency-jobs');
    await page.getByRole('tab', { name: 'Subjects' }).click();
    await page.waitForURL(/\/subjects$/);
    await page.getByRole('cell', { name: 'Barack Obama', exact: true }).waitFor();
    await settled(page);
    await shots.shot(page, 'agency-subjects');
    await page.goBack();
    await page.waitForURL(/\/jobs$/);
    await page.getByRole('link', { name: 'Spring portraits' }).click();
    await page.waitForURL(new RegExp(`/jobs/${s.jobId}$`));
    await page.getByRole('heading', { name: 'Spring portraits' }).waitFor();

    // upload through the UI: the progress bar fills and the stored file is listed
    await page.locator('input[type="file"]').setInputFiles({ name: 'obama-2005.jpg', mimeType: 'image/jpeg', buffer: images['obama-2005.jpg']! });
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const bar = page.getByRole('progressbar', { name: 'Upload progress' });
    await bar.waitFor();
    await page.getByText('Upload complete').waitFor({ timeout: 60_000 });
    expect(await bar.getAttribute('aria-valuenow')).toBe('100');
    await page.getByRole('list', { name: 'Photos uploaded now' }).getByText(/obama-2005\.jpg — #\d+/).waitFor();
    await shots.shot(page, 'job-uploaded');

    // the match job: status, progress bar at 100 %, counts, results
    await page.goto(`${world.base}/admin/studio/agencies/${s.agencyId}/jobs/${s.jobId}/matches/${s.matchJobId}`);
    await page.getByRole('progressbar', { name: 'Matching progress' }).waitFor();
    await settled(page);
    expect(await page.getByRole('progressbar', { name: 'Matching progress' }).getAttribute('aria-valuenow')).toBe('100');
    await shots.shot(page, 'match-job');
    await page.getByRole('link', { name: 'Review 3 photo(s)' }).click();
    await page.waitForURL(/\/review/);
    await page.getByRole('heading', { name: /Photo 1 of 3: booker-1\.jpg/ }).waitFor();
    await settled(page);
    await page.waitForFunction(() => document.activeElement?.getAttribute('aria-labelledby') === 'review-photo-title');
    await shots.shot(page, 'review-start');

    // keyboard only: Enter confirms the candidate, 2 reassigns to the second, Y confirms
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: /Photo 2 of 3: booker-2\.jpg/ }).waitFor();
    expect(await photoFocused(page)).toBe(true);
    await page.getByText(/Saved: booker-1\.jpg — Confirmed, Barack Obama/).waitFor();
    await shots.shot(page, 'review-confirmed-1');
    await page.keyboard.press('2');
    await page.getByRole('heading', { name: /Photo 3 of 3: booker-3\.jpg/ }).waitFor();
    expect(await photoFocused(page)).toBe(true);
    await page.getByText(/Saved: booker-2\.jpg — Reassigned, Ada Astronaut/).waitFor();
    await shots.shot(page, 'review-reassigned-2');
    await page.keyboard.press('y');
    await page.getByText('All photos reviewed.').waitFor();
    await page.getByText(/Saved: booker-3\.jpg — Confirmed, Barack Obama/).waitFor();
    expect(await photoFocused(page)).toBe(true);
    await shots.shot(page, 'review-done');
    // P goes back to the reassigned photo, which shows its decision
    await page.keyboard.press('p');
    await page.getByRole('heading', { name: /Photo 2 of 3/ }).waitFor();
    await page.getByText('Decision: Reassigned — Ada Astronaut').waitFor();

    // each decision is in the API
    const view = (await api(s.user, 'GET', `/matching/jobs/${s.matchJobId}`)).json();
    const byFile = Object.fromEntries(view.results.map((r: any) => [r.file_id, r.review]));
    expect(byFile[s.fileIds[0]!]).toMatchObject({ decision: 'confirmed', subject_id: s.subjects.O, student_id: 'S-100' });
    expect(byFile[s.fileIds[1]!]).toMatchObject({ decision: 'reassigned', subject_id: s.subjects.A, student_id: 'S-200' });
    expect(byFile[s.fileIds[2]!]).toMatchObject({ decision: 'confirmed', subject_id: s.subjects.O, student_id: 'S-100' });

    // the match page shows the decisions after a reload (deep link)
    await page.goto(`${world.base}/admin/studio/agencies/${s.agencyId}/jobs/${s.jobId}/matches/${s.matchJobId}`);
    await page.getByRole('cell', { name: 'Reassigned · S-200' }).waitFor();
    await shots.shot(page, 'match-reviewed');
    await context.close();
  }, 300_000);

  for (const viewport of ['desktop', 'tablet'] as const) {
    it(`has no axe violation on any studio page (${viewport}: ${axeLocales(viewport).join(', ')})`, async () => {
      const s = await setup();
      const base = `/admin/studio/agencies/${s.agencyId}`;
      const pages: Array<[string, string]> = [
        ['agencies', '/admin/studio'],
        ['agency-jobs', `${base}/jobs`],
        ['agency-subjects', `${base}/subjects`],
        ['job', `${base}/jobs/${s.jobId}`],
        ['match', `${base}/jobs/${s.jobId}/matches/${s.matchJobId}`],
        ['review', `${base}/jobs/${s.jobId}/matches/${s.matchJobId}/review`],
      ];
      for (const locale of axeLocales(viewport)) {
        const { context, page } = await adminPage(world, { user: s.user, viewport, locale });
        for (const [name, url] of pages) {
          await page.goto(`${world.base}${url}`);
          await page.locator('main h1').first().waitFor();
          await settled(page);
          expect(await axeViolations(page), `${name} ${locale} ${viewport}`).toEqual([]);
          if (locale !== 'en' || viewport === 'tablet') await shots.shot(page, `${name}-${locale}`);
        }
        await context.close();
      }
    }, 400_000);
  }
});
