/**
 * Draws an imposition plan: each source page becomes one Form XObject (vectors, fonts and
 * images as they were) drawn wherever the plan puts it, clipped to its trim plus the bleed
 * kept; then printer's marks on the sheet. Shared resources (a font used by every page) are
 * copied once for the whole document.
 */
import fontkit from '@pdf-lib/fontkit';
import { cmyk, decodePDFRawStream, PDFContentStream, PDFDict, PDFDocument, PDFName, PDFObjectCopier, PDFRawStream, PDFRef, PDFStream, type PDFFont, type PDFPage } from 'pdf-lib';
import { nativeFlateStream } from '../pdf/content.js';
import { matchDefaultFont, readDefaultFont } from '../pdf/index.js';
import { placementMatrix, type Rect } from './geometry.js';
import { ImpositionError, type Plan, type PlannedSide, type SourceInfo } from './plan.js';

export interface MarkOptions {
  /** crop marks at every item's trim corners (outside any item) */
  cropMarks: boolean;
  /** registration targets in the middle of each margin */
  registrationMarks: boolean;
  /** CMYK and tint patches along the top margin */
  colorBar: boolean;
  /** job name, sheet n of m, side and date along the bottom margin; null: none */
  slug: { jobName: string; date: string } | null;
}

export interface SourcePage {
  trim: Rect;
  bleed: Rect;
  media: Rect;
}

const MM = 72 / 25.4;
const REGISTRATION = cmyk(1, 1, 1, 1);
/** Crop marks are hairlines (0.25 pt). */
export const CROP_MARK_WIDTH = 0.25;

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
  const needsFont = opts.marks.slug !== null;
  const font = needsFont ? await slugFont(out) : null;

  const total = plan.sheets;
  for (const side of plan.sides) {
    opts.signal?.throwIfAborted();
    const { width: W, height: H } = side.size ?? plan.sheet;
    const page = out.addPage([W, H]);
    page.setMediaBox(0, 0, W, H);
    page.setBleedBox(0, 0, W, H);
    page.setTrimBox(0, 0, W, H);
    // The placements (and crop marks) as content text, one line per slot, compressed natively:
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
    if (opts.marks.cropMarks) cropMarkLines(side, plan, lines);
    if (lines.length) page.node.addContentStream(out.context.register(nativeFlateStream(out.context, lines.join('\n'))));
    drawMarks(page, side, plan, opts.marks, font, total);
  }
  return out.save({ useObjectStreams: true });
}

const r = (v: number) => Math.round(v * 1e4) / 1e4;

async function slugFont(doc: PDFDocument): Promise<PDFFont> {
  const face = matchDefaultFont('Roboto', 400, 'normal');
  if (!face) throw new Error('the default font Roboto is not installed');
  return doc.embedFont(await readDefaultFont(face.path), { subset: true });
}

interface Segment {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

/**
 * Whether a mark would print on a rectangle: the segment (a hairline, so widened by its half
 * width) overlaps it by more than a touch. A mark running along another item's trim edge
 * counts; one ending where an item begins does not.
 */
function crosses(s: Segment, q: Rect): boolean {
  const hw = 0.2;
  const x0 = Math.min(s.x1, s.x2) - hw;
  const x1 = Math.max(s.x1, s.x2) + hw;
  const y0 = Math.min(s.y1, s.y2) - hw;
  const y1 = Math.max(s.y1, s.y2) + hw;
  const vertical = Math.abs(s.x1 - s.x2) < 1e-6;
  // along the segment: a real overlap; across it: the widened line touching is enough
  const along = vertical ? Math.min(y1, q.y + q.h) - Math.max(y0, q.y) > hw + 0.01 : Math.min(x1, q.x + q.w) - Math.max(x0, q.x) > hw + 0.01;
  const across = vertical ? x1 > q.x && x0 < q.x + q.w : y1 > q.y && y0 < q.y + q.h;
  return along && across;
}

/**
 * Rectangles bucketed on a uniform grid (cells about the size of an item), so "which items
 * does this mark touch" looks at a few neighbours instead of every item of the side: crop
 * marks once compared every segment with every item, quadratic in the slots.
 */
class RectIndex {
  private readonly buckets = new Map<number, number[]>();
  private readonly size: number;

