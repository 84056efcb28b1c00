/**
 * The imposition request's options and report, in the units the API speaks, and their
 * translation to the engine's (points). Pure: the job's sandbox task imports this file alone.
 */
import {
  fromPt,
  ImpositionError,
  planBooklet,
  sizeImposition,
  SHEET_PRESETS,
  toPt,
  type BookletOptions,
  type Edges,
  type ImposeOptions,
  type LengthUnit,
  type Order,
  type PlacedItem,
  type Plan,
  type SheetPreset,
  type Sides,
  type SourceInfo,
} from '../../engines/imposition/index.js';

/** The request with every default filled in: what the job runs and what its view shows. */
export interface ImpositionOptions {
  sheet: { preset: SheetPreset | null; width: number; height: number; unit: LengthUnit; orientation: 'auto' | 'portrait' | 'landscape' };
  layout: 'auto' | { rows: number; cols: number };
  unit: LengthUnit;
  margins: Edges;
  /** null: twice the source's bleed when bleed is kept, else 0 */
  gutter: { x: number; y: number } | null;
  bleed: 'keep' | 'trim';
  rotate: boolean;
  /** null: step_and_repeat for one item, else cut_and_stack */
  order: Order | null;
  copies: number | null;
  sides: Sides;
  marks: { crop: boolean; registration: boolean; color_bar: boolean; slug: boolean };
  booklet: { binding: 'saddle_stitch' | 'perfect_bound'; signature_pages: number; creep: number } | null;
}

export interface ImpositionReportData {
  sheets: number;
  pages: number;
  sheet: { width: number; height: number };
  item: { width: number; height: number; bleed: number };
  layout: { rows: number; cols: number; rotated: boolean } | null;
  per_sheet: number;
  blanks: number;
  source_pages: number;
  /** the order and gutter used (defaults resolved); null for a booklet */
  order: Order | null;
  gutter: { x: number; y: number } | null;
  sides: Array<{ page: number; sheet: number; side: 'front' | 'back' | 'both'; signature?: number; slots: ReportedSlot[] }>;
}

export interface ReportedSlot {
  source_page: number | null;
  /** where the page's trim lands (mm from the sheet's lower-left corner), creep included */
  x: number;
  y: number;
  width: number;
  height: number;
  rotation: number;
  /** booklets: how far creep moved the page towards the spine (mm) */
  creep?: number;
}

/** Engine options (points) for a source; `plan` decides whether it all fits (ImpositionError otherwise). */
export function engineOptions(o: ImpositionOptions, src: SourceInfo): { flat: ImposeOptions } | { booklet: BookletOptions } {
  const sheetUnit = o.sheet.unit;
  const sheet = { width: toPt(o.sheet.width, sheetUnit), height: toPt(o.sheet.height, sheetUnit), orientation: o.sheet.orientation };
  if (Math.max(sheet.width, sheet.height) > 14400) throw new ImpositionError('invalid_options', 'a sheet side is at most 200 in (5080 mm), the PDF page limit');
  const u = (v: number) => toPt(v, o.unit);
  const margins = { top: u(o.margins.top), right: u(o.margins.right), bottom: u(o.margins.bottom), left: u(o.margins.left) };
  if (o.booklet) {
    return { booklet: { sheet, margins, binding: o.booklet.binding, signaturePages: o.booklet.signature_pages, creep: u(o.booklet.creep), bleed: o.bleed } };
  }
  const keptBleed = o.bleed === 'keep' ? src.bleed : 0;
  const gutter = o.gutter ? { x: u(o.gutter.x), y: u(o.gutter.y) } : { x: 2 * keptBleed, y: 2 * keptBleed };
  const items = o.sides === 'simplex' ? src.pages : Math.ceil(src.pages / 2);
  const order = o.order ?? (items === 1 ? 'step_and_repeat' : 'cut_and_stack');
  return { flat: { sheet, margins, gutter, layout: o.layout, rotate: o.rotate, sides: o.sides, bleed: o.bleed, order, ...(o.copies ? { copies: o.copies } : {}) } };
}

/**
 * The request-time check, by arithmetic (no slot is built): an item under the minimum size, a
 * sheet too small, too many slots a sheet or a job, too many sheets, a bad section size.
 */
export function checkPlan(o: ImpositionOptions, src: SourceInfo): void {
  const e = engineOptions(o, src);
  if ('flat' in e) sizeImposition(src, e.flat);
  // a booklet is one spread a side: as many sides as pages, cheap to plan outright
  else planBooklet(src, e.booklet);
}

/** The preset's size, or the custom one. */
export function sheetOf(s: { preset: SheetPreset } | { width: number; height: number; unit: LengthUnit }): { preset: SheetPreset | null; width: number; height: number; unit: LengthUnit } {
  if ('preset' in s) {
    const p = SHEET_PRESETS[s.preset];
    return { preset: s.preset, width: p.width, height: p.height, unit: p.unit };
  }
  return { preset: null, width: s.width, height: s.height, unit: s.unit };
}

const mm = (pt: number) => Math.round(fromPt(pt, 'mm') * 1000) / 1000;
/** The report lists the first sides, and no more slots than this in all (a side holds up to 5,000). */
export const MAX_REPORTED_SIDES = 200;
export const MAX_REPORTED_SLOTS = 10_000;

export function reportOf(plan: Plan, src: SourceInfo, used: ImposeOptions | null): ImpositionReportData {
  return {
    sheets: plan.sheets,
    pages: plan.sides.length,
    sheet: { width: mm(plan.sheet.width), height: mm(plan.sheet.height) },
    item: { width: mm(src.trim.w), height: mm(src.trim.h), bleed: mm(src.bleed) },
    layout: plan.grid ? { rows: plan.grid.rows, cols: plan.grid.cols, rotated: plan.grid.rotated } : null,
    per_sheet: plan.perSheet,
    blanks: plan.blanks,
    source_pages: src.pages,
    order: used ? used.order : null,
    gutter: used ? { x: mm(used.gutter.x), y: mm(used.gutter.y) } : null,
    sides: reportedSides(plan).map((s, i) => ({
      page: i + 1,
      sheet: s.sheet,
      side: s.side,
      ...(s.signature !== undefined ? { signature: s.signature } : {}),
      slots: s.items.map(slotOf),
    })),
  };
}

/** A slot as the file draws it: a booklet page's creep moves its trim (the plan's `trim` is where it lands uncompensated). */
function slotOf(it: PlacedItem): ReportedSlot {
  const dx = it.shift?.x ?? 0;
  const dy = it.shift?.y ?? 0;
  const slot: ReportedSlot = { source_page: it.page === null ? null : it.page + 1, x: mm(it.trim.x + dx), y: mm(it.trim.y + dy), width: mm(it.trim.w), height: mm(it.trim.h), rotation: it.rotation };
  if (it.shift) slot.creep = mm(Math.hypot(dx, dy));
  return slot;
}

/** The first sides, while their slots stay within MAX_REPORTED_SLOTS (the first side always). */
function reportedSides(plan: Plan): Plan['sides'] {
  const out: Plan['sides'] = [];
  let slots = 0;
  for (const side of plan.sides) {
    if (out.length >= MAX_REPORTED_SIDES || (out.length > 0 && slots + side.items.length > MAX_REPORTED_SLOTS)) break;
    out.push(side);
    slots += side.items.length;
  }
  return out;
}
