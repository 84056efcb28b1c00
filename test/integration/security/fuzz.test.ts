import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiWorld } from '../../helpers/api-world.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { fuzzCases, short } from './fuzz-requests.js';

/**
 * Property-based fuzzing of every operation in /v1/openapi.json (issue #10, hostile input).
 * The operations are read from the document when the file loads, so a route added later is
 * fuzzed without this file changing. Per operation: FOLIO_FUZZ_RUNS requests (default 12;
 * FOLIO_FUZZ_SEED replays a run). Property: no answer is a 5xx, and every 4xx body is one of
 * the interface's envelopes.
 */
const RUNS = Number(process.env.FOLIO_FUZZ_RUNS ?? 12);
const SEED = process.env.FOLIO_FUZZ_SEED ? Number(process.env.FOLIO_FUZZ_SEED) : undefined;

const world = await ApiWorld.create();
afterAll(async () => {
  // FOLIO_FUZZ_STATS=1: the status codes each operation answered, to see how deep the fuzz got.
  if (process.env.FOLIO_FUZZ_STATS) {
    const stats = new Map<string, Map<number, number>>();
    for (const s of world.seen) {
      const key = `${s.method} ${s.path}`;
      const m = stats.get(key) ?? new Map<number, number>();
      m.set(s.status, (m.get(s.status) ?? 0) + 1);
      stats.set(key, m);
    }
    const lines = [...stats].map(([k, m]) => `${k.padEnd(70)} ${[...m].sort(([a], [b]) => a - b).map(([c, n]) => `${c}×${n}`).join(' ')}`);
    console.log(`fuzz: ${world.seen.length} requests\n${lines.join('\n')}`);
  }
  await world.close();
});

/** Reads first, then writes; deletions and credential changes last, so fixtures live longest. */
function order(op: { method: string; path: string }): number {
  if (/token-revoke|password-update|\/api-keys\/\{key\}|^\/v1\/stores\/\{store\}$|^\/v1\/account$/.test(op.path) && op.method !== 'GET') return 4;
  return { GET: 0, POST: 1, PUT: 2, PATCH: 2, DELETE: 3 }[op.method] ?? 1;
}
const ops = [...world.ops].sort((a, b) => order(a) - order(b));

describe('fuzz: every operation of /v1/openapi.json', () => {
  it('reads the operations from the document', () => {
    // A sanity floor: a parse that found nothing would make every property vacuous.
    expect(ops.length).toBeGreaterThanOrEqual(100);
    expect(ops.some((o) => o.json)).toBe(true);
    expect(ops.some((o) => o.multipart)).toBe(true);
  });

  for (const op of ops) {
    it(`${op.method} ${op.path}`, async () => {
      await fc.assert(
        fc.asyncProperty(fuzzCases(world, op), async (c) => {
          const res = await world.send(c.req, { op, kind: c.kind });
          if (res.statusCode >= 500) throw new Error(`${res.statusCode}: ${short(res.body)}`);
          const problem = envelopeProblem(res);
          if (problem) throw new Error(problem);
        }),
        { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
      );
      await world.ensureHealthy();
    }, 120_000);
  }
});
