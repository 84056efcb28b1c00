/** Types and errors of the variable-data merge (its options, records and per-record report). */
import { type RenderOptions, type RenderWarning } from '../pdf/index.js';
import { type PdfStandard } from '../pdf/colour/pdfx.js';
import { type FieldIssue } from './fields.js';

export type OnError = 'skip' | 'fail';

/** One record: its values by data name (the mapping already applied), and a problem found while reading it. */
export interface MergeRecord {
  /** 1-based number of the record in the data set (the CSV row after the header, or the JSON index + 1) */
  record: number;
  values: Readonly<Record<string, string | undefined>>;
  /** the record could not be read (a CSV row with the wrong number of columns): a bad row */
  problem?: string;
}

export interface RecordIssue {
  field?: string;
  code: 'missing_value' | 'text_overflow' | 'image_unavailable' | 'invalid_code' | 'bad_row';
  message: string;
}

export interface RecordReport {
  record: number;
  status: 'merged' | 'skipped';
  /** 1-based pages of the merged file (first, last); zip: the pages of the record's own file */
  pages: [number, number] | null;
  /** zip output: the record's file name in the archive */
  file: string | null;
  /** text that had to shrink to fit its box: font size in viewport px before and after */
  shrunk: { field: string; from: number; to: number }[];
  /** text that does not fit its box even at the minimum size (or with fit wrap): printed overflowing */
  overflow: { field: string; box: [number, number]; needed: [number, number] }[];
  /** why the record was skipped (or failed the job) */
  errors: RecordIssue[];
}

/** `blackOverprint`, `richBlack`, `keepArtworkRichBlack`: CMYK black as the print engine prints it */
export interface MergeOptions extends Pick<RenderOptions, 'blackOverprint' | 'richBlack' | 'keepArtworkRichBlack'> {
  output: 'pdf' | 'zip';
  onError: OnError;
  cropMarks?: boolean;
  /** rgb (default) or cmyk: colours and images through the output profile, as the print engine does */
  colorMode?: 'rgb' | 'cmyk';
  /** none (default for rgb), pdf_x4 (default for cmyk) or pdf_x1a: each file a PDF/X file */
  pdfStandard?: PdfStandard;
  /** id of an installed CMYK output profile; default `swop` */
  outputProfile?: string;
  title?: string;
  /** file name stem of each record's PDF in a zip (default `record`) */
  fileStem?: string;
  signal?: AbortSignal;
  /** called after each record (merged or skipped) */
  onProgress?(current: number, total: number): void;
}

export interface MergeResult {
  /** the merged PDF, or the ZIP of one PDF per record */
  file: Buffer;
  contentType: 'application/pdf' | 'application/zip';
  pages: number;
  merged: number;
  skipped: number;
  /** one entry per record, in order */
  records: RecordReport[];
  /** renderer warnings of the static layers and the fields (page: 0-based page of the first file they occurred in) */
  warnings: RenderWarning[];
}

/** A record failed and the policy is `fail`: the job fails with this message. */
export class MergeRecordFailure extends Error {
  constructor(readonly report: RecordReport) {
    super(`record ${report.record}: ${report.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')}`);
    this.name = 'MergeRecordFailure';
  }
}

/** Every record was a bad row (policy skip): there is no file to make. */
export class NothingMerged extends Error {
  constructor(readonly reports: RecordReport[]) {
    const first = reports[0];
    const why = first ? `; record ${first.record}: ${first.errors.map((e) => (e.field ? `${e.field}: ${e.message}` : e.message)).join('; ')}` : '';
    super(`no record could be merged: all ${reports.length} were skipped${why}`);
    this.name = 'NothingMerged';
  }
}

/** The design cannot be merged (no field, a bad field definition): a 400 before any job. */
export class FieldDefinitionError extends Error {
  readonly code = 'invalid_fields';
  constructor(readonly issues: FieldIssue[]) {
    super(issues.map((i) => `${i.path}: ${i.message}`).join('; '));
    this.name = 'FieldDefinitionError';
  }
}

