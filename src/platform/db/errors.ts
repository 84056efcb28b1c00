import { AppError } from '../http/errors.js';

/**
 * Database errors become application errors at the database edge: SQLite's
 * SQLITE_CONSTRAINT_UNIQUE and PostgreSQL's 23505 are both a CONFLICT.
 */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || e?.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' || e?.code === '23505';
}

export function isForeignKeyViolation(err: unknown): boolean {
  const e = err as { code?: string } | null;
  return e?.code === 'SQLITE_CONSTRAINT_FOREIGNKEY' || e?.code === '23503';
}

export async function mapDbErrors<T>(work: () => Promise<T>, onUnique?: () => AppError): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (isUniqueViolation(err)) throw onUnique ? onUnique() : new AppError('conflict', 'The resource already exists');
    if (isForeignKeyViolation(err)) throw new AppError('not_found', 'A referenced resource does not exist');
    throw err;
  }
}

const UNREACHABLE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'SQLITE_BUSY']);
const UNREACHABLE_MESSAGES = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Client was closed and is not queryable)/;

/**
 * A PostgreSQL prepared statement whose result type changed under it (another process's
 * migration altered a table it reads): preparing it again works (`pg-prepared.ts` does).
 */
export function isStalePreparedStatement(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return e?.code === '0A000' && typeof e.message === 'string' && e.message.includes('cached plan must not change result type');
}

/**
 * The database could not be reached or is not taking work (refused or dropped connections,
 * pool timeouts, PostgreSQL's connection-exception class 08, shutdown and too-many-connections
 * codes, a SQLite file locked past its busy timeout, a transaction that met a prepared statement
 * gone stale under a migration): the request may succeed if retried, so it is a 503, not a 500.
 * Follows `cause` chains (pg-pool wraps its timeout).
 */
export function isDatabaseUnavailable(err: unknown, depth = 0): boolean {
  if (err === null || typeof err !== 'object' || depth > 5) return false;
  const e = err as { code?: unknown; message?: unknown; cause?: unknown };
  if (typeof e.code === 'string' && (UNREACHABLE_CODES.has(e.code) || /^08\w{3}$/.test(e.code) || ['57P01', '57P02', '57P03', '53300'].includes(e.code))) return true;
  if (typeof e.message === 'string' && UNREACHABLE_MESSAGES.test(e.message)) return true;
  if (isStalePreparedStatement(e)) return true;
  return isDatabaseUnavailable(e.cause, depth + 1);
}
