import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { deliveryKind, DEFAULT_RETRY_SCHEDULE_MS } from '../../../src/modules/webhooks/delivery.js';
import { generateSecret, sign, signOne, verify } from '../../../src/modules/webhooks/signature.js';
import { eventType, normalizeEvent } from '../../../src/modules/webhooks/webhooks.service.js';

describe('Standard Webhooks signatures', () => {
  it('verify with the reference library (standardwebhooks), one secret or two', () => {
    const [a, b] = [generateSecret(), generateSecret()];
    expect(a).toMatch(/^whsec_/);
    const id = 'msg_0190e8e0-0000-7000-8000-000000000001';
    const ts = Math.floor(Date.now() / 1000);
    const body = JSON.stringify({ type: 'products.post', data: { id: 'p', name: 'Ünïcode ✓' } });
    const headers = { 'webhook-id': id, 'webhook-timestamp': String(ts), 'webhook-signature': sign([a, b], id, ts, body) };
    expect(new Webhook(a).verify(body, headers)).toMatchObject({ type: 'products.post' });
    expect(new Webhook(b).verify(body, headers)).toMatchObject({ type: 'products.post' });
    expect(() => new Webhook(generateSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(a).verify(body.replace('p', 'q'), headers)).toThrow();
    // And the library's own signature is ours, byte for byte.
    expect(new Webhook(a).sign(id, new Date(ts * 1000), body)).toBe(signOne(a, id, ts, body));
  });

  it('our verify refuses stale timestamps and wrong versions', () => {
    const s = generateSecret();
    const ts = 1_700_000_000;
    const h = { 'webhook-id': 'msg_1', 'webhook-timestamp': String(ts), 'webhook-signature': sign([s], 'msg_1', ts, '{}') };
    expect(verify(s, h, '{}', { nowSeconds: ts + 10 })).toBe(true);
    expect(verify(s, h, '{}', { nowSeconds: ts + 3600 })).toBe(false);
    expect(verify(s, { ...h, 'webhook-signature': h['webhook-signature'].replace('v1,', 'v2,') }, '{}', { nowSeconds: ts })).toBe(false);
  });
});

describe('delivery schedule and event names', () => {
  it('retries for about three days over ten attempts', () => {
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((a, b) => a + b, 0);
    expect(total / 3_600_000).toBeGreaterThan(70);
    expect(total / 3_600_000).toBeLessThan(74);
    const kind = deliveryKind(DEFAULT_RETRY_SCHEDULE_MS);
    expect(kind.maxAttempts).toBe(10);
    expect([1, 2, 9].map((a) => kind.retryDelayMs!(a))).toEqual([5000, 300_000, 72_000_000]);
    expect(kind.internal).toBe(true);
  });

  it('normalises publishers’ spellings to the reference ones', () => {
    expect(normalizeEvent('products', 'POST/batch')).toBe('POST BATCH');
    expect(normalizeEvent('sides', 'delete_batch')).toBe('DELETE BATCH');
    expect(normalizeEvent('jobs', 'Completed')).toBe('completed');
    expect(normalizeEvent('jobs', 'POST')).toBeNull();
    expect(normalizeEvent('wallet', 'POST')).toBeNull();
    expect(eventType('products', 'PUT BATCH')).toBe('products.put_batch');
  });
});
