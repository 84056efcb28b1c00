/**
 * Imposition planning: pure geometry. Given the source's trim size and bleed, a press sheet
 * and the layout options, decides where every source page lands on every sheet side
 * (points, lower-left origin), how it is turned and what of its bleed shows. `render.ts`
 * draws a plan; tests check plans without a PDF in sight.
 */
import { rot, type Edges, type Rect, type Rotation } from './geometry.js';

export class ImpositionError extends Error {
  constructor(
    readonly code: 'sheet_too_small' | 'mixed_page_sizes' | 'invalid_source' | 'invalid_options' | 'too_many_sheets' | 'too_many_slots' | 'item_too_small',
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ImpositionError';
  }
}

export type Sides = 'simplex' | 'sheetwise' | 'work_and_turn' | 'work_and_tumble';
export type Order = 'step_and_repeat' | 'cut_and_stack' | 'sequential';
export type BleedMode = 'keep' | 'trim';

export interface SourceInfo {
  pages: number;
  /** trim size of every page (pt) */
  trim: { w: number; h: number };
  /** bleed every page has on every side (pt; the smallest found) */
  bleed: number;
}

export interface SheetSpec {
  width: number;
  height: number;
  /** `auto` tries the sheet both ways round and keeps the better fit */
  orientation: 'portrait' | 'landscape' | 'auto';
}

export interface GridOptions {
  sheet: SheetSpec;
  margins: Edges;
  /** space between neighbouring trims (pt), across and down */
  gutter: { x: number; y: number };
  layout: 'auto' | { rows: number; cols: number };
  /** items may be turned 90° to fit more */
  rotate: boolean;
  sides: Sides;
  bleed: BleedMode;
}

export interface ImposeOptions extends GridOptions {
  order: Order;
  /** step and repeat: copies of each item wanted (default: one sheet's worth); cut and stack / sequential: sets */
  copies?: number;
}

export interface PlacedItem {
  /** 0-based source page, or null for a blank slot */
  page: number | null;
  /** where the page's trim lands on the sheet */
  trim: Rect;
  rotation: Rotation;
  /** what is drawn: the trim plus the bleed that is kept */
  clip: Rect;
  /** creep: the page's content moved by this much (pt) */
  shift?: { x: number; y: number };
}

export interface PlannedSide {
  /** 1-based press sheet */
  sheet: number;
  /** `both`: a work-and-turn / work-and-tumble plate printed on both sides */
  side: 'front' | 'back' | 'both';
  items: PlacedItem[];
  /** rectangles that get crop marks (items, or a booklet's spread) */
  cropRects: Rect[];
  /** x of fold lines (booklets: the spine) */
  folds: number[];
  /** booklet section (perfect binding) */
  signature?: number;
  /** this side's own size (a gang-sheet roll piece); omitted: the plan's sheet */
  size?: { width: number; height: number };
}

export interface Grid {
  sheet: { width: number; height: number };
  rows: number;
  cols: number;
  rotated: boolean;
  /** trim rectangles in reading order (top row first, left to right) */
  cells: Rect[];
  /** what each cell draws */
  clips: Rect[];
}

export interface Plan {
  sheet: { width: number; height: number };
  sides: PlannedSide[];
  sheets: number;
  grid: Grid | null;
  /** items placed on each sheet (work and turn/tumble: distinct items, half the cells) */
  perSheet: number;
  blanks: number;
}

const EPS = 1e-6;

/** Sheets one imposition may print (a file of 10,000 pages at most, two sides a sheet). */
export const MAX_SHEETS = 5000;
/**
 * Items on one sheet side (slots, blank or not). A sheet side is one page of the file with an
 * object per slot: 5,000 is 10 mm labels on a 13 × 19 in sheet several times over. Checked
 * from the grid's dimensions, before a slot exists.
 */
export const MAX_SLOTS_PER_SHEET = 5000;
/** Slots of a whole imposition, every side of every sheet together (each is drawn and reported). */
export const MAX_SLOTS_PER_JOB = 100_000;
/** The smallest item (trim width and height) an imposition places, in mm. */
export const MIN_ITEM_MM = 5;
const MIN_ITEM_PT = (MIN_ITEM_MM * 72) / 25.4;

/** 422-worthy when a page is smaller than MIN_ITEM_MM either way. */
export function checkItemSize(trim: { w: number; h: number }): void {
  if (trim.w + EPS < MIN_ITEM_PT || trim.h + EPS < MIN_ITEM_PT) {
    throw new ImpositionError('item_too_small', `an imposed item is at least ${MIN_ITEM_MM} × ${MIN_ITEM_MM} mm; these pages are ${mmText(trim.w)} × ${mmText(trim.h)} mm`, { min_item_mm: MIN_ITEM_MM, item_mm: [mmOf(trim.w), mmOf(trim.h)] });
  }
}

