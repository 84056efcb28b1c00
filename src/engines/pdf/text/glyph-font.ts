/**
 * Fonts written by glyph id: shaped text (HarfBuzz) picks glyphs that no character maps to
 * (Arabic joining forms, lam-alef, Devanagari conjuncts and reordered matras), so those runs
 * cannot go through pdf-lib's text encoder. Each face used becomes one Type0 font,
 * Identity-H, whose CIDs are the glyph ids of a fontkit subset of the face; the ToUnicode
 * CMap gives each glyph the characters of the cluster it was first drawn for, so text
 * extraction returns the characters, in logical order, not the glyph shapes.
 */
import { createHash } from 'node:crypto';
import type { PDFDocument, PDFRef } from 'pdf-lib';
import { PDFHexString, PDFString } from 'pdf-lib';
import type { Face } from '../fonts/font-registry.js';
import { fontFailure, guardFont } from '../fonts/font-registry.js';
import { encodeSubset } from '../fonts/fontkit-patch.js';

interface FkSubset {
  cff?: unknown;
  includeGlyph(gid: number): number;
}

function utf16Hex(s: string): string {
  let out = '';
  for (let i = 0; i < s.length; i++) out += s.charCodeAt(i).toString(16).padStart(4, '0');
  return out;
}

export class GlyphFont {
  readonly ref: PDFRef;
  private readonly subset: FkSubset;
  private readonly cids = new Map<number, number>();
  private readonly unicode = new Map<number, string>();
  private readonly widths: number[] = [0];

  constructor(private readonly doc: PDFDocument, readonly face: Face) {
    this.ref = doc.context.nextRef();
    this.subset = guardFont(face, 'subsetting', () => face.fk.createSubset() as unknown as FkSubset);
  }

  /** The CID (subset glyph id) drawing glyph `gid` of the face, and its advance in 1/1000 em. */
  cid(gid: number): { cid: number; width: number } {
    let cid = this.cids.get(gid);
    if (cid === undefined) {
      const fk = this.face.fk;
      const [c, width] = guardFont(this.face, 'reading a glyph', () => [this.subset.includeGlyph(gid), (fk.getGlyph(gid).advanceWidth * 1000) / fk.unitsPerEm] as const);
      cid = c;
      this.cids.set(gid, cid);
      this.widths[cid] = width;
    }
    return { cid, width: this.widths[cid]! };
  }

  /**
   * Records that `cid` stands for `text`; true when the ToUnicode CMap maps it so (the first
   * text a glyph is drawn for wins; a later different one needs an ActualText span).
   */
  mapText(cid: number, text: string): boolean {
    const t = this.unicode.get(cid);
    if (t === undefined) {
      this.unicode.set(cid, text);
      return true;
    }
    return t === text;
  }

  /** Whether the CMap already has an entry for `cid`. */
  mapped(cid: number): string | undefined {
    return this.unicode.get(cid);
  }

  /** Writes the font's objects; a damaged face throws an AssetError naming it. */
  embed(): void {
    try {
      this.write();
    } catch (err) {
      throw fontFailure(this.face, 'subsetting its glyphs', err);
    }
  }

  /** The subset (encoded synchronously: a damaged glyph throws here, not later in a timer) and its objects. */
  private write(): void {
    const ctx = this.doc.context;
    const fk = this.face.fk;
    const bytes = encodeSubset(this.subset);
    const cff = Boolean(this.subset.cff);
    const scale = 1000 / fk.unitsPerEm;
    const tag = Array.from(createHash('sha256').update(`glyphs:${this.face.id}`).digest().subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
    const name = `${tag}+${(fk.postscriptName ?? this.face.family).replace(/[^A-Za-z0-9-]/g, '')}`;
    const file = ctx.register(ctx.flateStream(bytes, cff ? { Subtype: 'CIDFontType0C' } : { Length1: bytes.length }));
    const bbox = fk.bbox;
    const descriptor = ctx.register(ctx.obj({
      Type: 'FontDescriptor',
      FontName: name,
      Flags: 4,
      FontBBox: [bbox.minX * scale, bbox.minY * scale, bbox.maxX * scale, bbox.maxY * scale],
      ItalicAngle: fk.italicAngle ?? 0,
      Ascent: fk.ascent * scale,
      Descent: fk.descent * scale,
      CapHeight: (fk.capHeight || fk.ascent) * scale,
      XHeight: (fk.xHeight || 0) * scale,
      StemV: 0,
      [cff ? 'FontFile3' : 'FontFile2']: file,
    }));
    const cidFont = ctx.register(ctx.obj({
      Type: 'Font',
      Subtype: cff ? 'CIDFontType0' : 'CIDFontType2',
      BaseFont: name,
      CIDSystemInfo: { Registry: PDFString.of('Adobe'), Ordering: PDFString.of('Identity'), Supplement: 0 },
      FontDescriptor: descriptor,
      W: [0, this.widths.map((w) => Math.round((w ?? 0) * 1000) / 1000)],
      ...(cff ? {} : { CIDToGIDMap: 'Identity' }),
    }));
    const entries = [...this.unicode].filter(([, t]) => t.length > 0).sort((a, b) => a[0] - b[0]);
    const lines: string[] = [];
    for (let i = 0; i < entries.length; i += 100) {
      const chunk = entries.slice(i, i + 100);
      lines.push(`${chunk.length} beginbfchar`);
      for (const [cid, t] of chunk) lines.push(`<${cid.toString(16).padStart(4, '0')}> <${utf16Hex(t)}>`);
      lines.push('endbfchar');
    }
    const cmap = [
      '/CIDInit /ProcSet findresource begin', '12 dict begin', 'begincmap',
      '/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def',
      '/CMapName /Adobe-Identity-UCS def', '/CMapType 2 def',
      '1 begincodespacerange', '<0000> <ffff>', 'endcodespacerange',
      ...lines,
      'endcmap', 'CMapName currentdict /CMap defineresource pop', 'end', 'end',
    ].join('\n');
    const toUnicode = ctx.register(ctx.flateStream(cmap));
    ctx.assign(this.ref, ctx.obj({
      Type: 'Font',
      Subtype: 'Type0',
      BaseFont: name,
      Encoding: 'Identity-H',
      DescendantFonts: [cidFont],
      ToUnicode: toUnicode,
    }));
  }
}

const perDoc = new WeakMap<PDFDocument, Map<string, GlyphFont>>();

/** The glyph-id font of `face` in `doc` (one per face per document). */
export function glyphFont(doc: PDFDocument, face: Face): GlyphFont {
  let m = perDoc.get(doc);
  if (!m) {
    m = new Map();
    perDoc.set(doc, m);
  }
  let f = m.get(face.id);
  if (!f) {
    f = new GlyphFont(doc, face);
    m.set(face.id, f);
  }
  return f;
}

/** Writes every glyph-id font of `doc` (call once, after the last page is drawn, before save). */
export async function embedGlyphFonts(doc: PDFDocument): Promise<void> {
  const fonts = perDoc.get(doc)?.values() ?? [];
  perDoc.delete(doc);
  for (const f of fonts) f.embed();
}

/** `/Span <</ActualText …>> BDC`: text extraction reads `text` for the glyphs up to EMC. */
export function actualTextOpen(text: string): string {
  return `/Span <</ActualText ${PDFHexString.of(`feff${utf16Hex(text)}`).toString()}>> BDC`;
}
