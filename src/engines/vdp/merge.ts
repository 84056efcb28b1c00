/**
 * The variable-data merge: a design's sides and a list of records in, one PDF (a page per
 * record and side, in order) or one PDF per record out, with a report per record.
 *
 * Speed comes from doing once what is the same on every page: the static layers of a side
 * (everything between two field layers, the background, crop marks) are drawn once into form
 * XObjects that every page places; fonts are embedded once per document (subset to every
 * glyph any record used), a static image once. Per record only the field layers are drawn,
 * into a small form of their own.
 */
import { zipSync } from 'fflate';
import { LayerValidationError, PageSpecError, type AssetResolver, type Layer, type PageSpec, type RenderWarning } from '../pdf/index.js';
import { MergeRecord, RecordReport, MergeOptions, MergeResult, MergeRecordFailure, NothingMerged } from './merge-types.js';
import { prepareSides, MergeAssets } from './sides.js';
import { DocWriter } from './doc-writer.js';
import { colourSetup, FLUSH_EVERY, PREFETCH } from './merge-shared.js';
import { Turns } from '../../platform/turns.js';

/**
 * Merges the records into the sides. A bad record (missing value, text that does not fit with
 * `fit: fail`, an image that cannot be fetched, a value a barcode cannot encode, an unreadable
 * row) is skipped and reported (`skip`), or fails the merge with MergeRecordFailure (`fail`).
 */
export async function mergeRecords(sidesIn: readonly PageSpec[], records: readonly MergeRecord[], assets: AssetResolver, opts: MergeOptions): Promise<MergeResult> {
  const cropMarks = opts.cropMarks === true;
  const sides = prepareSides(sidesIn, cropMarks);
  const colour = colourSetup(opts);
  const merged = new MergeAssets(assets);
  const warnings: RenderWarning[] = [];
  const seen = new Set<string>();
  const warn = (w: RenderWarning): void => {
    const key = `${w.code}|${w.layer ?? ''}|${w.message}`;
    if (seen.has(key) || warnings.length >= 100) return;
    seen.add(key);
    warnings.push(w);
  };
  const reports: RecordReport[] = [];
  const zipFiles: Record<string, Uint8Array> = {};
  // a record takes a few ms: the loop (and the writers' long steps) give the event loop back every slice
  const turns = new Turns();
  const single: DocWriter | null = opts.output === 'pdf' ? await DocWriter.open(sides, merged, { cropMarks, colour, turns, ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.title ? { title: opts.title } : {}) }, warn) : null;
  const stem = opts.fileStem ?? 'record';
  const width = String(records.reduce((m, r) => Math.max(m, r.record), 1)).length;
  let mergedCount = 0;
  let pages = 0;

  // image fields of the next records are fetched while this one is drawn (a few at a time)
  const imageFields = sides.flatMap((side) => side.fields.filter((f) => f.field.type === 'image').map((f) => f.field.name));
  const prefetch = (i: number): void => {
    const rec = records[i];
    if (!rec || rec.problem) return;
    for (const name of imageFields) {
      const v = rec.values[name];
      if (v) merged.prefetch(/^https?:\/\//i.test(v) ? { src: v } : { imageId: v });
    }
  };
  for (let i = 0; i < PREFETCH; i++) prefetch(i);

  for (const [i, rec] of records.entries()) {
    await turns.check();
    opts.signal?.throwIfAborted();
    prefetch(i + PREFETCH);
    const report: RecordReport = { record: rec.record, status: 'skipped', pages: null, file: null, shrunk: [], overflow: [], errors: [] };
    const writer = single ?? (await DocWriter.open(sides, merged, { cropMarks, colour, turns, ...(opts.signal ? { signal: opts.signal } : {}), ...(opts.title ? { title: `${opts.title} — record ${rec.record}` } : {}) }, warn));
    if (rec.problem) report.errors.push({ code: 'bad_row', message: rec.problem });
    const filled: (Layer | null)[][] = [];
    if (!rec.problem) {
      for (const [s, side] of sides.entries()) {
        const { bySide, outcome, issues } = await writer.fill(side, s, rec.values, merged);
        report.errors.push(...issues);
        report.shrunk.push(...outcome.shrunk);
        report.overflow.push(...outcome.overflow);
        filled.push(bySide);
      }
    }
    if (report.errors.length) {
      if (opts.onError === 'fail') throw new MergeRecordFailure(report);
      reports.push(report);
      opts.onProgress?.(i + 1, records.length);
      continue;
    }
    const before = writer.pageCount;
    await writer.addPages(filled);
    report.status = 'merged';
    mergedCount++;
    if (single) {
      report.pages = [before + 1, writer.pageCount];
      pages = writer.pageCount;
      if (mergedCount % FLUSH_EVERY === 0) await writer.flush();
    } else {
      const name = `${stem}-${String(rec.record).padStart(width, '0')}.pdf`;
      zipFiles[name] = await writer.finish();
      report.pages = [1, writer.pageCount];
      report.file = name;
      pages += writer.pageCount;
    }
    reports.push(report);
    opts.onProgress?.(i + 1, records.length);
  }
  const skipped = reports.filter((r) => r.status === 'skipped').length;
  if (mergedCount === 0) throw new NothingMerged(reports);
  let file: Buffer;
  if (single) {
    file = await single.finish();
  } else {
    // PDFs are compressed already: stored, not deflated again
    const z = zipSync(zipFiles, { level: 0 });
    file = Buffer.from(z.buffer, z.byteOffset, z.byteLength);
  }
  return { file, contentType: opts.output === 'pdf' ? 'application/pdf' : 'application/zip', pages, merged: mergedCount, skipped, records: reports, warnings };
}

export { LayerValidationError, PageSpecError };
export * from './merge-types.js';
export { dataNames, prepareSides } from './sides.js';

