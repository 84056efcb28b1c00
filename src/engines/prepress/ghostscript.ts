/**
 * The one Ghostscript runner (prepress's `gs-runner.ts` adapts it): input bytes go to a
 * private temp dir, `gs` runs confined to it under a wall-clock limit (killed when it passes),
 * the output file is read back and the dir is removed whatever happens. Used by the PDF
 * engine's CMYK pass and by prepress fixes.
 *
 * Confined: -dSAFER, --permit-file-read of that dir only, and TMPDIR (TMP, TEMP) set to it.
 * SAFER alone still lets gs read its temp dir, the system's /tmp unless TMPDIR says otherwise:
 * a PDF naming a file there (an external stream, a font or CMap name shaped like a path) had
 * gs read it into the output (issue 37). Input PDFs are also stripped of such names first
 * (`engines/pdf/untrusted.ts`); this holds even for a file that was not.
 */
import { spawn } from 'node:child_process';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { privateToolEnv, toolDiagnostic, withTempDir } from '../preflight/exec-tool.js';

export type GhostscriptErrorCode = 'ghostscript_missing' | 'ghostscript_timeout' | 'ghostscript_failed' | 'ghostscript_aborted';

export class GhostscriptError extends Error {
  constructor(
    readonly code: GhostscriptErrorCode,
    message: string,
    /** the tail of gs's stderr, for logs */
    readonly stderr = '',
    /** gs's exit status; null when it did not exit by itself (not started, killed) */
    readonly exitCode: number | null = null,
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
  /** PostScript run before the input file (`-c … -f`), e.g. distiller parameters that have no switch */
  postscript?: string;
  /** -dPDFSTOPONERROR: a damaged input fails the run instead of silently losing content */
  stopOnError?: boolean;
}

/** The switches that confine gs to `dir` (with TMPDIR set to it: `privateToolEnv`). */
export function ghostscriptSandboxArgs(dir: string): string[] {
  return ['-dSAFER', `--permit-file-read=${dir}${path.sep}`];
}

const STDERR_CAP = 16 * 1024;

/**
 * Runs `gs -dSAFER --permit-file-read=<dir>/ -dBATCH -dNOPAUSE -dQUIET [-dPDFSTOPONERROR]
 * <args> -sOutputFile=<out> [-c <postscript>] -f <in>` in a private dir and returns the output
 * file's bytes. `args` must not name files: input and output are this runner's.
 */
export async function runGhostscript(args: readonly string[], input: Uint8Array, opts: GhostscriptOptions = {}): Promise<Buffer> {
  if (opts.signal?.aborted) throw new GhostscriptError('ghostscript_aborted', 'aborted before Ghostscript started');
  return withTempDir('folio-gs', async (dir) => {
    const inFile = path.join(dir, `in${opts.inputExt ?? '.pdf'}`);
    const outFile = path.join(dir, `out${opts.outputExt ?? '.pdf'}`);
    await writeFile(inFile, input);
    const fullArgs = [
      ...ghostscriptSandboxArgs(dir),
      '-dBATCH',
      '-dNOPAUSE',
      '-dQUIET',
      ...(opts.stopOnError ? ['-dPDFSTOPONERROR'] : []),
      ...args,
      `-sOutputFile=${outFile}`,
      ...(opts.postscript ? ['-c', opts.postscript] : []),
      '-f',
      inFile,
    ];
    await new Promise<void>((resolve, reject) => {
      const child = spawn(opts.gsPath ?? 'gs', fullArgs, { stdio: ['ignore', 'ignore', 'pipe'], cwd: dir, env: privateToolEnv(dir) });
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
      // aborted while the input was being written: the event came before there was a listener
      if (opts.signal?.aborted) onAbort();
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
          finish(new GhostscriptError('ghostscript_failed', `Ghostscript exited with ${code ?? sig}${detail ? `: ${detail}` : ''}`, stderr, code));
        }
      });
    });
    return readFile(outFile);
  });
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
