import type { Metrics } from '../../platform/metrics/metrics.js';

export interface WalletMetrics {
  charged(reference: string | null, tokens: number): void;
  refunded(chargeReference: string | null, tokens: number): void;
}

/**
 * The service a ledger entry pays for, from its reference (`bg-remove:<job id>`,
 * `studio.face-crop:<id>`): the part before the first colon, which code chooses, so the
 * label's values stay a short fixed list.
 */
export function serviceOf(reference: string | null): string {
  const head = reference?.split(':', 1)[0] ?? '';
  return /^[a-z][a-z0-9._-]{0,63}$/.test(head) ? head : 'other';
}

/** Charges and refunds by service: how many, and how many tokens. */
export function walletMetrics(metrics: Metrics): WalletMetrics {
  const count = metrics.counter('folio_wallet_transactions_total', 'Wallet charges and refunds by service', ['type', 'service']);
  const tokens = metrics.counter('folio_wallet_tokens_total', 'Tokens charged and refunded by service', ['type', 'service']);
  const record = (type: 'charge' | 'refund', reference: string | null, amount: number) => {
    const labels = { type, service: serviceOf(reference) };
    count.inc(labels);
    tokens.inc(labels, amount);
  };
  return {
    charged: (reference, amount) => record('charge', reference, amount),
    refunded: (reference, amount) => record('refund', reference, amount),
  };
}
