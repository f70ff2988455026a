import { toJsonValues } from './json-values';

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
