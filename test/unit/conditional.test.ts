import { describe, expect, it } from 'vitest';
import { etag, noneMatchHits } from '../../src/platform/http/conditional.js';
import { linkWindow } from '../../src/platform/storage/blob-store.js';

describe('If-None-Match (RFC 9110 weak comparison)', () => {
  const tag = etag(['route', 'B', 'store', '1.2', '7', '/v1/products']);

  it('makes a weak tag that names every part', () => {
    expect(tag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(etag(['route', 'B', 'store', '1.2', '7', '/v1/products'])).toBe(tag);
    for (const changed of [['route', 'U', 'store', '1.2', '7', '/v1/products'], ['route', 'B', 'other', '1.2', '7', '/v1/products'], ['route', 'B', 'store', '1.3', '7', '/v1/products'], ['route', 'B', 'store', '1.2', '8', '/v1/products'], ['route', 'B', 'store', '1.2', '7', '/v1/products?limit=1']]) {
      expect(etag(changed)).not.toBe(tag);
    }
  });

  it('matches the tag weak or strong, in a list, or *; nothing else', () => {
    const opaque = tag.slice(2);
    expect(noneMatchHits(tag, tag)).toBe(true);
    expect(noneMatchHits(opaque, tag)).toBe(true);
    expect(noneMatchHits(`"a", W/"b",${tag}`, tag)).toBe(true);
    expect(noneMatchHits(['"a"', ` ${opaque} `], tag)).toBe(true);
    expect(noneMatchHits('*', tag)).toBe(true);
    expect(noneMatchHits('', tag)).toBe(false);
    expect(noneMatchHits('W/"other"', tag)).toBe(false);
    expect(noneMatchHits(opaque.slice(0, -2) + '"', tag)).toBe(false);
  });
});

describe('link windows', () => {
  it('gives 24-hour links one-hour windows, valid at least 24 hours from any moment in the window', () => {
    const start = Date.UTC(2030, 0, 1, 10);
    const w = linkWindow(86_400, start + 1234);
    expect(w.index).toBe(start / 3_600_000);
    expect(w.start).toBe(start / 1000);
    expect(w.expires).toBe(start / 1000 + 3600 + 86_400);
    expect(linkWindow(86_400, start + 3_599_999)).toEqual(w);
    expect(linkWindow(86_400, start + 3_600_000).index).toBe(w.index + 1);
  });

  it('gives short links short windows (a 24th of the life, at least a second)', () => {
    const now = Date.UTC(2030, 0, 1, 10, 0, 7, 500);
    const five = linkWindow(300, now);
    expect(five.expires - five.start).toBe(300 + 12);
    expect(five.expires - now / 1000).toBeGreaterThanOrEqual(300);
    const one = linkWindow(1, now);
    expect(one.start).toBe(Math.floor(now / 1000));
    expect(one.expires).toBe(one.start + 2);
  });
});
