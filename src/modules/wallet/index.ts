import type { Db, Dialect } from '../../platform/db/index.js';
import type { PageContextFactory } from '../../platform/http/pagination.js';
import type { FolioModule } from '../contract.js';
import { Idempotency } from './idempotency.js';
import { IdempotencyRepo } from './idempotency.repo.js';
import { OperationsRepo } from './operations.repo.js';
import { PaidOperations } from './paid-operations.js';
import type { WalletMetrics } from './wallet.metrics.js';
import { WalletRepo } from './wallet.repo.js';
import { walletRoutes } from './wallet.routes.js';
import { WalletService } from './wallet.service.js';

export { Idempotency } from './idempotency.js';
export { PaidOperations } from './paid-operations.js';
export { WalletService } from './wallet.service.js';

export interface WalletModuleDeps {
  db: Db;
  dialect: Dialect;
  pageContext: PageContextFactory;
  /** where a client sends the user to buy tokens (the 402 `top_up_url`) */
  topUpUrl: string;
  signupTokens: number;
  /** lease of a charged synchronous call (FOLIO_OPERATION_LEASE_MS) */
  operationLeaseMs: number;
  metrics?: WalletMetrics;
  onError(err: unknown, message: string): void;
}

export interface WalletModule extends FolioModule {
  wallet: WalletService;
  idempotency: Idempotency;
  /** the lifecycle of charged synchronous calls (studio face crop and QR) */
  operations: PaidOperations;
}

/**
 * Tokens: the wallet and its ledger, Idempotency-Keys, and the charged synchronous calls.
 * Its background work: expired idempotency keys swept every 15 minutes, and charged calls
 * whose process died refunded (PaidOperations.sweep).
 */
export function buildWalletModule(deps: WalletModuleDeps): WalletModule {
  const idempotency = new Idempotency(deps.db, new IdempotencyRepo(deps.db));
  const wallet = new WalletService(deps.db, new WalletRepo(deps.db, deps.dialect), idempotency, {
    topUpUrl: deps.topUpUrl,
    signupTokens: deps.signupTokens,
    ...(deps.metrics ? { metrics: deps.metrics } : {}),
  });
  const operations = new PaidOperations(deps.db, new OperationsRepo(deps.db), wallet, idempotency, {
    leaseMs: deps.operationLeaseMs,
    onError: (err) => deps.onError(err, 'paid operation sweep failed'),
  });
  let sweep: NodeJS.Timeout | null = null;
  return {
    name: 'wallet',
    wallet,
    idempotency,
    operations,
    routes: (app) => walletRoutes(app, { wallet, pageContext: deps.pageContext }),
    async start() {
      sweep ??= setInterval(() => void idempotency.sweep().catch((err: unknown) => deps.onError(err, 'idempotency sweep failed')), 15 * 60_000);
      sweep.unref();
      // On the embedded stack this is the only process: every running call is a dead one's.
      operations.start({ orphansAtStart: deps.dialect === 'sqlite' });
    },
    async stop() {
      operations.stop();
      if (sweep) clearInterval(sweep);
      sweep = null;
    },
  };
}
