import type { Static } from '@sinclair/typebox';
import type { OrderState, ProjectStatus } from './projects.schemas.js';

/**
 * The order lifecycle as a table (docs/orders.md keeps the same table for people; a unit
 * test checks they agree). `on_hold` goes back to the state it was held from, to
 * `cancelled`, or — while the order has not reached production — to `received`, which freezes
 * the designs again (a shopper's changes after a proof).
 */
export const NEXT_STATES: Readonly<Record<OrderState, readonly OrderState[]>> = {
  draft: ['received', 'on_hold', 'cancelled'],
  received: ['proof_pending', 'approved', 'on_hold', 'cancelled'],
  proof_pending: ['approved', 'on_hold', 'cancelled'],
  approved: ['in_production', 'on_hold', 'cancelled'],
  in_production: ['printed', 'on_hold', 'cancelled'],
  printed: ['shipped'],
  shipped: [],
  cancelled: [],
  on_hold: [],
};

/** States an order on hold may go to, given the state it was held from. */
export function resumeStates(heldFrom: OrderState): OrderState[] {
  const out: OrderState[] = [heldFrom];
  if (heldFrom !== 'received' && ['draft', 'proof_pending', 'approved'].includes(heldFrom)) out.push('received');
  out.push('cancelled');
  return out;
}

/** Where an order may go from `state` (`heldFrom`: the state an order on hold left). */
export function allowedStates(state: OrderState, heldFrom: OrderState | null): OrderState[] {
  if (state === 'on_hold') return resumeStates(heldFrom ?? 'draft');
  return [...NEXT_STATES[state]];
}

/**
 * The seed's `status` of each state: a draft keeps whatever status its client set (the seed's
 * free field); every other state decides it, so `?status=` keeps meaning what it meant.
 */
export const STATUS_OF_STATE: Readonly<Record<Exclude<OrderState, 'draft'>, Static<typeof ProjectStatus>>> = {
  received: 'processing',
  on_hold: 'processing',
  proof_pending: 'reviewing',
  approved: 'accepted',
  in_production: 'accepted',
  printed: 'accepted',
  shipped: 'accepted',
  cancelled: 'trashed',
};

/** The states whose orders have frozen designs (entered through received). */
export const isLockedState = (s: OrderState) => s !== 'draft' && s !== 'cancelled';
