import fs from 'node:fs';

/**
 * The data dir holds the database, the blobs and secrets.json: nobody but the service's own
 * user may list or read it. Directories are created 0700 and files 0600 whatever the umask
 * says, and one the service owns that an older version left wider is tightened at start.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Tightens `target` to `mode` when it exists, is ours and is wider; never fails the start over it. */
function tighten(target: string, mode: number): void {
  let st: fs.Stats;
  try {
    st = fs.statSync(target);
  } catch {
    return;
  }
  const uid = process.getuid?.();
  if (uid !== undefined && st.uid !== uid) return;
  if ((st.mode & 0o777 & ~mode) === 0) return;
  try {
    fs.chmodSync(target, st.mode & 0o777 & mode);
  } catch {
    // a read-only mount or a file system without modes: nothing to tighten
  }
}

/** Creates `dir` (and missing parents) 0700, and tightens `dir` itself when it already exists. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates `file` empty and 0600 when missing (SQLite would create it 0644, and then its
 * -wal and -shm files with the same mode), and tightens it and the `companions` that exist.
 */
export function ensurePrivateFile(file: string, companions: readonly string[] = []): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  for (const f of [file, ...companions]) tighten(f, PRIVATE_FILE_MODE);
}
