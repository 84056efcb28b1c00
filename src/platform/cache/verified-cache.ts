import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

/**
 * A short-lived, per-process cache of looked-up credentials (API keys keyed by the key's
 * SHA-256; store keys by sid and public tokens by their hash), so a request with a known
 * credential costs no database round trip. It caches records, never verdicts: the secret,
 * expiry, grace, revocation, origin and IP are checked on every request.
 *
 * Whatever changes a key (revoke, rotate) or a store a credential resolves to (tier,
 * deletion, reissued credentials) calls `invalidate`, which drops the entries here at once
 * and, through the bus, in every other process before it returns. A process that cannot
 * hear the bus (Redis subscriber down) does not use the cache at all until it hears it again.
 *
 * Without Redis, the embedded database tells: SQLite's `data_version` moves whenever another
 * process (a second server on the same file, the `folio` CLI) has committed, and a cache that
 * sees it move drops everything before it answers (one pragma per lookup, a few µs). Without
 * Redis or that signal (PostgreSQL alone), another process's change could not be heard: the
 * cache is off. Each cache names itself in its log lines (`name`).
 */
export interface Invalidation {
  keys?: string[];
  /** drop everything (store changes, a reconnected subscriber) */
  all?: boolean;
}

export interface InvalidationBus {
  /** true while this process is sure to hear every invalidation */
  readonly live: boolean;
  start(handler: (inv: Invalidation) => void): Promise<void>;
  /** resolves once every listening process has applied `inv`, or after a bounded wait */
  publish(inv: Invalidation): Promise<void>;
  close(): Promise<void>;
}

/**
 * One process: nothing to tell anyone else. `live` false where other processes' changes
 * cannot be heard otherwise (a cache over it keeps nothing).
 */
export class LocalBus implements InvalidationBus {
  constructor(readonly live = true) {}
  async start(): Promise<void> {}
  async publish(): Promise<void> {}
  async close(): Promise<void> {}
}

interface Wire {
  n: string;
  keys?: string[];
  all?: boolean;
}

/**
 * Redis pub/sub with acknowledgements: each process applies an invalidation, then answers
 * on the ack channel; the publisher waits for as many answers as PUBLISH reported
 * receivers (bounded by `ackTimeoutMs`). So when a revocation answers 200, every
 * process has already forgotten the key, and its very next request goes to the database.
 */
export class RedisBus implements InvalidationBus {
  private sub: Redis | null = null;
  private handler: ((inv: Invalidation) => void) | null = null;
  private readonly pending = new Map<string, { need: number; got: number; done(): void }>();
  private isLive = false;
  private closing = false;

  constructor(
    private readonly redis: Redis,
    private readonly channel: string,
    private readonly ackTimeoutMs = 1000,
    private readonly onError: (err: unknown, message: string) => void = () => undefined,
    /** what the log lines call this cache */
    private readonly name = 'api-key',
  ) {}

  get live(): boolean {
    return this.isLive;
  }

  private get ackChannel(): string {
    return `${this.channel}:ack`;
  }

  async start(handler: (inv: Invalidation) => void): Promise<void> {
    this.handler = handler;
    const sub = this.redis.duplicate();
    this.sub = sub;
    sub.on('error', () => undefined);
    sub.on('close', () => this.down());
    sub.on('end', () => this.down());
    sub.on('ready', () => {
      // After a reconnect, what was missed while away is unknown: start from empty.
      if (this.isLive || this.closing) return;
      sub.subscribe(this.channel, this.ackChannel).then(
        () => {
          this.handler?.({ all: true });
          this.isLive = true;
        },
        (err: unknown) => this.onError(err, `${this.name} cache: resubscribe failed`),
      );
    });
    sub.on('message', (channel: string, message: string) => this.onMessage(channel, message));
    try {
      await sub.subscribe(this.channel, this.ackChannel);
      this.isLive = true;
    } catch (err) {
      // Redis down at start is not fatal: the cache stays off until the subscriber is ready.
      this.onError(err, `${this.name} cache: cannot subscribe; caching off until Redis answers`);
    }
  }

  private down(): void {
    if (!this.isLive) return;
    this.isLive = false;
    this.handler?.({ all: true });
  }

  private onMessage(channel: string, message: string): void {
    if (channel === this.ackChannel) {
      const p = this.pending.get(message);
      if (p && ++p.got >= p.need) p.done();
      return;
    }
    if (channel !== this.channel) return;
    let wire: Wire;
    try {
      wire = JSON.parse(message) as Wire;
    } catch {
      return;
    }
    this.handler?.({ ...(wire.keys ? { keys: wire.keys } : {}), ...(wire.all ? { all: true } : {}) });
    this.redis.publish(this.ackChannel, wire.n).catch((err: unknown) => this.onError(err, `${this.name} cache: ack failed`));
  }

