import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../helpers/app.js';
import { createStore } from '../../helpers/factories.js';
import { upload } from '../catalog/helpers.js';

/**
 * Issue 18 item 7: the data dir holds the database, the blobs and secrets.json, so it is
 * created 0700 and what is in it 0600 (the SQLite file with its -wal and -shm included,
 * where the default umask would give 0644), and a data dir an older version left 0755 is
 * tightened at start.
 */
const mode = (p: string) => fs.statSync(p).mode & 0o777;
const roots: string[] = [];
afterAll(() => {
  for (const r of roots) fs.rmSync(r, { recursive: true, force: true });
});

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? [p, ...walk(p)] : [p];
  });
}

describe.skipIf(process.platform === 'win32')('the data dir is private', () => {
  it.each([
    ['a data dir that does not exist yet', false],
    ['a data dir an older version left 0755', true],
  ])('%s: dir 0700, database, -wal, -shm, secrets and blobs 0600', async (_label, exists) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-private-'));
    roots.push(root);
    const dataDir = path.join(root, 'data');
    const previous = process.umask(0o022);
    if (exists) fs.mkdirSync(dataDir, { mode: 0o755 });
    const t = await buildTestApp({ env: { FOLIO_DATA_DIR: dataDir } });
    try {
      const store = await createStore(t.app);
      const res = await upload(t.app, store);
      expect(res.statusCode, res.body).toBe(201);
      expect(mode(dataDir).toString(8)).toBe('700');
      expect(mode(path.join(dataDir, 'secrets.json')).toString(8)).toBe('600');
      if (!t.config.databaseUrl) {
        for (const f of ['folio.db', 'folio.db-wal', 'folio.db-shm']) expect(mode(path.join(dataDir, f)).toString(8), f).toBe('600');
      }
      const blobs = walk(path.join(dataDir, 'blobs'));
      expect(blobs.filter((p) => fs.statSync(p).isFile()).length).toBeGreaterThan(0);
      for (const p of blobs) expect(mode(p).toString(8), p).toBe(fs.statSync(p).isDirectory() ? '700' : '600');
      // Nothing anywhere under the data dir is readable by others.
      for (const p of walk(dataDir)) expect(mode(p) & 0o077, p).toBe(0);
    } finally {
      await t.close();
      process.umask(previous);
    }
  });
});
