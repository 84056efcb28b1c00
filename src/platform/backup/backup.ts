import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { Config } from '../../config/index.js';
import { isPostgresUrl } from '../../config/index.js';
import { sqlitePath } from '../db/index.js';
import { AppError } from '../http/errors.js';
import { liveClaims } from './data-dir-claim.js';
import { ensurePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../private-fs.js';

/**
 * `folio backup` / `folio restore` for the embedded stack: the SQLite database (copied with
 * SQLite's online backup API, a consistent snapshot while the server writes), the blob tree
 * of the local disk store, and `secrets.json` (store secrets are encrypted with its key, links
 * signed with its signing key: without it a restored database is unreadable). A manifest
 * written last lists every file with its size and SHA-256; restore checks them all first.
 */
export const MANIFEST = 'manifest.json';
export const FORMAT = 'folio-backup';
export const FORMAT_VERSION = 1;

export interface ManifestFile {
  /** path inside the backup, `/`-separated */
  path: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof FORMAT;
  format_version: number;
  created_at: string;
  folio_version: string;
  database: { file: string; bytes: number; migrations: string[]; last_migration: string | null };
  blobs: { count: number; bytes: number };
  /** whether the data dir's secrets.json is included */
  secrets_file: boolean;
  /** secrets given by environment variables instead: they are not in the backup */
  secrets_from_env: string[];
  files: ManifestFile[];
}

interface Embedded {
  dbFile: string;
  blobRoot: string;
  secretsFile: string;
}

/** The embedded stack's files, or a clear refusal for the scale-out drivers. */
function embedded(config: Config, verb: 'backup' | 'restore'): Embedded {
  if (isPostgresUrl(config.databaseUrl)) {
    throw new AppError(
      'bad_request',
      `folio ${verb} covers the embedded stack (SQLite and local disk); DATABASE_URL is PostgreSQL: use pg_dump --format=custom / pg_restore and the S3 procedure in docs/operations.md`,
    );
  }
  if (config.storage.driver !== 'disk') {
    throw new AppError('bad_request', `folio ${verb} covers the embedded stack (SQLite and local disk); STORAGE_URL is S3: back the bucket up as docs/operations.md describes`);
  }
  const dbFile = sqlitePath(config.databaseUrl, config.dataDir);
  if (dbFile === ':memory:') throw new AppError('bad_request', `folio ${verb}: an in-memory database has nothing to ${verb}`);
  return { dbFile: path.resolve(dbFile), blobRoot: path.resolve(config.storage.root), secretsFile: path.join(config.dataDir, 'secrets.json') };
}

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Every file under `root` (relative, `/`-separated), skipping the blob store's in-flight temp dir. */
function listFiles(root: string): string[] {
  if (!fs.existsSync(root)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true }) as fs.Dirent[]) {
    if (!entry.isFile()) continue;
    const rel = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (rel === '.tmp' || rel.startsWith('.tmp/')) continue;
    out.push(rel);
  }
  return out.sort();
}

function migrationsOf(dbFile: string): string[] {
  const db = new SQLite(dbFile, { readonly: true, fileMustExist: true });
  try {
    const table = db.prepare("select name from sqlite_master where type = 'table' and name = 'kysely_migration'").get();
    if (!table) return [];
    return (db.prepare('select name from kysely_migration order by name').all() as Array<{ name: string }>).map((r) => r.name);
  } finally {
    db.close();
  }
}

export interface BackupResult {
  dir: string;
  manifest: Manifest;
}

/**
 * Writes a backup of the embedded stack into `outDir` (created; refused when it exists and is
 * not empty). The database first (a snapshot), then the blobs: a blob stored while the copy
 * runs may come along unreferenced (harmless); one deleted meanwhile is left out.
 */
