/**
 * A small tokenizer for PDF content streams (ISO 32000-1 § 7.2, 7.3, 8.9.7): enough to see
 * every operator with its operands, skip strings and inline image data, and read inline image
 * dictionaries. Values the checks never need (string contents) are not kept.
 */

export type Operand =
  | { t: 'num'; v: number }
  | { t: 'name'; v: string }
  /** `v`: the string's bytes, kept only when the lexer was asked for them (`{ strings: true }`) */
  | { t: 'str'; v?: Uint8Array }
  | { t: 'kw'; v: string }
  | { t: 'arr'; v: Operand[] }
  | { t: 'dict'; v: Map<string, Operand> };

export interface ContentOp {
  op: string;
  operands: Operand[];
  /** for `BI`: the inline image's dictionary (abbreviated keys as written) */
  inlineImage?: Map<string, Operand>;
}

const WS = new Uint8Array(256);
for (const c of [0, 9, 10, 12, 13, 32]) WS[c] = 1;
const DELIM = new Uint8Array(256);
for (const c of '()<>[]{}/%') DELIM[c.charCodeAt(0)] = 1;

/** Guards against garbage streams piling up operands without an operator. */
const MAX_OPERANDS = 4096;
const MAX_DEPTH = 64;

const INLINE_COMPONENTS: Record<string, number> = {
  G: 1,
  DeviceGray: 1,
  RGB: 3,
  DeviceRGB: 3,
  CMYK: 4,
  DeviceCMYK: 4,
  I: 1,
  Indexed: 1,
};

export interface LexOptions {
  /** keep the bytes of string operands (text shown, marked-content properties); off by default */
  strings?: boolean;
}

export function* contentOps(data: Uint8Array, opts: LexOptions = {}): Generator<ContentOp> {
  const lx = new Lexer(data, opts.strings === true);
  let operands: Operand[] = [];
  for (;;) {
    const tok = lx.next(0);
    if (tok === null) return;
    if (tok.kind === 'operand') {
      if (operands.length < MAX_OPERANDS) operands.push(tok.value);
      continue;
    }
    if (tok.kind === 'junk') continue;
    if (tok.op === 'BI') {
      const dict = lx.inlineImageDict();
      lx.skipInlineImageData(dict);
      yield { op: 'BI', operands: [], inlineImage: dict };
    } else {
      yield { op: tok.op, operands };
    }
    operands = [];
  }
}

type Token = { kind: 'operand'; value: Operand } | { kind: 'op'; op: string } | { kind: 'junk' };

class Lexer {
  private i = 0;
  constructor(
    private readonly d: Uint8Array,
    private readonly keepStrings = false,
  ) {}

  next(depth: number): Token | null {
    const d = this.d;
    this.skipSpace();
    if (this.i >= d.length) return null;
    const c = d[this.i]!;
    if (c === 0x5b /* [ */) {
      this.i++;
      const items: Operand[] = [];
      for (;;) {
        this.skipSpace();
        if (this.i >= d.length) break;
        if (d[this.i] === 0x5d /* ] */) {
          this.i++;
          break;
        }
        const t = depth < MAX_DEPTH ? this.next(depth + 1) : this.skipOne();
        if (t === null) break;
        if (t.kind === 'operand' && items.length < MAX_OPERANDS) items.push(t.value);
        else if (t.kind === 'op') items.push({ t: 'kw', v: t.op });
      }
      return { kind: 'operand', value: { t: 'arr', v: items } };
    }
    if (c === 0x3c /* < */) {
      if (d[this.i + 1] === 0x3c) {
        this.i += 2;
        return { kind: 'operand', value: { t: 'dict', v: this.dictBody(depth, '>>') } };
      }
      const start = ++this.i;
      while (this.i < d.length && d[this.i] !== 0x3e) this.i++;
      this.i++;
      return { kind: 'operand', value: this.keepStrings ? { t: 'str', v: hexBytes(d.subarray(start, this.i - 1)) } : { t: 'str' } };
    }
    if (c === 0x28 /* ( */) {
      const start = this.i + 1;
      this.literalString();
      return { kind: 'operand', value: this.keepStrings ? { t: 'str', v: literalBytes(d.subarray(start, this.i - 1)) } : { t: 'str' } };
    }
    if (c === 0x2f /* / */) {
      this.i++;
      return { kind: 'operand', value: { t: 'name', v: this.name() } };
    }
    if (DELIM[c]) {
      // stray ] ) > { }: skip it
      this.i++;
      if (c === 0x3e && d[this.i] === 0x3e) this.i++;
      return { kind: 'junk' };
    }
    const start = this.i;
    while (this.i < d.length && !WS[d[this.i]!] && !DELIM[d[this.i]!]) this.i++;
    const word = latin1(d, start, this.i);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) return { kind: 'operand', value: { t: 'num', v: Number(word) } };
    if (word === 'true' || word === 'false' || word === 'null') return { kind: 'operand', value: { t: 'kw', v: word } };
    return { kind: 'op', op: word };
  }

  /** Dictionary entries up to `end` (">>" for a dictionary, "ID" for an inline image). */
  private dictBody(depth: number, end: '>>' | 'ID'): Map<string, Operand> {
    const d = this.d;
    const map = new Map<string, Operand>();
    let key: string | null = null;
    for (;;) {
      this.skipSpace();
      if (this.i >= d.length) return map;
      if (end === '>>' && d[this.i] === 0x3e && d[this.i + 1] === 0x3e) {
        this.i += 2;
        return map;
      }
      const t = depth < MAX_DEPTH ? this.next(depth + 1) : this.skipOne();
      if (t === null) return map;
      if (t.kind === 'op') {
        if (end === 'ID' && t.op === 'ID') return map;
        if (key !== null) {
          map.set(key, { t: 'kw', v: t.op });
          key = null;
        }
        continue;
      }
      if (t.kind !== 'operand') continue;
      if (key === null) {
        if (t.value.t === 'name') key = t.value.v;
      } else {
        map.set(key, t.value);
        key = null;
      }
    }
  }

  inlineImageDict(): Map<string, Operand> {
    return this.dictBody(0, 'ID');
  }

  /**
   * Skips the binary data after ID. Unfiltered data has a computable length; filtered data
   * ends at the first "EI" that stands alone between white space (the usual reader heuristic).
   */
  skipInlineImageData(dict: Map<string, Operand>): void {
    const d = this.d;
    this.i++; // the single white-space byte after ID
    const filter = dict.get('F') ?? dict.get('Filter');
    const len = filter ? null : unfilteredLength(dict);
    if (len !== null) this.i = Math.min(d.length, this.i + len);
    for (let j = this.i; j + 1 < d.length; j++) {
      if (d[j] === 0x45 && d[j + 1] === 0x49 && (j === 0 || WS[d[j - 1]!]) && (j + 2 >= d.length || WS[d[j + 2]!] || DELIM[d[j + 2]!])) {
        this.i = j + 2;
        return;
      }
    }
    this.i = d.length;
  }

  private skipOne(): Token | null {
    this.i++;
    return this.i >= this.d.length ? null : { kind: 'junk' };
  }

  private skipSpace(): void {
    const d = this.d;
    while (this.i < d.length) {
      const c = d[this.i]!;
      if (WS[c]) this.i++;
      else if (c === 0x25 /* % */) {
        while (this.i < d.length && d[this.i] !== 0x0a && d[this.i] !== 0x0d) this.i++;
      } else break;
    }
  }

  private literalString(): void {
    const d = this.d;
    let level = 0;
    while (this.i < d.length) {
      const c = d[this.i++]!;
      if (c === 0x5c /* \ */) this.i++;
      else if (c === 0x28) level++;
      else if (c === 0x29 && --level === 0) return;
    }
  }

  private name(): string {
    const d = this.d;
    let out = '';
    while (this.i < d.length && !WS[d[this.i]!] && !DELIM[d[this.i]!]) {
      const c = d[this.i]!;
      if (c === 0x23 /* # */ && this.i + 2 < d.length) {
        const hex = parseInt(latin1(d, this.i + 1, this.i + 3), 16);
        if (!Number.isNaN(hex)) {
          out += String.fromCharCode(hex);
          this.i += 3;
          continue;
        }
      }
      out += String.fromCharCode(c);
      this.i++;
    }
    return out;
  }
}

