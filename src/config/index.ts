import os from 'node:os';
import path from 'node:path';
import ipaddr from 'ipaddr.js';
import { declared, Reader, type Env } from './reader.js';

/**
 * Every setting the service reads from the environment, parsed once at start.
 * A bad value stops the start with every problem listed (ConfigError), never a
 * silent fallback. Each variable is declared in settings.ts (type, default, bounds,
 * meaning), from which docs/configuration.md is generated.
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
  /** largest file one multipart upload part may carry (catalog images, cliparts, fonts) */
  uploadMaxBytes: number;
  jwt: { secret: string | null; ttlSeconds: number; issuer: string };
  encryptionKey: string | null;
  signingKey: string | null;
  scryptCost: number;
  signupTokens: number;
  /** days API-key authentication events are kept (0: for ever) */
  auditRetentionDays: number;
  /** lifetime of a proof's approval link (FOLIO_PROOF_LINK_TTL_HOURS) */
  proofLinkTtlHours: number;
  billingUrl: string;
  plansFile: string | null;
  corsOrigins: string[] | '*';
  /** origins besides its own that the customizer page may be pointed at with `?api=` (FOLIO_CUSTOMIZER_API_ORIGINS) */
  customizerApiOrigins: string[];
  dbPoolSize: number;
  /** longest wait for a PostgreSQL connection before a request is refused with 503 (work that already charged waits 6× as long) */
  dbPoolWaitMs: number;
  /** distinct SQL texts each process sends to PostgreSQL as prepared statements (0: none, for a pooler that cannot keep them) */
  dbPreparedStatements: number;
  /** a charged synchronous call's lease: renewed while its process runs it, refunded by the sweeper once it lapses */
  operationLeaseMs: number;
  shutdownTimeoutMs: number;
  /** the safe fetcher (every URL a user gives us) */
  fetch: FetchConfig;
  /** the job engine and its workers */
  jobs: JobsConfig;
  /** where blobs live: local disk (default) or an S3-compatible bucket */
  storage: StorageConfig;
  /** background removal: which provider, and its limits */
  bgRemove: {
    provider: 'local' | 'remove.bg';
    removeBgApiKey: string | null;
    removeBgUrl: string;
    maxPixels: number;
    /** absolute path of the JSON describing the operator's own model (FOLIO_BG_MODEL); null: the vendored u2netp */
    model: string | null;
    /** onnxruntime threads of the local model's inference (FOLIO_BG_THREADS); 0: its default, one per core */
    threads: number;
  };
  /** load and warm the processing engines' models when workers start (FOLIO_WARMUP) */
  warmup: boolean;
  /** Prometheus metrics and where scrapes may read them */
  metrics: MetricsConfig;
  /** delivery to the shop floor: the directories `hot_folder` targets may write under */
  delivery: { hotFolderRoots: string[] };
  /** shop connectors: where Shopify Admin API calls go (FOLIO_SHOPIFY_ADMIN_ORIGIN; null: the shop's domain) */
  integrations: { shopifyAdminOrigin: string | null };
}

export interface MetricsConfig {
  /** collect metrics at all (FOLIO_METRICS, default true) */
  enabled: boolean;
  /** bearer token a scrape must present; with it, `GET /metrics` is served on the main port */
  token: string | null;
  /** a listener of its own serving only `/metrics` (also in `folio worker`); null: none */
  port: number | null;
  host: string;
}

export interface FetchConfig {
  /** hosts (exact, case-insensitive), IPs and CIDRs reachable although private or loopback */
  allowlist: string[];
  maxBytes: number;
  timeoutMs: number;
}

export interface JobsConfig {
  /** bullmq when REDIS_URL is set, unless FOLIO_QUEUE says otherwise */
  queue: 'inprocess' | 'bullmq';
  concurrency: number;
  leaseMs: number;
  maxAttempts: number;
  /** how often idle workers look for due rows (jobs from other processes, expired leases) */
  pollMs: number;
  /** whether `serve` also runs workers (default: yes for the in-process queue, no for BullMQ) */
  serveWorkers: boolean;
}

/** An S3-compatible bucket (FOLIO_S3_*). */
export interface S3Options {
  bucket: string;
  /** key prefix inside the bucket, '' or ending in '/' */
  prefix: string;
  region: string;
  endpoint: string | null;
  forcePathStyle: boolean;
  /** null: the SDK's default chain (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, roles) */
  credentials: { accessKeyId: string; secretAccessKey: string } | null;
}

