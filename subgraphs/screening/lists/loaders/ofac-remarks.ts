/** Pulls birth dates, nationalities, identifiers, gender and remark-only aliases out of OFAC "Remarks" text. */
import { parseBirthDate } from '../dates';
import { toCountryCode } from '../countries';
import { addName, pushUnique, type WatchlistEntity } from '../model';

const ID_KINDS: [RegExp, string][] = [
  [/^Passport$/i, 'passport'],
  [/^National ID No\.?$/i, 'national_id'],
  [/^(Tax ID No\.?|RFC|R\.F\.C\.|NIT #|RUC #|C\.U\.I\.T\.)$/i, 'tax_id'],
  [/^(Registration (ID|Number)|Business Registration (Document|Number) #?|Company Number|Commercial Registry Number)$/i, 'registration'],
  [/^SWIFT\/BIC$/i, 'swift'],
  [/^(Vessel Registration Identification )?IMO$/i, 'imo'],
  [
    /^(Cedula No\.?|C\.U\.R\.P\.?|CURP #|Identification Number|Personal ID Card|D\.N\.I\.|Citizen's Card Number|Kenyan ID No\.|Birth Certificate Number)$/i,
    'national_id',
  ],
  [/^(Aircraft Manufacturer's Serial Number \(MSN\)|Aircraft Tail Number)$/i, 'aircraft_id'],
  [/^MMSI$/i, 'mmsi'],
];

const ID_RE =
  /^(?:alt\. )?(Passport|National ID No\.?|Tax ID No\.?|R\.F\.C\.|RFC|NIT #|RUC #|C\.U\.I\.T\.|Registration ID|Registration Number|Business Registration (?:Document|Number) #?|Company Number|Commercial Registry Number|SWIFT\/BIC|Vessel Registration Identification IMO|IMO|Cedula No\.?|C\.U\.R\.P\.?|CURP #|Identification Number|Personal ID Card|D\.N\.I\.|Citizen's Card Number|Kenyan ID No\.|Birth Certificate Number|Aircraft Manufacturer's Serial Number \(MSN\)|Aircraft Tail Number|MMSI)\s+(.+)$/i;

export function applyOfacRemarks(e: WatchlistEntity, remarks: string): void {
  const text = remarks.replace(/\.\s*$/, '');
  for (const rawPart of splitRemarks(text)) {
    const part = rawPart.trim();
    let m: RegExpMatchArray | null;
    if ((m = part.match(/^(?:alt\. )?DOB (.+)$/))) {
      const d = parseBirthDate(m[1]);
      if (d && !e.birthDates.some((x) => JSON.stringify(x) === JSON.stringify(d))) e.birthDates.push(d);
    } else if ((m = part.match(/^(?:alt\. )?(?:nationality|citizen) (.+)$/i))) {
      pushUnique(e.nationalities, toCountryCode(m[1]));
    } else if ((m = part.match(/^Gender (Male|Female)$/i))) {
      e.gender = m[1].toLowerCase() as 'male' | 'female';
    } else if ((m = part.match(/^([afn])\.k\.a\.,? '(.+)'$/))) {
      // Aliases kept in remarks are OFAC's weak aliases (strong ones are in alt.csv).
      const kind = m[1] === 'a' ? 'weak_aka' : m[1] === 'f' ? 'fka' : 'nka';
      addName(e, { value: m[2], kind, quality: 'low' });
    } else if ((m = part.match(ID_RE))) {
      const label = m[1];
      let value = m[2].trim();
      let country: string | undefined;
      const c = value.match(/^(.*?)\s*\(([^()]+)\)(?:\s*\(.*\))?$/);
      if (c) {
        value = c[1];
        country = toCountryCode(c[2]);
      }
      const kind = ID_KINDS.find(([re]) => re.test(label))?.[1] ?? 'other';
      if (value) e.identifiers.push(country ? { kind, value, country } : { kind, value });
    }
  }
}

/** Splits on "; " but not inside quoted aliases (aliases may contain ';'). */
function splitRemarks(text: string): string[] {
  const out: string[] = [];
  let cur = '';
  let inQuote = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "'" && (inQuote ? text[i + 1] === ';' || i + 1 === text.length : /[a]\.k\.a\.,? $|[fn]\.k\.a\.,? $/.test(cur)))
      inQuote = !inQuote;
    if (ch === ';' && !inQuote) {
      out.push(cur);
      cur = '';
      continue;
    }
    cur += ch;
  }
  if (cur) out.push(cur);
  return out;
}
