import { fromPt, SHEET_PRESETS, toPt, type LengthUnit, type SheetPreset } from '../../engines/imposition/index.js';
import { NestingError, type NestItem, type NestOptions } from '../../engines/nesting/index.js';
import { bind, jobKind, JobFailure, type JobBinding } from '../../platform/queue/registry.js';
import { backgroundSandbox } from '../../platform/sandbox/background.js';
import { BudgetExceeded, SandboxTaskError, taskModule } from '../../platform/sandbox/pool.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import { pageBoxesOf, type DesignPages } from '../designs/index.js';
import { QUEUED_FLOW } from '../jobs/flows.js';
import type { GangTaskInput, GangTaskOutput } from './gang-sheets.task.js';

/** What nesting and drawing may use (2,000 copies at most: a few seconds, well under 200 MiB). */
export const GANG_BUDGET = { timeMs: 180_000, memoryMb: 1024 };

/** The request with every default filled in. */
export interface GangOptions {
  roll: { width: number; unit: LengthUnit; max_length: number } | null;
  sheet: { preset: SheetPreset | null; width: number; height: number; unit: LengthUnit; orientation: 'auto' | 'portrait' | 'landscape' } | null;
  unit: LengthUnit;
  spacing: number;
  margins: number;
  rotate: boolean;
}

export interface GangPayload {
  name: string;
  items: Array<{ design_id: string; quantity: number }>;
  options: GangOptions;
}

export interface GangResult {
  pdf_key: string;
  size_bytes: number;
  length_used: number;
  utilisation: number;
  report: {
    strategy: string;
    sheets: Array<{ page: number; width: number; height: number }>;
    placed: number;
    shelf_utilisation: number;
    items: Array<{ design_id: string; quantity: number; width_mm: number; height_mm: number; rotated: number }>;
  };
  /** every copy as drawn: sheet (1-based), design and trim in mm from the page's lower-left corner (absent on results made before it) */
  positions?: Array<{ sheet: number; design_id: string; x: number; y: number; width: number; height: number; rotated: boolean }>;
}

export const GANG_SHEET_KIND = jobKind<GangPayload, GangResult>({
  type: 'gang_sheet',
  statuses: QUEUED_FLOW,
  refundOnFailure: false,
  maxAttempts: 3,
});

export const gangKey = (storeId: string, jobId: string) => `gang-sheets/${storeId}/${jobId}.pdf`;

/** The unit lengths are reported in: the roll's, the custom sheet's, mm for a preset. */
export const lengthUnit = (o: GangOptions): LengthUnit => o.roll?.unit ?? o.sheet?.unit ?? 'mm';

/** Nesting options in points: the usable area inside the margins (`turned`: the sheet the other way round). */
export function nestOptions(o: GangOptions, turned = false): NestOptions & { margin: number; pageWidth: number } {
  const m = toPt(o.margins, o.unit);
  const spacing = toPt(o.spacing, o.unit);
  if (o.roll) {
    const W = toPt(o.roll.width, o.roll.unit);
    return { width: W - 2 * m, maxLength: toPt(o.roll.max_length, o.roll.unit) - 2 * m, spacing, rotate: o.rotate, margin: m, pageWidth: W };
  }
  const s = o.sheet!;
  let W = toPt(s.width, s.unit);
  let H = toPt(s.height, s.unit);
  if ((s.orientation === 'landscape' && W < H) || (s.orientation === 'portrait' && W > H)) [W, H] = [H, W];
  if (turned) [W, H] = [H, W];
  return { width: W - 2 * m, height: H - 2 * m, spacing, rotate: o.rotate, margin: m, pageWidth: W };
}

/** The layouts to try: a roll one way; a sheet with orientation `auto` both ways round. */
export function nestCandidates(o: GangOptions): Array<ReturnType<typeof nestOptions>> {
  const first = nestOptions(o);
  if (!o.sheet || o.sheet.orientation !== 'auto' || o.sheet.width === o.sheet.height) return [first];
  return [first, nestOptions(o, true)];
}

export function sheetOf(s: { preset: SheetPreset; orientation?: 'auto' | 'portrait' | 'landscape' } | { width: number; height: number; unit: LengthUnit; orientation?: 'auto' | 'portrait' | 'landscape' }): NonNullable<GangOptions['sheet']> {
  if ('preset' in s) {
    const p = SHEET_PRESETS[s.preset];
    return { preset: s.preset, width: p.width, height: p.height, unit: p.unit, orientation: s.orientation ?? 'auto' };
  }
  return { preset: null, width: s.width, height: s.height, unit: s.unit, orientation: s.orientation ?? 'auto' };
}

