import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { IntegrationTypeName } from '../integrations.schemas.js';

/** A personalised line of a shop order: the design the shopper saved, carried as `_folio_design_id`. */
export interface ShopOrderLine {
  lineItemId: string;
  /** the designs of the line, one per side (`_folio_design_ids`, else `_folio_design_id`); empty: none valid */
  designIds: string[];
  quantity: number;
  title: string;
}

/** What a shop's webhook asks Folio to do, in Folio's words. */
export type ShopEvent =
  | { kind: 'receive'; orderId: string; orderName: string; lines: ShopOrderLine[] }
  | { kind: 'cancel'; orderId: string; orderName: string }
  | { kind: 'uninstalled' }
  | { kind: 'ignored'; reason: string };

/** What a webhook's headers say: which shop (or integration), which topic, which delivery. */
export interface Delivery {
  /** the shop as the connection stores it (normalised), or null when the request names the integration */
  shop: string | null;
  integrationId: string | null;
  topic: string;
  /** the shop's id of this delivery, the same on every retry */
  deliveryId: string;
}

/** The shipped line Folio tells the shop about. */
export interface ShippedLine {
  orderId: string;
  lineItemId: string;
  quantity: number;
  tracking: { number: string; url: string | null; company: string | null } | null;
  /** a note for the shop's order (the project code and what shipped) */
  note: string;
  /** every Folio line of the order has shipped */
  orderComplete: boolean;
}

/** The shop's answer to an outbound call. */
export interface ShopResponse {
  status: number;
  body: Buffer;
  contentType: string | null;
}

/** Outbound HTTP to a shop: Folio's safe fetcher (POST/PUT with a JSON body). */
export type ShopHttp = (url: string, init: { method: 'POST' | 'PUT'; headers: Record<string, string>; body: string }) => Promise<ShopResponse>;

export interface ConnectedShop {
  shop: string;
  secrets: Record<string, string>;
}

/** One shop platform: how its webhooks are read and checked, and how Folio reports a shipment to it. */
export interface ShopAdapter {
  readonly type: IntegrationTypeName;
  /** the webhook topics to subscribe (shown on the connection) */
  readonly topics: readonly string[];
  /** the connection's `shop`, normalised; a string says what is wrong with it */
  normalizeShop(input: string): { shop: string } | { problem: string };
  /** the API credentials the type needs besides the webhook secret */
  readonly credentialFields: readonly string[];
  /** null: the headers lack what the shop always sends (the request is refused as unsigned) */
  delivery(headers: IncomingHttpHeaders): Delivery | null;
  verify(secret: string, headers: IncomingHttpHeaders, raw: Buffer): boolean;
  parse(topic: string, body: unknown): ShopEvent;
  /** tells the shop a line shipped; answers what was done, throws ShopCallError on failure */
  fulfil(http: ShopHttp, shop: ConnectedShop, line: ShippedLine): Promise<string>;
}

/** A shop refused or failed a call: `retry` when trying again later may succeed (5xx, 429, network). */
export class ShopCallError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message);
    this.name = 'ShopCallError';
  }
}

export function header(headers: IncomingHttpHeaders, name: string): string | null {
  const v = headers[name.toLowerCase()];
  const s = Array.isArray(v) ? v[0] : v;
  return typeof s === 'string' && s.length > 0 ? s : null;
}

/** Constant-time check of a base64 HMAC-SHA256 of `raw` (Shopify's and WooCommerce's scheme). */
export function base64HmacMatches(secret: string, raw: Buffer, given: string | null): boolean {
  if (!given) return false;
  const expected = createHmac('sha256', secret).update(raw).digest();
  let got: Buffer;
  try {
    got = Buffer.from(given, 'base64');
  } catch {
    return false;
  }
  return got.length === expected.length && timingSafeEqual(got, expected);
}

/** The design id on a line, when it is one (a UUID); anything else is not a Folio design. */
export function designIdOf(value: unknown): string | null {
  return typeof value === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value.trim()) ? value.trim().toLowerCase() : null;
}

export const DESIGN_KEY = '_folio_design_id';
/** a product with several sides: every side's design, comma-separated (the first is also DESIGN_KEY) */
export const DESIGNS_KEY = '_folio_design_ids';

/** The designs a line carries: the comma-separated list when there is one, else the single id; only UUIDs. */
export function designIdsOf(single: unknown, list: unknown): string[] {
  const raw = typeof list === 'string' && list.trim() ? list.split(',') : [single];
  const ids = raw.map(designIdOf).filter((x): x is string => x !== null);
  return [...new Set(ids)].slice(0, 20);
}

/** The id as text: Shopify's numbers pass 2^53, so its gid (exact) wins over the number. */
export function idText(id: unknown, gid?: unknown): string | null {
  if (typeof gid === 'string') {
    const m = /\/(\d+)$/.exec(gid);
    if (m) return m[1]!;
  }
  if (typeof id === 'string' && id.length > 0) return id;
  if (typeof id === 'number' && Number.isFinite(id)) return String(id);
  return null;
}

/** A shop's answer as an error: 429 and 5xx are worth a retry, other statuses are not. */
export function checkResponse(what: string, res: ShopResponse): void {
  if (res.status >= 200 && res.status < 300) return;
  const text = res.body.toString('utf8').slice(0, 300);
  throw new ShopCallError(`${what}: the shop answered ${res.status}${text ? ` (${text})` : ''}`, res.status === 429 || res.status >= 500);
}

/** A base URL of a shop (WooCommerce, Medusa): http(s), no credentials, query or fragment; kept without a trailing slash. */
export function normalizeBaseUrl(input: string): { shop: string } | { problem: string } {
  let u: URL;
  try {
    u = new URL(input.trim());
  } catch {
    return { problem: 'must be the shop\'s URL, e.g. https://shop.example.com' };
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return { problem: 'must be an http(s) URL' };
  if (u.username || u.password || u.search || u.hash) return { problem: 'must be a plain URL (no credentials, query or fragment)' };
  return { shop: `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`.toLowerCase() };
}
