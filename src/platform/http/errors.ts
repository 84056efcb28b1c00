/**
 * One error type for the whole service. Services throw AppError(code, message, details);
 * `errorResponse` turns it into a status and the envelope the interface names:
 *   default   {error:{message, code, details?}, message}   (envelopes A and B at once)
 *   validation 400 {error:{<field>:[...]}, message:"Invalid input"}
 *   wallet 402 {error:"INSUFFICIENT_TOKENS", balance, shortfall, top_up_url}
 *   framework 422 {message, errors:{<field>:[...]}}
 */
export type ErrorCode =
  | 'validation'
  | 'bad_request'
  | 'unauthenticated'
  | 'insufficient_scope'
  | 'forbidden'
  | 'capability_not_available'
  | 'quota_exceeded'
  | 'insufficient_tokens'
  | 'store_out_of_tokens'
  | 'not_enabled'
  | 'not_found'
  | 'method_not_allowed'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'limit_too_large'
  | 'uri_too_long'
  | 'unsupported_media_type'
  | 'unprocessable'
  | 'rate_limited'
  | 'internal'
  | 'unavailable';

const STATUS: Record<ErrorCode, number> = {
  validation: 400,
  bad_request: 400,
  unauthenticated: 401,
  capability_not_available: 402,
  quota_exceeded: 402,
  insufficient_tokens: 402,
  /** a public caller's paid service the store's owner cannot pay for: no wallet detail (background removal from the editor) */
  store_out_of_tokens: 402,
  insufficient_scope: 403,
  /** a store setting turns the operation off (editor_background_removal) */
  not_enabled: 403,
  forbidden: 403,
  not_found: 404,
  method_not_allowed: 405,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  limit_too_large: 413,
  uri_too_long: 414,
  unsupported_media_type: 415,
  unprocessable: 422,
  rate_limited: 429,
  internal: 500,
  unavailable: 503,
};

export type FieldErrors = Record<string, string[]>;

export interface AppErrorOptions {
  details?: Record<string, unknown>;
  /** per-field messages, for `validation` and `unprocessable` */
  fields?: FieldErrors;
  /** extra response headers (Retry-After, WWW-Authenticate) */
  headers?: Record<string, string>;
}

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: AppErrorOptions = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = STATUS[code];
  }

  static validation(fields: FieldErrors): AppError {
    return new AppError('validation', 'Invalid input', { fields });
  }

  static field(field: string, message: string): AppError {
    return AppError.validation({ [field]: [message] });
  }

  static notFound(what = 'Resource'): AppError {
    return new AppError('not_found', `${what} not found`);
  }
}

export interface ErrorResponse {
  status: number;
  body: Record<string, unknown>;
  headers: Record<string, string>;
}

export function errorResponse(err: AppError, requestId: string): ErrorResponse {
  const headers = err.options.headers ?? {};
  switch (err.code) {
    case 'validation':
      return { status: 400, headers, body: { error: err.options.fields ?? {}, message: 'Invalid input', request_id: requestId } };
    case 'unprocessable':
      return { status: 422, headers, body: { message: err.message, errors: err.options.fields ?? {}, request_id: requestId } };
    case 'insufficient_tokens':
      // Exactly the interface's wallet envelope: {error, balance, shortfall, top_up_url}.
      return { status: 402, headers, body: { error: 'INSUFFICIENT_TOKENS', ...err.options.details } };
    default: {
      const error: Record<string, unknown> = { message: err.message, code: err.code };
      if (err.options.details) error.details = err.options.details;
      return { status: err.status, headers, body: { error, message: err.message, request_id: requestId } };
    }
  }
}
