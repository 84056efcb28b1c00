import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import dns from 'node:dns';
import { AppError } from '../http/errors.js';
import { Allowlist, describeRange, isMetadataAddress, isMetadataHost, isPublicAddress, normalizeHost, parseAddress } from './addresses.js';
import { sniffType } from './sniff.js';

export type FetchErrorCode =
  | 'invalid_url'
  | 'scheme_not_allowed'
  | 'credentials_in_url'
  | 'address_not_allowed'
  | 'dns_failed'
  | 'too_many_redirects'
  | 'too_large'
  | 'timeout'
  | 'http_status'
  | 'unsupported_encoding'
  | 'network';

export class FetchError extends Error {
  constructor(
    readonly code: FetchErrorCode,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'FetchError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Name resolution; tests pass a stub. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = async (hostname) => {
  const found = await dns.promises.lookup(hostname, { all: true, verbatim: true });
  return found.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

export interface SafeFetchOptions {
  /** FOLIO_FETCH_ALLOWLIST entries: host names, IPs, CIDRs reachable although not public */
  allowlist: readonly string[];
  /** FOLIO_FETCH_MAX_BYTES */
  maxBytes: number;
  /** FOLIO_FETCH_TIMEOUT_MS: for the whole fetch, every hop and the body included */
  timeoutMs: number;
  maxRedirects?: number;
  resolver?: Resolver;
  userAgent?: string;
  /** extra trust anchors for TLS (tests) */
  ca?: string | Buffer;
}

export interface FetchResult {
  /** the URL the body came from, after redirects */
  url: string;
  status: number;
  body: Buffer;
  /** sniffed from the bytes; null when unknown */
  contentType: string | null;
  extension: string | null;
  /** what the server claimed, for information only */
  declaredType: string | null;
  redirects: string[];
}

export interface SendResult {
  /** the status the server answered, whatever it was (redirects are not followed) */
  status: number;
  /** the first `maxBytes` of the response body; the rest is not read */
  body: Buffer;
  headers: IncomingMessage['headers'];
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * The one way to fetch a URL a user gave us (architecture.md). Per hop: http(s) only, no
 * credentials in the URL, the name resolved once, every address checked (global unicast
 * only, metadata endpoints never), the connection made to the checked address itself (no
 * second lookup to rebind), at most 3 redirects, one deadline for the whole fetch and a
 * byte cap enforced while reading. `FOLIO_FETCH_ALLOWLIST` is the only way to reach a
 * non-public address.
 */
export class SafeFetcher {
  private readonly allowlist: Allowlist;
  private readonly resolver: Resolver;
  private readonly maxRedirects: number;

  constructor(private readonly opts: SafeFetchOptions) {
    this.allowlist = new Allowlist(opts.allowlist);
    this.resolver = opts.resolver ?? systemResolver;
    this.maxRedirects = opts.maxRedirects ?? 3;
  }

  async fetch(input: string, opts: { maxBytes?: number; timeoutMs?: number; accept?: string; signal?: AbortSignal } = {}): Promise<FetchResult> {
    const maxBytes = opts.maxBytes ?? this.opts.maxBytes;
    const timeoutMs = opts.timeoutMs ?? this.opts.timeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new FetchError('timeout', `gave up after ${timeoutMs} ms`)), timeoutMs);
    const onOuterAbort = () => deadline.abort(new FetchError('timeout', 'cancelled'));
    opts.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      return await this.run(input, maxBytes, deadline.signal, opts.accept);
    } catch (err) {
      if (deadline.signal.aborted && deadline.signal.reason instanceof FetchError) throw deadline.signal.reason;
      if (err instanceof FetchError) throw err;
      throw new FetchError('network', `could not fetch: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  private async run(input: string, maxBytes: number, signal: AbortSignal, accept: string | undefined): Promise<FetchResult> {
    let url = this.parse(input);
    const redirects: string[] = [];
    for (;;) {
      const target = await this.check(url, signal);
      const res = await this.request(url, target, signal, accept);
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.destroy();
        if (redirects.length >= this.maxRedirects) throw new FetchError('too_many_redirects', `more than ${this.maxRedirects} redirects`);
        let next: URL;
        try {
          next = new URL(res.headers.location, url);
        } catch {
          throw new FetchError('invalid_url', 'redirect to an invalid URL');
        }
        redirects.push(next.toString());
        url = this.parse(next.toString());
        continue;
      }
      if (status < 200 || status > 299) {
        res.destroy();
        throw new FetchError('http_status', `the server answered ${status}`, status);
      }
      const encoding = (res.headers['content-encoding'] ?? 'identity').toLowerCase();
      if (encoding !== 'identity') {
        res.destroy();
        throw new FetchError('unsupported_encoding', `content-encoding ${encoding} is not accepted`);
      }
      const declaredLength = Number(res.headers['content-length']);
      if (Number.isFinite(declaredLength) && declaredLength > maxBytes) {
        res.destroy();
        throw new FetchError('too_large', `the file is larger than ${maxBytes} bytes`);
      }
      const body = await readCapped(res, maxBytes);
      const sniffed = await sniffType(body);
      return {
        url: url.toString(),
        status,
        body,
        contentType: sniffed?.mime ?? null,
        extension: sniffed?.ext ?? null,
        declaredType: res.headers['content-type'] ?? null,
        redirects,
      };
    }
  }

  /**
   * One request with a body (webhook deliveries): the same URL and address checks as
   * `fetch`, one hop (a redirect is answered, not followed: the body must not go elsewhere),
   * any status returned rather than thrown, and at most `maxBytes` of the answer read.
   */
  async send(
    input: string,
    req: { method: 'POST' | 'PUT'; body: string | Buffer; headers: Record<string, string>; maxBytes?: number; timeoutMs?: number; signal?: AbortSignal },
  ): Promise<SendResult> {
    const timeoutMs = req.timeoutMs ?? this.opts.timeoutMs;
    const deadline = new AbortController();
    const timer = setTimeout(() => deadline.abort(new FetchError('timeout', `gave up after ${timeoutMs} ms`)), timeoutMs);
    const onOuterAbort = () => deadline.abort(new FetchError('timeout', 'cancelled'));
    req.signal?.addEventListener('abort', onOuterAbort, { once: true });
    try {
      const url = this.parse(input);
      const target = await this.check(url, deadline.signal);
      const body = typeof req.body === 'string' ? Buffer.from(req.body) : req.body;
      const res = await this.request(url, target, deadline.signal, undefined, { method: req.method, body, headers: req.headers });
      const chunks: Buffer[] = [];
      let total = 0;
      const cap = req.maxBytes ?? 4096;
      for await (const chunk of res) {
        const b = chunk as Buffer;
        if (total < cap) chunks.push(b.subarray(0, cap - total));
        total += b.length;
        if (total >= cap) {
          res.destroy();
          break;
        }
      }
      return { status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers };
    } catch (err) {
      if (deadline.signal.aborted && deadline.signal.reason instanceof FetchError) throw deadline.signal.reason;
      if (err instanceof FetchError) throw err;
      throw new FetchError('network', `could not connect: ${(err as Error).message}`);
    } finally {
      clearTimeout(timer);
      req.signal?.removeEventListener('abort', onOuterAbort);
    }
  }

  /** The URL and address checks alone, without a request (registering a callback URL). Throws FetchError. */
  async assertAllowed(input: string, timeoutMs = this.opts.timeoutMs): Promise<void> {
    const deadline = AbortSignal.timeout(timeoutMs);
    await this.check(this.parse(input), deadline);
  }

  /**
   * The same address policy for a host another protocol connects to (SFTP): resolves it once,
   * checks every address, and returns the one to connect to, so no second lookup can move the
   * connection elsewhere. Throws FetchError.
   */
  async checkHost(host: string, timeoutMs = this.opts.timeoutMs): Promise<ResolvedAddress> {
    const bracketed = parseAddress(host)?.kind() === 'ipv6' && !host.startsWith('[') ? `[${host}]` : host;
    return this.check(this.parse(`http://${bracketed}/`), AbortSignal.timeout(timeoutMs));
  }

  private parse(input: string): URL {
    if (typeof input !== 'string' || input.length > 4096) throw new FetchError('invalid_url', 'not a URL');
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new FetchError('invalid_url', 'not a URL');
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchError('scheme_not_allowed', `${url.protocol.replace(/:$/, '')} URLs are not fetched; use http or https`);
    if (url.username || url.password) throw new FetchError('credentials_in_url', 'URLs with credentials are not fetched');
    if (!url.hostname) throw new FetchError('invalid_url', 'the URL has no host');
    return url;
  }

  /** Resolves the host once and checks every address; returns the one to connect to. */
  private async check(url: URL, signal: AbortSignal): Promise<ResolvedAddress> {
    const host = normalizeHost(url.hostname);
    if (isMetadataHost(host)) throw new FetchError('address_not_allowed', `${host} is a cloud metadata endpoint`);
    const hostAllowed = this.allowlist.allowsHost(host);
    const literal = parseAddress(url.hostname);
    let addresses: ResolvedAddress[];
    if (literal) {
      addresses = [{ address: literal.toString(), family: literal.kind() === 'ipv4' ? 4 : 6 }];
    } else {
      if (host.endsWith('.localhost') || host === 'localhost') {
        // RFC 6761: these names are loopback whatever a resolver says.
        if (!hostAllowed) throw new FetchError('address_not_allowed', `${host} is a loopback name`);
      }
      addresses = await raceAbort(this.resolver(host), signal).catch((err: unknown) => {
        if (err instanceof FetchError) throw err;
        throw new FetchError('dns_failed', `could not resolve ${host}`);
      });
      if (addresses.length === 0) throw new FetchError('dns_failed', `could not resolve ${host}`);
    }
    for (const a of addresses) {
      const addr = parseAddress(a.address);
      if (!addr) throw new FetchError('address_not_allowed', `${host} resolved to an unusable address`);
      if (isMetadataAddress(addr)) throw new FetchError('address_not_allowed', `${host} is a cloud metadata endpoint`);
      if (isPublicAddress(addr) || hostAllowed || this.allowlist.allowsAddress(addr)) continue;
      throw new FetchError('address_not_allowed', `${host} resolves to a ${describeRange(addr)} address, which is not fetched`);
    }
    return addresses[0]!;
  }

  private request(
    url: URL,
    target: ResolvedAddress,
    signal: AbortSignal,
    accept: string | undefined,
    send?: { method: string; body: Buffer; headers: Record<string, string> },
  ): Promise<IncomingMessage> {
    const secure = url.protocol === 'https:';
    const hostname = url.hostname.replace(/^\[|\]$/g, '');
    const options: https.RequestOptions = {
      // Connect to the checked address itself: no second resolution can move us elsewhere.
      host: target.address,
      family: target.family,
      port: url.port ? Number(url.port) : secure ? 443 : 80,
      path: `${url.pathname}${url.search}`,
      method: send?.method ?? 'GET',
      agent: false,
      signal,
      headers: {
        host: url.host,
        'user-agent': this.opts.userAgent ?? 'Folio/1 (+safe-fetch)',
        accept: accept ?? '*/*',
        'accept-encoding': 'identity',
        ...(send ? { ...send.headers, 'content-length': String(send.body.length) } : {}),
      },
      ...(secure && !parseAddress(hostname) ? { servername: hostname } : {}),
      ...(secure && this.opts.ca ? { ca: this.opts.ca } : {}),
    };
    return new Promise((resolve, reject) => {
      const req = (secure ? https : http).request(options);
      req.once('response', resolve);
      req.once('error', reject);
      req.end(send?.body);
    });
  }

  /** The AppError a route answers with when a user's URL cannot be fetched (400, naming the field). */
  static toAppError(err: unknown, field: string): AppError {
    if (!(err instanceof FetchError)) throw err;
    const messages: Record<FetchErrorCode, string> = {
      invalid_url: 'must be a valid URL',
      scheme_not_allowed: 'must be an http or https URL',
      credentials_in_url: 'must not contain credentials',
      address_not_allowed: 'points to an address that is not reachable from this service',
      dns_failed: 'has a host name that does not resolve',
      too_many_redirects: 'redirects too many times',
      too_large: 'points to a file that is too large',
      timeout: 'took too long to download',
      http_status: `could not be downloaded (HTTP ${(err as FetchError).status ?? 'error'})`,
      unsupported_encoding: 'was sent with an unsupported content encoding',
      network: 'could not be downloaded',
    };
    return AppError.field(field, messages[err.code]);
  }
}

async function readCapped(res: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of res) {
    total += (chunk as Buffer).length;
    if (total > maxBytes) {
      res.destroy();
      throw new FetchError('too_large', `the file is larger than ${maxBytes} bytes`);
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function raceAbort<T>(p: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    p.then(
      (v) => (signal.removeEventListener('abort', onAbort), resolve(v)),
      (e: unknown) => (signal.removeEventListener('abort', onAbort), reject(e instanceof Error ? e : new Error(String(e)))),
    );
  });
}
