/**
 * Printer's marks on an imposed sheet side, written as content-stream text: crop marks, fold
 * marks at a booklet's spine, registration targets and the slug line in the registration
 * colour (/Separation /All, on every plate: process, spot, White and CutContour alike), and a
 * colour bar in process colours (it shows each ink on its own).
 */
import { PDFDict, PDFName, type PDFDocument, type PDFFont, type PDFPage } from 'pdf-lib';
import { REGISTRATION_INK, separationRef } from '../pdf/spot.js';
import type { Rect } from './geometry.js';
import type { Plan, PlannedSide } from './plan.js';

export interface MarkOptions {
  /** crop marks at every item's trim corners (outside any item); fold marks at a booklet's spine */
  cropMarks: boolean;
  /** registration targets in the middle of each margin */
  registrationMarks: boolean;
  /** CMYK and tint patches along the top margin */
  colorBar: boolean;
  /** job name, sheet n of m, side and date along the bottom margin; null: none */
  slug: { jobName: string; date: string } | null;
  /**
   * A small label beside each slot, by 0-based source page (a production batch: the order's
   * code and line): below the slot's printed area, or above it, wherever it covers no item and
   * no other mark; a slot with no room gets none. Absent or null: no labels.
   */
  labels?: ReadonlyArray<string | null> | null;
}

const MM = 72 / 25.4;
/** Crop and fold marks are hairlines (0.25 pt). */
export const CROP_MARK_WIDTH = 0.25;
/** Page resource name of the registration colour space. */
const REG = 'Reg';
const STROKE_REG = `/${REG} CS 1 SCN`;
const FILL_REG = `/${REG} cs 1 scn`;
/** Page resource name of the slug line's font. */
const SLUG_FONT = 'FSlug';

const r = (v: number) => Math.round(v * 1e4) / 1e4;

/**
 * Appends the side's marks to its content lines (after the placements, so they print over
 * nothing: each goes only where it covers no item) and declares what they use on the page.
 */
export function drawSideMarks(doc: PDFDocument, page: PDFPage, side: PlannedSide, plan: Plan, marks: MarkOptions, font: PDFFont | null, total: number, out: string[]): void {
  const before = out.length;
  if (marks.cropMarks) cropMarkLines(side, plan, out);
  otherMarkLines(side, plan, marks, font, total, out);
  if (out.length === before) return;
  const res = page.node.normalizedEntries().Resources;
  let spaces = res.lookupMaybe(PDFName.of('ColorSpace'), PDFDict);
  if (!spaces) res.set(PDFName.of('ColorSpace'), (spaces = doc.context.obj({})));
  spaces.set(PDFName.of(REG), separationRef(doc, REGISTRATION_INK));
  if (font && (marks.slug || marks.labels)) page.node.setFontDictionary(PDFName.of(SLUG_FONT), font.ref);
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

/**
 * Crop marks of a side, and fold marks at each fold (a booklet's spine), as one hairline path
 * in the registration colour. Both start clear of the printed area: past the bleed kept (1 mm
 * beyond it) and at least 2 mm off the trim; a mark that would print on any item is left out.
 */
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
  side.cropRects.forEach((t, ci) => {
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
    // A fold (the spine of a booklet's spread) is marked above and below the first crop rectangle, as far out as its crop marks.
    if (ci === 0) for (const x of side.folds) segs.push({ x1: x, y1: t.y - off, x2: x, y2: t.y - off - len }, { x1: x, y1: t.y + t.h + off, x2: x, y2: t.y + t.h + off + len });
  });
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
  out.push('q', STROKE_REG, `${CROP_MARK_WIDTH} w`);
  for (const p of path) out.push(p);
  out.push('S', 'Q');
}

/** Bezier circle constant: a quarter circle as one cubic. */
const KAPPA = 0.5522847498;

