/**
 * UK OFSI consolidated list CSV: a "Last Updated,<date>" line, then a header row; one row per name, rows of one
 * designation share a Group ID. Name 6 is the surname, Name 1..5 the forenames. DOB is dd/mm/yyyy with 00 for unknown.
 */
import { parseCsv } from '../csv';
import { toCountryCode } from '../countries';
import { parseBirthDate } from '../dates';
import { addName, emptyEntity, pushUnique, type EntityType, type NameKind, type WatchlistEntity } from '../model';
import { readListText } from '../read-text';
import { detectScript } from '../scripts';

const TYPES: Record<string, EntityType> = { individual: 'individual', entity: 'entity', ship: 'vessel' };

export function loadUkOfsiCsv(path: string): WatchlistEntity[] {
  return parseUkOfsiCsv(readListText(path), path);
}

export function parseUkOfsiCsv(text: string, file = 'UK OFSI csv'): WatchlistEntity[] {
  const rows = parseCsv(text, { file });
  let header: string[] | undefined;
  const byGroup = new Map<string, WatchlistEntity>();
  for (const { fields, line } of rows) {
    if (!header) {
      if (/^last updated$/i.test(fields[0].trim())) continue;
      header = fields.map((h) => h.trim());
      for (const need of ['Name 6', 'Name 1', 'Group Type', 'Group ID']) {
        if (!header.includes(need)) throw new Error(`${file}:${line}: missing column ${need}`);
      }
      continue;
    }
    const h = header;
    const v = (name: string) => (fields[h.indexOf(name)] ?? '').trim();
    const group = v('Group ID');
    if (!group) throw new Error(`${file}:${line}: row without Group ID`);
    let e = byGroup.get(group);
    if (!e) {
      e = emptyEntity('uk_ofsi', group, TYPES[v('Group Type').toLowerCase()] ?? 'entity');
      e.sourceUrls.push('https://www.gov.uk/government/publications/financial-sanctions-consolidated-list-of-targets');
      byGroup.set(group, e);
    }
    const forenames = ['Name 1', 'Name 2', 'Name 3', 'Name 4', 'Name 5'].map(v).filter(Boolean);
    const surname = v('Name 6');
    const name =
      e.type === 'individual' ? [...forenames, surname].filter(Boolean).join(' ') : [surname, ...forenames].filter(Boolean).join(' ');
    const aliasType = v('Alias Type').toLowerCase();
    const low = v('Alias Quality').toLowerCase() === 'low';
    const kind: NameKind = aliasType.startsWith('primary name') && !aliasType.includes('variation') ? 'primary' : low ? 'weak_aka' : 'aka';
    if (kind === 'primary') {
      // keep the primary first
      e.names = e.names.filter((n) => n.value.toLowerCase() !== name.toLowerCase());
      e.names.unshift({ value: name, kind: 'primary' });
      e.names.forEach((n, i) => {
        if (i > 0 && n.kind === 'primary') n.kind = 'aka';
      });
    } else addName(e, { value: name, kind, quality: low ? 'low' : 'good' });
    const nonLatin = v('Name Non-Latin Script');
    if (nonLatin) addName(e, { value: nonLatin, kind: 'original_script', quality: 'good', script: detectScript(nonLatin) });
    const dob = v('DOB');
    if (dob) {
      const d = parseBirthDate(dob, true);
      if (d && !e.birthDates.some((x) => JSON.stringify(x) === JSON.stringify(d))) e.birthDates.push(d);
    }
    for (const n of v('Nationality')
      .split(/[,;]|\(\d\)/)
      .map((s) => s.trim())
      .filter(Boolean))
      pushUnique(e.nationalities, toCountryCode(n));
    const passport = v('Passport Details');
    if (passport) e.identifiers.push({ kind: 'passport', value: passport });
    const nid = v('National Identification Number');
    if (nid) e.identifiers.push({ kind: 'national_id', value: nid });
    const addr = ['Address 1', 'Address 2', 'Address 3', 'Address 4', 'Address 5', 'Address 6', 'Post/Zip Code', 'Country']
      .map(v)
      .filter(Boolean)
      .join(', ');
    if (addr && !e.addresses.some((a) => a.full === addr)) {
      e.addresses.push({ full: addr, postalCode: v('Post/Zip Code') || undefined, country: toCountryCode(v('Country')) });
      pushUnique(e.countries, toCountryCode(v('Country')));
    }
    pushUnique(e.programs, v('Regime'));
    const listed = parseBirthDate(v('Listed On'), true);
    if (listed?.kind === 'full') e.listedOn = listed.value;
    const info = [v('Title') && `Title: ${v('Title')}`, v('Position') && `Position: ${v('Position')}`, v('Other Information')]
      .filter(Boolean)
      .join('\n');
    if (info && !e.remarks) e.remarks = info;
  }
  return [...byGroup.values()];
}
