// The profile's date of birth, for identity verification's cross-check. Profiles have no built-in
// date of birth (the interface document defines none); a workspace that keeps one names it by
// convention: an active custom field definition of type `date` with the key `date_of_birth`.
import { FieldDefinition, StoredValue } from './custom-field-rules';

export const DATE_OF_BIRTH_KEY = 'date_of_birth';

/** YYYY-MM-DD, or null when the workspace has no such field or the profile no value for it. */
export function dateOfBirthOf(definitions: FieldDefinition[], values: StoredValue[]): string | null {
  const definition = definitions.find((d) => d.key === DATE_OF_BIRTH_KEY);
  if (!definition || definition.archived || definition.type !== 'date') return null;
  const stored = values.find((v) => v.key === DATE_OF_BIRTH_KEY);
  if (!stored) return null;
  const value = JSON.parse(stored.valueJson) as unknown;
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}
