#!/usr/bin/env node
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Command, CommanderError } from 'commander';
import { ConfigError, isPostgresUrl, loadConfig, type Config } from '../config/index.js';
import { backup, restore } from '../platform/backup/backup.js';
import { openDatabase, sqlitePath } from '../platform/db/index.js';
import { appliedMigrations, knownMigrations, migrationStatus, type MigrationState } from '../platform/db/migrate.js';
import { AppError } from '../platform/http/errors.js';
import { buildDeps, VERSION, type Deps } from './deps.js';
import { deliveryCommands } from './cli-delivery.js';
import { seedDemo } from './demo-seed.js';
import { orderCommands } from './cli-orders.js';
import { closeOnSignals, startServer } from './server.js';
import { containFaults } from './faults.js';
import { closeWorkerOnSignals, startWorker } from './worker.js';

export interface CliIo {
  out(line: string): void;
  err(line: string): void;
  env: Record<string, string | undefined>;
}

const defaultIo: CliIo = {
  out: (l) => process.stdout.write(`${l}\n`),
  err: (l) => process.stderr.write(`${l}\n`),
  env: process.env,
};

/** Print either JSON (--json) or readable `key: value` lines. */
function emit(io: CliIo, json: boolean, value: Record<string, unknown>): void {
  if (json) {
    io.out(JSON.stringify(value));
    return;
  }
  for (const [k, v] of Object.entries(value)) io.out(`${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`);
}

async function withDeps<T>(config: Config, work: (deps: Deps) => Promise<T>): Promise<T> {
  const deps = await buildDeps(config);
  try {
    return await work(deps);
  } finally {
    await deps.close();
  }
}

/** Each migration's state, read without applying any (a missing SQLite file is created by nothing: all pending). */
async function readMigrationStatus(config: Config): Promise<MigrationState[]> {
  if (!isPostgresUrl(config.databaseUrl)) {
    const file = sqlitePath(config.databaseUrl, config.dataDir);
    if (file !== ':memory:' && !fs.existsSync(file)) return knownMigrations().map((name) => ({ name, status: 'pending', applied_at: null }));
  }
  const database = openDatabase({ url: config.databaseUrl, dataDir: config.dataDir, poolSize: 1, preparedStatements: config.dbPreparedStatements });
  try {
    return await migrationStatus(database.db);
  } finally {
    await database.close();
  }
}

function positiveInt(value: string, flag: string, max: number, allowZero = false): number {
  if (!/^\d+$/.test(value) || Number(value) > max || (!allowZero && Number(value) === 0)) {
    throw new AppError('bad_request', `${flag} must be an integer from ${allowZero ? 0 : 1} to ${max}`);
  }
  return Number(value);
}

function describeError(err: unknown): string {
  if (err instanceof AppError) {
    const fields = err.options.fields ? `: ${Object.entries(err.options.fields).map(([f, m]) => `${f} ${m.join(', ')}`).join('; ')}` : '';
    return `${err.message}${fields}`;
  }
  return err instanceof Error ? err.message : String(err);
}

