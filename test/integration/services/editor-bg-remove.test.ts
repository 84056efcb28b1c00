import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { upload } from '../catalog/helpers.js';

/**
 * Background removal from the editor (docs/background-removal.md, From the editor): the store
 * setting, the public-token routes, the owner's wallet, refunds, and what a browser never sees.
 */
const PLANT = fs.readFileSync(path.resolve('test/fixtures/bgremove/eval/h01-plant-white.jpg'));
/** words of the wallet a public answer must never carry */
const WALLET_WORDS = ['balance', 'shortfall', 'top_up_url', 'tokens_deducted', 'wallet_transaction_id', 'cost', 'charge', 'tx', 'refund'];

let t: TestApp;
let db: IsolatedDatabase;

beforeAll(async () => {
  db = await isolatedDatabase();
  // 250k pixels: the 512×384 photo passes, a 600×600 picture fails in the engine (image_too_large).
  t = await buildTestApp({ env: { ...db.env, FOLIO_JOB_POLL_MS: '50', FOLIO_BG_MAX_PIXELS: '250000' } });
  await t.deps.startWorkers();
}, 120_000);

afterAll(async () => {
  await t?.close();
  await db?.drop();
});

async function store(opts: { enabled?: boolean; tokens?: number } = {}): Promise<TestStore> {
  const s = await createStore(t.app);
  if (opts.tokens) await t.deps.wallet.credit(s.owner.id, opts.tokens, 'test top-up');
  if (opts.enabled ?? true) {
    const res = await t.app.inject({ method: 'PUT', url: `/v1/stores/${s.id}`, headers: as.J(s.owner), payload: { editor_background_removal: true } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.editor_background_removal).toBe(true);
  }
  return s;
}

async function image(s: TestStore, body: Buffer = PLANT): Promise<{ id: string }> {
  const res = await upload(t.app, s, '/v1/images', body, [{ name: 'type', value: 'designs' }], as.U(s));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function start(s: TestStore, imageId: string, headers: Record<string, string> = as.U(s)) {
  const res = await t.app.inject({ method: 'POST', url: `/v1/images/${imageId}/remove-background`, headers });
  if (res.statusCode === 202) sources.set(res.json().data.job_id, imageId);
  return res;
}
/** the job's read: its image id is remembered from the POST unless given */
const sources = new Map<string, string>();
const read = (s: TestStore, jobId: string, headers: Record<string, string> = as.U(s), imageId = sources.get(jobId) ?? '00000000-0000-7000-8000-000000000000') =>
  t.app.inject({ method: 'GET', url: `/v1/images/${imageId}/remove-background/${jobId}`, headers });

async function finished(s: TestStore, jobId: string): Promise<Record<string, any>> {
  return waitFor(
    async () => {
      const job = (await read(s, jobId)).json().data;
      return job.status === 'completed' || job.status === 'failed' ? job : undefined;
    },
    `editor bg-remove job ${jobId}`,
    90_000,
    100,
  );
}

/** Every key anywhere in a JSON value. */
function keysOf(v: unknown, out = new Set<string>()): Set<string> {
  if (Array.isArray(v)) for (const x of v) keysOf(x, out);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) {
      out.add(k);
      keysOf(x, out);
    }
  }
  return out;
}
function expectNoWalletDetail(body: string): void {
  const keys = keysOf(JSON.parse(body));
  for (const word of WALLET_WORDS) expect([...keys].filter((k) => k.toLowerCase().includes(word)), `${word} in ${body}`).toEqual([]);
  expect(body).not.toMatch(/TX-\d+/);
}