  async publish(inv: Invalidation): Promise<void> {
    const n = randomUUID();
    let timer: NodeJS.Timeout | undefined;
    const acked = new Promise<void>((resolve) => {
      this.pending.set(n, { need: Number.POSITIVE_INFINITY, got: 0, done: resolve });
      timer = setTimeout(() => {
        this.onError(new Error('not every process acknowledged in time'), `${this.name} cache: invalidation ack timeout`);
        resolve();
      }, this.ackTimeoutMs);
    });
    try {
      const receivers = await Promise.race([
        this.redis.publish(this.channel, JSON.stringify({ n, ...inv } satisfies Wire)),
        acked.then(() => -1),
      ]);
      const p = this.pending.get(n);
      if (receivers >= 0 && p) {
        p.need = receivers;
        if (p.got >= p.need) p.done();
      }
      await acked;
    } catch (err) {
      // Processes that cannot hear Redis do not use their caches; nothing more to do.
      this.onError(err, `${this.name} cache: publish failed`);
    } finally {
      clearTimeout(timer);
      this.pending.delete(n);
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    this.isLive = false;
    for (const p of this.pending.values()) p.done();
    const sub = this.sub;
    this.sub = null;
    if (sub) await sub.quit().catch(() => sub.disconnect());
  }
}

export interface CacheOptions {
  ttlMs: number;
  maxEntries: number;
}

interface Entry<V> {
  value: V;
  keyId: string;
  expires: number;
}

/** A bounded map with per-entry expiry, least recently inserted evicted first. */
export class VerifiedKeyCache<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** bumped by every invalidation; a load that began before one must not be stored */
  private epoch = 0;

  /** the last `dataVersion` seen */
  private seen: number | null = null;

  constructor(
    private readonly bus: InvalidationBus,
    private readonly options: CacheOptions,
    private readonly clock: () => number = () => performance.now(),
    /** SQLite's `data_version` (db/index.ts): moves when another process commits */
    private readonly dataVersion: (() => number) | null = null,
  ) {}

  get enabled(): boolean {
    return this.options.ttlMs > 0 && this.options.maxEntries > 0 && this.bus.live;
  }

  /** Drops everything when another process has committed since the last lookup. */
  private heed(): void {
    if (this.dataVersion === null) return;
    const v = this.dataVersion();
    if (v === this.seen) return;
    if (this.seen !== null) this.apply({ all: true });
    this.seen = v;
  }

  get size(): number {
    return this.entries.size;
  }

  get(key: string): V | undefined {
    if (!this.enabled) return undefined;
    this.heed();
    const e = this.entries.get(key);
    if (!e) return undefined;
    if (e.expires <= this.clock()) {
      this.entries.delete(key);
      return undefined;
    }
    return e.value;
  }

  /** Call before the database read whose result may be stored. */
  mark(): number {
    return this.epoch;
  }

  set(key: string, keyId: string, value: V, mark: number): void {
    if (!this.enabled || mark !== this.epoch) return;
    if (this.entries.size >= this.options.maxEntries) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { value, keyId, expires: this.clock() + this.options.ttlMs });
  }

  /** Applies an invalidation in this process only (the bus handler). */
  apply(inv: Invalidation): void {
    this.epoch++;
    if (inv.all) {
      this.entries.clear();
      return;
    }
    const ids = new Set(inv.keys ?? []);
    if (ids.size === 0) return;
    for (const [k, e] of this.entries) if (ids.has(e.keyId)) this.entries.delete(k);
  }

  /** Drops the entries here, then in every other process, before resolving. */
  async invalidate(inv: Invalidation): Promise<void> {
    this.apply(inv);
    await this.bus.publish(inv);
  }
}

/** As the API keys' cache: a looked-up record is kept at most 30 s (a change heard drops it at once). */
export const DEFAULT_CACHE: CacheOptions = { ttlMs: 30_000, maxEntries: 10_000 };

/** A cache that keeps nothing: every credential is looked up (the CLI, and services built alone in tests). */
export function uncachedLookups<V>(): VerifiedKeyCache<V> {
  return new VerifiedKeyCache<V>(new LocalBus(), { ttlMs: 0, maxEntries: 0 });
}

/** What a module needs for a credential cache (its builder's deps extend it). */
export interface CredentialCacheDeps {
  /** with Redis, a change empties every process's cache before it answers */
  redis: Redis | null;
  /** SQLite's `data_version` (Database.dataVersion): another process's commit empties the cache; null on PostgreSQL */
  dataVersion: (() => number) | null;
  redisPrefix: string;
  /** the cache's settings; ttlMs 0 turns it off */
  cache?: CacheOptions | undefined;
  onError(err: unknown, message: string): void;
}

/**
 * A module's cache with its bus, started: over Redis (channel `<prefix><channel>`) when there
 * is one, else local to this process and emptied when `dataVersion` moves (SQLite), or off
 * (neither: another process's change could not be heard).
 */
export async function credentialCache<V>(o: CredentialCacheDeps & { channel: string; /** what the log lines call it */ name: string }): Promise<{ cache: VerifiedKeyCache<V>; bus: InvalidationBus }> {
  const bus: InvalidationBus = o.redis ? new RedisBus(o.redis, `${o.redisPrefix}${o.channel}`, 1000, o.onError, o.name) : new LocalBus(o.dataVersion !== null);
  const cache = new VerifiedKeyCache<V>(bus, o.cache ?? DEFAULT_CACHE, undefined, o.dataVersion);
  try {
    await bus.start((inv) => cache.apply(inv));
  } catch (err) {
    await bus.close();
    throw err;
  }
  return { cache, bus };
}
