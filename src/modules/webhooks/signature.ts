import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): the secret is
 * `whsec_<base64 key>`; a delivery carries `webhook-id`, `webhook-timestamp` (unix seconds)
 * and `webhook-signature`: space-separated `v1,<base64 HMAC-SHA256(key, "id.timestamp.body")>`,
 * one per live secret (two during a rotation's overlap).
 */
export const SECRET_PREFIX = 'whsec_';

export function generateSecret(): string {
  return `${SECRET_PREFIX}${randomBytes(24).toString('base64')}`;
}

function keyOf(secret: string): Buffer {
  return Buffer.from(secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret, 'base64');
}

export function signOne(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export function sign(secrets: readonly string[], id: string, timestamp: number, body: string): string {
  return secrets.map((s) => signOne(s, id, timestamp, body)).join(' ');
}

/**
 * What a receiver does (docs/webhooks.md shows it): recompute with its secret, compare in
 * constant time against each `v1,` signature, and refuse timestamps outside the tolerance.
 */
export function verify(
  secret: string,
  headers: { 'webhook-id': string; 'webhook-timestamp': string; 'webhook-signature': string },
  body: string,
  opts: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const ts = Number(headers['webhook-timestamp']);
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (!Number.isInteger(ts) || Math.abs(now - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const expected = Buffer.from(signOne(secret, headers['webhook-id'], ts, body).slice(3), 'base64');
  return headers['webhook-signature'].split(' ').some((part) => {
    const [version, sig] = part.split(',');
    if (version !== 'v1' || !sig) return false;
    const given = Buffer.from(sig, 'base64');
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
