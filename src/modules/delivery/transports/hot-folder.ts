import fs from 'node:fs/promises';
import path from 'node:path';
import type { OutFile, Transport } from './transport.js';

/**
 * The real directory a hot-folder target names, when it lies inside one of the operator's
 * roots: `..` segments are refused outright, and the path and roots are compared after
 * resolving symlinks, so a link pointing out of a root is refused too. Throws Error with a
 * reason a client may read (it names nothing outside the given path).
 */
export async function resolveHotFolder(given: string, roots: readonly string[]): Promise<string> {
  if (roots.length === 0) throw new Error('hot_folder targets are not enabled on this server: the operator must set FOLIO_HOT_FOLDER_ROOTS');
  if (!path.isAbsolute(given)) throw new Error('must be an absolute path');
  if (given.split(/[\\/]+/).includes('..')) throw new Error('must not contain .. segments');
  if (given.includes('\0')) throw new Error('must not contain NUL');
  let real: string;
  try {
    real = await fs.realpath(given);
  } catch {
    throw new Error('does not exist on the server');
  }
  const stat = await fs.stat(real);
  if (!stat.isDirectory()) throw new Error('is not a directory');
  for (const root of roots) {
    const realRoot = await fs.realpath(root).catch(() => null);
    if (realRoot === null) continue;
    const rel = path.relative(realRoot, real);
    if (rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))) return real;
  }
  throw new Error('must be inside one of the directories the operator allows (FOLIO_HOT_FOLDER_ROOTS), symlinks resolved');
}

/** A directory on this machine (or a share mounted on it); the check runs again on every delivery. */
export class HotFolderTransport implements Transport {
  constructor(
    private readonly dir: string,
    private readonly roots: readonly string[],
  ) {}

  async put(files: readonly OutFile[], signal: AbortSignal): Promise<string[]> {
    // A symlink swapped in since the target was saved must not lead the write out of the roots.
    const dir = await resolveHotFolder(this.dir, this.roots);
    const out: string[] = [];
    for (const f of files) {
      signal.throwIfAborted();
      const final = path.join(dir, f.name);
      const part = `${final}.part`;
      try {
        if (f.local !== undefined) await fs.copyFile(f.local, part);
        else await fs.writeFile(part, f.body ?? Buffer.alloc(0), { signal });
        await fs.rename(part, final);
      } catch (err) {
        await fs.rm(part, { force: true }).catch(() => undefined);
        throw err;
      }
      out.push(final);
    }
    return out;
  }

  async remove(name: string): Promise<void> {
    const dir = await resolveHotFolder(this.dir, this.roots);
    await fs.rm(path.join(dir, name), { force: true });
  }

  async close(): Promise<void> {}
}
