// The field-level diff an alert's changes show: aliases added and removed, a name changing kind,
// birth dates, identifiers and remarks; a new listing has every value added; an equal entity none.
import { emptyEntity, type WatchlistEntity } from '../../lists/model';
import { diffListedValues, listedValues } from './listing-diff';

function person(change: (e: WatchlistEntity) => void): WatchlistEntity {
  const e = emptyEntity('un', 'QDi.1', 'individual');
  e.names.push({ value: 'JOHN ROE', kind: 'primary' }, { value: 'JOHNNY ROE', kind: 'aka' });
  e.birthDates.push({ kind: 'full', value: '1970-01-02' });
  e.nationalities.push('IR');
  e.programs.push('UN 1267');
  e.identifiers.push({ kind: 'passport', value: 'A123', country: 'IR' });
  e.remarks = 'Listed for financing.';
  change(e);
  return e;
}

it('lists only the fields that differ, with the values added and removed', () => {
  const before = listedValues(person(() => undefined));
  const after = listedValues(
    person((e) => {
      e.names = [
        { value: 'JOHN ROE', kind: 'primary' },
        { value: 'J. ROE', kind: 'aka' },
        { value: 'JOHNNY ROE', kind: 'fka' },
      ];
      e.birthDates.push({ kind: 'range', from: '1969', to: '1971' });
      e.identifiers = [{ kind: 'passport', value: 'B456' }];
      e.remarks = 'Listed for financing. Updated 2026.';
    }),
  );
  expect(diffListedValues(before, after)).toEqual([
    { field: 'names', added: ['J. ROE (a.k.a.)', 'JOHNNY ROE (f.k.a.)'], removed: ['JOHNNY ROE (a.k.a.)'] },
    { field: 'birth_dates', added: ['1969 – 1971'], removed: [] },
    { field: 'identifiers', added: ['passport B456'], removed: ['passport A123 (IR)'] },
    { field: 'remarks', added: ['Listed for financing. Updated 2026.'], removed: ['Listed for financing.'] },
  ]);
});

it('a new listing has every value added; an unchanged one no change', () => {
  const values = listedValues(person(() => undefined));
  expect(diffListedValues(null, values)).toEqual([
    { field: 'names', added: ['JOHN ROE', 'JOHNNY ROE (a.k.a.)'], removed: [] },
    { field: 'entity_type', added: ['individual'], removed: [] },
    { field: 'birth_dates', added: ['1970-01-02'], removed: [] },
    { field: 'nationalities', added: ['IR'], removed: [] },
    { field: 'identifiers', added: ['passport A123 (IR)'], removed: [] },
    { field: 'programs', added: ['UN 1267'], removed: [] },
    { field: 'remarks', added: ['Listed for financing.'], removed: [] },
    { field: 'feeds', added: ['Sanctions'], removed: [] },
  ]);
  expect(diffListedValues(values, listedValues(person(() => undefined)))).toEqual([]);
});
