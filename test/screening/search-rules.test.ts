// The business rules of a search query (shared by REST and GraphQL callers) and the id formats.
import fc from 'fast-check';
import { newObjectId, newObjectIds } from '../../subgraphs/screening/services/object-id';
import { normalizeQuery, parseSearchId, validDateOfBirth } from '../../subgraphs/screening/services/search-service';
import { ScreeningError } from '../../subgraphs/screening/errors';

it('normalizes a query and fills the defaults', () => {
  expect(normalizeQuery({ name: '  Ada   Lovelace ' })).toMatchObject({
    name: 'Ada Lovelace',
    type: undefined,
    feeds: 'all',
    feedNames: ['all'],
    limit: 10,
    threshold: 0.8,
  });
  expect(
    normalizeQuery({
      name: 'Acme',
      type: 'Organization',
      feeds: ['sanctions', 'PEP', 'Sanctions'],
      country: 'Germany',
      dateOfBirth: '1970-02',
    }),
  ).toMatchObject({
    type: 'entity',
    typeLabel: 'organization',
    feeds: ['Sanctions', 'PEP'],
    country: 'DE',
    dateOfBirth: '1970-02',
  });
  expect(normalizeQuery({ name: 'x', feeds: ['Sanctions', 'all'] }).feeds).toBe('all');
  expect(normalizeQuery({ name: 'x', type: 'person' }).type).toBe('individual');
  expect(normalizeQuery({ name: 'x', country: 'fr' }).country).toBe('FR');
});

it('names the field of every rule it refuses', () => {
  const field = (input: Parameters<typeof normalizeQuery>[0]) => {
    try {
      normalizeQuery(input);
      return 'accepted';
    } catch (error) {
      expect(error).toBeInstanceOf(ScreeningError);
      expect((error as ScreeningError).code).toBe('schema_validation_failed');
      return (error as ScreeningError).details?.field;
    }
  };
  expect(field({ name: '   ' })).toBe('name');
  expect(field({ name: 'a'.repeat(513) })).toBe('name');
  expect(field({ name: 'a', type: 'animal' })).toBe('type');
  expect(field({ name: 'a', feeds: ['Rumours'] })).toBe('feeds');
  expect(field({ name: 'a', dateOfBirth: '1999-13' })).toBe('date_of_birth');
  expect(field({ name: 'a', country: 'Narnia' })).toBe('country');
  expect(field({ name: 'a', limit: 0 })).toBe('limit');
  expect(field({ name: 'a', threshold: -0.1 })).toBe('threshold');
  expect(field({ name: 'a', customId: 'c'.repeat(257) })).toBe('custom_id');
  expect(field({ name: 'a', identifiers: Array.from({ length: 11 }, () => ({ value: 'P1234567' })) })).toBe('identifiers');
  expect(field({ name: 'a', identifiers: [{ value: 'P1234567' }, { value: '  ' }] })).toBe('identifiers[1].value');
  expect(field({ name: 'a', identifiers: [{ value: '9'.repeat(65) }] })).toBe('identifiers[0].value');
  expect(field({ name: 'a', identifiers: [{ value: 'P1234567', kind: 'driving_licence' }] })).toBe('identifiers[0].kind');
  expect(field({ name: 'a', identifiers: [{ value: 'P1234567', country: 'Narnia' }] })).toBe('identifiers[0].country');
});

it("keeps a query's identifiers with their kind and issuing country, none when none are given", () => {
  expect(
    normalizeQuery({ name: 'a', identifiers: [{ kind: 'passport', value: ' C 0123 ', country: 'germany' }, { value: 'X-1' }] }).identifiers,
  ).toEqual([{ kind: 'passport', value: 'C 0123', country: 'DE' }, { value: 'X-1' }]);
  expect(normalizeQuery({ name: 'a', identifiers: [] }).identifiers).toBeUndefined();
  expect(normalizeQuery({ name: 'a' }).identifiers).toBeUndefined();
});

it('accepts exactly the real dates of birth in YYYY, YYYY-MM and YYYY-MM-DD', () => {
  fc.assert(
    fc.property(fc.date({ min: new Date('1800-01-01'), max: new Date('2100-12-31'), noInvalidDate: true }), (date) => {
      const iso = date.toISOString().slice(0, 10);
      return validDateOfBirth(iso) && validDateOfBirth(iso.slice(0, 7)) && validDateOfBirth(iso.slice(0, 4));
    }),
  );
  for (const bad of ['1950-02-30', '1950-00', '1950-1-1', '50', '1950/01/01', '2023-02-29', '']) expect(validDateOfBirth(bad)).toBe(false);
  expect(validDateOfBirth('2024-02-29')).toBe(true);
});

it('makes 24-hex ids and reads plain and entity-scoped search ids', () => {
  const ids = new Set([newObjectId(), ...newObjectIds(50)]);
  expect(ids.size).toBe(51);
  // Drawn from a pooled random buffer: no id repeats across refills, nor for draws larger than the pool.
  const many = [...Array.from({ length: 300 }, (_, i) => newObjectIds(1 + (i % 11))).flat(), ...newObjectIds(600)];
  expect(new Set(many.map((value) => value.slice(8))).size).toBe(many.length);
  for (const id of ids) expect(id).toMatch(/^[0-9a-f]{24}$/);
  const id = newObjectId();
  expect(parseSearchId(id)).toEqual({ requestId: id, resultId: `${id}_0` });
  expect(parseSearchId(`${id}_3`)).toEqual({ requestId: id, resultId: `${id}_3` });
  for (const bad of ['', 'abc', `${id}_`, `${id}x`, `${id.toUpperCase()}`, `${id}_1_2`]) expect(parseSearchId(bad)).toBeUndefined();
});
