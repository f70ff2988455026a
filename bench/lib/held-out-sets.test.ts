// The real-variation sets link records across authorities only on evidence that names one person or organisation.
import type { WatchlistEntity } from '../../subgraphs/screening/lists';
import { linkAcrossAuthorities, scriptName } from './held-out-sets';

const entity = (source: string, sourceId: string, name: string, extra: Partial<WatchlistEntity> = {}): WatchlistEntity => ({
  source,
  sourceId,
  feeds: ['Sanctions'],
  type: 'individual',
  names: [{ value: name, kind: 'primary' }],
  birthDates: [],
  nationalities: [],
  countries: [],
  addresses: [],
  identifiers: [],
  programs: [],
  sourceUrls: [],
  ...extra,
});

it('links two authorities by a shared document number or a birth date and nationality only one record of each has', () => {
  const passport = [{ kind: 'passport', value: 'A1234567' }];
  const dob = { birthDates: [{ kind: 'full' as const, value: '1960-01-01' }], nationalities: ['IQ'] };
  const links = linkAcrossAuthorities([
    entity('un', '1', 'ZAKI EZAT ZAKI AHMED', { identifiers: passport }),
    entity('ofac_sdn', '10', 'AHMAD, Zaki Izzat Zaki', { identifiers: [{ kind: 'passport', value: 'a-123 4567' }] }),
    // one authority publishing a record twice is not a second authority
    entity('ofac_cons', '10', 'AHMAD, Zaki Izzat Zaki', { identifiers: passport }),
    entity('un', '2', 'OTHMAN AHMED OTHMAN AL-GHAMDI', dob),
    entity('ofac_sdn', '20', 'AL-GHAMDI, Uthman Ahmad Uthman', dob),
    // two individuals of one authority share the date and nationality: it names neither
    entity('un', '3', 'A', { birthDates: [{ kind: 'full', value: '1970-05-05' }], nationalities: ['SY'] }),
    entity('un', '4', 'B', { birthDates: [{ kind: 'full', value: '1970-05-05' }], nationalities: ['SY'] }),
    entity('ofac_sdn', '30', 'C', { birthDates: [{ kind: 'full', value: '1970-05-05' }], nationalities: ['SY'] }),
  ]);
  const pairs = links.map((l) => `${l.a.source}:${l.a.sourceId}-${l.b.source}:${l.b.sourceId} ${l.how}`).sort();
  expect(pairs).toEqual(['ofac_cons:10-un:1 identifier', 'ofac_sdn:10-un:1 identifier', 'ofac_sdn:20-un:2 dob_nationality']);
});

it('names the script of an original-script name', () => {
  expect(scriptName('Hassan OMAR')).toBeUndefined();
  expect(scriptName('حسن عمر')).toBe('Arabic');
  expect(scriptName('سيد محمد حقانی')).toBe('Persian');
  expect(scriptName('Амир Хазмат')).toBe('Cyrillic');
  expect(scriptName('金铁三')).toBe('Chinese');
  expect(scriptName('김정은')).toBe('Korean');
  expect(scriptName('ハマス')).toBe('Japanese');
  expect(scriptName('Ουσάμα')).toBe('Greek');
  expect(scriptName('אוסאמה')).toBe('Hebrew');
  expect(scriptName('อุซามะฮ์')).toBe('Thai');
});
