/**
 * Values built from database rows, kept while the rows they were built from read the same.
 *
 * A list page reads its rows on every request (so another process's write is always seen),
 * but most of what it then does per row — parse the stored document, apply defaults, embed
 * the side and product, serialise — gives the same answer as last time when nothing changed.
 * `get(key, inputs, build)` hands back the value built last time for `key` when every input is
 * the same as then (`===`; a Date by its time, as PostgreSQL gives timestamps), and otherwise
 * builds, freezes and keeps a new one. Inputs are what the value is made of: a row's column
 * values (`rowInputs`), the signed links it embeds (new each second), and the values of other
 * memos it embeds (the same object while unchanged). So a value is never older than the rows
 * read for this request, and a kept value of one store is never handed to another: the store
 * id is one of its row's values.
 *
 * Kept values are frozen (shallowly): they go straight into answers, and the serializer
 * remembers the text of a frozen object it wrote (serializer.ts). Nothing may change them.
 * At most `max` keys are kept; the oldest goes first.
 */
export class BuiltMemo<V extends object> {
  private readonly entries = new Map<string, { inputs: readonly unknown[]; value: V }>();

  constructor(private readonly max = 2048) {}

  get(key: string, inputs: readonly unknown[], build: () => V): V {
    return this.known(key, inputs) ?? this.keep(key, inputs, build());
  }

  /** The value kept for `key` when it was built from the same inputs, else undefined. */
  known(key: string, inputs: readonly unknown[]): V | undefined {
    const known = this.entries.get(key);
    return known && sameInputs(known.inputs, inputs) ? known.value : undefined;
  }

  /** Keeps `value` (frozen here) as built from `inputs`, in place of what `key` had; returns it. */
  keep(key: string, inputs: readonly unknown[], value: V): V {
    Object.freeze(value);
    if (!this.entries.delete(key) && this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(key, { inputs, value });
    return value;
  }

  get size(): number {
    return this.entries.size;
  }
}

/** A row's column values, in its column order: the inputs of a value built from the row. */
export function rowInputs(row: object): unknown[] {
  return Object.values(row);
}

export function sameInputs(a: readonly unknown[], b: readonly unknown[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (x === y) continue;
    if (x instanceof Date && y instanceof Date && x.getTime() === y.getTime()) continue;
    return false;
  }
  return true;
}

/**
 * A document row's parsed `doc`, kept in `memo` while the text is the same (under
 * `doc:<table>:<id>`; frozen: read it, never change it).
 */
export function parsedDoc(memo: BuiltMemo<object>, row: { id: string; doc: string; t?: string }, table = row.t ?? ''): Record<string, unknown> {
  return memo.get(`doc:${table}:${row.id}`, [row.doc], () => JSON.parse(row.doc) as Record<string, unknown>) as Record<string, unknown>;
}
