import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verify } from '../../../src/modules/webhooks/signature.js';
import { bind, JobFailure, jobKind } from '../../../src/platform/queue/registry.js';
import type { Resolver } from '../../../src/platform/fetch/safe-fetch.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { expectAuthCases } from '../../helpers/auth-cases.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';
import { waitFor } from '../../helpers/wait.js';
import { asK, storeKey } from '../api-keys/helpers.js';
import { Receiver, type Received } from './receiver.js';

const echo = jobKind<{ fail?: boolean }, { echoed: true }>({ type: 'test.webhook-echo', statuses: { created: 'processing', completed: 'completed', failed: 'failed' } });

let db: IsolatedDatabase;
let t: TestApp;
let rx: Receiver;
const names = new Map<string, string>();
const resolver: Resolver = async (host) => {
  const address = names.get(host);
  if (!address) throw new Error('NXDOMAIN');
  return [{ address, family: 4 }];
};

beforeAll(async () => {
  db = await isolatedDatabase();
  rx = await new Receiver().start();
  t = await buildTestApp({
    env: { ...db.env, FOLIO_FETCH_ALLOWLIST: '127.0.0.1', FOLIO_JOB_POLL_MS: '50' },
    resolver,
    // Four attempts, retried after 40, 80 and 120 ms instead of seconds to days.
    webhooks: { retryScheduleMs: [40, 80, 120], timeoutMs: 2000 },
    jobs: [bind(echo, async (ctx) => {
      if (ctx.payload.fail) throw new JobFailure('asked to fail');
      return { echoed: true as const };
    })],
  });
  await t.deps.startWorkers();
});

afterAll(async () => {
  await t?.close();
  await rx?.close();
  await db?.drop();
});

let n = 0;
const path = () => `/hook-${++n}`;

async function proStore(): Promise<TestStore> {
  return createStore(t.app, undefined, { tier: 'pro', deps: t.deps });
}

async function register(store: TestStore, body: Record<string, unknown>): Promise<{ id: string; secret: string; [k: string]: unknown }> {
  const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data;
}

async function deliveries(store: TestStore, hookId: string): Promise<any[]> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hookId}/deliveries?limit=100`, headers: as.B(store) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

function publish(store: TestStore, topic: string, event: string, data: unknown) {
  return t.deps.events.publish({ accountId: store.owner.id, storeId: store.id, topic, event, data });
}

/** An independent Standard Webhooks check, written from the specification. */
function standardVerify(secret: string, r: Received): boolean {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${r.headers['webhook-id']}.${r.headers['webhook-timestamp']}.${r.body}`).digest('base64');
  return String(r.headers['webhook-signature']).split(' ').includes(`v1,${expected}`);
}

