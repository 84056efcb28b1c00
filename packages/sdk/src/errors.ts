/**
 * Folio's error envelopes as exceptions. Every non-2xx answer becomes a FolioError; the
 * envelopes a client acts on have their own subclass with the fields that matter.
 */
export class FolioError extends Error {
  override name = 'FolioError';
  constructor(
    message: string,
    /** HTTP status */
    readonly status: number,
    /** the envelope's `error.code` (`validation`, `not_found`, `INSUFFICIENT_TOKENS`, …) */
    readonly code: string,
    /** the answer's body as received */
    readonly body: unknown,
    /** `X-Request-Id` of the answer: quote it when reporting a problem */
    readonly requestId: string | null,
  ) {
    super(message);
  }
}

/** A call on a path or operationId the API does not have: thrown before any request is sent. */
export class UnknownPathError extends Error {
  override name = 'UnknownPathError';
}

/** 400 `{error:{<field>:[messages]}, message:"Invalid input"}`, and 422 `{message, errors}`. */
export class ValidationError extends FolioError {
  override name = 'ValidationError';
  constructor(message: string, status: number, body: unknown, requestId: string | null, readonly fields: Record<string, string[]>) {
    super(message, status, 'validation', body, requestId);
  }
}

/** 401: missing, unacceptable (the operation does not take this kind) or invalid credentials. */
export class UnauthenticatedError extends FolioError {
  override name = 'UnauthenticatedError';
}

/** 403: the credential lacks the operation's scope (`insufficient_scope`) or the action is forbidden. */
export class ForbiddenError extends FolioError {
  override name = 'ForbiddenError';
}

/** 402 `capability_not_available` / `quota_exceeded`: the store's plan does not include this. */
export class PlanGateError extends FolioError {
  override name = 'PlanGateError';
  constructor(
    message: string,
    status: number,
    code: string,
    body: unknown,
    requestId: string | null,
    readonly currentTier: string | null,
    readonly requiredTier: string | null,
    /** where to send the user to upgrade: `{url}` */
    readonly cta: { url: string } | null,
    readonly details: Record<string, unknown>,
  ) {
    super(message, status, code, body, requestId);
  }
}

/** 402 `{error:"INSUFFICIENT_TOKENS", balance, shortfall, top_up_url}`: the wallet cannot pay for the service. */
export class InsufficientTokensError extends FolioError {
  override name = 'InsufficientTokensError';
  constructor(
    message: string,
    body: unknown,
    requestId: string | null,
    readonly balance: number,
    readonly shortfall: number,
    readonly topUpUrl: string,
  ) {
    super(message, 402, 'INSUFFICIENT_TOKENS', body, requestId);
  }
}

/** 404: no such resource, or not visible to this credential. */
export class NotFoundError extends FolioError {
  override name = 'NotFoundError';
}

/** 429: too many requests; `retryAfter` is the server's Retry-After in seconds. */
export class RateLimitedError extends FolioError {
  override name = 'RateLimitedError';
  constructor(message: string, body: unknown, requestId: string | null, readonly retryAfter: number) {
    super(message, 429, 'rate_limited', body, requestId);
  }
}

/** A job that ended `failed`, or did not end in time, in `waitForJob`. */
export class JobError extends Error {
  override name = 'JobError';
  constructor(message: string, readonly job: unknown) {
    super(message);
  }
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** The FolioError for an answer that is not 2xx; `body` is its parsed JSON (or text). */
export function errorFromResponse(response: Response, body: unknown): FolioError {
  const status = response.status;
  const requestId = response.headers.get('x-request-id');
  const b: Obj = isObj(body) ? body : {};
  const error = b.error;
  const envelope: Obj = isObj(error) ? error : {};
  const message = str(envelope.message) ?? str(b.message) ?? (typeof body === 'string' && body ? body : `HTTP ${status}`);
  const code = str(envelope.code) ?? str(error) ?? 'http_error';

  if (error === 'INSUFFICIENT_TOKENS') {
    return new InsufficientTokensError(
      `Insufficient tokens: ${Number(b.shortfall)} more needed`,
      body,
      requestId,
      Number(b.balance),
      Number(b.shortfall),
      String(b.top_up_url ?? ''),
    );
  }
  if (status === 400 && b.message === 'Invalid input' && isObj(error)) {
    return new ValidationError('Invalid input', status, body, requestId, fieldsOf(error));
  }
  if (status === 422 && isObj(b.errors)) return new ValidationError(message, status, body, requestId, fieldsOf(b.errors));
  switch (status) {
    case 401:
      return new UnauthenticatedError(message, status, code, body, requestId);
    case 402: {
      const details: Obj = isObj(envelope.details) ? envelope.details : {};
      const cta = isObj(details.cta) && typeof details.cta.url === 'string' ? { url: details.cta.url } : null;
      return new PlanGateError(message, status, code, body, requestId, str(details.current_tier), str(details.required_tier), cta, details);
    }
    case 403:
      return new ForbiddenError(message, status, code, body, requestId);
    case 404:
      return new NotFoundError(message, status, code, body, requestId);
    case 429: {
      const retryAfter = Number(response.headers.get('retry-after'));
      return new RateLimitedError(message, body, requestId, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 1);
    }
    default:
      return new FolioError(message, status, code, body, requestId);
  }
}

function fieldsOf(o: Obj): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(o)) out[k] = Array.isArray(v) ? v.map(String) : [String(v)];
  return out;
}
