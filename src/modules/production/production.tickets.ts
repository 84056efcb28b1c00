import type { GangResult } from '../gang-sheets/gang-sheets.jobs.js';
import type { ImpositionPayload, ImpositionResult } from '../imposition/imposition.jobs.js';
import type { JobTicket } from '../../engines/jdf/index.js';
import type { BatchItemRow, BatchRow } from './production.repo.js';

const PROCESS = ['Cyan', 'Magenta', 'Yellow', 'Black'];

/** The file name a batch's sheets are delivered under: `batch-<name>-<id>.pdf`, only `[A-Za-z0-9._-]`. */
export function batchFileName(b: Pick<BatchRow, 'id' | 'name'>): string {
  const name = b.name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40) || 'sheets';
  return `batch-${name}-${b.id}.pdf`;
}

/**
 * The job ticket of a batch's finished sheets, read through `tx`: the press sheet (or roll
 * piece) as the trim, the sheet sides as pages, and the run length (the largest order quantity
 * for an imposition, 1 for a gang sheet) as the quantity.
 */
export function batchTicket(batch: BatchRow, items: readonly BatchItemRow[], job: { id: string; payload: string; result: string }): JobTicket {
  const fileName = batchFileName(batch);
  const base = { jobId: job.id, jobName: batch.name, orderRef: null, product: { id: null, name: batch.kind === 'imposition' ? 'Imposed sheets' : 'Gang sheet' }, bleed: 0, media: null, binding: 'none' as const, fileName };
  if (batch.kind === 'imposition') {
    const r = JSON.parse(job.result) as ImpositionResult;
    const p = JSON.parse(job.payload) as ImpositionPayload;
    const twoSided = p.options.sides !== 'simplex';
    return { ...base, quantity: Math.max(1, ...items.map((i) => Number(i.quantity))), pages: r.report.pages, trim: { width: r.report.sheet.width, height: r.report.sheet.height, unit: 'mm' }, colours: { front: PROCESS, back: twoSided ? PROCESS : [] } };
  }
  const r = JSON.parse(job.result) as GangResult;
  const first = r.report.sheets[0] ?? { width: 0, height: 0 };
  const o = (JSON.parse(job.payload) as { options: { roll: { unit: string } | null; sheet: { unit: string; preset: string | null } | null } }).options;
  // the report speaks the roll's or custom sheet's unit (mm for a preset); a ticket has no points
  const u = o.roll?.unit ?? (o.sheet?.preset ? 'mm' : o.sheet?.unit) ?? 'mm';
  const k = u === 'pt' ? 25.4 / 72 : 1;
  const trim = { width: Math.round(first.width * k * 1000) / 1000, height: Math.round(first.height * k * 1000) / 1000, unit: (u === 'pt' ? 'mm' : u) as 'mm' | 'cm' | 'inch' };
  return { ...base, quantity: 1, pages: r.report.sheets.length, trim, colours: { front: PROCESS, back: [] } };
}
