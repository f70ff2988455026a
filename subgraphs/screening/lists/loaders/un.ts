/** UN Security Council consolidated list XML (INDIVIDUALS/INDIVIDUAL, ENTITIES/ENTITY). */
import { parseBirthDate } from '../dates';
import { toCountryCode } from '../countries';
import { addName, emptyEntity, pushUnique, type NameKind, type WatchlistEntity } from '../model';
import { readListText } from '../read-text';
import { detectScript } from '../scripts';
import { child, childText, childrenNamed, descendants, parseXml, type XmlElement } from '../xml';

const values = (el: XmlElement, name: string) =>
  childrenNamed(el, name)
    .flatMap((c) => childrenNamed(c, 'VALUE').map((v) => v.text.trim()))
    .filter(Boolean);

function aliasKind(quality: string): { kind: NameKind; quality: 'good' | 'low' } {
  const q = quality.toLowerCase();
  if (q === 'low') return { kind: 'weak_aka', quality: 'low' };
  if (q.startsWith('f.k.a')) return { kind: 'fka', quality: 'good' };
  return { kind: 'aka', quality: 'good' };
}

/**
 * One UN alias field may hold several names: spellings separated by semicolons ("Azim Adhajani;
 * Azim Agha-Jani", once with an enumerator "... b) M. Javad ..."), a name followed by a group of
 * further names ("جبهة النصرة (the Victory Front; Jabhat al-Nusrah; ...)"), and the alias's own
 * script in its NOTE ("original script: Абу Банат"), inside the alias ("Amir Khazmat (original
 * script: Амир Хазмат)") or marked in such a group ("هيئة تحرير الشام (original script)"). Each is a
 * name of its own: kept as one, the other spellings are extra words that weaken every match.
 */
export function splitAlias(aliasName: string, note: string): { names: string[]; originalScripts: string[] } {
  const noted = /^\s*original script:\s*(.+?)\s*$/i.exec(note);
  const originalScripts = noted ? [noted[1]] : [];
  const inline = /^(.*?)\s*\(\s*original script:\s*([^()]+?)\s*\)\s*$/i.exec(aliasName);
  if (inline) return { names: [inline[1].trim()], originalScripts: [...originalScripts, inline[2]] };
  const group = trailingGroup(aliasName);
  const parts = group && group.content.includes(';') ? [group.before, ...group.content.split(';')] : aliasName.split(';');
  const names: string[] = [];
  for (const part of parts
    .flatMap((p) => p.split(/\s+[a-z]\)\s+/))
    .map((p) => p.trim())
    .filter(Boolean)) {
    const marked = /^(.*?)\s*\(\s*original script\s*\)$/i.exec(part);
    if (marked) originalScripts.push(marked[1]);
    else names.push(part);
  }
  return { names, originalScripts };
}

/** The parenthesised group that ends the text (nesting allowed) and what precedes it. */
function trailingGroup(text: string): { before: string; content: string } | null {
  const trimmed = text.trim();
  if (!trimmed.endsWith(')')) return null;
  let depth = 0;
  for (let i = trimmed.length - 1; i >= 0; i--) {
    if (trimmed[i] === ')') depth++;
    else if (trimmed[i] === '(' && --depth === 0)
      return i > 0 ? { before: trimmed.slice(0, i).trim(), content: trimmed.slice(i + 1, -1) } : null;
  }
  return null;
}

export function loadUnXml(path: string): WatchlistEntity[] {
  return parseUnXml(readListText(path), path);
}

