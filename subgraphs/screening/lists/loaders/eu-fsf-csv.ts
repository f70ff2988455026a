/**
 * EU Financial Sanctions File, CSV export: `;`-separated, each line wrapped in one pair of quotes (inner quotes doubled),
 * one row per sub-record (name alias / address / birth date / identification / citizenship) of an entity.
 */
import { parseCsv } from '../csv';
import { toCountryCode } from '../countries';
import { parseBirthDate } from '../dates';
import { addName, emptyEntity, pushUnique, type WatchlistEntity } from '../model';
import { readListText } from '../read-text';
import { detectScript } from '../scripts';

function unwrapLine(raw: string): string {
  let s = raw.replace(/[\t\r]+$/, '');
  if (s.startsWith('"') && s.endsWith('"')) s = s.slice(1, -1);
  return s.replace(/[\t\r]+$/, '').replace(/""/g, '"');
}

export function loadEuFsfCsv(path: string): WatchlistEntity[] {
  return parseEuFsfCsv(readListText(path), path);
}

export function parseEuFsfCsv(text: string, file = 'EU FSF csv'): WatchlistEntity[] {
  const lines = text.split(/\r?\n/);
  const header = unwrapLine(lines[0]).split(';');
  const at = (name: string, from = 0) => {
    const i = header.indexOf(name, from);
    if (i < 0) throw new Error(`${file}:1: missing column ${name}`);
    return i;
  };
  const c = {
    id: at('Entity_logical_id'),
    type: at('Subject_type'),
    url: at('Leba_url'),
    programme: at('Programme'),
    remark: at('Entity_remark'),
    naalId: at('Naal_logical_id'),
    last: at('Naal_lastname'),
    first: at('Naal_firstname'),
    middle: at('Naal_middlename'),
    whole: at('Naal_wholename'),
    gender: at('Naal_gender'),
    title: at('Naal_title'),
    fn: at('Naal_function'),
    addrId: at('Addr_logical_id'),
    street: at('Addr_street'),
    number: at('Addr_number'),
    zip: at('Addr_zipcode'),
    city: at('Addr_city'),
    addrCountry: at('Addr_country'),
    birtId: at('Birt_logical_id'),
    birthDate: at('Birt_date'),
    birthCountry: at('Birt_country'),
    idenId: at('Iden_logical_id'),
    idenNumber: at('Iden_number'),
    idenCountry: at('Iden_country'),
    citiId: at('Citi_logical_id'),
    citiCountry: at('Citi_country'),
    ref: at('EU_ref_num'),
  };
  const byId = new Map<string, WatchlistEntity>();
  for (let ln = 1; ln < lines.length; ln++) {
    if (!lines[ln].trim()) continue;
    const parsed = parseCsv(unwrapLine(lines[ln]), { delimiter: ';', file: `${file}:${ln + 1}` }).next();
    if (parsed.done) continue;
    const f = parsed.value.fields;
    if (f.length < header.length) throw new Error(`${file}:${ln + 1}: expected ${header.length} fields, got ${f.length}`);
    const v = (i: number) => (f[i] ?? '').trim();
    const id = v(c.id);
    let e = byId.get(id);
    if (!e) {
      e = emptyEntity('eu_fsf', id, v(c.type) === 'P' ? 'individual' : 'entity');
      if (v(c.ref)) e.identifiers.push({ kind: 'eu_reference', value: v(c.ref) });
      byId.set(id, e);
    }
    pushUnique(e.programs, v(c.programme));
    pushUnique(e.sourceUrls, v(c.url));
    if (v(c.remark) && !(e.remarks ?? '').includes(v(c.remark)))
      e.remarks = [e.remarks, v(c.remark).replace(/\\n/g, '\n')].filter(Boolean).join('\n');
    if (v(c.naalId)) {
      const whole = v(c.whole) || [v(c.first), v(c.middle), v(c.last)].filter(Boolean).join(' ');
      const script = detectScript(whole);
      // the 2018 export wrote letters outside its code page as "?": such a name is no longer a name
      if (!lostToEncoding(whole))
        addName(e, { value: whole, kind: e.names.length === 0 ? 'primary' : script ? 'original_script' : 'aka', quality: 'good', script });
      const g = v(c.gender);
      if (g === 'M') e.gender = 'male';
      else if (g === 'F') e.gender = 'female';
    }
    if (v(c.addrId)) {
      const country = toCountryCode(v(c.addrCountry));
      const full = [v(c.number), v(c.street), v(c.zip), v(c.city), v(c.addrCountry)].filter(Boolean).join(', ');
      if (full)
        e.addresses.push({
          street: [v(c.number), v(c.street)].filter(Boolean).join(' ') || undefined,
          city: v(c.city) || undefined,
          postalCode: v(c.zip) || undefined,
          country,
          full,
        });
      pushUnique(e.countries, country);
    }
    if (v(c.birtId)) {
      const d = parseBirthDate(v(c.birthDate));
      if (d) e.birthDates.push(d);
      pushUnique(e.countries, toCountryCode(v(c.birthCountry)));
    }
    if (v(c.idenId) && v(c.idenNumber)) {
      const country = toCountryCode(v(c.idenCountry));
      e.identifiers.push(country ? { kind: 'document', value: v(c.idenNumber), country } : { kind: 'document', value: v(c.idenNumber) });
    }
    if (v(c.citiId)) pushUnique(e.nationalities, toCountryCode(v(c.citiCountry)));
  }
  return [...byId.values()];
}

/** A name whose letters were replaced by "?" (a third or more of its characters). */
function lostToEncoding(name: string): boolean {
  const chars = name.replace(/\s/g, '');
  return (chars.match(/\?/g)?.length ?? 0) * 3 >= chars.length;
}
