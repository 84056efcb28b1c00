/**
 * The editor's arithmetic and bookkeeping, without a browser: snapping, keeping objects on
 * the canvas, the bleed check, align/distribute, fit/fill crops, the undo history, spot inks,
 * the embedding messages' validation and the translations' completeness. The browser side
 * (real mouse, touch and keyboard) is test/e2e/editor.test.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sanitize } from '../../../customizer/src/embed.js';
import { alignDeltas, distributeDeltas, fillCrop, fitCrop, union } from '../../../customizer/src/frame-math.js';
import { bleedGaps, keepInside, layoutFor, type Rect } from '../../../customizer/src/geometry.js';
import { History } from '../../../customizer/src/history.js';
import { en } from '../../../customizer/src/i18n/en.js';
import { fr } from '../../../customizer/src/i18n/fr.js';
import { he } from '../../../customizer/src/i18n/he.js';
import { format, resolveLocale } from '../../../customizer/src/i18n/index.js';
import { spotHex, spotsForCanvas, spotsForPrint, spotsIn } from '../../../customizer/src/paint.js';
import { snapOffset, snapTargets } from '../../../customizer/src/snapping.js';

const rect = (left: number, top: number, width: number, height: number): Rect => ({ left, top, width, height });
const arbRect = fc.record({ left: fc.integer({ min: -500, max: 500 }), top: fc.integer({ min: -500, max: 500 }), width: fc.integer({ min: 1, max: 400 }), height: fc.integer({ min: 1, max: 400 }) });
const layout = layoutFor({ width: 148, height: 105, bleed: { top: 3, right: 3, bottom: 3, left: 3 }, safe_zone: { top: 6, right: 6, bottom: 6, left: 6 }, dimension_unit: 'mm', dpi: 300 });

describe('snapping', () => {
  it('moves the nearest edge onto the nearest line within the threshold, else not at all', () => {
    expect(snapOffset([10, 20, 30], [33, 100], 5)).toEqual({ delta: 3, at: 33 });
    expect(snapOffset([10, 20, 30], [100], 5)).toBeNull();
    expect(snapOffset([10], [7, 12], 5)).toEqual({ delta: 2, at: 12 });
    fc.assert(
      fc.property(fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), { minLength: 1, maxLength: 3 }), fc.array(fc.double({ min: -1000, max: 1000, noNaN: true }), { maxLength: 8 }), fc.double({ min: 0, max: 20, noNaN: true }), (edges, targets, th) => {
        const s = snapOffset(edges, targets, th);
        if (!s) return edges.every((e) => targets.every((t) => Math.abs(t - e) > th));
        // after the move one edge lies on the line
        return Math.abs(s.delta) <= th && edges.some((e) => Math.abs(e + s.delta - s.at) < 1e-9);
      }),
    );
  });

  it('snaps to the trim, the safe zone, the centre lines and the other objects', () => {
    const t = snapTargets(layout, [rect(10, 20, 30, 40)]);
    const { trim, safe } = layout;
    for (const x of [0, trim.width / 2, trim.width, safe.left, safe.left + safe.width, 10, 25, 40]) expect(t.x).toContain(x);
    for (const y of [0, trim.height / 2, trim.height, safe.top, safe.top + safe.height, 20, 40, 60]) expect(t.y).toContain(y);
  });

  it('keeps an object on the canvas: inside when it fits, covering it when larger', () => {
    const box = rect(-10, -10, 200, 100);
    fc.assert(
      fc.property(arbRect, (r) => {
        const { dx, dy } = keepInside(r, box);
        const m = { ...r, left: r.left + dx, top: r.top + dy };
        const okX = r.width <= box.width ? m.left >= box.left - 1e-9 && m.left + m.width <= box.left + box.width + 1e-9 : m.left <= box.left && m.left + m.width >= box.left + box.width;
        const okY = r.height <= box.height ? m.top >= box.top - 1e-9 && m.top + m.height <= box.top + box.height + 1e-9 : m.top <= box.top && m.top + m.height >= box.top + box.height;
        // and nothing moves that was already fine
        const inside = r.left >= box.left && r.left + r.width <= box.left + box.width && r.top >= box.top && r.top + r.height <= box.top + box.height;
        return okX && okY && (!inside || (dx === 0 && dy === 0));
      }),
    );
  });
});

describe('bleed check', () => {
  const { trim, bleed } = layout;
  it('warns where a background stops at the trim, not where it reaches the bleed', () => {
    expect(bleedGaps(trim, trim, bleed).sort()).toEqual(['bottom', 'left', 'right', 'top']);
    expect(bleedGaps(bleed, trim, bleed)).toEqual([]);
    // reaches the bleed left and right, stops at the trim top and bottom
    expect(bleedGaps(rect(bleed.left, 0, bleed.width, trim.height), trim, bleed).sort()).toEqual(['bottom', 'top']);
    // a panel flush with the left trim, partly down the page: its left edge
    expect(bleedGaps(rect(0, 20, 100, 200), trim, bleed)).toEqual(['left']);
    // a framed photo inside the trim is not a background
    expect(bleedGaps(rect(20, 20, 100, 80), trim, bleed)).toEqual([]);
    // a band across the page, the trim's width, in the middle: its ends stop at the trim
    expect(bleedGaps(rect(0, 100, trim.width, 50), trim, bleed).sort()).toEqual(['left', 'right']);
    // a band across the top, to the bleed on three sides, stopping mid-page: fine
    expect(bleedGaps(rect(bleed.left, bleed.top, bleed.width, 100), trim, bleed)).toEqual([]);
  });
});

describe('align and distribute', () => {
  it('lines up edges and centres with the reference', () => {
    const rs = [rect(10, 10, 20, 20), rect(50, 70, 40, 10)];
    const ref = union(rs);
    expect(ref).toEqual(rect(10, 10, 80, 70));
    const moved = (mode: Parameters<typeof alignDeltas>[1]) => alignDeltas(rs, mode, ref).map((d, i) => ({ ...rs[i]!, left: rs[i]!.left + d.dx, top: rs[i]!.top + d.dy }));
    expect(moved('left').map((r) => r.left)).toEqual([10, 10]);
    expect(moved('right').map((r) => r.left + r.width)).toEqual([90, 90]);
    expect(moved('center').map((r) => r.left + r.width / 2)).toEqual([50, 50]);
    expect(moved('top').map((r) => r.top)).toEqual([10, 10]);
    expect(moved('middle').map((r) => r.top + r.height / 2)).toEqual([45, 45]);
    expect(moved('bottom').map((r) => r.top + r.height)).toEqual([80, 80]);
    // align never moves across the other axis
    expect(alignDeltas(rs, 'left', ref).every((d) => d.dy === 0)).toBe(true);
  });

  it('spreads three or more so the gaps are equal, the outermost staying', () => {
    fc.assert(
      fc.property(fc.array(arbRect, { minLength: 3, maxLength: 7 }), (rs) => {
        const d = distributeDeltas(rs, 'x');
        // in the order of their centres before the move
        const order = rs.map((r, i) => i).sort((a, b) => rs[a]!.left + rs[a]!.width / 2 - (rs[b]!.left + rs[b]!.width / 2));
        const m = order.map((i) => ({ ...rs[i]!, left: rs[i]!.left + d[i]!.dx }));
        if (d[order[0]!]!.dx !== 0) return false;
        const gaps = m.slice(1).map((r, i) => r.left - (m[i]!.left + m[i]!.width));
        return gaps.every((g) => Math.abs(g - gaps[0]!) < 1e-6) && d.every((x) => x.dy === 0);
      }),
    );
    expect(distributeDeltas([rect(0, 0, 10, 10), rect(5, 0, 10, 10)], 'y')).toEqual([{ dx: 0, dy: 0 }, { dx: 0, dy: 0 }]);
  });
});

describe('image frames', () => {
  it('fit shows the whole picture inside the frame; fill covers the frame, cropping only the overflow', () => {
    fc.assert(
      fc.property(fc.integer({ min: 10, max: 5000 }), fc.integer({ min: 10, max: 5000 }), fc.integer({ min: 10, max: 800 }), fc.integer({ min: 10, max: 800 }), fc.double({ min: 0, max: 1, noNaN: true }), (nw, nh, fw, fh, fx) => {
        const fit = fitCrop({ width: nw, height: nh }, { width: fw, height: fh });
        const fitOk = fit.cropX === 0 && fit.width === nw && nw * fit.scale <= fw + 1e-6 && nh * fit.scale <= fh + 1e-6 && (Math.abs(nw * fit.scale - fw) < 1e-6 || Math.abs(nh * fit.scale - fh) < 1e-6);
        const fill = fillCrop({ width: nw, height: nh }, { width: fw, height: fh }, fx, 0.5);
        const fillOk =
          Math.abs(fill.width * fill.scale - fw) < 1e-6 && Math.abs(fill.height * fill.scale - fh) < 1e-6 && fill.cropX >= 0 && fill.cropX + fill.width <= nw + 1e-6 && fill.cropY + fill.height <= nh + 1e-6;
        return fitOk && fillOk;
      }),
    );
    // a 4:3 photo in a square frame, centred: an eighth of its width cropped on each side
    expect(fillCrop({ width: 400, height: 300 }, { width: 100, height: 100 })).toEqual({ width: 300, height: 300, cropX: 50, cropY: 0, scale: 1 / 3 });
  });
});

describe('undo history', () => {
  it('goes back and forth through the states and forgets the future on a new change', () => {
    const h = new History();
    h.reset('a');
    expect(h.canUndo).toBe(false);
    h.record('b');
    h.record('b');
    h.record('c');
    expect(h.undo()).toBe('b');
    expect(h.undo()).toBe('a');
    expect(h.undo()).toBeNull();
    expect(h.redo()).toBe('b');
    h.record('d');
    expect(h.canRedo).toBe(false);
    expect(h.undo()).toBe('b');
  });
});

describe('spot inks', () => {
  it('draws the CMYK alternate and saves the ink again', () => {
    expect(spotHex({ spot: 'X', cmyk: [0, 0, 0, 0] })).toBe('#ffffff');
    expect(spotHex({ spot: 'X', cmyk: [0, 0, 0, 100] })).toBe('#000000');
    expect(spotHex({ spot: 'X', cmyk: [100, 0, 0, 0] })).toBe('#00ffff');
    expect(spotHex({ spot: 'X', cmyk: [100, 0, 0, 0], tint: 0.5 })).toBe('#80ffff');
    const ink = { spot: 'PANTONE 871 C', cmyk: [20, 30, 60, 15] as [number, number, number, number] };
    const layers = [{ type: 'textbox', fill: ink }, { type: 'group', objects: [{ type: 'rect', fill: ink }] }, { type: 'rect', fill: '#ff0000' }];
    const onCanvas = spotsForCanvas(layers);
    expect(typeof onCanvas[0]!.fill).toBe('string');
    expect(onCanvas[0]!.spotFill).toEqual(ink);
    expect(spotsForPrint(onCanvas)).toEqual(layers);
    expect([...spotsIn(layers).keys()]).toEqual(['PANTONE 871 C']);
  });
});

describe('embedding and translations', () => {
  it('keeps only known init fields of the right types', () => {
    expect(sanitize({ token: 'put_x', product: 7, locale: 'fr', evil: '<script>', spots: [{ spot: 'White' }, { nope: 1 }, { spot: 'P', cmyk: [1, 2, 3] }] })).toEqual({
      token: 'put_x', product: undefined, locale: 'fr', design: undefined, project: undefined, spots: [{ spot: 'White' }, { spot: 'P' }],
    });
  });

  it('has every string in every locale, with the same {slots}', () => {
    const slots = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    for (const loc of [fr, he]) {
      expect(Object.keys(loc).sort()).toEqual(Object.keys(en).sort());
      for (const k of Object.keys(en) as Array<keyof typeof en>) {
        expect(loc[k].trim(), k).not.toBe('');
        expect(slots(loc[k]), k).toEqual(slots(en[k]));
      }
    }
    // Hebrew is Hebrew, French is not English
    expect(Object.values(he).filter((s) => /[\u0590-\u05FF]/.test(s)).length).toBeGreaterThan(Object.keys(en).length * 0.9);
    expect(Object.keys(en).filter((k) => fr[k as keyof typeof en] === en[k as keyof typeof en]).length).toBeLessThan(10);
    expect(resolveLocale('fr-CA')).toBe('fr');
    expect(resolveLocale('he')).toBe('he');
    expect(resolveLocale('xx')).toBe('en');
    expect(format('{a} and {b}', { a: 1 })).toBe('1 and {b}');
  });
});
