import type { DbOrTx } from '../../platform/db/index.js';
import { iso } from '../../platform/db/index.js';
import type { UsersTable } from '../../platform/db/schema.js';
import { mapDbErrors } from '../../platform/db/errors.js';
import { AppError } from '../../platform/http/errors.js';
import { QueryShapes } from '../../platform/db/query-shape.js';

const shapes = new QueryShapes('identity');

/** The unique e-mail index, as the API says it (422 on `email`). */
const emailTaken = () => AppError.field('email', 'has already been taken');

export interface User {
  id: string;
  name: string;
  email: string;
  email_verified_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserSecretRow {
  id: string;
  password_hash: string;
  token_version: number;
}

const PUBLIC_COLUMNS = ['id', 'name', 'email', 'email_verified_at', 'created_at', 'updated_at'] as const;

function toUser(row: Pick<UsersTable, (typeof PUBLIC_COLUMNS)[number]>): User {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    email_verified_at: iso(row.email_verified_at),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  };
}

export class IdentityRepo {
  constructor(private readonly db: DbOrTx) {}

  /** A new user; an e-mail address already taken is a 422 on `email`. */
  async insert(row: { id: string; name: string; email: string; password_hash: string; now: string }, db: DbOrTx = this.db): Promise<User> {
    await mapDbErrors(
      () =>
        db
          .insertInto('users')
          .values({ id: row.id, name: row.name, email: row.email, password_hash: row.password_hash, created_at: row.now, updated_at: row.now })
          .execute(),
      emailTaken,
    );
    return (await this.byId(row.id, db))!;
  }

  async byId(id: string, db: DbOrTx = this.db): Promise<User | null> {
    const row = await db.selectFrom('users').select(PUBLIC_COLUMNS).where('id', '=', id).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async byEmail(email: string): Promise<User | null> {
    const row = await this.db.selectFrom('users').select(PUBLIC_COLUMNS).where('email', '=', email).executeTakeFirst();
    return row ? toUser(row) : null;
  }

  async secretsByEmail(email: string): Promise<UserSecretRow | null> {
    const row = await this.db
      .selectFrom('users')
      .select(['id', 'password_hash', 'token_version'])
      .where('email', '=', email)
      .executeTakeFirst();
    return row ?? null;
  }

  async secretsById(id: string): Promise<UserSecretRow | null> {
    const row = await this.db.selectFrom('users').select(['id', 'password_hash', 'token_version']).where('id', '=', id).executeTakeFirst();
    return row ?? null;
  }

  /** Read on every request signed in with a JWT: built once (query-shape.ts). */
  async tokenVersion(id: string): Promise<number | null> {
    const row = await shapes.first(this.db, 'tokenVersion', { id }, (db, p) => db.selectFrom('users').select('token_version').where('id', '=', p.id));
    return row ? row.token_version : null;
  }

  async update(id: string, patch: { name?: string; email?: string; now: string }): Promise<User | null> {
    const values: Partial<Record<'name' | 'email' | 'updated_at', string>> = { updated_at: patch.now };
    if (patch.name !== undefined) values.name = patch.name;
    if (patch.email !== undefined) values.email = patch.email;
    await mapDbErrors(() => this.db.updateTable('users').set(values).where('id', '=', id).execute(), emailTaken);
    return this.byId(id);
  }

  /** New password and a bumped token version: every JWT issued before stops verifying. */
  async setPassword(id: string, passwordHash: string, now: string): Promise<number> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ password_hash: passwordHash, token_version: eb('token_version', '+', 1), updated_at: now }))
      .where('id', '=', id)
      .returning('token_version')
      .executeTakeFirstOrThrow();
    return row.token_version;
  }
}