const mmOf = (pt: number): number => Math.round((pt * 25.4 * 1000) / 72) / 1000;
const mmText = (pt: number): string => String(Math.round(mmOf(pt) * 10) / 10);

function countFit(avail: number, size: number, gap: number): number {
  return avail + EPS < size ? 0 : Math.floor((avail + gap + EPS) / (size + gap));
}

interface GridSize {
  W: number;
  H: number;
  rows: number;
  cols: number;
  rotated: boolean;
  iw: number;
  ih: number;
  availW: number;
  availH: number;
}

/**
 * The best grid's dimensions (no cells yet), or the given rows × cols: 422-worthy errors when
 * nothing fits or the grid has more than MAX_SLOTS_PER_SHEET slots. Arithmetic only, so a
 * request can ask it of any sheet and item.
 */
export function sizeGrid(item: { w: number; h: number }, o: GridOptions): GridSize {
  if (o.layout !== 'auto' && o.sides === 'work_and_turn' && o.layout.cols % 2) throw new ImpositionError('invalid_options', `work and turn needs an even number of columns (fronts on the left half, backs on the right); got ${o.layout.cols}`);
  if (o.layout !== 'auto' && o.sides === 'work_and_tumble' && o.layout.rows % 2) throw new ImpositionError('invalid_options', `work and tumble needs an even number of rows (fronts on the top half, backs on the bottom); got ${o.layout.rows}`);
  checkItemSize(item);
  const sheets = o.sheet.orientation === 'auto' ? [false, true] : [o.sheet.orientation === 'landscape' !== o.sheet.width > o.sheet.height];
  const turns = o.rotate ? [false, true] : [false];
  let best: GridSize | null = null;
  let bestCount = -1;
  for (const flipSheet of sheets) {
    const W = flipSheet ? o.sheet.height : o.sheet.width;
    const H = flipSheet ? o.sheet.width : o.sheet.height;
    for (const rotated of turns) {
      const iw = rotated ? item.h : item.w;
      const ih = rotated ? item.w : item.h;
      // Work and turn mirrors across the sheet's vertical centre line, work and tumble across the horizontal one.
      const availW = o.sides === 'work_and_turn' ? W - 2 * Math.max(o.margins.left, o.margins.right) : W - o.margins.left - o.margins.right;
      const availH = o.sides === 'work_and_tumble' ? H - 2 * Math.max(o.margins.top, o.margins.bottom) : H - o.margins.top - o.margins.bottom;
      let cols = countFit(availW, iw, o.gutter.x);
      let rows = countFit(availH, ih, o.gutter.y);
      if (o.layout !== 'auto') {
        if (o.layout.cols > cols || o.layout.rows > rows) continue;
        cols = o.layout.cols;
        rows = o.layout.rows;
      }
      if (o.sides === 'work_and_turn') cols -= cols % 2;
      if (o.sides === 'work_and_tumble') rows -= rows % 2;
      const count = rows * cols;
      if (count <= 0 || count <= bestCount) continue;
      bestCount = count;
      best = { W, H, rows, cols, rotated, iw, ih, availW, availH };
    }
  }
  if (!best) {
    const need = o.layout === 'auto' ? 'one item' : `${o.layout.rows} × ${o.layout.cols} items`;
    throw new ImpositionError('sheet_too_small', `the sheet is too small for ${need}${o.sides === 'work_and_turn' || o.sides === 'work_and_tumble' ? ` with its back (${o.sides.replaceAll('_', ' ')} needs an even number of ${o.sides === 'work_and_turn' ? 'columns' : 'rows'})` : ''} inside the margins`, {
      item_pt: [item.w, item.h],
      sheet_pt: [o.sheet.width, o.sheet.height],
    });
  }
  if (bestCount > MAX_SLOTS_PER_SHEET) {
    throw new ImpositionError('too_many_slots', `this layout puts ${bestCount} items on a sheet; an imposition places at most ${MAX_SLOTS_PER_SHEET} a sheet (give a layout of rows × cols, or larger margins or gutter)`, {
      slots_per_sheet: bestCount,
      max_slots_per_sheet: MAX_SLOTS_PER_SHEET,
    });
  }
  return best;
}

