/**
 * Fonts of one render: resolves (family, weight, style) through the AssetResolver, then the
 * default catalogue, then the fallback family (with a warning); parses each face once with
 * fontkit (measuring) and embeds it once per document with pdf-lib (subset, Identity-H).
 */
import { createHash } from 'node:crypto';
import fontkit from '@pdf-lib/fontkit';
import type { PDFDocument, PDFFont } from 'pdf-lib';
import { AssetError } from '../errors.js';
import type { AssetResolver } from '../types.js';
import type { FontFaceStyle } from './font-matching.js';
import { FALLBACK_FONT_FAMILY, matchDefaultFont, readDefaultFont } from './default-fonts.js';
import { patchFontkit } from './fontkit-patch.js';

type FkFont = ReturnType<typeof fontkit.create>;

export interface Face {
  /** identity of the font bytes: their hash, or the path of a file Folio ships */
  id: string;
  /** the family the design asked for (a store font's name) or the default family used */
  family: string;
  fk: FkFont;
  bytes: Uint8Array;
  /** requested family when this face is a fallback for it */
  fallbackFor?: string;
}

/** One glyph of a shaped run, in the embedded subset. */
export interface ShapedGlyph {
  /** glyph id in the subset, as 4 hex digits */
  code: string;
  /** advance the PDF's /W array gives the glyph, in 1/1000 em */
  natural: number;
  /** shaped advance, offsets (kerning, marks), in em */
  xAdvance: number;
  xOffset: number;
  yOffset: number;
  /** the font has no glyph for this character (.notdef) */
  missing: boolean;
  /** the characters this glyph stands for */
  text: string;
}

// fontkit parses are reused across renders: the same bytes give the same Font. The key must
// identify the bytes themselves (a store font's is their SHA-256): a key a font could share
// with another (family, weight and style, which any upload may claim) would let one damaged
// or replaced font stand in for every later font of that name.
const parsed = new Map<string, FkFont>();
const PARSED_CAP = 64;

/** Parses font bytes with fontkit (first face of a collection), cached by `id`, the identity of the bytes. */
export function parse(id: string, bytes: Uint8Array): FkFont {
  let f = parsed.get(id);
  if (!f) {
    const created = fontkit.create(bytes) as FkFont & { fonts?: FkFont[] };
    f = created.fonts?.[0] ?? created;
    patchFontkit(f as never);
    if (parsed.size >= PARSED_CAP) parsed.delete(parsed.keys().next().value!);
    parsed.set(id, f);
  }
  return f;
}

/** The identity of font bytes for the caches: their SHA-256. */
export function contentId(bytes: Uint8Array): string {
  return `sha256:${createHash('sha256').update(bytes).digest('hex')}`;
}

/**
 * A failure inside fontkit (or pdf-lib's font embedding, or HarfBuzz) on a face, as the
 * render error it is: the font is unusable (422 on a request, a failed job), not a fault of
 * the server. Fonts uploaded since the upload check rarely get here; older ones may.
 */
export function fontFailure(face: Pick<Face, 'family'>, what: string, err: unknown): AssetError {
  if (err instanceof AssetError) return err;
  const why = err instanceof Error ? err.message : String(err);
  return new AssetError(`the font file is damaged or unusable (${what}: ${why.slice(0, 200)})`, `font "${face.family}"`, { cause: err });
}

/** Runs `fn` on a face, turning what fontkit throws into a `fontFailure`. */
export function guardFont<T>(face: Pick<Face, 'family'>, what: string, fn: () => T): T {
  try {
    return fn();
  } catch (err) {
    throw fontFailure(face, what, err);
  }
}

const queryKey = (family: string, weight: number, style: FontFaceStyle): string => `${family.trim().toLowerCase()}|${weight}|${style}`;

/** A six-letter subset tag derived from the face id, so `pdffonts` reports the font as a subset. */
function subsetTag(id: string): string {
  const h = createHash('sha256').update(id).digest();
  return Array.from(h.subarray(0, 6), (b) => String.fromCharCode(65 + (b % 26))).join('');
}

/** A face as used for one (family, weight, style) request, with what the browser would synthesise. */
export interface FaceUse {
  face: Face;
  /** bold requested (>= 600) from a face lighter than 600: browsers embolden the outlines */
  fakeBold: boolean;
  /** italic requested from an upright face: browsers slant it */
  fakeItalic: boolean;
}

