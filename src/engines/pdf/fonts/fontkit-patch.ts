/**
 * Work-arounds for @pdf-lib/fontkit 1.1.1, applied once to its shared prototypes (the first
 * time a font is parsed through `patchFontkit`), so the renderer and the upload check
 * (src/engines/fonts/font-check.ts) subset fonts exactly the same way.
 *
 * 1. Odd glyph lengths. TTFSubset copies each glyph's bytes as they are and then writes a
 *    short-format `loca` (offsets ÷ 2) when the subset is small. A font whose glyph records
 *    have odd lengths (Pacifico has 338) then gets wrong offsets and every glyph after the
 *    first odd one is garbage: the text is invisible. Padding each copied glyph to an even
 *    length (what the TrueType spec recommends anyway) keeps the offsets exact.
 * 2. Asynchronous throws. `Subset.encodeStream()` encodes inside fontkit's own `nextTick`
 *    (a timer): a font whose glyph data is damaged (a composite glyph pointing past the
 *    glyph table) makes the encoder throw there, where nothing can catch it, and the process
 *    exits. pdf-lib's subsetting embedder calls it for every custom font. The patched
 *    `encodeStream` encodes synchronously (`encodeSubset`) inside a try and reports a
 *    failure as the stream's `error` event, which pdf-lib turns into a rejected save.
 * 3. WOFF tables. WOFFFont inflates a compressed table, in JavaScript, each time it is
 *    read, and the subsetter reads `glyf` once per glyph: subsetting n glyphs of a WOFF
 *    inflated its glyph table n times (20 s for Roboto's 1,326 glyphs), and a garbage
 *    deflate stream kept its inflater busy past any budget. Tables are now inflated by
 *    zlib, at most their declared length, once per font, and a bad stream throws.
 */
import { EventEmitter } from 'node:events';
import { inflateSync } from 'node:zlib';

interface SubsetInternals {
  glyf: Uint8Array[];
  offset: number;
  _addGlyph(gid: number): number;
}

/** restructure's EncodeStream (a Readable) as the subset encoders use it. */
interface EncodeStreamLike {
  push(chunk: Uint8Array | null): boolean;
  end(): unknown;
}

interface EncodableSubset {
  encode(stream: EncodeStreamLike): void;
}

interface FontLike {
  createSubset(): unknown;
  stream?: { constructor: new (buf: Uint8Array) => { buffer: Uint8Array } };
  directory?: { tables?: Record<string, { length?: number; compLength?: number } | undefined> };
}

let paddingPatched = false;
let encodePatched = false;
let woffPatched = false;
let EncodeStream: (new () => EncodeStreamLike) | null = null;

/** Applies every work-around above (each once per process or thread). */
export function patchFontkit(font: FontLike): void {
  if (!paddingPatched || !encodePatched) {
    const subset = font.createSubset() as object;
    ensureEvenGlyphPadding(subset);
    if (!encodePatched) ensureSynchronousEncode(subset);
  }
  if (!woffPatched) ensureWoffTableCache(font);
}

function ensureEvenGlyphPadding(anySubset: object): void {
  if (paddingPatched) return;
  const subset = anySubset as Partial<SubsetInternals> & { glyphEncoder?: unknown };
  // only TrueType subsets (they carry a glyph encoder); CFF subsets are unaffected
  if (!subset || typeof subset !== 'object' || !('glyphEncoder' in subset)) return;
  const proto = Object.getPrototypeOf(subset) as SubsetInternals;
  const original = proto._addGlyph;
  if (typeof original !== 'function') return;
  proto._addGlyph = function (this: SubsetInternals, gid: number): number {
    const index = original.call(this, gid);
    const last = this.glyf[this.glyf.length - 1];
    if (last && last.length % 2 === 1) {
      // fontkit's encoder accepts only its own Buffer class: allocate through the chunk's constructor
      const ctor = last.constructor as { alloc?: (n: number) => Uint8Array };
      const padded = typeof ctor.alloc === 'function' ? ctor.alloc(last.length + 1) : Buffer.alloc(last.length + 1);
      padded.set(last);
      this.glyf[this.glyf.length - 1] = padded;
      this.offset += 1;
    }
    return index;
  };
  paddingPatched = true;
}

