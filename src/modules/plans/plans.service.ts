import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Type, type Static } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { AppError } from '../../platform/http/errors.js';

/**
 * The tier table is configuration (config/plans.json, overridable with FOLIO_PLANS_FILE):
 * ordered tiers, the lowest tier that has each capability, and per-tier quotas.
 */
const Quota = Type.Record(Type.String(), Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]));
export const PlanTableSchema = Type.Object({
  tiers: Type.Array(Type.String({ minLength: 1 }), { minItems: 1 }),
  capabilities: Type.Record(Type.String(), Type.String()),
  quotas: Type.Record(Type.String(), Quota),
});
export type PlanTable = Static<typeof PlanTableSchema>;

export const DEFAULT_PLANS_FILE = fileURLToPath(new URL('../../../config/plans.json', import.meta.url));

export function loadPlanTable(file: string | null): PlanTable {
  const source = file ?? DEFAULT_PLANS_FILE;
  let raw: Record<string, unknown>;
  try {
    raw = JSON.parse(fs.readFileSync(source, 'utf8')) as Record<string, unknown>;
  } catch (err) {
    // Name the file: the operator may have pointed FOLIO_PLANS_FILE at it.
    throw new Error(`Invalid plan table ${source}:\n  - ${(err as Error).message}`, { cause: err });
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    throw new Error(`Invalid plan table ${source}:\n  - / Expected a JSON object`);
  }
  delete raw.$comment;
  const problems = [...Value.Errors(PlanTableSchema, raw)].map((e) => `${e.path || '/'} ${e.message}`);
  const table = raw as PlanTable;
  if (problems.length === 0) {
    for (const [cap, tier] of Object.entries(table.capabilities)) {
      if (!table.tiers.includes(tier)) problems.push(`/capabilities/${cap} names unknown tier "${tier}"`);
    }
    for (const [quota, byTier] of Object.entries(table.quotas)) {
      for (const tier of table.tiers) if (!(tier in byTier)) problems.push(`/quotas/${quota} has no value for tier "${tier}"`);
    }
    if (!table.quotas.requests_per_minute) problems.push('/quotas/requests_per_minute is required');
  }
  if (problems.length > 0) throw new Error(`Invalid plan table ${source}:\n  - ${problems.join('\n  - ')}`);
  return table;
}

export interface Entitlement {
  tier: string;
  capabilities: Record<string, boolean>;
  quotas: Record<string, number | null>;
}

export class Plans {
  constructor(readonly table: PlanTable, private readonly billingUrl: string) {}

  isTier(tier: string): boolean {
    return this.table.tiers.includes(tier);
  }

  rank(tier: string): number {
    const i = this.table.tiers.indexOf(tier);
    return i < 0 ? 0 : i;
  }

  highest(tiers: string[]): string {
    return tiers.reduce((best, t) => (this.rank(t) > this.rank(best) ? t : best), this.table.tiers[0]!);
  }

  has(tier: string, capability: string): boolean {
    const needed = this.table.capabilities[capability];
    return needed !== undefined && this.rank(tier) >= this.rank(needed);
  }

  quota(tier: string, name: string): number | null {
    const v = this.table.quotas[name]?.[tier];
    return v === undefined ? null : v;
  }

  requestsPerMinute(tier: string | null): number {
    return this.quota(tier ?? this.table.tiers[0]!, 'requests_per_minute') ?? 1_000_000;
  }

  entitlement(tier: string): Entitlement {
    return {
      tier,
      capabilities: Object.fromEntries(Object.keys(this.table.capabilities).map((c) => [c, this.has(tier, c)])),
      quotas: Object.fromEntries(Object.keys(this.table.quotas).map((q) => [q, this.quota(tier, q)])),
    };
  }

  matrix(): Record<string, Omit<Entitlement, 'tier'>> {
    return Object.fromEntries(
      this.table.tiers.map((t) => {
        const { capabilities, quotas } = this.entitlement(t);
        return [t, { capabilities, quotas }];
      }),
    );
  }

  ctaUrl(tier: string): string {
    return `${this.billingUrl}?tier=${encodeURIComponent(tier)}`;
  }

  cta(): Record<string, { url: string }> {
    return Object.fromEntries(this.table.tiers.map((t) => [t, { url: this.ctaUrl(t) }]));
  }

  /** Plan gate (decisions.md § Plans): 402 capability_not_available with the tier to upgrade to. */
  require(tier: string, capability: string): void {
    if (this.has(tier, capability)) return;
    const required = this.table.capabilities[capability] ?? this.table.tiers[this.table.tiers.length - 1]!;
    throw new AppError('capability_not_available', `This requires the ${required} plan or above`, {
      details: { capability, required_tier: required, current_tier: tier, cta: { url: this.ctaUrl(required) } },
    });
  }
}
