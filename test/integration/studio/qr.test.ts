import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realEngines, type StudioEngines } from '../../../src/modules/studio/studio.engines.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { as, createStore, signUp, type TestUser } from '../../helpers/factories.js';
import { balance, fetchLink, fixtureServer, studioImages, transactions } from './helpers.js';

let t: TestApp;
let origin: { base: string; close(): Promise<void> };
let engineBroken = false;
const engines: StudioEngines = {
  ...realEngines,
  qrSheet: async (opts) => {
    if (engineBroken) throw new Error('pdf engine exploded');
    return realEngines.qrSheet(opts);
  },
};

beforeAll(async () => {
  origin = await fixtureServer(await studioImages());
  t = await buildTestApp({ env: { FOLIO_FETCH_ALLOWLIST: '127.0.0.1' }, studioEngines: engines });
}, 60_000);

afterAll(async () => {
  await t?.close();
  await origin?.close();
});

const subjects = (n: number) => Array.from({ length: n }, (_, i) => ({ student_id: `S${i + 1}`, name: `Student ${i + 1}`, class_name: '3B' }));
const post = (user: TestUser, payload: unknown) => t.app.inject({ method: 'POST', url: '/v1/services/studio/qr/generate', headers: as.J(user), payload: payload as object });

async function premiumUser(): Promise<TestUser> {
  const store = await createStore(t.app, undefined, { tier: "premium", deps: t.deps });
  return store.owner;
}

describe('POST /services/studio/qr/generate', () => {
  it('accepts the account JWT only', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/services/studio/qr/generate', payload: { job_id: 'J1', subjects: subjects(1) }, accepts: ['J'] }, store);
  });

  it('renders a 4up sheet (default) for 1 token per subject; each QR decodes to <job_id>:<student_id>', async () => {
    const user = await signUp(t.app);
    const res = await post(user, { job_id: 'JOB-7', school_name: 'Hill School', subjects: subjects(5) });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ job_id: 'JOB-7', total_subjects: 5, tokens_deducted: 5, layout: '4up', pages: 2 });
    expect(body.wallet_transaction_id).toMatch(/^TX-/);
    const pdf = await fetchLink(t.app, body.pdf_url);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.raw.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await balance(t.app, user)).toBe(45);
    // an independent reader (zbar) over the rendered first page
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'qr-'));
    try {
      fs.writeFileSync(path.join(dir, 'c.pdf'), pdf.raw);
      execFileSync('pdftoppm', ['-r', '200', '-gray', '-f', '1', '-l', '1', '-png', path.join(dir, 'c.pdf'), path.join(dir, 'p')]);
      const page = fs.readdirSync(dir).find((f) => f.endsWith('.png'))!;
      const out = execFileSync('zbarimg', ['--quiet', '--raw', '-Sdisable', '-Sqrcode.enable', path.join(dir, page)]).toString().trim().split('\n').sort();
      expect(out).toEqual(['JOB-7:S1', 'JOB-7:S2', 'JOB-7:S3', 'JOB-7:S4']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('single, 9up and a logo need Premium: 402 capability_not_available, nothing charged', async () => {
    const user = await signUp(t.app);
    for (const extra of [{ layout: 'single' }, { layout: '9up' }, { logo_url: `${origin.base}/logo.png` }]) {
      const res = await post(user, { job_id: 'J', subjects: subjects(2), ...extra });
      expect(res.statusCode, JSON.stringify(extra)).toBe(402);
      expect(res.json().error.code).toBe('capability_not_available');
      expect(res.json().error.details.cta.url).toMatch(/^http/);
    }
    expect(await balance(t.app, user)).toBe(50);
  });

  it('with Premium: 9up with a logo fetched through the safe fetcher', async () => {
    const user = await premiumUser();
    const res = await post(user, { job_id: 'J9', layout: '9up', logo_url: `${origin.base}/logo.png`, subjects: subjects(10), page_size: 'a4' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ total_subjects: 10, tokens_deducted: 10, pages: 2, layout: '9up' });
    const single = await post(user, { job_id: 'J1', layout: 'single', subjects: subjects(2) });
    expect(single.statusCode, single.body).toBe(200);
    expect(single.json().pages).toBe(2);
  });

  it('a logo that cannot be fetched is 400 logo_url, before any charge', async () => {
    const user = await premiumUser();
    for (const logo of [`${origin.base}/missing.png`, 'http://169.254.169.254/latest/meta-data']) {
      const res = await post(user, { job_id: 'J', logo_url: logo, subjects: subjects(2) });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toHaveProperty('logo_url');
    }
    expect(await balance(t.app, user)).toBe(50);
  });

  it('validates: 1-2000 subjects, job_id, layout (400)', async () => {
    const user = await signUp(t.app);
    const cases: Array<[unknown, string]> = [
      [{ job_id: 'J', subjects: [] }, 'subjects'],
      [{ job_id: 'J', subjects: subjects(2001) }, 'subjects'],
      [{ subjects: subjects(1) }, 'job_id'],
      [{ job_id: 'J', subjects: subjects(1), layout: '16up' }, 'layout'],
      [{ job_id: 'J', subjects: [{ name: 'x' }] }, 'subjects.0.student_id'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(user, payload);
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json().error)).toContain(field);
    }
    expect(await balance(t.app, user)).toBe(50);
  });

  it('402 INSUFFICIENT_TOKENS when the wallet holds fewer tokens than subjects', async () => {
    const user = await signUp(t.app);
    const res = await post(user, { job_id: 'J', subjects: subjects(51) });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ error: 'INSUFFICIENT_TOKENS', balance: 50, shortfall: 1 });
  });

  it('an engine failure refunds the charge', async () => {
    const user = await signUp(t.app);
    engineBroken = true;
    try {
      expect((await post(user, { job_id: 'J', subjects: subjects(3) })).statusCode).toBe(500);
    } finally {
      engineBroken = false;
    }
    expect(await balance(t.app, user)).toBe(50);
    expect((await transactions(t.app, user)).filter((x) => x.type === 'refund')).toHaveLength(1);
  });
});
