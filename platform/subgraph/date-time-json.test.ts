import { GraphQLScalarType } from 'graphql';
import { DateTimeResolver } from 'graphql-scalars';
import { dateTimeJsonValue, isIsoInstantText } from './date-time-json';
import { toJsonValues } from './json-values';
import { subgraphSchema } from './subgraph-server';

/** What the shared DateTime answered before the shortcut: the scalar's serialize, then JSON's value. */
function bySerialize(value: unknown): { value: unknown } | { error: string } {
  try {
    return { value: toJsonValues(DateTimeResolver.serialize(value)) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

describe('dateTimeJsonValue', () => {
  it('answers what the scalar and JSON answer, for instants across the years', () => {
    let seed = 11;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    for (let i = 0; i < 5_000; i++) {
      const first = Date.parse('0000-01-01T00:00:00.000Z');
      const date = new Date(first + random() * (Date.parse('9999-12-31T23:59:59.999Z') - first));
      for (const value of [date, date.toISOString()]) expect({ value: dateTimeJsonValue(value) }).toEqual(bySerialize(value));
    }
  });

  it.each([
    '2024-02-29T12:00:00.000Z', // a leap day
    '2000-02-29T00:00:00.000Z', // a leap century
    '0000-01-01T00:00:00.000Z',
    '9999-12-31T23:59:59.999Z',
  ])('recognises %s, as the scalar answers it', (text) => {
    expect(isIsoInstantText(text)).toBe(true);
    expect({ value: dateTimeJsonValue(text) }).toEqual(bySerialize(text));
  });

  it.each([
    ['a day the month lacks', '2026-02-30T00:00:00.000Z'],
    ['the 29th of February of a common year', '2100-02-29T00:00:00.000Z'],
    ['hour 24', '2026-01-02T24:00:00.000Z'],
    ['a leap second', '2026-12-31T23:59:60.000Z'],
    ['an offset', '2026-01-02T05:04:05.678+02:00'],
    ['no fraction', '2026-01-02T03:04:05Z'],
    ['a lower-case z', '2026-01-02T03:04:05.678z'],
    ['a year of six digits', '+010000-01-01T00:00:00.000Z'],
    ['not a date', 'yesterday'],
    ['a letter among the digits', '2026-0a-02T03:04:05.678Z'],
  ])('leaves %s to the scalar', (_, text) => {
    expect(dateTimeJsonValue(text)).toBeUndefined();
  });

  it.each([[new Date(Number.NaN)], [86_400_000], [null], [{}]])('leaves %p to the scalar', (value) => {
    expect(dateTimeJsonValue(value)).toBeUndefined();
  });

  it('writes a Date beyond year 9999 as JSON does', () => {
    const far = new Date(Date.UTC(12_000, 0, 1));
    expect(dateTimeJsonValue(far)).toBe(JSON.parse(JSON.stringify(far)));
  });
});

describe("a subgraph's DateTime", () => {
  /** The DateTime of a subgraph schema built with these resolvers (the shared scalar's unless given). */
  const dateTimeOf = (resolvers: Record<string, unknown> = {}) =>
    subgraphSchema(
      `extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key"])
       scalar DateTime
       type Query { at: DateTime }`,
      { Query: { at: () => null }, ...resolvers },
    ).getType('DateTime') as GraphQLScalarType;
  const dateTime = dateTimeOf();
  const serialize = (value: unknown) => {
    try {
      return { value: dateTime.serialize(value) };
    } catch (error) {
      return { error: (error as Error).message };
    }
  };

  it.each([
    ['a Date', new Date('2026-01-02T03:04:05.678Z')],
    ['its ISO text', '2026-01-02T03:04:05.678Z'],
    ['a day the month lacks', '2026-02-30T00:00:00.000Z'],
    ['an offset', '2026-01-02T05:04:05.1+02:00'],
    ['a lower-case z', '2026-01-02T03:04:05.678z'],
    ['a number', 86_400_000],
    ['an invalid Date', new Date(Number.NaN)],
    ['not a date', 'yesterday'],
  ])('serializes %s as the scalar and JSON did, errors included', (_, value) => {
    expect(serialize(value)).toEqual(bySerialize(value));
  });

  it("answers Dates and ISO text without the scalar's validation, anything else through it", () => {
    const scalar = jest.spyOn(DateTimeResolver, 'serialize');
    try {
      const spied = dateTimeOf();
      expect(spied.serialize(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
      expect(spied.serialize('2026-01-02T03:04:05.678Z')).toBe('2026-01-02T03:04:05.678Z');
      expect(scalar).not.toHaveBeenCalled();
      expect(spied.serialize('2026-01-02T03:04:05Z')).toBe('2026-01-02T03:04:05.000Z');
      expect(scalar).toHaveBeenCalledTimes(1);
    } finally {
      scalar.mockRestore();
    }
  });

  it("keeps a subgraph's own DateTime serialize", () => {
    const own = dateTimeOf({ DateTime: new GraphQLScalarType({ name: 'DateTime', serialize: () => 'always this' }) });
    expect(own.serialize('2026-01-02T03:04:05.678Z')).toBe('always this');
  });
});
