import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { isolatedDatabase, type IsolatedDatabase } from '../../helpers/database.js';
import { as } from '../../helpers/factories.js';
import { asK, eventsOf, storeKey, storeOn, testClock } from './helpers.js';

// Pruning deletes every store's old events: a database of its own on PostgreSQL.
const clock = testClock();
let t: TestApp;
let db: IsolatedDatabase;
beforeAll(async () => {
  db = await isolatedDatabase();
  t = await buildTestApp({ now: clock.now, env: db.env });
});
afterAll(async () => {
  await t.close();
  await db.drop();
});

describe('audit retention', () => {
  it('prunes authentication attempts older than the retention period and keeps creation, rotation and revocation', async () => {
    const store = await storeOn(t, 'advanced');
    const sk = await storeKey(t, store);
    const url = `/v1/stores/${store.id}/api-keys`;
    const start = clock.now();
    clock.advance(1);
    await t.app.inject({ method: 'GET', url, headers: asK(sk.key) });
    await t.app.inject({ method: 'GET', url, headers: asK(sk.key), remoteAddress: '203.0.113.1' });
    clock.advance(1);
    await t.app.inject({ method: 'POST', url: `${url}/${sk.data.uuid}/rotate`, headers: as.B(store), payload: { grace_period_seconds: 0 } });
    expect((await eventsOf(t, store.owner, sk.data.uuid)).map((e) => e.event)).toEqual(['rotated', 'auth_succeeded', 'auth_succeeded', 'created']);

    // 89 days on: nothing is old enough yet.
    clock.set(start + 89 * 86_400_000);
    await t.app.inject({ method: 'GET', url, headers: asK(sk.key) }); // a recent attempt (refused: rotated without grace)
    await t.deps.apiKeys.service.pruneAudit(90);
    expect((await eventsOf(t, store.owner, sk.data.uuid)).map((e) => e.event)).toEqual(['auth_failed', 'rotated', 'auth_succeeded', 'auth_succeeded', 'created']);
    // 91 days on: the two old attempts go, the recent one and the lifecycle events stay.
    clock.set(start + 91 * 86_400_000);
    expect(await t.deps.apiKeys.service.pruneAudit(90)).toBeGreaterThanOrEqual(2);
    expect((await eventsOf(t, store.owner, sk.data.uuid)).map((e) => e.event)).toEqual(['auth_failed', 'rotated', 'created']);
    expect(await t.deps.apiKeys.service.pruneAudit(0)).toBe(0);
  });
});
