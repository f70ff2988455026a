import { stringify } from 'lossless-json';
import { LosslessNumber, parseLossless, stringifyLossless } from './lossless-json';

describe('stringifyLossless', () => {
  it('writes answers without exact numbers exactly as the lossless serializer did (native path)', () => {
    const answers: unknown[] = [
      { status: 200, msg: 'ok', result: { id: 'p_1', tags: ['a', 'b'], score: 0.97, count: 3, nothing: null, gone: undefined } },
      [1, undefined, null, Number.NaN, Number.POSITIVE_INFINITY, -0, 1e21, 5e-7, () => 1],
      {
        when: new Date('2026-11-25T12:00:00.000Z'),
        text: 'quote " backslash \\ newline \n tab \t é 漢 \u2028 😀',
        nested: { deeper: [{}, []] },
      },
      { toJSON: () => ({ replaced: true }) },
      'plain string',
      42,
      true,
      null,
    ];
    for (const answer of answers) expect(stringifyLossless(answer)).toBe(stringify(answer) ?? 'null');
  });

  it('keeps the digits of big integers wherever they sit', () => {
    const big = new LosslessNumber('12345678901234567890');
    expect(stringifyLossless({ result: { fields: [{ value: big }] } })).toBe('{"result":{"fields":[{"value":12345678901234567890}]}}');
    expect(stringifyLossless([1, [2, [9007199254740993n]]])).toBe('[1,[2,[9007199254740993]]]');
    expect(stringifyLossless({ custom: { toJSON: () => big } })).toBe('{"custom":12345678901234567890}');
    const text = '{"a":{"b":[123456789012345678901234567890,0.1]}}';
    expect(stringifyLossless(parseLossless(text))).toBe(text);
  });

  it('writes null for a value without a JSON text', () => {
    expect(stringifyLossless(undefined)).toBe('null');
  });
});
