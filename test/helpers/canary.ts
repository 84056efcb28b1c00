import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { CANARY_IMAGE_SIDE } from './hostile.js';

const run = promisify(execFile);

/** A file of random bytes a hostile PDF names (issue 37, finding 1): exactly what its image holds. */
export interface Canary {
  path: string;
  bytes: Buffer;
}

export async function writeCanary(dir: string, name = `folio-canary-${randomUUID()}.bin`): Promise<Canary> {
  const bytes = randomBytes(CANARY_IMAGE_SIDE * CANARY_IMAGE_SIDE * 4);
  const file = path.join(dir, name);
  await writeFile(file, bytes, { mode: 0o600 });
  return { path: file, bytes };
}

/** 32-byte pieces of the canary, one every 512 bytes: any of them in an output is a leak. */
function pieces(c: Canary): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i + 32 <= c.bytes.length; i += 512) out.push(c.bytes.subarray(i, i + 32));
  return out;
}

/** How many pieces of the canary `data` holds as it is. */
export function canaryPiecesIn(data: Buffer, c: Canary): number {
  return pieces(c).filter((p) => data.includes(p)).length;
}

/**
 * How many pieces of the canary a PDF holds once every stream is decoded (qpdf --decode-level=all:
 * Flate and the PNG predictors Ghostscript writes images with), its raw bytes included.
 */
export async function canaryPiecesInPdf(pdf: Buffer, c: Canary): Promise<number> {
  const dir = await mkdtemp(path.join(tmpdir(), 'folio-canary-check-'));
  try {
    await writeFile(path.join(dir, 'in.pdf'), pdf);
    let decoded = Buffer.alloc(0);
    try {
      await run('qpdf', ['--qdf', '--decode-level=all', '--object-streams=disable', path.join(dir, 'in.pdf'), path.join(dir, 'out.pdf')]);
      decoded = await readFile(path.join(dir, 'out.pdf'));
    } catch (e) {
      // exit 3: written with warnings
      if ((e as { code?: number }).code !== 3) throw e;
      decoded = await readFile(path.join(dir, 'out.pdf'));
    }
    return canaryPiecesIn(Buffer.concat([pdf, decoded]), c);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * A `gs` that runs the real one under strace (open, openat, openat2, creat, execve of every
 * child), logging to `log`: an injectable gsPath for the runners. strace must be installed:
 * without it the runs fail, loudly, rather than the check being skipped.
 */
export async function stracedGs(dir: string): Promise<{ gsPath: string; log: string }> {
  const log = path.join(dir, 'strace.log');
  const gsPath = path.join(dir, 'gs-straced');
  await writeFile(gsPath, `#!/bin/sh\nexec /usr/bin/strace -f -qq -e trace=open,openat,openat2,creat -o '${log}' -A gs "$@"\n`, { mode: 0o700 });
  return { gsPath, log };
}
