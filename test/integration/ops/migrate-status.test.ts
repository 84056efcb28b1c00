import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { main } from '../../../src/main/cli.js';
import { knownMigrations } from '../../../src/platform/db/migrate.js';

let dataDir: string;
beforeAll(() => void (dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migrate-'))));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function folio(env: Record<string, string>, ...argv: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env: { LOG_LEVEL: 'silent', ...env } });
  return { code, out, err };
}

describe('folio migrate --status', () => {
  it('on an embedded data dir: all pending before (and applies nothing), all applied with their time after folio migrate', async () => {
    const env = { FOLIO_DATA_DIR: dataDir };
    const before = await folio(env, 'migrate', '--status', '--json');
    expect(before.code, before.err.join('\n')).toBe(0);
    const b = JSON.parse(before.out[0]!);
    expect(b.database).toBe('sqlite');
    expect(b.pending).toBe(knownMigrations().length);
    expect(b.migrations.map((m: { name: string }) => m.name)).toEqual(knownMigrations());
    expect(b.migrations.every((m: { status: string; applied_at: null }) => m.status === 'pending' && m.applied_at === null)).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'folio.db'))).toBe(false);

    const readable = await folio(env, 'migrate', '--status');
    expect(readable.code).toBe(0);
    expect(readable.out[0]).toBe('database: sqlite');
    expect(readable.out[1]).toBe('pending  0001-foundation');
    expect(readable.out.at(-1)).toMatch(/^\d+ pending: run folio migrate/);

    const started = Date.now();
    expect((await folio(env, 'migrate')).code).toBe(0);
    const after = JSON.parse((await folio(env, 'migrate', '--status', '--json')).out[0]!);
    expect(after.pending).toBe(0);
    for (const m of after.migrations) {
      expect(m.status).toBe('applied');
      expect(Date.parse(m.applied_at)).toBeGreaterThanOrEqual(started - 1000);
    }
    const text = await folio(env, 'migrate', '--status');
    expect(text.out).toContain('up to date');
    expect(text.out[1]).toMatch(/^applied {2}0001-foundation {2}\d{4}-\d\d-\d\dT/);
  });

  it('names a migration the database has but this build does not as unknown, and one it lacks as pending', async () => {
    const db = new SQLite(path.join(dataDir, 'folio.db'));
    db.prepare("insert into kysely_migration (name, timestamp) values ('9999-from-a-newer-build', ?)").run(new Date().toISOString());
    db.prepare("delete from kysely_migration where name = '0010-audit-retention'").run();
    db.close();
    const res = JSON.parse((await folio({ FOLIO_DATA_DIR: dataDir }, 'migrate', '--status', '--json')).out[0]!);
    expect(res.pending).toBe(1);
    expect(res.migrations.find((m: { name: string }) => m.name === '0010-audit-retention')).toMatchObject({ status: 'pending', applied_at: null });
    expect(res.migrations.at(-1)).toMatchObject({ name: '9999-from-a-newer-build', status: 'unknown' });
  });

  it('on the configured database of this run (PostgreSQL in CI): everything applied after folio migrate', async () => {
    const databaseUrl = inject('databaseUrl');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-migrate-'));
    try {
      const env = { FOLIO_DATA_DIR: dir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
      expect((await folio(env, 'migrate')).code).toBe(0);
      const res = await folio(env, 'migrate', '--status', '--json');
      expect(res.code, res.err.join('\n')).toBe(0);
      const body = JSON.parse(res.out[0]!);
      expect(body.database).toBe(databaseUrl ? 'postgres' : 'sqlite');
      expect(body.pending).toBe(0);
      expect(body.migrations.filter((m: { status: string }) => m.status === 'applied').map((m: { name: string }) => m.name)).toEqual(knownMigrations());
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
