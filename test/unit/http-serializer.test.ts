import { Type } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { Nullable } from '../../src/platform/http/resource.js';
import { nullableAsTypeArrays, serializerCompiler as bytesOrText, sharedInAnswer } from '../../src/platform/http/serializer.js';

/** The serializer's answer as text (an answer holding shared objects comes out as UTF-8 bytes). */
const serializerCompiler = (route: { schema: unknown }) => {
  const write = bytesOrText(route);
  return (data: unknown): string => {
    const out = write(data);
    return typeof out === 'string' ? out : out.toString('utf8');
  };
};

const Img = Type.Object({ id: Type.String(), url: Type.String(), width: Type.Integer() });
const Row = Type.Object({
  id: Type.String(),
  note: Nullable(Type.String({ maxLength: 10 })),
  count: Nullable(Type.Integer()),
  image: Nullable(Img),
  images: Type.Array(Nullable(Img)),
  status: Nullable(Type.Union([Type.Literal('a'), Type.Literal('b')])),
  meta: Type.Record(Type.String(), Type.Unknown()),
});
const Page = Type.Object({ data: Type.Array(Row), next: Nullable(Type.String()) });

describe('nullableAsTypeArrays', () => {
  it('turns anyOf [X, null] of a simply-typed X into a type list, at any depth, and leaves the rest', () => {
    const out = nullableAsTypeArrays(JSON.parse(JSON.stringify(Page))) as any;
    const row = out.properties.data.items;
    expect(out.properties.next).toEqual({ type: ['string', 'null'] });
    expect(row.properties.note).toEqual({ type: ['string', 'null'], maxLength: 10 });
    expect(row.properties.count.type).toEqual(['integer', 'null']);
    expect(row.properties.image.type).toEqual(['object', 'null']);
    expect(row.properties.image.properties.width).toEqual({ type: 'integer' });
    expect(row.properties.images.items.type).toEqual(['object', 'null']);
    // a union of literals and null stays an anyOf (there is no single type to list)
    expect(row.properties.status.anyOf).toHaveLength(2);
  });

  it('does not touch the route schema it is given', () => {
    const before = JSON.stringify(Page);
    nullableAsTypeArrays(Page as never);
    expect(JSON.stringify(Page)).toBe(before);
  });

  it('serialises every value exactly as the anyOf schema did', () => {
    const rows = [
      { id: '1', note: 'hi', count: 3, image: { id: 'i', url: 'u', width: 2, extra: 'dropped' }, images: [null, { id: 'j', url: 'v', width: 1 }], status: 'a', meta: { a: [1, { b: null }] } },
      { id: '2', note: null, count: null, image: null, images: [], status: null, meta: {} },
    ];
    for (const body of [{ data: rows, next: null }, { data: [], next: 'n' }]) {
      expect(serializerCompiler({ schema: Page })(body)).toBe(fastJson(Page as never)(body));
      expect(JSON.parse(serializerCompiler({ schema: Page })(body))).toEqual(JSON.parse(fastJson(Page as never)(body)));
    }
  });
});

