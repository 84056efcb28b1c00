import { monitorEventLoopDelay } from 'node:perf_hooks';
import { describe, expect, it } from 'vitest';
import { analyze } from '../../../../src/engines/preflight/index.js';
import { loopedPdfs, rawPdf } from '../../../helpers/hostile.js';

/**
 * Preflight reads a customer's whole PDF (issue 37): in a sandbox thread, so a file that is
 * slow to parse never holds the caller's event loop, and a looped page tree is a report
 * (UNREADABLE_FILE), never a thrown error or a dead process.
 */
describe('preflight on hostile PDFs', () => {
  it('reports a looped page tree as unreadable', async () => {
    for (const pdf of loopedPdfs()) {
      const r = await analyze(pdf.bytes);
      expect(r.status, pdf.name).toBe('failed');
      expect(r.issues.map((i) => i.code), pdf.name).toEqual(['UNREADABLE_FILE']);
    }
  });

  it('reads a page of 300,000 drawing operations and 20,000 objects off the event loop', async () => {
    const ops = Array.from({ length: 300_000 }, (_, i) => `${i % 190} ${i % 90} 1 1 re f`).join('\n');
    const n = 20_000;
    const refs = Array.from({ length: n }, (_, i) => `${i + 5} 0 R`).join(' ');
    const pdf = rawPdf([
      { dict: `<< /Type /Catalog /Pages 2 0 R /Filler [${refs}] >>` },
      { dict: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
      { dict: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 100] /Contents 4 0 R /Resources << >> >>' },
      { dict: '<< >>', stream: Buffer.from(ops, 'latin1') },
      ...Array.from({ length: n }, (_, i) => ({ dict: `<< /N ${i} >>` })),
    ]);
    const h = monitorEventLoopDelay({ resolution: 10 });
    h.enable();
    const r = await analyze(pdf);
    h.disable();
    expect(r.fileType).toBe('pdf');
    expect(r.summary).not.toBeNull();
    // the work happens in a sandbox thread: the caller's loop only waits
    expect(h.max / 1e6).toBeLessThan(400);
  }, 60_000);
});
