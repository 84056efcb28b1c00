import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nest, NestingError, overlaps, shelfPack } from '../../../../src/engines/nesting/index.js';
import { GANG_MIX } from '../../../../bench/fixtures/gang-mix.js';

describe('nesting (MaxRects)', () => {
  it('any mix: every copy placed once, inside the width (and sheet), never closer than the spacing', () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ w: fc.integer({ min: 5, max: 120 }), h: fc.integer({ min: 5, max: 120 }), q: fc.integer({ min: 1, max: 6 }) }), { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 0, max: 6 }),
        fc.boolean(),
        fc.boolean(),
        (specs, spacing, rotate, roll) => {
          const items = specs.map((s, i) => ({ id: `d${i}`, width: s.w, height: s.h, quantity: s.q }));
          const opts = { width: 130, ...(roll ? {} : { height: 140 }), spacing, rotate };
          const r = nest(items, opts);
          expect(r.placements).toHaveLength(items.reduce((a, i) => a + i.quantity, 0));
          for (const it of items) expect(new Set(r.placements.filter((p) => p.id === it.id).map((p) => p.copy)).size).toBe(it.quantity);
          expect(overlaps(r.placements, spacing)).toEqual([]);
          for (const p of r.placements) {
            expect(p.x).toBeGreaterThanOrEqual(0);
            expect(p.x + p.width).toBeLessThanOrEqual(130 + 1e-6);
            if (!roll) expect(p.y + p.height).toBeLessThanOrEqual(140 + 1e-6);
            const it = items.find((i) => i.id === p.id)!;
            expect(p.rotated ? [p.height, p.width] : [p.width, p.height]).toEqual([it.width, it.height]);
            if (!rotate) expect(p.rotated).toBe(false);
          }
          expect(r.utilisation).toBeGreaterThan(0);
          expect(r.utilisation).toBeLessThanOrEqual(1 + 1e-9);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('the fixed 40-design mix on a 22 in roll: at least 85 % utilisation and better than the shelf packer', () => {
    const opts = { width: 22 * 25.4 - 10, spacing: 3, rotate: true };
    const r = nest(GANG_MIX, opts);
    const s = shelfPack(GANG_MIX, opts);
    expect(r.utilisation).toBeGreaterThanOrEqual(0.85);
    expect(r.utilisation).toBeGreaterThan(s.utilisation);
    expect(r.lengthUsed).toBeLessThan(s.lengthUsed);
  });

  it('identical tiles fill a sheet as a grid would; too large an item is a NestingError naming it', () => {
    const r = nest([{ id: 'card', width: 85, height: 55, quantity: 21 }], { width: 265, height: 415, spacing: 5, rotate: false });
    expect(r.sheets).toHaveLength(1);
    expect(() => nest([{ id: 'poster', width: 300, height: 200, quantity: 1 }], { width: 250, spacing: 0, rotate: false })).toThrow(NestingError);
    expect(() => nest([{ id: 'poster', width: 300, height: 200, quantity: 1 }], { width: 250, spacing: 0, rotate: true })).not.toThrow();
  });
});
