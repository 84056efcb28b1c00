/**
 * Posting an order to Folio's intake, POST {folioUrl}/v1/integrations/medusa/webhooks, signed
 * the Standard Webhooks way (webhook-id, webhook-timestamp, webhook-signature
 * "v1,<base64 HMAC-SHA256(key, `${id}.${timestamp}.${body}`)>") plus x-folio-integration.
 * Plain Node (crypto, fetch): nothing here depends on Medusa, so it is tested on its own.
 */
import { createHmac } from 'node:crypto';

export const DESIGN_KEY = '_folio_design_id';
/** A product with several sides: all its designs, comma-separated (the first is also DESIGN_KEY). */
export const DESIGNS_KEY = '_folio_design_ids';
export const PREVIEW_KEY = '_folio_preview_url';

export type FolioTopic = 'order.placed' | 'order.canceled';

export interface FolioPluginOptions {
  /** Folio's base URL, e.g. https://folio.example.com */
  folioUrl: string;
  /** The id Folio gave the integration when the store connected it. */
  integrationId: string;
  /** The webhook secret given to Folio when connecting (UTF-8, or whsec_<base64>). */
  webhookSecret: string;
  /** Attempts after the first one (default 5). */
  retries?: number;
  /** Wait before the first retry, doubled each time (default 1000 ms). */
  retryDelayMs?: number;
  /** Time allowed for one attempt (default 10000 ms). */
  timeoutMs?: number;
}

export interface OrderLine {
  id: string;
  title?: string | null;
  quantity: number;
  metadata?: Record<string, unknown> | null;
}

export interface OrderPayload {
  id: string;
  display_id?: number | null;
  items: OrderLine[];
}

export interface DeliveryResult {
  ok: boolean;
  status: number | null;
  attempts: number;
  body: unknown;
  error?: string;
}

/** Checks the options given in medusa-config; throws a message naming what is wrong. */
export function readOptions(raw: Record<string, unknown> | undefined): Required<FolioPluginOptions> {
  const o = raw ?? {};
  const missing = ['folioUrl', 'integrationId', 'webhookSecret'].filter((k) => typeof o[k] !== 'string' || o[k] === '');
  if (missing.length > 0) throw new Error(`@folio/medusa-plugin: missing option(s) ${missing.join(', ')} in medusa-config`);
  const url = new URL(o.folioUrl as string);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error('@folio/medusa-plugin: folioUrl must be http(s)');
  const num = (k: string, d: number): number => (typeof o[k] === 'number' && Number.isFinite(o[k]) && (o[k] as number) >= 0 ? (o[k] as number) : d);
  return {
    folioUrl: (o.folioUrl as string).replace(/\/+$/, ''),
    integrationId: o.integrationId as string,
    webhookSecret: o.webhookSecret as string,
    retries: Math.floor(num('retries', 5)),
    retryDelayMs: num('retryDelayMs', 1000),
    timeoutMs: num('timeoutMs', 10_000),
  };
}

/** The HMAC key: the secret's UTF-8 bytes, or the base64 after "whsec_". */
export function signingKey(secret: string): Buffer {
  return secret.startsWith('whsec_') ? Buffer.from(secret.slice('whsec_'.length), 'base64') : Buffer.from(secret, 'utf8');
}

export function sign(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** Lines that carry a Folio design (the storefront put _folio_design_id or _folio_design_ids in their metadata). */
export function personalisedLines(items: OrderLine[]): OrderLine[] {
  const given = (v: unknown) => typeof v === 'string' && v.trim() !== '';
  return items.filter((item) => given(item.metadata?.[DESIGN_KEY]) || given(item.metadata?.[DESIGNS_KEY]));
}

export function webhookBody(topic: FolioTopic, order: OrderPayload): string {
  return JSON.stringify({
    topic,
    order: {
      id: order.id,
      display_id: order.display_id ?? null,
      items: order.items.map((i) => ({ id: i.id, title: i.title ?? null, quantity: i.quantity, metadata: i.metadata ?? {} })),
    },
  });
}

/**
 * One id per order and topic: a retry, or the same event delivered twice, reads as the same
 * message. A resend asked for by hand gets an id of its own (`resend`), so that Folio does not
 * take it for a delivery it has already seen; Folio still makes one project per order line.
 */
export function messageId(topic: FolioTopic, orderId: string, resend?: string): string {
  return `msg_medusa_${topic.replace('.', '_')}_${orderId}${resend ? `_resend_${resend}` : ''}`;
}

/** 408, 425, 429 and 5xx are worth another try; other 4xx answers will not change. */
function retryable(status: number): boolean {
  return status === 408 || status === 425 || status === 429 || status >= 500;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Posts the order, retrying network errors and retryable answers with exponential backoff.
 * Each attempt is signed afresh (a new timestamp), under the same message id.
 */
export async function deliver(
  options: Required<FolioPluginOptions>,
  topic: FolioTopic,
  order: OrderPayload,
  log: (message: string) => void = () => {},
  resend?: string,
): Promise<DeliveryResult> {
  const url = `${options.folioUrl}/v1/integrations/medusa/webhooks`;
  const id = messageId(topic, order.id, resend);
  const body = webhookBody(topic, order);
  let last: DeliveryResult = { ok: false, status: null, attempts: 0, body: null };
  for (let attempt = 1; attempt <= options.retries + 1; attempt++) {
    const timestamp = Math.floor(Date.now() / 1000);
    try {
      const res = await fetch(url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'webhook-id': id,
          'webhook-timestamp': String(timestamp),
          'webhook-signature': sign(options.webhookSecret, id, timestamp, body),
          'x-folio-integration': options.integrationId,
        },
        body,
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      last = { ok: res.ok, status: res.status, attempts: attempt, body: parsed };
      if (res.ok || !retryable(res.status)) return last;
      log(`Folio answered ${res.status} to ${topic} of order ${order.id} (attempt ${attempt})`);
    } catch (err) {
      last = { ok: false, status: null, attempts: attempt, body: null, error: (err as Error).message };
      log(`Folio could not be reached for ${topic} of order ${order.id} (attempt ${attempt}): ${(err as Error).message}`);
    }
    if (attempt <= options.retries) await wait(options.retryDelayMs * 2 ** (attempt - 1));
  }
  return last;
}
