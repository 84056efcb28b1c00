import fs from 'node:fs';
import type { Command } from 'commander';
import type { Config } from '../config/index.js';
import { AppError } from '../platform/http/errors.js';
import type { CreateTargetInput, StoreScope } from '../modules/delivery/index.js';
import type { Deps } from './deps.js';

export interface CliContext {
  getConfig(): Config;
  withDeps<T>(config: Config, work: (deps: Deps) => Promise<T>): Promise<T>;
  /** prints JSON (--json) or `key: value` lines */
  emit(json: boolean, value: Record<string, unknown>): void;
}

/** The operator acts for a store named by id: its owner's account is the target's. */
async function scopeOf(deps: Deps, storeId: string): Promise<StoreScope> {
  const store = await deps.stores.resolveById(storeId);
  if (!store) throw new AppError('not_found', `no store ${storeId}`);
  return { storeId: store.id, accountId: store.ownerId };
}

const pageOf = (deps: Deps, path: string) => ({ signer: deps.signer, baseUrl: deps.config.publicUrl, path, query: {} });

/** `folio delivery-targets list|create|test`, `folio deliveries list|retry` (docs/delivery.md). */
export function deliveryCommands(program: Command, cli: CliContext): void {
  const targets = program.command('delivery-targets').description("Manage a store's delivery targets (hot folder, SFTP, S3)");
  targets
    .command('list')
    .description("A store's delivery targets (secrets never shown)")
    .requiredOption('--store <uuid>', 'store id')
    .option('--json', 'machine-readable output (one line per target)')
    .action(async (opts: { store: string; json?: boolean }) => {
      await cli.withDeps(cli.getConfig(), async (deps) => {
        const page = await deps.delivery.targets.list(await scopeOf(deps, opts.store), { limit: 100 }, pageOf(deps, '/v1/delivery-targets'));
        for (const t of page.rows) cli.emit(Boolean(opts.json), { ...t });
      });
    });

  targets
    .command('create')
    .description('Add a delivery target to a store')
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--name <name>', 'display name')
    .requiredOption('--type <type>', 'hot_folder, sftp or s3')
    .option('--ticket <kind>', 'jdf (default), xml or none')
    .option('--deliver <kinds>', 'comma list of print_files, batches (default both)')
    .option('--path <dir>', 'hot_folder: directory under FOLIO_HOT_FOLDER_ROOTS')
    .option('--host <host>', 'sftp: host')
    .option('--port <n>', 'sftp: port (22)')
    .option('--username <name>', 'sftp: user')
    .option('--password <password>', 'sftp: password')
    .option('--private-key-file <file>', 'sftp: file holding an unencrypted private key')
    .option('--remote-dir <dir>', 'sftp: remote directory')
    .option('--host-key-sha256 <fp>', 'sftp: pinned host key (SHA256:…)')
    .option('--bucket <bucket>', 's3: bucket')
    .option('--prefix <prefix>', 's3: key prefix')
    .option('--region <region>', 's3: region')
    .option('--endpoint <url>', 's3: S3-compatible endpoint')
    .option('--access-key-id <id>', 's3: access key id')
    .option('--secret-access-key <secret>', 's3: secret access key')
    .option('--json', 'machine-readable output')
    .action(async (opts: Record<string, string | boolean | undefined>) => {
      const str = (k: string) => (typeof opts[k] === 'string' ? (opts[k] as string) : undefined);
      const input: Record<string, unknown> = {
        name: str('name'),
        type: str('type'),
        ticket: str('ticket'),
        deliver: str('deliver')?.split(',').map((s) => s.trim()),
        path: str('path'),
        host: str('host'),
        port: str('port') === undefined ? undefined : Number(str('port')),
        username: str('username'),
        password: str('password'),
        private_key: str('privateKeyFile') === undefined ? undefined : fs.readFileSync(str('privateKeyFile')!, 'utf8'),
        remote_dir: str('remoteDir'),
        host_key_sha256: str('hostKeySha256'),
        bucket: str('bucket'),
        prefix: str('prefix'),
        region: str('region'),
        endpoint: str('endpoint'),
        access_key_id: str('accessKeyId'),
        secret_access_key: str('secretAccessKey'),
      };
      if (!['hot_folder', 'sftp', 's3'].includes(String(input.type))) throw new AppError('bad_request', '--type must be hot_folder, sftp or s3');
      for (const k of Object.keys(input)) if (input[k] === undefined) delete input[k];
      await cli.withDeps(cli.getConfig(), async (deps) => {
        const t = await deps.delivery.targets.create(await scopeOf(deps, opts.store as string), input as unknown as CreateTargetInput);
        cli.emit(Boolean(opts.json), { ...t });
      });
    });

  targets
    .command('test')
    .description('Write a small test file to a target and remove it')
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--id <uuid>', 'target id')
    .option('--json', 'machine-readable output')
    .action(async (opts: { store: string; id: string; json?: boolean }) => {
      await cli.withDeps(cli.getConfig(), async (deps) => {
        const result = await deps.delivery.targets.test(await scopeOf(deps, opts.store), opts.id);
        cli.emit(Boolean(opts.json), { ...result });
        if (!result.ok) throw new AppError('unavailable', `the target refused the test file: ${result.error}`);
      });
    });

  const deliveries = program.command('deliveries').description("A store's deliveries to its targets");
  deliveries
    .command('list')
    .description("A store's latest deliveries, newest first")
    .requiredOption('--store <uuid>', 'store id')
    .option('--status <status>', 'pending, sending, delivered or failed')
    .option('--json', 'machine-readable output (one line per delivery)')
    .action(async (opts: { store: string; status?: string; json?: boolean }) => {
      if (opts.status !== undefined && !['pending', 'sending', 'delivered', 'failed'].includes(opts.status)) throw new AppError('bad_request', '--status must be pending, sending, delivered or failed');
      await cli.withDeps(cli.getConfig(), async (deps) => {
        const filter = opts.status ? { status: opts.status as 'failed' } : {};
        const page = await deps.delivery.deliveries.list(await scopeOf(deps, opts.store), filter, { limit: 100 }, pageOf(deps, '/v1/deliveries'));
        for (const d of page.rows) cli.emit(Boolean(opts.json), { ...d });
      });
    });

  deliveries
    .command('retry')
    .description('Deliver a failed delivery again')
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--id <uuid>', 'delivery id')
    .option('--json', 'machine-readable output')
    .action(async (opts: { store: string; id: string; json?: boolean }) => {
      await cli.withDeps(cli.getConfig(), async (deps) => {
        const d = await deps.delivery.deliveries.retry(await scopeOf(deps, opts.store), opts.id);
        cli.emit(Boolean(opts.json), { id: d.id, status: d.status, attempts: d.attempts, target_id: d.target_id });
      });
    });
}
