import { execute, GraphQLScalarType, parse } from 'graphql';
import { SHARED_SCALARS } from '../graphql/scalars';
import { onlyJsonValues, toJsonValues } from './json-values';
import { subgraphSchema } from './subgraph-server';

describe('toJsonValues', () => {
  const samples: unknown[] = [
    { at: new Date('2026-01-02T03:04:05.678Z'), n: 1.5, s: 'x', b: true, nil: null, gone: undefined, f: () => 1 },
    [1, undefined, new Date(0), { nested: [{ deep: new Date(86_400_000) }] }, NaN, Infinity],
    { custom: { toJSON: () => ({ replaced: new Date(5) }) } },
    'text',
    42,
    // GraphQL execution builds its results without a prototype.
    Object.assign(Object.create(null), { id: 'x', at: new Date(7), list: [Object.assign(Object.create(null), { k: 1 })] }),
    // Inherited fields are not the object's own: JSON leaves them out.
    Object.assign(Object.create({ inherited: 1 }), { own: 2 }),
  ];
  it.each(samples.map((sample) => [sample]))('matches a JSON round trip: %p', (sample) => {
    expect(toJsonValues(sample)).toEqual(JSON.parse(JSON.stringify(sample)));
  });
  it('refuses a bigint without toJSON, as JSON.stringify does', () => {
    const proto = BigInt.prototype as unknown as { toJSON?: unknown };
    if (proto.toJSON) return; // a library patched it: then both sides use the patch
    expect(() => toJsonValues({ big: 10n })).toThrow(TypeError);
  });
});

describe('onlyJsonValues', () => {
  it('accepts what JSON would not change, result maps without a prototype included', () => {
    expect(onlyJsonValues({ a: [1, 'x', true, null], b: Object.assign(Object.create(null), { c: 1.5 }) })).toBe(true);
  });
  it.each([[new Date(0)], [{ a: undefined }], [[NaN]], [{ big: 1n }], [new Map()]])('refuses %p', (value) => {
    expect(onlyJsonValues(value)).toBe(false);
  });
});

describe('a subgraph schema (serializeScalarsToJsonValues)', () => {
  const SDL = `
    extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
    ${Object.keys(SHARED_SCALARS)
      .map((name) => `scalar ${name}`)
      .join('\n')}
    scalar Code
    type Thing { id: ID! meta: JSONObject at: DateTime tags: [String!]! code: Code }
    type Query { thing: Thing }
  `;
  const meta = { nested: { at: new Date('2026-01-02T03:04:05.678Z'), gone: undefined, list: [1, undefined, 'x'] } };
  const code = new GraphQLScalarType({ name: 'Code', serialize: (value) => ({ code: value }) });
  const schema = subgraphSchema(SDL, {
    Code: code,
    Query: { thing: () => ({ id: 't1', meta, at: new Date(86_400_000), tags: ['a'], code: 7 }) },
  });

  const dated = { at: new Date('2026-01-02T03:04:05.678Z'), gone: undefined, list: [new Date(0), undefined, { big: 1.5 }] };
  const samples: Record<string, unknown[]> = {
    DateTime: [new Date('2026-01-02T03:04:05.678Z'), '2026-01-02T03:04:05Z', '2026-01-02T05:04:05.1+02:00', 86_400_000],
    LocalDate: ['2026-01-02'],
    EmailAddress: ['ada@example.com'],
    URL: ['https://Example.com/a/../b?q=1'],
    CountryCode: ['DE'],
    BigInt: [1n, 2n ** 64n, '123', 5, -(2n ** 70n)],
    JSON: [dated, [1, dated, 'x'], 'text', 2.5, true],
    JSONObject: [dated, {}],
  };
  const cases = Object.entries(samples).flatMap(([name, values]) => values.map((value) => [name, value] as const));

  it.each(cases)('%s serializes %p to what JSON makes of its former answer', (name, value) => {
    const serialized = (schema.getType(name) as GraphQLScalarType).serialize(value);
    expect(onlyJsonValues(serialized)).toBe(true);
    expect(serialized).toEqual(JSON.parse(JSON.stringify(SHARED_SCALARS[name].serialize(value))));
  });

  it('a DateTime is the text JSON.stringify writes for its Date', () => {
    const date = new Date('2026-01-02T03:04:05.678Z');
    expect((schema.getType('DateTime') as GraphQLScalarType).serialize(date)).toBe(JSON.parse(JSON.stringify(date)));
  });

  it('refuses what the scalar refused', () => {
    expect(() => (schema.getType('DateTime') as GraphQLScalarType).serialize('yesterday')).toThrow(/DateTime cannot represent/);
    expect(() => (schema.getType('JSONObject') as GraphQLScalarType).serialize([1])).toThrow(/JSONObject cannot represent/);
  });

  it('parses inputs as the scalar did (a DateTime variable is a Date)', () => {
    expect((schema.getType('DateTime') as GraphQLScalarType).parseValue('2026-01-02T03:04:05Z')).toEqual(new Date('2026-01-02T03:04:05Z'));
  });

  it("graphql-js builds JSON values only, none of them the resolver's own objects (a subgraph's own scalar too)", async () => {
    const result = await execute({ schema, document: parse('{ thing { id meta at tags code } }') });
    expect(result.errors).toBeUndefined();
    expect(onlyJsonValues(result.data)).toBe(true);
    const thing = result.data!.thing as Record<string, unknown>;
    expect(JSON.parse(JSON.stringify(thing))).toEqual({
      id: 't1',
      meta: { nested: { at: '2026-01-02T03:04:05.678Z', list: [1, null, 'x'] } },
      at: '1970-01-02T00:00:00.000Z',
      tags: ['a'],
      code: { code: 7 },
    });
    // The answer's JSON object is a copy: changing it leaves the resolver's object as it was.
    const answered = thing.meta as { nested: { list: unknown[] } };
    answered.nested.list.push('more');
    expect(meta.nested.list).toEqual([1, undefined, 'x']);
    expect(meta.nested.at).toBeInstanceOf(Date);
  });
});
