/**
 * order.placed and order.canceled → Folio. Reads the order's lines, and when at least one
 * carries a Folio design (line item metadata `_folio_design_id`), posts the order to Folio's
 * intake, signed, with retries. Folio makes one print project per personalised line
 * (order.placed) or cancels them (order.canceled); plain lines are left alone.
 */
import type { SubscriberArgs, SubscriberConfig } from '@medusajs/framework';
import type { FolioTopic } from '../lib/folio-webhook';
import { sendOrder } from '../lib/send-order';

export default async function folioOrderHandler({ event, container, pluginOptions }: SubscriberArgs<{ id: string }>): Promise<void> {
  await sendOrder(container, pluginOptions, event.data.id, event.name as FolioTopic);
}

export const config: SubscriberConfig = {
  event: ['order.placed', 'order.canceled'],
  context: { subscriberId: 'folio-orders' },
};
