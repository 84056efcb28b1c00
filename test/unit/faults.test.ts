import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * In a process of its own (Node ends a process on an uncaught exception unless something
 * contains it): an exception thrown from a timer, one from nextTick and a rejection nobody
 * handles are each logged and counted, and the process goes on to finish its work.
 */
const script = `
import { containFaults } from './src/main/faults.ts';
import { Metrics } from './src/platform/metrics/metrics.ts';
const metrics = new Metrics({ enabled: true, defaultMetrics: false });
const logged = [];
containFaults({ error: (obj, msg) => logged.push({ fault: obj.fault, message: obj.err?.message ?? String(obj.err), msg }) }, metrics);
setTimeout(() => { throw new Error('from a timer'); }, 1);
process.nextTick(() => { throw new Error('from nextTick'); });
void Promise.reject(new Error('nobody handled me'));
setTimeout(async () => {
  const text = await metrics.registry.metrics();
  console.log(JSON.stringify({ alive: true, logged, series: text.split('\\n').filter((l) => l.startsWith('folio_process_faults_total')) }));
}, 50);
`;

describe('containFaults', () => {
  it('logs, counts and survives uncaught exceptions and unhandled rejections', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, timeout: 20_000 });
    const out = JSON.parse(stdout.trim().split('\n').pop()!) as { alive: boolean; logged: Array<{ fault: string; message: string }>; series: string[] };
    expect(out.alive).toBe(true);
    expect(out.logged.map((l) => `${l.fault}: ${l.message}`).sort()).toEqual([
      'uncaught_exception: from a timer',
      'uncaught_exception: from nextTick',
      'unhandled_rejection: nobody handled me',
    ]);
    expect(out.series.sort()).toEqual(['folio_process_faults_total{kind="uncaught_exception"} 2', 'folio_process_faults_total{kind="unhandled_rejection"} 1']);
  });
});