function unfilteredLength(dict: Map<string, Operand>): number | null {
  const num = (k1: string, k2: string) => {
    const v = dict.get(k1) ?? dict.get(k2);
    return v?.t === 'num' ? v.v : null;
  };
  const w = num('W', 'Width');
  const h = num('H', 'Height');
  if (w === null || h === null) return null;
  const mask = dict.get('IM') ?? dict.get('ImageMask');
  if (mask?.t === 'kw' && mask.v === 'true') return Math.ceil(w / 8) * h;
  const bpc = num('BPC', 'BitsPerComponent');
  const cs = dict.get('CS') ?? dict.get('ColorSpace');
  let comps: number | undefined;
  if (cs?.t === 'name') comps = INLINE_COMPONENTS[cs.v];
  else if (cs?.t === 'arr' && cs.v[0]?.t === 'name' && (cs.v[0].v === 'I' || cs.v[0].v === 'Indexed')) comps = 1;
  if (bpc === null || comps === undefined) return null;
  return Math.ceil((w * comps * bpc) / 8) * h;
}

/** The bytes of a hex string's body (white space ignored, an odd last digit padded with 0). */
function hexBytes(body: Uint8Array): Uint8Array {
  const digits: number[] = [];
  for (const c of body) {
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 0x37 : c >= 0x61 && c <= 0x66 ? c - 0x57 : -1;
    if (v >= 0) digits.push(v);
  }
  if (digits.length % 2) digits.push(0);
  const out = new Uint8Array(digits.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = (digits[2 * i]! << 4) | digits[2 * i + 1]!;
  return out;
}

const ESCAPES: Record<number, number> = { 0x6e: 0x0a, 0x72: 0x0d, 0x74: 0x09, 0x62: 0x08, 0x66: 0x0c };

/** The bytes of a literal string's body (§ 7.3.4.2 escapes: \n … \ddd, a backslash before a line end). */
function literalBytes(body: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c !== 0x5c || i + 1 >= body.length) {
      out.push(c);
      continue;
    }
    const e = body[++i]!;
    if (ESCAPES[e] !== undefined) out.push(ESCAPES[e]);
    else if (e >= 0x30 && e <= 0x37) {
      let v = e - 0x30;
      for (let k = 0; k < 2 && i + 1 < body.length && body[i + 1]! >= 0x30 && body[i + 1]! <= 0x37; k++) v = v * 8 + body[++i]! - 0x30;
      out.push(v & 0xff);
    } else if (e === 0x0d) {
      if (body[i + 1] === 0x0a) i++;
    } else if (e !== 0x0a) out.push(e);
  }
  return Uint8Array.from(out);
}

function latin1(d: Uint8Array, start: number, end: number): string {
  return Buffer.from(d.buffer, d.byteOffset + start, end - start).toString('latin1');
}
