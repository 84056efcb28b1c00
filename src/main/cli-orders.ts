import type { Command } from 'commander';
import type { Config } from '../config/index.js';
import { AppError } from '../platform/http/errors.js';
import { ORDER_STATES, type OrderState } from '../modules/projects/projects.schemas.js';
import type { Mover } from '../modules/orders/index.js';
import type { Deps } from './deps.js';

interface OrderCli {
  withDeps<T>(work: (deps: Deps) => Promise<T>): Promise<T>;
  emit(json: boolean, value: Record<string, unknown>): void;
  out(line: string): void;
}

/** The store's owner acting from the server's shell: recorded as `system` with the id `cli`. */
async function cliMover(deps: Deps, storeId: string): Promise<Mover> {
  const store = await deps.stores.resolveById(storeId);
  if (!store) throw new AppError('not_found', `Can't find store with id: ${storeId}`);
  return { type: 'system', id: 'cli', accountId: store.ownerId };
}

/** `folio order …`: the order lifecycle from the server's shell (docs/orders.md, docs/operations.md). */
export function orderCommands(program: Command, cli: OrderCli, _config: () => Config): void {
  const order = program.command('order').description('Move orders through their lifecycle and read their history and files');
  order
    .command('transition')
    .description('Move an order to another state (as the API’s POST /projects/{id}/transitions; recorded as system/cli)')
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--project <uuid>', 'project (order) id')
    .requiredOption('--to <state>', ORDER_STATES.join(', '))
    .option('--note <text>', 'why, kept in the history')
    .option('--json', 'machine-readable output')
    .action(async (opts: { store: string; project: string; to: string; note?: string; json?: boolean }) => {
      if (!(ORDER_STATES as readonly string[]).includes(opts.to)) throw new AppError('bad_request', `--to must be one of ${ORDER_STATES.join(', ')}`);
      await cli.withDeps(async (deps) => {
        const p = await deps.orders.transition(await cliMover(deps, opts.store), opts.store, opts.project, opts.to as OrderState, opts.note ?? null);
        cli.emit(Boolean(opts.json), { id: p.id, code: p.code, state: p.state, status: p.status, allowed_transitions: p.allowed_transitions });
      });
    });
  order
    .command('history')
    .description("An order's moves, oldest first")
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--project <uuid>', 'project (order) id')
    .option('--json', 'machine-readable output (one object per line)')
    .action(async (opts: { store: string; project: string; json?: boolean }) => {
      await cli.withDeps(async (deps) => {
        for (const h of await deps.orders.history(opts.store, opts.project)) {
          if (opts.json) cli.out(JSON.stringify(h));
          else cli.out(`${h.at}  ${h.from ?? '-'} → ${h.to}  by ${h.actor.type}${h.actor.id ? `:${h.actor.id}` : ''}${h.note ? `  "${h.note}"` : ''}`);
        }
      });
    });
  order
    .command('files')
    .description("An order's print files and proofs")
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--project <uuid>', 'project (order) id')
    .option('--json', 'machine-readable output (one object per line)')
    .action(async (opts: { store: string; project: string; json?: boolean }) => {
      await cli.withDeps(async (deps) => {
        for (const f of await deps.orders.files(opts.store, opts.project)) {
          if (opts.json) cli.out(JSON.stringify(f));
          else cli.out(`${f.kind}  ${f.name}  ${f.status}${f.url ? `  ${f.url}` : ''}`);
        }
      });
    });

  const batch = program.command('batch').description('Production batches: approved orders imposed or gang-nested together (docs/orders.md)');
  batch
    .command('create')
    .description('Group approved orders into one imposition or gang sheet and move them to in_production')
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--kind <kind>', 'imposition or gang_sheet')
    .option('--product <uuid>', "the store's approved orders of this product")
    .option('--projects <uuids>', 'these approved orders, comma-separated')
    .option('--sheet <preset>', 'imposition: sra3, a3_plus, 12x18 or 13x19', 'sra3')
    .option('--roll-width <mm>', 'gang sheet: the roll width in mm', '560')
    .option('--name <text>', 'printed in the slug line')
    .option('--json', 'machine-readable output')
    .action(async (opts: { store: string; kind: string; product?: string; projects?: string; sheet: string; rollWidth: string; name?: string; json?: boolean }) => {
      if (opts.kind !== 'imposition' && opts.kind !== 'gang_sheet') throw new AppError('bad_request', '--kind must be imposition or gang_sheet');
      const width = Number(opts.rollWidth);
      if (!(width > 0 && width <= 5080)) throw new AppError('bad_request', '--roll-width must be a length in mm from 1 to 5080');
      await cli.withDeps(async (deps) => {
        const body = {
          kind: opts.kind as 'imposition' | 'gang_sheet',
          ...(opts.name ? { name: opts.name } : {}),
          ...(opts.product ? { product_id: opts.product } : {}),
          ...(opts.projects ? { project_ids: opts.projects.split(',').map((p) => p.trim()) } : {}),
          ...(opts.kind === 'imposition' ? { imposition: { sheet: { preset: opts.sheet as 'sra3' } } } : { gang_sheet: { roll: { width, unit: 'mm' as const } } }),
        };
        const b = await deps.production.create(await cliMover(deps, opts.store), opts.store, body);
        cli.emit(Boolean(opts.json), { id: b.id, kind: b.kind, status: b.status, job_id: b.job_id, orders: b.orders.length });
      });
    });
  batch
    .command('printed')
    .description("Mark a batch printed: its orders move to printed")
    .requiredOption('--store <uuid>', 'store id')
    .requiredOption('--id <uuid>', 'batch id')
    .option('--json', 'machine-readable output')
    .action(async (opts: { store: string; id: string; json?: boolean }) => {
      await cli.withDeps(async (deps) => {
        const b = await deps.production.printed(await cliMover(deps, opts.store), opts.store, opts.id);
        cli.emit(Boolean(opts.json), { id: b.id, status: b.status, orders: b.orders.length });
      });
    });
}
