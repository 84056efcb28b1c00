import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../helpers/app.js';
import { as, createStore, type TestStore } from '../../helpers/factories.js';

/**
 * A change made with the `folio` CLI while the server runs is seen by the server's very next
 * request. The CLI is another process: the server hears of it through the database alone,
 * or through Redis where there is one (the credential caches' invalidation bus). Issue: after
 * `folio store plan --store $S --tier advanced`, `POST /v1/stores/$S/api-keys` with the store
 * key still answered 402 `current_tier: "free"` for up to 30 s: the store key's record, tier
 * included, stays cached (verified-cache.ts) and nothing tells this process.
 *
 * The CLI runs as a child process, `node --import tsx src/main/cli.ts …`: the code
 * bin/folio.js runs once built (test/integration/cli.test.ts covers the built entry point),
 * without a build of dist/ first.
 *
 * Stacks: the embedded one (SQLite in a data dir of its own, no Redis) in every run, with the
 * run's database and Redis left out explicitly; with TEST_DATABASE_URL also PostgreSQL without
 * Redis (the same single-server topology: the plan changes), and with TEST_REDIS_URL too,
 * PostgreSQL with the run's Redis, where the CLI's invalidation reaches the server over
 * pub/sub (the upgrade: it passes today, the mechanism the other stacks lack). The wallet
 * case (a credit is seen at once: the database's side) runs on the embedded stack alone.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const execFileP = promisify(execFile);

interface Stack {
  name: string;
  /** env of the app and the CLI beyond the data dir ('' unsets what the run injects) */
  env: Record<string, string>;
  /** the cases run on it (a CLI process costs seconds: the others' stacks run fewer) */
  cases: ReadonlyArray<'upgrade' | 'downgrade' | 'wallet'>;
}
const databaseUrl = inject('databaseUrl');
const redisUrl = inject('redisUrl');
// The embedded stack in the run without a database (npm test); the run on PostgreSQL (CI's
// second stage) takes the two PostgreSQL stacks, one case each (each CLI process costs seconds).
const stacks: Stack[] = [
  ...(databaseUrl ? [] : [{ name: 'embedded (SQLite, no Redis)', env: { DATABASE_URL: '', REDIS_URL: '' }, cases: ['upgrade', 'downgrade', 'wallet'] } as const]),
  ...(databaseUrl ? [{ name: 'PostgreSQL, no Redis', env: { DATABASE_URL: databaseUrl, REDIS_URL: '' }, cases: ['downgrade'] } as const] : []),
  ...(databaseUrl && redisUrl ? [{ name: 'PostgreSQL and Redis', env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl }, cases: ['upgrade'] } as const] : []),
];

describe.each(stacks)('$name: a change the CLI makes is seen by the running app at once', (stack) => {
  let dataDir: string;
  let t: TestApp;
  let cliEnv: NodeJS.ProcessEnv;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-cli-seen-'));
    t = await buildTestApp({ env: { FOLIO_DATA_DIR: dataDir, ...stack.env } });
    cliEnv = {
      ...process.env,
      FOLIO_DATA_DIR: dataDir,
      FOLIO_SCRYPT_COST: '10',
      FOLIO_PUBLIC_URL: 'http://folio.test',
      LOG_LEVEL: 'silent',
      // the app's Redis namespace: its invalidation channels are the ones the app listens on
      FOLIO_REDIS_PREFIX: t.config.redisPrefix,
      ...stack.env,
    };
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** `folio …` in a process of its own, as an operator runs it beside the server. */
  async function folio(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
    return execFileP(process.execPath, ['--import', 'tsx', path.join(root, 'src/main/cli.ts'), ...argv], { cwd: root, env: cliEnv, timeout: 45_000 }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (err: { code: number; stdout: string; stderr: string }) => ({ code: err.code, stdout: err.stdout, stderr: err.stderr }),
    );
  }

  const newKey = (store: TestStore) => t.app.inject({ method: 'POST', url: `/v1/stores/${store.id}/api-keys`, headers: as.B(store), payload: { name: 'after the plan change' } });

  it.runIf(stack.cases.includes('upgrade'))('store plan --tier advanced: the next POST /v1/stores/{id}/api-keys with the store key is allowed, not 402 "free"', async () => {
    const store = await createStore(t.app);
    // warm: the store key's record (the store and its tier) is cached by the app now
    const before = await newKey(store);
    expect(before.statusCode, before.body).toBe(402);
    expect(before.json().error.details).toMatchObject({ capability: 'api_keys', current_tier: 'free' });

    const plan = await folio('store', 'plan', '--store', store.id, '--tier', 'advanced', '--json');
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(plan.stdout)).toMatchObject({ id: store.id, tier: 'advanced' });

    const after = await newKey(store);
    expect(after.statusCode, `the app still answers from the tier it cached before the CLI's change: ${after.body}`).toBe(200);
    expect(after.json().key).toEqual(expect.any(String));
    const caps = await t.app.inject({ method: 'GET', url: '/v1/account/capabilities', headers: as.B(store) });
    expect(caps.json().data.entitlement).toMatchObject({ tier: 'advanced', capabilities: { api_keys: true } });
  }, 60_000);

  it.runIf(stack.cases.includes('downgrade'))('store plan --tier free: the next POST /v1/stores/{id}/api-keys with the store key is refused (402 "free")', async () => {
    const store = await createStore(t.app, undefined, { tier: 'advanced', deps: t.deps });
    // warm: the store key's record, tier advanced
    const before = await newKey(store);
    expect(before.statusCode, before.body).toBe(200);

    const plan = await folio('store', 'plan', '--store', store.id, '--tier', 'free', '--json');
    expect(plan.code, plan.stderr).toBe(0);

    const after = await newKey(store);
    expect(after.statusCode, `the app still answers from the tier it cached before the CLI's change: ${after.body}`).toBe(402);
    expect(after.json().error.details).toMatchObject({ capability: 'api_keys', current_tier: 'free' });
  }, 60_000);

  it.runIf(stack.cases.includes('wallet'))("wallet credit: the next GET /v1/account/wallet answers the new balance (the database's side, for comparison)", async () => {
    const store = await createStore(t.app);
    const wallet = () => t.app.inject({ method: 'GET', url: '/v1/account/wallet', headers: as.J(store.owner) });
    expect((await wallet()).json().data.balance).toBe(50);

    const credit = await folio('wallet', 'credit', '--account', store.owner.id, '--tokens', '25', '--json');
    expect(credit.code, credit.stderr).toBe(0);
    expect(JSON.parse(credit.stdout)).toMatchObject({ balance: 75 });

    expect((await wallet()).json().data.balance).toBe(75);
  }, 60_000);
});