export function parseUnXml(xml: string, file = 'UN xml'): WatchlistEntity[] {
  const root = parseXml(xml, file);
  const out: WatchlistEntity[] = [];
  for (const el of [...descendants(root, 'INDIVIDUAL'), ...descendants(root, 'ENTITY')]) {
    const individual = el.name === 'INDIVIDUAL';
    const id = childText(el, 'DATAID');
    if (!id) throw new Error(`${file}:${el.line}: ${el.name} without DATAID`);
    const e = emptyEntity('un', id, individual ? 'individual' : 'entity');
    const parts = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME'].map((n) => childText(el, n)).filter(Boolean);
    // A primary that lists two names ("... (CAGL) ; GREAT LAKES BUSINESS COMPANY (GLBC)"): the first
    // is the primary, the others its aliases.
    const [primary, ...others] = parts
      .join(' ')
      .split(/\s*;\s*/)
      .filter(Boolean);
    addName(e, { value: primary ?? '', kind: 'primary' });
    for (const other of others) addName(e, { value: other, kind: 'aka', quality: 'good', script: detectScript(other) });
    const original = childText(el, 'NAME_ORIGINAL_SCRIPT');
    if (original) addName(e, { value: original, kind: 'original_script', quality: 'good', script: detectScript(original) });
    for (const a of childrenNamed(el, individual ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS')) {
      const { names, originalScripts } = splitAlias(childText(a, 'ALIAS_NAME'), childText(a, 'NOTE'));
      const kind = aliasKind(childText(a, 'QUALITY'));
      for (const name of names.filter(Boolean)) addName(e, { value: name, ...kind, script: detectScript(name) });
      for (const name of originalScripts)
        addName(e, { value: name, kind: 'original_script', quality: kind.quality, script: detectScript(name) });
    }
    const list = childText(el, 'UN_LIST_TYPE');
    if (list) e.programs.push(list);
    const ref = childText(el, 'REFERENCE_NUMBER');
    if (ref) e.identifiers.push({ kind: 'un_reference', value: ref });
    const listed = childText(el, 'LISTED_ON');
    if (listed) e.listedOn = listed.slice(0, 10);
    const gender = childText(el, 'GENDER').toLowerCase();
    if (gender === 'male' || gender === 'female') e.gender = gender;
    for (const nat of values(el, 'NATIONALITY')) pushUnique(e.nationalities, toCountryCode(nat));
    const remarks = [
      ...values(el, 'TITLE').map((t) => `Title: ${t}`),
      ...values(el, 'DESIGNATION').map((t) => `Designation: ${t}`),
      childText(el, 'COMMENTS1'),
    ].filter(Boolean);
    if (remarks.length) e.remarks = remarks.join('\n');
    for (const a of childrenNamed(el, individual ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS')) {
      const street = childText(a, 'STREET');
      const city = childText(a, 'CITY');
      const region = childText(a, 'STATE_PROVINCE');
      const postalCode = childText(a, 'ZIP_CODE');
      const countryRaw = childText(a, 'COUNTRY');
      const full = [street, city, region, postalCode, countryRaw].filter(Boolean).join(', ');
      if (!full) continue;
      const country = toCountryCode(countryRaw);
      e.addresses.push({
        street: street || undefined,
        city: city || undefined,
        region: region || undefined,
        postalCode: postalCode || undefined,
        country,
        full,
      });
      pushUnique(e.countries, country);
    }
    for (const d of childrenNamed(el, 'INDIVIDUAL_DATE_OF_BIRTH')) {
      const type = childText(d, 'TYPE_OF_DATE');
      const from = childText(d, 'FROM_YEAR');
      const to = childText(d, 'TO_YEAR');
      const bd =
        type === 'BETWEEN' && from && to
          ? { kind: 'range' as const, from, to }
          : parseBirthDate(childText(d, 'DATE') || childText(d, 'YEAR'));
      if (bd) e.birthDates.push(bd);
    }
    for (const d of childrenNamed(el, 'INDIVIDUAL_DOCUMENT')) {
      const value = childText(d, 'NUMBER');
      if (!value) continue;
      const type = childText(d, 'TYPE_OF_DOCUMENT').toLowerCase();
      const kind = type.includes('passport')
        ? 'passport'
        : type.includes('national')
          ? 'national_id'
          : type.replace(/[^a-z]+/g, '_') || 'other';
      const country = toCountryCode(childText(d, 'ISSUING_COUNTRY') || childText(d, 'COUNTRY_OF_ISSUE'));
      e.identifiers.push(country ? { kind, value, country } : { kind, value });
    }
    const pob = child(el, 'INDIVIDUAL_PLACE_OF_BIRTH');
    if (pob && childText(pob, 'COUNTRY')) pushUnique(e.countries, toCountryCode(childText(pob, 'COUNTRY')));
    e.sourceUrls.push(`https://main.un.org/securitycouncil/en/content/un-sc-consolidated-list#${encodeURIComponent(ref || id)}`);
    out.push(e);
  }
  return out;
}