  constructor(
    readonly rects: Rect[],
    W: number,
    H: number,
  ) {
    let sum = 0;
    for (const q of rects) sum += Math.max(q.w, q.h);
    // about an item a cell, never more than 1,024 cells across the sheet
    this.size = Math.max(rects.length ? sum / rects.length : 1, W / 1024, H / 1024, 1);
    rects.forEach((q, i) => this.cells(q.x, q.y, q.x + q.w, q.y + q.h, (k) => {
      const b = this.buckets.get(k);
      if (b) b.push(i);
      else this.buckets.set(k, [i]);
    }));
  }

  private cells(x0: number, y0: number, x1: number, y1: number, visit: (key: number) => void): void {
    const s = this.size;
    for (let ix = Math.floor(x0 / s); ix <= Math.floor(x1 / s); ix++) for (let iy = Math.floor(y0 / s); iy <= Math.floor(y1 / s); iy++) visit((ix + 2048) * 8192 + iy + 2048);
  }

  /** Whether `test` holds for a rectangle near the box (each candidate may be tried more than once). */
  some(x0: number, y0: number, x1: number, y1: number, test: (q: Rect) => boolean): boolean {
    let hit = false;
    this.cells(x0, y0, x1, y1, (k) => {
      if (hit) return;
      for (const i of this.buckets.get(k) ?? []) if (test(this.rects[i]!)) return void (hit = true);
    });
    return hit;
  }

