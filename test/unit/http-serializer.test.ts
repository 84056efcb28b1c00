import { Type } from '@sinclair/typebox';
import fastJson from 'fast-json-stringify';
import { describe, expect, it } from 'vitest';
import { Nullable } from '../../src/platform/http/resource.js';
import { nullableAsTypeArrays, serializerCompiler } from '../../src/platform/http/serializer.js';

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