/** The `folio` command. Returns the exit code instead of exiting, so tests can run it in-process. */
export async function main(argv: string[], io: CliIo = defaultIo): Promise<number> {
  let config: Config | null = null;
  const getConfig = () => (config ??= loadConfig(io.env));
  let exitCode = 0;

  const program = new Command('folio')
    .description('Folio: headless web-to-print service')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut: (s) => io.out(s.trimEnd()), writeErr: (s) => io.err(s.trimEnd()) });

  program
    .command('serve')
    .description('Run the HTTP API (and, in embedded mode, the job workers)')
    .action(async () => {
      const server = await startServer(getConfig(), {
        onListening: (s) => {
          closeOnSignals(s, getConfig().shutdownTimeoutMs);
          containFaults(s.app.log, s.deps.metrics);
        },
      });
      io.out(`folio listening on ${server.url}`);
      exitCode = -1; // keep running
    });

  program
    .command('worker')
    .description('Run job workers without HTTP (scale-out, or beside `serve` on the same database)')
    .option('--concurrency <n>', 'jobs run at once (default FOLIO_WORKER_CONCURRENCY)')
    .action(async (opts: { concurrency?: string }) => {
      const config = getConfig();
      const concurrency = opts.concurrency === undefined ? config.jobs.concurrency : positiveInt(opts.concurrency, '--concurrency', 256);
      const worker = await startWorker({ ...config, jobs: { ...config.jobs, concurrency } });
      closeWorkerOnSignals(worker, config.shutdownTimeoutMs);
      containFaults(worker.deps.logger, worker.deps.metrics);
      exitCode = -1; // keep running
    });

  program
    .command('migrate')
    .description('Apply database migrations; with --status, list each one as applied or pending and apply nothing')
    .option('--status', 'list migrations (applied, pending, or unknown to this build) without applying any')
    .option('--json', 'machine-readable output')
    .action(async (opts: { status?: boolean; json?: boolean }) => {
      const config = getConfig();
      if (opts.status) {
        const states = await readMigrationStatus(config);
        const pending = states.filter((m) => m.status === 'pending').length;
        const database = isPostgresUrl(config.databaseUrl) ? 'postgres' : 'sqlite';
        if (opts.json) {
          io.out(JSON.stringify({ database, pending, migrations: states }));
        } else {
          io.out(`database: ${database}`);
          for (const m of states) io.out(`${m.status.padEnd(8)} ${m.name}${m.applied_at ? `  ${m.applied_at}` : ''}`);
          io.out(pending === 0 ? 'up to date' : `${pending} pending: run folio migrate (serve and worker also apply them at start)`);
        }
        return;
      }
      // buildDeps migrates; report what the database holds afterwards.
      await withDeps(config, async (deps) => {
        emit(io, Boolean(opts.json), { database: deps.database.dialect, migrations: await appliedMigrations(deps.database.db) });
      });
    });

  program
    .command('backup')
    .description('Back up the embedded stack (SQLite database, local blobs, secrets.json) into a new directory, while serving')
    .requiredOption('--out <dir>', 'a directory that does not exist yet (or is empty)')
    .option('--json', 'machine-readable output')
    .action(async (opts: { out: string; json?: boolean }) => {
      const { dir, manifest } = await backup(getConfig(), opts.out, VERSION);
      emit(io, Boolean(opts.json), {
        backup: dir,
        created_at: manifest.created_at,
        database_bytes: manifest.database.bytes,
        last_migration: manifest.database.last_migration,
        blobs: manifest.blobs.count,
        blob_bytes: manifest.blobs.bytes,
        secrets_file: manifest.secrets_file,
        ...(manifest.secrets_from_env.length > 0 ? { not_included: `${manifest.secrets_from_env.join(', ')} (set in the environment: keep them with the backup)` } : {}),
      });
    });

  program
    .command('restore')
    .description('Restore a backup made by folio backup into FOLIO_DATA_DIR (the server must be stopped)')
    .requiredOption('--from <dir>', 'the backup directory (with its manifest.json)')
    .option('--force', 'restore even though a process seems to use the data dir (a stale claim)')
    .option('--json', 'machine-readable output')
    .action(async (opts: { from: string; force?: boolean; json?: boolean }) => {
      const { manifest, previous } = await restore(getConfig(), opts.from, { force: Boolean(opts.force) });
      emit(io, Boolean(opts.json), {
        restored: path.resolve(opts.from),
        created_at: manifest.created_at,
        last_migration: manifest.database.last_migration,
        blobs: manifest.blobs.count,
        previous_data: previous.length > 0 ? previous.join(', ') : 'none',
      });
    });

  const account = program.command('account').description('Manage accounts');
  account
    .command('create')
    .description('Create an account')
    .requiredOption('--email <email>', 'e-mail address')
    .requiredOption('--password <password>', '8+ characters with upper, lower, digit and symbol')
    .option('--name <name>', 'display name')
    .option('--tokens <n>', 'starting tokens instead of the sign-up grant (FOLIO_SIGNUP_TOKENS)')
    .option('--json', 'machine-readable output')
    .action(async (opts: { email: string; password: string; name?: string; tokens?: string; json?: boolean }) => {
      const config = getConfig();
      // The grant is the wallet's sign-up hook; --tokens sets it for this one account.
      const signupTokens = opts.tokens === undefined ? config.signupTokens : positiveInt(opts.tokens, '--tokens', 1_000_000_000, true);
      await withDeps({ ...config, signupTokens }, async (deps) => {
        const session = await deps.identity.signUp({ name: opts.name ?? opts.email.split('@')[0]!, email: opts.email, password: opts.password });
        const balance = await deps.wallet.balance(session.user.id);
        emit(io, Boolean(opts.json), { id: session.user.id, email: session.user.email, name: session.user.name, tokens: balance });
      });
    });

  const walletCmd = program.command('wallet').description("Manage accounts' token wallets");
  walletCmd
    .command('credit')
    .description('Add tokens to an account (a credit entry in its ledger)')
    .option('--email <email>', 'the account by e-mail address')
    .option('--account <uuid>', 'the account by id')
    .requiredOption('--tokens <n>', 'tokens to add (positive integer)')
    .option('--reference <text>', 'ledger reference (default admin_credit)')
    .option('--json', 'machine-readable output')
    .action(async (opts: { email?: string; account?: string; tokens: string; reference?: string; json?: boolean }) => {
      if ((opts.email === undefined) === (opts.account === undefined)) throw new AppError('bad_request', 'give exactly one of --email or --account');
      const tokens = positiveInt(opts.tokens, '--tokens', 1_000_000_000);
      await withDeps(getConfig(), async (deps) => {
        const user = opts.email !== undefined ? await deps.identity.findByEmail(opts.email) : await deps.identity.me(opts.account!).catch(() => null);
        if (!user) throw new AppError('not_found', `no account ${opts.email ?? opts.account}`);
        const entry = await deps.wallet.credit(user.id, tokens, opts.reference ?? 'admin_credit');
        emit(io, Boolean(opts.json), { account_id: user.id, email: user.email, tokens, balance: entry.balance_after, transaction_id: entry.id });
      });
    });

  const store = program.command('store').description('Manage stores');
  store
    .command('plan')
    .description("Set a store's plan tier")
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--tier <name>', 'free, pro, advanced, premium or enterprise (as in the tier table)')
    .option('--json', 'machine-readable output')
    .action(async (opts: { store: string; tier: string; json?: boolean }) => {
      await withDeps(getConfig(), async (deps) => {
        const s = await deps.stores.setTier(opts.store, opts.tier);
        emit(io, Boolean(opts.json), { id: s.id, name: s.name, tier: s.tier });
      });
    });

  orderCommands(program, { withDeps: (work) => withDeps(getConfig(), work), emit: (json, value) => emit(io, json, value), out: (l) => io.out(l) }, getConfig);

  program
    .command('seed')
    .description('Create demo data and print working credentials')
    .option('--demo', 'create a demo account, a store on the advanced tier, a business-card product with two sides, cliparts and a template')
    .option('--json', 'machine-readable output')
    .action(async (opts: { demo?: boolean; json?: boolean }) => {
      if (!opts.demo) throw new AppError('bad_request', 'nothing to seed: pass --demo');
      await withDeps(getConfig(), async (deps) => {
        const demo = await seedDemo(deps, getConfig().publicUrl);
        emit(io, Boolean(opts.json), { ...demo });
      });
    });

  deliveryCommands(program, { getConfig, withDeps, emit: (json, value) => emit(io, json, value) });

  try {
    await program.parseAsync(argv, { from: 'user' });
  } catch (err) {
    if (err instanceof CommanderError) return err.exitCode;
    if (err instanceof ConfigError) {
      io.err(err.message);
      return 2;
    }
    io.err(`error: ${describeError(err)}`);
    return 1;
  }
  return exitCode;
}

const isEntry = process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isEntry) {
  main(process.argv.slice(2)).then(
    (code) => {
      if (code >= 0) process.exit(code);
    },
    (err: unknown) => {
      process.stderr.write(`${String(err)}\n`);
      process.exit(1);
    },
  );
}
