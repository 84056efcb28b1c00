import { ToolError } from '../preflight/exec-tool.js';
import { GhostscriptError, runGhostscript as runGs } from './ghostscript.js';

export interface GhostscriptRun {
  /** device and parameter switches, e.g. ['-sDEVICE=pdfwrite', '-dCompatibilityLevel=1.3'] */
  args: readonly string[];
  /** PostScript run before the input file (`-c … -f`), e.g. distiller parameters that have no switch */
  postscript?: string;
  /** default 120 s; the process is killed beyond it */
  timeoutMs?: number;
  signal?: AbortSignal;
  /** executable; default `gs` from PATH */
  gsPath?: string;
}

export const GS_DEFAULT_TIMEOUT_MS = 120_000;

/**
 * Runs Ghostscript on one PDF with the engine's runner (`ghostscript.ts`: a private temp dir,
 * -dSAFER and reads confined to that dir), -dPDFSTOPONERROR (a damaged input fails the run
 * instead of silently losing content), and returns the single output file. Throws ToolError
 * (exit code, stderr, timedOut) when gs fails, as prepress fixes expect.
 */
export async function runGhostscript(input: Buffer, run: GhostscriptRun): Promise<Buffer> {
  try {
    return await runGs(run.args, input, {
      stopOnError: true,
      timeoutMs: run.timeoutMs ?? GS_DEFAULT_TIMEOUT_MS,
      ...(run.postscript ? { postscript: run.postscript } : {}),
      ...(run.signal ? { signal: run.signal } : {}),
      ...(run.gsPath ? { gsPath: run.gsPath } : {}),
    });
  } catch (err) {
    if (!(err instanceof GhostscriptError)) throw err;
    const message = err.code === 'ghostscript_missing' ? 'gs is not installed' : err.message;
    throw new ToolError('gs', message, err.exitCode, err.stderr, err.code === 'ghostscript_timeout');
  }
}
