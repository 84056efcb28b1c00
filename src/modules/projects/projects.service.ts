import { randomInt } from 'node:crypto';
import type { Static } from '@sinclair/typebox';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import type { EventBus } from '../../platform/events.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { mapDbErrors } from '../../platform/db/errors.js';
import { DocService, type DocKind } from '../documents/doc.service.js';
import type { DocRow } from '../documents/doc.repo.js';
import { iso } from '../../platform/http/resource.js';
import type { OrderState, Project } from './projects.schemas.js';

export type ProjectJson = Static<typeof Project>;

const DEFAULTS = { status: 'processing', note: null, quantity: 1, external_ref: null, tracking: null, locked_at: null, state_changed_at: null };
const CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** An order reference a person can read out: no 0/O, 1/I; 32^8 ≈ 10^12 values. */
export function newProjectCode(): string {
  let s = 'P-';
  for (let i = 0; i < 8; i++) s += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return s;
}

type ExternalRefJson = { source: string; order_id: string; line_item_id?: string | null };

/** A shop's order (`?external_order=` and the `external_order` column): `<source>:<order id>`. */
export function externalOrder(ref: { source: string; order_id: string }): string {
  return `${ref.source}:${ref.order_id}`;
}

/** The unique key of a shop's order line in a store (the `external_key` column). */
export function externalKey(ref: ExternalRefJson): string {
  return JSON.stringify([ref.source, ref.order_id, ref.line_item_id ?? null]);
}

const stateOf = (doc: Record<string, unknown>) => (doc.state as OrderState | undefined) ?? 'draft';

/** Fields an order keeps once it has left draft (its status follows its state). */
const FIXED_AFTER_DRAFT = ['status', 'quantity', 'external_ref'] as const;

export const projectKind: DocKind<ProjectJson> = {
  table: 'projects',
  topic: 'projects',
  noun: 'Project',
  prepare(_storeId, body, existing) {
    if (existing) {
      const state = stateOf(existing);
      if (state !== 'draft') {
        const changed = FIXED_AFTER_DRAFT.filter((k) => body[k] !== undefined && JSON.stringify(body[k]) !== JSON.stringify(existing[k] ?? (DEFAULTS as Record<string, unknown>)[k]));
        if (changed.length) {
          throw new AppError('conflict', `the order is ${state}: ${changed.join(', ')} can no longer change (the status follows the state: POST /v1/projects/{id}/transitions)`, {
            fields: Object.fromEntries(changed.map((k) => [k, [`fixed once the order left draft (state ${state})`]])),
            details: { state },
          });
        }
      }
      if (existing.external_ref && body.external_ref !== undefined && JSON.stringify(body.external_ref) !== JSON.stringify(existing.external_ref)) {
        throw AppError.field('external_ref', "is fixed once set: it names the shop's order line");
      }
    }
    const doc = { ...DEFAULTS, ...(existing ?? {}), ...body } as Record<string, unknown>;
    doc.code ??= newProjectCode();
    doc.state = stateOf(doc);
    const ref = doc.external_ref as ExternalRefJson | null;
    if (ref) doc.external_ref = { source: ref.source, order_id: ref.order_id, line_item_id: ref.line_item_id ?? null };
    const keys = ref ? { external_key: externalKey(ref), external_order: externalOrder(ref) } : { external_key: null, external_order: null };
    const links = existing ? (ref && !existing.external_ref ? keys : {}) : { state: 'draft', ...keys };
    return Promise.resolve({ name: doc.name as string, status: doc.status as string, parentId: null, doc, links });
  },
  toJson(row, doc) {
    return {
      ...DEFAULTS,
      ...doc,
      id: row.id,
      name: row.name,
      status: row.status,
      state: row.state ?? stateOf(doc),
      code: doc.code,
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
      snapshot_version: undefined,
      held_from: undefined,
    } as unknown as ProjectJson;
  },
};

/**
 * Projects (orders): the document service over the `projects` kind; designs link to them. A
 * create naming a shop's order line (`external_ref`) that the store already has answers that
 * project instead of a second one (a retried order webhook changes nothing).
 */
export class ProjectsService extends DocService<ProjectJson> {
  constructor(
    private readonly database: Db,
    events: EventBus,
  ) {
    super(database, events, projectKind);
  }

  /** The store's project (deleted ones too) for a shop's order line, or null. */
  async byExternalRef(storeId: string, ref: ExternalRefJson, db: DbOrTx = this.database): Promise<DocRow | null> {
    return ((await db.selectFrom('projects').selectAll().where('store_id', '=', storeId).where('external_key', '=', externalKey(ref)).executeTakeFirst()) as DocRow | undefined) ?? null;
  }

  /** The store's live projects of one shop order (`external_order`): its lines, with their states. */
  async byExternalOrder(storeId: string, ref: { source: string; order_id: string }, db: DbOrTx = this.database): Promise<Array<{ id: string; state: string }>> {
    return db.selectFrom('projects').select(['id', 'state']).where('store_id', '=', storeId).where('external_order', '=', externalOrder(ref)).where('deleted_at', 'is', null).execute();
  }

  override async create(actor: Actor, storeId: string, body: Record<string, unknown>): Promise<ProjectJson> {
    const ref = body.external_ref as ExternalRefJson | null | undefined;
    if (!ref) return super.create(actor, storeId, body);
    const found = await this.byExternalRef(storeId, ref);
    if (found) return this.json(found);
    try {
      return await super.create(actor, storeId, body);
    } catch (err) {
      // two deliveries of one order at once: the unique key let one in; the other answers it
      const again = await this.byExternalRef(storeId, ref);
      if (again) return this.json(again);
      throw err;
    }
  }

  override createBatch(actor: Actor, storeId: string, items: Array<Record<string, unknown>>): Promise<ProjectJson[]> {
    return mapDbErrors(() => super.createBatch(actor, storeId, items), lineTaken);
  }

  override update(actor: Actor, storeId: string, id: string, body: Record<string, unknown>): Promise<ProjectJson> {
    return mapDbErrors(() => super.update(actor, storeId, id, body), lineTaken);
  }

  override updateBatch(actor: Actor, storeId: string, items: Array<Record<string, unknown> & { id: string }>): Promise<ProjectJson[]> {
    return mapDbErrors(() => super.updateBatch(actor, storeId, items), lineTaken);
  }
}

/** Another project of the store already is that order line (a batch naming it, or a PUT giving it). */
const lineTaken = () => new AppError('conflict', "another project of this store already is that shop order line (external_ref): create it alone to get that project back", { fields: { external_ref: ['already the order line of another project'] } });

export function createProjectsService(db: Db, events: EventBus): ProjectsService {
  return new ProjectsService(db, events);
}
