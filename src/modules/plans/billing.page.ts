import { Type } from '@sinclair/typebox';
import type { App } from '../../platform/http/app-type.js';
import type { Plans } from './plans.service.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * `GET /billing`: where the default `FOLIO_BILLING_URL` points (the 402 `top_up_url`,
 * `…?topup=tokens`, and the plan-gate `cta.url`, `…?tier=<tier>`). Folio sells nothing itself:
 * the operator credits tokens and sets plans with the CLI, so this page says so, and names
 * the tier asked for. A deployment with a shop of its own sets FOLIO_BILLING_URL to it, and
 * this page is not served.
 */
export function billingPage(app: App, deps: { plans: Plans }): void {
  app.get(
    '/billing',
    {
      schema: { hide: true, querystring: Type.Object({ topup: Type.Optional(Type.String({ maxLength: 50 })), tier: Type.Optional(Type.String({ maxLength: 50 })) }) },
      config: { auth: [], rateLimit: false },
    },
    async (req, reply) => {
      const tier = req.query.tier !== undefined && deps.plans.table.tiers.includes(req.query.tier) ? req.query.tier : null;
      const ask = req.query.topup === 'tokens' ? '<p>You were sent here to <strong>top up tokens</strong>.</p>' : tier ? `<p>You were sent here to move a store to the <strong>${escape(tier)}</strong> plan.</p>` : '';
      const tiers = deps.plans.table.tiers.map((t) => `<li>${escape(t)}</li>`).join('');
      const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Buying tokens and plans</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 40rem; margin: 2rem auto; line-height: 1.5; padding: 0 1rem">
<h1>Buying tokens and plans</h1>
${ask}
<p>This Folio service does not take payments itself. Tokens and plans are sold by the company that runs it: contact them, and they credit your account or change your store's plan.</p>
<h2>For the operator</h2>
<p>Add tokens to an account (a credit entry in its ledger):</p>
<pre>folio wallet credit --email customer@example.com --tokens 500</pre>
<p>Set a store's plan (tiers: </p><ul>${tiers}</ul><pre>folio store plan --store &lt;store id&gt; --tier ${escape(tier ?? deps.plans.table.tiers[deps.plans.table.tiers.length - 1]!)}</pre>
<p>To send customers to a shop of your own instead of this page, set <code>FOLIO_BILLING_URL</code>.</p>
</body></html>
`;
      return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
    },
  );
}
