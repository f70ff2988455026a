/** US Commerce BIS Denied Persons List, tab-separated with a header row. One row per denial (names may repeat). */
import { createHash } from 'node:crypto';
import { parseCsv } from '../csv';
import { toCountryCode } from '../countries';
import { parseBirthDate } from '../dates';
import { looksLikeOrganization } from '../entity-kind';
import { addName, emptyEntity, pushUnique, type WatchlistEntity } from '../model';
import { readListText } from '../read-text';

const REQUIRED = ['Name', 'Street_Address', 'City', 'State', 'Country', 'Postal_Code', 'Effective_Date', 'Expiration_Date', 'FR_Citation'];

export function loadBisDpl(path: string): WatchlistEntity[] {
  const rows = parseCsv(readListText(path), { delimiter: '\t', file: path });
  const head = rows.next();
  if (head.done) throw new Error(`${path}:1: empty file`);
  const header = head.value.fields.map((h) => h.trim());
  const col: Record<string, number> = {};
  for (const name of REQUIRED) {
    col[name] = header.indexOf(name);
    if (col[name] < 0) throw new Error(`${path}:1: missing column ${name}`);
  }
  const out: WatchlistEntity[] = [];
  const seen = new Map<string, number>();
  for (const { fields, line } of rows) {
    const f = (name: string) => (fields[col[name]] ?? '').trim();
    const name = f('Name');
    if (!name) throw new Error(`${path}:${line}: row without a name`);
    const effective = parseBirthDate(f('Effective_Date'), false);
    // The list has no ids: a row is identified by name, address, effective date and citation (stable across
    // re-exports); one denial is published once per known address, so the address is part of the identity.
    const base = createHash('sha1')
      .update(`${name}|${f('Street_Address')}|${f('City')}|${f('Country')}|${f('Effective_Date')}|${f('FR_Citation')}`)
      .digest('hex')
      .slice(0, 16);
    const n = (seen.get(base) ?? 0) + 1;
    seen.set(base, n);
    const id = n === 1 ? base : `${base}-${n}`;
    const e = emptyEntity('bis_dpl', id, looksLikeOrganization(name) ? 'entity' : 'individual', ['Sanctions']);
    addName(e, { value: name, kind: 'primary' });
    const country = toCountryCode(f('Country'));
    const full = [f('Street_Address'), f('City'), f('State'), f('Postal_Code'), f('Country')].filter(Boolean).join(', ');
    if (full)
      e.addresses.push({
        street: f('Street_Address') || undefined,
        city: f('City') || undefined,
        region: f('State') || undefined,
        postalCode: f('Postal_Code') || undefined,
        country,
        full,
      });
    pushUnique(e.countries, country);
    e.programs.push('BIS Denied Persons');
    if (effective?.kind === 'full') e.listedOn = effective.value;
    e.remarks = [`Expires ${f('Expiration_Date')}`, f('FR_Citation')].filter(Boolean).join('; ');
    e.sourceUrls.push('https://www.bis.gov/dpl');
    out.push(e);
  }
  return out;
}
