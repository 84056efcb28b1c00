import type { Signer } from '../../platform/crypto/signer.js';

/**
 * Approval links: `<proof id>.<expiry, epoch s>.<HMAC>` with the server's signing key (purpose
 * `proof-link`). Nothing is stored but the proof's `expires_at`: the shop's list derives the
 * same link again, and a link whose id or expiry was altered fails its signature.
 */
export class ProofLinks {
  constructor(
    private readonly signer: Signer,
    private readonly publicUrl: string,
  ) {}

  token(proofId: string, expiresAt: Date): string {
    const exp = Math.floor(expiresAt.getTime() / 1000);
    return `${proofId}.${exp}.${this.signer.sign(`${proofId}.${exp}`)}`;
  }

  /** The proof id and expiry of a token, or null when it is malformed or its signature fails. */
  open(token: string): { proofId: string; expiresAt: Date } | null {
    const parts = token.split('.');
    if (parts.length !== 3 || !/^\d{1,12}$/.test(parts[1]!)) return null;
    const [proofId, exp, sig] = parts as [string, string, string];
    if (!this.signer.verify(`${proofId}.${exp}`, sig)) return null;
    return { proofId, expiresAt: new Date(Number(exp) * 1000) };
  }

  /** The customer's page. */
  pageUrl(token: string): string {
    return `${this.publicUrl}/proof/${token}`;
  }

  apiUrl(token: string): string {
    return `${this.publicUrl}/v1/proofs/${token}`;
  }
}
