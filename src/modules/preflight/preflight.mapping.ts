import { PreflightSpecError, ToolError, type PreflightSpec } from '../../engines/preflight/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { Plans } from '../plans/plans.service.js';
import type { CheckBody } from './preflight.schemas.js';

// Between the HTTP shapes and the engine: the spec a check body asks for, the engine's
// refusals as API errors, the charged fields of an answer, the quota period.

/** The month a check counts against: calendar month, UTC. */
export function usagePeriod(at: Date): string {
  return at.toISOString().slice(0, 7);
}

export function nextTier(plans: Plans, tier: string): string {
  const tiers = plans.table.tiers;
  return tiers[Math.min(plans.rank(tier) + 1, tiers.length - 1)]!;
}

/** tokensDeducted / walletTransactionId, and the snake_case pair every charged response carries. */
export function charged(amount: number | null, txId: string | null) {
  const tokens = amount === null ? 0 : -amount;
  return { tokensDeducted: tokens, walletTransactionId: txId, tokens_deducted: tokens, wallet_transaction_id: txId };
}

export function notCompleted(status: string, verb: string): AppError {
  return new AppError('conflict', `Only a completed AI fix job can be ${verb}; this one is ${status}`);
}

export function specOf(body: CheckBody): PreflightSpec {
  const spec: PreflightSpec = {};
  if (body.fileType !== undefined) spec.fileType = body.fileType;
  if (body.productProfile !== undefined) spec.productProfile = body.productProfile;
  if (body.canvasWidthInches !== undefined) spec.canvasWidthInches = body.canvasWidthInches;
  if (body.canvasHeightInches !== undefined) spec.canvasHeightInches = body.canvasHeightInches;
  if (body.productType !== undefined) spec.productType = body.productType;
  return spec;
}

/** A spec the engine refuses is the caller's 400; a PDF tool that is missing or timed out is our 503. */
export function specError(err: unknown): unknown {
  if (err instanceof PreflightSpecError) return AppError.field(err.field, err.message);
  if (err instanceof ToolError) return new AppError('unavailable', `The file could not be analysed right now (${err.tool} ${err.timedOut ? 'timed out' : 'failed'}); try again`);
  return err;
}
