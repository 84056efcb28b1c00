import { describe, expect, it } from 'vitest';
import { ipMatcher, normalizeIpRule, normalizeOrigin } from '../../../src/modules/api-keys/restrictions.js';

describe('allowed_origins', () => {
  it('normalises origins to scheme://host[:port]', () => {
    expect(normalizeOrigin('https://Shop.Example')).toBe('https://shop.example');
    expect(normalizeOrigin('https://shop.example/')).toBe('https://shop.example');
    expect(normalizeOrigin('https://shop.example:443')).toBe('https://shop.example');
    expect(normalizeOrigin('http://localhost:5173')).toBe('http://localhost:5173');
    expect(normalizeOrigin('https://[2001:db8::1]:8443')).toBe('https://[2001:db8::1]:8443');
  });

  it('rejects what is not an origin', () => {
    for (const bad of ['', 'shop.example', 'https://shop.example/path', 'https://shop.example?x=1', 'https://a@shop.example', 'ftp://shop.example', 'javascript:alert(1)', 'https://', 'https://shop.example#x']) {
      expect(normalizeOrigin(bad), bad).toBeNull();
    }
  });
});

describe('allowed_ips', () => {
  it('accepts addresses and CIDR ranges, IPv4 and IPv6', () => {
    expect(normalizeIpRule('192.0.2.7')).toBe('192.0.2.7');
    expect(normalizeIpRule(' 10.0.0.0/8 ')).toBe('10.0.0.0/8');
    expect(normalizeIpRule('2001:DB8::/32')).toBe('2001:db8::/32');
    expect(normalizeIpRule('::1')).toBe('::1');
    expect(normalizeIpRule('::ffff:10.1.2.3')).toBe('10.1.2.3');
  });

  it('rejects junk, bad prefixes and out-of-range lengths', () => {
    for (const bad of ['', 'localhost', '10.0.0', '10.0.0.256', '10.0.0.0/33', '10.0.0.0/-1', '10.0.0.0/x', '2001:db8::/129', '10.0.0.0/8/8']) {
      expect(normalizeIpRule(bad), bad).toBeNull();
    }
  });

  it('matches client addresses against the rules', () => {
    const m = ipMatcher(['10.0.0.0/8', '192.0.2.7', '2001:db8::/32'])!;
    expect(m.allows('10.200.3.4')).toBe(true);
    expect(m.allows('::ffff:10.200.3.4')).toBe(true);
    expect(m.allows('192.0.2.7')).toBe(true);
    expect(m.allows('192.0.2.8')).toBe(false);
    expect(m.allows('11.0.0.1')).toBe(false);
    expect(m.allows('2001:db8:ffff::1')).toBe(true);
    expect(m.allows('2001:db9::1')).toBe(false);
    expect(m.allows('not-an-ip')).toBe(false);
    expect(ipMatcher([])).toBeNull();
  });
});
