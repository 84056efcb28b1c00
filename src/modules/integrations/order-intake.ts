import type { Db } from '../../platform/db/index.js';
import type { Actor } from '../../platform/http/auth.js';
import { AppError } from '../../platform/http/errors.js';
import { nowIso } from '../../platform/http/resource.js';
import type { DocRow } from '../documents/doc.repo.js';
import type { DocService } from '../documents/doc.service.js';
import type { DesignJson } from '../designs/index.js';
import type { Mover, OrdersService } from '../orders/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { StoresService } from '../stores/index.js';
import type { IntegrationRow, IntegrationsRepo } from './integrations.repo.js';
import type { ShopEvent, ShopOrderLine } from './shops/types.js';

/** An order line's claim older than this (its worker died) is taken over by the next delivery. */
export const LINE_STALE_MS = 120_000;

/** The design fields a copy keeps (the rest is made again from the side: the snapshot of the side, the product). */
const COPIED = ['side_id', 'name', 'note', 'is_uploader', 'layers', 'viewport_width', 'viewport_height', 'preview_image_id', 'design_image_id'] as const;

export const SHOP_LABEL: Record<string, string> = { shopify: 'Shopify', woocommerce: 'WooCommerce', medusa: 'Medusa' };

/** Final states and those past the press: a cancellation in the shop no longer moves them. */
const NOT_CANCELLABLE = new Set(['cancelled', 'printed', 'shipped']);

/**
 * What a shop's order does in Folio. A paid order: one project per personalised line (its
 * `external_ref` names the line, so the same line never makes two), the shopper's design
 * copied into it, then `received` (the designs frozen, the print file or proof started). A
 * line whose design is not the store's goes `on_hold` with a note saying so. A cancelled
 * order cancels its projects that have not been printed. Each line is claimed first, so two
 * deliveries of one order (a retry, `order.created` and `order.updated` at once) never work
 * on the same line together.
 */
export class OrderIntake {
  constructor(
    private readonly deps: { db: Db; repo: IntegrationsRepo; projects: ProjectsService; designs: DocService<DesignJson>; orders: OrdersService; stores: StoresService },
  ) {}

  /** What the event did; `pending`: a line is being made by another worker right now (try again later, it may die). */
  async apply(row: IntegrationRow, event: ShopEvent): Promise<{ outcome: string; pending: boolean }> {
    if (event.kind !== 'receive') return { outcome: await this.applyOther(row, event), pending: false };
    const done: string[] = [];
    let pending = false;
    for (const line of event.lines) {
      const r = await this.receiveLine(row, event, line);
      pending ||= r.busy;
      done.push(r.outcome);
    }
    return { outcome: done.length ? done.join('; ') : 'no personalised line', pending };
  }

  private async applyOther(row: IntegrationRow, event: Exclude<ShopEvent, { kind: 'receive' }>): Promise<string> {
    switch (event.kind) {
      case 'cancel':
        return this.cancel(row, event.orderId, event.orderName);
      case 'uninstalled':
        await this.deps.db.transaction().execute(async (tx) => {
          await this.deps.repo.setStatus(row.id, 'uninstalled', nowIso(), tx);
          await this.deps.stores.setIntegration(row.store_id, row.type, tx, false);
        });
        return 'the shop uninstalled the app: its webhooks are refused until it is connected again';
      case 'ignored':
        return event.reason;
    }
  }

  private actor(row: IntegrationRow): Actor {
    return { kind: 'B', userId: row.account_id, storeId: row.store_id, tier: null, scopes: new Set(), principal: `store:${row.store_id}` };
  }

  private mover(row: IntegrationRow): Mover {
    return { type: 'system', id: null, accountId: row.account_id };
  }

