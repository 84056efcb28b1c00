import { missingGlyphsProblem, type RichBlack } from '../../engines/pdf/index.js';
import { FieldDefinitionError, MergeRecordFailure, mergeRecords, NothingMerged, type MergeRecord, type MergeResult, type RecordReport } from '../../engines/vdp/index.js';
import { bind, jobKind, JobFailure, type JobBinding } from '../../platform/queue/registry.js';
import { QUEUED_FLOW } from '../jobs/flows.js';
import type { BlobStore } from '../../platform/storage/blob-store.js';
import type { CatalogModule } from '../catalog/index.js';
import { pageJobFailure, type DesignPages } from '../designs/index.js';
import { selfCheck } from '../print/index.js';
import type { SafeFetcher } from '../../platform/fetch/safe-fetch.js';
import { Turns } from '../../platform/turns.js';
import { mergeAssets } from './merge.assets.js';

export interface Numbering {
  start: number;
  step: number;
  padding: number;
}

export interface MergePayload {
  design_id: string | null;
  project_id: string | null;
  /** the sides, one page each per record, in this order */
  design_ids: string[];
  /** the data set (DataSet JSON) in the blob store */
  data_key: string;
  record_count: number;
  mapping: Record<string, string>;
  numbering: Numbering;
  output: 'pdf' | 'zip';
  on_error: 'skip' | 'fail';
  crop_marks: boolean;
  color_mode: 'rgb' | 'cmyk';
  pdf_standard: 'none' | 'pdf_x4' | 'pdf_x1a';
  output_profile: string | null;
  /** print text with characters no font has (MISSING_GLYPHS) instead of failing; absent in jobs queued before the option: true */
  allow_missing_glyphs?: boolean;
  /** cmyk: black policy (absent in older jobs and for rgb: the engine's defaults) */
  black_overprint?: boolean;
  rich_black?: RichBlack | null;
  keep_artwork_rich_black?: boolean;
}

/** The data set as stored: rows of cells by column, a problem for rows that could not be read. */
export interface DataSet {
  columns: string[];
  rows: { values: Record<string, string | null>; problem?: string }[];
}

export interface MergeProgress {
  current: number;
  total: number;
}

export interface MergeJobResult {
  file_key: string;
  content_type: MergeResult['contentType'];
  size_bytes: number;
  pages: number;
  merged: number;
  skipped: number;
  /** records with something to report (skipped, shrunk, overflowing) */
  details: RecordReport[];
  shrunk: number;
  overflowed: number;
  warnings: MergeResult['warnings'];
}

export const MERGE_KIND = jobKind<MergePayload, MergeJobResult>({ type: 'merge', statuses: QUEUED_FLOW, refundOnFailure: false, maxAttempts: 2 });

export function mergeFileKey(storeId: string, jobId: string, output: 'pdf' | 'zip'): string {
  return `merge/${storeId}/${jobId}.${output}`;
}

/** The data set's blob: NDJSON (the columns, then a row a line), written and read a row at a time. */
export function dataKey(storeId: string, id: string): string {
  return `merge-data/${storeId}/${id}.ndjson`;
}

/**
 * The data set as NDJSON: `{"columns":[…]}`, then one row a line. 20 MiB of cells stringified
 * (or parsed) in one call holds the event loop for a few hundred milliseconds; a row at a
 * time, with the loop given back every slice, does not.
 */
export async function writeDataSet(data: DataSet): Promise<Buffer> {
  const turns = new Turns();
  const lines = [JSON.stringify({ columns: data.columns })];
  for (const row of data.rows) {
    lines.push(JSON.stringify(row));
    await turns.check();
  }
  return Buffer.from(lines.join('\n'), 'utf8');
}

/** The stored data set as the engine's records (the mapping and numbering applied), a row at a time. */
export async function readRecords(key: string, bytes: Buffer, mapping: Record<string, string>, numbering: Numbering): Promise<MergeRecord[]> {
  const text = bytes.toString('utf8');
  // a job queued before the data set was NDJSON: one JSON document
  if (key.endsWith('.json')) return toRecords(JSON.parse(text) as DataSet, mapping, numbering);
  const turns = new Turns();
  const lines = text.split('\n');
  const records: MergeRecord[] = [];
  for (let i = 1; i < lines.length; i++) {
    records.push(toRecord(JSON.parse(lines[i]!) as DataSet['rows'][number], i - 1, mapping, numbering));
    await turns.check();
  }
  return records;
}

/** `{{n}}` of the record at `index` (0-based). */
export function numberOf(numbering: Numbering, index: number): string {
  return String(numbering.start + index * numbering.step).padStart(numbering.padding, '0');
}

/** The records the engine merges: cells by data name (the mapping applied), `n` the sequence number. */
export function toRecords(data: DataSet, mapping: Record<string, string>, numbering: Numbering): MergeRecord[] {
  return data.rows.map((row, i) => toRecord(row, i, mapping, numbering));
}

