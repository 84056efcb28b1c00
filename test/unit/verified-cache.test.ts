import { describe, expect, it } from 'vitest';
import { LocalBus, VerifiedKeyCache, type InvalidationBus } from '../../src/platform/cache/verified-cache.js';

function cache(opts: Partial<{ ttlMs: number; maxEntries: number }> = {}, bus: InvalidationBus = new LocalBus()) {
  let t = 0;
  const c = new VerifiedKeyCache<string>(bus, { ttlMs: 1000, maxEntries: 100, ...opts }, () => t);
  return { c, tick: (ms: number) => void (t += ms) };
}

describe('VerifiedKeyCache', () => {
  it('serves entries until their TTL', () => {
    const { c, tick } = cache();
    c.set('h1', 'k1', 'v1', c.mark());
    expect(c.get('h1')).toBe('v1');
    tick(999);
    expect(c.get('h1')).toBe('v1');
    tick(1);
    expect(c.get('h1')).toBeUndefined();
  });

  it('drops every entry of an invalidated key, and everything on `all`', async () => {
    const { c } = cache();
    c.set('h1|', 'k1', 'a', c.mark());
    c.set('h1|sid', 'k1', 'b', c.mark());
    c.set('h2|', 'k2', 'c', c.mark());
    await c.invalidate({ keys: ['k1'] });
    expect(c.get('h1|')).toBeUndefined();
    expect(c.get('h1|sid')).toBeUndefined();
    expect(c.get('h2|')).toBe('c');
    await c.invalidate({ all: true });
    expect(c.size).toBe(0);
  });

  it('does not store a value read before an invalidation (no stale resurrection)', async () => {
    const { c } = cache();
    const mark = c.mark(); // a database read starts
    await c.invalidate({ keys: ['k1'] }); // the key is revoked meanwhile
    c.set('h1', 'k1', 'stale', mark); // the read finishes with the old row
    expect(c.get('h1')).toBeUndefined();
  });

  it('evicts the oldest entry when full', () => {
    const { c } = cache({ maxEntries: 2 });
    c.set('a', 'ka', '1', c.mark());
    c.set('b', 'kb', '2', c.mark());
    c.set('c', 'kc', '3', c.mark());
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBe('2');
    expect(c.get('c')).toBe('3');
  });

  it('is bypassed while the bus cannot hear invalidations, and when turned off', () => {
    const deaf: InvalidationBus = { live: false, start: async () => undefined, publish: async () => undefined, close: async () => undefined };
    const { c } = cache({}, deaf);
    c.set('h', 'k', 'v', c.mark());
    expect(c.get('h')).toBeUndefined();
    const off = cache({ ttlMs: 0 }).c;
    off.set('h', 'k', 'v', off.mark());
    expect(off.get('h')).toBeUndefined();
  });
});
