/**
 * A small Ghostscript runner: input bytes go to a private temp dir, `gs` runs with -dSAFER
 * under a wall-clock limit (killed when it passes), the output file is read back and the
 * dir is removed whatever happens. Used by the PDF engine's CMYK pass and by prepress fixes.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { toolDiagnostic } from '../preflight/exec-tool.js';

export type GhostscriptErrorCode = 'ghostscript_missing' | 'ghostscript_timeout' | 'ghostscript_failed' | 'ghostscript_aborted';

export class GhostscriptError extends Error {
  constructor(
    readonly code: GhostscriptErrorCode,
    message: string,
    /** the tail of gs's stderr, for logs */
    readonly stderr = '',
  ) {
    super(message);
    this.name = 'GhostscriptError';
  }
}

export interface GhostscriptOptions {
  /** wall-clock limit; default 120 s */
  timeoutMs?: number;
  /** executable; default `gs` from PATH */
  gsPath?: string;
  signal?: AbortSignal;
  /** extension of the input file (gs sniffs content, but some paths care); default `.pdf` */
  inputExt?: string;
  /** extension of the output file; default `.pdf` */
  outputExt?: string;
}

const STDERR_CAP = 16 * 1024;

/**
 * Runs `gs -dSAFER -dBATCH -dNOPAUSE -dQUIET <args> -sOutputFile=<out> -f <in>` and returns
 * the output file's bytes. `args` must not name files: input and output are this runner's.
 */
export async function runGhostscript(args: readonly string[], input: Uint8Array, opts: GhostscriptOptions = {}): Promise<Buffer> {
  if (opts.signal?.aborted) throw new GhostscriptError('ghostscript_aborted', 'aborted before Ghostscript started');
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-gs-'));
  try {
    const inFile = path.join(dir, `in${opts.inputExt ?? '.pdf'}`);
    const outFile = path.join(dir, `out${opts.outputExt ?? '.pdf'}`);
    await writeFile(inFile, input);
    const fullArgs = ['-dSAFER', '-dBATCH', '-dNOPAUSE', '-dQUIET', ...args, `-sOutputFile=${outFile}`, '-f', inFile];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(opts.gsPath ?? 'gs', fullArgs, { stdio: ['ignore', 'ignore', 'pipe'] });
      let stderr = '';
      let settled = false;
      const finish = (err?: GhostscriptError): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        opts.signal?.removeEventListener('abort', onAbort);
        if (err) reject(err);
        else resolve();
      };
      const timeoutMs = opts.timeoutMs ?? 120_000;
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        finish(new GhostscriptError('ghostscript_timeout', `Ghostscript did not finish within ${timeoutMs} ms`, stderr));
      }, timeoutMs);
      const onAbort = (): void => {
        child.kill('SIGKILL');
        finish(new GhostscriptError('ghostscript_aborted', 'Ghostscript run aborted', stderr));
      };
      opts.signal?.addEventListener('abort', onAbort, { once: true });
      child.stderr.on('data', (d: Buffer) => {
        stderr = (stderr + d.toString('utf8')).slice(-STDERR_CAP);
      });
      child.on('error', (e: NodeJS.ErrnoException) => {
        finish(e.code === 'ENOENT'
          ? new GhostscriptError('ghostscript_missing', 'Ghostscript (gs) is not installed; install the Debian package ghostscript')
          : new GhostscriptError('ghostscript_failed', `could not start Ghostscript: ${e.message}`));
      });
      child.on('close', (code, sig) => {
        if (code === 0) finish();
        else {
          const detail = toolDiagnostic(stderr);
          finish(new GhostscriptError('ghostscript_failed', `Ghostscript exited with ${code ?? sig}${detail ? `: ${detail}` : ''}`, stderr));
        }
      });
    });
    return await readFile(outFile);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * pdfwrite arguments that convert every colour to DeviceCMYK while keeping fonts embedded
 * (subset) and raster images lossless at their native resolution: no downsampling, Flate
 * instead of JPEG re-encoding (a JPEG cannot pass through a colour conversion unchanged).
 */
export const CMYK_PDFWRITE_ARGS: readonly string[] = [
  '-sDEVICE=pdfwrite',
  '-sColorConversionStrategy=CMYK',
  '-sProcessColorModel=DeviceCMYK',
  '-dEmbedAllFonts=true',
  '-dSubsetFonts=true',
  '-dAutoFilterColorImages=false',
  '-dColorImageFilter=/FlateEncode',
  '-dAutoFilterGrayImages=false',
  '-dGrayImageFilter=/FlateEncode',
  '-dDownsampleColorImages=false',
  '-dDownsampleGrayImages=false',
  '-dDownsampleMonoImages=false',
  '-dPassThroughJPEGImages=false',
  '-dPassThroughJPXImages=false',
];

/** Rewrites a PDF with all colours in DeviceCMYK (page boxes are kept by pdfwrite). */
export function convertPdfToCmyk(pdf: Uint8Array, opts: GhostscriptOptions = {}): Promise<Buffer> {
  return runGhostscript(CMYK_PDFWRITE_ARGS, pdf, opts);
}
