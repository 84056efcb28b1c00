import type { PostgresPoolClient } from 'kysely';
import { isStalePreparedStatement } from './errors.js';

/**
 * A statement whose text holds this comment is never named: PostgreSQL plans it afresh with each
 * call's values. A named statement gets a generic plan after five runs when that plan's estimate
 * is the cheaper, and a generic plan cannot see values that decide the plan: a list's `search`
 * pattern (paginate.ts) is selective or common, and with it unknown the planner walks the store's
 * index testing each row, where the trigram index would find a few rows at once.
 */
export const PLAN_WITH_VALUES = '/* plan with values */';

/**
 * Server-side prepared statements for PostgreSQL, named by SQL text. Kysely sends every
 * query as an unnamed statement, which PostgreSQL parses and plans again each time; a hot
 * route runs the same two or three texts thousands of times a second. A text seen a second
 * time gets a name, and pg then parses it once per connection and afterwards only binds and
 * executes it (measured on this project's machine: about 50 µs less PostgreSQL CPU per
 * query, and fewer bytes each way).
 *
 * Only statements with parameters are named: they already go through the extended protocol,
 * so naming them changes nothing else (a parameterless text may hold several statements,
 * which only the simple protocol takes). Texts are counted per process and at most `max`
 * are named; the rest stay unnamed, so a process with many one-off texts (IN lists of every
 * length, migrations) does not fill the server with statements.
 *
 * A named statement whose result type changes under it (another process's migration added a
 * column to a `select *`) fails with "cached plan must not change result type". The text is
 * then renamed, so every connection prepares it afresh, and the query is sent once more; in a
 * transaction that retry cannot succeed (the transaction is already aborted): the first error
 * is what the caller sees, and a request answers it 503 with Retry-After (`isDatabaseUnavailable`).
 */
export class PreparedNames {
  private readonly names = new Map<string, string>();
  /** texts seen once, not yet named (cleared when it grows past 4 × max) */
  private readonly seen = new Set<string>();
  private serial = 0;

  constructor(readonly max: number) {}

  /** The statement name for `text`, or undefined to send it unnamed. */
  nameOf(text: string): string | undefined {
    if (text.includes(PLAN_WITH_VALUES)) return undefined;
    const name = this.names.get(text);
    if (name !== undefined || this.names.size >= this.max) return name;
    if (!this.seen.has(text)) {
      if (this.seen.size >= 4 * this.max) this.seen.clear();
      this.seen.add(text);
      return undefined;
    }
    this.seen.delete(text);
    return this.rename(text);
  }

  /** A new name for `text`: connections that prepared the old one prepare it again. */
  rename(text: string): string {
    const name = `folio_${(this.serial++).toString(36)}`;
    this.names.set(text, name);
    return name;
  }

  /** named texts (tests) */
  get size(): number {
    return this.names.size;
  }
}

type Query = PostgresPoolClient['query'];

/** `client.query` with the texts `names` names sent as named statements. */
export function preparedQuery(client: PostgresPoolClient, names: PreparedNames): Query {
  const plain = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
  return ((...args: unknown[]) => {
    const [text, values] = args;
    // a Cursor (Kysely's streaming) or a parameterless text: as it came
    if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0) return plain(...args);
    const name = names.nameOf(text);
    if (name === undefined) return plain(...args);
    return plain({ name, text, values }).catch((err: unknown) => {
      if (!isStalePreparedStatement(err)) throw err;
      return plain({ name: names.rename(text), text, values }).catch(() => {
        throw err;
      });
    });
  }) as Query;
}
