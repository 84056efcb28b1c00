/**
 * The gang sheet's heavy step, run in a sandbox thread under a time and heap budget: the
 * nesting (MaxRects, about n² in the copies: a second or more for 2,000) of each candidate
 * layout, the winner drawn from the rendered designs, the shelf baseline for the report.
 * Imports only engines, so it loads alone in a fresh thread.
 */
import { drawGang } from '../../engines/imposition/index.js';
import { checkFits, nest, NestingError, shelfPack, type NestItem, type NestOptions, type NestResult } from '../../engines/nesting/index.js';

export type GangCandidate = NestOptions & { margin: number; pageWidth: number };

export interface GangTaskInput {
  /** the designs rendered, one page each */
  source: Uint8Array;
  items: NestItem[];
  /** the layouts to try (a sheet both ways round); the fewest sheets, then the best use, wins */
  candidates: GangCandidate[];
  /** the source page each item id prints */
  pageOf: Record<string, number>;
  title: string;
}

export interface GangTaskOutput {
  pdf: Uint8Array;
  /** the winning layout */
  candidate: GangCandidate;
  /** each page's size (pt) */
  pages: Array<{ width: number; height: number }>;
  sheets: NestResult['sheets'];
  lengthUsed: number;
  utilisation: number;
  strategy: string;
  placed: number;
  /** copies turned, by item id */
  rotated: Record<string, number>;
  shelfUtilisation: number;
  /** every copy as drawn: its sheet (1-based), item id and trim in points from the page's lower-left corner */
  slots: Array<{ sheet: number; id: string; x: number; y: number; width: number; height: number; rotated: boolean }>;
}

export async function gangTask(input: GangTaskInput): Promise<GangTaskOutput> {
  let best: { o: GangCandidate; nested: NestResult } | null = null;
  for (const o of input.candidates) {
    if (checkFits(input.items, o).length) continue;
    const r = nest(input.items, o);
    if (!best || r.sheets.length < best.nested.sheets.length || (r.sheets.length === best.nested.sheets.length && r.utilisation > best.nested.utilisation + 1e-9)) best = { o, nested: r };
  }
  if (!best) throw new NestingError('a design does not fit the roll or sheet', []);
  const { o, nested } = best;
  const m = o.margin;
  const out = await drawGang(input.source, nested, { margins: { top: m, right: m, bottom: m, left: m }, pageOf: input.pageOf }, { marks: { cropMarks: false, registrationMarks: false, colorBar: false, slug: null }, title: input.title });
  const rotated: Record<string, number> = {};
  for (const pl of nested.placements) if (pl.rotated) rotated[pl.id] = (rotated[pl.id] ?? 0) + 1;
  return {
    pdf: out.pdf,
    candidate: o,
    pages: out.plan.sides.map((s) => s.size!),
    sheets: nested.sheets,
    lengthUsed: nested.lengthUsed,
    utilisation: nested.utilisation,
    strategy: nested.strategy,
    placed: nested.placements.length,
    rotated,
    shelfUtilisation: shelfPack(input.items, o).utilisation,
    // drawGang keeps the placements' order on each page
    slots: nested.placements.map((p) => {
      const side = out.plan.sides[p.sheet]!;
      const H = side.size!.height;
      return { sheet: p.sheet + 1, id: p.id, x: m + p.x, y: H - m - p.y - p.height, width: p.width, height: p.height, rotated: p.rotated };
    }),
  };
}
