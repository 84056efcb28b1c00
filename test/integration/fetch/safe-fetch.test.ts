import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FetchError, SafeFetcher, type FetchErrorCode, type ResolvedAddress, type Resolver } from '../../../src/platform/fetch/safe-fetch.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const SVG = '<?xml version="1.0"?>\n<!-- a comment -->\n<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"></svg>';
const MAX_BYTES = 1000;
const TIMEOUT_MS = 600;
const tlsDir = path.resolve(import.meta.dirname, '../../fixtures/tls');

let server: http.Server;
let tlsServer: https.Server;
let port = 0;
let tlsPort = 0;
const open = new Set<import('node:net').Socket>();

function handler(req: http.IncomingMessage, res: http.ServerResponse): void {
  const url = new URL(req.url ?? '/', 'http://x');
  switch (url.pathname) {
    case '/ok.png':
      // The header lies; the type must come from the bytes.
      res.writeHead(200, { 'content-type': 'text/plain', 'x-host-seen': req.headers.host ?? '' });
      res.end(PNG);
      return;
    case '/image.svg':
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(SVG);
      return;
    case '/text':
      res.writeHead(200, { 'content-type': 'image/png' });
      res.end('just some text');
      return;
    case '/big':
      res.writeHead(200, { 'content-length': String(MAX_BYTES * 2) });
      res.end(Buffer.alloc(MAX_BYTES * 2));
      return;
    case '/chunked-big': {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      let sent = 0;
      const t = setInterval(() => {
        if (res.destroyed || sent > MAX_BYTES * 100) return clearInterval(t);
        res.write(Buffer.alloc(400));
        sent += 400;
      }, 5);
      return;
    }
    case '/slow-body': {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      const t = setInterval(() => (res.destroyed ? clearInterval(t) : res.write('x')), 50);
      return;
    }
    case '/slow-headers':
      return; // never answers
    case '/gzip':
      res.writeHead(200, { 'content-encoding': 'gzip' });
      res.end(Buffer.from([0x1f, 0x8b]));
      return;
    case '/missing':
      res.writeHead(404);
      res.end();
      return;
    case '/redirect':
      res.writeHead(302, { location: url.searchParams.get('to') ?? '/ok.png' });
      res.end();
      return;
    case '/chain': {
      const n = Number(url.searchParams.get('n'));
      res.writeHead(n > 0 ? 301 : 200, n > 0 ? { location: `/chain?n=${n - 1}` } : { 'content-type': 'image/png' });
      res.end(n > 0 ? undefined : PNG);
      return;
    }
    default:
      res.writeHead(404);
      res.end();
  }
}

beforeAll(async () => {
  server = http.createServer(handler);
  server.on('connection', (s) => (open.add(s), s.on('close', () => open.delete(s))));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  tlsServer = https.createServer(
    { key: fs.readFileSync(path.join(tlsDir, 'origin.test.key')), cert: fs.readFileSync(path.join(tlsDir, 'origin.test.crt')) },
    handler,
  );
  tlsServer.on('secureConnection', (s) => (open.add(s), s.on('close', () => open.delete(s))));
  await new Promise<void>((r) => tlsServer.listen(0, '127.0.0.1', r));
  tlsPort = (tlsServer.address() as AddressInfo).port;
});

afterAll(async () => {
  for (const s of open) s.destroy();
  await new Promise((r) => server.close(r));
  await new Promise((r) => tlsServer.close(r));
});

/** A stub DNS: the names an attacker controls resolve wherever the test says. */
const ZONE: Record<string, ResolvedAddress[] | 'hang' | 'nxdomain'> = {
  'origin.test': [{ address: '127.0.0.1', family: 4 }],
  'other.test': [{ address: '127.0.0.1', family: 4 }],
  'loopback.evil.test': [{ address: '127.0.0.1', family: 4 }],
  'private.evil.test': [{ address: '10.0.0.5', family: 4 }],
  'mixed.evil.test': [
    { address: '93.184.216.34', family: 4 },
    { address: '127.0.0.1', family: 4 },
  ],
  'metadata.evil.test': [{ address: '169.254.169.254', family: 4 }],
  'v6loop.evil.test': [{ address: '::1', family: 6 }],
  'mapped.evil.test': [{ address: '::ffff:127.0.0.1', family: 6 }],
  'ula.evil.test': [{ address: 'fd12:3456::1', family: 6 }],
  'slowdns.test': 'hang',
  'nxdomain.test': 'nxdomain',
};