  /** Every index near the box, duplicates possible. */
  near(x0: number, y0: number, x1: number, y1: number, visit: (i: number) => void): void {
    this.cells(x0, y0, x1, y1, (k) => {
      for (const i of this.buckets.get(k) ?? []) visit(i);
    });
  }
}

/** Crop marks of a side as content lines (one hairline path in registration colour), appended to `out`. */
function cropMarkLines(side: PlannedSide, plan: Plan, out: string[]): void {
  const { width: W, height: H } = side.size ?? plan.sheet;
  const sheetRect: Rect = { x: 0, y: 0, w: W, h: H };
  const len = 4 * MM;
  const trims = new RectIndex(
    side.items.map((i) => i.trim),
    W,
    H,
  );
  const drawn = new RectIndex(
    side.items.map((i) => i.clip),
    W,
    H,
  );
  const segs: Segment[] = [];
  for (const t of side.cropRects) {
    // Marks start clear of the bleed: the item's own drawn area, at least 2 mm off the trim.
    let off = 2 * MM;
    trims.near(t.x, t.y, t.x + t.w, t.y + t.h, (k) => {
      const i = side.items[k]!;
      if (overlapsRect(i.trim, t)) off = Math.max(off, Math.max(i.trim.x - i.clip.x, i.trim.y - i.clip.y, i.clip.x + i.clip.w - i.trim.x - i.trim.w, i.clip.y + i.clip.h - i.trim.y - i.trim.h) + 1);
    });
    for (const x of [t.x, t.x + t.w]) {
      segs.push({ x1: x, y1: t.y - off, x2: x, y2: t.y - off - len }, { x1: x, y1: t.y + t.h + off, x2: x, y2: t.y + t.h + off + len });
    }
    for (const y of [t.y, t.y + t.h]) {
      segs.push({ x1: t.x - off, y1: y, x2: t.x - off - len, y2: y }, { x1: t.x + t.w + off, y1: y, x2: t.x + t.w + off + len, y2: y });
    }
  }
  for (const fold of side.folds) {
    const t = side.cropRects[0];
    if (t) segs.push({ x1: fold, y1: t.y - 2 * MM, x2: fold, y2: t.y - 2 * MM - len }, { x1: fold, y1: t.y + t.h + 2 * MM, x2: fold, y2: t.y + t.h + 2 * MM + len });
  }
  const seen = new Set<string>();
  const path: string[] = [];
  for (const s of segs) {
    const key = [s.x1, s.y1, s.x2, s.y2].map((v) => v.toFixed(2)).join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    if (!inside(s, sheetRect)) continue;
    const pad = 0.5;
    if (drawn.some(Math.min(s.x1, s.x2) - pad, Math.min(s.y1, s.y2) - pad, Math.max(s.x1, s.x2) + pad, Math.max(s.y1, s.y2) + pad, (d) => crosses(s, d))) continue;
    path.push(`${r(s.x1)} ${r(s.y1)} m\n${r(s.x2)} ${r(s.y2)} l`);
  }
  if (path.length === 0) return;
  // one operator a line, as pdf-lib writes them
  out.push('q', '1 1 1 1 K', `${CROP_MARK_WIDTH} w`);
  for (const p of path) out.push(p);
  out.push('S', 'Q');
}

/** Registration targets, colour bar and slug line: where they cover no item and no other mark. */
function drawMarks(page: PDFPage, side: PlannedSide, plan: Plan, marks: MarkOptions, font: PDFFont | null, total: number): void {
  const { width: W, height: H } = side.size ?? plan.sheet;
  const content = side.items.map((i) => i.clip);
  // Marks never cover an item's printed area, nor each other.
  const taken: Rect[] = [];
  const free = (q: Rect) => q.x >= 0 && q.y >= 0 && q.x + q.w <= W && q.y + q.h <= H && !content.some((c) => overlapsRect(c, q)) && !taken.some((c) => overlapsRect(c, q));
  if (marks.registrationMarks) {
    const R = 2.5 * MM;
    const arm = 4 * MM;
    const bounds = union(content);
    const spots = bounds
      ? [
          { x: bounds.x / 2, y: H / 2 },
          { x: (bounds.x + bounds.w + W) / 2, y: H / 2 },
          { x: W / 2, y: (bounds.y + bounds.h + H) / 2 },
        ]
      : [];
    for (const p of spots) {
      const area = { x: p.x - arm, y: p.y - arm, w: 2 * arm, h: 2 * arm };
      if (!free(area)) continue;
      taken.push(area);
      page.drawCircle({ x: p.x, y: p.y, size: R, borderColor: REGISTRATION, borderWidth: 0.3 });
      page.drawLine({ start: { x: p.x - arm, y: p.y }, end: { x: p.x + arm, y: p.y }, thickness: 0.3, color: REGISTRATION });
      page.drawLine({ start: { x: p.x, y: p.y - arm }, end: { x: p.x, y: p.y + arm }, thickness: 0.3, color: REGISTRATION });
    }
  }
  if (marks.colorBar) {
    const size = 4 * MM;
    const bounds = union(content);
    const top = bounds ? bounds.y + bounds.h : H;
    const y = top + (H - top - size) / 2;
    const patches = [cmyk(1, 0, 0, 0), cmyk(0, 1, 0, 0), cmyk(0, 0, 1, 0), cmyk(0, 0, 0, 1), cmyk(1, 1, 0, 0), cmyk(1, 0, 1, 0), cmyk(0, 1, 1, 0), cmyk(0, 0, 0, 0.75), cmyk(0, 0, 0, 0.5), cmyk(0, 0, 0, 0.25)];
    // Left-aligned with the items, clear of the registration target at the centre.
    const x0 = bounds ? Math.max(4 * MM, bounds.x) : 4 * MM;
    if (free({ x: x0, y, w: patches.length * size, h: size })) patches.forEach((c, i) => page.drawRectangle({ x: x0 + i * size, y, width: size, height: size, color: c }));
  }
  if (marks.slug && font) {
    const sideLabel = side.side === 'both' ? 'front and back' : side.side;
    const parts = [marks.slug.jobName, `Sheet ${side.sheet} of ${total}`, sideLabel, ...(side.signature !== undefined ? [`Signature ${side.signature}`] : []), marks.slug.date];
    const text = parts.join('  ·  ');
    const sizePt = 7;
    const bounds = union(content);
    const bottom = bounds ? bounds.y : 0;
    const y = Math.max(2, bottom / 2 - sizePt / 3);
    const width = font.widthOfTextAtSize(text, sizePt);
    const x = Math.max(4 * MM, (W - width) / 2);
    if (free({ x, y: y - 2, w: width, h: sizePt + 2 })) page.drawText(text, { x, y, size: sizePt, font, color: REGISTRATION });
  }
}

function inside(s: Segment, q: Rect): boolean {
  return Math.min(s.x1, s.x2) >= q.x && Math.max(s.x1, s.x2) <= q.x + q.w && Math.min(s.y1, s.y2) >= q.y && Math.max(s.y1, s.y2) <= q.y + q.h;
}

function overlapsRect(a: Rect, b: Rect): boolean {
  return a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
}

function union(rs: Rect[]): Rect | null {
  if (rs.length === 0) return null;
  // a loop, not Math.min(...rs): a side holds thousands of rectangles
  let [x0, y0, x1, y1] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const q of rs) {
    x0 = Math.min(x0, q.x);
    y0 = Math.min(y0, q.y);
    x1 = Math.max(x1, q.x + q.w);
    y1 = Math.max(y1, q.y + q.h);
  }
  return { x: x0, y: y0, w: x1 - x0, h: y1 - y0 };
}
