import { afterEach, describe, expect, it } from 'vitest';
import { AuditWriter, type AuditEvent } from '../../../src/modules/api-keys/audit-writer.js';
import type { EventRow } from '../../../src/modules/api-keys/api-keys.repo.js';

function event(i: number): AuditEvent {
  return { keyId: `k${i}`, ownerId: 'o', event: 'auth_succeeded', ip: '127.0.0.1', method: 'GET', route: '/v1/x', userAgent: null, actor: null, at: Date.UTC(2030, 0, 1) + i };
}

class FakeSink {
  batches: EventRow[][] = [];
  failures = 0;
  async insertEvents(rows: readonly EventRow[]): Promise<void> {
    await new Promise((r) => setTimeout(r, 1));
    if (this.failures > 0) {
      this.failures--;
      throw new Error('database unavailable');
    }
    this.batches.push([...rows]);
  }
  get rows(): EventRow[] {
    return this.batches.flat();
  }
}

const writers: AuditWriter[] = [];
function writer(sink: FakeSink, opts: Partial<{ flushMs: number; batchSize: number; maxBuffered: number }> = {}, errors: string[] = []) {
  const w = new AuditWriter(sink, { flushMs: 60_000, batchSize: 100, maxBuffered: 10_000, onError: (_e, m) => errors.push(m), ...opts });
  writers.push(w);
  return w;
}
afterEach(async () => {
  for (const w of writers.splice(0)) await w.close();
});

describe('AuditWriter', () => {
  it('does nothing on the request path: record() only buffers', () => {
    const sink = new FakeSink();
    const w = writer(sink);
    for (let i = 0; i < 10; i++) w.record(event(i));
    expect(w.pending).toBe(10);
    expect(sink.batches).toHaveLength(0);
  });

  it('writes a batch as soon as batchSize events wait, in order', async () => {
    const sink = new FakeSink();
    const w = writer(sink, { batchSize: 5 });
    for (let i = 0; i < 12; i++) w.record(event(i));
    await w.flush();
    expect(sink.batches.map((b) => b.length)).toEqual([5, 5, 2]);
    expect(sink.rows.map((r) => r.key_id)).toEqual(Array.from({ length: 12 }, (_, i) => `k${i}`));
  });

  it('writes on its timer', async () => {
    const sink = new FakeSink();
    const w = writer(sink, { flushMs: 20 });
    w.record(event(1));
    await new Promise((r) => setTimeout(r, 120));
    expect(sink.rows).toHaveLength(1);
    expect(w.pending).toBe(0);
  });

  it('keeps events whose write failed and writes them next time', async () => {
    const sink = new FakeSink();
    const errors: string[] = [];
    const w = writer(sink, {}, errors);
    sink.failures = 1;
    w.record(event(1));
    w.record(event(2));
    await w.flush();
    expect(sink.rows).toHaveLength(0);
    expect(w.pending).toBe(2);
    expect(errors).toHaveLength(1);
    w.record(event(3));
    await w.flush();
    expect(sink.rows.map((r) => r.key_id)).toEqual(['k1', 'k2', 'k3']);
  });

  it('close() writes everything still buffered', async () => {
    const sink = new FakeSink();
    const w = writer(sink, { batchSize: 7 });
    for (let i = 0; i < 50; i++) w.record(event(i));
    await w.close();
    expect(sink.rows).toHaveLength(50);
    expect(new Set(sink.rows.map((r) => r.id)).size).toBe(50);
  });

  it('bounds memory when the database stays down', async () => {
    const sink = new FakeSink();
    const errors: string[] = [];
    const w = writer(sink, { maxBuffered: 5 }, errors);
    for (let i = 0; i < 8; i++) w.record(event(i));
    expect(w.pending).toBe(5);
    expect(errors.some((m) => m.includes('buffer full'))).toBe(true);
    await w.close();
    expect(sink.rows.map((r) => r.key_id)).toEqual(['k3', 'k4', 'k5', 'k6', 'k7']);
  });
});
