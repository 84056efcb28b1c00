import { describe, expect, it } from 'vitest';
import { contentOps } from '../../../../src/engines/preflight/content-lexer.js';

const ops = (s: string | Buffer) => [...contentOps(typeof s === 'string' ? Buffer.from(s, 'latin1') : s)];

describe('contentOps', () => {
  it('pairs operators with their operands', () => {
    const r = ops('q 1 0 0 1 10.5 -3 cm /GS1 gs 0.2 0.4 .6 rg Q');
    expect(r.map((o) => o.op)).toEqual(['q', 'cm', 'gs', 'rg', 'Q']);
    expect(r[1]?.operands).toEqual([1, 0, 0, 1, 10.5, -3].map((v) => ({ t: 'num', v })));
    expect(r[2]?.operands).toEqual([{ t: 'name', v: 'GS1' }]);
    expect(r[3]?.operands.map((o) => (o.t === 'num' ? o.v : null))).toEqual([0.2, 0.4, 0.6]);
  });

  it('does not see operators inside strings, comments or names', () => {
    const r = ops('BT (1 0 0 rg \\) (nested) rg) Tj <31207267> Tj ET % 1 0 0 rg\n/rg#20x Do');
    expect(r.map((o) => o.op)).toEqual(['BT', 'Tj', 'Tj', 'ET', 'Do']);
    expect(r[4]?.operands).toEqual([{ t: 'name', v: 'rg x' }]);
  });

  it('reads arrays and dictionaries as single operands', () => {
    const r = ops('[(A) 120 (B)] TJ /Span << /MCID 3 /Alt (x) >> BDC EMC');
    expect(r[0]).toMatchObject({ op: 'TJ', operands: [{ t: 'arr' }] });
    const dict = r[1]?.operands[1];
    expect(dict?.t).toBe('dict');
    expect(dict && dict.t === 'dict' ? dict.v.get('MCID') : null).toEqual({ t: 'num', v: 3 });
  });

  it('skips inline image data, even when it contains "EI" and operator-like bytes', () => {
    // 2×1 RGB, unfiltered: 6 data bytes spelling " EI rg" — the computed length skips them
    const data = Buffer.concat([Buffer.from('q BI /W 2 /H 1 /CS /RGB /BPC 8 ID '), Buffer.from(' EI rg', 'latin1'), Buffer.from('\nEI Q 0 0 1 k')]);
    const r = ops(data);
    expect(r.map((o) => o.op)).toEqual(['q', 'BI', 'Q', 'k']);
    expect(r[1]?.inlineImage?.get('CS')).toEqual({ t: 'name', v: 'RGB' });
  });

  it('finds the end of filtered inline image data by a free-standing EI', () => {
    const r = ops(Buffer.concat([Buffer.from('BI /W 4 /H 4 /CS /G /BPC 8 /F /AHx ID '), Buffer.from('00ffEIx00 >'), Buffer.from(' EI 1 g')]));
    expect(r.map((o) => o.op)).toEqual(['BI', 'g']);
  });

  it('survives garbage without throwing or looping', () => {
    const junk = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919) % 256));
    expect(() => ops(junk)).not.toThrow();
    expect(ops(')]>> } { 1 2 rg').map((o) => o.op)).toEqual(['rg']);
    expect(ops('(unterminated string rg')).toEqual([]);
  });
});
