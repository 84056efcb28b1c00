import { randomBytes, scrypt as scryptCb, timingSafeEqual } from 'node:crypto';

type ScryptParams = { N: number; r: number; p: number; maxmem: number };

function scrypt(password: string, salt: Buffer, keylen: number, params: ScryptParams): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scryptCb(password.normalize('NFKC'), salt, keylen, params, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function paramsFor(logN: number, r = 8, p = 1): ScryptParams {
  const N = 2 ** logN;
  return { N, r, p, maxmem: 256 * N * r + 1024 * 1024 };
}

/** scrypt with a per-user 16-byte salt; the parameters travel in the stored string. */
export async function hashPassword(password: string, logN: number): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, 32, paramsFor(logN));
  return `scrypt$${logN}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

const intIn = (s: string | undefined, min: number, max: number): number | null =>
  s !== undefined && /^\d{1,3}$/.test(s) && Number(s) >= min && Number(s) <= max ? Number(s) : null;

/** False for a wrong password and for a stored value that is not one of our hashes (never a throw). */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, logNs, rs, ps, salt, hash] = stored.split('$');
  // Bounded parameters: a damaged row must not turn into a crash or a huge allocation.
  const logN = intIn(logNs, 1, 20); // FOLIO_SCRYPT_COST's range tops out at 20
  const r = intIn(rs, 1, 8);
  const p = intIn(ps, 1, 4);
  if (alg !== 'scrypt' || logN === null || r === null || p === null || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  if (expected.length < 16) return false;
  const key = await scrypt(password, Buffer.from(salt, 'base64url'), expected.length, paramsFor(logN, r, p));
  return timingSafeEqual(key, expected);
}

/** A hash to verify against when the user does not exist, so timing does not reveal it. */
export async function decoyHash(logN: number): Promise<string> {
  return hashPassword(randomBytes(16).toString('hex'), logN);
}
