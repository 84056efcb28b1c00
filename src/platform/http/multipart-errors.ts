import { AppError } from './errors.js';

/** Messages of the errors busboy (under @fastify/multipart) raises for a broken body. */
const PARSER_MESSAGES = /^(Multipart: Boundary not found|Unexpected end of (multipart data|form)|Malformed part header|Part terminated early)/;

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
  if (code?.startsWith('FST_') || PARSER_MESSAGES.test(message ?? '')) return new AppError('bad_request', 'Malformed multipart body');
  return err;
}

/** A client's file name without NUL or other control characters (it is stored and echoed). */
export function cleanFilename(name: string | undefined): string {
  // eslint-disable-next-line no-control-regex
  return (name ?? '').replace(/[\u0000-\u001f\u007f]/g, '');
}
