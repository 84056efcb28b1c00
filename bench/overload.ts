/**
 * Money under database overload:  npx tsx bench/overload.ts [--calls 480] [--pool 10] [--subjects 4]
 *
 * Fires N parallel charged calls (POST /services/studio/qr/generate, `--subjects` tokens
 * each) over real HTTP at one API process whose PostgreSQL pool holds `--pool` connections
 * (FOLIO_DB_POOL_SIZE), on a fresh database of its own (TEST_DATABASE_URL or DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/postgres). Then it prints the answers (2xx,
 * 503/429, other), what the ledger charged and refunded, and the balance, every second for
 * up to 60 s, and checks the promise: once the burst settles, charged − refunded equals the
 * tokens of the 2xx answers (no 503 left charged), and every 503 carried Retry-After.
 * Exit status 1 when the check fails.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app.js';
import { loadConfig } from '../src/config/index.js';
import { buildDeps } from '../src/main/deps.js';
import { createPgDatabase } from '../test/helpers/pg-database.js';

const arg = (name: string, dflt: number) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
};
const CALLS = arg('calls', 480);
const POOL = arg('pool', 10);
const SUBJECTS = arg('subjects', 4);
const GRANT = arg('tokens', 2000);
const baseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const pg = await createPgDatabase(baseUrl, 'folio_bench_overload');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-bench-'));
  const config = loadConfig({
    FOLIO_DATA_DIR: dataDir,
    DATABASE_URL: pg.url,
    FOLIO_DB_POOL_SIZE: String(POOL),
    FOLIO_PUBLIC_URL: 'http://folio.bench',
    LOG_LEVEL: 'silent',
    FOLIO_SCRYPT_COST: '10',
    FOLIO_WARMUP: 'false',
    FOLIO_PLANS_FILE: path.join(import.meta.dirname, 'plans-unlimited.json'),
    ...(process.env.FOLIO_OPERATION_LEASE_MS ? { FOLIO_OPERATION_LEASE_MS: process.env.FOLIO_OPERATION_LEASE_MS } : {}),
  });
  const deps = await buildDeps(config);
  const app = await buildApp({ ...deps.appDeps, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  // The sweeper runs as in a worker process: it is what refunds a call left behind.
  await deps.startWorkers();
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  try {
    const signup = await fetch(`${base}/v1/account`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Bench', email: `overload-${Date.now()}@example.test`, password: 'Corr3ct-Horse!' }),
    });
    const { user, access_token } = ((await signup.json()) as { data: { user: { id: string }; access_token: string } }).data;
    const start = await deps.wallet.balance(user.id);
    if (GRANT > start) await deps.wallet.credit(user.id, GRANT - start, 'bench');
    const balance0 = await deps.wallet.balance(user.id);
    const subjects = Array.from({ length: SUBJECTS }, (_, i) => ({ student_id: `S${i + 1}`, name: `Student ${i + 1}` }));

    const counts = { ok: 0, unavailable: 0, rateLimited: 0, payment: 0, other: 0, unavailableWithoutRetryAfter: 0 };
    const others: string[] = [];
    const t0 = performance.now();
    await Promise.all(
      Array.from({ length: CALLS }, async (_, i) => {
        try {
          const res = await fetch(`${base}/v1/services/studio/qr/generate`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: `Bearer ${access_token}` },
            body: JSON.stringify({ job_id: `OVERLOAD-${i}`, subjects }),
          });
          const text = await res.text();
          if (res.status >= 200 && res.status < 300) counts.ok++;
          else if (res.status === 503) {
            counts.unavailable++;
            if (!res.headers.get('retry-after')) counts.unavailableWithoutRetryAfter++;
          } else if (res.status === 429) counts.rateLimited++;
          else if (res.status === 402) counts.payment++;
          else {
            counts.other++;
            if (others.length < 5) others.push(`${res.status} ${text.slice(0, 160)}`);
          }
        } catch (err) {
          counts.other++;
          if (others.length < 5) others.push(String(err));
        }
      }),
    );
    const burstMs = Math.round(performance.now() - t0);
    console.log(`${CALLS} parallel QR calls (${SUBJECTS} tokens each) at a pool of ${POOL}, in ${burstMs} ms:`);
    console.log(`  answered 2xx ${counts.ok}, 503 ${counts.unavailable} (without Retry-After: ${counts.unavailableWithoutRetryAfter}), 429 ${counts.rateLimited}, 402 ${counts.payment}, other ${counts.other}`);
    for (const o of others) console.log(`  other: ${o}`);

    const ledger = async () => {
      const r = await sql<{ type: string; total: number }>`select type, coalesce(sum(amount), 0)::int as total from wallet_transactions where account_id = ${user.id} and type in ('charge', 'refund') group by type`.execute(deps.database.db);
      const by = Object.fromEntries(r.rows.map((x) => [x.type, Number(x.total)]));
      return { charged: -(by.charge ?? 0), refunded: by.refund ?? 0, balance: await deps.wallet.balance(user.id) };
    };
    const paidFor = counts.ok * SUBJECTS;
    let settledAt: number | null = null;
    let last = await ledger();
    for (let s = 0; s <= 60; s++) {
      last = await ledger();
      const held = last.charged - last.refunded - paidFor;
      console.log(`  t+${String(s).padStart(2)} s  charged ${last.charged}  refunded ${last.refunded}  balance ${last.balance}  held for non-2xx answers ${held}`);
      if (held === 0) {
        settledAt ??= s;
        if (s - settledAt >= 2) break;
      } else settledAt = null;
      await new Promise((r) => setTimeout(r, 1000));
    }
    const ok =
      settledAt !== null &&
      last.charged - last.refunded === paidFor &&
      last.balance === balance0 - paidFor &&
      counts.unavailableWithoutRetryAfter === 0 &&
      counts.other === 0;
    console.log(
      ok
        ? `OK: charged − refunded = ${paidFor} tokens = 2xx answers × ${SUBJECTS}, settled ${settledAt === 0 ? 'at once' : `within ${settledAt} s`}; balance ${balance0} → ${last.balance}`
        : `FAIL: charged − refunded = ${last.charged - last.refunded}, 2xx answers paid for ${paidFor}; balance ${balance0} → ${last.balance} (expected ${balance0 - paidFor})`,
    );
    process.exitCode = ok ? 0 : 1;
  } finally {
    await app.close();
    await deps.close();
    await pg.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
