import { BlockList, isIP } from 'node:net';

/**
 * The two per-key restrictions: `allowed_origins` (exact browser origins) and
 * `allowed_ips` (addresses and CIDR ranges, IPv4 and IPv6). An empty list means
 * "no restriction". Inputs are normalised once, at creation, so matching is exact.
 */

/** `https://Shop.Example:443/` → `https://shop.example`; null when it is not an origin. */
export function normalizeOrigin(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed.length > 255) return null;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // An origin is scheme, host and port: no credentials, path, query or fragment.
  if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) return null;
  if (!/^[a-z]+:\/\/[^/]+\/?$/i.test(trimmed)) return null;
  return url.origin;
}

/** The Origin header as sent, normalised the same way (browsers already send it canonical). */
export function requestOrigin(header: string | undefined): string | null {
  if (header === undefined) return null;
  return normalizeOrigin(header);
}

/** An IPv4-mapped IPv6 client address (`::ffff:10.0.0.1`) is the IPv4 address. */
function unmap(ip: string): string {
  const m = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return m ? m[1]! : ip;
}

/** `10.0.0.0/8`, `2001:db8::/32`, `192.0.2.7` → canonical text; null when invalid. */
export function normalizeIpRule(value: string): string | null {
  const trimmed = value.trim();
  const slash = trimmed.indexOf('/');
  const addr = unmap(slash < 0 ? trimmed : trimmed.slice(0, slash));
  const family = isIP(addr);
  if (family === 0) return null;
  if (slash < 0) return addr.toLowerCase();
  const bitsText = trimmed.slice(slash + 1);
  if (!/^\d{1,3}$/.test(bitsText)) return null;
  const bits = Number(bitsText);
  if (bits > (family === 4 ? 32 : 128)) return null;
  return `${addr.toLowerCase()}/${bits}`;
}

export interface IpMatcher {
  allows(ip: string): boolean;
}

/** A matcher for normalised rules; null for an empty list (every address allowed). */
export function ipMatcher(rules: readonly string[]): IpMatcher | null {
  if (rules.length === 0) return null;
  const list = new BlockList();
  for (const rule of rules) {
    const slash = rule.indexOf('/');
    const addr = slash < 0 ? rule : rule.slice(0, slash);
    const type = isIP(addr) === 4 ? 'ipv4' : 'ipv6';
    if (slash < 0) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(rule.slice(slash + 1)), type);
  }
  return {
    allows(ip: string): boolean {
      const addr = unmap(ip);
      const family = isIP(addr);
      if (family === 0) return false;
      return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