export type StorageConfig =
  | { driver: 'disk'; root: string }
  | ({ driver: 's3' } & S3Options);

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const r = new Reader(env);
  const host = r.str('HOST');
  const port = r.int('PORT');
  const publicUrlRaw = r.url('FOLIO_PUBLIC_URL', ['http', 'https']);
  const publicUrl = (publicUrlRaw ?? `http://localhost:${port}`).replace(/\/+$/, '');
  const dataDir = path.resolve(cwd, r.str('FOLIO_DATA_DIR'));

  const databaseUrl = r.url('DATABASE_URL', ['postgres', 'postgresql', 'sqlite', 'file']);
  const redisUrl = r.url('REDIS_URL', ['redis', 'rediss']);
  const storageUrl = r.url('STORAGE_URL', ['s3', 'file']);

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

  const corsRaw = r.str('FOLIO_CORS_ORIGINS');
  const corsOrigins = corsRaw === '*' ? '*' : corsRaw.split(',').map((s) => s.trim()).filter(Boolean);

  const customizerApiOrigins: string[] = [];
  for (const item of r.str('FOLIO_CUSTOMIZER_API_ORIGINS').split(',').map((x) => x.trim()).filter(Boolean)) {
    let origin: string | null = null;
    try {
      const u = new URL(item);
      if ((u.protocol === 'https:' || u.protocol === 'http:') && u.origin === item.replace(/\/+$/, '')) origin = u.origin;
    } catch {
      // reported below
    }
    if (origin) customizerApiOrigins.push(origin);
    else r.problems.push(`FOLIO_CUSTOMIZER_API_ORIGINS must list origins such as https://api.example.com, comma-separated (got "${item}")`);
  }

  const billing = r.url('FOLIO_BILLING_URL', ['http', 'https']);

  const config: Config = {
    host,
    port,
    publicUrl,
    dataDir,
    databaseUrl,
    redisUrl,
    redisPrefix: r.str('FOLIO_REDIS_PREFIX'),
    storageUrl,
    logLevel: r.oneOf('LOG_LEVEL', LOG_LEVELS),
    trustProxy,
    bodyLimitBytes: r.int('FOLIO_BODY_LIMIT_BYTES'),
    uploadMaxBytes: r.int('FOLIO_UPLOAD_MAX_BYTES'),
    jwt: { secret: jwtSecret, ttlSeconds: r.int('FOLIO_JWT_TTL'), issuer: 'folio' },
    encryptionKey,
    signingKey,
    scryptCost: r.int('FOLIO_SCRYPT_COST'),
    signupTokens: r.int('FOLIO_SIGNUP_TOKENS'),
    auditRetentionDays: r.int('FOLIO_AUDIT_RETENTION_DAYS'),
    proofLinkTtlHours: r.int('FOLIO_PROOF_LINK_TTL_HOURS'),
    billingUrl: (billing ?? `${publicUrl}/billing`).replace(/\/+$/, ''),
    plansFile: r.raw('FOLIO_PLANS_FILE') ? path.resolve(cwd, r.raw('FOLIO_PLANS_FILE')!) : null,
    corsOrigins,
    customizerApiOrigins,
    dbPoolSize: r.int('FOLIO_DB_POOL_SIZE'),
    dbPoolWaitMs: r.int('FOLIO_DB_POOL_WAIT_MS'),
    dbPreparedStatements: r.int('FOLIO_PG_PREPARED_STATEMENTS'),
    operationLeaseMs: r.int('FOLIO_OPERATION_LEASE_MS'),
    shutdownTimeoutMs: r.int('FOLIO_SHUTDOWN_TIMEOUT_MS'),
    fetch: {
      allowlist: parseAllowlist(r),
      maxBytes: r.int('FOLIO_FETCH_MAX_BYTES'),
      timeoutMs: r.int('FOLIO_FETCH_TIMEOUT_MS'),
    },
    jobs: parseJobs(r, redisUrl),
    storage: parseStorage(r, storageUrl, dataDir),
    bgRemove: parseBgRemove(r, cwd),
    warmup: r.bool('FOLIO_WARMUP'),
    metrics: parseMetrics(r, host, port),
    delivery: { hotFolderRoots: parseRoots(r) },
    integrations: { shopifyAdminOrigin: r.url('FOLIO_SHOPIFY_ADMIN_ORIGIN', ['http', 'https']) },
  };
  if (r.problems.length > 0) throw new ConfigError(r.problems);
  return config;
}

