import type { Redis } from 'ioredis';

/**
 * Fixed one-minute windows per principal (interface § Limits, first statement).
 * `RateStore` has an in-memory driver (one process) and a Redis driver (shared by every
 * process of a scale-out deployment).
 */
export interface RateHit {
  count: number;
  /** milliseconds until the window resets */
  resetMs: number;
}

export interface RateStore {
  hit(key: string, windowMs: number): Promise<RateHit>;
  close(): Promise<void>;
}

export class MemoryRateStore implements RateStore {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, windowMs: number): Promise<RateHit> {
    const t = this.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= t) {
      w = { count: 0, resetAt: t + windowMs };
      this.windows.set(key, w);
    }
    w.count += 1;
    return { count: w.count, resetMs: w.resetAt - t };
  }

  private sweep(): void {
    const t = this.now();
    for (const [k, w] of this.windows) if (w.resetAt <= t) this.windows.delete(k);
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
    this.windows.clear();
  }
}

// INCR and set the expiry on the first hit of a window, atomically.
const HIT_SCRIPT = `
local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {n, ttl}
`;

export class RedisRateStore implements RateStore {
  private readonly run: (key: string, windowMs: string) => Promise<[number, number]>;

  constructor(redis: Redis, private readonly prefix = 'folio:rl:') {
    // EVALSHA with the script's digest, EVAL only when the server does not know it yet
    // (ioredis' defineCommand): a request sends the digest, not the script's text
    if (!('folioRateHit' in redis)) redis.defineCommand('folioRateHit', { numberOfKeys: 1, lua: HIT_SCRIPT });
    const command = (redis as unknown as { folioRateHit(key: string, windowMs: string): Promise<[number, number]> }).folioRateHit.bind(redis);
    this.run = command;
  }

  async hit(key: string, windowMs: number): Promise<RateHit> {
    const [count, ttl] = await this.run(this.prefix + key, String(windowMs));
    return { count, resetMs: ttl };
  }

  async close(): Promise<void> {
    // the connection belongs to the composition root
  }
}

export interface RateDecision {
  allowed: boolean;
  headers: Record<string, string>;
  retryAfterSeconds: number;
}

/** RateLimit / RateLimit-Policy headers as in the IETF httpapi draft, plus Retry-After on refusal. */
export async function consume(store: RateStore, key: string, limit: number, windowMs = 60_000): Promise<RateDecision> {
  const { count, resetMs } = await store.hit(key, windowMs);
  const remaining = Math.max(0, limit - count);
  const resetS = Math.max(1, Math.ceil(resetMs / 1000));
  const headers: Record<string, string> = {
    'ratelimit-policy': `"default";q=${limit};w=${Math.round(windowMs / 1000)}`,
    ratelimit: `"default";r=${remaining};t=${resetS}`,
  };
  const allowed = count <= limit;
  if (!allowed) headers['retry-after'] = String(resetS);
  return { allowed, headers, retryAfterSeconds: resetS };
}
