import { createHash } from 'node:crypto';

/** `SHA256:…` (as `ssh-keygen -lf` prints it) or the bare base64: the bare base64, unpadded; null when it is neither. */
export function normalizeFingerprint(value: string): string | null {
  const bare = value.trim().replace(/^SHA256:/i, '').replace(/=+$/, '');
  return /^[A-Za-z0-9+/]{43}$/.test(bare) ? bare : null;
}

/** The OpenSSH SHA256 fingerprint of a host key blob, unpadded base64. */
export const fingerprintOf = (key: Buffer) => createHash('sha256').update(key).digest('base64').replace(/=+$/, '');
