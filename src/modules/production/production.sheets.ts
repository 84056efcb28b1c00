import type { GangResult } from '../gang-sheets/gang-sheets.jobs.js';
import type { ImpositionResult } from '../imposition/imposition.jobs.js';
import type { BatchItemRow } from './production.repo.js';
import type { BatchJson } from './production.schemas.js';

type Sheet = BatchJson['sheets'][number];
type Position = Sheet['positions'][number];
interface OrderRef {
  code: string;
}

/**
 * Each sheet side of a batch's finished job with the order at every position: an imposition's
 * slots name their source page (the batch item of that `page_index`); a gang sheet's copies name
 * their frozen page (unique to one order).
 */
export function sheetsOf(kind: string, result: unknown, items: readonly BatchItemRow[], orders: ReadonlyMap<string, OrderRef>): Sheet[] {
  const position = (slot: number, box: { x: number; y: number; width: number; height: number }, rotated: boolean, it: BatchItemRow): Position => ({
    slot,
    x: box.x,
    y: box.y,
    w: box.width,
    h: box.height,
    rotated,
    project_id: it.project_id,
    project_code: orders.get(it.project_id)?.code ?? it.project_id,
    line_item_id: it.line_item_id,
    snapshot_id: it.snapshot_id,
    page: it.page,
  });
  if (kind === 'imposition') {
    const byPage = new Map(items.map((i) => [i.page_index, i]));
    const r = result as ImpositionResult;
    return r.report.sides.map((s) => {
      const positions: Position[] = [];
      s.slots.forEach((slot, i) => {
        const it = slot.source_page === null ? undefined : byPage.get(slot.source_page - 1);
        if (it) positions.push(position(i + 1, slot, slot.rotation !== 0, it));
      });
      return { sheet: s.sheet, side: s.side, page: s.page, positions };
    });
  }
  const bySnapshot = new Map(items.map((i) => [i.snapshot_id, i]));
  const r = result as GangResult;
  const sheets = new Map<number, Sheet>();
  for (const p of r.positions ?? []) {
    const it = bySnapshot.get(p.design_id);
    if (!it) continue;
    let sheet = sheets.get(p.sheet);
    if (!sheet) sheets.set(p.sheet, (sheet = { sheet: p.sheet, side: 'front', page: p.sheet, positions: [] }));
    sheet.positions.push(position(sheet.positions.length + 1, p, p.rotated, it));
  }
  return [...sheets.values()].sort((a, b) => a.sheet - b.sheet);
}
