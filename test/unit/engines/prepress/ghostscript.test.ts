import { describe, expect, it } from 'vitest';
import { GhostscriptError, convertPdfToCmyk, runGhostscript } from '../../../../src/engines/prepress/ghostscript.js';

// a one-page PDF whose content stream loops long enough to outlive a 50 ms limit
const slowPdf = (): Buffer => {
  const content = Array.from({ length: 40000 }, (_, i) => `${i % 500} ${i % 300} 1 1 re f`).join('\n');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 500 300] /Contents 4 0 R >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};

describe('Ghostscript runner', () => {
  it('converts a PDF to CMYK', async () => {
    const out = await convertPdfToCmyk(slowPdf());
    expect(out.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('kills gs when it passes the time limit', async () => {
    const err = await runGhostscript(['-sDEVICE=png16m', '-r600'], slowPdf(), { timeoutMs: 50, outputExt: '.png' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GhostscriptError);
    expect((err as GhostscriptError).code).toBe('ghostscript_timeout');
  });

  it('reports a failing run with the tail of stderr, and a missing binary', async () => {
    const bad = await convertPdfToCmyk(Buffer.from('this is not a pdf')).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(GhostscriptError);
    expect((bad as GhostscriptError).code).toBe('ghostscript_failed');
    const missing = await convertPdfToCmyk(slowPdf(), { gsPath: '/nonexistent/gs' }).catch((e: unknown) => e);
    expect((missing as GhostscriptError).code).toBe('ghostscript_missing');
  });

  it('stops on an abort signal', async () => {
    const ac = new AbortController();
    const p = runGhostscript(['-sDEVICE=png16m', '-r600'], slowPdf(), { signal: ac.signal, outputExt: '.png' });
    setTimeout(() => ac.abort(), 30);
    await expect(p).rejects.toMatchObject({ code: 'ghostscript_aborted' });
  });

  it('stops when the abort comes while its input is still being written (before Ghostscript starts)', async () => {
    const ac = new AbortController();
    const p = runGhostscript(['-sDEVICE=png16m', '-r600'], slowPdf(), { signal: ac.signal, outputExt: '.png' });
    // the call has passed its first check; the temp file is not written yet
    ac.abort();
    await expect(p).rejects.toMatchObject({ code: 'ghostscript_aborted' });
  });
});
