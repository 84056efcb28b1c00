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
