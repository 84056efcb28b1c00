import { describe, expect, it } from 'vitest';
import { BuiltMemo, parsedDoc, rowInputs, sameInputs } from '../../src/platform/db/built-memo.js';

describe('BuiltMemo', () => {
  it('hands back the value built before while every input is the same, and builds anew when one differs', () => {
    const memo = new BuiltMemo<{ n: number }>();
    let builds = 0;
    const build = () => ({ n: ++builds });
    const side = { id: 's' };
    const a = memo.get('d1', ['row text', 1, null, side], build);
    expect(memo.get('d1', ['row text', 1, null, side], build)).toBe(a);
    expect(builds).toBe(1);
    // an equal string read again is the same input; another object is not, however alike
    expect(memo.get('d1', ['row ' + 'text', 1, null, side], build)).toBe(a);
    expect(memo.get('d1', ['row text', 1, null, { id: 's' }], build)).not.toBe(a);
    expect(memo.get('d1', ['row text', 2, null, side], build).n).toBe(3);
    // one input more or less is a change too
    expect(memo.get('d1', ['row text', 2, null, side, undefined], build).n).toBe(4);
    // keys are separate
    expect(memo.get('d2', ['row text', 2, null, side, undefined], build).n).toBe(5);
  });

  it('freezes what it keeps, so nothing can change a value another answer will reuse', () => {
    const memo = new BuiltMemo<Record<string, unknown>>();
    const v = memo.get('k', [1], () => ({ name: 'Front' }));
    expect(Object.isFrozen(v)).toBe(true);
    expect(() => {
      'use strict';
      (v as { name: string }).name = 'Back';
    }).toThrow(TypeError);
    expect(memo.known('k', [1])).toBe(v);
    expect(memo.known('k', [2])).toBeUndefined();
    expect(memo.known('other', [1])).toBeUndefined();
  });

  it('compares Dates by their time (PostgreSQL reads a timestamp as a new Date each time)', () => {
    expect(sameInputs([new Date(5)], [new Date(5)])).toBe(true);
    expect(sameInputs([new Date(5)], [new Date(6)])).toBe(false);
    expect(sameInputs([new Date(5)], [5])).toBe(false);
    expect(sameInputs([NaN], [NaN])).toBe(false);
  });

  it('keeps at most max keys, the oldest leaving first', () => {
    const memo = new BuiltMemo<{ k: number }>(3);
    for (let k = 0; k < 5; k++) memo.get(`k${k}`, [k], () => ({ k }));
    expect(memo.size).toBe(3);
    expect(memo.known('k0', [0])).toBeUndefined();
    expect(memo.known('k1', [1])).toBeUndefined();
    expect(memo.known('k4', [4])?.k).toBe(4);
    // replacing a key's value does not push another out
    memo.get('k4', [40], () => ({ k: 40 }));
    expect(memo.size).toBe(3);
    expect(memo.known('k2', [2])?.k).toBe(2);
  });

  it("a row's inputs are its column values in order; a parsed document is kept while its text is the same", () => {
    expect(rowInputs({ id: 'a', doc: '{}', updated_at: 't' })).toEqual(['a', '{}', 't']);
    const memo = new BuiltMemo<object>();
    const row = { id: 'a', doc: '{"name":"x","layers":[1]}' };
    const first = parsedDoc(memo, row, 'designs');
    expect(first).toEqual({ name: 'x', layers: [1] });
    expect(parsedDoc(memo, { ...row }, 'designs')).toBe(first);
    expect(parsedDoc(memo, { id: 'a', doc: '{"name":"y"}' }, 'designs')).toEqual({ name: 'y' });
    // another table's row of the same id is another document
    expect(parsedDoc(memo, { id: 'a', doc: '{"name":"z"}' }, 'projects')).toEqual({ name: 'z' });
  });
});