/** The best grid of items on the sheet, or the given rows × cols; 422-worthy error when nothing fits or it holds too many. */
export function fitGrid(item: { w: number; h: number }, bleed: number, o: GridOptions): Grid {
  const { W, H, rows, cols, rotated, iw, ih, availW, availH } = sizeGrid(item, o);
  const blockW = cols * iw + (cols - 1) * o.gutter.x;
  const blockH = rows * ih + (rows - 1) * o.gutter.y;
  const x0 = o.sides === 'work_and_turn' ? (W - blockW) / 2 : o.margins.left + (availW - blockW) / 2;
  const y0 = o.sides === 'work_and_tumble' ? (H - blockH) / 2 : o.margins.bottom + (availH - blockH) / 2;
  const cells: Rect[] = [];
  for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) cells.push({ x: x0 + c * (iw + o.gutter.x), y: y0 + (rows - 1 - r) * (ih + o.gutter.y), w: iw, h: ih });
  return { sheet: { width: W, height: H }, rows, cols, rotated, cells, clips: cells.map((cell, i) => clipOf(cell, i, rows, cols, bleed, o, W, H)) };
}

/** The trim plus the bleed kept: half the gutter towards a neighbour, up to the sheet edge outside. */
function clipOf(cell: Rect, i: number, rows: number, cols: number, bleed: number, o: GridOptions, W: number, H: number): Rect {
  if (o.bleed === 'trim' || bleed <= 0) return { ...cell };
  const r = Math.floor(i / cols);
  const c = i % cols;
  const left = c > 0 ? Math.min(bleed, o.gutter.x / 2) : Math.min(bleed, cell.x);
  const right = c < cols - 1 ? Math.min(bleed, o.gutter.x / 2) : Math.min(bleed, W - cell.x - cell.w);
  const top = r > 0 ? Math.min(bleed, o.gutter.y / 2) : Math.min(bleed, H - cell.y - cell.h);
  const bottom = r < rows - 1 ? Math.min(bleed, o.gutter.y / 2) : Math.min(bleed, cell.y);
  return { x: cell.x - left, y: cell.y - bottom, w: cell.w + left + right, h: cell.h + top + bottom };
}

const mirrorX = (r: Rect, W: number): Rect => ({ x: W - r.x - r.w, y: r.y, w: r.w, h: r.h });
const mirrorY = (r: Rect, H: number): Rect => ({ x: r.x, y: H - r.y - r.h, w: r.w, h: r.h });

/**
 * Backs are read book-style (the item turned over its own vertical edge). A sheet turned
 * over its vertical edge turns an upright item that way (no extra rotation) but a 90°-turned
 * item head over foot (180° more); tumbling the sheet does the opposite.
 */
function backRotation(front: Rotation, turn: 'turn' | 'tumble'): Rotation {
  const sideways = front === 90 || front === 270;
  return rot(front + ((turn === 'turn') === sideways ? 180 : 0));
}

export interface ImpositionSize {
  /** items on each sheet (the front half of a work-and-turn / tumble plate) */
  perSheet: number;
  sheets: number;
  /** slots drawn over every side of every sheet */
  slots: number;
}

/**
 * What a flat imposition would print, by arithmetic alone: 422-worthy errors for an item
 * under MIN_ITEM_MM, a sheet too small, more than MAX_SLOTS_PER_SHEET slots a sheet, more than
 * MAX_SHEETS sheets or MAX_SLOTS_PER_JOB slots. The request asks this before any work;
 * planImposition asks it again before it builds anything.
 */
export function sizeImposition(src: SourceInfo, o: ImposeOptions): ImpositionSize {
  if (src.pages < 1) throw new ImpositionError('invalid_source', 'the source has no pages');
  const g = sizeGrid(src.trim, o);
  const cells = g.rows * g.cols;
  const paired = o.sides === 'work_and_turn' || o.sides === 'work_and_tumble';
  const K = paired ? cells / 2 : cells;
  const duplex = o.sides !== 'simplex';
  const items = duplex ? Math.ceil(src.pages / 2) : src.pages;
  const sheets = o.order === 'step_and_repeat' ? items * Math.max(1, Math.ceil((o.copies ?? K) / K)) : Math.ceil((items * (o.copies ?? 1)) / K);
  if (sheets > MAX_SHEETS) throw new ImpositionError('too_many_sheets', `this would print ${sheets} sheets; one imposition prints at most ${MAX_SHEETS}`, { sheets, per_sheet: K });
  // every cell of a side is drawn (blank or not); sheetwise has two sides a sheet
  const slots = sheets * cells * (o.sides === 'sheetwise' ? 2 : 1);
  if (slots > MAX_SLOTS_PER_JOB) {
    throw new ImpositionError('too_many_slots', `this would place ${slots} items (${sheets} sheets of ${K}); one imposition places at most ${MAX_SLOTS_PER_JOB}`, { slots, max_slots: MAX_SLOTS_PER_JOB, sheets, per_sheet: K });
  }
  return { perSheet: K, sheets, slots };
}

