/**
 * Imposition engine: source PDF pages onto press sheets (n-up grids, step and repeat, cut and
 * stack, work and turn / tumble, sheetwise, booklets) and nested placements onto gang sheets.
 * Pure: PDF bytes and options in, PDF bytes and the plan out; no HTTP, no SQL.
 */
import { PDFDocument } from 'pdf-lib';
import type { NestResult } from '../nesting/index.js';
import type { Rect } from './geometry.js';
import { planBooklet, type BookletOptions } from './booklet.js';
import { ImpositionError, planImposition, type ImposeOptions, type Plan, type PlannedSide, type SourceInfo } from './plan.js';
import { describeSource, drawPlan, sourcePages, type DrawOptions, type SourcePage } from './render.js';

export * from './geometry.js';
export * from './plan.js';
export * from './booklet.js';
export { describeSource, drawPlan, embedPagesOnce, sourcePages } from './render.js';
export type { DrawOptions, MarkOptions, SourcePage } from './render.js';

export interface ImposeResult {
  pdf: Uint8Array;
  plan: Plan;
  source: SourceInfo;
}

export async function loadSource(bytes: Uint8Array): Promise<{ doc: PDFDocument; pages: SourcePage[] }> {
  let doc: PDFDocument;
  try {
    doc = await PDFDocument.load(bytes, { updateMetadata: false });
  } catch (err) {
    throw new ImpositionError('invalid_source', `the source is not a readable PDF: ${(err as Error).message}`);
  }
  return { doc, pages: sourcePages(doc) };
}

/** Imposes every page of the source (flat layouts). */
export async function impose(source: Uint8Array, opts: ImposeOptions | ((src: SourceInfo) => ImposeOptions), draw: DrawOptions): Promise<ImposeResult> {
  const { doc, pages } = await loadSource(source);
  const info = describeSource(pages);
  const plan = planImposition(info, typeof opts === 'function' ? opts(info) : opts);
  return { pdf: await drawPlan(doc, pages, plan, draw), plan, source: info };
}

/** Imposes the source as a booklet (saddle stitch or perfect-bound signatures). */
export async function imposeBooklet(source: Uint8Array, opts: BookletOptions | ((src: SourceInfo) => BookletOptions), draw: DrawOptions): Promise<ImposeResult> {
  const { doc, pages } = await loadSource(source);
  const info = describeSource(pages);
  const plan = planBooklet(info, typeof opts === 'function' ? opts(info) : opts);
  return { pdf: await drawPlan(doc, pages, plan, draw), plan, source: info };
}

export interface GangLayout {
  /** usable width and the margins around it (pt) */
  margins: { top: number; right: number; bottom: number; left: number };
  /** the source page each nested item id prints */
  pageOf: Record<string, number>;
}

/**
 * Gang sheets: the nest's placements (measured from the usable area's top-left, y down, in
 * points) drawn from the source's pages, each page's trim only (a transfer has no bleed).
 * Every sheet (or roll piece) gets its own page sized to it plus the margins.
 */
export async function drawGang(source: Uint8Array, nested: NestResult, layout: GangLayout, draw: DrawOptions): Promise<{ pdf: Uint8Array; plan: Plan }> {
  const { doc, pages } = await loadSource(source);
  const m = layout.margins;
  const sides: PlannedSide[] = nested.sheets.map((s, i) => ({ sheet: i + 1, side: 'front' as const, items: [], cropRects: [], folds: [], size: { width: s.width + m.left + m.right, height: s.height + m.top + m.bottom } }));
  for (const p of nested.placements) {
    const side = sides[p.sheet]!;
    const page = layout.pageOf[p.id];
    if (page === undefined || !pages[page]) throw new ImpositionError('invalid_source', `no source page for item ${p.id}`);
    const trim: Rect = { x: m.left + p.x, y: side.size!.height - m.top - p.y - p.height, w: p.width, h: p.height };
    side.items.push({ page, trim, rotation: p.rotated ? 90 : 0, clip: trim });
    side.cropRects.push(trim);
  }
  const plan: Plan = { sheet: sides[0]?.size ?? { width: 0, height: 0 }, sides, sheets: sides.length, grid: null, perSheet: 0, blanks: 0 };
  return { pdf: await drawPlan(doc, pages, plan, draw), plan };
}