/** Registration targets, colour bar and slug line: where they cover no item and no other mark. */
function otherMarkLines(side: PlannedSide, plan: Plan, marks: MarkOptions, font: PDFFont | null, total: number, out: string[]): void {
  const { width: W, height: H } = side.size ?? plan.sheet;
  const content = side.items.map((i) => i.clip);
  const bounds = union(content);
  // Marks never cover an item's printed area, nor each other.
  const taken: Rect[] = [];
  const free = (q: Rect) => q.x >= 0 && q.y >= 0 && q.x + q.w <= W && q.y + q.h <= H && !content.some((c) => overlapsRect(c, q)) && !taken.some((c) => overlapsRect(c, q));
  if (marks.registrationMarks && bounds) {
    const R = 2.5 * MM;
    const k = KAPPA * R;
    const arm = 4 * MM;
    const spots = [
      { x: bounds.x / 2, y: H / 2 },
      { x: (bounds.x + bounds.w + W) / 2, y: H / 2 },
      { x: W / 2, y: (bounds.y + bounds.h + H) / 2 },
    ];
    for (const { x, y } of spots) {
      const area = { x: x - arm, y: y - arm, w: 2 * arm, h: 2 * arm };
      if (!free(area)) continue;
      taken.push(area);
      const P = (dx: number, dy: number) => `${r(x + dx)} ${r(y + dy)}`;
      out.push('q', STROKE_REG, '0.3 w', `${P(R, 0)} m`, `${P(R, k)} ${P(k, R)} ${P(0, R)} c`, `${P(-k, R)} ${P(-R, k)} ${P(-R, 0)} c`, `${P(-R, -k)} ${P(-k, -R)} ${P(0, -R)} c`, `${P(k, -R)} ${P(R, -k)} ${P(R, 0)} c`, 'S');
      out.push(`${P(-arm, 0)} m`, `${P(arm, 0)} l`, `${P(0, -arm)} m`, `${P(0, arm)} l`, 'S', 'Q');
    }
  }
  if (marks.colorBar) {
    const size = 4 * MM;
    const top = bounds ? bounds.y + bounds.h : H;
    const y = top + (H - top - size) / 2;
    const patches = [[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1], [1, 1, 0, 0], [1, 0, 1, 0], [0, 1, 1, 0], [0, 0, 0, 0.75], [0, 0, 0, 0.5], [0, 0, 0, 0.25]];
    // Left-aligned with the items, clear of the registration target at the centre; process inks (DeviceCMYK), not registration.
    const x0 = bounds ? Math.max(4 * MM, bounds.x) : 4 * MM;
    if (free({ x: x0, y, w: patches.length * size, h: size })) {
      out.push('q');
      patches.forEach((c, i) => out.push(`${c.join(' ')} k`, `${r(x0 + i * size)} ${r(y)} ${r(size)} ${r(size)} re`, 'f'));
      out.push('Q');
    }
  }
  if (marks.slug && font) {
    const sideLabel = side.side === 'both' ? 'front and back' : side.side;
    const parts = [marks.slug.jobName, `Sheet ${side.sheet} of ${total}`, sideLabel, ...(side.signature !== undefined ? [`Signature ${side.signature}`] : []), marks.slug.date];
    const text = parts.join('  ·  ');
    const sizePt = 7;
    const bottom = bounds ? bounds.y : 0;
    const y = Math.max(2, bottom / 2 - sizePt / 3);
    const width = font.widthOfTextAtSize(text, sizePt);
    const x = Math.max(4 * MM, (W - width) / 2);
    // encodeText also adds the glyphs to the font's subset (and its ToUnicode map)
    if (free({ x, y: y - 2, w: width, h: sizePt + 2 })) out.push('q', FILL_REG, 'BT', `/${SLUG_FONT} ${sizePt} Tf`, `${r(x)} ${r(y)} Td`, `${font.encodeText(text).toString()} Tj`, 'ET', 'Q');
  }
  if (marks.labels && font) slotLabelLines(side, marks.labels, font, free, taken, out);
}

/** Label text size (pt) and its distance from the slot's printed area. */
const LABEL_PT = 5;
const LABEL_GAP = 0.6 * MM;

/** Each labelled slot's label, centred below its printed area (or above it), in the registration colour. */
function slotLabelLines(side: PlannedSide, labels: ReadonlyArray<string | null>, font: PDFFont, free: (q: Rect) => boolean, taken: Rect[], out: string[]): void {
  for (const it of side.items) {
    const text = it.page === null ? null : labels[it.page];
    if (!text) continue;
    const w = font.widthOfTextAtSize(text, LABEL_PT);
    const c = it.clip;
    const x = c.x + (c.w - w) / 2;
    // the box covers descenders below the baseline and the cap height above it
    const below = { x, y: c.y - LABEL_GAP - LABEL_PT, w, h: LABEL_PT };
    const above = { x, y: c.y + c.h + LABEL_GAP, w, h: LABEL_PT };
    const box = free(below) ? below : free(above) ? above : null;
    if (!box) continue;
    taken.push(box);
    out.push('q', FILL_REG, 'BT', `/${SLUG_FONT} ${LABEL_PT} Tf`, `${r(box.x)} ${r(box.y + 0.25 * LABEL_PT)} Td`, `${font.encodeText(text).toString()} Tj`, 'ET', 'Q');
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
