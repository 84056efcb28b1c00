import type { FastifyReply, FastifyRequest } from 'fastify';
import { sha256Hex } from '../../platform/crypto/tokens.js';
import type { Db, DbOrTx } from '../../platform/db/index.js';
import { iso } from '../../platform/db/index.js';
import { AppError } from '../../platform/http/errors.js';
import type { IdempotencyRepo, IdempotencyRow } from './idempotency.repo.js';

/**
 * `Idempotency-Key` on charged POSTs (decisions.md § Wallet): the same key with the same
 * request within 24 h replays the first successful answer and charges nothing; the same
 * key with another request is 409.
 *
 * A route opts in with `preHandler: idempotency.preHandler`; its service passes
 * `idempotency.of(req)` into the charge (`JobsService.create`, `PaidOperations.run`),
 * which takes the key inside the charge transaction, so two racing retries charge once.
 * A request that fails (402, 400, a failed engine call) does not use up its key.
 */
export interface IdempotencyRequest {
  accountId: string;
  key: string;
  /** SHA-256 of method, URL and canonical body */
  hash: string;
}

export interface StoredResponse {
  status: number;
  body: unknown;
}

export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
const KEY_RE = /^[\x21-\x7e]{1,255}$/;

/** JSON with sorted object keys, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

export function requestHash(method: string, url: string, body: unknown): string {
  return sha256Hex(`${method.toUpperCase()}\n${url}\n${canonicalJson(body ?? null)}`);
}

export class Idempotency {
  private readonly byRequest = new WeakMap<FastifyRequest, IdempotencyRequest>();

  constructor(
    private readonly db: Db,
    private readonly repo: IdempotencyRepo,
    private readonly now: () => Date = () => new Date(),
    private readonly ttlMs = IDEMPOTENCY_TTL_MS,
  ) {}

  /**
   * Route preHandler (after authentication): a key seen before replays its answer or
   * answers 409 before the handler runs; a new key is attached for the service to claim.
   */
  readonly preHandler = async (req: FastifyRequest, reply: FastifyReply): Promise<unknown> => {
    const raw = req.headers['idempotency-key'];
    if (raw === undefined) return;
    const key = Array.isArray(raw) ? raw[0]! : raw;
    if (!KEY_RE.test(key)) throw AppError.field('Idempotency-Key', 'must be 1-255 visible ASCII characters');
    if (!req.actor) throw new AppError('unauthenticated', 'Idempotency-Key needs an authenticated caller');
    const request: IdempotencyRequest = { accountId: req.actor.userId, key, hash: requestHash(req.method, req.url, req.body) };
    const existing = await this.repo.find(request.accountId, key);
    if (existing && !this.expired(existing)) {
      const stored = this.decide(existing, request);
      return reply.code(stored.status).header('idempotent-replayed', 'true').send(stored.body);
    }
    this.byRequest.set(req, request);
    return undefined;
  };

  /** The key this request carries (set by the preHandler), or null. */
  of(req: FastifyRequest): IdempotencyRequest | null {
    return this.byRequest.get(req) ?? null;
  }

  /**
   * Takes the key inside the caller's transaction. Returns the stored answer when the key
   * was already used for the same request (nothing else must happen then), or null when
   * this request now holds it. Throws 409 for another request or one still in flight.
   */
  async claim(tx: DbOrTx, request: IdempotencyRequest): Promise<StoredResponse | null> {
    const now = this.now();
    const row = { account_id: request.accountId, key: request.key, request_hash: request.hash, created_at: now.toISOString(), expires_at: new Date(now.getTime() + this.ttlMs).toISOString() };
    if (await this.repo.insert(tx, row)) return null;
    const existing = await this.repo.find(request.accountId, request.key, tx);
    if (!existing || this.expired(existing)) {
      await this.repo.remove(tx, request.accountId, request.key);
      if (await this.repo.insert(tx, row)) return null;
      throw new AppError('conflict', 'A request with this Idempotency-Key is in progress');
    }
    return this.decide(existing, request);
  }

  /** Stores the answer to replay. */
  async complete(db: DbOrTx, request: IdempotencyRequest, response: StoredResponse): Promise<void> {
    await this.repo.complete(db, request.accountId, request.key, response.status, JSON.stringify(response.body));
  }

  /** Gives the key back after a failure, so a retry runs for real. */
  async release(request: IdempotencyRequest): Promise<void> {
    await this.repo.remove(this.db, request.accountId, request.key);
  }

  async sweep(): Promise<number> {
    return this.repo.removeExpired(this.now().toISOString());
  }

  private expired(row: IdempotencyRow): boolean {
    return new Date(iso(row.expires_at)).getTime() <= this.now().getTime();
  }

  private decide(row: IdempotencyRow, request: IdempotencyRequest): StoredResponse {
    if (row.request_hash !== request.hash) {
      throw new AppError('conflict', 'This Idempotency-Key was used with a different request');
    }
    if (row.state !== 'done' || row.response_status === null || row.response_body === null) {
      throw new AppError('conflict', 'A request with this Idempotency-Key is in progress');
    }
    return { status: row.response_status, body: JSON.parse(row.response_body) as unknown };
  }
}