export async function backup(config: Config, outDir: string, folioVersion: string): Promise<BackupResult> {
  const files = embedded(config, 'backup');
  if (!fs.existsSync(files.dbFile)) throw new AppError('not_found', `no database at ${files.dbFile}: is FOLIO_DATA_DIR (or DATABASE_URL) right?`);
  const dir = path.resolve(outDir);
  if (fs.existsSync(dir) && (!fs.statSync(dir).isDirectory() || fs.readdirSync(dir).length > 0)) {
    throw new AppError('conflict', `${dir} exists and is not an empty directory: give a new one`);
  }
  if (dir === path.resolve(config.dataDir) || dir.startsWith(path.resolve(config.dataDir) + path.sep)) {
    throw new AppError('bad_request', `${dir} is inside FOLIO_DATA_DIR: write the backup somewhere else`);
  }
  // The backup holds what the data dir holds (the database, every upload, secrets.json), so it
  // is as private: the folder 0700, every file in it 0600, whatever the umask.
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fs.chmodSync(dir, 0o700);
  fs.closeSync(fs.openSync(path.join(dir, 'folio.db'), 'w', 0o600));

  // SQLite's online backup: page by page from a connection of our own, restarted by SQLite
  // when another connection writes meanwhile, so the copy is one consistent state.
  const source = new SQLite(files.dbFile, { fileMustExist: true });
  try {
    source.pragma('busy_timeout = 5000');
    await source.backup(path.join(dir, 'folio.db'));
  } finally {
    source.close();
  }
  const check = new SQLite(path.join(dir, 'folio.db'), { readonly: true });
  try {
    const result = check.pragma('quick_check', { simple: true });
    if (result !== 'ok') throw new Error(`the database copy fails its integrity check: ${String(result)}`);
  } finally {
    check.close();
  }
  const migrations = migrationsOf(path.join(dir, 'folio.db'));

  const entries: ManifestFile[] = [];
  const add = async (rel: string) => {
    const file = path.join(dir, ...rel.split('/'));
    entries.push({ path: rel, bytes: fs.statSync(file).size, sha256: await sha256File(file) });
  };
  await add('folio.db');

  let blobCount = 0;
  let blobBytes = 0;
  for (const rel of listFiles(files.blobRoot)) {
    const target = path.join(dir, 'blobs', ...rel.split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
    try {
      fs.copyFileSync(path.join(files.blobRoot, ...rel.split('/')), target);
      fs.chmodSync(target, 0o600);
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue; // deleted since the listing
      throw err;
    }
    await add(`blobs/${rel}`);
    blobCount++;
    blobBytes += entries[entries.length - 1]!.bytes;
  }

  const hasSecrets = fs.existsSync(files.secretsFile);
  if (hasSecrets) {
    fs.copyFileSync(files.secretsFile, path.join(dir, 'secrets.json'));
    fs.chmodSync(path.join(dir, 'secrets.json'), 0o600);
    await add('secrets.json');
  }

  const manifest: Manifest = {
    format: FORMAT,
    format_version: FORMAT_VERSION,
    created_at: new Date().toISOString(),
    folio_version: folioVersion,
    database: { file: 'folio.db', bytes: entries[0]!.bytes, migrations, last_migration: migrations.at(-1) ?? null },
    blobs: { count: blobCount, bytes: blobBytes },
    secrets_file: hasSecrets,
    secrets_from_env: [
      ...(config.jwt.secret ? ['FOLIO_JWT_SECRET'] : []),
      ...(config.encryptionKey ? ['FOLIO_ENCRYPTION_KEY'] : []),
      ...(config.signingKey ? ['FOLIO_SIGNING_KEY'] : []),
    ],
    files: entries,
  };
  // Last: a backup without its manifest is an unfinished one.
  const tmp = path.join(dir, `${MANIFEST}.tmp`);
  fs.writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
  fs.renameSync(tmp, path.join(dir, MANIFEST));
  return { dir, manifest };
}

/** Reads and checks a backup: its manifest, then every file's size and SHA-256. */
export async function verifyBackup(fromDir: string): Promise<Manifest> {
  const dir = path.resolve(fromDir);
  if (!fs.existsSync(dir) || !fs.statSync(dir).isDirectory()) throw new AppError('not_found', `no backup directory at ${dir}`);
  const file = path.join(dir, MANIFEST);
  if (!fs.existsSync(file)) throw new AppError('bad_request', `${dir} has no ${MANIFEST}: not a folio backup, or an unfinished one`);
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as Manifest;
  } catch {
    throw new AppError('bad_request', `${file} is not valid JSON`);
  }
  if (manifest.format !== FORMAT || !Array.isArray(manifest.files)) throw new AppError('bad_request', `${file} is not a folio backup manifest`);
  if (manifest.format_version !== FORMAT_VERSION) {
    throw new AppError('bad_request', `backup format version ${String(manifest.format_version)} is not supported (this folio reads version ${FORMAT_VERSION})`);
  }
  const problems: string[] = [];
  for (const f of manifest.files) {
    const rel = String(f.path);
    const full = path.resolve(dir, ...rel.split('/'));
    if (!full.startsWith(dir + path.sep) || rel.includes('\\')) {
      problems.push(`${rel}: outside the backup`);
      continue;
    }
    if (!fs.existsSync(full)) {
      problems.push(`${rel}: missing`);
      continue;
    }
    const size = fs.statSync(full).size;
    if (size !== f.bytes) problems.push(`${rel}: ${size} bytes, the manifest says ${f.bytes}`);
    else if ((await sha256File(full)) !== f.sha256) problems.push(`${rel}: SHA-256 differs from the manifest`);
  }
  if (!manifest.files.some((f) => f.path === 'folio.db')) problems.push('folio.db: not in the manifest');
  if (problems.length > 0) {
    throw new AppError('bad_request', `the backup fails verification (${problems.length} problem${problems.length === 1 ? '' : 's'}): ${problems.slice(0, 10).join('; ')}`);
  }
  return manifest;
}