/** FOLIO_HOT_FOLDER_ROOTS: absolute directories, comma-separated. */
function parseRoots(r: Reader): string[] {
  const entries = r.str('FOLIO_HOT_FOLDER_ROOTS').split(',').map((s) => s.trim()).filter(Boolean);
  for (const e of entries) if (!path.isAbsolute(e)) r.problems.push(`FOLIO_HOT_FOLDER_ROOTS: "${e}" is not an absolute directory`);
  return entries.filter((e) => path.isAbsolute(e)).map((e) => path.resolve(e));
}

/** FOLIO_FETCH_ALLOWLIST: comma-separated host names, IP addresses and CIDRs. */
function parseAllowlist(r: Reader): string[] {
  const raw = r.raw('FOLIO_FETCH_ALLOWLIST');
  if (raw === undefined) return [];
  const out: string[] = [];
  for (const entry of raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean)) {
    if (entry.includes('/')) {
      try {
        ipaddr.parseCIDR(entry);
        out.push(entry);
      } catch {
        r.problems.push(`FOLIO_FETCH_ALLOWLIST: "${entry}" is not a valid CIDR`);
      }
    } else if (ipaddr.isValid(entry.replace(/^\[|\]$/g, ''))) {
      out.push(entry.replace(/^\[|\]$/g, ''));
    } else if (/^(?=.{1,253}\.?$)([a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)(\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*\.?$/.test(entry)) {
      out.push(entry.replace(/\.$/, ''));
    } else {
      r.problems.push(`FOLIO_FETCH_ALLOWLIST: "${entry}" is neither a host name, an IP address nor a CIDR`);
    }
  }
  return out;
}

function parseJobs(r: Reader, redisUrl: string | null): JobsConfig {
  const queue = r.oneOf('FOLIO_QUEUE', ['inprocess', 'bullmq'] as const, redisUrl ? 'bullmq' : 'inprocess');
  if (queue === 'bullmq' && !redisUrl) r.problems.push('FOLIO_QUEUE=bullmq needs REDIS_URL');
  return {
    queue,
    concurrency: r.int('FOLIO_WORKER_CONCURRENCY'),
    leaseMs: r.int('FOLIO_JOB_LEASE_MS'),
    maxAttempts: r.int('FOLIO_JOB_MAX_ATTEMPTS'),
    pollMs: r.int('FOLIO_JOB_POLL_MS'),
    serveWorkers: r.bool('FOLIO_SERVE_WORKERS', queue === 'inprocess'),
  };
}

/**
 * STORAGE_URL:
 *   (unset)                      local disk under <FOLIO_DATA_DIR>/blobs
 *   file:///var/lib/folio/blobs  local disk under that absolute directory
 *   s3://[KEY:SECRET@]bucket[/prefix]?region=us-east-1&endpoint=http://127.0.0.1:9000&forcePathStyle=true
 * S3 credentials come from the URL or, when it has none, from the SDK's default chain
 * (AWS_ACCESS_KEY_ID / AWS_SECRET_ACCESS_KEY, profiles, instance roles).
 */
function parseStorage(r: Reader, storageUrl: string | null, dataDir: string): StorageConfig {
  const fallback: StorageConfig = { driver: 'disk', root: path.join(dataDir, 'blobs') };
  if (storageUrl === null) return fallback;
  const u = new URL(storageUrl);
  if (u.protocol === 'file:') {
    if (u.host !== '' || u.search !== '') {
      r.problems.push('STORAGE_URL file: URLs must look like file:///absolute/directory');
      return fallback;
    }
    return { driver: 'disk', root: path.resolve(decodeURIComponent(u.pathname)) };
  }
  const bucket = u.hostname;
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket)) {
    r.problems.push(`STORAGE_URL: "${bucket}" is not a valid bucket name (3-63 of a-z 0-9 . -)`);
  }
  const prefixPath = decodeURIComponent(u.pathname).replace(/^\/+|\/+$/g, '');
  const known = new Set(['region', 'endpoint', 'forcePathStyle']);
  for (const k of u.searchParams.keys()) if (!known.has(k)) r.problems.push(`STORAGE_URL: unknown parameter "${k}" (known: ${[...known].join(', ')})`);
  let endpoint: string | null = u.searchParams.get('endpoint');
  if (endpoint !== null) {
    try {
      if (!['http:', 'https:'].includes(new URL(endpoint).protocol)) throw new Error('protocol');
    } catch {
      r.problems.push(`STORAGE_URL: endpoint must be an http(s) URL (got "${endpoint}")`);
      endpoint = null;
    }
  }
  const fps = u.searchParams.get('forcePathStyle');
  if (fps !== null && fps !== 'true' && fps !== 'false') r.problems.push('STORAGE_URL: forcePathStyle must be true or false');
  if ((u.username === '') !== (u.password === '')) r.problems.push('STORAGE_URL: give both the access key id and the secret, or neither');
  return {
    driver: 's3',
    bucket,
    prefix: prefixPath === '' ? '' : `${prefixPath}/`,
    region: u.searchParams.get('region') ?? r.raw('AWS_REGION') ?? 'us-east-1',
    endpoint,
    forcePathStyle: fps === null ? endpoint !== null : fps === 'true',
    credentials: u.username ? { accessKeyId: decodeURIComponent(u.username), secretAccessKey: decodeURIComponent(u.password) } : null,
  };
}