/** Every sheet side of a flat (non-booklet) imposition. */
export function planImposition(src: SourceInfo, o: ImposeOptions): Plan {
  sizeImposition(src, o);
  const grid = fitGrid(src.trim, src.bleed, o);
  const duplex = o.sides !== 'simplex';
  const paired = o.sides === 'work_and_turn' || o.sides === 'work_and_tumble';
  const W = grid.sheet.width;
  const H = grid.sheet.height;
  // Front slots: every cell, or the half a work-and-turn (left) / work-and-tumble (top) plate gives the fronts.
  const slots: number[] = [];
  grid.cells.forEach((_, i) => {
    const c = i % grid.cols;
    const r = Math.floor(i / grid.cols);
    if (o.sides === 'work_and_turn' && c >= grid.cols / 2) return;
    if (o.sides === 'work_and_tumble' && r >= grid.rows / 2) return;
    slots.push(i);
  });
  const K = slots.length;
  const items = duplex ? Math.ceil(src.pages / 2) : src.pages;
  const front = (item: number): number | null => (duplex ? 2 * item : item);
  const back = (item: number): number | null => (2 * item + 1 < src.pages ? 2 * item + 1 : null);
  // Which item each slot of each sheet holds (null: blank).
  const sheets: Array<Array<number | null>> = [];
  if (o.order === 'step_and_repeat') {
    const copies = o.copies ?? K;
    for (let it = 0; it < items; it++) {
      const n = Math.max(1, Math.ceil(copies / K));
      for (let s = 0; s < n; s++) sheets.push(Array.from({ length: K }, () => it));
    }
  } else {
    const sets = o.copies ?? 1;
    const seq: number[] = [];
    for (let s = 0; s < sets; s++) for (let it = 0; it < items; it++) seq.push(it);
    const S = Math.ceil(seq.length / K);
    for (let s = 0; s < S; s++) {
      // Cut and stack: slot k's stack holds a run of S consecutive items, so cutting and piling the stacks keeps the order.
      sheets.push(Array.from({ length: K }, (_, k) => seq[o.order === 'cut_and_stack' ? k * S + s : s * K + k] ?? null));
    }
  }

  const sides: PlannedSide[] = [];
  let blanks = 0;
  const place = (cell: number, page: number | null, rotation: Rotation, mirror?: 'x' | 'y'): PlacedItem => {
    let trim = grid.cells[cell]!;
    let clip = grid.clips[cell]!;
    if (mirror === 'x') [trim, clip] = [mirrorX(trim, W), mirrorX(clip, W)];
    if (mirror === 'y') [trim, clip] = [mirrorY(trim, H), mirrorY(clip, H)];
    return { page, trim, rotation, clip };
  };
  const r0: Rotation = grid.rotated ? 90 : 0;
  sheets.forEach((slotItems, s) => {
    const fronts = slots.map((cell, k) => {
      const it = slotItems[k];
      if (it === null || it === undefined) blanks++;
      return place(cell, it === null || it === undefined ? null : front(it), r0);
    });
    if (!duplex) {
      sides.push({ sheet: s + 1, side: 'front', items: fronts, cropRects: fronts.map((f) => f.trim), folds: [] });
      return;
    }
    const turn = o.sides === 'work_and_tumble' ? 'tumble' : 'turn';
    const backs = slots.map((cell, k) => {
      const it = slotItems[k];
      return place(cell, it === null || it === undefined ? null : back(it), backRotation(r0, turn), turn === 'turn' ? 'x' : 'y');
    });
    if (paired) {
      const all = fronts.concat(backs);
      sides.push({ sheet: s + 1, side: 'both', items: all, cropRects: all.map((f) => f.trim), folds: [] });
    } else {
      sides.push({ sheet: s + 1, side: 'front', items: fronts, cropRects: fronts.map((f) => f.trim), folds: [] });
      sides.push({ sheet: s + 1, side: 'back', items: backs, cropRects: backs.map((f) => f.trim), folds: [] });
    }
  });
  return { sheet: grid.sheet, sides, sheets: sheets.length, grid, perSheet: K, blanks };
}
