import { AsyncLocalStorage } from 'node:async_hooks';
import '@shopify/shopify-api/adapters/node';
import { ApiVersion, GraphqlQueryError, HttpResponseError, HttpRetriableError, LogSeverity, shopifyApi } from '@shopify/shopify-api';
import { setAbstractFetchFunc } from '@shopify/shopify-api/runtime';
import { base64HmacMatches, DESIGN_KEY, DESIGNS_KEY, designIdsOf, header, idText, ShopCallError, type ConnectedShop, type ShopAdapter, type ShopEvent, type ShopHttp, type ShippedLine } from './types.js';

/**
 * Shopify: webhooks signed with the app's client secret (`X-Shopify-Hmac-Sha256`, base64
 * HMAC-SHA256 of the raw body), routed by `X-Shopify-Topic`, deduplicated by
 * `X-Shopify-Webhook-Id`; the design rides on the line as the hidden property
 * `_folio_design_id`. A shipment becomes a fulfilment on the order's fulfilment orders
 * (Admin GraphQL `fulfillmentCreate`), sent by Shopify's own client.
 */
export const SHOPIFY_API_VERSION = ApiVersion.October25;

/** The client's requests go through the fetch of the call that made them (Folio's safe fetcher), not a global one. */
type FetchLike = (url: string, init?: RequestInit) => Promise<Response>;
const callFetch = new AsyncLocalStorage<FetchLike>();
setAbstractFetchFunc(((url: string, init?: RequestInit) => {
  const f = callFetch.getStore();
  if (!f) throw new Error('Shopify calls are made inside shopifyAdapter.fulfil only');
  return f(url, init);
}) as never);

const FULFILLMENT_ORDERS = `query FolioFulfillmentOrders($id: ID!) {
  order(id: $id) {
    fulfillmentOrders(first: 50) {
      nodes { id status lineItems(first: 250) { nodes { id remainingQuantity lineItem { id } } } }
    }
  }
}`;

const FULFILLMENT_CREATE = `mutation FolioFulfillmentCreate($fulfillment: FulfillmentInput!, $message: String) {
  fulfillmentCreate(fulfillment: $fulfillment, message: $message) {
    fulfillment { id status }
    userErrors { field message }
  }
}`;

interface FoNode {
  id: string;
  status: string;
  lineItems: { nodes: Array<{ id: string; remainingQuantity: number; lineItem: { id: string } }> };
}

/** A fetch over ShopHttp: the Admin API origin may be replaced (FOLIO_SHOPIFY_ADMIN_ORIGIN). */
function fetchVia(http: ShopHttp, adminOrigin: string | null): FetchLike {
  return async (url, init) => {
    const target = new URL(url);
    if (adminOrigin) {
      const o = new URL(adminOrigin);
      target.protocol = o.protocol;
      target.host = o.host;
    }
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((v, k) => (headers[k] = v));
    const res = await http(target.toString(), { method: 'POST', headers, body: typeof init?.body === 'string' ? init.body : '' });
    return new Response(res.body.length ? new Uint8Array(res.body) : null, { status: res.status, headers: res.contentType ? { 'content-type': res.contentType } : {} });
  };
}

function callError(err: unknown): ShopCallError {
  if (err instanceof ShopCallError) return err;
  if (err instanceof HttpRetriableError) return new ShopCallError(`Shopify answered ${err.response.code}: ${err.message}`, true);
  if (err instanceof HttpResponseError) return new ShopCallError(`Shopify answered ${err.response.code}: ${err.message}`, err.response.code === 429 || err.response.code >= 500);
  if (err instanceof GraphqlQueryError) return new ShopCallError(`Shopify refused the query: ${err.message}`, false);
  return new ShopCallError(`Shopify could not be reached: ${(err as Error).message}`, true);
}

