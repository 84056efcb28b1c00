import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { randomUUID } from 'node:crypto';

/** Clock difference tolerated between the process that issued a token and the one checking it. */
export const CLOCK_SKEW_SECONDS = 60;

export interface AccessToken {
  token_type: 'bearer';
  access_token: string;
  expires_in: number;
}

export interface VerifiedJwt {
  userId: string;
  version: number;
}

/**
 * Account JWTs (decisions.md § Identity): HS256 with the server secret; claims
 * iss, sub (user uuid), iat, nbf, exp, jti and ver (the user's token version).
 */
export class JwtIssuer {
  private readonly key: Uint8Array;
  /** Tokens already verified, until their expiry: the HMAC check is then skipped (bounded). */
  private readonly verified = new Map<string, VerifiedJwt & { exp: number }>();
  constructor(secret: string, private readonly issuer: string, private readonly ttlSeconds: number, private readonly now: () => number = Date.now) {
    this.key = new TextEncoder().encode(secret);
  }

  async issue(userId: string, version: number): Promise<AccessToken> {
    const iat = Math.floor(this.now() / 1000);
    const jwt = await new SignJWT({ ver: version })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(this.issuer)
      .setSubject(userId)
      .setIssuedAt(iat)
      .setNotBefore(iat)
      .setExpirationTime(iat + this.ttlSeconds)
      .setJti(randomUUID())
      .sign(this.key);
    return { token_type: 'bearer', access_token: jwt, expires_in: this.ttlSeconds };
  }

  /**
   * No token lives longer than FOLIO_JWT_TTL, whatever it claims: a token signed with the
   * real key (a leaked secret, a forged or hand-made one) with `exp` in 2100 is refused. Its
   * stated lifetime (exp − iat) must fit the TTL, it may not be issued in the future, and its
   * expiry may not lie beyond now + TTL; each allowing CLOCK_SKEW_SECONDS between processes.
   * Lowering the TTL therefore also shortens tokens already handed out.
   */
  private withinLifetime(iat: number, exp: number): boolean {
    const now = Math.floor(this.now() / 1000);
    return exp - iat <= this.ttlSeconds && iat <= now + CLOCK_SKEW_SECONDS && exp <= now + this.ttlSeconds + CLOCK_SKEW_SECONDS;
  }

  /** null for anything that is not a valid, current token of ours. */
  async verify(token: string): Promise<VerifiedJwt | null> {
    if (token.length > 4096 || token.split('.').length !== 3) return null;
    const hit = this.verified.get(token);
    if (hit) {
      if (hit.exp * 1000 > this.now()) return { userId: hit.userId, version: hit.version };
      this.verified.delete(token);
    }
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: ['HS256'],
        issuer: this.issuer,
        requiredClaims: ['sub', 'exp', 'iat', 'nbf', 'jti'],
        currentDate: new Date(this.now()),
      });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number' || typeof payload.iat !== 'number') return null;
      if (!this.withinLifetime(payload.iat, payload.exp)) return null;
      const claims = { userId: payload.sub, version: payload.ver };
      if (this.verified.size >= 10_000) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, { ...claims, exp: payload.exp });
      return claims;
    } catch (err) {
      if (err instanceof joseErrors.JOSEError || err instanceof TypeError) return null;
      throw err;
    }
  }
}