export function isPostgresUrl(url: string | null): url is string {
  return url !== null && /^postgres(ql)?:/.test(url);
}

/**
 * FOLIO_METRICS (true), FOLIO_METRICS_TOKEN, FOLIO_METRICS_PORT, FOLIO_METRICS_HOST (HOST).
 * Metrics are collected by default but never readable from the public port without a token:
 * `GET /metrics` exists on the main port only when FOLIO_METRICS_TOKEN is set, and the
 * separate port is opt-in (meant for an address the ingress does not expose).
 */
function parseMetrics(r: Reader, host: string, port: number): MetricsConfig {
  const enabled = r.bool('FOLIO_METRICS');
  const token = r.raw('FOLIO_METRICS_TOKEN') ?? null;
  if (token !== null && (token.length < 16 || !/^[\x21-\x7e]+$/.test(token))) {
    r.problems.push('FOLIO_METRICS_TOKEN must be at least 16 printable characters without spaces');
  }
  const metricsPort = r.raw('FOLIO_METRICS_PORT') === undefined ? null : r.int('FOLIO_METRICS_PORT', 0);
  if (metricsPort !== null && metricsPort !== 0 && metricsPort === port) r.problems.push(`FOLIO_METRICS_PORT must differ from PORT (both ${port})`);
  return { enabled, token, port: metricsPort, host: r.str('FOLIO_METRICS_HOST', host) };
}

function parseBgRemove(r: Reader, cwd: string): Config['bgRemove'] {
  const provider = r.oneOf('FOLIO_BG_PROVIDER', ['local', 'remove.bg'] as const);
  const removeBgApiKey = r.raw('FOLIO_REMOVE_BG_API_KEY') ?? null;
  if (provider === 'remove.bg' && removeBgApiKey === null) r.problems.push('FOLIO_BG_PROVIDER=remove.bg needs FOLIO_REMOVE_BG_API_KEY');
  // the description itself is read and checked when the module is built (it is the engine's format)
  const model = r.raw('FOLIO_BG_MODEL') ? path.resolve(cwd, r.raw('FOLIO_BG_MODEL')!) : null;
  if (model !== null && provider !== 'local') r.problems.push('FOLIO_BG_MODEL is the local provider\'s model: it needs FOLIO_BG_PROVIDER=local');
  return {
    model,
    provider,
    removeBgApiKey,
    removeBgUrl: (r.url('FOLIO_REMOVE_BG_URL', ['http', 'https']) ?? declared<string>('FOLIO_REMOVE_BG_URL')).replace(/\/+$/, ''),
    maxPixels: r.int('FOLIO_BG_MAX_PIXELS'),
    threads: r.int('FOLIO_BG_THREADS', defaultBgThreads()),
  };
}

/**
 * Half this machine's cores, at least one: an inference on every core would take them all
 * from the API requests and the other jobs its process serves for the length of each job.
 */
export function defaultBgThreads(cores = os.availableParallelism()): number {
  return Math.max(1, Math.floor(cores / 2));
}
