import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';

/**
 * Conditional GETs (RFC 9110 §13): the read routes of a store's catalog, designs and projects
 * answer an `ETag` made from the store's version, and the same request with that tag in
 * `If-None-Match` answers `304 Not Modified` with no body, after authentication, rate limiting,
 * validation and one read of the version, without running the handler.
 *
 * The version (`version(storeId)`) is changed by the database in the transaction of every
 * write the answer could depend on (migrations/0013-store-versions.ts): a rolled-back write
 * leaves it as it was, and a write by any process changes it for every process. It is read
 * before the handler runs, so a write during the handler leaves the tag older than the body,
 * never newer: the next request with that tag then gets the new answer.
 *
 * The tag also names the route, the request URL (path and query), the caller's store and
 * credential kind, and the window the answer's signed links are made in (`linkWindow`: links
 * are the same for the same file through a window, storage/blob-store.ts), so an unchanged
 * resource keeps its tag through a window and gets a new one, with new links, after it. Tags
 * are weak (`W/"…"`): two answers with the same tag mean the same, as built from the same
 * rows. `Cache-Control: private, no-cache`: a browser or the SDK may keep the answer but must
 * ask again each time; no shared cache keeps it (it is a store's, behind its credentials).
 */
export class ConditionalGets {
  private readonly tags = new WeakMap<FastifyRequest, string>();

  constructor(
    /** the store's current version, read from the database (one query) */
    private readonly version: (storeId: string) => Promise<string>,
    /** the window signed links are made in now */
    private readonly linkWindow: () => number,
  ) {}

  /**
   * Adds the hooks to a GET route whose answer is made of the caller's store, the URL and what
   * the store's version covers. Callers without a store get neither tag nor 304.
   */
  install(route: RouteOptions): void {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.every((m) => m === 'GET' || m === 'HEAD')) throw new Error(`${String(route.method)} ${route.url}: only a GET may answer conditionally`);
    const check = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const actor = req.actor;
      if (!actor?.storeId) return;
      const version = await this.version(actor.storeId);
      const tag = etag([route.url, actor.kind, actor.storeId, version, String(this.linkWindow()), req.url]);
      const asked = req.headers['if-none-match'];
      if (asked !== undefined && noneMatchHits(asked, tag)) {
        // (a 304 carries the validator and the caching rules of the 200 it stands for)
        return void (await reply.code(304).headers({ etag: tag, 'cache-control': CACHE_CONTROL }).send());
      }
      this.tags.set(req, tag);
    };
    const label = (req: FastifyRequest, reply: FastifyReply, payload: unknown, done: (err: null, payload: unknown) => void): void => {
      const tag = this.tags.get(req);
      if (tag !== undefined && reply.statusCode === 200) void reply.headers({ etag: tag, 'cache-control': CACHE_CONTROL });
      done(null, payload);
    };
    route.preHandler = [...hooks(route.preHandler), check] as never;
    route.onSend = [...hooks(route.onSend), label] as never;
  }
}

export const CACHE_CONTROL = 'private, no-cache';

/** A weak entity tag over these parts. */
export function etag(parts: readonly string[]): string {
  return `W/"${createHash('sha256').update(parts.join('\u0000')).digest('base64url').slice(0, 27)}"`;
}

/**
 * Whether an `If-None-Match` field names `tag` (weak comparison, RFC 9110 §13.1.2: `W/` is
 * ignored on both sides); `*` matches any current representation.
 */
export function noneMatchHits(field: string | string[], tag: string): boolean {
  const opaque = tag.startsWith('W/') ? tag.slice(2) : tag;
  for (const line of Array.isArray(field) ? field : [field]) {
    for (const raw of line.split(',')) {
      const t = raw.trim();
      if (t === '*') return true;
      if ((t.startsWith('W/') ? t.slice(2) : t) === opaque) return true;
    }
  }
  return false;
}

const hooks = (h: unknown): unknown[] => (h === undefined ? [] : Array.isArray(h) ? h : [h]);
