import { crc32 } from 'node:zlib';
import { randomBase62, sha256Hex } from '../../platform/crypto/tokens.js';

/**
 * Developer API key format (decisions.md § API keys):
 *
 *   <prefix><40 base62 random chars><6 base62 chars: CRC32 of prefix + random>
 *
 * The checksum lets the server (and secret scanners) reject a mistyped or made-up key
 * before any lookup. 40 base62 characters carry ~238 bits of randomness. At rest only the
 * SHA-256 of the whole key is kept, plus the first 12 and last 4 characters for display.
 */
export type KeyKind = 'store_secret' | 'store_publishable' | 'account';

export const KEY_PREFIXES: Record<KeyKind, string> = {
  store_secret: 'sk_live_',
  store_publishable: 'pk_live_',
  account: 'sk_acc_live_',
};

const RANDOM_LENGTH = 40;
const CHECKSUM_LENGTH = 6;
const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const BODY = /^[0-9A-Za-z]+$/;

// Longest prefix first: no prefix is a prefix of another today, but the order keeps it safe.
const BY_PREFIX = (Object.entries(KEY_PREFIXES) as Array<[KeyKind, string]>).sort((a, b) => b[1].length - a[1].length);

/** CRC32 as exactly six base62 digits (62^6 > 2^32). */
export function checksum(text: string): string {
  let n = crc32(text);
  let out = '';
  for (let i = 0; i < CHECKSUM_LENGTH; i++) {
    out = BASE62[n % 62]! + out;
    n = Math.floor(n / 62);
  }
  return out;
}

export interface NewKey {
  /** the secret: shown once, never stored */
  key: string;
  hash: string;
  /** first 12 characters, for display */
  prefix: string;
  /** last 4 characters, for display */
  last4: string;
}

export function generateKey(kind: KeyKind): NewKey {
  const head = KEY_PREFIXES[kind] + randomBase62(RANDOM_LENGTH);
  const key = head + checksum(head);
  return { key, hash: sha256Hex(key), prefix: key.slice(0, 12), last4: key.slice(-4) };
}

/**
 * The kind a well-formed key claims, or null for anything malformed: unknown prefix,
 * wrong length, a character outside base62, or a checksum that does not match.
 */
export function parseKey(value: string): KeyKind | null {
  for (const [kind, prefix] of BY_PREFIX) {
    if (!value.startsWith(prefix)) continue;
    if (value.length !== prefix.length + RANDOM_LENGTH + CHECKSUM_LENGTH) return null;
    const body = value.slice(prefix.length);
    if (!BODY.test(body)) return null;
    const head = value.slice(0, value.length - CHECKSUM_LENGTH);
    return checksum(head) === value.slice(-CHECKSUM_LENGTH) ? kind : null;
  }
  return null;
}
