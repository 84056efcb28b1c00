import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** A command-line tool (poppler, Ghostscript) that failed, timed out or could not start. */
export class ToolError extends Error {
  constructor(
    readonly tool: string,
    message: string,
    readonly exitCode: number | null,
    readonly stderr: string,
    readonly timedOut: boolean,
  ) {
    super(message);
    this.name = 'ToolError';
  }
}

/**
 * The last lines of a tool's stderr that say what is wrong with the file, for an error a
 * client reads: lines that name the tool's build (Ghostscript's "GPL Ghostscript 10.00.0:
 * Unrecoverable error", a copyright or version banner) are dropped, so no answer tells a
 * caller which version of which tool runs here. The whole stderr stays on the error, for logs.
 */
export function toolDiagnostic(stderr: string, lines = 3): string {
  return stderr
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l.length > 0 && !/ghostscript|artifex|poppler|xpdf|copyright|\bversion\b|\b\d+\.\d+\.\d+\b/i.test(l))
    .slice(-lines)
    .join(' | ');
}

export interface RunToolOptions {
  timeoutMs: number;
  /**
   * The run's private directory (from `withTempDir`), which holds its input and output: the
   * tool's working directory and its TMPDIR (TMP, TEMP), so it writes nowhere else and, for
   * Ghostscript under -dSAFER, may read nowhere else (SAFER lets gs read its temp dir, which
   * is the system's /tmp, shared, unless TMPDIR names another).
   */
  dir: string;
  /** cap on captured stdout/stderr; the tool is killed beyond it */
  maxOutputBytes?: number;
  signal?: AbortSignal;
}

/**
 * Runs a tool without a shell (arguments are never parsed), killing it with SIGKILL after
 * the timeout so a pathological file cannot hold a worker.
 */
export function runTool(cmd: string, args: readonly string[], options: RunToolOptions): Promise<{ stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    execFile(
      cmd,
      args,
      {
        timeout: options.timeoutMs,
        killSignal: 'SIGKILL',
        maxBuffer: options.maxOutputBytes ?? 16 * 1024 * 1024,
        encoding: 'latin1',
        cwd: options.dir,
        env: privateToolEnv(options.dir),
        ...(options.signal ? { signal: options.signal } : {}),
      },
      (err, stdout, stderr) => {
        if (!err) return resolve({ stdout, stderr });
        const e = err as NodeJS.ErrnoException & { code?: number | string; killed?: boolean; signal?: string };
        if (e.code === 'ENOENT') return reject(new ToolError(cmd, `${cmd} is not installed`, null, '', false));
        const timedOut = e.killed === true && e.signal === 'SIGKILL';
        const exitCode = typeof e.code === 'number' ? e.code : null;
        const detail = toolDiagnostic(stderr);
        reject(
          new ToolError(
            cmd,
            timedOut ? `${cmd} timed out after ${options.timeoutMs} ms` : `${cmd} failed (exit ${exitCode ?? e.signal ?? '?'})${detail ? `: ${detail}` : ''}`,
            exitCode,
            stderr,
            timedOut,
          ),
        );
      },
    );
  });
}

/** The environment of a tool confined to `dir`: TMPDIR, TMP and TEMP name it. */
export function privateToolEnv(dir: string): NodeJS.ProcessEnv {
  return { ...process.env, TMPDIR: dir, TMP: dir, TEMP: dir };
}

/** Runs fn in a fresh private temp directory (mode 0700) and removes it afterwards, whatever happens. */
export async function withTempDir<T>(prefix: string, fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(tmpdir(), `${prefix}-`));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
