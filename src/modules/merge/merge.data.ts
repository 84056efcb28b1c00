/**
 * The data set of a merge request: JSON rows or CSV text, checked and normalised into a
 * DataSet (columns, rows of text cells). Problems of the whole input are 400s now; a row that
 * cannot be read (wrong number of columns) is kept with its problem for the job's policy.
 */
import { parse } from 'csv-parse/sync';
import { AppError } from '../../platform/http/errors.js';
import type { DataSet } from './merge.jobs.js';
import { MAX_RECORDS } from './merge.schemas.js';

type Cell = string | number | boolean | null;

export function fromJson(records: Record<string, Cell>[]): DataSet {
  const columns = new Set<string>();
  const rows = records.map((r) => {
    const values: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
    for (const [k, v] of Object.entries(r)) {
      columns.add(k);
      values[k] = v === null ? null : String(v);
    }
    return { values };
  });
  return { columns: [...columns], rows };
}

/** `,` or `;`: whichever the header row (outside quotes) holds more of; `,` on a tie. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semis = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

/** CSV text (UTF-8, BOM or not) → DataSet. The first row names the columns. */
export function fromCsv(text: string, field = 'csv'): DataSet {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trim()) throw AppError.field(field, 'the CSV is empty: a header row, then one row per record');
  const delimiter = detectDelimiter(body);
  let table: string[][];
  try {
    table = parse(body, { delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, trim: false }) as string[][];
  } catch (e) {
    const err = e as Error & { lines?: number };
    throw AppError.field(field, `not readable as CSV: ${err.message}`);
  }
  const header = (table.shift() ?? []).map((h) => h.trim());
  const seen = new Set<string>();
  for (const [i, h] of header.entries()) {
    if (!h) throw AppError.field(field, `header column ${i + 1} has no name`);
    if (seen.has(h)) throw AppError.field(field, `header column "${h}" appears twice`);
    seen.add(h);
  }
  if (table.length > MAX_RECORDS) throw AppError.field(field, `at most ${MAX_RECORDS} records per merge job (the CSV has ${table.length})`);
  const rows = table.map((cells) => {
    const values: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
    header.forEach((h, i) => (values[h] = cells[i] ?? null));
    return cells.length === header.length ? { values } : { values, problem: `the row has ${cells.length} columns, the header ${header.length}` };
  });
  return { columns: header, rows };
}
