import ipaddr from 'ipaddr.js';

type Addr = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * Cloud metadata endpoints: refused even when an allow-list entry would cover them.
 * (169.254.169.254 AWS/GCP/Azure/OpenStack, 169.254.170.2 ECS task metadata,
 * 169.254.169.253 AWS DNS, 100.100.100.200 Alibaba, fd00:ec2::254 AWS IMDS over IPv6.)
 */
const METADATA_ADDRESSES = ['169.254.169.254', '169.254.170.2', '169.254.169.253', '100.100.100.200', 'fd00:ec2::254'].map((a) => ipaddr.parse(a).toNormalizedString());
const METADATA_HOSTS = new Set(['metadata.google.internal', 'metadata.goog', 'metadata', 'instance-data', 'instance-data.ec2.internal']);

/** IPv6 blocks that ipaddr.js calls unicast but no public origin uses. */
const EXTRA_V6_DENY: Array<[ipaddr.IPv6, number]> = [
  ipaddr.IPv6.parseCIDR('::/96'), // IPv4-compatible (deprecated; embeds an IPv4 address)
  ipaddr.IPv6.parseCIDR('fec0::/10'), // site-local (deprecated, still routed internally)
  ipaddr.IPv6.parseCIDR('100::/64'), // discard-only
  ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), // local-use NAT64
];

export function parseAddress(value: string): Addr | null {
  const bare = value.startsWith('[') && value.endsWith(']') ? value.slice(1, -1) : value;
  // Only canonical literals: `ipaddr.isValid` also takes forms like "0x7f.1" that a URL
  // would already have normalised; we never want a second interpretation here.
  if (!ipaddr.IPv4.isValidFourPartDecimal(bare) && !(bare.includes(':') && ipaddr.IPv6.isValid(bare))) return null;
  return ipaddr.parse(bare);
}

export function normalizeHost(host: string): string {
  return host.toLowerCase().replace(/\.+$/, '');
}

export function isMetadataHost(host: string): boolean {
  return METADATA_HOSTS.has(normalizeHost(host));
}

export function isMetadataAddress(addr: Addr): boolean {
  const a = addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress() ? (addr as ipaddr.IPv6).toIPv4Address() : addr;
  return METADATA_ADDRESSES.includes(a.toNormalizedString());
}

/**
 * Only global unicast is public. Everything else is refused: loopback, private (RFC 1918,
 * unique-local), link-local, CGNAT, multicast, broadcast, unspecified, documentation and
 * reserved blocks, IPv4-mapped / NAT64 / 6to4 / Teredo IPv6 (which embed an IPv4 address).
 */
export function isPublicAddress(addr: Addr): boolean {
  if (addr.kind() === 'ipv4') return addr.range() === 'unicast';
  const v6 = addr as ipaddr.IPv6;
  if (v6.range() !== 'unicast') return false;
  return !EXTRA_V6_DENY.some((cidr) => v6.match(cidr));
}

export function describeRange(addr: Addr): string {
  if (addr.kind() === 'ipv6' && (addr as ipaddr.IPv6).isIPv4MappedAddress()) return 'ipv4Mapped';
  return addr.range();
}

/** FOLIO_FETCH_ALLOWLIST compiled: host names (exact) and CIDRs / single addresses. */
export class Allowlist {
  private readonly hosts = new Set<string>();
  private readonly ranges: Array<[Addr, number]> = [];

  constructor(entries: readonly string[]) {
    for (const raw of entries) {
      const entry = raw.trim().toLowerCase();
      if (!entry) continue;
      if (entry.includes('/')) {
        this.ranges.push(ipaddr.parseCIDR(entry));
        continue;
      }
      const addr = parseAddress(entry);
      if (addr) this.ranges.push([addr, addr.kind() === 'ipv4' ? 32 : 128]);
      else this.hosts.add(normalizeHost(entry));
    }
  }

  get empty(): boolean {
    return this.hosts.size === 0 && this.ranges.length === 0;
  }

  allowsHost(host: string): boolean {
    return this.hosts.has(normalizeHost(host));
  }

  allowsAddress(addr: Addr): boolean {
    return this.ranges.some(([range, bits]) => range.kind() === addr.kind() && addr.match(range, bits));
  }
}
