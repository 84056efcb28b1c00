/**
 * order.placed and order.canceled → Folio. Reads the order's lines, and when at least one
 * carries a Folio design (line item metadata `_folio_design_id`), posts the order to Folio's
 * intake, signed, with retries. Folio makes one print project per personalised line
 * (order.placed) or cancels them (order.canceled); plain lines are left alone.
 */
import type { SubscriberArgs, SubscriberConfig } from '@medusajs/framework';
import { ContainerRegistrationKeys } from '@medusajs/framework/utils';
import { deliver, personalisedLines, readOptions, type FolioTopic, type OrderLine, type OrderPayload } from '../lib/folio-webhook';
import { findPluginOptions } from '../lib/plugin-options';

type QueriedOrder = Omit<OrderPayload, 'items'> & { items?: (Omit<OrderLine, 'quantity'> & { quantity?: unknown; detail?: { quantity?: unknown } })[] };

interface Logger {
  info(message: string): void;
  warn(message: string): void;
  error(message: string): void;
}

export default async function folioOrderHandler({ event, container, pluginOptions }: SubscriberArgs<{ id: string }>): Promise<void> {
  const logger = container.resolve(ContainerRegistrationKeys.LOGGER) as Logger;
  const topic = event.name as FolioTopic;
  const configModule = container.resolve(ContainerRegistrationKeys.CONFIG_MODULE) as { plugins?: Parameters<typeof findPluginOptions>[1] };
  const options = readOptions(findPluginOptions(pluginOptions, configModule.plugins));
  const query = container.resolve(ContainerRegistrationKeys.QUERY);
  const { data } = await query.graph({
    entity: 'order',
    // an order line's quantity lives in its detail row: asked for, it fills items.quantity too
    fields: ['id', 'display_id', 'items.id', 'items.title', 'items.quantity', 'items.metadata', 'items.detail.quantity'],
    filters: { id: event.data.id },
  });
  const order = data[0] as QueriedOrder | undefined;
  if (!order) {
    logger.warn(`Folio: order ${event.data.id} not found for ${topic}`);
    return;
  }
  const items = (order.items ?? []).map(({ detail, ...i }) => ({ ...i, quantity: quantityOf(i.quantity ?? detail?.quantity) }));
  const lines = personalisedLines(items);
  if (lines.length === 0) return;
  const result = await deliver(options, topic, { ...order, items }, (m) => logger.warn(m));
  if (result.ok) {
    logger.info(`Folio: ${topic} of order ${order.id} delivered (${lines.length} personalised line(s), attempt ${result.attempts})`);
  } else {
    logger.error(`Folio: ${topic} of order ${order.id} not delivered after ${result.attempts} attempt(s): ${result.status ?? result.error} ${JSON.stringify(result.body)}`);
  }
}

/** A quantity as Medusa hands it: a number, a numeric string, or a BigNumber (valueOf, raw value). */
function quantityOf(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string') return Number(v);
  if (v && typeof v === 'object') {
    const raw = (v as { value?: unknown }).value;
    return raw !== undefined ? Number(raw) : Number(v.valueOf());
  }
  return Number.NaN;
}

export const config: SubscriberConfig = {
  event: ['order.placed', 'order.canceled'],
  context: { subscriberId: 'folio-orders' },
};