export function shopifyAdapter(opts: { adminOrigin: string | null }): ShopAdapter {
  return {
    type: 'shopify',
    topics: ['orders/paid', 'orders/cancelled', 'app/uninstalled'],
    credentialFields: ['access_token'],
    normalizeShop(input) {
      const shop = input.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/\/+$/, '');
      return /^[a-z0-9][a-z0-9-]{0,62}\.myshopify\.com$/.test(shop) ? { shop } : { problem: 'must be the shop\'s myshopify.com domain, e.g. folio-demo.myshopify.com' };
    },
    delivery(headers) {
      const shop = header(headers, 'x-shopify-shop-domain');
      const topic = header(headers, 'x-shopify-topic');
      const id = header(headers, 'x-shopify-webhook-id') ?? header(headers, 'x-shopify-event-id');
      if (!shop || !topic || !id) return null;
      return { shop: shop.trim().toLowerCase(), integrationId: null, topic, deliveryId: id };
    },
    verify: (secret, headers, raw) => base64HmacMatches(secret, raw, header(headers, 'x-shopify-hmac-sha256')),
    parse(topic, body): ShopEvent {
      const order = (body ?? {}) as Record<string, unknown>;
      if (topic === 'app/uninstalled') return { kind: 'uninstalled' };
      const orderId = idText(order.id, order.admin_graphql_api_id);
      if (topic !== 'orders/paid' && topic !== 'orders/cancelled') return { kind: 'ignored', reason: `Folio does not act on ${topic}` };
      if (!orderId) return { kind: 'ignored', reason: 'the order has no id' };
      const orderName = typeof order.name === 'string' ? order.name : `#${orderId}`;
      if (topic === 'orders/cancelled') return { kind: 'cancel', orderId, orderName };
      const items = Array.isArray(order.line_items) ? (order.line_items as Array<Record<string, unknown>>) : [];
      const lines = items.flatMap((li) => {
        const props = Array.isArray(li.properties) ? (li.properties as Array<{ name?: unknown; value?: unknown }>) : [];
        const prop = props.find((p) => p.name === DESIGN_KEY);
        const list = props.find((p) => p.name === DESIGNS_KEY);
        const id = idText(li.id, li.admin_graphql_api_id);
        if ((!prop && !list) || !id) return [];
        return [{ lineItemId: id, designIds: designIdsOf(prop?.value, list?.value), quantity: Math.max(1, Number(li.quantity) || 1), title: String(li.title ?? li.name ?? 'Item') }];
      });
      return { kind: 'receive', orderId, orderName, lines };
    },
    async fulfil(http: ShopHttp, shop: ConnectedShop, line: ShippedLine): Promise<string> {
      const token = shop.secrets.access_token;
      if (!token) throw new ShopCallError('the Shopify app is not installed on the shop yet (no Admin API token): open the connection\'s install_url from the shop, or connect again with access_token', false);
      const api = shopifyApi({
        apiKey: 'folio',
        apiSecretKey: shop.secrets.webhook_secret ?? 'unused',
        adminApiAccessToken: token,
        isCustomStoreApp: true,
        isEmbeddedApp: false,
        hostName: 'folio.invalid',
        apiVersion: SHOPIFY_API_VERSION,
        logger: { level: LogSeverity.Error, log: async () => {} },
      });
      const client = new api.clients.Graphql({ session: api.session.customAppSession(shop.shop) });
      return callFetch.run(fetchVia(http, opts.adminOrigin), async () => {
        try {
          const read = await client.request<{ order: { fulfillmentOrders: { nodes: FoNode[] } } | null }>(FULFILLMENT_ORDERS, { variables: { id: `gid://shopify/Order/${line.orderId}` } });
          if (!read.data?.order) throw new ShopCallError(`Shopify has no order ${line.orderId}`, false);
          const lineGid = `gid://shopify/LineItem/${line.lineItemId}`;
          const byOrder = read.data.order.fulfillmentOrders.nodes
            .filter((fo) => fo.status === 'OPEN' || fo.status === 'IN_PROGRESS')
            .map((fo) => ({ fulfillmentOrderId: fo.id, fulfillmentOrderLineItems: fo.lineItems.nodes.filter((n) => n.lineItem.id === lineGid && n.remainingQuantity > 0).map((n) => ({ id: n.id, quantity: n.remainingQuantity })) }))
            .filter((g) => g.fulfillmentOrderLineItems.length > 0);
          if (byOrder.length === 0) return `nothing left to fulfil for line ${line.lineItemId}`;
          const fulfillment = {
            lineItemsByFulfillmentOrder: byOrder,
            notifyCustomer: true,
            ...(line.tracking ? { trackingInfo: { number: line.tracking.number, ...(line.tracking.url ? { url: line.tracking.url } : {}), ...(line.tracking.company ? { company: line.tracking.company } : {}) } } : {}),
          };
          const made = await client.request<{ fulfillmentCreate: { fulfillment: { id: string } | null; userErrors: Array<{ field: string[] | null; message: string }> } }>(FULFILLMENT_CREATE, { variables: { fulfillment, message: line.note } });
          const out = made.data?.fulfillmentCreate;
          if (!out || out.userErrors.length > 0 || !out.fulfillment) throw new ShopCallError(`Shopify refused the fulfilment: ${out?.userErrors.map((e) => e.message).join('; ') ?? 'no answer'}`, false);
          return `fulfilment ${out.fulfillment.id}`;
        } catch (err) {
          throw callError(err);
        }
      });
    },
  };
}
