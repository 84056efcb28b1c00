/**
 * What a font must survive before it is accepted: everything the renderer will do with it,
 * done once, on the whole font. Runs as a sandbox task (`checkFont`, see parse-font.ts) so a
 * font that is slow, hungry or crashing costs a worker thread, never the server.
 *
 * Checked, in order (the first failure names its part):
 *   - the table directory (fontkit opens the file; WOFF/WOFF2 unpacked);
 *   - head, hhea, maxp, OS/2, post, name: units per em, glyph count, metrics, names;
 *   - cmap: every mapped character points at a glyph of the font;
 *   - glyf/loca (TrueType): loca in order and inside glyf, every composite glyph's
 *     components inside the font, no component cycle, nesting at most
 *     FONT_MAX_COMPONENT_DEPTH;
 *   - GSUB, GPOS, GDEF, kern: a layout run over up to FONT_LAYOUT_SAMPLE of its characters;
 *   - subsetting: every glyph through the same subset encoder print files use (each glyph
 *     decoded, its hmtx metrics read, CFF charstrings interpreted), and the subset read back
 *     glyph for glyph (TrueType).
 *
 * Importable alone in a fresh thread: fontkit and its patches, nothing else.
 */
import fontkit from '@pdf-lib/fontkit';
// fontkit's syllable shaper (Indic scripts) needs Babel's generator runtime (see src/engines/qr/fonts.ts)
import 'regenerator-runtime/runtime.js';
import { encodeSubset, patchFontkit } from '../pdf/fonts/fontkit-patch.js';

/** Wall-clock budget of one font check (the 4 MB, 49,000-glyph Droid Sans Fallback takes 2 to 7 s on a busy 2-core host). */
export const FONT_CHECK_TIME_MS = 30_000;
/** Heap budget of the thread checking a font (MiB). */
export const FONT_CHECK_MEMORY_MB = 768;
/** Uncompressed size a WOFF or WOFF2 may declare (its tables unpacked), checked before any unpacking. */
export const FONT_MAX_SFNT_BYTES = 64 * 1024 * 1024;
/** How deep composite glyphs may nest (glyph → component → component …). */
export const FONT_MAX_COMPONENT_DEPTH = 16;
/** Characters laid out to exercise the font's GSUB/GPOS/kern tables. */
export const FONT_LAYOUT_SAMPLE = 2_000;

/** The font is damaged or unusable; `part` names what failed. */
export class FontInvalid extends Error {
  readonly code = 'font_invalid';
  constructor(
    readonly part: string,
    message: string,
  ) {
    super(message);
    this.name = 'FontInvalid';
  }
}

export interface FontFacts {
  family: string;
  style: 'normal' | 'italic';
  weight: number;
  glyphCount: number;
  /** Unicode blocks at least half covered */
  coverage: string[];
  codePoints: number;
}

const BLOCKS: Array<[string, number, number]> = [
  ['Basic Latin', 0x20, 0x7e],
  ['Latin-1 Supplement', 0xa0, 0xff],
  ['Latin Extended-A', 0x100, 0x17f],
  ['Greek', 0x370, 0x3ff],
  ['Cyrillic', 0x400, 0x4ff],
  ['Hebrew', 0x590, 0x5ff],
  ['Arabic', 0x600, 0x6ff],
  ['Devanagari', 0x900, 0x97f],
  ['Thai', 0xe00, 0xe7f],
  ['Hangul Syllables', 0xac00, 0xd7a3],
  ['CJK Unified Ideographs', 0x4e00, 0x9fff],
];

type FkFont = ReturnType<typeof fontkit.create>;

interface FontInternals {
  numGlyphs: number;
  unitsPerEm: number;
  directory: { tables: Record<string, { length: number } | undefined> };
  loca?: { offsets: number[] };
  'OS/2'?: { usWeightClass?: number; fsSelection?: { italic?: boolean } };
  _getTableStream(tag: string): { buffer: Uint8Array; pos: number } | null;
}

const internals = (f: FkFont) => f as unknown as FontInternals;

/** Runs one part of the check; whatever it throws becomes a FontInvalid naming the part. */
function part<T>(name: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    if (err instanceof FontInvalid) throw err;
    const why = err instanceof Error ? err.message : String(err);
    throw new FontInvalid(name, `${name}: ${why.slice(0, 200)}`);
  }
}

const fail = (name: string, why: string): never => {
  throw new FontInvalid(name, `${name}: ${why}`);
};

/**
 * The uncompressed size a WOFF or WOFF2 declares (its header's totalSfntSize, or the sum of
 * its tables' original lengths if larger); null for other files. Cheap: reads the header only.
 */
export function declaredSfntSize(bytes: Uint8Array): number | null {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (b.length < 44) return null;
  const sig = b.toString('latin1', 0, 4);
  if (sig === 'wOFF') {
    const numTables = b.readUInt16BE(12);
    let sum = 0;
    for (let i = 0; i < numTables && 44 + 20 * i + 20 <= b.length; i++) sum += b.readUInt32BE(44 + 20 * i + 12);
    return Math.max(b.readUInt32BE(16), sum);
  }
  if (sig === 'wOF2') return b.readUInt32BE(16);
  return null;
}

