import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiWorld, type Tenant } from '../../helpers/api-world.js';
import { envelopeProblem } from '../../helpers/envelopes.js';
import { foreignIdVariants, fromSchema, schemeTrickVariants } from '../../helpers/hostile.js';
import type { Operation } from '../../helpers/openapi-ops.js';
import { short } from './fuzz-requests.js';

/**
 * Issue 18 items 4 and 5, fuzzed over every JSON operation of /v1/openapi.json: a body that
 * is valid but for one URL-like field set to a scheme trick (javascript:, data:, file:,
 * gopher:, `http:\\host`, credentials, whitespace), or one reference field set to another
 * tenant's id or no uuid at all. Property: never a 5xx, every 4xx in the interface's
 * envelopes, and never a 2xx for a scheme trick or for another store's object in a
 * reference field (the body would have been stored or fetched). FOLIO_FUZZ_RUNS per field.
 */
const RUNS = Math.max(2, Math.ceil(Number(process.env.FOLIO_FUZZ_RUNS ?? 12) / 3));
const SEED = process.env.FOLIO_FUZZ_SEED ? Number(process.env.FOLIO_FUZZ_SEED) : undefined;
/** Reference fields that name one of the caller's store or account objects (not free-text ids such as a QR job_id). */
const OBJECT_REFERENCE = /(^|\.)(side_id|product_id|project_id|parent_id|category_ids(\.0)?|(preview|template|design|side|product)_image_id|img_overlay_id|image_id|agency_id|file_ids(\.0)?|preflightReportId)$/;

const world = await ApiWorld.create();
let other: Tenant;
beforeAll(async () => {
  other = world.other ?? (await world.newTenant());
  world.other = other;
}, 300_000);
afterAll(async () => world.close());

function foreignIds(): { strings: string[]; integers: number[] } {
  const all: unknown[] = [...other.ids, ...[...other.pools.values()].flat()];
  return {
    strings: [...new Set(all.filter((x): x is string => typeof x === 'string'))].slice(0, 40),
    integers: [...new Set(all.filter((x): x is number => typeof x === 'number'))].slice(0, 20),
  };
}

/** Operations that take the tenant's credentials away are left to the main fuzz suite. */
const skip = (op: Operation) => op.method === 'DELETE' || /token-revoke|password-update|\/rotate$/.test(op.path);
const ops = world.ops.filter((o) => o.json && !skip(o));

async function probe(op: Operation, variant: { field: string; schema: unknown }, mustRefuse: boolean, what: string): Promise<void> {
  const url = world.realPath(op);
  if (url === undefined) return;
  const kind = world.strongest(op);
  await fc.assert(
    fc.asyncProperty(fromSchema(variant.schema as never, world.idSource()), async (body) => {
      const payload = JSON.stringify(body);
      const res = await world.call(op, kind, { url, body: { contentType: 'application/json', payload } });
      const label = `${op.method} ${url} ${what} in ${variant.field}: ${res.statusCode} ${short(res.body)} for ${short(payload)}`;
      if (res.statusCode >= 500) throw new Error(label);
      const problem = envelopeProblem(res);
      if (problem) throw new Error(`${problem} (${label})`);
      if (mustRefuse && res.statusCode < 300) throw new Error(`accepted: ${label}`);
    }),
    { numRuns: RUNS, ...(SEED !== undefined ? { seed: SEED } : {}), endOnFailure: true },
  );
}

describe('fuzz: scheme tricks in every URL-like field', () => {
  it('finds the URL fields of the document', () => {
    const fields = ops.flatMap((o) => schemeTrickVariants(o.json!).map((v) => `${o.method} ${o.path} ${v.field}`));
    for (const f of ['POST /v1/stores shop_url', 'PUT /v1/stores/{store} view_store_url', 'POST /v1/services/bg-remove image_url', 'POST /v1/designs layers.0']) expect(fields).toContain(f);
    expect(fields.some((f) => f.endsWith('reference_photo_url'))).toBe(true);
  });
  for (const op of ops) {
    const variants = schemeTrickVariants(op.json!);
    // Template layers too: their links may name any http(s) host, never a script or a file.
    for (const v of variants) it(`${op.method} ${op.path} ${v.field}`, () => probe(op, v, true, 'scheme trick'), 120_000);
  }
});

describe("fuzz: another tenant's id, or none, in every reference field", () => {
  it('finds the reference fields of the document', () => {
    const fields = ops.flatMap((o) => foreignIdVariants(o.json!, { strings: [], integers: [] }).map((v) => `${o.method} ${o.path} ${v.field}`));
    for (const f of ['POST /v1/templates project_id', 'POST /v1/designs side_id', 'POST /v1/sides product_id', 'POST /v1/products category_ids']) expect(fields).toContain(f);
  });
  for (const op of ops) {
    for (const v of foreignIdVariants(op.json!, { strings: [], integers: [] })) {
      const refuse = OBJECT_REFERENCE.test(v.field) || (/(^|\.)layers\.0$/.test(v.field) && op.path.startsWith('/v1/designs'));
      it(`${op.method} ${op.path} ${v.field}`, async () => {
        const [variant] = foreignIdVariants(op.json!, foreignIds()).filter((x) => x.field === v.field);
        await probe(op, variant!, refuse, 'foreign id');
      }, 120_000);
    }
  }
});

it('sent the probes (no variant was skipped for want of a path id)', () => {
  const answered = world.seen.filter((s) => s.kind !== 'none');
  expect(answered.length).toBeGreaterThan(300);
  // Refusals dominate: 4xx naming the field, never a 5xx.
  expect(answered.filter((s) => s.status >= 500)).toEqual([]);
});
