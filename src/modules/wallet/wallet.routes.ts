import type { App } from '../../platform/http/app-type.js';
import { MESSAGES, ok } from '../../platform/http/envelope.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { WalletService } from './wallet.service.js';
import { TransactionListEnvelope, TransactionListQuery, WalletEnvelope } from './wallet.schemas.js';

export function walletRoutes(app: App, deps: { wallet: WalletService; pageContext: PageContextFactory }): void {
  const { wallet } = deps;
  const tags = ['Wallet'];

  app.get(
    '/account/wallet',
    { schema: { tags, summary: "The account's token balance", response: { 200: WalletEnvelope } }, config: { auth: ['J', 'K'], scope: 'account:read' } },
    async (req) => ok({ balance: await wallet.balance(req.actor!.userId), top_up_url: wallet.topUpUrl }),
  );

  app.get(
    '/account/wallet/transactions',
    {
      schema: { tags, summary: 'The wallet ledger: charges, refunds and credits, newest first', querystring: TransactionListQuery, response: { 200: TransactionListEnvelope } },
      config: { auth: ['J', 'K'], scope: 'account:read' },
    },
    async (req) => {
      const page = await wallet.list(req.actor!.userId, req.query, deps.pageContext(req));
      return { data: page.rows, links: page.links, meta: page.meta, message: MESSAGES.retrieved };
    },
  );
}
