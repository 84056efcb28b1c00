import { createHmac, randomBytes } from 'node:crypto';
import type { Signer } from '../../platform/crypto/signer.js';
import { safeEqual } from '../../platform/crypto/tokens.js';
import type { App } from '../../platform/http/app-type.js';
import { escapeHtml } from '../../platform/http/html.js';
import type { IntegrationsRepo } from './integrations.repo.js';
import type { IntegrationsService } from './integrations.service.js';
import { checkResponse, ShopCallError, type ShopHttp } from './shops/types.js';

/** What Folio asks the shop for: the order webhooks and marking lines fulfilled. */
export const SHOPIFY_SCOPES = 'read_orders,read_products,read_merchant_managed_fulfillment_orders,write_merchant_managed_fulfillment_orders';
/** How long the shop's sign-in may take between the redirect and its answer. */
const STATE_TTL_MS = 600_000;

const esc = escapeHtml;
const HEADERS = { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'", 'cache-control': 'no-store', 'referrer-policy': 'no-referrer', 'x-robots-tag': 'noindex' };

function page(title: string, text: string, link?: { href: string; label: string }): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;line-height:1.5;color:#1b1b1f}a{color:#1a5fd0}</style></head>
<body><main><h1>${esc(title)}</h1><p>${esc(text)}</p>${link ? `<p><a href="${esc(link.href)}">${esc(link.label)}</a></p>` : ''}</main></body></html>`;
}

/**
 * Shopify's signature of an app URL's query: HMAC-SHA256 (hex) with the client secret of
 * every parameter but `hmac` and `signature`, sorted by name, as `name=value` joined by `&`.
 */
export function shopifyQueryHmacMatches(secret: string, query: Record<string, string>): boolean {
  const given = query.hmac;
  if (!given) return false;
  const message = Object.keys(query)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  return safeEqual(createHmac('sha256', secret).update(message).digest('hex'), given);
}

/**
 * The app's install (Shopify's authorization code grant), so a merchant never handles a
 * token: the app's URL (`/integrations/shopify/install`, the connection's `install_url`)
 * sends the browser to the shop's consent page; the shop sends it back to
 * `/integrations/shopify/callback` with a code, which Folio trades for the Admin API token
 * (signature and state checked first) and keeps sealed on the connection.
 */
export function shopifyInstallPages(app: App, deps: { repo: IntegrationsRepo; service: IntegrationsService; signer: Signer; http: ShopHttp; adminOrigin: string | null; publicUrl: string }): void {
  const html = (reply: { code(n: number): unknown; headers(h: object): unknown; type(t: string): unknown; send(b: string): unknown }, status: number, body: string) => {
    reply.code(status);
    reply.headers(HEADERS);
    reply.type('text/html; charset=utf-8');
    return reply.send(body);
  };
  const connection = async (shop: string | undefined) => {
    const norm = deps.service.adapter('shopify').normalizeShop(shop ?? '');
    if ('problem' in norm) return null;
    const row = await deps.repo.byShop('shopify', norm.shop);
    return row ? { row, secrets: deps.service.connected(row).secrets } : null;
  };

  app.get('/integrations/shopify/install', { schema: { hide: true }, config: { auth: [] } }, async (req, reply) => {
    const query = req.query as Record<string, string>;
    const found = await connection(query.shop);
    if (!found || !found.secrets.client_id) return html(reply, 404, page('This shop is not connected', 'No Folio store is connected to this shop with an app Client ID. Connect the store in Folio first (type shopify, with client_id), then install the app again.'));
    // opened by Shopify, the query is signed; opened by hand from install_url, it is not (starting the sign-in is harmless)
    if (query.hmac && !shopifyQueryHmacMatches(found.secrets.webhook_secret ?? '', query)) return html(reply, 401, page('The request is not from Shopify', 'Its signature does not match the app\'s client secret.'));
    const state = deps.signer.seal({ c: found.row.id, n: randomBytes(12).toString('base64url'), e: Date.now() + STATE_TTL_MS });
    const to = new URL(`https://${found.row.shop}/admin/oauth/authorize`);
    to.searchParams.set('client_id', found.secrets.client_id);
    to.searchParams.set('scope', SHOPIFY_SCOPES);
    to.searchParams.set('redirect_uri', `${deps.publicUrl}/integrations/shopify/callback`);
    to.searchParams.set('state', state);
    return reply.code(302).headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' }).redirect(to.toString());
  });

  app.get('/integrations/shopify/callback', { schema: { hide: true }, config: { auth: [] } }, async (req, reply) => {
    const query = req.query as Record<string, string>;
    const found = await connection(query.shop);
    if (!found || !found.secrets.client_id) return html(reply, 404, page('This shop is not connected', 'No Folio store is connected to this shop with an app Client ID.'));
    const secret = found.secrets.webhook_secret ?? '';
    if (!shopifyQueryHmacMatches(secret, query)) return html(reply, 401, page('The request is not from Shopify', 'Its signature does not match the app\'s client secret.'));
    const state = deps.signer.open<{ c: string; e: number }>(query.state ?? '');
    if (!state || state.c !== found.row.id || state.e < Date.now()) return html(reply, 400, page('This sign-in has expired', 'Install the app again from the shop.'));
    if (!query.code) return html(reply, 400, page('Shopify sent no code', 'Install the app again from the shop.'));
    try {
      const base = deps.adminOrigin ?? `https://${found.row.shop}`;
      const res = await deps.http(`${base}/admin/oauth/access_token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ client_id: found.secrets.client_id, client_secret: secret, code: query.code }),
      });
      checkResponse('trading the code for the token', res);
      const token = (JSON.parse(res.body.toString('utf8')) as { access_token?: unknown }).access_token;
      if (typeof token !== 'string' || !token) throw new ShopCallError('Shopify answered no access_token', false);
      await deps.service.installed(found.row, token);
    } catch (err) {
      if (!(err instanceof ShopCallError) && !(err instanceof SyntaxError)) throw err;
      return html(reply, 502, page('The app could not be installed', `${err.message}. Install the app again from the shop.`));
    }
    return html(reply, 200, page('Folio is connected to your shop', 'Paid orders with a design now become print orders in Folio, and shipped ones are marked fulfilled in Shopify. You can close this page.', { href: `https://${found.row.shop}/admin/apps`, label: 'Back to your shop\'s apps' }));
  });
}