  private async receiveLine(row: IntegrationRow, event: Extract<ShopEvent, { kind: 'receive' }>, line: ShopOrderLine): Promise<{ outcome: string; busy: boolean }> {
    const key = `line:${event.orderId}:${line.lineItemId}`;
    const claim = await this.deps.repo.claim(this.deps.db, { integration_id: row.id, key, topic: 'line', body: null, received_at: nowIso() }, LINE_STALE_MS);
    if (claim !== 'claimed') return { outcome: `line ${line.lineItemId}: ${claim === 'done' ? 'made before' : 'being made by another delivery'}`, busy: claim === 'busy' };
    try {
      const out = await this.makeLine(row, event, line);
      await this.deps.repo.handled(row.id, key, nowIso());
      return { outcome: out, busy: false };
    } catch (err) {
      await this.deps.repo.release(row.id, key).catch(() => undefined);
      throw err;
    }
  }

  private async makeLine(row: IntegrationRow, event: Extract<ShopEvent, { kind: 'receive' }>, line: ShopOrderLine): Promise<string> {
    const storeId = row.store_id;
    const shop = SHOP_LABEL[row.type] ?? row.type;
    const project = await this.deps.projects.create(this.actor(row), storeId, {
      name: `${event.orderName} · ${line.title}`.slice(0, 255),
      quantity: Math.min(line.quantity, 1_000_000),
      external_ref: { source: row.type, order_id: event.orderId, line_item_id: line.lineItemId },
    });
    if (project.state !== 'draft') return `line ${line.lineItemId}: project ${project.id} already ${project.state}`;
    const has = await this.deps.designs.all(storeId, { links: { project_id: project.id } }, 50);
    if (has.length !== line.designIds.length || has.length === 0) {
      // a copy cut short (its worker died between sides): made again whole
      for (const d of has) await this.deps.designs.delete(this.actor(row), storeId, d.id);
      const sources: Array<DocRow | null> = [];
      for (const id of line.designIds) sources.push(await this.deps.designs.rowOrNull(storeId, id));
      const missing = line.designIds.filter((_, i) => !sources[i]);
      if (line.designIds.length === 0 || missing.length > 0) {
        const why = line.designIds.length ? `the design ${missing.join(', ')} on this line is not a design of this store` : 'the line carries no valid design id';
        await this.deps.orders.transition(this.mover(row), storeId, project.id, 'on_hold', `Paid in ${shop} (order ${event.orderName}), but ${why}: attach a design to the project, then resume it`);
        return `line ${line.lineItemId}: project ${project.id} on hold (${why})`;
      }
      // one copy per side, in the order the line lists them (the print file's page order)
      for (const source of sources) {
        const doc = JSON.parse(source!.doc) as Record<string, unknown>;
        const body: Record<string, unknown> = { project_id: project.id };
        for (const f of COPIED) if (doc[f] !== undefined && doc[f] !== null) body[f] = doc[f];
        await this.deps.designs.create(this.actor(row), storeId, body);
      }
    }
    try {
      await this.deps.orders.transition(this.mover(row), storeId, project.id, 'received', `Paid in ${shop} (order ${event.orderName})`);
    } catch (err) {
      // another worker moved it first (a claim taken over from a slow one): what it did stands
      if (!(err instanceof AppError && err.code === 'conflict')) throw err;
    }
    return `line ${line.lineItemId}: project ${project.id} received`;
  }

  private async cancel(row: IntegrationRow, orderId: string, orderName: string): Promise<string> {
    const shop = SHOP_LABEL[row.type] ?? row.type;
    const projects = await this.deps.projects.byExternalOrder(row.store_id, { source: row.type, order_id: orderId });
    const out: string[] = [];
    for (const p of projects) {
      if (NOT_CANCELLABLE.has(p.state)) {
        out.push(`project ${p.id} is ${p.state}: not cancelled`);
        continue;
      }
      try {
        await this.deps.orders.transition(this.mover(row), row.store_id, p.id, 'cancelled', `Cancelled in ${shop} (order ${orderName})`);
        out.push(`project ${p.id} cancelled`);
      } catch (err) {
        if (!(err instanceof AppError && err.code === 'conflict')) throw err;
        out.push(`project ${p.id}: ${err.message}`);
      }
    }
    return out.length ? out.join('; ') : 'no project of that order';
  }
}
