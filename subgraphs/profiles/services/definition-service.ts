// Custom field definition management. Keys are immutable (supplied or generated from the label);
// types are immutable; enum option values are immutable once saved (an update that omits or
// changes one → 409 custom_field_option_immutable); options may be added, relabeled, reordered.
// Making a definition required does not backfill existing profiles (rule 6). Every change appends
// a revision to the definition's history (definition-history-service.ts).
import type { Scope } from '../../../platform/db/prisma';
import { isStorableText } from '../data/scope';
import {
  countDefinitions,
  findDefinition,
  findDefinitions,
  insertDefinition,
  keyExists,
  lockDefinition,
  updateDefinition,
} from '../data/definition-store';
import { ProfilesError } from '../errors';
import type { RecordCreate } from './create-once';
import {
  compareDefinitions,
  CUSTOM_FIELD_KEY_PATTERN,
  CUSTOM_FIELD_TYPES,
  CustomFieldOption,
  CustomFieldType,
  FieldDefinition,
} from './custom-field-rules';
import { toFieldDefinition } from './definitions-reader';
import { omittedSavedOption, recordDefinitionRevision } from './definition-history-service';
import { ChangeAuditContext, has, ProfilesDeps } from './deps';

export const LABEL_MAX = 200;
export const OPTION_VALUE_MAX = 200;
export const MAX_OPTIONS = 500;
export const MAX_DEFINITIONS_PER_WORKSPACE = 500;
export const PRIORITY_MAX = 1_000_000;

export interface CreateDefinitionInput {
  key?: string | null;
  label: string;
  type: string;
  required?: boolean | null;
  priority?: number | null;
  options?: CustomFieldOption[] | null;
}

export interface UpdateDefinitionInput {
  label?: string | null;
  required?: boolean | null;
  priority?: number | null;
  options?: CustomFieldOption[] | null;
}

function invalid(field: string, problem: string): never {
  throw new ProfilesError('custom_field_definition_invalid', `${field}: ${problem}`, { field });
}

function checkLabel(value: unknown): string {
  if (typeof value !== 'string' || !value.trim() || !isStorableText(value))
    invalid('label', 'must be a non-empty string of Unicode text (no NUL)');
  const label = value.trim();
  if (label.length > LABEL_MAX) invalid('label', `must be at most ${LABEL_MAX} characters`);
  return label;
}

function checkPriority(value: unknown): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > PRIORITY_MAX)
    invalid('priority', `must be an integer from 0 to ${PRIORITY_MAX}`);
  return value;
}

function checkOptions(
  type: CustomFieldType,
  options: CustomFieldOption[] | null | undefined,
  creating: boolean,
): CustomFieldOption[] | undefined {
  if (type !== 'enum') {
    if (options !== undefined && options !== null && options.length > 0) invalid('options', 'only enum fields have options');
    return creating ? [] : undefined;
  }
  if (options === undefined && !creating) return undefined;
  if (!options || options.length === 0) invalid('options', 'an enum field needs at least one option');
  if (options.length > MAX_OPTIONS) invalid('options', `at most ${MAX_OPTIONS} options`);
  const seen = new Set<string>();
  return options.map((option, index) => {
    if (
      typeof option?.value !== 'string' ||
      option.value.length === 0 ||
      option.value.length > OPTION_VALUE_MAX ||
      !isStorableText(option.value)
    ) {
      invalid(`options[${index}].value`, `must be a string of 1 to ${OPTION_VALUE_MAX} characters`);
    }
    if (seen.has(option.value)) invalid(`options[${index}].value`, `duplicate option value ${JSON.stringify(option.value)}`);
    seen.add(option.value);
    if (typeof option.label !== 'string' || !option.label.trim() || option.label.length > LABEL_MAX || !isStorableText(option.label)) {
      invalid(`options[${index}].label`, `must be a non-empty string of at most ${LABEL_MAX} characters`);
    }
    return { value: option.value, label: option.label.trim() };
  });
}

/** A key from a label: lower case ASCII, [a-z0-9_], starting with a letter, at most 64 characters. */
export function keyFromLabel(label: string, fallback: string): string {
  let key = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!/^[a-z]/.test(key)) key = key ? `${fallback}_${key}` : fallback;
  return key.slice(0, 64).replace(/_+$/, '');
}

export async function listDefinitions(deps: ProfilesDeps, scope: Scope, includeArchived: boolean): Promise<FieldDefinition[]> {
  const all = (await findDefinitions(deps.db, scope)).map(toFieldDefinition);
  return all.filter((definition) => includeArchived || !definition.archived).sort(compareDefinitions);
}

export async function getDefinition(deps: ProfilesDeps, scope: Scope, key: string): Promise<FieldDefinition | null> {
  const row = await findDefinition(deps.db, scope, key);
  return row ? toFieldDefinition(row) : null;
}

