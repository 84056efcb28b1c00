import type { PostgresPool, PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../../src/platform/db/errors.js';
import { PoolGate, PoolWaitTimeout, withDbPriority } from '../../src/platform/db/pool-gate.js';

/** A pool that hands out clients at once and counts how many are out. */
function fakePool() {
  const state = { out: 0, maxOut: 0, ended: false };
  const pool: PostgresPool = {
    connect: async () => {
      state.out++;
      state.maxOut = Math.max(state.maxOut, state.out);
      return { query: (async () => ({ rows: [] })) as never, release: () => void state.out-- } satisfies PostgresPoolClient;
    },
    end: async () => void (state.ended = true),
  };
  return { pool, state };
}

const tick = () => new Promise((r) => setTimeout(r, 5));

describe('PoolGate', () => {
  it('hands out at most `size` connections; a release passes the permit to the first waiter', async () => {
    const { pool, state } = fakePool();
    const gate = new PoolGate(pool, { size: 2, waitMs: 1000, priorityWaitMs: 1000 });
    const a = await gate.connect();
    const b = await gate.connect();
    const order: string[] = [];
    const c = gate.connect().then((x) => (order.push('c'), x));
    const d = gate.connect().then((x) => (order.push('d'), x));
    await tick();
    expect(order).toEqual([]);
    expect(gate.stats()).toEqual({ inUse: 2, waiting: 2, waitingPriority: 0 });
    a.release();
    a.release(); // twice is once
    await tick();
    expect(order).toEqual(['c']);
    b.release();
    (await c).release();
    (await d).release();
    expect(order).toEqual(['c', 'd']);
    expect(state.maxOut).toBe(2);
    expect(gate.stats()).toEqual({ inUse: 0, waiting: 0, waitingPriority: 0 });
  });

  it('work in the priority lane is served before every waiting request of the normal lane', async () => {
    const { pool } = fakePool();
    const gate = new PoolGate(pool, { size: 1, waitMs: 1000, priorityWaitMs: 1000 });
    const held = await gate.connect();
    const order: string[] = [];
    const normal = Array.from({ length: 3 }, (_, i) => gate.connect().then((x) => (order.push(`new-${i}`), x.release())));
    await tick();
    const refund = withDbPriority(() => gate.connect()).then((x) => (order.push('refund'), x.release()));
    await tick();
    held.release();
    await Promise.all([...normal, refund]);
    expect(order).toEqual(['refund', 'new-0', 'new-1', 'new-2']);
  });

  it('a newcomer does not overtake a waiter when a permit frees up', async () => {
    const { pool } = fakePool();
    const gate = new PoolGate(pool, { size: 1, waitMs: 1000, priorityWaitMs: 1000 });
    const held = await gate.connect();
    const order: string[] = [];
    const waiter = gate.connect().then((x) => (order.push('waiter'), x));
    held.release();
    const newcomer = gate.connect().then((x) => (order.push('newcomer'), x.release()));
    (await waiter).release();
    await newcomer;
    expect(order).toEqual(['waiter', 'newcomer']);
  });

  it('the wait is bounded: past it the caller gets an outage error (503), and leaves the queue', async () => {
    const { pool } = fakePool();
    const gate = new PoolGate(pool, { size: 1, waitMs: 30, priorityWaitMs: 200 });
    const held = await gate.connect();
    const t0 = Date.now();
    const err = await gate.connect().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PoolWaitTimeout);
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(25);
    expect(gate.stats().waiting).toBe(0);
    // the priority lane waits longer: it outlives a normal wait and gets the connection
    const priority = withDbPriority(() => gate.connect());
    await new Promise((r) => setTimeout(r, 60));
    held.release();
    (await priority).release();
    expect(gate.stats()).toEqual({ inUse: 0, waiting: 0, waitingPriority: 0 });
  });

  it('a failing connect gives its permit back', async () => {
    const { pool } = fakePool();
    let fail = true;
    const flaky: PostgresPool = { connect: () => (fail ? Promise.reject(new Error('Connection terminated')) : pool.connect()), end: () => pool.end() };
    const gate = new PoolGate(flaky, { size: 1, waitMs: 50, priorityWaitMs: 50 });
    await expect(gate.connect()).rejects.toThrow('Connection terminated');
    fail = false;
    (await gate.connect()).release();
    expect(gate.stats().inUse).toBe(0);
  });
});
