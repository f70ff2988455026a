// Unit tests of the profile's date of birth read from its conventional custom field.
import { FieldDefinition } from './custom-field-rules';
import { dateOfBirthOf } from './date-of-birth';

const definition = (change: Partial<FieldDefinition> = {}): FieldDefinition => ({
  key: 'date_of_birth',
  label: 'Date of birth',
  type: 'date',
  required: false,
  priority: 0,
  options: [],
  archived: false,
  createdAt: new Date(),
  updatedAt: new Date(),
  ...change,
});
const value = (json: string) => [{ key: 'date_of_birth', valueJson: json, bytes: json.length }];

describe('date of birth', () => {
  it('is the value of the active date field keyed date_of_birth', () => {
    expect(dateOfBirthOf([definition()], value('"1961-08-04"'))).toBe('1961-08-04');
  });
  it.each([
    ['no such field', [], value('"1961-08-04"')],
    ['archived field', [definition({ archived: true })], value('"1961-08-04"')],
    ['a field of another type', [definition({ type: 'text' })], value('"1961-08-04"')],
    ['no value on the profile', [definition()], []],
    ['another key', [definition({ key: 'birth_date' })], [{ key: 'birth_date', valueJson: '"1961-08-04"', bytes: 12 }]],
  ])('is null with %s', (_, definitions, values) => {
    expect(dateOfBirthOf(definitions, values)).toBeNull();
  });
});
