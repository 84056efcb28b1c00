import { describe, expect, it } from 'vitest';
import { sha256Hex } from '../../../src/platform/crypto/tokens.js';
import { checksum, generateKey, parseKey, type KeyKind } from '../../../src/modules/api-keys/key-format.js';

const KINDS: Array<[KeyKind, string]> = [
  ['store_secret', 'sk_live_'],
  ['store_publishable', 'pk_live_'],
  ['account', 'sk_acc_live_'],
];

describe('API key format', () => {
  it.each(KINDS)('%s keys: prefix + 40 random base62 + 6-char checksum, parsed back to their kind', (kind, prefix) => {
    const k = generateKey(kind);
    expect(k.key.startsWith(prefix)).toBe(true);
    expect(k.key).toHaveLength(prefix.length + 46);
    expect(k.key.slice(prefix.length)).toMatch(/^[0-9A-Za-z]{46}$/);
    expect(k.key.slice(-6)).toBe(checksum(k.key.slice(0, -6)));
    expect(parseKey(k.key)).toBe(kind);
    expect(k.hash).toBe(sha256Hex(k.key));
    expect(k.prefix).toBe(k.key.slice(0, 12));
    expect(k.last4).toBe(k.key.slice(-4));
  });

  it('never repeats a key', () => {
    const seen = new Set(Array.from({ length: 200 }, () => generateKey('store_secret').key));
    expect(seen.size).toBe(200);
  });

  it('rejects a key with any single character changed (checksum)', () => {
    const { key } = generateKey('store_secret');
    let rejected = 0;
    for (let i = 8; i < key.length; i++) {
      const c = key[i] === 'a' ? 'b' : 'a';
      if (parseKey(key.slice(0, i) + c + key.slice(i + 1)) === null) rejected++;
    }
    expect(rejected).toBe(key.length - 8);
  });

  it('rejects wrong lengths, foreign characters, unknown prefixes and swapped prefixes', () => {
    const { key } = generateKey('store_secret');
    expect(parseKey(key.slice(0, -1))).toBeNull();
    expect(parseKey(`${key}0`)).toBeNull();
    expect(parseKey(`${key.slice(0, 20)}-${key.slice(21)}`)).toBeNull();
    expect(parseKey(`sk_test_${key.slice(8)}`)).toBeNull();
    // the checksum covers the prefix: the same body under another prefix fails
    expect(parseKey(`pk_live_${key.slice(8)}`)).toBeNull();
    expect(parseKey('')).toBeNull();
    expect(parseKey('sk_live_')).toBeNull();
  });

  it('checksums are six base62 digits, zero-padded', () => {
    for (const s of ['', 'a', 'sk_live_x', 'pk_live_0000']) expect(checksum(s)).toMatch(/^[0-9A-Za-z]{6}$/);
  });
});
