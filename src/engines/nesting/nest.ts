import { MaxRectsBin, type Heuristic, type Rect } from './maxrects.js';

/** One artwork and how many copies to nest; sizes in the caller's unit. */
export interface NestItem {
  id: string;
  width: number;
  height: number;
  quantity: number;
}

export interface NestOptions {
  /** usable width of the sheet or roll */
  width: number;
  /** usable height of a sheet; omitted: a roll (unbounded, cut where the last item ends) */
  height?: number;
  /** a roll is cut into pieces of at most this length (PDF pages have a size limit) */
  maxLength?: number;
  /** gap kept between neighbouring items (not at the edges) */
  spacing: number;
  /** items may be turned 90° */
  rotate: boolean;
}

export interface NestPlacement {
  id: string;
  /** 0-based copy of the item */
  copy: number;
  /** 0-based sheet (or roll piece) */
  sheet: number;
  /** corner of the item as placed, measured from the usable area's top-left corner: x across, y down (along the roll) */
  x: number;
  y: number;
  /** size as placed (width and height swapped when rotated) */
  width: number;
  height: number;
  rotated: boolean;
}

export interface NestResult {
  placements: NestPlacement[];
  /** each sheet's usable size; a roll piece is as long as its last item reaches */
  sheets: Array<{ width: number; height: number }>;
  /** roll: total length of the pieces; sheets: whole sheets before the last plus the used height of the last */
  lengthUsed: number;
  /** printed area over the area used: roll width × length used, or sheet area × sheets */
  utilisation: number;
  itemArea: number;
  /** which ordering and placement rule won (for the report) */
  strategy: string;
}

export class NestingError extends Error {
  readonly code = 'item_too_large';
  constructor(
    message: string,
    readonly items: string[],
  ) {
    super(message);
    this.name = 'NestingError';
  }
}

interface Instance {
  id: string;
  copy: number;
  w: number;
  h: number;
}

type Sort = 'area' | 'long_side' | 'height' | 'perimeter';
const SORTS: Record<Sort, (a: Instance, b: Instance) => number> = {
  area: (a, b) => b.w * b.h - a.w * a.h || Math.max(b.w, b.h) - Math.max(a.w, a.h),
  long_side: (a, b) => Math.max(b.w, b.h) - Math.max(a.w, a.h) || b.w * b.h - a.w * a.h,
  height: (a, b) => b.h - a.h || b.w - a.w,
  perimeter: (a, b) => b.w + b.h - (a.w + a.h),
};

/** Items wider than the roll, or larger than the sheet both ways, with the reason. */
export function checkFits(items: NestItem[], opts: NestOptions): string[] {
  const bad: string[] = [];
  const H = opts.height ?? opts.maxLength ?? Infinity;
  for (const it of items) {
    const fits = (it.width <= opts.width + 1e-9 && it.height <= H + 1e-9) || (opts.rotate && it.height <= opts.width + 1e-9 && it.width <= H + 1e-9);
    if (!fits) bad.push(it.id);
  }
  return bad;
}

/**
 * Nests every copy of every item onto as few sheets (or as short a roll) as the search finds:
 * MaxRects with up to four placement rules × four orderings, keeping the best layout.
 */
export function nest(items: NestItem[], opts: NestOptions): NestResult {
  validate(items, opts);
  const instances = expand(items);
  let best: NestResult | null = null;
  for (const [h, sort] of strategies(instances.length, opts.height === undefined)) {
    const r = packMaxRects([...instances].sort(SORTS[sort]), opts, h, `maxrects/${h}/${sort}`);
    if (!best || better(r, best)) best = r;
  }
  return best!;
}

/**
 * Placement rule × ordering pairs to try, the usual winners first. One packing costs about
 * n² (every copy scans the free rectangles), so large jobs try fewer: all 16 up to 400
 * copies, 4 up to 1,500, then 2 (5,000 copies nest in a few seconds).
 */
function strategies(n: number, roll: boolean): Array<[Heuristic, Sort]> {
  const rules: Heuristic[] = roll ? ['bottom_left', 'contact_point', 'best_short_side', 'best_area'] : ['best_short_side', 'bottom_left', 'contact_point', 'best_area'];
  const sorts: Sort[] = ['area', 'long_side', 'height', 'perimeter'];
  const all: Array<[Heuristic, Sort]> = [];
  for (const sort of sorts) for (const h of rules) all.push([h, sort]);
  // Round-robin so the first few pairs differ in both rule and ordering.
  all.sort((a, b) => rules.indexOf(a[0]) + sorts.indexOf(a[1]) - (rules.indexOf(b[0]) + sorts.indexOf(b[1])));
  const k = n <= 400 ? all.length : n <= 1500 ? 4 : 2;
  return all.slice(0, k);
}

function better(a: NestResult, b: NestResult): boolean {
  if (a.sheets.length !== b.sheets.length) return a.sheets.length < b.sheets.length;
  return a.lengthUsed < b.lengthUsed - 1e-9;
}

function validate(items: NestItem[], opts: NestOptions): void {
  if (!(opts.width > 0) || (opts.height !== undefined && !(opts.height > 0)) || !(opts.spacing >= 0)) throw new RangeError('width and height must be positive, spacing not negative');
  for (const it of items) {
    if (!(it.width > 0 && it.height > 0) || !Number.isInteger(it.quantity) || it.quantity < 1) throw new RangeError(`item ${it.id}: positive size and an integer quantity ≥ 1`);
  }
  const bad = checkFits(items, opts);
  if (bad.length) throw new NestingError(`${bad.length === 1 ? 'an item does' : `${bad.length} items do`} not fit the ${opts.height === undefined ? 'roll width' : 'sheet'}${opts.rotate ? ' even rotated' : ''}: ${bad.join(', ')}`, bad);
}

