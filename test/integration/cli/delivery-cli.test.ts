import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../../src/config/index.js';
import { main } from '../../../src/main/cli.js';
import { buildDeps } from '../../../src/main/deps.js';

let dataDir: string;
let root: string;
let env: Record<string, string>;
let storeId: string;

async function folio(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-delivery-'));
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-hot-'));
  const databaseUrl = inject('databaseUrl');
  env = { FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10', FOLIO_HOT_FOLDER_ROOTS: root, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const made = await folio('account', 'create', '--email', `cli-${Date.now()}@example.test`, '--password', 'Corr3ct-Horse!', '--json');
  expect(made.code, made.err.join('\n')).toBe(0);
  const deps = await buildDeps(loadConfig(env));
  try {
    storeId = (await deps.stores.create(JSON.parse(made.out[0]!).id, { store_name: 'CLI shop' } as never, false)).id;
  } finally {
    await deps.close();
  }
});
afterAll(() => {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.rmSync(root, { recursive: true, force: true });
});

describe('folio delivery-targets and deliveries', () => {
  it('creates, lists and tests a hot-folder target; lists deliveries; a retry of an unknown delivery fails', async () => {
    const created = await folio('delivery-targets', 'create', '--store', storeId, '--name', 'Switch', '--type', 'hot_folder', '--path', root, '--ticket', 'xml', '--json');
    expect(created.code, created.err.join('\n')).toBe(0);
    const target = JSON.parse(created.out[0]!);
    expect(target).toMatchObject({ name: 'Switch', type: 'hot_folder', ticket: 'xml', path: fs.realpathSync(root) });

    const list = await folio('delivery-targets', 'list', '--store', storeId, '--json');
    expect(list.out.map((l) => JSON.parse(l).id)).toEqual([target.id]);

    const test = await folio('delivery-targets', 'test', '--store', storeId, '--id', target.id, '--json');
    expect(test.code, test.err.join('\n')).toBe(0);
    expect(JSON.parse(test.out[0]!)).toMatchObject({ ok: true, error: null });

    const bad = await folio('delivery-targets', 'create', '--store', storeId, '--name', 'Out', '--type', 'hot_folder', '--path', '/etc');
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toMatch(/path .*FOLIO_HOT_FOLDER_ROOTS/);

    const deliveries = await folio('deliveries', 'list', '--store', storeId, '--status', 'failed', '--json');
    expect(deliveries.code, deliveries.err.join('\n')).toBe(0);
    expect(deliveries.out).toEqual([]);
    const retry = await folio('deliveries', 'retry', '--store', storeId, '--id', '00000000-0000-7000-8000-000000000000');
    expect(retry.code).toBe(1);
    expect(retry.err[0]).toBe('error: Delivery not found');
  });
});
