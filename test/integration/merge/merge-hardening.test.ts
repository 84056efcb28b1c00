/**
 * Issue 37, finding 5: a merge job held the event loop for its whole run (10,000 records: a
 * health check answered after 44.5 s, progress could not be read), and a CSV cell had no
 * length cap (one of 100,000 characters: 24.6 s blocked) while a JSON cell had 10,000.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CELL_CHARS, MAX_COLUMNS, MAX_JSON_KEYS } from '../../../src/modules/merge/merge.schemas.js';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, type TestStore } from '../../helpers/factories.js';
import { csvWithHugeCell, manyMergeRecords } from '../../helpers/hostile.js';
import { storeOn } from '../api-keys/helpers.js';
import { finishedJob } from '../designs/helpers.js';
import { cardDesign, postMerge } from './helpers.js';

let t: TestApp;
let store: TestStore;
beforeAll(async () => {
  // progress written every 100 ms, so a run of a second or two shows it moving
  t = await buildTestApp({ mergeProgressEveryMs: 100 });
  await t.deps.startWorkers();
  store = await storeOn(t, 'advanced');
});
afterAll(async () => t.close());

describe('merge limits and a merge that shares the event loop', () => {
  it('a CSV cell, header or record set past its limit is a 422 naming the limit, before any job', async () => {
    const d = await cardDesign(t.app, store);
    const t0 = performance.now();
    const huge = await postMerge(t.app, as.B(store), { design_id: d.id, csv: csvWithHugeCell(100_000) });
    expect(performance.now() - t0).toBeLessThan(5_000);
    expect(huge.statusCode, huge.body).toBe(422);
    expect(huge.json().errors.csv.join(' ')).toMatch(new RegExp(`at most ${MAX_CELL_CHARS} characters.*row 1, column "name" has 100000`));
    // one character under the cap is a cell like any other
    const atCap = await postMerge(t.app, as.B(store), { design_id: d.id, csv: csvWithHugeCell(MAX_CELL_CHARS), on_error: 'skip' });
    expect(atCap.statusCode, atCap.body).toBe(202);
    // the same cell as JSON was already refused by the schema
    expect((await postMerge(t.app, as.B(store), { design_id: d.id, records: [{ name: 'x'.repeat(MAX_CELL_CHARS + 1) }] })).statusCode).toBe(400);

    const wide = `${Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => `c${i}`).join(',')}\n${'1,'.repeat(MAX_COLUMNS)}1\n`;
    const res = await postMerge(t.app, as.B(store), { design_id: d.id, csv: wide });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().errors.csv.join(' ')).toMatch(new RegExp(`at most ${MAX_COLUMNS} columns`));
    // JSON records that name more keys between them than a data set has columns
    const keys = Array.from({ length: MAX_COLUMNS + 1 }, (_, i) => ({ name: 'x', [`k${i}`]: 'v' }));
    const many = await postMerge(t.app, as.B(store), { design_id: d.id, records: keys });
    expect(many.statusCode, many.body).toBe(422);
    expect(many.json().errors.records.join(' ')).toMatch(new RegExp(`at most ${MAX_COLUMNS} columns`));
    // 10,000 records of 26 columns: as JSON, more keys than a body is parsed with (seconds of the event
    // loop at 200 columns); refused before it is parsed, as CSV it is taken
    const wideRecords = manyMergeRecords(10_000).map((r) => ({ ...r, ...Object.fromEntries(Array.from({ length: 22 }, (_, i) => [`extra${i}`, 'x'])) }));
    const t1 = performance.now();
    const tooMany = await postMerge(t.app, as.B(store), { design_id: d.id, records: wideRecords });
    expect(performance.now() - t1).toBeLessThan(2_000);
    expect(tooMany.statusCode, tooMany.body).toBe(413);
    expect(tooMany.json().error.message).toMatch(new RegExp(`at most ${MAX_JSON_KEYS} keys.*as CSV`));
    // a mapping longer than any design's fields
    const mapping = Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, 'name']));
    expect((await postMerge(t.app, as.B(store), { design_id: d.id, records: [{ name: 'x' }], mapping })).statusCode).toBe(400);
    // no job was created by any refused request
    const jobs = await t.deps.database.db.selectFrom('jobs').select('id').where('store_id', '=', store.id).where('type', '=', 'merge').execute();
    expect(jobs).toHaveLength(1);
  });

  it('a big merge runs while /v1/health answers at once, and its progress is read while it runs', async () => {
    const d = await cardDesign(t.app, store);
    const N = 200;
    const records = manyMergeRecords(N);
    const res = await postMerge(t.app, as.B(store), { design_id: d.id, records });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().data.id;
    const delay = monitorEventLoopDelay({ resolution: 10 });
    delay.enable();
    // health pings and progress reads while the job runs
    const pings: number[] = [];
    const seen: number[] = [];
    let done = false;
    const ping = (async () => {
      while (!done) {
        const t0 = performance.now();
        const h = await t.app.inject({ method: 'GET', url: '/v1/health' });
        pings.push(performance.now() - t0);
        expect(h.statusCode).toBe(200);
        const job = (await t.app.inject({ method: 'GET', url: `/v1/jobs/${id}`, headers: as.B(store) })).json().data;
        seen.push(job.progress.current);
        await new Promise((r) => setTimeout(r, 50));
      }
    })();
    const started = performance.now();
    const job = await finishedJob(t.app, id, as.B(store));
    const runMs = performance.now() - started;
    done = true;
    await ping;
    delay.disable();
    expect(job.status, job.error).toBe('completed');
    expect(job.pages).toBe(N);
    // The old handler held the loop for the whole run (a health check waited about as long as
    // the job took); now no step holds it long, however slow the machine.
    const worst = Math.max(...pings);
    expect(worst, `health latencies ${pings.map(Math.round).join(',')} in a run of ${Math.round(runMs)} ms`).toBeLessThan(Math.min(1_000, Math.max(400, runMs / 3)));
    expect(delay.max / 1e6).toBeLessThan(1_000);
    // progress moved while the job ran: a value strictly between the start and the total was read
    expect(seen.some((c) => c > 0 && c < N), `progress seen: ${[...new Set(seen)].join(',')}`).toBe(true);
  });
});