const round = (v: number, d = 3) => Math.round(v * 10 ** d) / 10 ** d;

export function gangJob(deps: () => { blobs: BlobStore; pages: DesignPages }): JobBinding {
  return bind(GANG_SHEET_KIND, async (ctx) => {
    const { blobs, pages } = deps();
    const done = ctx.progress as Partial<GangResult> | null;
    if (done?.pdf_key && (await blobs.head(done.pdf_key))) return done as GangResult;
    const storeId = ctx.storeId;
    if (!storeId) throw new JobFailure('a gang sheet belongs to a store');
    const p = ctx.payload;
    const ids = [...new Set(p.items.map((i) => i.design_id))];
    // Each design rendered once (one page each), then placed as often as it is wanted.
    const bytes = await pages.renderRgb(storeId, ids, p.name, ctx.signal);
    const designs = await pages.byIds(storeId, ids).catch(() => {
      throw new JobFailure('a design of this gang sheet no longer exists');
    });
    const sizes = new Map(pageBoxesOf(designs).map((d) => [d.id, d.trim]));
    const items: NestItem[] = p.items.map((i) => ({ id: i.design_id, width: sizes.get(i.design_id)!.w, height: sizes.get(i.design_id)!.h, quantity: i.quantity }));
    const merged = mergeItems(items);
    const pageOf = Object.fromEntries(ids.map((id, i) => [id, i]));
    // Nesting (about n² in the copies) and drawing run in the background sandbox, off the event loop.
    const out = await runGangTask({ source: new Uint8Array(bytes), items: merged, candidates: nestCandidates(p.options), pageOf, title: p.name });
    ctx.signal.throwIfAborted();
    const m = out.candidate.margin;
    const key = gangKey(storeId, ctx.id);
    await blobs.put(key, Buffer.from(out.pdf.buffer, out.pdf.byteOffset, out.pdf.byteLength), { contentType: 'application/pdf' });
    const unit = lengthUnit(p.options);
    const roll = p.options.roll !== null;
    const lengthPt = roll ? out.sheets.reduce((a, s) => a + s.height + 2 * m, 0) : out.lengthUsed + (out.sheets.length - 1) * 2 * m + m;
    const result: GangResult = {
      pdf_key: key,
      size_bytes: out.pdf.length,
      length_used: round(fromPt(lengthPt, unit)),
      utilisation: round(out.utilisation, 4),
      report: {
        strategy: out.strategy,
        sheets: out.pages.map((s, i) => ({ page: i + 1, width: round(fromPt(s.width, unit)), height: round(fromPt(s.height, unit)) })),
        placed: out.placed,
        shelf_utilisation: round(out.shelfUtilisation, 4),
        items: merged.map((i) => ({ design_id: i.id, quantity: i.quantity, width_mm: round(fromPt(i.width, 'mm'), 2), height_mm: round(fromPt(i.height, 'mm'), 2), rotated: out.rotated[i.id] ?? 0 })),
      },
      positions: out.slots.map((s) => ({ sheet: s.sheet, design_id: s.id, x: round(fromPt(s.x, 'mm')), y: round(fromPt(s.y, 'mm')), width: round(fromPt(s.width, 'mm')), height: round(fromPt(s.height, 'mm')), rotated: s.rotated })),
    };
    await ctx.saveProgress(result);
    return result;
  });
}

/** Nesting and drawing in the background sandbox: a design that fits nowhere or a spent budget fails the job with its message. */
export async function runGangTask(input: GangTaskInput): Promise<GangTaskOutput> {
  try {
    return await backgroundSandbox().run<GangTaskOutput>(taskModule(import.meta.url, 'gang-sheets.task'), 'gangTask', input, GANG_BUDGET, [input.source.buffer as ArrayBuffer]);
  } catch (err) {
    if (err instanceof SandboxTaskError && err.errorName === 'NestingError') throw new JobFailure(err.message, { code: new NestingError('', []).code });
    if (err instanceof SandboxTaskError && err.errorName === 'ImpositionError') throw new JobFailure(err.message, { code: err.code ?? 'imposition' });
    if (err instanceof BudgetExceeded) {
      throw new JobFailure(err.limit === 'memory' ? `the gang sheet needed more than ${err.value} MiB of memory` : `the gang sheet did not finish within ${err.value / 1000} s`, { limit: err.limit });
    }
    throw err;
  }
}

/** The same design named twice counts once, with the quantities added. */
export function mergeItems(items: NestItem[]): NestItem[] {
  const byId = new Map<string, NestItem>();
  for (const i of items) {
    const seen = byId.get(i.id);
    if (seen) seen.quantity += i.quantity;
    else byId.set(i.id, { ...i });
  }
  return [...byId.values()];
}
