import { base64HmacMatches, checkResponse, DESIGN_KEY, DESIGNS_KEY, designIdsOf, header, idText, normalizeBaseUrl, ShopCallError, type ShopAdapter, type ShopEvent } from './types.js';

/** Order statuses that mean paid (make the projects) and those that end the order (cancel them). */
const PAID = new Set(['processing', 'completed']);
const ENDED = new Set(['cancelled', 'refunded', 'failed']);

/**
 * WooCommerce: webhooks signed with the webhook's secret (`X-WC-Webhook-Signature`, base64
 * HMAC-SHA256 of the raw body), the shop named by `X-WC-Webhook-Source`, deduplicated by
 * `X-WC-Webhook-Delivery-ID`; `order.created` and `order.updated` act on the order's status.
 * The Folio plugin keeps the design as the order item's meta `_folio_design_id`. A shipment
 * becomes an order note for the customer, and the order `completed` once every Folio line
 * has shipped (REST API v3, the key pair in Basic auth).
 */
export function wooCommerceAdapter(): ShopAdapter {
  return {
    type: 'woocommerce',
    topics: ['order.created', 'order.updated'],
    credentialFields: ['consumer_key', 'consumer_secret'],
    normalizeShop: normalizeBaseUrl,
    delivery(headers) {
      const source = header(headers, 'x-wc-webhook-source');
      const topic = header(headers, 'x-wc-webhook-topic');
      const id = header(headers, 'x-wc-webhook-delivery-id');
      if (!source || !topic || !id) return null;
      const shop = normalizeBaseUrl(source);
      return 'shop' in shop ? { shop: shop.shop, integrationId: null, topic, deliveryId: `${header(headers, 'x-wc-webhook-id') ?? ''}:${id}` } : null;
    },
    verify: (secret, headers, raw) => base64HmacMatches(secret, raw, header(headers, 'x-wc-webhook-signature')),
    parse(topic, body): ShopEvent {
      if (topic !== 'order.created' && topic !== 'order.updated') return { kind: 'ignored', reason: `Folio does not act on ${topic}` };
      const order = (body ?? {}) as Record<string, unknown>;
      const orderId = idText(order.id);
      if (!orderId) return { kind: 'ignored', reason: 'the order has no id' };
      const status = String(order.status ?? '');
      const orderName = `#${typeof order.number === 'string' || typeof order.number === 'number' ? String(order.number) : orderId}`;
      if (ENDED.has(status)) return { kind: 'cancel', orderId, orderName };
      if (!PAID.has(status)) return { kind: 'ignored', reason: `the order is ${status || 'without a status'}: Folio acts once it is processing` };
      const items = Array.isArray(order.line_items) ? (order.line_items as Array<Record<string, unknown>>) : [];
      const lines = items.flatMap((li) => {
        const meta = Array.isArray(li.meta_data) ? (li.meta_data as Array<{ key?: unknown; value?: unknown }>) : [];
        const m = meta.find((x) => x.key === DESIGN_KEY);
        const list = meta.find((x) => x.key === DESIGNS_KEY);
        const id = idText(li.id);
        if ((!m && !list) || !id) return [];
        return [{ lineItemId: id, designIds: designIdsOf(m?.value, list?.value), quantity: Math.max(1, Number(li.quantity) || 1), title: String(li.name ?? 'Item') }];
      });
      return { kind: 'receive', orderId, orderName, lines };
    },
    async fulfil(http, shop, line) {
      const { consumer_key: key, consumer_secret: secret } = shop.secrets;
      if (!key || !secret) throw new ShopCallError('the WooCommerce connection has no REST keys: connect the store again with consumer_key and consumer_secret', false);
      const headers = { authorization: `Basic ${Buffer.from(`${key}:${secret}`).toString('base64')}`, 'content-type': 'application/json', accept: 'application/json' };
      const base = `${shop.shop}/wp-json/wc/v3/orders/${encodeURIComponent(line.orderId)}`;
      const tracking = line.tracking ? ` Tracking: ${[line.tracking.company, line.tracking.number].filter(Boolean).join(' ')}${line.tracking.url ? ` (${line.tracking.url})` : ''}.` : '';
      checkResponse('adding the order note', await http(`${base}/notes`, { method: 'POST', headers, body: JSON.stringify({ note: `${line.note}${tracking}`, customer_note: true }) }));
      if (!line.orderComplete) return 'order note added';
      checkResponse('completing the order', await http(base, { method: 'PUT', headers, body: JSON.stringify({ status: 'completed' }) }));
      return 'order note added; order completed';
    },
  };
}
