import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Aead } from '../../src/platform/crypto/aead.js';
import { isUuid, newId } from '../../src/platform/crypto/ids.js';
import { decoyHash, hashPassword, verifyPassword } from '../../src/platform/crypto/password.js';
import { Signer } from '../../src/platform/crypto/signer.js';
import { randomBase62, safeEqual, sha256Hex } from '../../src/platform/crypto/tokens.js';

const hexKey = () => randomBytes(32).toString('hex');

/** Flip one character of the base64url part `index` of a v1 ciphertext. */
function flip(sealed: string, index: number): string {
  const parts = sealed.split('.');
  const p = parts[index]!;
  const c = p[0] === 'A' ? 'B' : 'A';
  parts[index] = c + p.slice(1);
  return parts.join('.');
}

describe('Aead (AES-256-GCM)', () => {
  it('round-trips with the same associated data', () => {
    const aead = new Aead(hexKey());
    for (const plain of ['ssk_secret', '', 'ünïcødé ✓ 🖨️', 'x'.repeat(10_000)]) {
      const sealed = aead.encrypt(plain, 'sid_123');
      expect(sealed.startsWith('v1.')).toBe(true);
      expect(sealed).not.toContain(plain || '\u0000');
      expect(aead.decrypt(sealed, 'sid_123')).toBe(plain);
    }
    expect(aead.decrypt(aead.encrypt('no aad'), '')).toBe('no aad');
  });

  it('uses a fresh IV each time', () => {
    const aead = new Aead(hexKey());
    expect(aead.encrypt('same', 'a')).not.toBe(aead.encrypt('same', 'a'));
  });

  it('refuses other associated data: a ciphertext cannot move to another row', () => {
    const aead = new Aead(hexKey());
    const sealed = aead.encrypt('secret', 'sid_A');
    expect(() => aead.decrypt(sealed, 'sid_B')).toThrow();
    expect(() => aead.decrypt(sealed)).toThrow();
  });

  it('detects tampering with the IV, tag or ciphertext, and a wrong key', () => {
    const aead = new Aead(hexKey());
    const sealed = aead.encrypt('secret value', 'aad');
    for (const i of [1, 2, 3]) expect(() => aead.decrypt(flip(sealed, i), 'aad')).toThrow();
    expect(() => new Aead(hexKey()).decrypt(sealed, 'aad')).toThrow();
    expect(() => aead.decrypt(sealed.replace(/^v1/, 'v2'), 'aad')).toThrow(/malformed/);
    expect(() => aead.decrypt('v1.abc', 'aad')).toThrow(/malformed/);
  });

  it('requires a 32-byte key', () => {
    expect(() => new Aead('ab'.repeat(16))).toThrow(/32 bytes/);
    expect(() => new Aead('')).toThrow(/32 bytes/);
  });
});

describe('password hashing (scrypt)', () => {
  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Corr3ct-Horse!', 10);
    expect(hash).toMatch(/^scrypt\$10\$8\$1\$[\w-]+\$[\w-]+$/);
    expect(hash).not.toContain('Corr3ct');
    expect(await verifyPassword('Corr3ct-Horse!', hash)).toBe(true);
    expect(await verifyPassword('corr3ct-Horse!', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    const [a, b] = await Promise.all([hashPassword('same-Passw0rd!', 10), hashPassword('same-Passw0rd!', 10)]);
    expect(a).not.toBe(b);
    expect(await verifyPassword('same-Passw0rd!', b)).toBe(true);
  });

  it('normalises Unicode, so the same password typed two ways verifies', async () => {
    const hash = await hashPassword('Caf\u00e9-Passw0rd', 10); // é precomposed
    expect(await verifyPassword('Cafe\u0301-Passw0rd', hash)).toBe(true); // e + combining accent
  });

  it('answers false, never throws, for a stored value that is not one of our hashes', async () => {
    const good = await hashPassword('x', 10);
    const [, , , , salt, key] = good.split('$');
    for (const stored of ['', 'plain', `bcrypt$10$8$1$${salt}$${key}`, `scrypt$abc$8$1$${salt}$${key}`, `scrypt$99$8$1$${salt}$${key}`, `scrypt$10$0$1$${salt}$${key}`, `scrypt$10$8$1$${salt}$`, `scrypt$10$8$1$${salt}$AAAA`]) {
      await expect(verifyPassword('x', stored), stored).resolves.toBe(false);
    }
  });

  it('makes decoy hashes that no password matches', async () => {
    const decoy = await decoyHash(10);
    expect(await verifyPassword('', decoy)).toBe(false);
    expect(await verifyPassword('Corr3ct-Horse!', decoy)).toBe(false);
  });
});

describe('Signer (opaque signed tokens)', () => {
  const signer = new Signer('s'.repeat(48), 'cursor');

  it('opens what it sealed', () => {
    const value = { d: 'a', s: 'created_date', o: 'desc', v: '2026-01-01T00:00:00.000Z', i: newId() };
    const token = signer.seal(value);
    expect(token).toMatch(/^[\w-]+\.[\w-]{32}$/);
    expect(signer.open(token)).toEqual(value);
  });

  it('refuses an altered payload or signature', () => {
    const token = signer.seal({ v: 1 });
    const [body, sig] = token.split('.') as [string, string];
    const altered = Buffer.from(JSON.stringify({ v: 2 })).toString('base64url');
    expect(signer.open(`${altered}.${sig}`)).toBeNull();
    expect(signer.open(`${body}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`)).toBeNull();
    expect(signer.open(`${body}.`)).toBeNull();
    expect(signer.open(body)).toBeNull();
    expect(signer.open(`.${sig}`)).toBeNull();
    expect(signer.open('')).toBeNull();
  });

  it('binds tokens to their secret and purpose', () => {
    const token = signer.seal({ v: 1 });
    expect(new Signer('t'.repeat(48), 'cursor').open(token)).toBeNull();
    expect(new Signer('s'.repeat(48), 'download').open(token)).toBeNull();
  });

  it('returns null, not a throw, for a signed body that is not JSON', () => {
    const body = Buffer.from('not json{').toString('base64url');
    expect(signer.open(`${body}.${signer.sign(body)}`)).toBeNull();
  });
});

describe('tokens and ids', () => {
  it('makes uniform base62 strings of the asked length', () => {
    const s = randomBase62(4000);
    expect(s).toMatch(/^[0-9A-Za-z]{4000}$/);
    expect(new Set(s).size).toBe(62);
    expect(randomBase62(40)).not.toBe(randomBase62(40));
  });

  it('compares in constant time and hashes with SHA-256', () => {
    expect(safeEqual('abc', 'abc')).toBe(true);
    expect(safeEqual('abc', 'abd')).toBe(false);
    expect(safeEqual('abc', 'abcd')).toBe(false);
    expect(sha256Hex('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('issues time-ordered uuid v7 ids', () => {
    const ids = Array.from({ length: 50 }, () => newId());
    expect(ids.every((id) => /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id))).toBe(true);
    expect([...ids].sort()).toEqual(ids);
    expect(isUuid(ids[0]!)).toBe(true);
    expect(isUuid('not-a-uuid')).toBe(false);
    expect(isUuid('00000000-0000-0000-0000-000000000000')).toBe(false);
  });
});
