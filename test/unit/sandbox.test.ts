import { afterAll, describe, expect, it } from 'vitest';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { BudgetExceeded, SandboxCrashed, SandboxPool, SandboxTaskError } from '../../src/platform/sandbox/pool.js';

const tasks = new URL('../fixtures/sandbox/tasks.ts', import.meta.url).href;
const budget = { timeMs: 10_000, memoryMb: 96 };

describe('sandbox pool', () => {
  const pool = new SandboxPool({ size: 2, idleMs: 1_000 });
  afterAll(() => pool.close());

  it('runs a task in a thread and returns its result', async () => {
    const r = await pool.run<{ text: string; bytes: Uint8Array }>(tasks, 'echo', { text: 'abc' }, budget);
    expect(r.text).toBe('ABC');
    expect([...r.bytes]).toEqual([1, 2, 3]);
  });

  it('ends a task past its time budget while the caller keeps serving', async () => {
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const err = await pool.run(tasks, 'spin', {}, { ...budget, timeMs: 400 }).catch((e: unknown) => e);
    h.disable();
    expect(err).toBeInstanceOf(BudgetExceeded);
    expect((err as BudgetExceeded).limit).toBe('time');
    expect((err as BudgetExceeded).message).toMatch(/tasks\.spin did not finish within 400 ms/);
    expect(h.max / 1e6).toBeLessThan(100);
    // the pool still works
    await expect(pool.run(tasks, 'echo', { text: 'x' }, budget)).resolves.toMatchObject({ text: 'X' });
  });

  it('ends a task past its memory budget, alone', async () => {
    const err = await pool.run(tasks, 'hoard', {}, { timeMs: 30_000, memoryMb: 48 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BudgetExceeded);
    expect((err as BudgetExceeded).limit).toBe('memory');
    await expect(pool.run(tasks, 'echo', { text: 'y' }, budget)).resolves.toMatchObject({ text: 'Y' });
  });

  it('passes a thrown error back with its name, message, code and details', async () => {
    const err = (await pool.run(tasks, 'fail', {}, budget).catch((e: unknown) => e)) as SandboxTaskError;
    expect(err).toBeInstanceOf(SandboxTaskError);
    expect(err.errorName).toBe('FontError');
    expect(err.code).toBe('font_invalid');
    expect(err.details.offset).toBe(12);
  });

  it('contains an exception thrown from nextTick (the process lives on)', async () => {
    const err = await pool.run(tasks, 'throwLater', {}, budget).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(SandboxCrashed);
    expect((err as Error).message).toMatch(/thrown from nextTick/);
  });

  it('turns a stack overflow into an error, not a crash', async () => {
    const err = (await pool.run(tasks, 'deep', { depth: 10_000_000 }, budget).catch((e: unknown) => e)) as SandboxTaskError;
    expect(err).toBeInstanceOf(SandboxTaskError);
    expect(err.errorName).toBe('RangeError');
  });

  it('queues tasks beyond its size and runs them all', async () => {
    const all = await Promise.all(['a', 'b', 'c', 'd', 'e'].map((t) => pool.run<{ text: string }>(tasks, 'echo', { text: t }, budget)));
    expect(all.map((r) => r.text)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(pool.threads).toBeLessThanOrEqual(2);
  });
});
