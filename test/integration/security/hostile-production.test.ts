import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { productionHostileBodies } from '../../helpers/hostile.js';
import { openApiDocument, operations } from '../../helpers/openapi-ops.js';
import { storeOn } from '../api-keys/helpers.js';
import { cardDesign } from '../merge/helpers.js';
import { labelledDesigns } from '../production/helpers.js';

/**
 * Issue 37's generators (also in fuzz.test.ts), found by field in /v1/openapi.json: every
 * operation with a `csv`, `records` or `sheet` field gets a 100,000-character CSV cell, 201
 * columns, a cell over the cap, 201 keys, a 2,000 mm sheet for a 1 mm item. Each is answered
 * at once with a 4xx envelope (or accepted as a bounded job), never a 5xx, and the health
 * check is not kept waiting.
 */
let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

describe('fuzz generators for issue 37 (used by fuzz.test.ts)', () => {
  it('every operation with a data set or a sheet: a 4xx envelope or a bounded job, answered at once', async () => {
    const ops = operations(await openApiDocument(t.app)).filter((o) => o.method === 'POST' && o.json && productionHostileBodies(o.json, { ids: [] }));
    const paths = ops.map((o) => o.path);
    // the routes of the finding are found by their fields, and so will be any added later
    expect(paths).toEqual(expect.arrayContaining(['/v1/merge-jobs', '/v1/impositions', '/v1/gang-sheets']));
    const card = await cardDesign(t.app, store);
    const tiny = (await labelledDesigns(t.app, store, 1, { width: 1, height: 1, bleed: 0 })).designs[0];
    const statuses = new Map<string, Set<number>>();
    for (const op of ops) {
      // merge reads the card's fields; a sheet gets the 1 mm design
      const id = op.json!.properties?.sheet ? tiny.id : card.id;
      const arb = productionHostileBodies(op.json, { ids: [id], idsForField: (n) => (/^design_ids?$/.test(n) ? [id] : []) })!;
      for (const body of fc.sample(arb, { numRuns: 6, seed: 37 })) {
        const t0 = performance.now();
        const res = await t.app.inject({ method: 'POST', url: op.path, headers: { ...as.B(store), 'content-type': body.contentType! }, payload: body.payload });
        const ms = performance.now() - t0;
        const health = performance.now();
        expect((await t.app.inject({ method: 'GET', url: '/v1/health' })).statusCode).toBe(200);
        expect(performance.now() - health, `health after ${op.path} ${body.label}`).toBeLessThan(500);
        expect(ms, `${op.path} ${body.label}`).toBeLessThan(3_000);
        expect(res.statusCode, `${op.path} ${body.label}: ${res.body.slice(0, 300)}`).toBeLessThan(500);
        if (res.statusCode !== 202) expect(envelopeProblem(res), res.body).toBeNull();
        statuses.set(op.path, (statuses.get(op.path) ?? new Set()).add(res.statusCode));
      }
    }
    // the limits answered (not some earlier check): 422 for the CSV cap and the 1 mm item
    expect([...statuses.get('/v1/merge-jobs')!]).toContain(422);
    expect([...statuses.get('/v1/impositions')!]).toEqual([422]);
  });
});
