import type { PostgresPoolClient } from 'kysely';
import { describe, expect, it } from 'vitest';
import { PLAN_WITH_VALUES, PreparedNames, preparedQuery } from '../../src/platform/db/pg-prepared.js';

/** A client that records what it was sent; `fail` decides a query's error, if any. */
function fakeClient(fail: (q: unknown) => Error | null = () => null) {
  const sent: unknown[] = [];
  const client = {
    query: async (...args: unknown[]) => {
      const q = args.length === 1 ? args[0] : { text: args[0], values: args[1] };
      sent.push(q);
      const err = fail(q);
      if (err) throw err;
      return { rows: [], command: 'SELECT', rowCount: 0 };
    },
    release: () => undefined,
  } as unknown as PostgresPoolClient;
  return { client, sent };
}

const staleErr = () => Object.assign(new Error('cached plan must not change result type'), { code: '0A000' });
const named = (q: unknown) => (q as { name?: string }).name;

describe('PreparedNames', () => {
  it('names a text from its second use on, the same name every time after', () => {
    const names = new PreparedNames(10);
    expect(names.nameOf('select 1 where a = $1')).toBeUndefined();
    const n = names.nameOf('select 1 where a = $1');
    expect(n).toMatch(/^folio_/);
    expect(names.nameOf('select 1 where a = $1')).toBe(n);
    expect(names.nameOf('select 2 where a = $1')).toBeUndefined();
  });

  it('never names a text that asks to be planned with its values', () => {
    const names = new PreparedNames(10);
    const text = `select * from t where lower(name) like $1 ${PLAN_WITH_VALUES}`;
    for (let i = 0; i < 7; i++) expect(names.nameOf(text)).toBeUndefined();
    expect(names.size).toBe(0);
  });

  it('names at most `max` texts; the rest stay unnamed', () => {
    const names = new PreparedNames(2);
    for (const t of ['a', 'b', 'c']) for (let i = 0; i < 2; i++) names.nameOf(t);
    expect(names.size).toBe(2);
    expect(names.nameOf('a')).toBeDefined();
    expect(names.nameOf('c')).toBeUndefined();
  });

  it('a renamed text gets a name no other text has had', () => {
    const names = new PreparedNames(10);
    names.nameOf('t');
    const first = names.nameOf('t');
    const second = names.rename('t');
    expect(second).not.toBe(first);
    expect(names.nameOf('t')).toBe(second);
  });
});

describe('preparedQuery', () => {
  it('sends a repeated text with parameters as a named statement, and leaves the rest alone', async () => {
    const { client, sent } = fakeClient();
    const query = preparedQuery(client, new PreparedNames(10)) as unknown as (...a: unknown[]) => Promise<unknown>;
    const text = 'select * from t where id = $1';
    await query(text, ['x']);
    await query(text, ['y']);
    await query(text, ['z']);
    await query('begin', []);
    await query('begin', []);
    await query('create table a (x int); create table b (y int)');
    const cursor = { text: 'select 1', submit: () => undefined };
    await query(cursor);
    expect(sent.map(named)).toEqual([undefined, expect.stringMatching(/^folio_/), expect.stringMatching(/^folio_/), undefined, undefined, undefined, undefined]);
    expect(named(sent[1])).toBe(named(sent[2]));
    expect(sent[2]).toMatchObject({ text, values: ['z'] });
    expect(sent[6]).toBe(cursor);
  });

  it('a stale result type renames the text and sends the query once more', async () => {
    let failures = 1;
    const { client, sent } = fakeClient((q) => (named(q) && failures-- > 0 ? staleErr() : null));
    const names = new PreparedNames(10);
    const query = preparedQuery(client, names) as unknown as (...a: unknown[]) => Promise<unknown>;
    const text = 'select * from t where id = $1';
    await query(text, ['a']);
    await expect(query(text, ['b'])).resolves.toMatchObject({ command: 'SELECT' });
    expect(sent).toHaveLength(3);
    expect(named(sent[2])).toBeDefined();
    expect(named(sent[2])).not.toBe(named(sent[1]));
    expect(names.nameOf(text)).toBe(named(sent[2]));
  });

  it('when the retry fails too (an aborted transaction), the caller gets the first error', async () => {
    const aborted = Object.assign(new Error('current transaction is aborted'), { code: '25P02' });
    const { client } = fakeClient((q) => (named(q) ? (named(q) === 'folio_0' ? staleErr() : aborted) : null));
    const query = preparedQuery(client, new PreparedNames(10)) as unknown as (...a: unknown[]) => Promise<unknown>;
    await query('select * from t where id = $1', ['a']);
    await expect(query('select * from t where id = $1', ['b'])).rejects.toThrow('cached plan must not change result type');
  });

  it('any other error is passed on as it is, with no retry', async () => {
    const boom = Object.assign(new Error('duplicate key value'), { code: '23505' });
    const { client, sent } = fakeClient((q) => (named(q) ? boom : null));
    const query = preparedQuery(client, new PreparedNames(10)) as unknown as (...a: unknown[]) => Promise<unknown>;
    await query('insert into t values ($1)', ['a']);
    await expect(query('insert into t values ($1)', ['b'])).rejects.toBe(boom);
    expect(sent).toHaveLength(2);
  });
});