/** The prototype (TrueType and CFF subsets share it) that defines `encodeStream`. */
function encodeStreamOwner(subset: object): { encodeStream: (this: EncodableSubset) => unknown } | null {
  for (let p = Object.getPrototypeOf(subset) as object | null; p; p = Object.getPrototypeOf(p) as object | null) {
    if (Object.prototype.hasOwnProperty.call(p, 'encodeStream')) return p as { encodeStream: (this: EncodableSubset) => unknown };
  }
  return null;
}

function ensureSynchronousEncode(subset: object): void {
  const owner = encodeStreamOwner(subset);
  if (!owner) return;
  const original = owner.encodeStream;
  // fontkit bundles restructure without exporting it: its EncodeStream class is read off a
  // stream the original makes for a subset that encodes nothing (its queued encode is a no-op)
  EncodeStream ??= (original.call({ encode() {} } as EncodableSubset) as { constructor: new () => EncodeStreamLike }).constructor;
  owner.encodeStream = function (this: EncodableSubset): EventEmitter {
    const out = new EventEmitter();
    let bytes: Uint8Array | null = null;
    let failure: unknown = null;
    try {
      bytes = encodeSubset(this);
    } catch (err) {
      failure = err;
    }
    // the caller attaches its listeners after this returns
    queueMicrotask(() => {
      if (bytes) {
        out.emit('data', bytes);
        out.emit('end');
      } else if (out.listenerCount('error') > 0) out.emit('error', failure);
    });
    return out;
  };
  encodePatched = true;
}

/**
 * A fontkit subset encoded synchronously: its bytes, or the encoder's error thrown here (a
 * damaged font). Call `patchFontkit` on any font first (it finds the stream class).
 */
export function encodeSubset(subset: object): Uint8Array {
  if (!EncodeStream) ensureSynchronousEncode(subset);
  if (!EncodeStream) throw new Error('fontkit subsets cannot be encoded synchronously (unexpected fontkit build)');
  const stream = new EncodeStream();
  const parts: Uint8Array[] = [];
  // collect what the encoder pushes instead of queueing it in the Readable
  stream.push = (chunk) => {
    if (chunk) parts.push(chunk);
    return true;
  };
  (subset as EncodableSubset).encode(stream);
  stream.end();
  return Buffer.concat(parts);
}

function ensureWoffTableCache(font: FontLike): void {
  const tables = font.directory?.tables;
  // only a WOFF (its directory entries carry compLength) shows the class to patch
  if (!tables || !Object.values(tables).some((t) => t && typeof t.compLength === 'number')) return;
  const proto = Object.getPrototypeOf(font) as { _getTableStream?: (this: WoffLike, tag: string) => unknown };
  const original = proto._getTableStream;
  if (typeof original !== 'function' || !Object.prototype.hasOwnProperty.call(proto, '_getTableStream')) return;
  const inflated = new WeakMap<object, Map<string, Uint8Array>>();
  proto._getTableStream = function (this: WoffLike, tag: string) {
    const t = this.directory.tables[tag] as WoffTable | undefined;
    // uncompressed tables are read in place (the font's own stream)
    if (!t || !(t.compLength < t.length)) return original.call(this, tag);
    let perFont = inflated.get(this);
    if (!perFont) inflated.set(this, (perFont = new Map()));
    let bytes = perFont.get(tag);
    if (!bytes) {
      const at = this.stream.buffer;
      if (t.offset + t.compLength > at.length) throw new Error(`the ${tag.trim()} table lies past the end of the file`);
      const out = inflateSync(at.subarray(t.offset, t.offset + t.compLength), { maxOutputLength: Math.max(1, t.length) });
      if (out.length !== t.length) throw new Error(`the ${tag.trim()} table unpacks to ${out.length} bytes, not the ${t.length} it declares`);
      // fontkit's readers expect its own Buffer class (the one its stream holds)
      const Own = at.constructor as { from?: (b: Uint8Array) => Uint8Array };
      bytes = typeof Own.from === 'function' ? Own.from(out) : out;
      perFont.set(tag, bytes);
    }
    // a fresh stream over the same bytes: readers move its position
    return new this.stream.constructor(bytes);
  };
  woffPatched = true;
}

interface WoffTable {
  offset: number;
  compLength: number;
  length: number;
}

interface WoffLike {
  directory: { tables: Record<string, unknown> };
  stream: { buffer: Uint8Array; constructor: new (b: Uint8Array) => unknown };
}