function stubResolver(calls: string[] = []): Resolver {
  return async (host) => {
    calls.push(host);
    const answer = ZONE[host];
    if (answer === 'hang') return new Promise<ResolvedAddress[]>(() => undefined);
    if (answer === undefined || answer === 'nxdomain') throw Object.assign(new Error(`ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return answer;
  };
}

function fetcher(allowlist: string[] = ['origin.test'], resolver: Resolver = stubResolver()): SafeFetcher {
  return new SafeFetcher({
    allowlist,
    maxBytes: MAX_BYTES,
    timeoutMs: TIMEOUT_MS,
    resolver,
    ca: fs.readFileSync(path.join(tlsDir, 'origin.test.crt')),
  });
}

async function refused(f: SafeFetcher, url: string): Promise<{ code: FetchErrorCode; ms: number }> {
  const started = Date.now();
  try {
    await f.fetch(url);
  } catch (err) {
    expect(err, url).toBeInstanceOf(FetchError);
    return { code: (err as FetchError).code, ms: Date.now() - started };
  }
  throw new Error(`${url} was fetched but should have been refused`);
}

describe('safe fetcher: what it fetches', () => {
  it('fetches an allow-listed origin and sniffs the type from the bytes, not the header', async () => {
    const res = await fetcher().fetch(`http://origin.test:${port}/ok.png`);
    expect(res.status).toBe(200);
    expect(res.contentType).toBe('image/png');
    expect(res.extension).toBe('png');
    expect(res.declaredType).toBe('text/plain');
    expect(res.body.equals(PNG)).toBe(true);
    expect(res.url).toBe(`http://origin.test:${port}/ok.png`);
  });

  it('recognises SVG, and reports unknown bytes as unknown even when the header claims an image', async () => {
    expect((await fetcher().fetch(`http://origin.test:${port}/image.svg`)).contentType).toBe('image/svg+xml');
    expect((await fetcher().fetch(`http://origin.test:${port}/text`)).contentType).toBeNull();
  });

  it('follows up to 3 redirects', async () => {
    const res = await fetcher().fetch(`http://origin.test:${port}/chain?n=3`);
    expect(res.redirects).toHaveLength(3);
    expect(res.contentType).toBe('image/png');
  });

  it('resolves the name once per hop and connects to the checked address (no DNS rebinding)', async () => {
    let calls = 0;
    // First answer allowed, every later one private: a second lookup would go elsewhere.
    const rebinding: Resolver = async () => (calls++ === 0 ? [{ address: '127.0.0.1', family: 4 }] : [{ address: '10.0.0.9', family: 4 }]);
    const res = await fetcher(['127.0.0.1'], rebinding).fetch(`http://rebind.test:${port}/ok.png`);
    expect(res.contentType).toBe('image/png');
    expect(calls).toBe(1);
    expect(res.body.equals(PNG)).toBe(true);
  });

  it('sends the original Host header while connecting to the pinned address', async () => {
    const seen: string[] = [];
    const res = await fetcher(['origin.test'], stubResolver(seen)).fetch(`http://origin.test:${port}/ok.png`);
    expect(seen).toEqual(['origin.test']);
    expect(res.status).toBe(200);
  });

  it('speaks TLS to the pinned address with SNI and certificate checks for the original name', async () => {
    const res = await fetcher(['origin.test', 'other.test']).fetch(`https://origin.test:${tlsPort}/ok.png`);
    expect(res.contentType).toBe('image/png');
    // Same address, another name: the certificate does not match, so no body.
    expect((await refused(fetcher(['origin.test', 'other.test']), `https://other.test:${tlsPort}/ok.png`)).code).toBe('network');
  });

  it('allow-listed CIDRs open private ranges, but never IPv4-mapped forms or metadata endpoints', async () => {
    const f = fetcher(['127.0.0.0/8', '169.254.0.0/16']);
    expect((await f.fetch(`http://127.0.0.1:${port}/ok.png`)).contentType).toBe('image/png');
    expect((await refused(f, `http://[::ffff:127.0.0.1]:${port}/ok.png`)).code).toBe('address_not_allowed');
    expect((await refused(f, 'http://169.254.169.254/latest/meta-data/')).code).toBe('address_not_allowed');
  });
});

