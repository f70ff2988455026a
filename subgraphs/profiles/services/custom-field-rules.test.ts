import { ProfilesError } from '../errors';
import { checkCombinedSize, FieldDefinition, isCalendarDate, validateCustomFieldWrite, viewCustomFields } from './custom-field-rules';
import { LosslessNumber, parseExact, withinInt64Range } from './json-text';

const now = new Date();
function def(key: string, type: FieldDefinition['type'], extra: Partial<FieldDefinition> = {}): FieldDefinition {
  return {
    key,
    label: key.toUpperCase(),
    type,
    required: false,
    priority: 0,
    options: [],
    archived: false,
    createdAt: now,
    updatedAt: now,
    ...extra,
  };
}

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (error) {
    if (error instanceof ProfilesError) return error.code;
    throw error;
  }
  return undefined;
}

describe('withinInt64Range', () => {
  test.each([
    ['9223372036854775807', true],
    ['-9223372036854775808', true],
    ['9223372036854775808', false],
    ['-9223372036854775809', false],
    ['9223372036854775806.9', true],
    ['9223372036854775807.0', true],
    ['9223372036854775807.01', false],
    ['-9223372036854775808.5', false],
    ['0.5', true],
    ['-0', true],
    ['1e18', true],
    ['1e19', false],
    [`-0.${'0'.repeat(31)}9223372036854775808e50`, true],
    [`0.${'0'.repeat(31)}9223372036854775808e50`, false],
    [`0.${'0'.repeat(31)}9223372036854775807e50`, true],
    ['1e-999999999', true],
    ['1e999999999', false],
    ['00012', true],
  ])('%s → %s', (text, expected) => {
    expect(withinInt64Range(text)).toBe(expected);
  });
});

describe('isCalendarDate', () => {
  test.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['1900-02-29', false],
    ['2000-02-29', true],
    ['2024-04-31', false],
    ['2024-12-31', true],
    ['0000-01-01', false],
    ['9999-12-31', true],
    ['2024-00-10', false],
    ['2024-1-01', false],
    [' 2024-01-01', false],
  ])('%s → %s', (text, expected) => {
    expect(isCalendarDate(text)).toBe(expected);
  });
});

describe('validateCustomFieldWrite', () => {
  const definitions = [
    def('t', 'text'),
    def('n', 'number'),
    def('e', 'enum', { options: [{ value: 'v', label: 'V' }] }),
    def('j', 'json'),
    def('r', 'text', { required: true }),
    def('old', 'text', { archived: true, required: true }),
  ];

  test('create: required present, archived required ignored, exact number text kept', () => {
    const input = parseExact('{"r":"x","n":9223372036854775807,"j":{"a":1.50}}') as Record<string, unknown>;
    const changes = validateCustomFieldWrite(definitions, input, 'create');
    expect(changes.set).toEqual([
      { key: 'r', valueJson: '"x"', bytes: 3 },
      { key: 'n', valueJson: '9223372036854775807', bytes: 19 },
      { key: 'j', valueJson: '{"a":1.50}', bytes: 10 },
    ]);
  });

  test('codes', () => {
    expect(codeOf(() => validateCustomFieldWrite(definitions, {}, 'create'))).toBe('custom_field_required');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { r: null }, 'create'))).toBe('custom_field_required');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { r: null }, 'patch'))).toBeUndefined();
    expect(codeOf(() => validateCustomFieldWrite(definitions, { x: 1 }, 'patch'))).toBe('custom_field_unknown');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { old: 'x' }, 'patch'))).toBe('custom_field_archived');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { n: 'x' }, 'patch'))).toBe('custom_field_wrong_type');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { n: new LosslessNumber('1e30') }, 'patch'))).toBe(
      'custom_field_out_of_range',
    );
    expect(codeOf(() => validateCustomFieldWrite(definitions, { e: 'V' }, 'patch'))).toBe('custom_field_invalid_choice');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { j: 'x' }, 'patch'))).toBe('custom_field_invalid_json');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { j: new LosslessNumber('1') }, 'patch'))).toBe('custom_field_invalid_json');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { t: 'x'.repeat(4001) }, 'patch'))).toBe('custom_field_too_large');
    expect(codeOf(() => validateCustomFieldWrite(definitions, { t: '😀'.repeat(4000) }, 'patch'))).toBeUndefined();
    expect(codeOf(() => validateCustomFieldWrite(definitions, { j: ['x'.repeat(16 * 1024)] }, 'patch'))).toBe('custom_field_too_large');
  });

  test('patch: null clears', () => {
    expect(validateCustomFieldWrite(definitions, { t: null, e: 'v' }, 'patch')).toEqual({
      set: [{ key: 'e', valueJson: '"v"', bytes: 3 }],
      clear: ['t'],
    });
  });

  test('combined size counts what the profile would store after the write', () => {
    const big = { key: 'a', valueJson: '', bytes: 40_000 };
    expect(codeOf(() => checkCombinedSize([big], { set: [{ key: 'b', valueJson: '', bytes: 30_000 }], clear: [] }))).toBe(
      'custom_fields_combined_too_large',
    );
    expect(codeOf(() => checkCombinedSize([big], { set: [{ key: 'b', valueJson: '', bytes: 30_000 }], clear: ['a'] }))).toBeUndefined();
    expect(codeOf(() => checkCombinedSize([big], { set: [{ key: 'a', valueJson: '', bytes: 65_536 }], clear: [] }))).toBeUndefined();
  });
});

describe('viewCustomFields', () => {
  test('active definitions only, priority order, enum label, null when none', () => {
    const definitions = [
      def('a', 'text', { priority: 1 }),
      def('b', 'enum', { priority: 5, options: [{ value: 'x', label: 'Ex' }] }),
      def('c', 'text', { archived: true }),
    ];
    const values = [
      { key: 'a', valueJson: '"1"', bytes: 3 },
      { key: 'b', valueJson: '"x"', bytes: 3 },
      { key: 'c', valueJson: '"3"', bytes: 3 },
      { key: 'gone', valueJson: '"4"', bytes: 3 },
    ];
    expect(viewCustomFields(definitions, values)).toEqual([
      { key: 'b', label: 'B', type: 'enum', value: '"x"', valueLabel: 'Ex' },
      { key: 'a', label: 'A', type: 'text', value: '"1"', valueLabel: null },
    ]);
    expect(viewCustomFields(definitions, [values[2]])).toBeNull();
  });
});
