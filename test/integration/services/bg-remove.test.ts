import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, signUp, type TestUser } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';

const FIXTURES = path.resolve('test/fixtures/bgremove/eval');
const PRODUCT = fs.readFileSync(path.join(FIXTURES, 'h01-plant-white.jpg'));

let t: TestApp;
let db: IsolatedDatabase;
let origin: string;
let server: http.Server;

beforeAll(async () => {
  // A local origin for image_url: a real photo, a text file, a missing file.
  server = http.createServer((req, res) => {
    if (req.url === '/plant.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end(PRODUCT);
    if (req.url === '/not-an-image.jpg') return void res.writeHead(200, { 'content-type': 'image/jpeg' }).end('hello, I am text');
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  db = await isolatedDatabase();
  t = await buildTestApp({ env: { ...db.env, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' } });
  await t.deps.startWorkers();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await db?.drop();
  await new Promise((r) => server.close(r));
});

async function richUser(tokens = 1000): Promise<TestUser> {
  const u = await signUp(t.app);
  await t.deps.wallet.credit(u.id, tokens, 'test top-up');
  return u;
}

const create = (u: TestUser, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/services/bg-remove', headers: { ...as.J(u), ...headers }, payload });
const read = (u: TestUser, id: string) => t.app.inject({ method: 'GET', url: `/v1/services/bg-remove/${id}`, headers: as.J(u) });

async function finished(u: TestUser, id: string): Promise<Record<string, any>> {
  return waitFor(
    async () => {
      const body = read(u, id).then((r) => r.json());
      const job = await body;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `bg-remove job ${id}`,
    90_000,
    100,
  );
}

describe('POST /v1/services/bg-remove', () => {
  it('charges 150 tokens and answers 202 with the creation body; the job completes with a cut-out', async () => {
    const u = await richUser();
    const before = await t.deps.wallet.balance(u.id);
    const res = await create(u, { image_url: `${origin}/plant.jpg`, subject_type: 'product', edge_softness: 2 });
    expect(res.statusCode, res.body).toBe(202);
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(
      ['created_at', 'edge_softness', 'high_detail_mode', 'job_id', 'output_background', 'output_url', 'provider', 'status', 'subject_type', 'tokens_deducted', 'wallet_transaction_id'].sort(),
    );
    expect(body).toMatchObject({ status: 'processing', output_url: null, tokens_deducted: 150, subject_type: 'product', edge_softness: 2, high_detail_mode: false, output_background: 'transparent', provider: 'local-u2netp' });
    expect(body.wallet_transaction_id).toMatch(/^TX-\d+$/);
    expect(await t.deps.wallet.balance(u.id)).toBe(before - 150);

    const job = await finished(u, body.job_id);
    expect(job.status, job.error_message).toBe('completed');
    expect(job.completed_at).toBeTruthy();
    expect(job.error_message).toBeNull();
    expect(job.output_url).toMatch(/^http:\/\/folio\.test\/v1\/files\//);
    const file = await t.app.inject({ method: 'GET', url: job.output_url.replace('http://folio.test', '') });
    expect(file.statusCode).toBe(200);
    const meta = await sharp(file.rawPayload).metadata();
    const src = await sharp(PRODUCT).metadata();
    expect(meta).toMatchObject({ format: 'png', width: src.width, height: src.height, hasAlpha: true });
    // The background is gone somewhere and the subject is kept somewhere.
    const alpha = await sharp(file.rawPayload).extractChannel(3).raw().toBuffer();
    expect(alpha.some((a) => a === 0)).toBe(true);
    expect(alpha.some((a) => a === 255)).toBe(true);
  });

  it('flattens onto white when output_background is white', async () => {
    const u = await richUser();
    const res = await create(u, { image_url: `${origin}/plant.jpg`, output_background: 'white' });
    expect(res.statusCode).toBe(202);
    const job = await finished(u, res.json().job_id);
    expect(job.status).toBe('completed');
    const file = await t.app.inject({ method: 'GET', url: job.output_url.replace('http://folio.test', '') });
    const { channels, hasAlpha } = await sharp(file.rawPayload).metadata();
    expect(hasAlpha && channels === 4 ? (await sharp(file.rawPayload).extractChannel(3).raw().toBuffer()).every((a) => a === 255) : true).toBe(true);
  });

  it.each([
    [{}, 'image_url'],
    [{ image_url: 'ftp://example.com/a.png' }, 'image_url'],
    [{ image_url: 'not a url' }, 'image_url'],
    [{ image_url: 'http://x.test/a.png', subject_type: 'cat' }, 'subject_type'],
    [{ image_url: 'http://x.test/a.png', edge_softness: 11 }, 'edge_softness'],
    [{ image_url: 'http://x.test/a.png', edge_softness: -1 }, 'edge_softness'],
    [{ image_url: 'http://x.test/a.png', edge_softness: 2.5 }, 'edge_softness'],
    [{ image_url: 'http://x.test/a.png', edge_softness: '3' }, 'edge_softness'],
    [{ image_url: 'http://x.test/a.png', high_detail_mode: 'yes' }, 'high_detail_mode'],
    [{ image_url: 'http://x.test/a.png', output_background: 'black' }, 'output_background'],
  ])('rejects %j with 400 naming %s, and charges nothing', async (payload, field) => {
    const u = await richUser();
    const before = await t.deps.wallet.balance(u.id);
    const res = await create(u, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'Invalid input' });
    expect(res.json().error[field]).toBeDefined();
    expect(await t.deps.wallet.balance(u.id)).toBe(before);
  });

  it('answers 402 INSUFFICIENT_TOKENS exactly when the wallet is short', async () => {
    const u = await signUp(t.app); // the sign-up grant: 50 tokens
    const res = await create(u, { image_url: `${origin}/plant.jpg` });
    expect(res.statusCode).toBe(402);
    expect(res.json()).toEqual({ error: 'INSUFFICIENT_TOKENS', balance: 50, shortfall: 100, top_up_url: expect.stringMatching(/^http/) });
    expect(await t.deps.wallet.balance(u.id)).toBe(50);
  });

  it('replays the first answer for a repeated Idempotency-Key and charges once', async () => {
    const u = await richUser();
    const before = await t.deps.wallet.balance(u.id);
    const payload = { image_url: `${origin}/plant.jpg`, subject_type: 'product' };
    const a = await create(u, payload, { 'idempotency-key': 'bg-1' });
    const b = await create(u, payload, { 'idempotency-key': 'bg-1' });
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(b.json().job_id).toBe(a.json().job_id);
    expect(await t.deps.wallet.balance(u.id)).toBe(before - 150);
    const c = await create(u, { ...payload, subject_type: 'logo' }, { 'idempotency-key': 'bg-1' });
    expect(c.statusCode).toBe(409);
    await finished(u, a.json().job_id);
  });

  it('accepts only the account JWT', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/services/bg-remove', payload: { image_url: `${origin}/plant.jpg` }, accepts: ['J'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/services/bg-remove/00000000-0000-7000-8000-000000000000', accepts: ['J'] }, store);
  });
});

describe('failures are refunded exactly once', () => {
  it.each([
    ['/not-an-image.jpg', /not a JPEG, PNG or WebP/],
    ['/missing.png', /could not fetch image_url: .*404/],
  ])('%s → failed with error_message and the 150 tokens back', async (file, message) => {
    const u = await richUser();
    const before = await t.deps.wallet.balance(u.id);
    const res = await create(u, { image_url: `${origin}${file}` });
    expect(res.statusCode).toBe(202);
    const job = await finished(u, res.json().job_id);
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(message);
    expect(job.output_url).toBeNull();
    expect(await t.deps.wallet.balance(u.id)).toBe(before);
    const tx = await t.app.inject({ method: 'GET', url: '/v1/account/wallet/transactions?limit=10', headers: as.J(u) });
    const refunds = tx.json().data.filter((r: { type: string }) => r.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(150);
  });

  it('refuses a private address through the safe fetcher (no allow-list entry) and refunds', async () => {
    const u = await richUser();
    const res = await create(u, { image_url: 'http://10.0.0.7/secret.png' });
    expect(res.statusCode).toBe(202);
    const job = await finished(u, res.json().job_id);
    expect(job.status).toBe('failed');
    expect(job.error_message).toMatch(/could not fetch image_url/);
  });
});

describe('GET /v1/services/bg-remove/:jobId', () => {
  it("answers 404 for another account's job and for an unknown id", async () => {
    const owner = await richUser();
    const other = await richUser();
    const res = await create(owner, { image_url: `${origin}/missing.png` });
    const id = res.json().job_id;
    expect((await read(other, id)).statusCode).toBe(404);
    expect((await read(owner, 'nope')).statusCode).toBe(404);
    const mine = await read(owner, id);
    expect(mine.statusCode).toBe(200);
    expect(Object.keys(mine.json())).toEqual(expect.arrayContaining(['completed_at', 'error_message', 'output_url', 'provider']));
    await finished(owner, id);
  });
});
