// The custom field rules of the spec (type matrix, rules 1-3, limits) as pure functions: given the
// workspace's latest definitions and the request's values, say what to store and what to clear,
// or throw the ProfilesError that names the field path.
import { ProfilesError, ProfilesErrorCode } from '../errors';
import { isLosslessNumber, stringifyExact, utf8Bytes, withinInt64Range } from './json-text';

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'date', 'boolean', 'enum', 'json'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,63}$/;
export const TEXT_MAX_CHARACTERS = 4000;
export const JSON_MAX_BYTES = 16 * 1024;
export const COMBINED_MAX_BYTES = 64 * 1024;

export interface CustomFieldOption {
  value: string;
  label: string;
}

export interface FieldDefinition {
  key: string;
  label: string;
  type: CustomFieldType;
  required: boolean;
  priority: number;
  options: CustomFieldOption[];
  archived: boolean;
  createdAt: Date;
  updatedAt: Date;
}

export interface StoredValue {
  key: string;
  valueJson: string;
  bytes: number;
}

export interface CustomFieldChanges {
  set: StoredValue[];
  clear: string[];
}

function fail(code: ProfilesErrorCode, key: string, problem: string): never {
  const field = `profileCustomFields.${key}`;
  throw new ProfilesError(code, `${field}: ${problem}`, { field });
}

/** True for YYYY-MM-DD dates that exist on the (proleptic Gregorian) calendar, years 0001-9999. */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
  return day <= days;
}

function characters(text: string): number {
  let count = 0;
  for (const _ of text) count += 1; // code points, not UTF-16 units
  return count;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !isLosslessNumber(value);
}

/** Checks one non-null value against its definition's type (400-class problems) and returns its
 * exact JSON text. Size limits (409-class) are checked separately so that every 400 wins. */
function checkType(definition: FieldDefinition, value: unknown): string {
  const key = definition.key;
  switch (definition.type) {
    case 'text':
      if (typeof value !== 'string') fail('custom_field_wrong_type', key, 'expected a string (text)');
      break;
    case 'number': {
      const text = isLosslessNumber(value)
        ? value.toString()
        : typeof value === 'number' && Number.isFinite(value)
          ? String(value)
          : undefined;
      if (text === undefined) fail('custom_field_wrong_type', key, 'expected a JSON number');
      if (!withinInt64Range(text)) fail('custom_field_out_of_range', key, 'number outside the signed 64-bit range');
      return text;
    }
    case 'date':
      if (typeof value !== 'string') fail('custom_field_wrong_type', key, 'expected a date string YYYY-MM-DD');
      if (!isCalendarDate(value)) fail('custom_field_invalid_date', key, 'invalid date (expected an existing calendar date YYYY-MM-DD)');
      break;
    case 'boolean':
      if (typeof value !== 'boolean') fail('custom_field_wrong_type', key, 'expected a boolean');
      break;
    case 'enum':
      if (typeof value !== 'string') fail('custom_field_wrong_type', key, 'expected a string (an option value)');
      if (!definition.options.some((option) => option.value === value))
        fail('custom_field_invalid_choice', key, 'invalid choice (not an option value of this field)');
      break;
    case 'json':
      if (!isPlainObject(value) && !Array.isArray(value)) fail('custom_field_invalid_json', key, 'expected a JSON object or array');
      break;
  }
  return stringifyExact(value);
}

/**
 * Validates the request's profileCustomFields against the latest definitions.
 *   create: rule 1 (every active required definition present and non-null; null = omission).
 *   patch:  rule 2 (only supplied keys are validated; null clears the key).
 * Keys must be active definition keys (rule 3). Throws the first problem, 400-class before 409-class.
 */
export function validateCustomFieldWrite(
  definitions: FieldDefinition[],
  input: Record<string, unknown>,
  mode: 'create' | 'patch',
): CustomFieldChanges {
  const byKey = new Map(definitions.map((definition) => [definition.key, definition]));
  const set: { definition: FieldDefinition; valueJson: string; value: unknown }[] = [];
  const clear: string[] = [];
  for (const [key, value] of Object.entries(input)) {
    const definition = byKey.get(key);
    if (!definition) fail('custom_field_unknown', key, 'unknown custom field key');
    if (definition.archived) fail('custom_field_archived', key, 'custom field is archived');
    if (value === null || value === undefined) {
      if (mode === 'create' && definition.required) fail('custom_field_required', key, 'required');
      if (mode === 'patch') clear.push(key);
      continue;
    }
    set.push({ definition, valueJson: checkType(definition, value), value });
  }
  if (mode === 'create') {
    const supplied = new Set(set.map((item) => item.definition.key));
    for (const definition of definitions) {
      if (definition.required && !definition.archived && !supplied.has(definition.key))
        fail('custom_field_required', definition.key, 'required');
    }
  }
  for (const { definition, valueJson, value } of set) {
    if (definition.type === 'text' && characters(value as string) > TEXT_MAX_CHARACTERS) {
      fail('custom_field_too_large', definition.key, `text longer than ${TEXT_MAX_CHARACTERS} characters`);
    }
    if (definition.type === 'json' && utf8Bytes(valueJson) > JSON_MAX_BYTES) {
      fail('custom_field_too_large', definition.key, `JSON value larger than ${JSON_MAX_BYTES} bytes`);
    }
  }
  return { set: set.map(({ definition, valueJson }) => ({ key: definition.key, valueJson, bytes: utf8Bytes(valueJson) })), clear };
}

/** The 64 KB combined limit over every value the profile would store after the write. */
export function checkCombinedSize(existing: StoredValue[], changes: CustomFieldChanges): void {
  const result = new Map(existing.map((value) => [value.key, value.bytes]));
  for (const key of changes.clear) result.delete(key);
  for (const value of changes.set) result.set(value.key, value.bytes);
  let total = 0;
  for (const bytes of result.values()) total += bytes;
  if (total > COMBINED_MAX_BYTES) {
    throw new ProfilesError(
      'custom_fields_combined_too_large',
      `profileCustomFields: combined values larger than ${COMBINED_MAX_BYTES} bytes (${total})`,
      {
        field: 'profileCustomFields',
      },
    );
  }
}

export interface CustomFieldValueView {
  key: string;
  label: string;
  type: CustomFieldType;
  /** Exact JSON text. */
  value: string;
  valueLabel: string | null;
}

/** Order of the response array: higher priority first, then key. */
export function compareDefinitions(a: Pick<FieldDefinition, 'priority' | 'key'>, b: Pick<FieldDefinition, 'priority' | 'key'>): number {
  return b.priority - a.priority || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}

/** Stored values resolved against active definitions; null when none resolve (array omitted). */
export function viewCustomFields(definitions: FieldDefinition[], values: StoredValue[]): CustomFieldValueView[] | null {
  const byKey = new Map(definitions.filter((definition) => !definition.archived).map((definition) => [definition.key, definition]));
  const items: { definition: FieldDefinition; view: CustomFieldValueView }[] = [];
  for (const value of values) {
    const definition = byKey.get(value.key);
    if (!definition) continue;
    let valueLabel: string | null = null;
    if (definition.type === 'enum') {
      const stored = JSON.parse(value.valueJson) as unknown;
      valueLabel = definition.options.find((option) => option.value === stored)?.label ?? null;
    }
    items.push({
      definition,
      view: { key: definition.key, label: definition.label, type: definition.type, value: value.valueJson, valueLabel },
    });
  }
  if (items.length === 0) return null;
  items.sort((a, b) => compareDefinitions(a.definition, b.definition));
  return items.map((item) => item.view);
}
