import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runTool, withTempDir } from '../preflight/exec-tool.js';

export interface GhostscriptRun {
  /** device and parameter switches, e.g. ['-sDEVICE=pdfwrite', '-dCompatibilityLevel=1.3'] */
  args: readonly string[];
  /** PostScript run before the input file (`-c … -f`), e.g. distiller parameters that have no switch */
  postscript?: string;
  /** default 120 s; the process is killed beyond it */
  timeoutMs?: number;
  signal?: AbortSignal;
}

export const GS_DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Runs Ghostscript on one PDF in a private temp directory and returns the single output file.
 * Always -dSAFER (no file access beyond its arguments), -dBATCH -dNOPAUSE (never waits for
 * input) and -dPDFSTOPONERROR (a damaged input fails the run instead of silently losing
 * content). Throws ToolError (exit code, stderr, timedOut) when gs fails.
 */
export async function runGhostscript(input: Buffer, run: GhostscriptRun): Promise<Buffer> {
  return withTempDir('folio-gs', async (dir) => {
    const inPath = path.join(dir, 'in.pdf');
    const outPath = path.join(dir, 'out.pdf');
    await writeFile(inPath, input);
    const args = [
      '-q',
      '-dSAFER',
      '-dBATCH',
      '-dNOPAUSE',
      '-dPDFSTOPONERROR',
      ...run.args,
      `-sOutputFile=${outPath}`,
      ...(run.postscript ? ['-c', run.postscript] : []),
      '-f',
      inPath,
    ];
    await runTool('gs', args, { timeoutMs: run.timeoutMs ?? GS_DEFAULT_TIMEOUT_MS, ...(run.signal ? { signal: run.signal } : {}) });
    return readFile(outPath);
  });
}
