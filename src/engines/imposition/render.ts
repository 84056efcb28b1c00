/**
 * Draws an imposition plan: each source page becomes one Form XObject (vectors, fonts and
 * images as they were) drawn wherever the plan puts it, clipped to its trim plus the bleed
 * kept; then printer's marks on the sheet. Shared resources (a font used by every page) are
 * copied once for the whole document.
 */
import fontkit from '@pdf-lib/fontkit';
import { decodePDFRawStream, PDFContentStream, PDFDict, PDFDocument, PDFName, PDFObjectCopier, PDFRawStream, PDFRef, PDFStream, type PDFFont } from 'pdf-lib';
import { nativeFlateStream } from '../pdf/content.js';
import { matchDefaultFont, readDefaultFont } from '../pdf/index.js';
import { placementMatrix, type Rect } from './geometry.js';
import { drawSideMarks, type MarkOptions } from './marks.js';
import { ImpositionError, type Plan, type SourceInfo } from './plan.js';

export { CROP_MARK_WIDTH, type MarkOptions } from './marks.js';

export interface SourcePage {
  trim: Rect;
  bleed: Rect;
  media: Rect;
}

const MM = 72 / 25.4;

/** Page boxes of a loaded PDF (TrimBox and BleedBox fall back to the MediaBox, as PDF says). */
export function sourcePages(doc: PDFDocument): SourcePage[] {
  return doc.getPages().map((p, i) => {
    if (p.getRotation().angle % 360 !== 0) throw new ImpositionError('invalid_source', `page ${i + 1} is rotated (/Rotate ${p.getRotation().angle}); only upright pages are imposed`);
    const box = (b: { x: number; y: number; width: number; height: number }): Rect => ({ x: b.x, y: b.y, w: b.width, h: b.height });
    return { trim: box(p.getTrimBox()), bleed: box(p.getBleedBox()), media: box(p.getMediaBox()) };
  });
}

/** The common trim size and the bleed every page has (pages must share their trim size within 0.5 pt). */
export function describeSource(pages: SourcePage[]): SourceInfo {
  if (pages.length === 0) throw new ImpositionError('invalid_source', 'the source has no pages');
  const first = pages[0]!.trim;
  let bleed = Infinity;
  pages.forEach((p, i) => {
    if (Math.abs(p.trim.w - first.w) > 0.5 || Math.abs(p.trim.h - first.h) > 0.5) {
      throw new ImpositionError('mixed_page_sizes', `page ${i + 1} is ${fmt(p.trim.w)} × ${fmt(p.trim.h)} mm, page 1 is ${fmt(first.w)} × ${fmt(first.h)} mm: an imposition takes pages of one trim size`);
    }
    bleed = Math.min(bleed, p.trim.x - p.bleed.x, p.trim.y - p.bleed.y, p.bleed.x + p.bleed.w - (p.trim.x + p.trim.w), p.bleed.y + p.bleed.h - (p.trim.y + p.trim.h));
  });
  return { pages: pages.length, trim: { w: first.w, h: first.h }, bleed: Math.max(0, bleed) };
}

const fmt = (pt: number) => (pt / MM).toFixed(1);

/**
 * Form XObjects of the given source pages (BBox = the page's bleed box, in the page's own
 * coordinates), one per page, sharing one object copier so common resources are copied once.
 * A single Flate content stream is reused as it is (no decode, no re-encode).
 */
