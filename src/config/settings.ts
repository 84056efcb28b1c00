/**
 * Every environment variable Folio reads, declared once: its type, default, bounds and what it
 * does. `loadConfig` reads only variables declared here (an undeclared name throws), takes
 * literal defaults and integer bounds from here, and docs/configuration.md is generated from
 * this list (`npm run docs:config`; a test fails when the committed page differs).
 */

/** Which processes of a deployment read a variable (docs/deployment.md, Settings). */
export type SettingScope = 'shared' | 'api' | 'worker' | 'each';

export type SettingType = 'string' | 'integer' | 'boolean' | 'url' | 'enum' | 'list' | 'secret' | 'path';

export interface Setting {
  name: string;
  type: SettingType;
  group: string;
  scope: SettingScope;
  /** literal default the code reads from here; null when there is none or it is derived */
  default: string | number | boolean | null;
  /** how the default reads in the docs when it is derived or absent */
  defaultText?: string;
  /** inclusive bounds of an integer */
  range?: readonly [number, number];
  /** allowed values of an enum */
  values?: readonly string[];
  /** markdown, one paragraph */
  description: string;
  /** read by a library (the AWS SDK), not by loadConfig */
  external?: true;
}

const GROUPS = {
  server: 'Server',
  backing: 'Database, Redis and blob storage',
  security: 'Secrets, accounts and browsers',
  jobs: 'Jobs and workers',
  fetch: 'Safe fetcher',
  bg: 'Background removal',
  delivery: 'Delivery to the shop floor',
  integrations: 'Shop connectors',
  metrics: 'Metrics',
} as const;
export const SETTING_GROUPS: readonly string[] = Object.values(GROUPS);

