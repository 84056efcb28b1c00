/**
 * Black in placed PDF artwork. Its RGB colours go through an ICC conversion (Ghostscript,
 * `convertPdfToCmyk`), which turns RGB black into a four-colour mix (about 72/68/67/88, 294 %
 * ink): small text and hairlines then fringe on press. Before that conversion, neutral RGB
 * colours (r = g = b, within 1/255) set by `rg`/`RG`, or by `sc`/`scn`/`SC`/`SCN` in an RGB
 * or grey colour space (DeviceRGB/DeviceGray, ICCBased with 3 or 1 components, CalRGB, CalGray),
 * are rewritten as DeviceCMYK `0 0 0 (1 − v) k`, which the conversion passes through: K alone,
 * as the engine prints design neutrals. DeviceGray `g`/`G` already prints on K alone.
 *
 * Rewritten: the first page's content streams and the form XObjects it draws (nested forms
 * too). Not rewritten: tiling patterns, Type 3 glyphs, shadings and images (a photo's blacks are
 * the profile's to make). A stream that cannot be decoded is left as it is.
 */
import { deflateSync } from 'node:zlib';
import {
  PDFArray, PDFDict, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, type PDFDocument,
} from 'pdf-lib';
import { num } from '../content.js';

const NEUTRAL_TOLERANCE = 1 / 255;
const DELIMS = new Set(['(', ')', '<', '>', '[', ']', '{', '}', '/', '%']);
const isSpace = (ch: string): boolean => ch === ' ' || ch === '\n' || ch === '\r' || ch === '\t' || ch === '\f' || ch === '\0';

type Operand = { start: number; end: number; value: number | string | null };
/** components of a colour space as far as neutrals go: 3 (RGB-like), 1 (grey-like) or 0 (leave) */
type SpaceKind = 0 | 1 | 3;
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

/** A content stream with its neutral RGB/grey colours written as DeviceCMYK K. */
export function neutralsToK(content: string, spaceKind: (name: string) => SpaceKind): string {
  const out: string[] = [];
  let copied = 0;
  let ops: Operand[] = [];
  let st: ColourState = { fill: 1, stroke: 1, fillName: '/DeviceGray', strokeName: '/DeviceGray', fillDirty: false, strokeDirty: false };
  const stack: ColourState[] = [];
  const replace = (start: number, end: number, text: string): void => {
    out.push(content.slice(copied, start), text);
    copied = end;
  };
  const neutral = (vals: Operand[]): number | undefined => {
    const v = vals.map((o) => o.value);
    if (!v.every((x): x is number => typeof x === 'number')) return undefined;
    return v.every((x) => Math.abs(x - v[0]!) <= NEUTRAL_TOLERANCE) ? Math.min(1, Math.max(0, v[0]!)) : undefined;
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
      const v = neutral(ops);
      if (v !== undefined) replace(ops[0]!.start, j, `0 0 0 ${num(1 - v)} ${stroke ? 'K' : 'k'}`);
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
      const v = kind !== 0 && ops.length === kind ? neutral(ops) : undefined;
      if (v !== undefined && (stroke ? st.strokeName : st.fillName)) {
        replace(ops[0]!.start, j, `0 0 0 ${num(1 - v)} ${stroke ? 'K' : 'k'}`);
        if (stroke) st.strokeDirty = true;
        else st.fillDirty = true;
      } else if (stroke ? st.strokeDirty : st.fillDirty) {
        // the space was left for K: set it again before a colour in it
        const name = stroke ? st.strokeName : st.fillName;
        replace(ops[0]?.start ?? i, ops[0]?.start ?? i, `${name} ${stroke ? 'CS' : 'cs'} `);
        if (stroke) st.strokeDirty = false;
        else st.fillDirty = false;
      }
    }
    ops = [];
    i = word === 'ID' ? skipInlineImage(content, j) : Math.max(j, i + 1);
  }
  if (copied === 0) return content;
  out.push(content.slice(copied));
  return out.join('');
}

/** The neutral kind of a colour space given by name or by its resource entry. */
function kindOf(doc: PDFDocument, resources: PDFDict | undefined, name: string): SpaceKind {
  if (name === '/DeviceRGB') return 3;
  if (name === '/DeviceGray') return 1;
  const cs = resources?.lookupMaybe(PDFName.of('ColorSpace'), PDFDict)?.lookup(PDFName.of(name.slice(1)));
  if (!(cs instanceof PDFArray) || cs.size() < 2) return cs instanceof PDFName ? kindOf(doc, undefined, cs.asString()) : 0;
  const family = cs.lookup(0);
  const family$ = family instanceof PDFName ? family.asString() : '';
  if (family$ === '/CalRGB') return 3;
  if (family$ === '/CalGray') return 1;
  if (family$ === '/ICCBased') {
    const s = cs.lookup(1);
    const n = s instanceof PDFStream ? s.dict.lookup(PDFName.of('N')) : undefined;
    return n instanceof PDFNumber ? (n.asNumber() === 3 ? 3 : n.asNumber() === 1 ? 1 : 0) : 0;
  }
  return 0;
}

function decode(s: PDFStream): string | undefined {
  try {
    const bytes = s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s.getContents();
    return Buffer.from(bytes).toString('latin1');
  } catch {
    return undefined;
  }
}

function flate(doc: PDFDocument, dict: PDFDict, content: string): PDFRawStream {
  const d = dict.clone(doc.context);
  d.delete(PDFName.of('DecodeParms'));
  d.set(PDFName.of('Filter'), PDFName.of('FlateDecode'));
  return PDFRawStream.of(d, deflateSync(Buffer.from(content, 'latin1')));
}

/** Rewrites the neutral colours of `doc`'s first page and of the forms it draws (in place). */
export function artworkNeutralsToK(doc: PDFDocument): void {
  const page = doc.getPages()[0];
  if (!page) return;
  const seen = new Set<string>();
  const forms = (resources: PDFDict | undefined): void => {
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, v] of xobjects?.entries() ?? []) {
      if (!(v instanceof PDFRef) || seen.has(v.toString())) continue;
      seen.add(v.toString());
      const s = doc.context.lookup(v);
      if (!(s instanceof PDFStream) || s.dict.lookup(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
      const res = s.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
      const text = decode(s);
      if (text !== undefined) {
        const rewritten = neutralsToK(text, (n) => kindOf(doc, res, n));
        if (rewritten !== text) doc.context.assign(v, flate(doc, s.dict, rewritten));
      }
      forms(res);
    }
  };
  const resources = page.node.Resources();
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const parts = streams.map((s) => (s instanceof PDFStream ? decode(s) : undefined));
  if (parts.length && parts.every((p) => p !== undefined)) {
    const text = parts.join('\n');
    const rewritten = neutralsToK(text, (n) => kindOf(doc, resources, n));
    if (rewritten !== text) page.node.set(PDFName.of('Contents'), doc.context.register(flate(doc, doc.context.obj({}), rewritten)));
  }
  forms(resources);
}
