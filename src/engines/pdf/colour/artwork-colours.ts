/**
 * Placed PDF artwork converted through the document's output profile before Ghostscript's
 * pdfwrite makes the rest of it DeviceCMYK (`convertPdfToCmyk`). Ghostscript 10's pdfwrite
 * ignores `-sOutputICCProfile`/`-sDefaultCMYKProfile` for that conversion: what it converts is
 * separated for its default SWOP profile whatever the file's OutputIntent, while DeviceCMYK
 * passes through it unchanged. So the colours that can be converted here are, the same way as
 * the design's (`cmyk-colours.ts`, `cmyk-images.ts`):
 * - vector colours of the first page's content and of the forms it draws (nested forms too):
 *   `artwork-black.ts` rewrites them, every distinct one through the profile in ONE sharp call
 *   (`rgbToCmyk`). Neutral ones (r = g = b, and grey-space colours) go to K alone unless
 *   `keepRichBlack`, then they take the profile's conversion of that neutral;
 * - RGB raster images those contents draw (`artwork-images.ts`), up to `MAX_ARTWORK_PIXELS` in
 *   all.
 * Left to Ghostscript (its default profile): shadings (`sh`, shading patterns), tiling patterns,
 * Type 3 glyphs, inline images, Indexed and Lab colours, and images `artwork-images.ts` does not
 * convert. A stream that cannot be decoded is left as it is.
 */
import { deflateSync } from 'node:zlib';
import {
  PDFArray, PDFDict, PDFDocument, PDFName, PDFNumber, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, type PDFObject,
} from 'pdf-lib';
import { neutralLevel, rewriteColours, type ColourRewrite, type SpaceKind } from './artwork-black.js';
import { imageToCmyk } from './artwork-images.js';
import { rgbToCmyk } from './cmyk-colours.js';
import type { OutputProfile } from './output-profiles.js';

/** Pixels of one artwork's raster images converted here; past it, images are Ghostscript's. */
export const MAX_ARTWORK_PIXELS = 100_000_000;

export interface ArtworkCmykOptions {
  profile: OutputProfile;
  /** neutral colours take the profile's four-colour conversion instead of K alone */
  keepRichBlack?: boolean;
}

export interface ArtworkCmykResult {
  /** colour operators rewritten */
  colours: number;
  /** raster images converted here */
  images: number;
  /** RGB-like raster images left to Ghostscript */
  imagesLeft: number;
}

/** Whether a colour space (a name or its array) is RGB-like (3), grey-like (1) or neither (0). */
export function spaceKindOf(cs: PDFObject | undefined): SpaceKind {
  if (cs instanceof PDFName) {
    const n = cs.asString();
    return n === '/DeviceRGB' ? 3 : n === '/DeviceGray' ? 1 : 0;
  }
  if (!(cs instanceof PDFArray) || cs.size() < 2) return 0;
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

/** The kind of a colour space named in a content stream (`/DeviceRGB`, or a resource name). */
function kindOf(resources: PDFDict | undefined, name: string): SpaceKind {
  if (name === '/DeviceRGB') return 3;
  if (name === '/DeviceGray') return 1;
  return spaceKindOf(resources?.lookupMaybe(PDFName.of('ColorSpace'), PDFDict)?.lookup(PDFName.of(name.slice(1))));
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

/** Distinct sRGB colours (bytes), converted together once all are known. */
class RgbBatch {
  private readonly index = new Map<string, number>();
  readonly rgb: number[] = [];
  table: number[][] = [];

  add(v: number[]): () => number[] {
    const b = v.map((x) => Math.round(x * 255));
    const key = b.join(',');
    let i = this.index.get(key);
    if (i === undefined) {
      i = this.index.size;
      this.index.set(key, i);
      this.rgb.push(...b);
    }
    const at = i;
    return () => this.table[at]!;
  }
}

/** Converts `doc`'s first page (in place) as far as this module can; the rest stays for Ghostscript. */
export async function artworkToCmyk(doc: PDFDocument, o: ArtworkCmykOptions): Promise<ArtworkCmykResult> {
  const result: ArtworkCmykResult = { colours: 0, images: 0, imagesLeft: 0 };
  const page = doc.getPages()[0];
  if (!page) return result;
  const batch = new RgbBatch();
  const rewrite: ColourRewrite = (v, kind) => {
    const n = kind === 1 ? v[0]! : neutralLevel(v);
    if (n !== undefined && !o.keepRichBlack) return () => [0, 0, 0, Math.round((1 - n) * 1000) / 1000];
    return batch.add(n !== undefined ? [n, n, n] : v);
  };
  const pending: { text: () => string; write: (content: string) => void }[] = [];
  const images: { ref: PDFRef; s: PDFRawStream; rgb: boolean }[] = [];
  const seen = new Set<string>();
  const walk = (resources: PDFDict | undefined): void => {
    const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, v] of xobjects?.entries() ?? []) {
      if (!(v instanceof PDFRef) || seen.has(v.toString())) continue;
      seen.add(v.toString());
      const s = doc.context.lookup(v);
      if (!(s instanceof PDFStream)) continue;
      const subtype = s.dict.lookup(PDFName.of('Subtype'));
      if (subtype === PDFName.of('Image')) {
        if (s instanceof PDFRawStream) images.push({ ref: v, s, rgb: spaceKindOf(s.dict.lookup(PDFName.of('ColorSpace'))) === 3 });
        continue;
      }
      if (subtype !== PDFName.of('Form')) continue;
      const res = s.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources;
      const text = decode(s);
      if (text !== undefined) {
        const r = rewriteColours(text, (n) => kindOf(res, n), rewrite);
        result.colours += r.edits;
        if (r.edits) pending.push({ text: r.text, write: (c) => doc.context.assign(v, flate(doc, s.dict, c)) });
      }
      walk(res);
    }
  };
  const resources = page.node.Resources();
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((r) => doc.context.lookup(r)) : [contents];
  const parts = streams.map((s) => (s instanceof PDFStream ? decode(s) : undefined));
  if (parts.length && parts.every((p) => p !== undefined)) {
    const r = rewriteColours(parts.join('\n'), (n) => kindOf(resources, n), rewrite);
    result.colours += r.edits;
    if (r.edits) pending.push({ text: r.text, write: (c) => page.node.set(PDFName.of('Contents'), doc.context.register(flate(doc, doc.context.obj({}), c))) });
  }
  walk(resources);
  batch.table = await rgbToCmyk(o.profile, batch.rgb);
  for (const p of pending) p.write(p.text());
  const budget = { pixels: MAX_ARTWORK_PIXELS };
  for (const im of images) {
    if (await imageToCmyk(doc, im.ref, im.s, im.rgb, o.profile, budget)) result.images++;
    else if (im.rgb) result.imagesLeft++;
  }
  return result;
}

/** A PDF artwork's bytes with what `artworkToCmyk` converts in DeviceCMYK (for `convertPdfToCmyk`). */
export async function artworkBytesToCmyk(bytes: Uint8Array, o: ArtworkCmykOptions): Promise<Uint8Array> {
  const art = await PDFDocument.load(bytes, { updateMetadata: false });
  await artworkToCmyk(art, o);
  return art.save({ useObjectStreams: false });
}
