/**
 * Issue 37, finding 3: a 1 × 1 mm side imposed on a 2,000 mm sheet planned 4,000,000 slots in
 * the request (6.9 s blocked), then the job grew to 5.5 GB and killed the process on every
 * restart. The caps are now checked by arithmetic in the request, before any slot exists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_SLOTS_PER_JOB, MAX_SLOTS_PER_SHEET, MIN_ITEM_MM } from '../../../src/engines/imposition/index.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { hugeSheetImposition } from '../../helpers/hostile.js';
import { storeOn } from '../api-keys/helpers.js';
import { finishedJob } from '../designs/helpers.js';
import { labelledDesigns } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  t = await buildTestApp();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

const post = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/v1/impositions', headers: as.B(store), payload: body });

describe('imposition limits', () => {
  it('a tiny item or a sheet of too many slots is a 422 naming the limit, answered at once, and no job is made', async () => {
    const tiny = (await labelledDesigns(t.app, store, 1, { width: 1, height: 1, bleed: 0 })).designs[0];
    const small = (await labelledDesigns(t.app, store, 1, { width: 6, height: 6, bleed: 0 })).designs[0];
    const cases: Array<[Record<string, unknown>, string, RegExp]> = [
      // the request of the finding: 1 mm on 2,000 mm (4,000,000 slots)
      [hugeSheetImposition({ design_ids: [tiny.id] }), 'design_ids', new RegExp(`at least ${MIN_ITEM_MM} × ${MIN_ITEM_MM} mm; these pages are 1 × 1 mm`)],
      // an item above the minimum on the largest sheet: 833 × 833 slots
      [hugeSheetImposition({ design_ids: [small.id] }, 5000), 'sheet', new RegExp(`puts 693889 items on a sheet; an imposition places at most ${MAX_SLOTS_PER_SHEET}`)],
      // within a sheet's cap, but too many sheets of them
      [{ ...hugeSheetImposition({ design_ids: [small.id] }, 420), copies: 4900 * 20 + 1 }, 'copies', new RegExp(`place 102900 items \\(21 sheets of 4900\\); one imposition places at most ${MAX_SLOTS_PER_JOB}`)],
    ];
    for (const [body, field, message] of cases) {
      const t0 = performance.now();
      const res = await post(body);
      expect(performance.now() - t0, 'answered by arithmetic, not by planning').toBeLessThan(2_000);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json().errors[field]?.join(' '), res.body).toMatch(message);
    }
    const jobs = await t.deps.database.db.selectFrom('jobs').select('id').where('store_id', '=', store.id).where('type', '=', 'imposition').execute();
    expect(jobs).toEqual([]);
  });

  it('just under the cap a sheet of 4,900 slots is drawn, with crop marks, in the background', async () => {
    await t.deps.startWorkers();
    const small = (await labelledDesigns(t.app, store, 1, { width: 6, height: 6, bleed: 0 })).designs[0];
    const res = await post({ ...hugeSheetImposition({ design_ids: [small.id] }, 420), marks: { crop: true, registration: true, color_bar: true, slug: true } });
    expect(res.statusCode, res.body).toBe(202);
    const job = await finishedJob(t.app, res.json().data.id, as.B(store));
    expect(job.status, job.error).toBe('completed');
    expect(job.report).toMatchObject({ sheets: 1, pages: 1, per_sheet: 4900, layout: { rows: 70, cols: 70 } });
    expect(job.report.sides[0].slots).toHaveLength(4900);
  });
});
