import { describe, expect, it } from 'vitest';
import { fitGrid, ImpositionError, planBooklet, planImposition, saddleOrder, type ImposeOptions } from '../../../../src/engines/imposition/index.js';

const MM = 72 / 25.4;
const card = { pages: 1, trim: { w: 85 * MM, h: 55 * MM }, bleed: 3 * MM };
const base: ImposeOptions = {
  sheet: { width: 320 * MM, height: 450 * MM, orientation: 'portrait' },
  margins: { top: 10 * MM, right: 10 * MM, bottom: 10 * MM, left: 10 * MM },
  gutter: { x: 5 * MM, y: 5 * MM },
  layout: 'auto',
  rotate: true,
  sides: 'simplex',
  bleed: 'trim',
  order: 'step_and_repeat',
};

describe('imposition planning', () => {
  it('auto layout takes the best fit, turning the items when that fits more', () => {
    const g = fitGrid(card.trim, card.bleed, base);
    expect([g.rows, g.cols, g.rotated]).toEqual([7, 3, false]);
    const tall = fitGrid({ w: 60 * MM, h: 100 * MM }, 0, { ...base, sheet: { width: 320 * MM, height: 220 * MM, orientation: 'landscape' }, gutter: { x: 0, y: 0 } });
    // 300 × 200 usable: upright 5 × 2 = 10, turned 3 × 3 = 9.
    expect(tall.rows * tall.cols).toBe(10);
    expect(() => fitGrid(card.trim, 0, { ...base, layout: { rows: 10, cols: 10 } })).toThrow(ImpositionError);
  });

  it('kept bleed stops at half the gutter between items and at the sheet edge outside', () => {
    const g = fitGrid(card.trim, card.bleed, { ...base, bleed: 'keep', gutter: { x: 4 * MM, y: 4 * MM } });
    const first = g.clips[0]!;
    const cell = g.cells[0]!;
    expect((cell.x + cell.w + 2 * MM - (first.x + first.w)) / MM).toBeCloseTo(0, 6);
    expect((cell.x - first.x) / MM).toBeCloseTo(3, 6);
  });

  it('cut and stack: cutting the sheets and stacking the piles gives the items in order', () => {
    const src = { ...card, pages: 45 };
    const plan = planImposition(src, { ...base, order: 'cut_and_stack', layout: { rows: 2, cols: 5 } });
    expect(plan.sheets).toBe(5);
    const stacks: number[][] = Array.from({ length: 10 }, () => []);
    for (const side of plan.sides) side.items.forEach((it, k) => it.page !== null && stacks[k]!.push(it.page));
    expect(stacks.flat()).toEqual(Array.from({ length: 45 }, (_, i) => i));
  });

  it('work and turn puts every back at the mirrored position, turned the right way', () => {
    const src = { ...card, pages: 2 };
    const plan = planImposition(src, { ...base, sides: 'work_and_turn', layout: 'auto' });
    const W = plan.sheet.width;
    const side = plan.sides[0]!;
    const fronts = side.items.filter((i) => i.page === 0);
    const backs = side.items.filter((i) => i.page === 1);
    expect(fronts.length).toBe(backs.length);
    fronts.forEach((f, k) => {
      expect(backs[k]!.trim.x).toBeCloseTo(W - f.trim.x - f.trim.w, 9);
      expect(backs[k]!.trim.y).toBeCloseTo(f.trim.y, 9);
      // sideways items are turned head over foot when the sheet turns over its side edge
      expect(backs[k]!.rotation).toBe(f.rotation === 90 ? 270 : f.rotation);
    });
  });

  it('saddle-stitch order for 8, 12 and 16 pages; blanks pad to a multiple of 4', () => {
    expect(saddleOrder(8)).toEqual([
      { front: [8, 1], back: [2, 7] },
      { front: [6, 3], back: [4, 5] },
    ]);
    expect(saddleOrder(12).map((s) => [...s.front, ...s.back])).toEqual([
      [12, 1, 2, 11],
      [10, 3, 4, 9],
      [8, 5, 6, 7],
    ]);
    const every = saddleOrder(16).flatMap((s) => [...s.front, ...s.back]).sort((a, b) => a - b);
    expect(every).toEqual(Array.from({ length: 16 }, (_, i) => i + 1));
    const plan = planBooklet({ pages: 10, trim: { w: 105 * MM, h: 148 * MM }, bleed: 3 * MM }, { sheet: { width: 320 * MM, height: 450 * MM, orientation: 'auto' }, binding: 'saddle_stitch', signaturePages: 16, creep: 0, bleed: 'keep', margins: base.margins });
    expect(plan.blanks).toBe(2);
    expect(plan.sides[0]!.items.map((i) => i.page)).toEqual([null, 0]);
  });
});