/** A TrueType glyph table read directly: each glyph's header and a composite's component ids. */
interface RawGlyf {
  /** numberOfContours and bounding box; null for an empty glyph */
  header(gid: number): number[] | null;
  /** component glyph ids of a composite glyph; null for a simple or empty one */
  components(gid: number): number[] | null;
}

/** Reads glyf through loca, after checking every offset is in order and inside the table. */
function rawGlyf(font: FontInternals, n: number): RawGlyf {
  const offsets = font.loca?.offsets;
  const length = font.directory.tables.glyf?.length ?? 0;
  if (!offsets || offsets.length < n + 1) fail('the loca table', `${offsets?.length ?? 0} offsets for ${n} glyphs`);
  for (let i = 0; i < n; i++) {
    if (!(offsets![i]! <= offsets![i + 1]!) || offsets![i + 1]! > length) fail('the loca table', `glyph ${i} lies outside the glyf table`);
  }
  const s = font._getTableStream('glyf');
  if (!s) fail('the glyf table', 'missing');
  const b = Buffer.from(s!.buffer.buffer, s!.buffer.byteOffset, s!.buffer.byteLength);
  const base = s!.pos;
  if (base + length > b.length) fail('the glyf table', 'runs past the end of the file');
  const span = (gid: number) => [base + offsets![gid]!, base + offsets![gid + 1]!] as const;
  return {
    header(gid) {
      const [at, end] = span(gid);
      if (at === end) return null;
      if (end - at < 10) fail('the glyf table', `glyph ${gid} is shorter than its header`);
      return [b.readInt16BE(at), b.readInt16BE(at + 2), b.readInt16BE(at + 4), b.readInt16BE(at + 6), b.readInt16BE(at + 8)];
    },
    components(gid) {
      const [at, end] = span(gid);
      if (end - at < 10 || b.readInt16BE(at) >= 0) return null;
      const ids: number[] = [];
      let p = at + 10;
      for (let more = true; more; ) {
        if (p + 4 > end) fail('the glyf table', `composite glyph ${gid} runs past its end`);
        const flags = b.readUInt16BE(p);
        ids.push(b.readUInt16BE(p + 2));
        // arguments (words or bytes), then a scale, an x/y scale or a 2×2 matrix
        p += 4 + (flags & 0x0001 ? 4 : 2) + (flags & 0x0008 ? 2 : flags & 0x0040 ? 4 : flags & 0x0080 ? 8 : 0);
        more = (flags & 0x0020) !== 0;
      }
      if (p > end) fail('the glyf table', `composite glyph ${gid} runs past its end`);
      return ids;
    },
  };
}

/** Family, style, weight and coverage, as catalogued. */
export function fontFacts(font: FkFont): FontFacts {
  const chars = new Set(font.characterSet ?? []);
  const coverage = BLOCKS.filter(([, lo, hi]) => {
    let n = 0;
    for (let c = lo; c <= hi; c++) if (chars.has(c)) n++;
    return n * 2 >= hi - lo + 1;
  }).map(([name]) => name);
  const os2 = internals(font)['OS/2'];
  const sub = (font.subfamilyName ?? '').toLowerCase();
  const italic = Boolean(os2?.fsSelection?.italic) || /italic|oblique/.test(sub);
  return {
    family: font.familyName ?? 'Unknown',
    style: italic ? 'italic' : 'normal',
    weight: os2?.usWeightClass ?? (/bold/.test(sub) ? 700 : 400),
    glyphCount: font.numGlyphs,
    coverage,
    codePoints: chars.size,
  };
}

/** Opens font bytes as the renderer does (first face of a collection). */
export function openFont(bytes: Uint8Array): FkFont {
  const created = fontkit.create(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)) as FkFont & { fonts?: FkFont[] };
  return created.fonts?.[0] ?? created;
}