function expand(items: NestItem[]): Instance[] {
  const out: Instance[] = [];
  for (const it of items) for (let c = 0; c < it.quantity; c++) out.push({ id: it.id, copy: c, w: it.width, h: it.height });
  return out;
}

function binHeight(opts: NestOptions, instances: Instance[]): number {
  if (opts.height !== undefined) return opts.height;
  if (opts.maxLength !== undefined) return opts.maxLength;
  // An open roll: taller than everything stacked, so one piece takes all.
  return instances.reduce((s, i) => s + Math.max(i.w, i.h) + opts.spacing, 0) + 1;
}

function packMaxRects(instances: Instance[], opts: NestOptions, heuristic: Heuristic, strategy: string): NestResult {
  const s = opts.spacing;
  const H = binHeight(opts, instances);
  const bins: MaxRectsBin[] = [];
  const placements: NestPlacement[] = [];
  for (const inst of instances) {
    let done = false;
    for (let b = 0; b < bins.length && !done; b++) done = tryPlace(bins[b]!, b, inst, opts, heuristic, placements);
    if (!done) {
      bins.push(new MaxRectsBin(opts.width + s, H + s));
      if (!tryPlace(bins[bins.length - 1]!, bins.length - 1, inst, opts, heuristic, placements)) throw new NestingError(`item ${inst.id} does not fit`, [inst.id]);
    }
  }
  return summarise(placements, bins.map((b) => b.usedHeight), opts, strategy);
}

function tryPlace(bin: MaxRectsBin, index: number, inst: Instance, opts: NestOptions, heuristic: Heuristic, out: NestPlacement[]): boolean {
  const s = opts.spacing;
  const found = bin.find(inst.w + s, inst.h + s, opts.rotate, heuristic);
  if (!found) return false;
  bin.place(found.rect);
  const w = found.rect.w - s;
  const h = found.rect.h - s;
  bin.usedHeight = Math.max(bin.usedHeight, found.rect.y + h);
  bin.usedArea += w * h;
  out.push({ id: inst.id, copy: inst.copy, sheet: index, x: found.rect.x, y: found.rect.y, width: w, height: h, rotated: found.rotated });
  return true;
}

function summarise(placements: NestPlacement[], usedHeights: number[], opts: NestOptions, strategy: string): NestResult {
  const itemArea = placements.reduce((a, p) => a + p.width * p.height, 0);
  const roll = opts.height === undefined;
  const sheets = usedHeights.map((u) => ({ width: opts.width, height: roll ? u : opts.height! }));
  const lengthUsed = roll ? usedHeights.reduce((a, u) => a + u, 0) : (usedHeights.length - 1) * opts.height! + (usedHeights[usedHeights.length - 1] ?? 0);
  const usedArea = roll ? opts.width * lengthUsed : opts.width * opts.height! * usedHeights.length;
  return { placements, sheets, lengthUsed, utilisation: usedArea > 0 ? itemArea / usedArea : 0, itemArea, strategy };
}

/**
 * The baseline a gang sheet is measured against: a shelf packer (tallest first, each item
 * turned landscape when rotation is allowed, filled left to right in rows).
 */
export function shelfPack(items: NestItem[], opts: NestOptions): NestResult {
  validate(items, opts);
  const s = opts.spacing;
  const instances = expand(items).map((i) => (opts.rotate && i.h > i.w && i.h <= opts.width ? { ...i, w: i.h, h: i.w, r: true } : { ...i, r: false }));
  instances.sort((a, b) => b.h - a.h || b.w - a.w);
  const H = binHeight(opts, instances);
  const placements: NestPlacement[] = [];
  const used: number[] = [0];
  let x = 0;
  let shelfY = 0;
  let shelfH = 0;
  for (const i of instances) {
    if (x > 0 && x + i.w > opts.width + 1e-9) {
      shelfY += shelfH + s;
      x = 0;
      shelfH = 0;
    }
    if (shelfY + i.h > H + 1e-9) {
      used.push(0);
      shelfY = 0;
      x = 0;
      shelfH = 0;
    }
    const sheet = used.length - 1;
    placements.push({ id: i.id, copy: i.copy, sheet, x, y: shelfY, width: i.w, height: i.h, rotated: i.r });
    used[sheet] = Math.max(used[sheet]!, shelfY + i.h);
    x += i.w + s;
    shelfH = Math.max(shelfH, i.h);
  }
  return summarise(placements, used, opts, 'shelf');
}

/** True when no two placements on a sheet come closer than `spacing` and all lie inside it (tests, sanity). */
export function overlaps(placements: NestPlacement[], spacing: number): Array<[NestPlacement, NestPlacement]> {
  const bad: Array<[NestPlacement, NestPlacement]> = [];
  const grown = (p: NestPlacement): Rect => ({ x: p.x, y: p.y, w: p.width + spacing, h: p.height + spacing });
  for (let i = 0; i < placements.length; i++) {
    for (let j = i + 1; j < placements.length; j++) {
      const a = placements[i]!;
      const b = placements[j]!;
      if (a.sheet !== b.sheet) continue;
      const ra = grown(a);
      const rb = grown(b);
      if (ra.x < rb.x + rb.w - 1e-6 && rb.x < ra.x + ra.w - 1e-6 && ra.y < rb.y + rb.h - 1e-6 && rb.y < ra.y + ra.h - 1e-6) bad.push([a, b]);
    }
  }
  return bad;
}
