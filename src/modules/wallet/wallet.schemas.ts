import { Type } from '@sinclair/typebox';
import { listEnvelope, listQuerySchema } from '../../platform/http/pagination.js';

export const WalletSchema = Type.Object({
  balance: Type.Integer({ description: 'tokens available' }),
  top_up_url: Type.String({ description: 'where to buy more tokens' }),
});
export const WalletEnvelope = Type.Object({ data: WalletSchema, message: Type.String() });

export const TransactionSchema = Type.Object({
  id: Type.String({ description: 'Wallet transaction id', pattern: '^TX-\\d{8,}$', examples: ['TX-00000123'] }),
  type: Type.Union([Type.Literal('charge'), Type.Literal('refund'), Type.Literal('credit')]),
  amount: Type.Integer({ description: 'signed: a charge is negative, a refund or credit positive; the ledger sums to the balance' }),
  balance_after: Type.Integer(),
  reference: Type.Union([Type.String(), Type.Null()], { description: 'what the entry is for, e.g. job:<id> or signup_grant' }),
  refund_of: Type.Union([Type.String(), Type.Null()], { description: 'the charge a refund gives back' }),
  created_at: Type.String({ format: 'date-time' }),
});

const base = listQuerySchema(['created_date', 'id'] as const, 'the entry\'s `reference`');
export const TransactionListQuery = Type.Object({
  ...base.properties,
  type: Type.Optional(Type.Union([Type.Literal('charge'), Type.Literal('refund'), Type.Literal('credit')])),
});
export const TransactionListEnvelope = listEnvelope(TransactionSchema);

/** The wallet 402 (interface § Errors), for route documentation. */
export const InsufficientTokens = Type.Object(
  {
    error: Type.Literal('INSUFFICIENT_TOKENS'),
    balance: Type.Integer(),
    shortfall: Type.Integer(),
    top_up_url: Type.String(),
  },
  { description: 'Wallet balance too low' },
);
