import { describe, expect, it } from 'vitest';
import { MERGE_KIND, mergeJob, numberOf, toRecords, type DataSet, type MergeJobDeps, type MergePayload } from '../../../src/modules/merge/merge.jobs.js';
import type { JobContext } from '../../../src/platform/queue/registry.js';
import { pageSpecOf } from '../../../src/modules/designs/pages.js';

/** A business-card design as the designs module stores it (only what the print page spec reads). */
const design = {
  id: 'd1',
  viewport_width: 340,
  viewport_height: 220,
  original_side: { name: 'Front', width: 85, height: 55, dimension_unit: 'mm', bleed: { top: 2, right: 2, bottom: 2, left: 2 }, safe_zone: null, dpi: 300, bg_type: 'color', bg_color_value: '#ffffff' },
  layers: [
    { type: 'rect', left: 0, top: 0, width: 340, height: 30, fill: '#1d4ed8', strokeWidth: 0 },
    { type: 'text', left: 20, top: 50, width: 200, height: 28, text: 'Name', fontFamily: 'Roboto', fontSize: 24, field: { name: 'name', type: 'text' } },
    { type: 'text', left: 20, top: 100, width: 200, text: 'No. {{n}}', fontFamily: 'Roboto', fontSize: 12, field: { name: 'number', type: 'text' } },
  ],
};

function world(rows: number) {
  const blobs = new Map<string, Buffer>();
  const data: DataSet = { columns: ['name'], rows: Array.from({ length: rows }, (_, i) => ({ values: { name: `Person ${i + 1}` } })) };
  blobs.set('data.json', Buffer.from(JSON.stringify(data)));
  const deps = {
    // the designs module's design-to-page path, for the one design of the job
    pages: { forJob: async () => [{ id: design.id, updatedAt: '2026-01-01T00:00:00.000Z', outputProfile: null, spec: pageSpecOf(design, undefined) }] },
    catalog: { images: { bytes: async () => Promise.reject(new Error('none')), bytesByUrl: async () => null }, fonts: { fontBytes: async () => null } },
    blobs: {
      get: async (k: string) => blobs.get(k)!,
      put: async (k: string, b: Buffer) => void blobs.set(k, Buffer.from(b)),
      head: async (k: string) => (blobs.has(k) ? { size: blobs.get(k)!.length } : null),
      delete: async (k: string) => void blobs.delete(k),
    },
    fetcher: { fetch: async () => Promise.reject(new Error('no network in this test')) },
  };
  const payload: MergePayload = {
    design_id: 'd1', project_id: null, design_ids: ['d1'], data_key: 'data.json', record_count: rows, mapping: {},
    numbering: { start: 1, step: 1, padding: 3 }, output: 'pdf', on_error: 'skip', crop_marks: false, color_mode: 'rgb', pdf_standard: 'none', output_profile: null,
  };
  const saved: unknown[] = [];
  const ctx: JobContext<MergePayload> = {
    id: 'job1', type: 'merge', accountId: 'a', storeId: 's1', payload, attempt: 1, maxAttempts: 2, progress: null, status: 'processing',
    signal: new AbortController().signal,
    setStatus: async () => undefined,
    saveProgress: async (p) => void saved.push(p),
  };
  return { deps: deps as unknown as MergeJobDeps, ctx, saved, blobs };
}

describe('the merge job handler', () => {
  it('writes progress at most once per interval, never once per record', async () => {
    const { deps, ctx, saved, blobs } = world(150);
    const handler = mergeJob({ ...deps, progressEveryMs: 1e9 }).handler;
    const out = await handler(ctx);
    expect(out).toMatchObject({ pages: 150, merged: 150, skipped: 0, content_type: 'application/pdf', file_key: 'merge/s1/job1.pdf' });
    expect(blobs.get('merge/s1/job1.pdf')!.subarray(0, 5).toString()).toBe('%PDF-');
    // the start, then the result (a checkpoint for a retry): the interval never elapsed
    expect(saved).toEqual([{ current: 0, total: 150 }, { current: 150, total: 150, result: out }]);
    // the data set is deleted once the file is kept; a retry after that answers the same result
    expect(blobs.has('data.json')).toBe(false);
    const again = await handler({ ...ctx, progress: saved[1] });
    expect(again).toEqual(out);
  });

  it('reports progress while it runs, in order, below the total until done', async () => {
    const { deps, ctx, saved } = world(150);
    await mergeJob({ ...deps, progressEveryMs: 20 }).handler(ctx);
    const currents = (saved as { current: number; total: number }[]).map((p) => p.current);
    expect(saved.length).toBeGreaterThan(2);
    expect(saved.length).toBeLessThan(150);
    expect(currents[0]).toBe(0);
    expect([...currents].sort((a, b) => a - b)).toEqual(currents);
    expect(currents.at(-1)).toBe(150);
    expect(Math.max(...currents.slice(0, -1))).toBeLessThan(150);
  });

  it('numbers records from start by step, zero-padded; a mapping to n reads the number', () => {
    expect([0, 1, 2].map((i) => numberOf({ start: 98, step: 2, padding: 5 }, i))).toEqual(['00098', '00100', '00102']);
    const recs = toRecords({ columns: ['a'], rows: [{ values: { a: 'x' } }, { values: { a: null }, problem: 'short' }] }, { code: 'n', label: 'a' }, { start: 7, step: 1, padding: 0 });
    expect(recs).toEqual([
      { record: 1, values: expect.objectContaining({ a: 'x', n: '7', code: '7', label: 'x' }) },
      { record: 2, values: expect.objectContaining({ n: '8', code: '8' }), problem: 'short' },
    ]);
    expect(recs[1]!.values.label).toBeUndefined();
    expect(MERGE_KIND.type).toBe('merge');
  });
});