export const SETTINGS: readonly Setting[] = [
  // Server
  { name: 'HOST', type: 'string', group: GROUPS.server, scope: 'api', default: '0.0.0.0', description: 'Interface to listen on.' },
  { name: 'PORT', type: 'integer', group: GROUPS.server, scope: 'api', default: 8080, range: [0, 65535], description: 'Port to listen on.' },
  { name: 'FOLIO_PUBLIC_URL', type: 'url', group: GROUPS.server, scope: 'shared', default: null, defaultText: '`http://localhost:$PORT`', description: "Base of every link the service hands out (pagination links, file links): behind a load balancer, the balancer's address." },
  { name: 'FOLIO_DATA_DIR', type: 'path', group: GROUPS.server, scope: 'each', default: './data', description: 'SQLite database, local blobs and generated secrets; created (or tightened at start) 0700, with the database (and its `-wal`/`-shm`), blobs and `secrets.json` 0600. Holds nothing shared once the secrets and `STORAGE_URL` are set.' },
  { name: 'LOG_LEVEL', type: 'enum', group: GROUPS.server, scope: 'each', default: 'info', values: ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], description: 'Least severe log line written (JSON lines on stderr).' },
  { name: 'FOLIO_TRUST_PROXY', type: 'string', group: GROUPS.server, scope: 'api', default: null, defaultText: '`false`', description: '`true`, or a comma list of proxy addresses/CIDRs, to take the client IP from `X-Forwarded-For` (rate limits and API-key IP rules then see the real client).' },
  { name: 'FOLIO_BODY_LIMIT_BYTES', type: 'integer', group: GROUPS.server, scope: 'shared', default: 1_048_576, range: [1024, 104_857_600], description: 'Largest JSON body accepted (413 above).' },
  { name: 'FOLIO_UPLOAD_MAX_BYTES', type: 'integer', group: GROUPS.server, scope: 'shared', default: 52_428_800, range: [1024, 1_073_741_824], description: 'Largest file part of a multipart upload (catalog images, cliparts, fonts; 413 above).' },
  { name: 'FOLIO_SHUTDOWN_TIMEOUT_MS', type: 'integer', group: GROUPS.server, scope: 'each', default: 10_000, range: [100, 300_000], description: 'How long a graceful shutdown may take before the process exits; a worker lets running jobs finish within it, and what still runs then is delivered again when its lease expires.' },
  { name: 'FOLIO_OPERATION_LEASE_MS', type: 'integer', group: GROUPS.server, scope: 'each', default: 30_000, range: [1000, 600_000], description: 'Lease of a charged synchronous studio call (face crop, QR): the process running it renews it every third; once it lapses (the process died) the workers\' sweeper, every half lease, refunds the call in full.' },

  // Database, Redis and blob storage
  { name: 'DATABASE_URL', type: 'url', group: GROUPS.backing, scope: 'shared', default: null, defaultText: 'SQLite file in the data dir', description: '`postgres://user:pass@host:5432/db` for PostgreSQL (migrations run at start under a lock, and with `folio migrate`); `sqlite:/path/file.db` for another SQLite file.' },
  { name: 'FOLIO_DB_POOL_SIZE', type: 'integer', group: GROUPS.backing, scope: 'each', default: 10, range: [1, 200], description: 'PostgreSQL connections per process. PostgreSQL must accept (API processes + workers) × this, plus one per CLI command being run.' },
  { name: 'FOLIO_DB_POOL_WAIT_MS', type: 'integer', group: GROUPS.backing, scope: 'each', default: 5000, range: [100, 60_000], description: 'Longest a request waits for a PostgreSQL connection before it is answered 503 with `Retry-After` (nothing charged). Waiters are served first come first served; work that has already charged (settling or refunding a studio call) goes ahead of them and may wait six times as long.' },
  { name: 'FOLIO_PG_PREPARED_STATEMENTS', type: 'integer', group: GROUPS.backing, scope: 'each', default: 500, range: [0, 10_000], description: 'Distinct SQL texts each process sends to PostgreSQL as prepared statements (a text is named the second time it runs; parsed and planned once per connection after that). `0` sends every statement unnamed: use it behind a transaction-mode pooler that cannot keep prepared statements ([deployment](deployment.md#settings), Prepared statements).' },
  { name: 'REDIS_URL', type: 'url', group: GROUPS.backing, scope: 'shared', default: null, defaultText: 'none', description: '`redis://host:6379`: the BullMQ queue, shared rate-limit windows and cross-process cache invalidation of credentials.' },
  { name: 'FOLIO_REDIS_PREFIX', type: 'string', group: GROUPS.backing, scope: 'shared', default: 'folio:', description: 'Namespace of every Redis key this deployment writes, so deployments can share a Redis.' },
  { name: 'STORAGE_URL', type: 'url', group: GROUPS.backing, scope: 'shared', default: null, defaultText: 'local disk under `<FOLIO_DATA_DIR>/blobs`', description: '`file:///absolute/dir` for another directory, or `s3://[KEY:SECRET@]bucket[/prefix]?region=us-east-1&endpoint=http://127.0.0.1:9000&forcePathStyle=true` for an S3-compatible store. Without credentials in the URL the AWS SDK\'s default chain is used (`AWS_ACCESS_KEY_ID` / `AWS_SECRET_ACCESS_KEY`, profiles, instance roles); `region` defaults to `AWS_REGION` or `us-east-1`; `forcePathStyle` defaults to true when an `endpoint` is given. A local-disk store works for several processes only when they all mount the same directory.' },
  { name: 'AWS_REGION', type: 'string', group: GROUPS.backing, scope: 'shared', default: null, defaultText: '`us-east-1`', description: 'Region of an `s3://` `STORAGE_URL` that names none.' },
  { name: 'AWS_ACCESS_KEY_ID', type: 'secret', group: GROUPS.backing, scope: 'shared', default: null, defaultText: 'none', external: true, description: 'Read by the AWS SDK (with `AWS_SECRET_ACCESS_KEY`) when an `s3://` `STORAGE_URL` carries no credentials.' },
  { name: 'AWS_SECRET_ACCESS_KEY', type: 'secret', group: GROUPS.backing, scope: 'shared', default: null, defaultText: 'none', external: true, description: 'The secret of `AWS_ACCESS_KEY_ID`.' },

  // Secrets, accounts and browsers
  { name: 'FOLIO_JWT_SECRET', type: 'secret', group: GROUPS.security, scope: 'shared', default: null, defaultText: 'generated into the data dir', description: 'HS256 secret for account JWTs (32+ characters).' },
  { name: 'FOLIO_PROOF_LINK_TTL_HOURS', type: 'integer', group: GROUPS.security, scope: 'shared', default: 336, range: [1, 8760], description: "How long a proof's approval link (`/proof/{token}`, `GET`/`POST /v1/proofs/{token}`) stays valid after it is made, in hours (default 14 days). The link is signed with the server's signing key over the proof and its expiry; an expired one answers 410, and the shop makes a new one with `POST /v1/projects/{id}/proofs` (docs/orders.md § Proofs)." },
  { name: 'FOLIO_JWT_TTL', type: 'integer', group: GROUPS.security, scope: 'shared', default: 3600, range: [60, 2_592_000], description: 'JWT lifetime in seconds, and the most any JWT may have: a token whose `exp − iat` exceeds it, whose `iat` is in the future, or whose `exp` lies beyond now + TTL (60 s clock skew allowed) is 401, even when signed with the real key.' },
  { name: 'FOLIO_ENCRYPTION_KEY', type: 'secret', group: GROUPS.security, scope: 'shared', default: null, defaultText: 'generated into the data dir', description: '64 hex characters: AES-256-GCM key for store secrets and public tokens.' },
  { name: 'FOLIO_SIGNING_KEY', type: 'secret', group: GROUPS.security, scope: 'shared', default: null, defaultText: 'generated into the data dir', description: 'HMAC key for cursors and signed file links (32+ characters).' },
  { name: 'FOLIO_SCRYPT_COST', type: 'integer', group: GROUPS.security, scope: 'shared', default: 15, range: [10, 20], description: "log2 of scrypt's N for new password hashes." },
  { name: 'FOLIO_SIGNUP_TOKENS', type: 'integer', group: GROUPS.security, scope: 'shared', default: 50, range: [0, 1_000_000_000], description: "Tokens granted to a new account's wallet (`folio account create --tokens N` replaces it for one account)." },
  { name: 'FOLIO_AUDIT_RETENTION_DAYS', type: 'integer', group: GROUPS.security, scope: 'each', default: 90, range: [0, 36_500], description: 'Days API-key authentication attempts stay in the audit trail (0 keeps them for ever); creation, rotation and revocation are kept for good. Workers prune every 15 minutes.' },
  { name: 'FOLIO_BILLING_URL', type: 'url', group: GROUPS.security, scope: 'shared', default: null, defaultText: '`$FOLIO_PUBLIC_URL/billing`', description: 'Where plan-gate `cta.url` links (`?tier=…`) and the 402 `top_up_url` (`?topup=tokens`) point. The default is a page Folio serves: Folio takes no payments, so it tells the customer to ask the operator and shows the operator the CLI commands (`folio wallet credit`, `folio store plan`). Set it to your own shop and that page is not served.' },
  { name: 'FOLIO_PLANS_FILE', type: 'path', group: GROUPS.security, scope: 'shared', default: null, defaultText: '`config/plans.json`', description: 'The tier table: tiers, capabilities, quotas, requests per minute ([operations](operations.md#plans)).' },
  { name: 'FOLIO_CORS_ORIGINS', type: 'list', group: GROUPS.security, scope: 'shared', default: '*', description: "Allowed browser origins, comma-separated, or `*`. When restricted, the allowed origins of live publishable API keys are answered as well (preflight included)." },
  { name: 'FOLIO_CUSTOMIZER_API_ORIGINS', type: 'list', group: GROUPS.security, scope: 'shared', default: '', defaultText: 'none', description: 'Origins besides its own the customizer page may call with `?api=`, comma-separated (e.g. `https://api.shop.example`).' },

  // Jobs and workers
  { name: 'FOLIO_QUEUE', type: 'enum', group: GROUPS.jobs, scope: 'shared', default: null, defaultText: '`bullmq` with `REDIS_URL`, else `inprocess`', values: ['inprocess', 'bullmq'], description: 'Queue driver. `inprocess` needs nothing but the database (the `jobs` table is the queue); `bullmq` carries job ids over Redis (needs `REDIS_URL`).' },
  { name: 'FOLIO_SERVE_WORKERS', type: 'boolean', group: GROUPS.jobs, scope: 'api', default: null, defaultText: '`true` for `inprocess`, `false` for `bullmq`', description: 'Whether `serve` also runs job workers. Scale-out deployments run `folio worker` processes instead.' },
  { name: 'FOLIO_WORKER_CONCURRENCY', type: 'integer', group: GROUPS.jobs, scope: 'worker', default: 4, range: [1, 256], description: 'Jobs one process runs at once (`folio worker --concurrency N` overrides it); background removal and the studio engines are CPU-bound: about one per core.' },
  { name: 'FOLIO_JOB_LEASE_MS', type: 'integer', group: GROUPS.jobs, scope: 'worker', default: 30_000, range: [500, 3_600_000], description: "A worker's lease on a running job, renewed every third of it. A job whose worker died is delivered again once the lease expires." },
  { name: 'FOLIO_JOB_MAX_ATTEMPTS', type: 'integer', group: GROUPS.jobs, scope: 'shared', default: 3, range: [1, 20], description: 'Runs a job gets (handler errors and dead workers both count); after the last one it fails and its tokens are refunded.' },
  { name: 'FOLIO_JOB_POLL_MS', type: 'integer', group: GROUPS.jobs, scope: 'worker', default: 1000, range: [20, 60_000], description: 'How often idle workers look for due jobs that no message announced (other processes, retries, expired leases).' },
  { name: 'FOLIO_WARMUP', type: 'boolean', group: GROUPS.jobs, scope: 'worker', default: true, description: "Load and warm the engines' models when a worker starts (the first call then pays no load time)." },

  // Safe fetcher
  { name: 'FOLIO_FETCH_ALLOWLIST', type: 'list', group: GROUPS.fetch, scope: 'shared', default: null, defaultText: 'empty', description: 'Comma-separated host names (exact match), IP addresses and CIDRs that the safe fetcher may reach although they are private or loopback, e.g. `images.intranet.example,10.20.0.0/16`. The only opt-in: everything else must resolve to global unicast addresses. Cloud metadata endpoints (169.254.169.254, fd00:ec2::254, …) and IPv4-mapped IPv6 forms stay refused.' },
  { name: 'FOLIO_FETCH_MAX_BYTES', type: 'integer', group: GROUPS.fetch, scope: 'shared', default: 52_428_800, range: [1, 1_073_741_824], description: 'Largest body the fetcher downloads; checked against `Content-Length` and while streaming.' },
  { name: 'FOLIO_FETCH_TIMEOUT_MS', type: 'integer', group: GROUPS.fetch, scope: 'shared', default: 20_000, range: [100, 300_000], description: 'Deadline for a whole fetch: name resolution, every redirect hop and the body.' },

  // Background removal
  { name: 'FOLIO_BG_PROVIDER', type: 'enum', group: GROUPS.bg, scope: 'shared', default: 'local', values: ['local', 'remove.bg'], description: '`local` (the vendored model) or `remove.bg`.' },
  { name: 'FOLIO_REMOVE_BG_API_KEY', type: 'secret', group: GROUPS.bg, scope: 'shared', default: null, defaultText: 'none', description: 'remove.bg API key; required with `FOLIO_BG_PROVIDER=remove.bg`.' },
  { name: 'FOLIO_REMOVE_BG_URL', type: 'url', group: GROUPS.bg, scope: 'shared', default: 'https://api.remove.bg', description: 'Base URL of a remove.bg-compatible API.' },
  { name: 'FOLIO_BG_MAX_PIXELS', type: 'integer', group: GROUPS.bg, scope: 'shared', default: 40_000_000, range: [1, 200_000_000], description: 'Largest input image, checked from its header before decoding.' },
  { name: 'FOLIO_BG_MODEL', type: 'path', group: GROUPS.bg, scope: 'worker', default: null, defaultText: 'none (the vendored u2netp)', description: "A JSON file describing an ONNX segmentation model of your own (ISNet, BiRefNet, U²-Net full…) to use instead of u2netp for the local provider; checked at start, which fails naming the field at fault ([your own model](background-removal.md#your-own-model))." },
  { name: 'FOLIO_BG_THREADS', type: 'integer', group: GROUPS.bg, scope: 'worker', default: null, defaultText: 'half the cores, at least 1', range: [0, 256], description: "Threads of one local-model inference; `0` = onnxruntime's default, one per core ([background removal](background-removal.md))." },

  // Delivery to the shop floor
  { name: 'FOLIO_HOT_FOLDER_ROOTS', type: 'list', group: GROUPS.delivery, scope: 'shared', default: '', defaultText: 'none (no `hot_folder` targets)', description: 'Absolute directories, comma-separated, under which stores may name `hot_folder` delivery targets (e.g. `/srv/hotfolders`); a target\'s path must resolve inside one of them (no `..`, no symlink leading out). Empty: `hot_folder` targets are refused ([delivery](delivery.md)). Every process that runs jobs must see the same directories.' },

  // Shop connectors
  { name: 'FOLIO_SHOPIFY_ADMIN_ORIGIN', type: 'url', group: GROUPS.integrations, scope: 'shared', default: null, defaultText: 'none: `https://<shop>.myshopify.com`', description: "Where Shopify Admin API calls (fulfilments) go instead of the shop's own domain: an egress proxy, or the recording server of Folio's tests ([shop connectors](integrations.md)). The safe fetcher's rules apply to it." },

  // Metrics
  { name: 'FOLIO_METRICS', type: 'boolean', group: GROUPS.metrics, scope: 'each', default: true, description: 'Collect Prometheus metrics (`false`: nothing is collected and no scrape endpoint exists).' },
  { name: 'FOLIO_METRICS_TOKEN', type: 'secret', group: GROUPS.metrics, scope: 'each', default: null, defaultText: 'none', description: 'Bearer token (16+ printable characters) a scrape must send; setting it serves `GET /metrics` on the main port. Without it the main port has no `/metrics` (404).' },
  { name: 'FOLIO_METRICS_PORT', type: 'integer', group: GROUPS.metrics, scope: 'each', default: null, defaultText: 'none', range: [0, 65535], description: 'A listener of its own serving only `GET /metrics` (no token needed unless `FOLIO_METRICS_TOKEN` is set); the only way to scrape a `folio worker`. Keep it off the public ingress; it must differ from `PORT`.' },
  { name: 'FOLIO_METRICS_HOST', type: 'string', group: GROUPS.metrics, scope: 'each', default: null, defaultText: '`$HOST`', description: 'Interface of the `FOLIO_METRICS_PORT` listener (e.g. `127.0.0.1`, or the pod\'s internal address).' },
];

const BY_NAME = new Map(SETTINGS.map((s) => [s.name, s]));

/** The declaration of a variable; reading an undeclared one is a programming error. */
export function setting(name: string): Setting {
  const s = BY_NAME.get(name);
  if (!s) throw new Error(`${name} is not declared in src/config/settings.ts`);
  return s;
}
