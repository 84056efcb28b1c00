import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import { ByteLru } from '../cache/byte-lru.js';
import { ownBytes } from './serializer.js';

/**
 * Whole answers of read routes, kept while everything they are made of reads the same.
 *
 * A route marked `keepAnswer` (route config) answers from its store, its URL and the database
 * alone: a storefront reading the same designs or products page again gets the same bytes.
 * Such an answer is kept, as sent, under its route, store and URL, with the `version` read
 * before its handler ran; a later request with the same key and an unchanged version is
 * answered with those bytes after authentication, rate limiting and validation, without
 * running the handler or the serializer.
 *
 * The version must change whenever the answer could: the database's change stamp (every
 * write, by this process or another: `Database.changeStamp`) and the second links are signed
 * in (`BlobStore.linkEpoch`). It is read before the handler, so a write during the handler
 * makes the kept answer stale at once, never a newer answer look older. `null` (PostgreSQL,
 * which has no change stamp) keeps nothing. Only 200 answers are kept, within a byte budget,
 * the least recently used dropped first; one answer takes at most an eighth of it.
 */
export class KeptAnswers {
  private readonly kept: ByteLru<{ version: string; bytes: Buffer }>;
  private readonly pending = new WeakMap<FastifyRequest, { key: string; version: string }>();

  constructor(
    private readonly version: () => string | null,
    private readonly budget: number,
  ) {
    this.kept = new ByteLru(budget);
  }

  /** bytes of the answers kept now */
  get bytes(): number {
    return this.kept.bytes;
  }

  /**
   * Adds the hooks to a GET route whose answer depends on nothing but the caller's store, the
   * request URL and what `version` covers (its handler reads `storeOf(req)`, the path and the
   * query, and the database). Routes without a store caller are not kept.
   */
  install(route: RouteOptions): void {
    if (this.budget <= 0 || route.method !== 'GET') return;
    const lookup = (req: FastifyRequest, reply: FastifyReply, done: () => void): void => {
      const storeId = req.actor?.storeId;
      const version = storeId ? this.version() : null;
      if (version === null) return done();
      const key = `${req.routeOptions.url}\u0000${storeId}\u0000${req.url}`;
      const e = this.kept.get(key);
      if (e && e.version === version) {
        void reply.type(JSON_TYPE).send(e.bytes);
        return;
      }
      this.pending.set(req, { key, version });
      done();
    };
    const keep = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
      const p = this.pending.get(req);
      if (p && reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
        // (the serializer's bytes of a large answer are kept as they are: ownBytes)
        this.kept.set(p.key, { version: p.version, bytes: ownBytes(payload) }, Buffer.byteLength(payload) + p.key.length + 64);
      }
      done(null, payload);
    };
    route.preHandler = [...hooks(route.preHandler), lookup] as never;
    route.onSend = [...hooks(route.onSend), keep] as never;
  }
}

/**
 * The answers kept over a database's change stamp (null: PostgreSQL, nothing kept) and the
 * second links are signed in, within `budget` bytes.
 */
export function keptAnswersOver(changeStamp: (() => string) | null, linkEpoch: () => number, budget: number): KeptAnswers {
  return changeStamp ? new KeptAnswers(() => `${changeStamp()}:${linkEpoch()}`, budget) : new KeptAnswers(() => null, 0);
}

/** Fastify's own content type for a serialised JSON answer: a kept one is sent with the same. */
const JSON_TYPE = 'application/json; charset=utf-8';

const hooks = (h: unknown): unknown[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
