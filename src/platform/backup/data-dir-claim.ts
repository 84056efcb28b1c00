import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-fs.js';

/**
 * Processes that have the embedded database open (serve, worker, a CLI command) each leave a
 * file under `<dataDir>/.running/`, removed when they close. `folio restore` reads them to
 * refuse replacing a database under a live process. A file left by a process that died is
 * recognised (its pid no longer runs on this host) and ignored.
 */
export interface Claim {
  pid: number;
  host: string;
  started_at: string;
  command: string;
}

function claimsDir(dataDir: string): string {
  return path.join(dataDir, '.running');
}

/** Records this process as using `dataDir`; the returned function removes the record. */
export function claimDataDir(dataDir: string): () => void {
  const dir = claimsDir(dataDir);
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(dir, `${os.hostname()}-${process.pid}.json`);
  const claim: Claim = { pid: process.pid, host: os.hostname(), started_at: new Date().toISOString(), command: process.argv.slice(2).join(' ') || 'folio' };
  fs.writeFileSync(file, JSON.stringify(claim), { mode: PRIVATE_FILE_MODE });
  return () => fs.rmSync(file, { force: true });
}

/** The live processes using `dataDir` (another host's claims count as live: they cannot be checked from here). */
export function liveClaims(dataDir: string): Claim[] {
  const dir = claimsDir(dataDir);
  if (!fs.existsSync(dir)) return [];
  const live: Claim[] = [];
  for (const name of fs.readdirSync(dir)) {
    if (!name.endsWith('.json')) continue;
    let claim: Claim;
    try {
      claim = JSON.parse(fs.readFileSync(path.join(dir, name), 'utf8')) as Claim;
    } catch {
      continue;
    }
    if (claim.host !== os.hostname() || isAlive(claim.pid)) live.push(claim);
  }
  return live;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it exists but belongs to someone else.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