export function embedPagesOnce(out: PDFDocument, src: PDFDocument, indices: Iterable<number>, boxes: SourcePage[]): Map<number, PDFRef> {
  const copier = PDFObjectCopier.for(src.context, out.context);
  const pages = src.getPages();
  const refs = new Map<number, PDFRef>();
  for (const i of indices) {
    if (refs.has(i)) continue;
    const node = pages[i]!.node;
    const { Contents, Resources } = node.normalizedEntries();
    const bb = boxes[i]!.bleed;
    const entries = { Type: 'XObject', Subtype: 'Form', FormType: 1, BBox: [bb.x, bb.y, bb.x + bb.w, bb.y + bb.h], Matrix: [1, 0, 0, 1, 0, 0] };
    const res = Resources ? copier.copy(Resources) : out.context.obj({});
    let stream: PDFStream;
    const single = Contents && Contents.size() === 1 ? Contents.lookup(0, PDFStream) : null;
    if (single instanceof PDFRawStream) {
      const dict = out.context.obj(entries) as PDFDict;
      dict.set(PDFName.of('Resources'), res);
      for (const k of ['Filter', 'DecodeParms']) {
        const v = single.dict.get(PDFName.of(k));
        if (v) dict.set(PDFName.of(k), copier.copy(v));
      }
      stream = PDFRawStream.of(dict, single.contents);
    } else {
      const parts: Uint8Array[] = [];
      for (let k = 0; Contents && k < Contents.size(); k++) {
        const s = Contents.lookup(k, PDFStream);
        parts.push(s instanceof PDFRawStream ? decodePDFRawStream(s).decode() : s instanceof PDFContentStream ? s.getUnencodedContents() : new Uint8Array(), Uint8Array.of(10));
      }
      const bytes = new Uint8Array(parts.reduce((a, p) => a + p.length, 0));
      let o = 0;
      for (const p of parts) {
        bytes.set(p, o);
        o += p.length;
      }
      stream = out.context.flateStream(bytes, { ...entries });
      stream.dict.set(PDFName.of('Resources'), res);
    }
    // A page drawn as a transparency group keeps that group (blending stays as on the page).
    const group = node.get(PDFName.of('Group'));
    if (group) stream.dict.set(PDFName.of('Group'), copier.copy(group));
    refs.set(i, out.context.register(stream));
  }
  // The source's output intents (a CMYK or PDF/X file's ICC profile) describe the imposed sheets too.
  const intents = src.catalog.get(PDFName.of('OutputIntents'));
  if (intents && !out.catalog.get(PDFName.of('OutputIntents'))) out.catalog.set(PDFName.of('OutputIntents'), copier.copy(intents));
  return refs;
}

export interface DrawOptions {
  marks: MarkOptions;
  title?: string;
  signal?: AbortSignal;
}

/** Draws every side of the plan; one output page per sheet side. */
export async function drawPlan(src: PDFDocument, boxes: SourcePage[], plan: Plan, opts: DrawOptions): Promise<Uint8Array> {
  const out = await PDFDocument.create();
  out.registerFontkit(fontkit);
  out.setProducer('Folio imposition engine (pdf-lib)');
  out.setCreator('Folio');
  if (opts.title) out.setTitle(opts.title);
  const used = new Set<number>();
  for (const s of plan.sides) for (const it of s.items) if (it.page !== null) used.add(it.page);
  const forms = embedPagesOnce(out, src, [...used].sort((a, b) => a - b), boxes);
  const needsFont = opts.marks.slug !== null || !!opts.marks.labels?.some((l) => !!l);
  const font = needsFont ? await slugFont(out) : null;

  const total = plan.sheets;
  for (const side of plan.sides) {
    opts.signal?.throwIfAborted();
    const { width: W, height: H } = side.size ?? plan.sheet;
    const page = out.addPage([W, H]);
    page.setMediaBox(0, 0, W, H);
    page.setBleedBox(0, 0, W, H);
    page.setTrimBox(0, 0, W, H);
    // The placements (and the marks) as content text, one line per slot, compressed natively:
    // thousands of slots a side were thousands of operator objects, and spreading them into
    // pushOperators(...ops) overflowed the stack from about 8,000 slots.
    const lines: string[] = [];
    const names = new Set<number>();
    for (const it of side.items) {
      if (it.page === null) continue;
      if (!names.has(it.page)) {
        page.node.setXObject(PDFName.of(`P${it.page + 1}`), forms.get(it.page)!);
        names.add(it.page);
      }
      const m = placementMatrix(boxes[it.page]!.trim, it.trim, it.rotation, it.shift);
      const c = it.clip;
      lines.push(`q\n${r(c.x)} ${r(c.y)} ${r(c.w)} ${r(c.h)} re\nW\nn\n${m.map(r).join(' ')} cm\n/P${it.page + 1} Do\nQ`);
    }
    drawSideMarks(out, page, side, plan, opts.marks, font, total, lines);
    if (lines.length) page.node.addContentStream(out.context.register(nativeFlateStream(out.context, lines.join('\n'))));
  }
  return out.save({ useObjectStreams: true });
}

const r = (v: number) => Math.round(v * 1e4) / 1e4;

async function slugFont(doc: PDFDocument): Promise<PDFFont> {
  const face = matchDefaultFont('Roboto', 400, 'normal');
  if (!face) throw new Error('the default font Roboto is not installed');
  return doc.embedFont(await readDefaultFont(face.path), { subset: true });
}
