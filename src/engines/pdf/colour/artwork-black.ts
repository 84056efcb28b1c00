/**
 * Colour operators of placed PDF artwork's content streams, rewritten in DeviceCMYK before
 * Ghostscript sees the artwork (`artwork-colours.ts` walks the artwork and converts the colours
 * through the output profile). Ghostscript's conversion would otherwise use its own SWOP profile
 * whatever the output profile, and turn RGB black into a four-colour mix (about 72/68/67/88,
 * 294 % ink) that fringes on press. Rewritten: `rg`/`RG`, and `sc`/`scn`/`SC`/`SCN` in an RGB or
 * grey colour space (DeviceRGB/DeviceGray, ICCBased with 3 or 1 components, CalRGB, CalGray).
 * Neutral colours (r = g = b, within 1/255) become `0 0 0 (1 − v) k`: K alone, as the engine
 * prints design neutrals. DeviceGray `g`/`G` already prints on K alone and is kept.
 */
import { num } from '../content.js';

const NEUTRAL_TOLERANCE = 1 / 255;
const DELIMS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const isSpace = (ch: string): boolean => ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '\f' || ch === '\0';

type Operand = { start: number; end: number; value: number | string | null };
/** components of a colour space as far as neutrals go: 3 (RGB-like), 1 (grey-like) or 0 (leave) */
export type SpaceKind = 0 | 1 | 3;
interface ColourState { fill: SpaceKind; stroke: SpaceKind; fillName: string; strokeName: string; fillDirty: boolean; strokeDirty: boolean }

/** End (exclusive) of the token at `i` that is not a plain word: string, hex string, dict mark, name, comment. */
function skipDelimited(s: string, i: number): number {
  const ch = s[i]!;
  if (ch === '(') {
    let depth = 0;
    for (let j = i; j < s.length; j++) {
      const c = s[j];
      if (c === '\\') j++;
      else if (c === '(') depth++;
      else if (c === ')' && --depth === 0) return j + 1;
    }
    return s.length;
  }
  if (ch === '<') {
    if (s[i + 1] === '<') return i + 2;
    const j = s.indexOf('>', i);
    return j < 0 ? s.length : j + 1;
  }
  if (ch === '>') return s[i + 1] === '>' ? i + 2 : i + 1;
  if (ch === '%') {
    let j = i;
    while (j < s.length && s[j] !== '\n' && s[j] !== '\r') j++;
    return j;
  }
  if (ch === '/') {
    let j = i + 1;
    while (j < s.length && !isSpace(s[j]!) && !DELIMS.has(s[j]!)) j++;
    return j;
  }
  return i + 1;
}

/** After `ID`: the end of the inline image's data (just past `EI`). */
function skipInlineImage(s: string, i: number): number {
  const re = /\sEI(?=[\s]|$)/g;
  re.lastIndex = i + 1;
  const m = re.exec(s);
  return m ? m.index + m[0].length : s.length;
}

/**
 * What an RGB- or grey-space colour operator becomes: a thunk giving its DeviceCMYK operands
 * (called once every colour of the artwork is converted), or undefined to keep it. `values` are
 * the operands clamped to 0..1; `kind` says how many (3 RGB-like, 1 grey-like).
 */
export type ColourRewrite = (values: number[], kind: 1 | 3, stroke: boolean) => (() => number[]) | undefined;

/**
 * Rewrites the colour operators of a content stream: `rg`/`RG`, and `sc`/`scn`/`SC`/`SCN` in a
 * space `spaceKind` calls RGB- or grey-like, as `c m y k k`/`K` where `rewrite` says so. A colour
 * space left behind for DeviceCMYK is set again before a colour in it that is kept. Strings,
 * names, dictionaries, comments and inline images are copied untouched. `text()` joins the
 * result once the thunks can answer; `edits` counts the rewritten operators.
 */
