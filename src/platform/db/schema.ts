import type { Generated } from 'kysely';

/** Timestamps: ISO strings on write; SQLite reads back strings, PostgreSQL Dates. */
export type Ts = string | Date;

export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string;
  token_version: Generated<number>;
  email_verified_at: Ts | null;
  created_at: Ts;
  updated_at: Ts;
}

export interface StoresTable {
  id: string;
  owner_id: string;
  name: string;
  shop_url: string | null;
  view_store_url: string | null;
  timezone: string | null;
  integration_type: string | null;
  is_integrated: Generated<number>;
  google_font_api_enc: string | null;
  unsplash_key_enc: string | null;
  pixabay_key_enc: string | null;
  pexels_key_enc: string | null;
  sid: string;
  secret_hash: string;
  secret_enc: string;
  unauth_token_hash: string;
  unauth_token_enc: string;
  tier: Generated<string>;
  created_at: Ts;
  updated_at: Ts;
  deleted_at: Ts | null;
}

export interface DB {
  users: UsersTable;
  stores: StoresTable;
}
