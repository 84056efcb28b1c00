import { verify as verifyStandard } from '../../webhooks/signature.js';
import { checkResponse, DESIGN_KEY, DESIGNS_KEY, designIdsOf, header, idText, normalizeBaseUrl, ShopCallError, type ShopAdapter, type ShopEvent } from './types.js';

/**
 * Medusa v2 (integrations/medusa, the Folio plugin): its subscriber posts `order.placed` and
 * `order.canceled` signed the Standard Webhooks way with the connection's secret, naming the
 * connection in `x-folio-integration`; the design is the line item's metadata
 * `_folio_design_id`. A shipment becomes a fulfilment of the line and its shipment with the
 * tracking label (Admin API, the secret API key in Basic auth).
 */
export function medusaAdapter(): ShopAdapter {
  return {
    type: 'medusa',
    topics: ['order.placed', 'order.canceled'],
    credentialFields: ['api_key'],
    normalizeShop: normalizeBaseUrl,
    delivery(headers) {
      const integration = header(headers, 'x-folio-integration');
      const id = header(headers, 'webhook-id');
      if (!integration || !id || !header(headers, 'webhook-signature') || !header(headers, 'webhook-timestamp')) return null;
      return { shop: null, integrationId: integration, topic: '', deliveryId: id };
    },
    verify(secret, headers, raw) {
      const h = { 'webhook-id': header(headers, 'webhook-id') ?? '', 'webhook-timestamp': header(headers, 'webhook-timestamp') ?? '', 'webhook-signature': header(headers, 'webhook-signature') ?? '' };
      // a plain secret signs with its own bytes; a `whsec_` one with the base64 key after the prefix
      const key = secret.startsWith('whsec_') ? secret : `whsec_${Buffer.from(secret, 'utf8').toString('base64')}`;
      return verifyStandard(key, h, raw.toString('utf8'));
    },
    parse(_topic, body): ShopEvent {
      const b = (body ?? {}) as { topic?: unknown; order?: Record<string, unknown> };
      const order = b.order ?? {};
      const orderId = idText(order.id);
      if (!orderId) return { kind: 'ignored', reason: 'the order has no id' };
      const orderName = `#${idText(order.display_id) ?? orderId}`;
      if (b.topic === 'order.canceled') return { kind: 'cancel', orderId, orderName };
      if (b.topic !== 'order.placed') return { kind: 'ignored', reason: `Folio does not act on ${String(b.topic)}` };
      const items = Array.isArray(order.items) ? (order.items as Array<Record<string, unknown>>) : [];
      const lines = items.flatMap((li) => {
        const meta = (li.metadata ?? {}) as Record<string, unknown>;
        const id = idText(li.id);
        if ((!(DESIGN_KEY in meta) && !(DESIGNS_KEY in meta)) || !id) return [];
        return [{ lineItemId: id, designIds: designIdsOf(meta[DESIGN_KEY], meta[DESIGNS_KEY]), quantity: Math.max(1, Number(li.quantity) || 1), title: String(li.title ?? li.product_title ?? 'Item') }];
      });
      return { kind: 'receive', orderId, orderName, lines };
    },
    async fulfil(http, shop, line) {
      const key = shop.secrets.api_key;
      if (!key) throw new ShopCallError('the Medusa connection has no api_key: connect the store again with a secret API key', false);
      const headers = { authorization: `Basic ${Buffer.from(`${key}:`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' };
      const base = `${shop.shop}/admin/orders/${encodeURIComponent(line.orderId)}`;
      const items = [{ id: line.lineItemId, quantity: line.quantity }];
      // Medusa (2.21) answers the order without its fulfilments unless the fields ask for them
      const made = await http(`${base}/fulfillments?fields=id,*fulfillments,*fulfillments.items`, { method: 'POST', headers, body: JSON.stringify({ items }) });
      checkResponse('creating the fulfilment', made);
      const order = (JSON.parse(made.body.toString('utf8')) as { order?: { fulfillments?: Array<{ id: string; created_at?: string; items?: Array<{ line_item_id?: string }>; shipped_at?: string | null }> } }).order;
      const mine = (order?.fulfillments ?? []).filter((f) => !f.shipped_at && (f.items ?? []).some((i) => i.line_item_id === line.lineItemId));
      const fulfillment = mine.sort((a, b) => String(b.created_at ?? '').localeCompare(String(a.created_at ?? '')))[0];
      if (!fulfillment) throw new ShopCallError('Medusa made no fulfilment for the line', false);
      const labels = line.tracking ? [{ tracking_number: line.tracking.number, tracking_url: line.tracking.url ?? '', label_url: line.tracking.url ?? '' }] : [];
      checkResponse('creating the shipment', await http(`${base}/fulfillments/${encodeURIComponent(fulfillment.id)}/shipments`, { method: 'POST', headers, body: JSON.stringify({ items, labels }) }));
      return `fulfilment ${fulfillment.id} shipped`;
    },
  };
}
