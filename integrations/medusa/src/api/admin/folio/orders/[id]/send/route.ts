/**
 * POST /admin/folio/orders/{id}/send — sends an order to Folio again, for when Folio could not
 * be reached while the plugin retried (the Medusa log says "not delivered"). Body, optional:
 * {"topic": "order.placed" | "order.canceled"}; without it, what the order's status says.
 * Admin authentication (a user or a secret API key), as every /admin route. Folio makes one
 * project per order line, so sending an order it already has changes nothing.
 */
import type { MedusaRequest, MedusaResponse } from '@medusajs/framework/http';
import type { FolioTopic } from '../../../../../../lib/folio-webhook';
import { sendOrder } from '../../../../../../lib/send-order';

const TOPICS: FolioTopic[] = ['order.placed', 'order.canceled'];

export async function POST(req: MedusaRequest<{ topic?: string }>, res: MedusaResponse): Promise<void> {
  const topic = (req.body as { topic?: string } | undefined)?.topic;
  if (topic !== undefined && !TOPICS.includes(topic as FolioTopic)) {
    res.status(400).json({ type: 'invalid_data', message: `topic must be one of ${TOPICS.join(', ')}` });
    return;
  }
  const id = req.params.id as string;
  const outcome = await sendOrder(req.scope, undefined, id, topic as FolioTopic | undefined, String(Date.now()));
  if (!outcome.found) {
    res.status(404).json({ type: 'not_found', message: `Order with id: ${id} was not found` });
    return;
  }
  const r = outcome.result;
  res.status(r && !r.ok ? 502 : 200).json({
    order_id: id,
    personalised_lines: outcome.lines,
    sent: r !== null,
    delivered: r?.ok ?? false,
    folio_status: r?.status ?? null,
    attempts: r?.attempts ?? 0,
    folio: r?.body ?? null,
    error: r?.error ?? null,
  });
}