/** Generic CSS families and the default family standing in for each. */
export const GENERIC_FAMILIES: Record<string, string> = {
  'sans-serif': 'Roboto',
  'system-ui': 'Roboto',
  serif: 'Lora',
  monospace: 'Roboto Mono',
  cursive: 'Pacifico',
};

/** Splits a CSS font-family list ("'Open Sans', Arial, sans-serif") into names. */
export function familyCandidates(family: string): string[] {
  const out: string[] = [];
  let cur = '';
  let quote = '';
  for (const ch of family) {
    if (quote) {
      if (ch === quote) quote = '';
      else cur += ch;
    } else if (ch === '"' || ch === "'") quote = ch;
    else if (ch === ',') {
      if (cur.trim()) out.push(cur.trim());
      cur = '';
    } else cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.length ? out : [family.trim()];
}

export class FontRegistry {
  private pending = new Map<string, Promise<FaceUse>>();
  private uses = new Map<string, FaceUse>();
  private pdfFonts = new Map<string, { font: PDFFont; face: Face }>();
  private shaped = new Map<string, Map<string, ShapedGlyph[]>>();
  private advances = new Map<string, number>();

  constructor(private readonly assets: AssetResolver) {}

  load(family: string, weight: number, style: FontFaceStyle): Promise<FaceUse> {
    const key = queryKey(family, weight, style);
    let p = this.pending.get(key);
    if (!p) {
      p = this.resolve(family, weight, style).then((u) => {
        this.uses.set(key, u);
        return u;
      });
      this.pending.set(key, p);
    }
    return p;
  }

  private async resolve(family: string, weight: number, style: FontFaceStyle): Promise<FaceUse> {
    const use = (face: Face, actualWeight: number, actualStyle: FontFaceStyle): FaceUse => ({
      face,
      fakeBold: weight >= 600 && actualWeight < 600,
      fakeItalic: style === 'italic' && actualStyle === 'normal',
    });
    const fromDefault = async (name: string, fallbackFor?: string): Promise<FaceUse | undefined> => {
      const match = matchDefaultFont(name, weight, style);
      if (!match) return undefined;
      const bytes = await readDefaultFont(match.path);
      const id = `default:${match.path}`;
      const face: Face = { id, family: match.family, fk: parse(id, bytes), bytes, ...(fallbackFor ? { fallbackFor } : {}) };
      return use(face, match.weight, match.style);
    };
    // like a browser: the first family in the list that resolves wins
    for (const name of familyCandidates(family)) {
      const custom = this.assets.font ? await this.assets.font({ family: name, weight, style }) : null;
      if (custom) {
        const id = contentId(custom.bytes);
        const fk = guardFont({ family: name }, 'parsing', () => parse(id, custom.bytes));
        return use({ id, family: name, fk, bytes: custom.bytes }, custom.weight ?? weight, custom.style ?? style);
      }
      const d = (await fromDefault(name)) ?? (GENERIC_FAMILIES[name.toLowerCase()] ? await fromDefault(GENERIC_FAMILIES[name.toLowerCase()]!) : undefined);
      if (d) return d;
    }
    return (await fromDefault(FALLBACK_FONT_FAMILY, family))!;
  }

  /** The loaded face for a query (load() must have finished for it). */
  use(family: string, weight: number, style: FontFaceStyle): FaceUse {
    const u = this.uses.get(queryKey(family, weight, style));
    if (!u) throw new Error(`font ${family} ${weight} ${style} was not loaded`);
    return u;
  }

  face(family: string, weight: number, style: FontFaceStyle): Face {
    return this.use(family, weight, style).face;
  }

  /** Advance of `text` in em, shaped (kerning, ligatures) as a browser shapes it. */
  advance(face: Face, text: string): number {
    const key = `${face.id}\u0000${text}`;
    let v = this.advances.get(key);
    if (v === undefined) {
      // the canvas turns ASCII whitespace into spaces before measuring and drawing
      v = guardFont(face, 'laying out text', () => face.fk.layout(text.replace(/[\t\n\f\r]/g, ' ')).advanceWidth / face.fk.unitsPerEm);
      this.advances.set(key, v);
    }
    return v;
  }

  async pdfFont(doc: PDFDocument, face: Face): Promise<PDFFont> {
    let f = this.pdfFonts.get(face.id)?.font;
    if (!f) {
      const ps = guardFont(face, 'reading its name', () => (face.fk.postscriptName ?? face.family).replace(/[^A-Za-z0-9-]/g, ''));
      f = await doc.embedFont(face.bytes, { subset: true, customName: `${subsetTag(face.id)}+${ps}` }).catch((err: unknown) => {
        throw fontFailure(face, 'embedding', err);
      });
      this.pdfFonts.set(face.id, { font: f, face });
    }
    return f;
  }

  /**
   * Writes every font this registry embedded into its document (their subsets encoded, each
   * in a try: fontkit-patch.ts), before the document is saved, so a font that fails names
   * itself (AssetError) rather than failing the save.
   */
  async embedAll(): Promise<void> {
    for (const { font, face } of this.pdfFonts.values()) {
      await font.embed().catch((err: unknown) => {
        throw fontFailure(face, 'subsetting its glyphs', err);
      });
    }
  }

  /**
   * Shapes `text` as one unit, the way a browser's fillText shapes it (kerning, ligatures,
   * contextual alternates), and registers its glyphs in the embedded subset.
   */
  shape(face: Face, pdfFont: PDFFont, text: string): ShapedGlyph[] {
    let m = this.shaped.get(face.id);
    if (!m) {
      m = new Map();
      this.shaped.set(face.id, m);
    }
    let out = m.get(text);
    if (!out) {
      // the canvas turns ASCII whitespace into spaces before drawing
      const t = text.replace(/[\t\n\f\r]/g, ' ');
      const shaped = guardFont(face, 'laying out text', () => {
        const run = face.fk.layout(t);
        const upm = face.fk.unitsPerEm;
        const codes = subsetCodes(pdfFont, t, run.glyphs);
        return run.glyphs.map((g, i) => {
          const p = run.positions[i]!;
          return {
            code: codes[i]!,
            natural: (g.advanceWidth * 1000) / upm,
            xAdvance: p.xAdvance / upm,
            xOffset: p.xOffset / upm,
            yOffset: p.yOffset / upm,
            missing: g.id === 0,
            text: String.fromCodePoint(...g.codePoints),
          };
        });
      });
      m.set(text, shaped);
      out = shaped;
    }
    return out;
  }
}

/** pdf-lib's subsetting embedder (CustomFontSubsetEmbedder), as far as `subsetCodes` uses it. */
interface SubsetEmbedder {
  font: { getGlyph(id: number, codePoints?: number[]): unknown };
  subset: { includeGlyph(id: number): number };
  glyphs: unknown[];
  glyphIdMap: Map<number, number>;
  glyphCache: { invalidate(): void };
}

function subsetEmbedder(pdfFont: PDFFont): SubsetEmbedder | null {
  const e = (pdfFont as unknown as { embedder?: Partial<SubsetEmbedder> }).embedder;
  return e && e.font && e.subset && Array.isArray(e.glyphs) && e.glyphIdMap instanceof Map && e.glyphCache ? (e as SubsetEmbedder) : null;
}

/**
 * The embedded subset's 4-hex-digit codes of glyphs we shaped. pdf-lib's own `encodeText`
 * would lay the text out a second time, on a fontkit font it parses anew for every document
 * (GSUB/GPOS decoding then dominated an RGB render's text), so the glyphs go into its
 * subset directly, by id, with the characters they stand for (its ToUnicode CMap reads them).
 * If the embedder is not the shape this expects (another pdf-lib), its encoder is used.
 */
function subsetCodes(pdfFont: PDFFont, text: string, glyphs: ReadonlyArray<{ id: number; codePoints: number[] }>): string[] {
  const e = subsetEmbedder(pdfFont);
  if (!e) {
    // pdf-lib runs the same fontkit layout on the same bytes, so its glyph ids line up with ours
    const codes = pdfFont.encodeText(text).toString().slice(1, -1).match(/.{4}/g) ?? [];
    if (codes.length !== glyphs.length) throw new Error(`glyph count mismatch shaping ${JSON.stringify(text)}`);
    return codes;
  }
  const codes = glyphs.map((g) => {
    const sid = e.subset.includeGlyph(g.id);
    if (e.glyphs[sid - 1] === undefined) {
      e.glyphs[sid - 1] = e.font.getGlyph(g.id, [...g.codePoints]);
      e.glyphIdMap.set(g.id, sid);
    }
    return sid.toString(16).padStart(4, '0');
  });
  e.glyphCache.invalidate();
  return codes;
}