/** One row (0-based `i`) as the engine's record. */
export function toRecord(row: DataSet['rows'][number], i: number, mapping: Record<string, string>, numbering: Numbering): MergeRecord {
  const values: Record<string, string | undefined> = Object.create(null) as Record<string, string | undefined>;
  for (const [k, v] of Object.entries(row.values)) if (v !== null) values[k] = v;
  values.n = numberOf(numbering, i);
  // a mapping to `n` (and no column of that name) reads the record number
  for (const [name, column] of Object.entries(mapping)) values[name] = column === 'n' && !(column in row.values) ? values.n : (row.values[column] ?? undefined);
  return { record: i + 1, values, ...(row.problem ? { problem: row.problem } : {}) };
}

export interface MergeJobDeps {
  pages: DesignPages;
  catalog: CatalogModule;
  blobs: BlobStore;
  fetcher: SafeFetcher;
  /** how often progress is written while the job runs (default 1 s) */
  progressEveryMs?: number;
}

/**
 * Merges the data set into the designs and keeps the file as a blob. Progress is saved at most
 * once per `progressEveryMs` (never a write per record). A bad record under `fail`, a design
 * deleted since, a static image gone, text no font has (unless allowed) fail the job at once; other errors are retried.
 */
export function mergeJob(deps: MergeJobDeps): JobBinding {
  return bind(MERGE_KIND, async (ctx) => {
    const { pages, catalog, blobs, fetcher, progressEveryMs = 1000 } = deps;
    const storeId = ctx.storeId;
    if (!storeId) throw new JobFailure('a merge job belongs to a store');
    const p = ctx.payload;
    // an earlier attempt finished the file (and lost the job's completion): answer it again
    const earlier = (ctx.progress as { result?: MergeJobResult } | null)?.result;
    if (earlier && (await blobs.head(earlier.file_key))) return earlier;
    const sides = (await pages.forJob(storeId, p.design_ids)).map((d) => d.spec);
    const stored = await blobs.get(p.data_key).catch(() => Promise.reject(new JobFailure('the data set of this job is gone')));
    const records = await readRecords(p.data_key, stored, p.mapping, p.numbering);
    let last = Date.now();
    let saving: Promise<void> = Promise.resolve();
    const total = records.length;
    await ctx.saveProgress({ current: 0, total } satisfies MergeProgress);
    let out: MergeResult;
    try {
      out = await mergeRecords(sides, records, mergeAssets(catalog, fetcher, storeId), {
        output: p.output,
        onError: p.on_error,
        cropMarks: p.crop_marks,
        colorMode: p.color_mode,
        pdfStandard: p.pdf_standard,
        ...(p.output_profile ? { outputProfile: p.output_profile } : {}),
        blackOverprint: p.black_overprint ?? true,
        richBlack: p.rich_black ?? null,
        keepArtworkRichBlack: p.keep_artwork_rich_black ?? false,
        title: p.project_id ? `Project ${p.project_id} merge` : `Design ${p.design_id} merge`,
        fileStem: 'record',
        signal: ctx.signal,
        onProgress: (current) => {
          const now = Date.now();
          if (now - last < progressEveryMs || current === total) return;
          last = now;
          // one write in flight at a time; a slow write skips updates instead of queueing them
          saving = saving.then(() => ctx.saveProgress({ current, total } satisfies MergeProgress)).catch(() => undefined);
        },
      });
    } catch (err) {
      if (err instanceof MergeRecordFailure) throw new JobFailure(`${err.message} (on_error: ${p.on_error})`, { record: err.report.record, errors: err.report.errors });
      if (err instanceof NothingMerged) throw new JobFailure(err.message, { skipped: err.reports.length });
      if (err instanceof FieldDefinitionError) throw new JobFailure(err.message, { code: err.code });
      throw pageJobFailure(err) ?? err;
    }
    await saving;
    const missing = p.allow_missing_glyphs === false ? missingGlyphsProblem(out.warnings) : null;
    if (missing) throw new JobFailure(missing, { code: 'missing_glyphs' });
    // every record's pages read back before the file is kept (a zip: each PDF in it)
    await selfCheck(out.file, { standard: p.pdf_standard, colorMode: p.color_mode, ...(p.output_profile ? { profile: p.output_profile } : {}), allowMissingGlyphs: p.allow_missing_glyphs !== false }, { zip: p.output === 'zip' });
    const key = mergeFileKey(storeId, ctx.id, p.output);
    await blobs.put(key, out.file, { contentType: out.contentType });
    const details = out.records.filter((r) => r.status === 'skipped' || r.shrunk.length > 0 || r.overflow.length > 0);
    const result: MergeJobResult = {
      file_key: key,
      content_type: out.contentType,
      size_bytes: out.file.length,
      pages: out.pages,
      merged: out.merged,
      skipped: out.skipped,
      details,
      shrunk: out.records.filter((r) => r.shrunk.length > 0).length,
      overflowed: out.records.filter((r) => r.overflow.length > 0).length,
      warnings: out.warnings,
    };
    await ctx.saveProgress({ current: total, total, result });
    // the data set has served: the file and the report are what the job keeps
    await blobs.delete(p.data_key).catch(() => undefined);
    return result;
  });
}
