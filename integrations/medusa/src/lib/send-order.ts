/**
 * Reads an order through Medusa's query and, when at least one line carries a Folio design
 * (line item metadata `_folio_design_id`), posts it to Folio (signed, retried). Used by the
 * order subscriber and by the Admin route that sends an order again.
 */
import type { MedusaContainer } from '@medusajs/framework/types';
import { ContainerRegistrationKeys } from '@medusajs/framework/utils';
import { deliver, personalisedLines, readOptions, type DeliveryResult, type FolioTopic, type OrderLine, type OrderPayload } from './folio-webhook';
import { findPluginOptions } from './plugin-options';

type QueriedOrder = Omit<OrderPayload, 'items'> & {
  status?: string;
  items?: (Omit<OrderLine, 'quantity'> & { quantity?: unknown; detail?: { quantity?: unknown } })[];
};

interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export interface SendOutcome {
  found: boolean;
  status?: string;
  lines: number;
  result: DeliveryResult | null;
}

/** A quantity as Medusa hands it: a number, a numeric string, or a BigNumber (valueOf, raw value). */
export function quantityOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  if (v && typeof v === 'object') {
    const raw = (v as { value?: unknown }).value;
    return raw !== undefined ? Number(raw) : Number(v.valueOf());
  }
  return Number.NaN;
}

/** topic: the event to send, or `undefined` for what the order's status says (canceled or placed). */
export async function sendOrder(
  container: MedusaContainer,
  given: Record<string, unknown> | undefined,
  orderId: string,
  topic: FolioTopic | undefined,
  resend?: string,
): Promise<SendOutcome> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger;
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as { plugins?: Parameters<typeof findPluginOptions>[1] };
  const options = readOptions(findPluginOptions(given, configModule.plugins));
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: 'order',
    // an order line's quantity lives in its detail row: asked for, it fills items.quantity too
    fields: ['id', 'display_id', 'status', 'items.id', 'items.title', 'items.quantity', 'items.metadata', 'items.detail.quantity'],
    filters: { id: orderId },
  });
  const order = data[0] as QueriedOrder | undefined;
  if (!order) {
    logger.warn(`Folio: order ${orderId} not found`);
    return { found: false, lines: 0, result: null };
  }
  const what: FolioTopic = topic ?? (order.status === 'canceled' ? 'order.canceled' : 'order.placed');
  const items = (order.items ?? []).map(({ detail, ...i }) => ({ ...i, quantity: quantityOf(i.quantity ?? detail?.quantity) }));
  const lines = personalisedLines(items).length;
  if (lines === 0) return { found: true, status: order.status, lines, result: null };
  const { status: _status, ...payload } = order;
  const result = await deliver(options, what, { ...payload, items }, (m) => logger.warn(m), resend);
  if (result.ok) {
    logger.info(`Folio: ${what} of order ${order.id} delivered (${lines} personalised line(s), attempt ${result.attempts})`);
  } else {
    logger.error(`Folio: ${what} of order ${order.id} not delivered after ${result.attempts} attempt(s): ${result.status ?? result.error} ${JSON.stringify(result.body)}`);
  }
  return { found: true, status: order.status, lines, result };
}