describe('sharedInAnswer', () => {
  const Side = Type.Object({ id: Type.String(), name: Type.String(), tags: Type.Array(Type.String()), extra: Type.Optional(Type.Integer()) });
  const Item = Type.Object({
    id: Type.String(),
    side: sharedInAnswer(Nullable(Side)),
    also: Type.Optional(sharedInAnswer(Nullable(Side))),
    inline: Nullable(Side),
    meta: Type.Record(Type.String(), Type.Unknown()),
  });
  const List = Type.Object({ data: Type.Array(Item), one: sharedInAnswer(Side), message: Type.String() });
  const plain = (schema: unknown) => fastJson(JSON.parse(JSON.stringify(schema)));

  it('answers bytes when it placed a shared object, text otherwise; the bytes are the plain text in UTF-8, whatever the script', () => {
    const side = { id: 's1', name: 'Zürich «日本» 😀 \u2028', tags: ['é'] };
    const body = { data: [{ id: 'ä', side, inline: side, meta: { k: '😀' } }, { id: 'b', side, also: side, inline: null, meta: {} }], one: side, message: 'ünï 😀' };
    const out = bytesOrText({ schema: List })(body);
    expect(Buffer.isBuffer(out)).toBe(true);
    expect(Buffer.compare(out as Buffer, Buffer.from(plain(List)(body), 'utf8'))).toBe(0);
    // nothing placed (every marked property null): text, as fast-json-stringify wrote it
    expect(bytesOrText({ schema: Type.Object({ data: Type.Array(Item) }) })({ data: [{ id: 'a', side: null, inline: side, meta: {} }] })).toBe(plain(Type.Object({ data: Type.Array(Item) }))({ data: [{ id: 'a', side: null, inline: side, meta: {} }] }));
  });

  it('writes the same bytes as a plain serializer, shared objects and hostile strings included', () => {
    const side = { id: 's1', name: 'Front "A"\u0000', tags: ['x', '\u00000\u0000'], dropped: true };
    const other = { id: 's2', name: 'Back', tags: [] };
    const body = {
      data: [
        { id: 'a', side, also: other, inline: side, meta: { '\u0000': '"\u00001\u0000"', n: [side] } },
        { id: 'b', side, inline: null, meta: {} },
        { id: 'c', side: null, also: side, inline: other, meta: { s: '\u00002\u0000' } },
        { id: 'd', side: other, inline: side, meta: {} },
      ],
      one: side,
      message: 'ok \u0000 "\u00000\u0000"',
    };
    const shared = serializerCompiler({ schema: List })(body);
    expect(shared).toBe(plain(List)(body));
    expect(JSON.parse(shared).data[0].meta['\u0000']).toBe('"\u00001\u0000"');
    expect(JSON.parse(shared).data[1].side).toEqual({ id: 's1', name: 'Front "A"\u0000', tags: ['x', '\u00000\u0000'] });
  });

  it('serialises each shared object once per answer and leaves the caller\'s objects as they were', () => {
    let reads = 0;
    const side = { id: 's1', get name() { reads++; return 'Front'; }, tags: [] };
    const rows = Array.from({ length: 20 }, (_, i) => ({ id: String(i), side, inline: null, meta: {} }));
    const body = { data: rows, one: side, message: 'ok' };
    const out = JSON.parse(serializerCompiler({ schema: List })(body));
    expect(reads).toBe(2); // once under data[].side, once as `one` (another marked property)
    expect(out.data.map((d: { side: { name: string } }) => d.side.name)).toEqual(Array(20).fill('Front'));
    expect(rows[0]!.side).toBe(side);
    expect(body.data).toBe(rows);
  });

  it('list items marked as a whole, with marks of their own inside: the same bytes as a plain serializer', () => {
    const Page = Type.Object({ data: Type.Array(sharedInAnswer(Type.Object({ ...Item.properties }))), message: Type.String() });
    const side = { id: 's1', name: 'Front \u0000', tags: ['\u00000\u0000'] };
    const body = { data: [{ id: 'a', side, inline: side, meta: { x: '\u00001\u0000' } }, { id: 'b', side: null, also: side, inline: null, meta: {} }], message: 'm' };
    expect(serializerCompiler({ schema: Page })(body)).toBe(plain(Page)(body));
    expect(serializerCompiler({ schema: Page })({ data: [], message: 'm' })).toBe('{"data":[],"message":"m"}');
  });

  it("remembers the text of a frozen object (kept between answers) and writes any other object anew", () => {
    const Page = Type.Object({ data: Type.Array(sharedInAnswer(Type.Object({ ...Item.properties }))), message: Type.String() });
    const write = serializerCompiler({ schema: Page });
    let reads = 0;
    const counted = (name: string) => ({ id: 's', get name() { reads++; return name; }, tags: [] });
    const kept = Object.freeze({ id: 'k', side: Object.freeze(counted('Front')), inline: null, meta: {} });
    const first = write({ data: [kept], message: 'm' });
    expect(write({ data: [kept, kept], message: 'm' })).toBe(first.replace(/\[(.*)\]/, '[$1,$1]'));
    expect(reads).toBe(1);
    // an object not frozen may have changed since: written each time, as it is now
    const live = { id: 'l', side: counted('Back'), inline: null, meta: {} as Record<string, unknown> };
    write({ data: [live], message: 'm' });
    live.meta.changed = true;
    expect(JSON.parse(write({ data: [live], message: 'm' })).data[0].meta).toEqual({ changed: true });
    expect(reads).toBe(3);
  });

  it('keeps a required marked property required, and a missing optional one absent', () => {
    const write = serializerCompiler({ schema: List });
    expect(() => write({ data: [{ id: 'a', inline: null, meta: {} }], one: { id: 's', name: 'n', tags: [] }, message: 'm' })).toThrow(/side/);
    const out = JSON.parse(write({ data: [{ id: 'a', side: null, inline: null, meta: {} }], one: { id: 's', name: 'n', tags: [] }, message: 'm' }));
    expect(out.data[0]).toEqual({ id: 'a', side: null, inline: null, meta: {} });
  });

  it('calls toJSON as fast-json-stringify would, once', () => {
    const side = { id: 's', name: 'n', tags: [] };
    let calls = 0;
    const row = { toJSON: () => (calls++, { id: 'a', side, inline: null, meta: {} }) };
    const body = { data: [row], one: side, message: 'm' };
    expect(serializerCompiler({ schema: List })(body)).toBe(plain(List)(body));
    expect(calls).toBe(2);
  });

  it('leaves schemas without a marked property to fast-json-stringify alone, and the route schema unmarked in JSON', () => {
    expect(JSON.stringify(List)).not.toMatch(/shared/i);
    const body = { data: [], next: null };
    expect(serializerCompiler({ schema: Page })(body)).toBe(fastJson(Page as never)(body));
  });
});
