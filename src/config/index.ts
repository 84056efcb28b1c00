import path from 'node:path';

/**
 * Every setting the service reads from the environment, parsed once at start.
 * A bad value stops the start with every problem listed (ConfigError), never a
 * silent fallback. The README documents each variable.
 */
export interface Config {
  host: string;
  port: number;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  redisUrl: string | null;
  /** namespace of every Redis key this deployment writes */
  redisPrefix: string;
  storageUrl: string | null;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  trustProxy: boolean | string;
  bodyLimitBytes: number;
  jwt: { secret: string | null; ttlSeconds: number; issuer: string };
  encryptionKey: string | null;
  signingKey: string | null;
  scryptCost: number;
  signupTokens: number;
  billingUrl: string;
  plansFile: string | null;
  corsOrigins: string[] | '*';
  dbPoolSize: number;
  shutdownTimeoutMs: number;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

class Reader {
  readonly problems: string[] = [];
  constructor(private readonly env: Env) {}

  raw(name: string): string | undefined {
    const v = this.env[name];
    return v === undefined || v.trim() === '' ? undefined : v.trim();
  }

  str(name: string, fallback: string): string {
    return this.raw(name) ?? fallback;
  }

  int(name: string, fallback: number, min: number, max: number): number {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (!/^-?\d+$/.test(v) || Number(v) < min || Number(v) > max) {
      this.problems.push(`${name} must be an integer from ${min} to ${max} (got "${v}")`);
      return fallback;
    }
    return Number(v);
  }

  url(name: string, protocols: string[]): string | null {
    const v = this.raw(name);
    if (v === undefined) return null;
    try {
      const u = new URL(v);
      if (!protocols.includes(u.protocol.replace(/:$/, ''))) {
        this.problems.push(`${name} must use one of ${protocols.join(', ')} (got "${u.protocol}")`);
        return null;
      }
      return v;
    } catch {
      this.problems.push(`${name} must be a URL (got "${v}")`);
      return null;
    }
  }

  oneOf<T extends string>(name: string, fallback: T, allowed: readonly T[]): T {
    const v = this.raw(name);
    if (v === undefined) return fallback;
    if (!(allowed as readonly string[]).includes(v)) {
      this.problems.push(`${name} must be one of ${allowed.join(', ')} (got "${v}")`);
      return fallback;
    }
    return v as T;
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const r = new Reader(env);
  const host = r.str('HOST', '0.0.0.0');
  const port = r.int('PORT', 8080, 0, 65535);
  const publicUrlRaw = r.url('FOLIO_PUBLIC_URL', ['http', 'https']);
  const publicUrl = (publicUrlRaw ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(cwd, r.str('FOLIO_DATA_DIR', './data'));

  const databaseUrl = r.url('DATABASE_URL', ['postgres', 'postgresql', 'sqlite', 'file']);
  const redisUrl = r.url('REDIS_URL', ['redis', 'rediss']);
  const storageUrl = r.url('STORAGE_URL', ['s3', 'http', 'https', 'file']);

  const jwtSecret = r.raw('FOLIO_JWT_SECRET') ?? null;
  if (jwtSecret !== null && jwtSecret.length < 32) r.problems.push('FOLIO_JWT_SECRET must be at least 32 characters');
  const encryptionKey = r.raw('FOLIO_ENCRYPTION_KEY') ?? null;
  if (encryptionKey !== null && !/^[0-9a-fA-F]{64}$/.test(encryptionKey)) {
    r.problems.push('FOLIO_ENCRYPTION_KEY must be 64 hex characters (32 bytes)');
  }

  const signingKey = r.raw('FOLIO_SIGNING_KEY') ?? null;
  if (signingKey !== null && signingKey.length < 32) r.problems.push('FOLIO_SIGNING_KEY must be at least 32 characters');

  const trustProxyRaw = r.raw('FOLIO_TRUST_PROXY');
  const trustProxy =
    trustProxyRaw === undefined || trustProxyRaw === 'false' ? false : trustProxyRaw === 'true' ? true : trustProxyRaw;

  const corsRaw = r.str('FOLIO_CORS_ORIGINS', '*');
  const corsOrigins = corsRaw === '*' ? '*' : corsRaw.split(',').map((s) => s.trim()).filter(Boolean);

  const billing = r.url('FOLIO_BILLING_URL', ['http', 'https']);

  const config: Config = {
    host,
    port,
    publicUrl,
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix: r.str('FOLIO_REDIS_PREFIX', 'folio:'),
    storageUrl,
    logLevel: r.oneOf('LOG_LEVEL', 'info', LOG_LEVELS),
    trustProxy,
    bodyLimitBytes: r.int('FOLIO_BODY_LIMIT_BYTES', 1_048_576, 1024, 104_857_600),
    jwt: { secret: jwtSecret, ttlSeconds: r.int('FOLIO_JWT_TTL', 3600, 60, 86_400 * 30), issuer: 'folio' },
    encryptionKey,
    signingKey,
    scryptCost: r.int('FOLIO_SCRYPT_COST', 15, 10, 20),
    signupTokens: r.int('FOLIO_SIGNUP_TOKENS', 50, 0, 1_000_000_000),
    billingUrl: (billing ?? `${publicUrl}/billing`).replace(/\/+$/, ''),
    plansFile: r.raw('FOLIO_PLANS_FILE') ? path.resolve(cwd, r.raw('FOLIO_PLANS_FILE')!) : null,
    corsOrigins,
    dbPoolSize: r.int('FOLIO_DB_POOL_SIZE', 10, 1, 200),
    shutdownTimeoutMs: r.int('FOLIO_SHUTDOWN_TIMEOUT_MS', 10_000, 100, 300_000),
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

export function isPostgresUrl(url: string | null): url is string {
  return url !== null && /^postgres(ql)?:/.test(url);
}