describe('/webhooks CRUD', () => {
  it('creates with the reference fields, shows the secret once, lists, counts, updates, deletes', async () => {
    const store = await proStore();
    const created = await register(store, { topic: 'products', callback_url: rx.url('/crud') });
    expect(created).toMatchObject({ topic: 'products', event: 'POST', callback_url: rx.url('/crud'), enabled: true, store_id: store.id });
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const got = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${created.id}`, headers: as.JS(store) });
    expect(got.statusCode).toBe(200);
    expect(got.json().data.secret).toBeUndefined();
    expect(got.json().message).toBe('Retrieved successfully');

    await register(store, { topic: 'jobs', event: 'failed', callback_url: rx.url('/crud2') });
    const list = await t.app.inject({ method: 'GET', url: '/v1/webhooks?limit=1', headers: as.B(store) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toHaveLength(1);
    expect(list.json().links.next).toBeTruthy();
    expect((await t.app.inject({ method: 'GET', url: '/v1/webhooks?limit=101', headers: as.B(store) })).statusCode).toBe(413);
    const count = await t.app.inject({ method: 'GET', url: '/v1/webhooks/count', headers: as.B(store) });
    expect(count.json()).toEqual({ data: { count: 2 }, message: 'Retrieved successfully' });

    const upd = await t.app.inject({ method: 'PUT', url: `/v1/webhooks/${created.id}`, headers: as.B(store), payload: { event: 'PUT BATCH' } });
    expect(upd.statusCode, upd.body).toBe(200);
    expect(upd.json()).toMatchObject({ data: { event: 'PUT BATCH', topic: 'products' }, message: 'Updated successfully' });
    const bad = await t.app.inject({ method: 'PUT', url: `/v1/webhooks/${created.id}`, headers: as.B(store), payload: { topic: 'jobs', event: 'POST' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ message: 'Invalid input', error: { event: [expect.stringContaining('completed, failed')] } });

    // Another store's webhook does not exist.
    const other = await proStore();
    expect((await t.app.inject({ method: 'GET', url: `/v1/webhooks/${created.id}`, headers: as.B(other) })).statusCode).toBe(404);

    const del = await t.app.inject({ method: 'DELETE', url: `/v1/webhooks/${created.id}`, headers: as.B(store) });
    expect(del.json()).toEqual({ message: 'Deleted successfully' });
    expect((await t.app.inject({ method: 'GET', url: `/v1/webhooks/${created.id}`, headers: as.B(store) })).statusCode).toBe(404);
  });

  it('gates on the plan, checks credentials and the webhooks:write scope', async () => {
    const free = await createStore(t.app);
    const gated = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(free), payload: { topic: 'products', callback_url: rx.url('/x') } });
    expect(gated.statusCode).toBe(402);
    expect(gated.json().error).toMatchObject({ code: 'capability_not_available', details: { capability: 'webhooks', required_tier: 'pro' } });

    const store = await createStore(t.app, undefined, { tier: 'advanced', deps: t.deps });
    const hook = await register(store, { topic: 'products', callback_url: rx.url('/auth') });
    for (const route of [
      { method: 'GET' as const, url: '/v1/webhooks' },
      { method: 'POST' as const, url: '/v1/webhooks', payload: { topic: 'products', callback_url: rx.url('/auth') } },
      { method: 'PUT' as const, url: `/v1/webhooks/${hook.id}`, payload: { enabled: true } },
      { method: 'POST' as const, url: `/v1/webhooks/${hook.id}/rotate-secret`, payload: {} },
      { method: 'GET' as const, url: `/v1/webhooks/${hook.id}/deliveries` },
    ]) {
      await expectAuthCases(t.app, { ...route, accepts: ['B', 'JS', 'K'] }, store);
    }
    const narrow = await storeKey(t, store, { scopes: ['catalog:read'] });
    const denied = await t.app.inject({ method: 'GET', url: '/v1/webhooks', headers: asK(narrow.key) });
    expect(denied.statusCode).toBe(403);
    const full = await storeKey(t, store);
    const okK = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: asK(full.key), payload: { topic: 'sides', callback_url: rx.url('/k') } });
    expect(okK.statusCode, okK.body).toBe(201);
  });

  it('is documented in OpenAPI with its credentials and scope', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/openapi.json' })).json();
    const ops = [
      ['get', '/v1/webhooks'],
      ['post', '/v1/webhooks'],
      ['get', '/v1/webhooks/count'],
      ['get', '/v1/webhooks/{id}'],
      ['put', '/v1/webhooks/{id}'],
      ['delete', '/v1/webhooks/{id}'],
      ['post', '/v1/webhooks/{id}/rotate-secret'],
      ['get', '/v1/webhooks/{id}/deliveries'],
      ['get', '/v1/webhooks/{id}/deliveries/{deliveryId}'],
      ['post', '/v1/webhooks/{id}/deliveries/{deliveryId}/redeliver'],
    ] as const;
    for (const [method, p] of ops) {
      const op = doc.paths[p]?.[method];
      expect(op, `${method} ${p}`).toBeDefined();
      expect(op.description, `${method} ${p}`).toContain('webhooks:write');
      const schemes = new Set(op.security.flatMap((s: Record<string, unknown>) => Object.keys(s)));
      for (const s of ['apiKey', 'storeBasic', 'storeSid']) expect(schemes.has(s), `${method} ${p} ${s}`).toBe(true);
    }
  });

  it('refuses callback URLs on private, loopback-by-name or metadata addresses, and odd schemes', async () => {
    const store = await proStore();
    names.set('intranet.test', '10.1.2.3');
    for (const url of ['http://10.0.0.1/hook', 'http://169.254.169.254/latest', 'http://localhost:9/x', 'http://intranet.test/x', 'ftp://example.com/x', 'http://[::1]/x', 'not a url', 'http://nx.test/x']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/webhooks', headers: as.B(store), payload: { topic: 'products', callback_url: url } });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.callback_url, url).toHaveLength(1);
    }
  });
});

describe('deliveries', () => {
  it('are signed per Standard Webhooks and carry the event', async () => {
    const store = await proStore();
    const p = path();
    const hook = await register(store, { topic: 'products', event: 'POST', callback_url: rx.url(p) });
    await publish(store, 'products', 'POST', { id: 'p1', name: 'Mug' });
    await publish(store, 'products', 'PUT', { id: 'p1' }); // not subscribed
    const [r] = await rx.waitFor(p, 1);
    expect(r!.headers['content-type']).toBe('application/json');
    expect(r!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(Math.abs(Number(r!.headers['webhook-timestamp']) - Date.now() / 1000)).toBeLessThan(30);
    expect(standardVerify(hook.secret, r!)).toBe(true);
    expect(verify(hook.secret, r!.headers as never, r!.body)).toBe(true);
    expect(verify(hook.secret, r!.headers as never, r!.body.replace('Mug', 'Cup'))).toBe(false);
    expect(JSON.parse(r!.body)).toMatchObject({ type: 'products.post', topic: 'products', event: 'POST', store_id: store.id, data: { id: 'p1', name: 'Mug' } });
    const log = await waitFor(async () => {
      const d = await deliveries(store, hook.id);
      return d[0]?.status === 'succeeded' ? d : undefined;
    }, 'delivery logged');
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ message_id: r!.headers['webhook-id'], attempt_count: 1, last_status_code: 200, attempts: [{ status_code: 200, error: null }] });
  });

  it('batch events in any spelling reach a BATCH subscription; other stores hear nothing', async () => {
    const store = await proStore();
    const other = await proStore();
    const p = path();
    await register(store, { topic: 'sides', event: 'DELETE BATCH', callback_url: rx.url(p) });
    await publish(other, 'sides', 'DELETE/batch', { ids: ['x'] });
    await publish(store, 'sides', 'DELETE/batch', { ids: ['a'] });
    const [r] = await rx.waitFor(p, 1);
    expect(JSON.parse(r!.body)).toMatchObject({ type: 'sides.delete_batch', event: 'DELETE BATCH', data: { ids: ['a'] } });
  });

  it('are retried after failures with the same webhook-id, every attempt logged', async () => {
    const store = await proStore();
    const p = path();
    rx.script(p, [500, 503]);
    const hook = await register(store, { topic: 'templates', callback_url: rx.url(p) });
    await publish(store, 'templates', 'POST', { id: 't1' });
    const got = await rx.waitFor(p, 3);
    expect(new Set(got.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect(got.every((r) => standardVerify(hook.secret, r))).toBe(true);
    const [d] = await waitFor(async () => {
      const list = await deliveries(store, hook.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 'delivery to succeed');
    expect(d.attempts.map((a: any) => a.status_code)).toEqual([500, 503, 200]);
    expect(d.attempt_count).toBe(3);
  });

  it('have time-ordered ids in event order', async () => {
    const store = await proStore();
    const p = path();
    const hook = await register(store, { topic: 'designs', event: 'PUT', callback_url: rx.url(p) });
    for (let i = 0; i < 6; i++) await publish(store, 'designs', 'PUT', { seq: i });
    const got = await rx.waitFor(p, 6);
    const bySeq = [...got].sort((a, b) => JSON.parse(a.body).data.seq - JSON.parse(b.body).data.seq).map((r) => r.headers['webhook-id']);
    expect([...bySeq].sort()).toEqual(bySeq);
    const list = await deliveries(store, hook.id);
    expect(list.map((d) => d.payload.data.seq)).toEqual([5, 4, 3, 2, 1, 0]);
  });

  it('a 410 disables the endpoint at once; PUT enabled:true resumes it', async () => {
    const store = await proStore();
    const p = path();
    rx.script(p, [410]);
    const hook = await register(store, { topic: 'projects', callback_url: rx.url(p) });
    await publish(store, 'projects', 'POST', { id: 'pr1' });
    await rx.waitFor(p, 1);
    const disabled = await waitFor(async () => {
      const r = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}`, headers: as.B(store) });
      return r.json().data.enabled === false ? r.json().data : undefined;
    }, 'the webhook to be disabled');
    expect(disabled.disabled_reason).toMatch(/410/);
    const [d] = await deliveries(store, hook.id);
    expect(d).toMatchObject({ status: 'failed', attempt_count: 1, last_status_code: 410 });
    // Disabled: events are not recorded for it, and redelivery is refused.
    await publish(store, 'projects', 'POST', { id: 'pr2' });
    expect(await deliveries(store, hook.id)).toHaveLength(1);
    const refused = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/${d.id}/redeliver`, headers: as.B(store) });
    expect(refused.statusCode).toBe(409);

    const resumed = await t.app.inject({ method: 'PUT', url: `/v1/webhooks/${hook.id}`, headers: as.B(store), payload: { enabled: true } });
    expect(resumed.json().data).toMatchObject({ enabled: true, disabled_reason: null });
    await publish(store, 'projects', 'POST', { id: 'pr3' });
    const got = await rx.waitFor(p, 2);
    expect(JSON.parse(got[1]!.body).data.id).toBe('pr3');
  });

  it('sustained failure exhausts the schedule and disables; an address that turns private is refused at delivery', async () => {
    const store = await proStore();
    names.set('rebind.test', '93.184.216.34');
    const hook = await register(store, { topic: 'products', callback_url: 'http://rebind.test/hook' });
    names.set('rebind.test', '10.9.8.7'); // DNS now points inside
    await publish(store, 'products', 'POST', { id: 'p' });
    const [d] = await waitFor(async () => {
      const list = await deliveries(store, hook.id);
      return list[0]?.status === 'failed' ? list : undefined;
    }, 'the delivery to fail');
    expect(d.attempt_count).toBe(4);
    expect(d.attempts.every((a: any) => a.status_code === null && /address_not_allowed/.test(a.error))).toBe(true);
    const got = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}`, headers: as.B(store) });
    expect(got.json().data).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/whole retry schedule/) });
  });

  it('any finished delivery can be redelivered with the same webhook-id and body', async () => {
    const store = await proStore();
    const p = path();
    const hook = await register(store, { topic: 'products', event: 'DELETE', callback_url: rx.url(p) });
    await publish(store, 'products', 'DELETE', { id: 'gone' });
    await rx.waitFor(p, 1);
    const [d] = await waitFor(async () => {
      const list = await deliveries(store, hook.id);
      return list[0]?.status === 'succeeded' ? list : undefined;
    }, 'first delivery');
    const res = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/${d.id}/redeliver`, headers: as.B(store) });
    expect(res.statusCode, res.body).toBe(202);
    const got = await rx.waitFor(p, 2);
    expect(got[1]!.headers['webhook-id']).toBe(got[0]!.headers['webhook-id']);
    expect(got[1]!.body).toBe(got[0]!.body);
    const [after] = await waitFor(async () => {
      const list = await deliveries(store, hook.id);
      return list[0]?.status === 'succeeded' && list[0].attempt_count === 2 ? list : undefined;
    }, 'redelivery logged');
    expect(after.attempts).toHaveLength(2);
    const one = await t.app.inject({ method: 'GET', url: `/v1/webhooks/${hook.id}/deliveries/${d.id}`, headers: as.B(store) });
    expect(one.json().data).toMatchObject({ id: d.id, status: 'succeeded', attempt_count: 2 });
    const unknown = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/deliveries/0190e8e0-0000-7000-8000-000000000000/redeliver`, headers: as.B(store) });
    expect(unknown.statusCode).toBe(404);
  });

  it('rotation signs with both secrets during the overlap', async () => {
    const store = await proStore();
    const p = path();
    const hook = await register(store, { topic: 'products', callback_url: rx.url(p) });
    const rot = await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/rotate-secret`, headers: as.B(store), payload: { grace_period_seconds: 3600 } });
    expect(rot.statusCode, rot.body).toBe(200);
    const fresh = rot.json().data;
    expect(fresh.secret).not.toBe(hook.secret);
    expect(fresh.previous_secret_expires_at).toBeTruthy();
    await publish(store, 'products', 'POST', { id: 'r' });
    const [r] = await rx.waitFor(p, 1);
    expect(String(r!.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(standardVerify(fresh.secret, r!)).toBe(true);
    expect(standardVerify(hook.secret, r!)).toBe(true);
    // Without overlap the old secret stops at once.
    await t.app.inject({ method: 'POST', url: `/v1/webhooks/${hook.id}/rotate-secret`, headers: as.B(store), payload: { grace_period_seconds: 0 } });
    await publish(store, 'products', 'POST', { id: 'r2' });
    const got = await rx.waitFor(p, 2);
    expect(String(got[1]!.headers['webhook-signature']).split(' ')).toHaveLength(1);
    expect(standardVerify(fresh.secret, got[1]!)).toBe(false);
  });

  it('a store moved below pro keeps its endpoints but hears nothing', async () => {
    const store = await proStore();
    const hook = await register(store, { topic: 'products', callback_url: rx.url(path()) });
    await t.deps.stores.setTier(store.id, 'free');
    await publish(store, 'products', 'POST', { id: 'quiet' });
    expect(await deliveries(store, hook.id)).toHaveLength(0);
  });

  it('a rolled-back change delivers nothing', async () => {
    const store = await proStore();
    const p = path();
    const hook = await register(store, { topic: 'products', callback_url: rx.url(p) });
    await expect(
      t.deps.database.db.transaction().execute(async (tx) => {
        await t.deps.events.publish({ accountId: store.owner.id, storeId: store.id, topic: 'products', event: 'POST', data: { id: 'never' } }, tx);
        throw new Error('rollback');
      }),
    ).rejects.toThrow('rollback');
    await publish(store, 'products', 'POST', { id: 'after' });
    await rx.waitFor(p, 1);
    expect(rx.at(p).map((r) => JSON.parse(r.body).data.id)).toEqual(['after']);
    expect(await deliveries(store, hook.id)).toHaveLength(1);
  });
});

describe('events wired end to end', () => {
  it('jobs: completed and failed, carrying the job', async () => {
    const store = await proStore();
    const [pc, pf] = [path(), path()];
    await register(store, { topic: 'jobs', event: 'completed', callback_url: rx.url(pc) });
    await register(store, { topic: 'jobs', event: 'failed', callback_url: rx.url(pf) });
    const ok = await t.deps.jobs.create(echo, { accountId: store.owner.id, storeId: store.id, payload: {}, cost: 0 });
    // An account-level job (no store) reaches the account's stores' subscriptions too.
    const bad = await t.deps.jobs.create(echo, { accountId: store.owner.id, payload: { fail: true }, cost: 0 });
    const [c] = await rx.waitFor(pc, 1);
    const [f] = await rx.waitFor(pf, 1);
    expect(JSON.parse(c!.body)).toMatchObject({ type: 'jobs.completed', data: { job_id: !ok.replayed && ok.job.id, type: 'test.webhook-echo', status: 'completed', result: { echoed: true } } });
    expect(JSON.parse(f!.body)).toMatchObject({ type: 'jobs.failed', data: { job_id: !bad.replayed && bad.job.id, status: 'failed', error: 'asked to fail' } });
  });

  it('api_keys: rotated, revoked, and expiring 7 days ahead (once)', async () => {
    const store = await createStore(t.app, undefined, { tier: 'advanced', deps: t.deps });
    const [pr, pv, pe] = [path(), path(), path()];
    await register(store, { topic: 'api_keys', event: 'rotated', callback_url: rx.url(pr) });
    await register(store, { topic: 'api_keys', event: 'revoked', callback_url: rx.url(pv) });
    await register(store, { topic: 'api_keys', event: 'expiring', callback_url: rx.url(pe) });
    const key = await storeKey(t, store, { name: 'rotating' });
    // The receiver never answers the first attempt: the request that caused the event does not wait for it.
    rx.script(pr, ['hang']);
    const rot = await t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys/${key.data.uuid}/rotate`, headers: as.B(store), payload: {} });
    expect(rot.statusCode, rot.body).toBe(200);
    const [r, again] = await rx.waitFor(pr, 2);
    expect(again!.headers['webhook-id']).toBe(r!.headers['webhook-id']);
    expect(JSON.parse(r!.body)).toMatchObject({ type: 'api_keys.rotated', data: { uuid: key.data.uuid, status: 'grace', rotated_to: rot.json().data.uuid } });
    const rev = await t.app.inject({ method: 'DELETE', url: `/v1/stores/${store.id}/api-keys/${rot.json().data.uuid}`, headers: as.B(store) });
    expect(rev.statusCode, rev.body).toBe(200);
    const [v] = await rx.waitFor(pv, 1);
    expect(JSON.parse(v!.body)).toMatchObject({ type: 'api_keys.revoked', data: { uuid: rot.json().data.uuid, status: 'revoked' } });

    const soon = await storeKey(t, store, { name: 'soon', expires_at: new Date(Date.now() + 3 * 86_400_000).toISOString() });
    await storeKey(t, store, { name: 'later', expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() });
    expect(await t.deps.apiKeys.service.sweepExpiring()).toBeGreaterThanOrEqual(1);
    expect(await t.deps.apiKeys.service.sweepExpiring()).toBe(0);
    const [e] = await rx.waitFor(pe, 1);
    expect(JSON.parse(e!.body)).toMatchObject({ type: 'api_keys.expiring', data: { uuid: soon.data.uuid, name: 'soon' } });
    expect(rx.at(pe)).toHaveLength(1);
  });
});