export function rewriteColours(content: string, spaceKind: (name: string) => SpaceKind, rewrite: ColourRewrite): { edits: number; text: () => string } {
  const out: (string | (() => string))[] = [];
  let copied = 0;
  let edits = 0;
  let ops: Operand[] = [];
  let st: ColourState = { fill: 1, stroke: 1, fillName: '/DeviceGray', strokeName: '/DeviceGray', fillDirty: false, strokeDirty: false };
  const stack: ColourState[] = [];
  const replace = (start: number, end: number, text: string | (() => string)): void => {
    out.push(content.slice(copied, start), text);
    copied = end;
  };
  const colour = (vals: Operand[], kind: 1 | 3, stroke: boolean, end: number): boolean => {
    const v = vals.map((o) => o.value);
    if (!v.every((x): x is number => typeof x === 'number')) return false;
    const cmyk = rewrite(v.map((x) => Math.min(1, Math.max(0, x))), kind, stroke);
    if (!cmyk) return false;
    edits++;
    replace(vals[0]!.start, end, () => `${cmyk().map(num).join(' ')} ${stroke ? 'K' : 'k'}`);
    return true;
  };
  let i = 0;
  while (i < content.length) {
    const ch = content[i]!;
    if (isSpace(ch)) {
      i++;
      continue;
    }
    if (ch === '%' || ch === '(' || ch === '<' || ch === '>' || ch === '/' || ch === '[' || ch === ']' || ch === '{' || ch === '}') {
      const end = skipDelimited(content, i);
      if (ch === '/') ops.push({ start: i, end, value: content.slice(i, end) });
      else if (ch !== '%') ops.push({ start: i, end, value: null });
      i = end;
      continue;
    }
    let j = i;
    while (j < content.length && !isSpace(content[j]!) && !DELIMS.has(content[j]!)) j++;
    const word = content.slice(i, j);
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(word)) {
      ops.push({ start: i, end: j, value: Number(word) });
      i = j;
      continue;
    }
    if (word === 'true' || word === 'false' || word === 'null') {
      ops.push({ start: i, end: j, value: null });
      i = j;
      continue;
    }
    // an operator
    const stroke = word === 'RG' || word === 'CS' || word === 'SC' || word === 'SCN';
    if (word === 'q') stack.push({ ...st });
    else if (word === 'Q') st = stack.pop() ?? st;
    else if ((word === 'rg' || word === 'RG') && ops.length === 3) {
      colour(ops, 3, stroke, j);
      if (stroke) st.stroke = 3;
      else st.fill = 3;
    } else if ((word === 'g' || word === 'G' || word === 'k' || word === 'K')) {
      const kind: SpaceKind = word === 'g' || word === 'G' ? 1 : 0;
      if (stroke || word === 'G' || word === 'K') Object.assign(st, { stroke: kind, strokeName: '', strokeDirty: false });
      else Object.assign(st, { fill: kind, fillName: '', fillDirty: false });
    } else if ((word === 'cs' || word === 'CS') && ops.length === 1 && typeof ops[0]!.value === 'string') {
      const name = ops[0]!.value;
      if (stroke) Object.assign(st, { stroke: spaceKind(name), strokeName: name, strokeDirty: false });
      else Object.assign(st, { fill: spaceKind(name), fillName: name, fillDirty: false });
    } else if (word === 'sc' || word === 'scn' || word === 'SC' || word === 'SCN') {
      const kind = stroke ? st.stroke : st.fill;
      if (kind !== 0 && ops.length === kind && (stroke ? st.strokeName : st.fillName) && colour(ops, kind, stroke, j)) {
        if (stroke) st.strokeDirty = true;
        else st.fillDirty = true;
      } else if (stroke ? st.strokeDirty : st.fillDirty) {
        // the space was left for DeviceCMYK: set it again before a colour in it
        const name = stroke ? st.strokeName : st.fillName;
        replace(ops[0]?.start ?? i, ops[0]?.start ?? i, `${name} ${stroke ? 'CS' : 'cs'} `);
        if (stroke) st.strokeDirty = false;
        else st.fillDirty = false;
      }
    }
    ops = [];
    i = word === 'ID' ? skipInlineImage(content, j) : Math.max(j, i + 1);
  }
  return {
    edits,
    text: () => {
      if (out.length === 0) return content;
      return out.map((p) => (typeof p === 'string' ? p : p())).join('') + content.slice(copied);
    },
  };
}

/** Neutral RGB (r = g = b within 1/255) or grey: its grey level, else undefined. */
export function neutralLevel(values: number[]): number | undefined {
  return values.every((x) => Math.abs(x - values[0]!) <= NEUTRAL_TOLERANCE) ? values[0] : undefined;
}

/** A content stream with its neutral RGB/grey colours written as DeviceCMYK K (other colours kept). */
export function neutralsToK(content: string, spaceKind: (name: string) => SpaceKind): string {
  return rewriteColours(content, spaceKind, (v) => {
    const n = neutralLevel(v);
    return n === undefined ? undefined : () => [0, 0, 0, 1 - n];
  }).text();
}