describe('the store setting editor_background_removal', () => {
  it('is false on a new store, set and cleared by PUT /stores/{id}, and read by the public token (store-details)', async () => {
    const s = await store({ enabled: false });
    const details = () => t.app.inject({ method: 'GET', url: '/v1/stores/store-details', headers: as.U(s) });
    expect((await details()).json().data.editor_background_removal).toBe(false);
    const on = await t.app.inject({ method: 'PUT', url: `/v1/stores/${s.id}`, headers: as.J(s.owner), payload: { editor_background_removal: true } });
    expect(on.statusCode, on.body).toBe(200);
    expect((await details()).json().data.editor_background_removal).toBe(true);
    const off = await t.app.inject({ method: 'PUT', url: `/v1/stores/${s.id}`, headers: as.J(s.owner), payload: { editor_background_removal: false } });
    expect(off.json().data.editor_background_removal).toBe(false);
    const bad = await t.app.inject({ method: 'PUT', url: `/v1/stores/${s.id}`, headers: as.J(s.owner), payload: { editor_background_removal: 'yes' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toHaveProperty('editor_background_removal');
  });
});

describe('POST /v1/images/{id}/remove-background', { timeout: 120_000 }, () => {
  it("charges the owner 150 tokens, answers 202 {job_id, status}, and the job's image is a transparent cut-out of the store", async () => {
    const s = await store({ tokens: 1000 });
    const img = await image(s);
    const before = await t.deps.wallet.balance(s.owner.id);
    const res = await start(s, img.id);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ job_id: expect.any(String), status: 'processing', image: null, error_message: null });
    expectNoWalletDetail(res.body);
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before - 150);

    const first = await read(s, res.json().data.job_id);
    expect(first.statusCode).toBe(200);
    expectNoWalletDetail(first.body);
    const job = await finished(s, res.json().data.job_id);
    expect(job.status, job.error_message).toBe('completed');
    expect(job.image).toMatchObject({ mime_type: 'image/png', width: 512, height: 384, type: 'designs', name: expect.stringMatching(/-no-background\.png$/) });
    expect(job.image.id).not.toBe(img.id);
    // the cut-out is an image of the store like an upload: listed, readable by the public token
    const listed = await t.app.inject({ method: 'GET', url: `/v1/images/${job.image.id}`, headers: as.B(s) });
    expect(listed.statusCode).toBe(200);
    const png = await t.app.inject({ method: 'GET', url: job.image.url.replace(/^https?:\/\/[^/]+/, '') });
    expect(png.statusCode).toBe(200);
    const { data, info } = await sharp(png.rawPayload).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const alpha = (x: number, y: number) => data[(y * info.width + x) * info.channels + 3]!;
    expect(alpha(2, 2)).toBe(0); // the white backdrop's corner
    expect(alpha(256, 200)).toBeGreaterThan(200); // the plant
    // the account's own view of the job shows the charge; the store's GET /jobs/{id} does not see it
    const own = await t.app.inject({ method: 'GET', url: `/v1/services/bg-remove/${job.job_id}`, headers: as.J(s.owner) });
    expect(own.json()).toMatchObject({ status: 'completed', tokens_deducted: 150 });
    expect((await t.app.inject({ method: 'GET', url: `/v1/jobs/${job.job_id}`, headers: as.U(s) })).statusCode).toBe(404);
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before - 150);
  });

  it('replays the first answer for a repeated Idempotency-Key and charges once', async () => {
    const s = await store({ tokens: 1000 });
    const img = await image(s);
    const key = { ...as.U(s), 'idempotency-key': `k-${img.id}` };
    const before = await t.deps.wallet.balance(s.owner.id);
    const a = await start(s, img.id, key);
    const b = await start(s, img.id, key);
    expect(a.statusCode).toBe(202);
    expect(b.statusCode).toBe(202);
    expect(b.json().data.job_id).toBe(a.json().data.job_id);
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before - 150);
    await finished(s, a.json().data.job_id);
  });

  it('answers 403 not_enabled when the store has not turned it on, and charges nothing', async () => {
    const s = await store({ enabled: false, tokens: 1000 });
    const img = await image(s);
    const before = await t.deps.wallet.balance(s.owner.id);
    const res = await start(s, img.id);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().error).toMatchObject({ code: 'not_enabled', details: { setting: 'editor_background_removal' } });
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before);
  });

  it('answers 402 store_out_of_tokens without any balance or wallet detail when the owner is short', async () => {
    const s = await store(); // the sign-up grant only: fewer than 150 tokens
    const img = await image(s);
    const before = await t.deps.wallet.balance(s.owner.id);
    expect(before).toBeLessThan(150);
    const res = await start(s, img.id);
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error.code).toBe('store_out_of_tokens');
    expect(Object.keys(res.json()).sort()).toEqual(['error', 'message', 'request_id']);
    expect(Object.keys(res.json().error).sort()).toEqual(['code', 'message']);
    expectNoWalletDetail(res.body);
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before);
  });

  it('refunds the 150 tokens exactly once when the engine fails, and says why', async () => {
    const s = await store({ tokens: 1000 });
    const big = await sharp({ create: { width: 600, height: 600, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const img = await image(s, big);
    const before = await t.deps.wallet.balance(s.owner.id);
    const res = await start(s, img.id);
    expect(res.statusCode, res.body).toBe(202);
    const job = await finished(s, res.json().data.job_id);
    expect(job).toMatchObject({ status: 'failed', image: null, error_message: expect.stringMatching(/600×600.*limit/) });
    expectNoWalletDetail(JSON.stringify(job));
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before);
    const tx = await t.app.inject({ method: 'GET', url: '/v1/account/wallet/transactions?limit=10', headers: as.J(s.owner) });
    const refunds = tx.json().data.filter((r: { type: string }) => r.type === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0].amount).toBe(150);
  });

  it("answers 404 for another store's image, an unknown id and a default image; 415 for an SVG", async () => {
    const s = await store({ tokens: 1000 });
    const other = await store({ tokens: 1000 });
    const theirs = await image(other);
    expect((await start(s, theirs.id)).statusCode).toBe(404);
    expect((await start(s, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    expect((await start(s, 'nope')).statusCode).toBe(404);
    const before = await t.deps.wallet.balance(s.owner.id);
    const svg = await image(s, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>'));
    const res = await start(s, svg.id);
    expect(res.statusCode, res.body).toBe(415);
    expect(res.json().error.code).toBe('unsupported_media_type');
    expect(await t.deps.wallet.balance(s.owner.id)).toBe(before);
  });

  it('accepts the public token, the store key and the store JWT; not the account JWT alone', async () => {
    const s = await store({ tokens: 1000 });
    const img = await image(s);
    await expectAuthCases(t.app, { method: 'POST', url: `/v1/images/${img.id}/remove-background`, accepts: ['U'] }, s);
    await expectAuthCases(t.app, { method: 'GET', url: `/v1/images/${img.id}/remove-background/00000000-0000-7000-8000-000000000000`, accepts: ['U'] }, s);
    for (const headers of [as.B(s), as.JS(s)]) {
      const res = await start(s, img.id, headers);
      expect(res.statusCode, res.body).toBe(202);
      expectNoWalletDetail(res.body);
      await finished(s, res.json().data.job_id);
    }
  });
});

describe('GET /v1/images/{id}/remove-background/{jobId}', { timeout: 120_000 }, () => {
  it("answers 404 for another store's job, another image's path, an account job of the same owner, and an unknown id", async () => {
    const s = await store({ tokens: 1000 });
    const sibling = await createStore(t.app, s.owner);
    const other = await store({ tokens: 1000 });
    const img = await image(s);
    const id = (await start(s, img.id)).json().data.job_id;
    expect((await read(other, id)).statusCode).toBe(404);
    expect((await read(sibling, id)).statusCode).toBe(404);
    expect((await read(s, id, as.U(s), (await image(s)).id)).statusCode).toBe(404);
    expect((await read(s, 'nope')).statusCode).toBe(404);
    expect((await read(s, '00000000-0000-7000-8000-000000000000')).statusCode).toBe(404);
    // a job the owner started with the account credentials is not the store editor's
    const own = await t.app.inject({ method: 'POST', url: '/v1/services/bg-remove', headers: as.J(s.owner), payload: { image_id: img.id } });
    expect(own.statusCode, own.body).toBe(202);
    expect((await read(s, own.json().job_id, as.U(s), img.id)).statusCode).toBe(404);
    await finished(s, id);
  });
});
