/**
 * The data set of a merge request: JSON rows or CSV text, checked and normalised into a
 * DataSet (columns, rows of text cells). Problems of the whole input are 400s now, a limit
 * passed a 422 naming it; a row that cannot be read (wrong number of columns) is kept with its
 * problem for the job's policy.
 *
 * A CSV is up to 20 MiB: it is parsed in chunks, giving the event loop back between them, and
 * every cell is checked against the same cap as a JSON cell as soon as its row is read.
 */
import { Readable } from 'node:stream';
import { parse } from 'csv-parse';
import { AppError } from '../../platform/http/errors.js';
import { Turns } from '../../platform/turns.js';
import type { DataSet } from './merge.jobs.js';
import { MAX_CELL_CHARS, MAX_COLUMN_NAME_CHARS, MAX_COLUMNS, MAX_JSON_KEYS, MAX_RECORDS } from './merge.schemas.js';

type Cell = string | number | boolean | null;

/** A limit of the data set passed: 422 on the field that carried it, the message naming the limit. */
function overLimit(field: string, message: string): AppError {
  return new AppError('unprocessable', message, { fields: { [field]: [message] } });
}

/** JSON records → DataSet, a record at a time with the event loop given back every slice (10,000 × 200 cells add up). */
export async function fromJson(records: Record<string, Cell>[]): Promise<DataSet> {
  const turns = new Turns();
  const columns = new Set<string>();
  const rows: DataSet['rows'] = [];
  for (const r of records) {
    const values: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
    for (const [k, v] of Object.entries(r)) {
      columns.add(k);
      values[k] = v === null ? null : String(v);
    }
    rows.push({ values });
    await turns.check();
  }
  // each record is capped by the schema; records naming different keys add up
  if (columns.size > MAX_COLUMNS) throw overLimit('records', `a data set has at most ${MAX_COLUMNS} columns; these records name ${columns.size} different keys`);
  return { columns: [...columns], rows };
}

/** Characters of a JSON body scanned between two turns of the event loop. */
const JSON_SCAN_CHARS = 1 << 20;

/**
 * Refuses (413) a JSON body holding more than MAX_JSON_KEYS object keys, before it is parsed:
 * parsing, checking and validating a body costs about its count of keys and values (26 MB of
 * 10,000 records × 200 columns held the event loop for seconds), while a CSV of any shape is
 * parsed in steps. Counted with a scan that skips strings, a slice at a time.
 */
export async function checkJsonKeys(text: string): Promise<void> {
  const turns = new Turns();
  let keys = 0;
  let inString = false;
  for (let at = 0; at < text.length; at += JSON_SCAN_CHARS) {
    const end = Math.min(text.length, at + JSON_SCAN_CHARS);
    for (let i = at; i < end; i++) {
      const c = text.charCodeAt(i);
      if (inString) {
        if (c === 92) i++; // a backslash escapes the next character (a quote or another backslash)
        else if (c === 34) inString = false;
      } else if (c === 34) inString = true;
      else if (c === 58) keys++;
    }
    if (keys > MAX_JSON_KEYS) {
      throw new AppError('payload_too_large', `a JSON body holds at most ${MAX_JSON_KEYS} keys (records × columns, with the other fields); send a larger data set as CSV (the csv field or a file part)`);
    }
    await turns.check();
  }
}

/** Characters of the header row looked at to choose the delimiter (a header within the limits is shorter). */
const HEADER_SCAN_CHARS = 64 * 1024;

/** `,` or `;`: whichever the header row (outside quotes) holds more of; `,` on a tie. */
export function detectDelimiter(text: string): ',' | ';' {
  let commas = 0;
  let semis = 0;
  let quoted = false;
  const end = Math.min(text.length, HEADER_SCAN_CHARS);
  for (let i = 0; i < end; i++) {
    const ch = text[i];
    if (ch === '"') quoted = !quoted;
    else if (!quoted && (ch === '\n' || ch === '\r')) break;
    else if (!quoted && ch === ',') commas++;
    else if (!quoted && ch === ';') semis++;
  }
  return semis > commas ? ';' : ',';
}

/** Bytes handed to the CSV parser at a time: a few milliseconds of parsing. */
const CSV_CHUNK_BYTES = 64 * 1024;

/**
 * CSV text (UTF-8, BOM or not) → DataSet. The first row names the columns. Parsed in chunks
 * with the event loop given back between them; the first cell longer than MAX_CELL_CHARS,
 * a header wider than MAX_COLUMNS or the record after MAX_RECORDS ends the parse with its error.
 */
export async function fromCsv(text: string, field = 'csv'): Promise<DataSet> {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (!body.trim()) throw AppError.field(field, 'the CSV is empty: a header row, then one row per record');
  const delimiter = detectDelimiter(body);
  const bytes = Buffer.from(body, 'utf8');
  const turns = new Turns();
  async function* chunks(): AsyncGenerator<Buffer> {
    for (let at = 0; at < bytes.length; at += CSV_CHUNK_BYTES) {
      await turns.check();
      yield bytes.subarray(at, at + CSV_CHUNK_BYTES);
    }
  }
  const source = Readable.from(chunks());
  const parser = source.pipe(parse({ delimiter, relax_column_count: true, skip_empty_lines: true, bom: true, trim: false }));
  let header: string[] | null = null;
  const rows: DataSet['rows'] = [];
  try {
    for await (const cells of parser as AsyncIterable<string[]>) {
      const line = rows.length + 1;
      // the same cap as a JSON cell; the header's names have their own
      for (const [i, cell] of cells.entries()) {
        if (cell.length > MAX_CELL_CHARS) {
          const where = header ? `row ${line}, column "${header[i] ?? i + 1}"` : `header column ${i + 1}`;
          throw overLimit(field, `a CSV cell holds at most ${MAX_CELL_CHARS} characters (the limit for JSON cells too); ${where} has ${cell.length}`);
        }
      }
      if (!header) {
        header = checkHeader(cells, field);
        continue;
      }
      if (rows.length >= MAX_RECORDS) throw AppError.field(field, `at most ${MAX_RECORDS} records per merge job (the CSV has more)`);
      const values: Record<string, string | null> = Object.create(null) as Record<string, string | null>;
      header.forEach((h, i) => (values[h] = cells[i] ?? null));
      rows.push(cells.length === header.length ? { values } : { values, problem: `the row has ${cells.length} columns, the header ${header.length}` });
      await turns.check();
    }
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw AppError.field(field, `not readable as CSV: ${(e as Error).message}`);
  } finally {
    // a limit can end the parse early: the chunks left are dropped
    source.destroy();
    parser.destroy();
  }
  if (!header) throw AppError.field(field, 'the CSV is empty: a header row, then one row per record');
  return { columns: header, rows };
}

function checkHeader(cells: string[], field: string): string[] {
  if (cells.length > MAX_COLUMNS) throw overLimit(field, `a data set has at most ${MAX_COLUMNS} columns; the CSV header has ${cells.length}`);
  const header = cells.map((h) => h.trim());
  const seen = new Set<string>();
  for (const [i, h] of header.entries()) {
    if (!h) throw AppError.field(field, `header column ${i + 1} has no name`);
    if (h.length > MAX_COLUMN_NAME_CHARS) throw overLimit(field, `a column name has at most ${MAX_COLUMN_NAME_CHARS} characters (as a JSON key); header column ${i + 1} has ${h.length}`);
    if (seen.has(h)) throw AppError.field(field, `header column "${h}" appears twice`);
    seen.add(h);
  }
  return header;
}
