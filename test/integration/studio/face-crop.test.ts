import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { realEngines, type StudioEngines } from '../../../src/modules/studio/studio.engines.js';
import type { DomainEvent } from '../../../src/platform/events.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, signUp } from '../../helpers/factories.js';
import { balance, fetchLink, fixtureServer, multipart, studioImages, transactions, waitForTask } from './helpers.js';

let t: TestApp;
let db: IsolatedDatabase;
let origin: { base: string; close(): Promise<void> };
let images: Record<string, Buffer>;
/** flips the face-crop engine into failing with an unexpected error */
let engineBroken = false;
const events: DomainEvent[] = [];
const engines: StudioEngines = {
  ...realEngines,
  faceCrop: async (image, icp, opts) => {
    if (engineBroken) throw new Error('engine exploded');
    return realEngines.faceCrop(image, icp, opts);
  },
};

beforeAll(async () => {
  images = await studioImages();
  origin = await fixtureServer(images);
  db = await isolatedDatabase();
  t = await buildTestApp({ env: { ...db.env, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50', FOLIO_JOB_MAX_ATTEMPTS: '1' }, studioEngines: engines });
  t.deps.events.subscribe(async (e) => void events.push(e));
  await t.deps.startWorkers();
}, 60_000);

afterAll(async () => {
  await t?.close();
  await origin?.close();
  await db?.drop();
});

const url = (name: string) => `${origin.base}/${name}`;
const post = (token: { token: string }, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop', headers: { ...as.J(token), ...headers }, payload: payload as object });

describe('POST /services/studio/face-crop', () => {
  it('accepts the account JWT only', async () => {
    const store = await createStore(t.app);
    await expectAuthCases(t.app, { method: 'POST', url: '/v1/services/studio/face-crop', payload: { image_url: url('astronaut.jpg'), icp_type: 'school' }, accepts: ['J'] }, store);
    await expectAuthCases(t.app, { method: 'GET', url: '/v1/services/studio/jobs/nope', accepts: ['J'] }, store);
  });

  it('crops one URL: face box in source pixels, 24 h links to original and medium, 2 tokens', async () => {
    const user = await signUp(t.app);
    const res = await post(user, { image_url: url('astronaut.jpg'), icp_type: 'school' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.tokens_deducted).toBe(2);
    expect(body.wallet_transaction_id).toMatch(/^TX-\d{8,}$/);
    expect(body.results).toHaveLength(1);
    const r = body.results[0];
    expect(r).toMatchObject({ filename: 'astronaut.jpg', icp_type: 'school', status: 'completed' });
    for (const k of ['x', 'y', 'w', 'h']) expect(typeof r.face_box[k]).toBe('number');
    expect(r.face_box.x + r.face_box.w).toBeLessThanOrEqual(320);
    const medium = await fetchLink(t.app, r.output_urls.medium);
    expect(medium.statusCode).toBe(200);
    const meta = await sharp(medium.raw).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBe(800);
    // school is 4:5
    expect(Math.abs(meta.width! / meta.height! - 0.8)).toBeLessThan(0.01);
    expect((await fetchLink(t.app, r.output_urls.original)).statusCode).toBe(200);
    expect(await balance(t.app, user)).toBe(48);
  });

  it('an image with no face, or one that cannot be fetched, is a failed item and its tokens come back', async () => {
    const user = await signUp(t.app);
    const res = await post(user, { image_urls: [url('camera.jpg'), url('blank.png'), url('missing.jpg')], icp_type: 'corporate' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.tokens_deducted).toBe(6);
    expect(body.tokens_refunded).toBe(4);
    expect(body.results.map((r: any) => r.status)).toEqual(['completed', 'failed', 'failed']);
    expect(body.results[1]).toMatchObject({ filename: 'blank.png', error: { code: 'no_face' } });
    expect(typeof body.results[1].reason).toBe('string');
    expect(body.results[2].error.code).toBe('fetch_http_status');
    expect(await balance(t.app, user)).toBe(50 - 6 + 4);
    const refund = (await transactions(t.app, user)).find((x) => x.type === 'refund');
    expect(refund).toMatchObject({ amount: 4, refund_of: body.wallet_transaction_id });
  });

  it('enhance costs 6 tokens per image', async () => {
    const user = await signUp(t.app);
    const res = await post(user, { image_url: url('astronaut.jpg'), icp_type: 'sports', enhance: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().tokens_deducted).toBe(6);
    expect(await balance(t.app, user)).toBe(44);
  }, 60_000);

  it('validates: 400 with the field named', async () => {
    const user = await signUp(t.app);
    const cases: Array<[unknown, string]> = [
      [{ image_url: url('a.jpg') }, 'icp_type'],
      [{ image_url: url('a.jpg'), icp_type: 'wedding' }, 'icp_type'],
      [{ icp_type: 'school' }, 'image_url'],
      [{ image_url: url('a.jpg'), image_urls: [url('b.jpg')], icp_type: 'school' }, 'image_urls'],
      [{ image_urls: Array.from({ length: 21 }, (_, i) => url(`${i}.jpg`)), icp_type: 'school' }, 'image_urls'],
      [{ image_url: 'not a url', icp_type: 'school' }, 'image_url'],
      [{ image_url: url('a.jpg'), icp_type: 'school', enhance: 'yes' }, 'enhance'],
    ];
    for (const [payload, field] of cases) {
      const res = await post(user, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().message).toBe('Invalid input');
      expect(Object.keys(res.json().error)).toContain(field);
    }
    expect(await balance(t.app, user)).toBe(50);
  });

  it('402 INSUFFICIENT_TOKENS when the wallet is too low; nothing is fetched or charged', async () => {
    const user = await signUp(t.app);
    const res = await post(user, { image_urls: Array.from({ length: 9 }, () => url('astronaut.jpg')), icp_type: 'school', enhance: true });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json()).toMatchObject({ error: 'INSUFFICIENT_TOKENS', balance: 50, shortfall: 4 });
    expect(typeof res.json().top_up_url).toBe('string');
    expect(await balance(t.app, user)).toBe(50);
  });

  it('an engine failure refunds the whole call', async () => {
    const user = await signUp(t.app);
    engineBroken = true;
    try {
      const res = await post(user, { image_urls: [url('astronaut.jpg'), url('camera.jpg')], icp_type: 'school' });
      expect(res.statusCode).toBe(500);
    } finally {
      engineBroken = false;
    }
    expect(await balance(t.app, user)).toBe(50);
    const txs = await transactions(t.app, user);
    expect(txs.filter((x) => x.type === 'refund')).toHaveLength(1);
  });

  it('Idempotency-Key replays the first answer without a second charge', async () => {
    const user = await signUp(t.app);
    const payload = { image_url: url('astronaut.jpg'), icp_type: 'childcare' };
    const first = await post(user, payload, { 'idempotency-key': 'crop-1' });
    const second = await post(user, payload, { 'idempotency-key': 'crop-1' });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().wallet_transaction_id).toBe(first.json().wallet_transaction_id);
    expect(await balance(t.app, user)).toBe(48);
    expect((await post(user, { ...payload, icp_type: 'school' }, { 'idempotency-key': 'crop-1' })).statusCode).toBe(409);
  });

  it('a call whose process died is refunded by the sweeper once past its deadline', async () => {
    const user = await signUp(t.app);
    const { db: kdb } = t.deps.database;
    const charge = await kdb.transaction().execute((tx) => t.deps.wallet.chargeIn(tx, { accountId: user.id, cost: 4, reference: 'studio.face-crop:dead' }));
    const past = new Date(Date.now() - 1000).toISOString();
    await kdb
      .insertInto('studio_operations')
      .values({ id: `dead-${user.id}`, account_id: user.id, kind: 'face-crop', owner: 'dead-host:1:x', state: 'running', cost: 4, charge_tx_id: charge.txId, deadline_at: past, created_at: past, updated_at: past })
      .execute();
    expect(await balance(t.app, user)).toBe(46);
    expect(await t.deps.operations.sweep()).toBeGreaterThanOrEqual(1);
    expect(await balance(t.app, user)).toBe(50);
    await t.deps.operations.sweep();
    expect(await balance(t.app, user)).toBe(50);
  });

  it('on a single-process restart, the call of a dead process is refunded before its deadline', async () => {
    const user = await signUp(t.app);
    const { db: kdb } = t.deps.database;
    const charge = await kdb.transaction().execute((tx) => t.deps.wallet.chargeIn(tx, { accountId: user.id, cost: 6, reference: 'studio.qr:dead' }));
    const now = new Date().toISOString();
    const later = new Date(Date.now() + 600_000).toISOString();
    await kdb
      .insertInto('studio_operations')
      .values({ id: `orphan-${user.id}`, account_id: user.id, kind: 'qr', owner: 'dead-host:2:y', state: 'running', cost: 6, charge_tx_id: charge.txId, deadline_at: later, created_at: now, updated_at: now })
      .execute();
    await t.deps.operations.sweep();
    expect(await balance(t.app, user)).toBe(44);
    await t.deps.operations.sweep({ orphans: true });
    expect(await balance(t.app, user)).toBe(50);
  });
});

describe('POST /services/studio/face-crop/upload', () => {
  const files = (names: string[]) => names.map((n, i) => ({ filename: `${i}-${n}`, body: images[n]!, type: n.endsWith('.png') ? 'image/png' : 'image/jpeg' }));

  it('up to 5 files answer 200 with results', async () => {
    const user = await signUp(t.app);
    const { payload, headers } = multipart({ icp_type: 'school' }, files(['astronaut.jpg', 'blank.png']));
    const res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...headers }, payload });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.tokens_deducted).toBe(4);
    expect(body.tokens_refunded).toBe(2);
    expect(body.results.map((r: any) => r.status)).toEqual(['completed', 'failed']);
    expect(body.results[0].filename).toBe('0-astronaut.jpg');
    expect(body.results[1].error.code).toBe('no_face');
    expect(await balance(t.app, user)).toBe(48);
  });

  it('a file that is not a readable image refuses the request before the charge (400 naming it)', async () => {
    const user = await signUp(t.app);
    const { payload, headers } = multipart({ icp_type: 'school' }, [...files(['astronaut.jpg']), { filename: 'notes.jpg', body: Buffer.from('not an image at all') }]);
    const res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...headers }, payload });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error['file[]'][0]).toMatch(/^notes\.jpg: Unsupported file type/);
    expect(await balance(t.app, user)).toBe(50);
  });

  it('more than 5 files are queued (202), progress is polled, results and refunds come with completion', async () => {
    const user = await signUp(t.app);
    const names = ['astronaut.jpg', 'camera.jpg', 'blank.png', 'astronaut.jpg', 'camera.jpg', 'julia.jpg'];
    const { payload, headers } = multipart({ icp_type: 'corporate', enhance: 'false' }, files(names));
    const res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...headers }, payload });
    expect(res.statusCode, res.body).toBe(202);
    const created = res.json();
    expect(created).toMatchObject({ status: 'queued', total_files: 6, tokens_deducted: 12 });
    expect(typeof created.task_id).toBe('string');
    const done = await waitForTask(t.app, user, created.task_id);
    expect(done.status).toBe('completed');
    expect(done.progress).toEqual({ current: 6, total: 6, percentage: 100 });
    expect(done.results).toHaveLength(6);
    expect(done.results.map((r: any) => r.status)).toEqual(['completed', 'completed', 'failed', 'completed', 'completed', 'completed']);
    expect(done.results[0].output_urls.original).toMatch(/^http/);
    expect(done.tokens_refunded).toBe(2);
    expect(await balance(t.app, user)).toBe(50 - 12 + 2);
    // the end of the job is announced (webhooks), with the job as GET shows it
    const event = events.find((e) => (e.data as { task_id?: string }).task_id === created.task_id);
    expect(event).toMatchObject({ accountId: user.id, storeId: null, topic: 'jobs', event: 'completed', data: { status: 'completed', total_files: 6 } });
    // another account cannot see it
    const other = await signUp(t.app);
    expect((await t.app.inject({ method: 'GET', url: `/v1/services/studio/jobs/${created.task_id}`, headers: as.J(other) })).statusCode).toBe(404);
  }, 60_000);

  it('a queued batch whose engine fails is failed and refunded in full; Idempotency-Key replays the 202', async () => {
    const user = await signUp(t.app);
    const { payload, headers } = multipart({ icp_type: 'school' }, files(Array.from({ length: 6 }, () => 'astronaut.jpg')));
    engineBroken = true;
    let created;
    try {
      const res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...headers, 'idempotency-key': 'batch-1' }, payload });
      expect(res.statusCode, res.body).toBe(202);
      created = res.json();
      const again = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...headers, 'idempotency-key': 'batch-1' }, payload });
      expect(again.statusCode).toBe(202);
      expect(again.json().task_id).toBe(created.task_id);
      const done = await waitForTask(t.app, user, created.task_id);
      expect(done.status).toBe('failed');
      expect(typeof done.error_message).toBe('string');
    } finally {
      engineBroken = false;
    }
    expect(await balance(t.app, user)).toBe(50);
    expect(events.find((e) => (e.data as { task_id?: string }).task_id === created.task_id)?.event).toBe('failed');
  }, 60_000);

  it('validates icp_type and files (400), and 402 when the wallet is short', async () => {
    const user = await signUp(t.app);
    const noIcp = multipart({}, files(['astronaut.jpg']));
    let res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...noIcp.headers }, payload: noIcp.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toHaveProperty('icp_type');
    const noFiles = multipart({ icp_type: 'school' }, []);
    res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...noFiles.headers }, payload: noFiles.payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toHaveProperty(['file[]']);
    const tooDear = multipart({ icp_type: 'school', enhance: 'true' }, files(Array.from({ length: 9 }, () => 'blank.png')));
    res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), ...tooDear.headers }, payload: tooDear.payload });
    expect(res.statusCode, res.body).toBe(402);
    expect(res.json().error).toBe('INSUFFICIENT_TOKENS');
    res = await t.app.inject({ method: 'POST', url: '/v1/services/studio/face-crop/upload', headers: { ...as.J(user), 'content-type': 'application/json' }, payload: { icp_type: 'school' } });
    expect(res.statusCode).toBe(415);
    expect(await balance(t.app, user)).toBe(50);
  });
});
