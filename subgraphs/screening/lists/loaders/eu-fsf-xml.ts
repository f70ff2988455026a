/** EU Financial Sanctions File XML (export/sanctionEntity with nameAlias, birthdate, citizenship, identification, address). */
import { toCountryCode } from '../countries';
import { parseBirthDate } from '../dates';
import { addName, emptyEntity, pushUnique, type BirthDate, type WatchlistEntity } from '../model';
import { readListText } from '../read-text';
import { detectScript } from '../scripts';
import { childText, childrenNamed, descendants, parseXml } from '../xml';

export function loadEuFsfXml(path: string): WatchlistEntity[] {
  return parseEuFsfXml(readListText(path), path);
}

export function parseEuFsfXml(xml: string, file = 'EU FSF xml'): WatchlistEntity[] {
  const root = parseXml(xml, file);
  const out: WatchlistEntity[] = [];
  for (const el of descendants(root, 'sanctionEntity')) {
    const id = el.attrs.logicalId;
    if (!id) throw new Error(`${file}:${el.line}: sanctionEntity without logicalId`);
    const subject = childrenNamed(el, 'subjectType')[0];
    const code = subject?.attrs.code ?? '';
    const e = emptyEntity('eu_fsf', id, code === 'person' || subject?.attrs.classificationCode === 'P' ? 'individual' : 'entity');
    if (el.attrs.euReferenceNumber) e.identifiers.push({ kind: 'eu_reference', value: el.attrs.euReferenceNumber });
    if (el.attrs.unitedNationId) e.identifiers.push({ kind: 'un_reference', value: el.attrs.unitedNationId });
    for (const n of childrenNamed(el, 'nameAlias')) {
      const a = n.attrs;
      const whole = a.wholeName || [a.firstName, a.middleName, a.lastName].filter(Boolean).join(' ');
      const script = detectScript(whole);
      addName(e, {
        value: whole,
        kind: e.names.length === 0 ? 'primary' : script ? 'original_script' : a.strong === 'false' ? 'weak_aka' : 'aka',
        quality: a.strong === 'false' ? 'low' : 'good',
        script,
      });
      if (a.gender === 'M') e.gender = 'male';
      else if (a.gender === 'F') e.gender = 'female';
    }
    for (const b of childrenNamed(el, 'birthdate')) {
      const a = b.attrs;
      let d: BirthDate | undefined = a.birthdate ? parseBirthDate(a.birthdate) : undefined;
      if (!d && a.year)
        d = a.monthOfYear ? { kind: 'month', value: `${a.year}-${a.monthOfYear.padStart(2, '0')}` } : { kind: 'year', value: a.year };
      if (!d && a.yearRangeFrom && a.yearRangeTo) d = { kind: 'range', from: a.yearRangeFrom, to: a.yearRangeTo };
      if (d) e.birthDates.push(d);
      pushUnique(e.countries, toCountryCode(a.countryIso2Code || a.countryDescription));
    }
    for (const c of childrenNamed(el, 'citizenship'))
      pushUnique(e.nationalities, toCountryCode(c.attrs.countryIso2Code || c.attrs.countryDescription));
    for (const i of childrenNamed(el, 'identification')) {
      const a = i.attrs;
      if (!a.number && !a.documentNumber) continue;
      const country = toCountryCode(a.countryIso2Code || a.countryDescription);
      const kind = (a.identificationTypeCode || 'document').toLowerCase();
      const value = a.number || a.documentNumber;
      e.identifiers.push(country ? { kind, value, country } : { kind, value });
    }
    for (const ad of childrenNamed(el, 'address')) {
      const a = ad.attrs;
      const country = toCountryCode(a.countryIso2Code || a.countryDescription);
      const full = [a.street, a.poBox, a.zipCode, a.city, a.region, a.countryDescription].filter(Boolean).join(', ');
      if (full)
        e.addresses.push({
          street: a.street || undefined,
          city: a.city || undefined,
          region: a.region || undefined,
          postalCode: a.zipCode || undefined,
          country,
          full,
        });
      pushUnique(e.countries, country);
    }
    for (const r of childrenNamed(el, 'regulation')) {
      pushUnique(e.programs, r.attrs.programme);
      pushUnique(e.sourceUrls, childText(r, 'publicationUrl'));
      if (!e.listedOn && r.attrs.publicationDate) e.listedOn = r.attrs.publicationDate.slice(0, 10);
    }
    const remark = childText(el, 'remark');
    if (remark) e.remarks = remark;
    out.push(e);
  }
  return out;
}