/** `record` (a keyed request) stores the idempotency key in the create's transaction (services/create-once.ts). */
export async function createDefinition(
  deps: ProfilesDeps,
  scope: Scope,
  input: CreateDefinitionInput,
  audit: ChangeAuditContext,
  record?: RecordCreate,
): Promise<FieldDefinition> {
  const label = checkLabel(input.label);
  if (!(CUSTOM_FIELD_TYPES as readonly string[]).includes(input.type)) invalid('type', `must be one of ${CUSTOM_FIELD_TYPES.join(', ')}`);
  const type = input.type as CustomFieldType;
  const priority = input.priority === null || input.priority === undefined ? 0 : checkPriority(input.priority);
  const required = input.required ?? false;
  const options = checkOptions(type, input.options, true)!;
  const suppliedKey = input.key ?? undefined;
  if (suppliedKey !== undefined && !CUSTOM_FIELD_KEY_PATTERN.test(suppliedKey)) invalid('key', 'must match ^[a-z][a-z0-9_]{0,63}$');
  for (let attempt = 0; ; attempt += 1) {
    try {
      const row = await deps.db.$transaction(async (tx) => {
        if ((await countDefinitions(tx, scope)) >= MAX_DEFINITIONS_PER_WORKSPACE) {
          throw new ProfilesError(
            'custom_field_definition_conflict',
            `at most ${MAX_DEFINITIONS_PER_WORKSPACE} custom field definitions per workspace`,
          );
        }
        let key = suppliedKey;
        if (key !== undefined) {
          if (await keyExists(tx, scope, key))
            throw new ProfilesError('custom_field_definition_conflict', `key: a custom field with key ${key} already exists`, {
              field: 'key',
            });
        } else {
          const base = keyFromLabel(label, 'field');
          key = base;
          for (let n = 2; await keyExists(tx, scope, key); n += 1) key = `${base.slice(0, 60)}_${n}`;
        }
        const created = toFieldDefinition(await insertDefinition(tx, scope, { key, label, type, required, priority, options }));
        await record?.(tx, created.key);
        await recordDefinitionRevision(tx, scope, null, created, 'create', audit);
        return created;
      });
      deps.definitions.invalidate(scope);
      return row;
    } catch (error) {
      // Two creations raced for one generated key: try again; for a supplied key it is a conflict.
      if ((error as { code?: string }).code === 'P2002') {
        if (suppliedKey !== undefined)
          throw new ProfilesError('custom_field_definition_conflict', `key: a custom field with key ${suppliedKey} already exists`, {
            field: 'key',
          });
        if (attempt < 5) continue;
      }
      throw error;
    }
  }
}

export async function updateDefinitionByKey(
  deps: ProfilesDeps,
  scope: Scope,
  key: string,
  input: UpdateDefinitionInput,
  audit: ChangeAuditContext,
): Promise<FieldDefinition> {
  const changes: { label?: string; required?: boolean; priority?: number; options?: CustomFieldOption[] } = {};
  if (has(input, 'label')) changes.label = checkLabel(input.label);
  if (has(input, 'priority')) changes.priority = checkPriority(input.priority);
  if (has(input, 'required')) {
    if (typeof input.required !== 'boolean') invalid('required', 'must be a boolean');
    changes.required = input.required;
  }
  const row = await deps.db.$transaction(async (tx) => {
    const current = await lockDefinition(tx, scope, key);
    if (!current) throw new ProfilesError('custom_field_definition_not_found', 'Custom field definition not found');
    const definition = toFieldDefinition(current);
    if (has(input, 'options')) {
      if (input.options === null) invalid('options', 'must be an array');
      const options = checkOptions(definition.type, input.options, false);
      if (options) {
        const missing = omittedSavedOption(definition.options, options);
        if (missing) {
          throw new ProfilesError(
            'custom_field_option_immutable',
            `options: saved option value ${JSON.stringify(missing.value)} cannot be changed or removed (options may be added, relabeled or reordered)`,
            { field: 'options' },
          );
        }
        changes.options = options;
      }
    }
    const updated = toFieldDefinition(await updateDefinition(tx, scope, key, changes));
    await recordDefinitionRevision(tx, scope, definition, updated, 'update', audit);
    return updated;
  });
  deps.definitions.invalidate(scope);
  return row;
}

export async function setDefinitionArchived(
  deps: ProfilesDeps,
  scope: Scope,
  key: string,
  archived: boolean,
  audit: ChangeAuditContext,
): Promise<FieldDefinition> {
  const row = await deps.db.$transaction(async (tx) => {
    const current = await lockDefinition(tx, scope, key);
    if (!current) throw new ProfilesError('custom_field_definition_not_found', 'Custom field definition not found');
    if ((current.archivedAt !== null) === archived) return toFieldDefinition(current); // idempotent: no new revision
    const changed = toFieldDefinition(await updateDefinition(tx, scope, key, { archivedAt: archived ? new Date() : null }));
    await recordDefinitionRevision(tx, scope, toFieldDefinition(current), changed, archived ? 'archive' : 'restore', audit);
    return changed;
  });
  deps.definitions.invalidate(scope);
  return row;
}
