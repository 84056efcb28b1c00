import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { main } from '../../../src/main/cli.js';

let dataDir: string;
let env: Record<string, string>;

beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-'));
  const databaseUrl = inject('databaseUrl');
  env = { FOLIO_DATA_DIR: dataDir, LOG_LEVEL: 'silent', FOLIO_SCRYPT_COST: '10', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

async function folio(...argv: string[]): Promise<{ code: number; out: string[]; err: string[] }> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await main(argv, { out: (l) => out.push(l), err: (l) => err.push(l), env });
  return { code, out, err };
}

const email = () => `cli-${Math.random().toString(36).slice(2)}@example.test`;
const PASSWORD = 'Corr3ct-Horse!';

describe('folio account create --tokens', () => {
  it('starts the account with the given tokens instead of the sign-up grant', async () => {
    const res = await folio('account', 'create', '--email', email(), '--password', PASSWORD, '--tokens', '500', '--json');
    expect(res.code, res.err.join('\n')).toBe(0);
    expect(JSON.parse(res.out[0]!)).toMatchObject({ tokens: 500 });
  });

  it('gives the default grant without --tokens, and accepts 0', async () => {
    expect(JSON.parse((await folio('account', 'create', '--email', email(), '--password', PASSWORD, '--json')).out[0]!).tokens).toBe(50);
    expect(JSON.parse((await folio('account', 'create', '--email', email(), '--password', PASSWORD, '--tokens', '0', '--json')).out[0]!).tokens).toBe(0);
    const bad = await folio('account', 'create', '--email', email(), '--password', PASSWORD, '--tokens', 'lots');
    expect(bad.code).toBe(1);
    expect(bad.err[0]).toBe('error: --tokens must be an integer from 0 to 1000000000');
  });
});

describe('folio wallet credit', () => {
  it('credits by e-mail and by account id, and says the new balance', async () => {
    const address = email();
    const created = JSON.parse((await folio('account', 'create', '--email', address, '--password', PASSWORD, '--json')).out[0]!);
    const byEmail = await folio('wallet', 'credit', '--email', address.toUpperCase(), '--tokens', '1000', '--json');
    expect(byEmail.code, byEmail.err.join('\n')).toBe(0);
    const body = JSON.parse(byEmail.out[0]!);
    expect(body).toMatchObject({ account_id: created.id, email: address, tokens: 1000, balance: 1050 });
    expect(body.transaction_id).toMatch(/^TX-\d{8}$/);
    const byId = await folio('wallet', 'credit', '--account', created.id, '--tokens', '5', '--reference', 'goodwill');
    expect(byId.code).toBe(0);
    expect(byId.out).toContain('balance: 1055');
  });

  it('refuses ambiguous or bad input', async () => {
    const both = await folio('wallet', 'credit', '--email', 'a@b.c', '--account', '0190b6f4-0000-7000-8000-000000000000', '--tokens', '5');
    expect(both).toMatchObject({ code: 1, err: ['error: give exactly one of --email or --account'] });
    expect((await folio('wallet', 'credit', '--tokens', '5')).code).toBe(1);
    for (const tokens of ['0', '-5', '1.5', 'abc']) {
      expect((await folio('wallet', 'credit', '--email', 'a@b.c', '--tokens', tokens)).code, tokens).toBe(1);
    }
    const unknown = await folio('wallet', 'credit', '--email', 'nobody@example.test', '--tokens', '5');
    expect(unknown).toMatchObject({ code: 1, err: ['error: no account nobody@example.test'] });
    expect((await folio('wallet', 'credit', '--account', 'not-a-uuid', '--tokens', '5')).code).toBe(1);
  });
});

describe('folio worker', () => {
  it('checks its options before starting', async () => {
    const res = await folio('worker', '--concurrency', '0');
    expect(res).toMatchObject({ code: 1, err: ['error: --concurrency must be an integer from 1 to 256'] });
  });
});
