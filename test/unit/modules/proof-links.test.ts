import { describe, expect, it } from 'vitest';
import { Signer } from '../../../src/platform/crypto/signer.js';
import { ProofLinks } from '../../../src/modules/proofs/proofs.links.js';

describe('proof approval links', () => {
  const links = new ProofLinks(new Signer('k'.repeat(48), 'proof-link'), 'https://folio.example.com');
  const id = '01a21ce7-f0af-70bc-aed5-0a5869663395';
  const expires = new Date('2026-12-11T12:00:00.000Z');

  it('round-trips the proof id and the expiry (whole seconds); the same proof and expiry give the same link', () => {
    const token = links.token(id, expires);
    expect(links.open(token)).toEqual({ proofId: id, expiresAt: expires });
    expect(links.token(id, new Date(expires.getTime() + 400))).toBe(token);
    expect(links.pageUrl(token)).toBe(`https://folio.example.com/proof/${token}`);
  });

  it('refuses an altered id, expiry or signature, another purpose or key, and malformed tokens', () => {
    const token = links.token(id, expires);
    const [, exp, sig] = token.split('.') as [string, string, string];
    expect(links.open(`${id.replace(/5$/, '6')}.${exp}.${sig}`)).toBeNull();
    expect(links.open(`${id}.${Number(exp) + 1}.${sig}`)).toBeNull();
    expect(links.open(`${id}.${exp}.${sig.slice(1)}`)).toBeNull();
    expect(new ProofLinks(new Signer('k'.repeat(48), 'cursor'), '').open(token)).toBeNull();
    expect(new ProofLinks(new Signer('j'.repeat(48), 'proof-link'), '').open(token)).toBeNull();
    for (const bad of ['', '.', `${id}.${exp}`, `${id}.x.${sig}`, `${id}.${exp}.${sig}.x`]) expect(links.open(bad)).toBeNull();
  });
});
