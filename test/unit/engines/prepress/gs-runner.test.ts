import { describe, expect, it } from 'vitest';
import { ToolError } from '../../../../src/engines/preflight/exec-tool.js';
import { runGhostscript } from '../../../../src/engines/prepress/gs-runner.js';
import { fixture } from '../preflight-fixtures.js';

describe('runGhostscript', () => {
  it('returns the output file', async () => {
    const out = await runGhostscript(fixture('pdf-no-bleed.pdf').bytes, { args: ['-sDEVICE=pdfwrite', '-dCompatibilityLevel=1.4'] });
    expect(out.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
  });

  it('fails with the exit code and stderr on a damaged input (PDFSTOPONERROR)', async () => {
    const err = await runGhostscript(fixture('pdf-broken.pdf').bytes, { args: ['-sDEVICE=pdfwrite'] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect(err).toMatchObject({ tool: 'gs', timedOut: false });
    expect((err as ToolError).exitCode).not.toBe(0);
  });

  it('kills a run that exceeds its timeout', async () => {
    // an endless PostScript loop before the input keeps gs busy until it is killed
    const started = Date.now();
    const err = await runGhostscript(fixture('pdf-no-bleed.pdf').bytes, { args: ['-sDEVICE=pdfwrite'], postscript: '{ } loop', timeoutMs: 500 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ToolError);
    expect(err).toMatchObject({ timedOut: true });
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