export interface RestoreResult {
  manifest: Manifest;
  /** where the data that was in place went (none when there was none) */
  previous: string[];
}

/**
 * Puts a verified backup in place of the embedded stack's database, blobs and secrets.json.
 * Refused while a process uses the data dir (unless `force`). Everything is staged beside
 * its target first (same file system), then each target is swapped in with renames; what
 * was there is moved aside into `pre-restore-<time>/` beside it (for the default layout,
 * `<dataDir>/pre-restore-<time>/`), never deleted.
 */
export async function restore(config: Config, fromDir: string, opts: { force?: boolean } = {}): Promise<RestoreResult> {
  const files = embedded(config, 'restore');
  const manifest = await verifyBackup(fromDir);
  const live = liveClaims(config.dataDir);
  if (live.length > 0 && !opts.force) {
    throw new AppError(
      'conflict',
      `the data dir is in use by ${live.map((c) => `pid ${c.pid} on ${c.host} (${c.command})`).join(', ')}: stop it first (or pass --force if that is stale)`,
    );
  }
  const dir = path.resolve(fromDir);
  const stamp = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}`;
  ensurePrivateDir(config.dataDir);

  // Stage: copies beside their targets.
  const stagedDb = `${files.dbFile}.restore-${stamp}`;
  const stagedBlobs = `${files.blobRoot}.restore-${stamp}`;
  const stagedSecrets = `${files.secretsFile}.restore-${stamp}`;
  const cleanup = () => {
    for (const p of [stagedDb, stagedBlobs, stagedSecrets]) fs.rmSync(p, { recursive: true, force: true });
  };
  try {
    ensurePrivateDir(path.dirname(files.dbFile));
    fs.copyFileSync(path.join(dir, 'folio.db'), stagedDb);
    fs.chmodSync(stagedDb, PRIVATE_FILE_MODE);
    ensurePrivateDir(stagedBlobs);
    for (const f of manifest.files) {
      if (!f.path.startsWith('blobs/')) continue;
      const target = path.join(stagedBlobs, ...f.path.slice('blobs/'.length).split('/'));
      ensurePrivateDir(path.dirname(target));
      fs.copyFileSync(path.join(dir, ...f.path.split('/')), target);
      fs.chmodSync(target, PRIVATE_FILE_MODE);
    }
    if (manifest.secrets_file) {
      fs.copyFileSync(path.join(dir, 'secrets.json'), stagedSecrets);
      fs.chmodSync(stagedSecrets, 0o600);
    }
  } catch (err) {
    cleanup();
    throw err;
  }

  // Swap: what is in place moves aside (the WAL and shared-memory files with their database:
  // a stale WAL beside the restored file would be replayed into it), then the staged copies
  // are renamed in.
  // Beside each target (the same file system): <its directory>/pre-restore-<time>/.
  const asides = new Set<string>();
  const moveAside = (p: string) => {
    if (!fs.existsSync(p)) return;
    const aside = path.join(path.dirname(p), `pre-restore-${stamp}`);
    ensurePrivateDir(aside);
    fs.renameSync(p, path.join(aside, path.basename(p)));
    asides.add(aside);
  };
  for (const p of [files.dbFile, `${files.dbFile}-wal`, `${files.dbFile}-shm`, `${files.dbFile}-journal`]) moveAside(p);
  fs.renameSync(stagedDb, files.dbFile);
  moveAside(files.blobRoot);
  fs.renameSync(stagedBlobs, files.blobRoot);
  if (manifest.secrets_file) {
    moveAside(files.secretsFile);
    fs.renameSync(stagedSecrets, files.secretsFile);
  }
  return { manifest, previous: [...asides] };
}
