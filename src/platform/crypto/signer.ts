import { createHmac } from 'node:crypto';
import { safeEqual } from './tokens.js';

/** HMAC-SHA256 signing for opaque tokens handed to clients (cursors, file links). */
export class Signer {
  constructor(private readonly secret: string, private readonly purpose: string) {}

  sign(payload: string): string {
    return createHmac('sha256', this.secret).update(this.purpose).update('\0').update(payload).digest('base64url').slice(0, 32);
  }

  verify(payload: string, signature: string): boolean {
    return safeEqual(this.sign(payload), signature);
  }

  /** Encode a JSON value as `<base64url json>.<sig>`. */
  seal(value: unknown): string {
    const body = Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${body}.${this.sign(body)}`;
  }

  /** Decode a sealed value; null when altered or malformed. */
  open<T>(token: string): T | null {
    const dot = token.lastIndexOf('.');
    if (dot <= 0) return null;
    const body = token.slice(0, dot);
    if (!this.verify(body, token.slice(dot + 1))) return null;
    try {
      return JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as T;
    } catch {
      return null;
    }
  }
}