/** Every way in that we know of; each must be refused, quickly, with the right reason. */
const BYPASSES: Array<[string, (p: number) => string, FetchErrorCode]> = [
  ['loopback literal', (p) => `http://127.0.0.1:${p}/ok.png`, 'address_not_allowed'],
  ['localhost', (p) => `http://localhost:${p}/ok.png`, 'address_not_allowed'],
  ['localhost with a trailing dot', (p) => `http://localhost.:${p}/ok.png`, 'address_not_allowed'],
  ['LOCALHOST in capitals', (p) => `http://LOCALHOST:${p}/ok.png`, 'address_not_allowed'],
  ['a *.localhost name', (p) => `http://app.localhost:${p}/ok.png`, 'address_not_allowed'],
  ['decimal IPv4', (p) => `http://2130706433:${p}/ok.png`, 'address_not_allowed'],
  ['octal IPv4', (p) => `http://017700000001:${p}/ok.png`, 'address_not_allowed'],
  ['hex IPv4', (p) => `http://0x7f000001:${p}/ok.png`, 'address_not_allowed'],
  ['mixed hex dotted IPv4', (p) => `http://0x7f.0.0.1:${p}/ok.png`, 'address_not_allowed'],
  ['octal dotted IPv4', (p) => `http://0177.0.0.1:${p}/ok.png`, 'address_not_allowed'],
  ['short-form IPv4', (p) => `http://127.1:${p}/ok.png`, 'address_not_allowed'],
  ['IPv4 with a trailing dot', (p) => `http://127.0.0.1.:${p}/ok.png`, 'address_not_allowed'],
  ['0.0.0.0', (p) => `http://0.0.0.0:${p}/ok.png`, 'address_not_allowed'],
  ['bare 0', (p) => `http://0:${p}/ok.png`, 'address_not_allowed'],
  ['IPv6 unspecified', (p) => `http://[::]:${p}/ok.png`, 'address_not_allowed'],
  ['IPv6 loopback', (p) => `http://[::1]:${p}/ok.png`, 'address_not_allowed'],
  ['IPv4-mapped IPv6', (p) => `http://[::ffff:127.0.0.1]:${p}/ok.png`, 'address_not_allowed'],
  ['IPv4-mapped IPv6, hex form', (p) => `http://[::ffff:7f00:1]:${p}/ok.png`, 'address_not_allowed'],
  ['IPv4-mapped IPv6, long form', (p) => `http://[0:0:0:0:0:ffff:127.0.0.1]:${p}/ok.png`, 'address_not_allowed'],
  ['IPv4-compatible IPv6', (p) => `http://[::127.0.0.1]:${p}/ok.png`, 'address_not_allowed'],
  ['NAT64 of loopback', () => 'http://[64:ff9b::7f00:1]/', 'address_not_allowed'],
  ['6to4 of loopback', () => 'http://[2002:7f00:1::]/', 'address_not_allowed'],
  ['metadata IPv4', () => 'http://169.254.169.254/latest/meta-data/', 'address_not_allowed'],
  ['metadata, IPv4-mapped', () => 'http://[::ffff:a9fe:a9fe]/latest/meta-data/', 'address_not_allowed'],
  ['metadata host name', () => 'http://metadata.google.internal/computeMetadata/v1/', 'address_not_allowed'],
  ['AWS IPv6 metadata', () => 'http://[fd00:ec2::254]/latest/meta-data/', 'address_not_allowed'],
  ['Alibaba metadata', () => 'http://100.100.100.200/latest/meta-data/', 'address_not_allowed'],
  ['ECS task metadata', () => 'http://169.254.170.2/v2/credentials', 'address_not_allowed'],
  ['RFC 1918 10/8', () => 'http://10.0.0.1/', 'address_not_allowed'],
  ['RFC 1918 10/8, hex dotted', () => 'http://0x0a.0x00.0x00.0x01/', 'address_not_allowed'],
  ['RFC 1918 10/8, octal', () => 'http://012.0.0.1/', 'address_not_allowed'],
  ['RFC 1918 172.16/12', () => 'http://172.16.0.1/', 'address_not_allowed'],
  ['RFC 1918 192.168/16', () => 'http://192.168.1.1/', 'address_not_allowed'],
  ['CGNAT 100.64/10', () => 'http://100.64.0.1/', 'address_not_allowed'],
  ['link-local 169.254/16', () => 'http://169.254.0.1/', 'address_not_allowed'],
  ['multicast', () => 'http://224.0.0.1/', 'address_not_allowed'],
  ['broadcast', () => 'http://255.255.255.255/', 'address_not_allowed'],
  ['reserved 240/4', () => 'http://240.0.0.1/', 'address_not_allowed'],
  ['benchmarking 198.18/15', () => 'http://198.18.0.1/', 'address_not_allowed'],
  ['IPv6 link-local', () => 'http://[fe80::1]/', 'address_not_allowed'],
  ['IPv6 unique-local', () => 'http://[fc00::1]/', 'address_not_allowed'],
  ['IPv6 multicast', () => 'http://[ff02::1]/', 'address_not_allowed'],
  ['name → loopback (stub resolver)', (p) => `http://loopback.evil.test:${p}/ok.png`, 'address_not_allowed'],
  ['name → 10.0.0.5', () => 'http://private.evil.test/', 'address_not_allowed'],
  ['name → public and loopback at once', (p) => `http://mixed.evil.test:${p}/ok.png`, 'address_not_allowed'],
  ['name → metadata', () => 'http://metadata.evil.test/latest/meta-data/', 'address_not_allowed'],
  ['name → ::1', (p) => `http://v6loop.evil.test:${p}/ok.png`, 'address_not_allowed'],
  ['name → IPv4-mapped loopback', (p) => `http://mapped.evil.test:${p}/ok.png`, 'address_not_allowed'],
  ['name → unique-local IPv6', () => 'http://ula.evil.test/', 'address_not_allowed'],
  ['redirect to a loopback literal', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${p}/ok.png`)}`, 'address_not_allowed'],
  ['redirect to a private address', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent('http://10.0.0.1/')}`, 'address_not_allowed'],
  ['redirect to a name → loopback', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent(`http://loopback.evil.test:${p}/ok.png`)}`, 'address_not_allowed'],
  ['redirect to IPv6 loopback', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent(`http://[::1]:${p}/ok.png`)}`, 'address_not_allowed'],
  ['redirect to metadata', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, 'address_not_allowed'],
  ['redirect to decimal loopback', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent(`http://2130706433:${p}/ok.png`)}`, 'address_not_allowed'],
  ['redirect to file:', (p) => `http://origin.test:${p}/redirect?to=${encodeURIComponent('file:///etc/passwd')}`, 'scheme_not_allowed'],
  ['4 redirects', (p) => `http://origin.test:${p}/chain?n=4`, 'too_many_redirects'],
  ['file: URL', () => 'file:///etc/passwd', 'scheme_not_allowed'],
  ['ftp: URL', () => 'ftp://origin.test/file', 'scheme_not_allowed'],
  ['gopher: URL', (p) => `gopher://127.0.0.1:${p}/_GET`, 'scheme_not_allowed'],
  ['data: URL', () => 'data:text/plain,hello', 'scheme_not_allowed'],
  ['javascript: URL', () => 'javascript:alert(1)', 'scheme_not_allowed'],
  ['credentials in the URL', (p) => `http://user:pass@origin.test:${p}/ok.png`, 'credentials_in_url'],
  ['allowed name as userinfo before a loopback host', (p) => `http://origin.test@127.0.0.1:${p}/ok.png`, 'credentials_in_url'],
  ['tab in the host', () => 'http://127.0.0.1%09/', 'invalid_url'],
  ['not a URL', () => 'not a url', 'invalid_url'],
  ['oversized body (declared length)', (p) => `http://origin.test:${p}/big`, 'too_large'],
  ['oversized body (streamed without length)', (p) => `http://origin.test:${p}/chunked-big`, 'too_large'],
  ['slow body', (p) => `http://origin.test:${p}/slow-body`, 'timeout'],
  ['headers that never come', (p) => `http://origin.test:${p}/slow-headers`, 'timeout'],
  ['a name that never resolves', () => 'http://slowdns.test/', 'timeout'],
  ['a name that does not exist', () => 'http://nxdomain.test/', 'dns_failed'],
  ['a compressed body', (p) => `http://origin.test:${p}/gzip`, 'unsupported_encoding'],
  ['an error status', (p) => `http://origin.test:${p}/missing`, 'http_status'],
];

describe('safe fetcher: bypass attempts', () => {
  it('has a table of at least 40 bypass attempts', () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(BYPASSES)('refuses %s', async (_name, make, code) => {
    const result = await refused(fetcher(), make(port));
    expect(result.code).toBe(code);
    // Never hangs: everything ends by the deadline (plus slack for a loaded CI machine).
    expect(result.ms).toBeLessThan(TIMEOUT_MS + 1500);
  });

  it('refuses them all at once without tying up the process', async () => {
    const started = Date.now();
    const results = await Promise.all(BYPASSES.map(([, make]) => refused(fetcher(), make(port))));
    expect(results.map((r) => r.code)).toEqual(BYPASSES.map(([, , code]) => code));
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 3000);
  });

  it('turns a refusal into a 400 naming the field', () => {
    const err = SafeFetcher.toAppError(new FetchError('address_not_allowed', 'x'), 'image_url');
    expect(err.status).toBe(400);
    expect(err.options.fields).toEqual({ image_url: ['points to an address that is not reachable from this service'] });
  });
});