/** Sandbox task: the whole check. Throws FontInvalid; returns the catalogue facts. */
export function checkFont(input: { bytes: Uint8Array }): FontFacts {
  const declared = declaredSfntSize(input.bytes);
  if (declared !== null && declared > FONT_MAX_SFNT_BYTES) fail('the WOFF header', `declares ${declared} bytes unpacked; at most ${FONT_MAX_SFNT_BYTES} are accepted`);
  const font = part('the table directory', () => {
    const f = openFont(input.bytes);
    patchFontkit(f as never);
    return f;
  });
  const fk = internals(font);
  part('the head, hhea, maxp, OS/2, post and name tables', () => {
    const upm = font.unitsPerEm;
    if (!Number.isInteger(upm) || upm < 16 || upm > 16384) fail('the head table', `units per em ${upm} is outside 16..16384`);
    const n = font.numGlyphs;
    if (!Number.isInteger(n) || n < 1) fail('the maxp table', `glyph count ${n}`);
    // what the embedders and the text painter read
    for (const v of [font.ascent, font.descent, font.lineGap, font.italicAngle, font.bbox.minX, font.bbox.maxY]) {
      if (!Number.isFinite(v)) fail('the head, hhea and post tables', 'a metric is not a number');
    }
    void [font.capHeight, font.xHeight, font.postscriptName, font.fullName, font.familyName, font.subfamilyName, fk['OS/2']];
  });
  part('the font tables', () => {
    // every table fontkit knows decodes (its getters; glyf and loca are read below)
    const tables = font as unknown as Record<string, unknown>;
    for (const tag of Object.keys(fk.directory.tables)) if (tag !== 'glyf' && tag !== 'loca') void tables[tag];
  });
  const n = font.numGlyphs;

  const facts = part('the cmap table', () => {
    for (const cp of font.characterSet) {
      const id = font.glyphForCodePoint(cp).id;
      if (id >= n) fail('the cmap table', `U+${cp.toString(16).toUpperCase().padStart(4, '0')} maps to glyph ${id}, past the font's ${n} glyphs`);
    }
    return fontFacts(font);
  });

  const glyf = fk.directory.tables.glyf;
  // fontkit cannot subset WOFF2's transformed glyf table: glyphs come out empty, composites throw
  if (glyf && Buffer.from(input.bytes.subarray(0, 4)).toString('latin1') === 'wOF2') {
    fail('the WOFF2 glyf table', 'WOFF2 fonts with TrueType outlines cannot be embedded in print files; upload the TTF (or an OTF/WOFF) instead');
  }
  const raw = glyf ? part('the loca table', () => rawGlyf(fk, n)) : null;
  part('the glyph outlines', () => {
    if (!raw) return;
    const components = new Map<number, number[]>();
    for (let gid = 0; gid < n; gid++) {
      const ids = raw.components(gid);
      if (!ids) continue;
      for (const id of ids) if (!(id < n)) fail('the glyf table', `composite glyph ${gid} uses glyph ${id}, past the font's ${n} glyphs`);
      components.set(gid, ids);
    }
    // nesting: depth of each composite, memoised; a glyph met again on its own path is a cycle
    const depth = new Map<number, number>();
    const onPath = new Set<number>();
    const visit = (gid: number): number => {
      const known = depth.get(gid);
      if (known !== undefined) return known;
      const parts = components.get(gid);
      if (!parts) return 0;
      if (onPath.has(gid)) fail('the glyf table', `composite glyph ${gid} contains itself`);
      onPath.add(gid);
      let d = 0;
      for (const c of parts) d = Math.max(d, 1 + visit(c));
      onPath.delete(gid);
      if (d > FONT_MAX_COMPONENT_DEPTH) fail('the glyf table', `composite glyph ${gid} nests ${d} deep; at most ${FONT_MAX_COMPONENT_DEPTH}`);
      depth.set(gid, d);
      return d;
    };
    for (const gid of components.keys()) visit(gid);
  });

  part('the layout tables (GSUB, GPOS, GDEF, kern)', () => {
    const all = font.characterSet;
    const step = Math.max(1, Math.ceil(all.length / FONT_LAYOUT_SAMPLE));
    const sample: number[] = [];
    for (let i = 0; i < all.length; i += step) sample.push(all[i]!);
    const laidOut = (text: string) => {
      for (const g of font.layout(text).glyphs) if (!(g.id < n)) fail('the GSUB table', `substitutes glyph ${g.id}, past the font's ${n} glyphs`);
    };
    // one run per block of 100, so each script's shaper sees its own characters together; a
    // block fontkit cannot lay out (its mark positioning trips over some mark-base pairs no
    // text would hold) is laid out a character at a time: the font fails if one alone does
    for (let i = 0; i < sample.length; i += 100) {
      const block = sample.slice(i, i + 100).filter((c) => c > 0x20 && (c < 0xd800 || c > 0xdfff));
      try {
        laidOut(String.fromCodePoint(...block));
      } catch (err) {
        if (err instanceof FontInvalid) throw err;
        for (const c of block) laidOut(String.fromCodePoint(c));
      }
    }
  });

  const encoded = part('subsetting for print files', () => {
    const subset = font.createSubset() as unknown as { includeGlyph(id: number): number };
    for (let gid = 0; gid < n; gid++) subset.includeGlyph(gid);
    return encodeSubset(subset);
  });

  part('the subset read back', () => {
    if (encoded.length === 0) fail('the subset read back', 'the subset is empty');
    // a CFF subset is a bare CFF table (embedded as FontFile3): fontkit opens only whole fonts
    if (!raw) return;
    const back = fontkit.create(Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)) as unknown as FontInternals;
    if (back.numGlyphs !== n) fail('the subset read back', `${back.numGlyphs} glyphs where the font has ${n}`);
    // every glyph of the subset (same ids: all were included in order) must be the font's own
    const out = rawGlyf(back, n);
    for (let gid = 0; gid < n; gid++) {
      const a = raw.header(gid);
      const b = out.header(gid);
      const same = a === null || b === null ? a === b : a.every((v, i) => v === b[i]);
      if (!same) fail('the subset read back', `glyph ${gid} does not survive subsetting`);
    }
  });
  return facts;
}
