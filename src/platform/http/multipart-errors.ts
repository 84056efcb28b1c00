import { AppError } from './errors.js';

/**
 * Messages of the errors busboy (under @fastify/multipart) raises for a broken body or a
 * Content-Type it cannot parse with: its boundary search refuses a boundary over 252
 * characters ("The needle cannot have a length bigger than 256", RFC 2046 allows 70), and its
 * constructor refuses a missing boundary or an unknown type. @fastify/multipart hands the
 * constructor's error to the first read, where it arrives as a plain Error.
 */
const PARSER_MESSAGES =
  /^(Multipart: Boundary not found|Boundary required|Unexpected end of (multipart data|form)|Malformed part header|Part terminated early|.* terminated early due to unexpected end of multipart data|The needle cannot|Unsupported Content-Type|Missing Content-Type)/;

/**
 * What a failed multipart read means to the caller. @fastify/multipart and busboy throw
 * their own errors (a file over the size cap, too many parts, a body that ends before its
 * closing boundary, no boundary at all); each is a problem with the request, never a 500.
 * AppErrors pass through; anything else (a storage failure while a file is handled) is
 * returned unchanged, to stay the server error it is.
 */
export function multipartError(err: unknown, fileField = 'file'): unknown {
  if (err instanceof AppError) return err;
  const { code, message } = err as { code?: string; message?: string };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', 'The file is larger than the upload limit');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') return AppError.field(fileField, 'too many parts');
  if (/^The needle cannot have a length/.test(message ?? '')) return new AppError('bad_request', 'Malformed multipart body: the boundary is too long (RFC 2046 allows 70 characters)');
  if (code?.startsWith('FST_') || PARSER_MESSAGES.test(message ?? '')) return new AppError('bad_request', 'Malformed multipart body');
  return err;
}

/**
 * Wraps a failure of the code a multipart reader hands each part to (storing a file, checking
 * it): the reader passes it on untouched, so a storage failure stays the server error it is,
 * while every other error of the read is the parser's and so the client's (see `partError`).
 */
export class ReceiverFailure extends Error {
  constructor(override readonly cause: unknown) {
    super('multipart receiver failed');
  }
}

/**
 * The one translation of a failed multipart read, for every multipart route: an AppError
 * passes through, a ReceiverFailure gives back what the receiver threw, and anything else
 * came from @fastify/multipart or busboy reading the body: a 4xx (the known ones by name, any
 * other as a malformed body), never a 500.
 */
export function partError(err: unknown, fileField = 'file'): unknown {
  if (err instanceof ReceiverFailure) return err.cause;
  const e = multipartError(err, fileField);
  return e instanceof AppError ? e : new AppError('bad_request', 'Malformed multipart body');
}

/** A client's file name without NUL or other control characters (it is stored and echoed). */
export function cleanFilename(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
}
