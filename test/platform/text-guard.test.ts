// The variables guard of the gateway and every subgraph: the path of the first string PostgreSQL
// text cannot hold (NUL, an unpaired surrogate), in a value or a key, at any depth.
import { findUnstorableText } from '../../platform/subgraph/text-guard';

describe('findUnstorableText', () => {
  it.each([
    ['a NUL in a value', { input: { name: 'A\u0000B' } }, 'variables.input.name'],
    ['a lone high surrogate', { input: { names: ['ok', 'A\ud800'] } }, 'variables.input.names[1]'],
    [
      'a lone low surrogate',
      { representations: [{ __typename: 'Profile', id: 'p' }, { id: '\udc00x' }] },
      'variables.representations[1].id',
    ],
    ['an unstorable key', { input: { fields: { 'k\u0000': 'v' } } }, 'variables.input.fields.k\u0000'],
    ['nested arrays', { matrix: [[], ['a', ['b', '\u0000']]] }, 'variables.matrix[1][1][1]'],
    ['a string alone', '\u0000', 'variables'],
  ])('names %s by its path', (_, variables, path) => {
    expect(findUnstorableText(variables)).toBe(path);
  });

  it('names the first of several, in the order of the keys and items', () => {
    expect(findUnstorableText({ a: ['fine', { b: '\ud800' }], c: '\u0000' })).toBe('variables.a[1].b');
  });

  it('passes storable text: pairs of surrogates, other control characters, other values', () => {
    expect(
      findUnstorableText({
        emoji: '😀 \ud83d\ude00',
        tab: 'a\tb\u0001',
        n: 1,
        b: true,
        none: null,
        list: [{ id: 'x' }],
        date: new Date(0),
      }),
    ).toBeUndefined();
    expect(findUnstorableText(undefined)).toBeUndefined();
  });

  it('stops 64 levels down', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 70; level++) deep = { d: deep };
    expect(findUnstorableText(deep)).toBeUndefined();
  });

  it('starts the path where asked', () => {
    expect(findUnstorableText({ x: '\u0000' }, 'body')).toBe('body.x');
  });
});
