import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_PLANS_FILE, loadPlanTable, Plans } from '../../src/modules/plans/plans.service.js';
import { AppError, errorResponse } from '../../src/platform/http/errors.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'folio-plans-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, content: unknown): string {
  const p = path.join(dir, name);
  fs.writeFileSync(p, typeof content === 'string' ? content : JSON.stringify(content));
  return p;
}

function loadError(p: string): string {
  try {
    loadPlanTable(p);
  } catch (err) {
    return (err as Error).message;
  }
  throw new Error(`expected ${p} to be refused`);
}

describe('loadPlanTable', () => {
  it('loads the shipped table (the default) with the decided tiers', () => {
    const table = loadPlanTable(null);
    expect(table).toEqual(loadPlanTable(DEFAULT_PLANS_FILE));
    expect(table.tiers).toEqual(['free', 'pro', 'advanced', 'premium', 'enterprise']);
    expect(table.capabilities).toEqual({ webhooks: 'pro', api_keys: 'advanced', studio_premium_layouts: 'premium' });
    expect(table.quotas.preflight_checks_per_month).toEqual({ free: 20, pro: 500, advanced: 2000, premium: 10000, enterprise: null });
    expect(table.quotas.clipart_storage_bytes!.free).toBe(100 * 1024 * 1024);
    expect(Object.values(table.quotas.requests_per_minute!)).toEqual([1000, 1000, 1000, 1000, 1000]);
  });

  it('lists every structural problem of a bad file, naming the file', () => {
    const p = file('shape.json', { tiers: [], capabilities: { api_keys: 3 }, quotas: { x: { free: -1 } } });
    const message = loadError(p);
    expect(message).toContain(`Invalid plan table ${p}`);
    expect(message).toMatch(/\/tiers/);
    expect(message).toMatch(/\/capabilities\/api_keys/);
    expect(message).toMatch(/\/quotas\/x\/free/);
  });

  it('lists every consistency problem at once', () => {
    const p = file('refs.json', {
      tiers: ['free', 'pro'],
      capabilities: { api_keys: 'gold', webhooks: 'pro' },
      quotas: { clipart_storage_bytes: { free: 1 } },
    });
    const lines = loadError(p).split('\n').slice(1);
    expect(lines).toEqual([
      '  - /capabilities/api_keys names unknown tier "gold"',
      '  - /quotas/clipart_storage_bytes has no value for tier "pro"',
      '  - /quotas/requests_per_minute is required',
    ]);
  });

  it('names the file when it is missing, not JSON, or not an object', () => {
    for (const p of [path.join(dir, 'missing.json'), file('broken.json', '{"tiers": [}'), file('array.json', '[]'), file('null.json', 'null')]) {
      expect(loadError(p)).toContain(`Invalid plan table ${p}`);
    }
  });
});

describe('Plans', () => {
  const plans = new Plans(loadPlanTable(null), 'https://billing.example/upgrade');

  it('ranks tiers and resolves capabilities and quotas', () => {
    expect(plans.isTier('advanced')).toBe(true);
    expect(plans.isTier('gold')).toBe(false);
    expect(plans.has('free', 'webhooks')).toBe(false);
    expect(plans.has('pro', 'webhooks')).toBe(true);
    expect(plans.has('advanced', 'api_keys')).toBe(true);
    expect(plans.has('enterprise', 'studio_premium_layouts')).toBe(true);
    expect(plans.has('enterprise', 'no_such_capability')).toBe(false);
    expect(plans.highest(['pro', 'free', 'premium', 'advanced'])).toBe('premium');
    expect(plans.highest([])).toBe('free');
    expect(plans.quota('enterprise', 'clipart_storage_bytes')).toBeNull();
    expect(plans.quota('advanced', 'preflight_checks_per_month')).toBe(2000);
    expect(plans.requestsPerMinute(null)).toBe(1000);
    expect(plans.entitlement('pro')).toEqual({
      tier: 'pro',
      capabilities: { webhooks: true, api_keys: false, studio_premium_layouts: false },
      quotas: { clipart_storage_bytes: 1_073_741_824, preflight_checks_per_month: 500, requests_per_minute: 1000 },
    });
    expect(plans.cta().advanced).toEqual({ url: 'https://billing.example/upgrade?tier=advanced' });
  });

  it('require() passes on the tier or above', () => {
    expect(() => plans.require('advanced', 'api_keys')).not.toThrow();
    expect(() => plans.require('enterprise', 'api_keys')).not.toThrow();
  });

  it('require() throws the 402 plan gate with capability, tiers and cta', () => {
    let caught: unknown;
    try {
      plans.require('pro', 'api_keys');
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(AppError);
    const err = caught as AppError;
    expect(err.status).toBe(402);
    expect(err.code).toBe('capability_not_available');
    expect(err.options.details).toEqual({
      capability: 'api_keys',
      required_tier: 'advanced',
      current_tier: 'pro',
      cta: { url: 'https://billing.example/upgrade?tier=advanced' },
    });
    const { status, body } = errorResponse(err, 'req-1');
    expect(status).toBe(402);
    expect(body).toMatchObject({
      error: { code: 'capability_not_available', message: expect.any(String), details: { current_tier: 'pro', cta: { url: expect.stringMatching(/^https:\/\//) } } },
      message: expect.any(String),
    });
  });
});
