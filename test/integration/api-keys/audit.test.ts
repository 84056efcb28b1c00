import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as } from '../../helpers/factories.js';
import { openDatabase } from '../../../src/platform/db/index.js';
import { asK, eventsOf, storeKey, storeOn, testClock } from './helpers.js';

const clock = testClock();
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ now: clock.now });
});
afterAll(async () => t.close());

async function countEvents(app: TestApp, keyId: string, event?: string): Promise<number> {
  let q = app.deps.database.db.selectFrom('api_key_events').select((eb) => eb.fn.countAll<number>().as('n')).where('key_id', '=', keyId);
  if (event) q = q.where('event', '=', event);
  return Number((await q.executeTakeFirstOrThrow()).n);
}

describe('audit trail', () => {
  it('records creation, rotation, revocation and each attempt with IP, method, route, user agent and actor', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store, { allowed_ips: ['198.51.100.0/24'] });
    const url = `/v1/stores/${store.id}/api-keys`;
    clock.advance(1);
    await t.app.inject({ method: 'GET', url, headers: { ...asK(sk.key), 'user-agent': 'folio-test/1.0' }, remoteAddress: '198.51.100.23' });
    clock.advance(1);
    await t.app.inject({ method: 'GET', url, headers: asK(sk.key), remoteAddress: '203.0.113.9' });
    clock.advance(1);
    await t.app.inject({ method: 'POST', url: `${url}/${sk.data.uuid}/rotate`, headers: as.JS(store), payload: { grace_period_seconds: 10 }, remoteAddress: '198.51.100.1' });
    clock.advance(1);
    await t.app.inject({ method: 'DELETE', url: `${url}/${sk.data.uuid}`, headers: as.B(store), remoteAddress: '198.51.100.2' });

    const events = await eventsOf(t, store.owner, sk.data.uuid);
    expect(events.map((e) => e.event)).toEqual(['revoked', 'rotated', 'auth_failed', 'auth_succeeded', 'created']);
    const [revoked, rotated, failed, ok, created] = events;
    expect(ok).toMatchObject({
      key_uuid: sk.data.uuid,
      ip: '198.51.100.23',
      method: 'GET',
      route: '/v1/stores/:store/api-keys',
      user_agent: 'folio-test/1.0',
      actor: { type: 'api_key', id: sk.data.uuid },
      reason: null,
    });
    expect(failed).toMatchObject({ ip: '203.0.113.9', reason: 'ip_not_allowed' });
    expect(rotated).toMatchObject({ method: 'POST', route: '/v1/stores/:store/api-keys/:key/rotate', actor: { type: 'user', id: store.owner.id }, ip: '198.51.100.1' });
    expect(revoked).toMatchObject({ method: 'DELETE', actor: { type: 'store', id: store.id } });
    expect(created).toMatchObject({ event: 'created', actor: { type: 'store', id: store.id } });
    for (const e of events) expect(Object.keys(e).sort()).toEqual(['actor', 'created_at', 'detail', 'event', 'id', 'ip', 'key_uuid', 'method', 'reason', 'route', 'user_agent']);
    // Times follow the service clock.
    expect(Date.parse(revoked!.created_at)).toBe(clock.now());
  });

  it('reads newest first and pages with limit and cursor, without gaps or duplicates', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    // Some events one millisecond apart, some in the same millisecond (ties broken by id).
    for (let i = 0; i < 9; i++) {
      if (i % 3 === 0) clock.advance(1);
      await t.app.inject({ method: 'GET', url: `${url}?search=${i}`, headers: asK(sk.key) });
    }
    const all = await eventsOf(t, store.owner, sk.data.uuid);
    expect(all).toHaveLength(10);
    const times = all.map((e) => Date.parse(e.created_at));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(all.at(-1)!.event).toBe('created');

    const paged: string[] = [];
    let next: string | null = `/v1/stores/${store.id}/api-keys/${sk.data.uuid}/events?limit=3`;
    let pages = 0;
    while (next) {
      const res = await t.app.inject({ method: 'GET', url: next.replace('http://folio.test', ''), headers: as.B(store) });
      expect(res.statusCode).toBe(200);
      const body: any = res.json();
      expect(body.data.length).toBeLessThanOrEqual(3);
      paged.push(...body.data.map((e: { id: string }) => e.id));
      next = body.links.next;
      pages++;
    }
    // Reading the trail with B adds no events to this key's trail.
    expect(pages).toBe(4);
    expect(paged).toEqual(all.map((e) => e.id));

    const big = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/api-keys/${sk.data.uuid}/events?limit=101`, headers: as.B(store) });
    expect(big.statusCode).toBe(413);
    const forged = await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/api-keys/${sk.data.uuid}/events?cursor=abc.def`, headers: as.B(store) });
    expect(forged.statusCode).toBe(400);
  });

  it('authentication events are written off the request path, a batch as soon as enough wait', async () => {
    // The timer is out of play here: only the batch size starts a write.
    const b = await buildTestApp({ apiKeys: { auditFlushMs: 600_000, auditBatchSize: 10 } });
    try {
      const store = await storeOn(b, 'advanced');
      const sk = await storeKey(b, store);
      const url = `/v1/stores/${store.id}/api-keys`;
      await Promise.all(Array.from({ length: 25 }, () => b.app.inject({ method: 'GET', url, headers: asK(sk.key) })));
      await expect.poll(() => countEvents(b, sk.data.uuid, 'auth_succeeded'), { timeout: 2000, interval: 10 }).toBeGreaterThanOrEqual(10);
      // Batches of 10 are written as they fill; the last 5 wait for the (disabled) timer. A
      // batch being written is in neither count for a moment, so poll until it settles.
      await expect
        .poll(async () => (await countEvents(b, sk.data.uuid, 'auth_succeeded')) + b.deps.apiKeys.audit.pending, { timeout: 3000, interval: 20 })
        .toBe(25);
      expect(b.deps.apiKeys.audit.pending).toBeLessThan(10);
    } finally {
      await b.close();
    }
  });

  it('events recorded just before a graceful shutdown are all stored', async () => {
    // Neither the timer nor the batch size will write: only closing does.
    const c = await buildTestApp({ apiKeys: { auditFlushMs: 600_000, auditBatchSize: 100_000 } });
    const store = await storeOn(c, 'advanced');
    const sk = await storeKey(c, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    const n = 237;
    await Promise.all(Array.from({ length: n }, (_, i) => c.app.inject({ method: 'GET', url, headers: asK(sk.key, i % 10 === 0 ? { origin: 'https://x.example' } : {}) })));
    // Every request was answered, and not one event is written yet.
    expect(await countEvents(c, sk.data.uuid, 'auth_succeeded')).toBe(0);
    expect(c.deps.apiKeys.audit.pending).toBe(n);
    // Closing the app flushes the buffer before the database closes.
    await c.app.close();
    const db = openDatabase({ url: c.config.databaseUrl, dataDir: c.dataDir, poolSize: 1 });
    try {
      const rows = await db.db.selectFrom('api_key_events').select(['event']).where('key_id', '=', sk.data.uuid).execute();
      expect(rows.filter((r) => r.event === 'auth_succeeded')).toHaveLength(n);
      expect(rows.filter((r) => r.event === 'created')).toHaveLength(1);
    } finally {
      await db.close();
      fs.rmSync(c.dataDir, { recursive: true, force: true });
    }
  });

  it('events of an unknown key or of a key outside the store are 404', async () => {
    const store = await storeOn(t, 'advanced');
    const other = await storeOn(t, 'advanced', store.owner);
    const theirs = await storeKey(t, other);
    expect((await t.app.inject({ method: 'GET', url: `/v1/stores/${store.id}/api-keys/${theirs.data.uuid}/events`, headers: as.B(store) })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `/v1/account/api-keys/01890a5d-ac96-774b-bcce-b302099a8057/events`, headers: as.J(store.owner) })).statusCode).toBe(404);
  });
});
