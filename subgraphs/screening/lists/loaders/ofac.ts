/**
 * OFAC legacy CSV sets (SDN: sdn/alt/add/sdn_comments; consolidated non-SDN: cons_prim/cons_alt/cons_add/cons_comments).
 * No header; `-0-` is empty; remarks carry DOB, nationality, identifiers and weak aliases.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ofacField, parseCsv } from '../csv';
import { toCountryCode } from '../countries';
import { addName, emptyEntity, pushUnique, type EntityType, type WatchlistEntity } from '../model';
import { readListText } from '../read-text';
import { applyOfacRemarks } from './ofac-remarks';

export interface OfacFiles {
  primary: string;
  alt?: string;
  add?: string;
  comments?: string;
}

const TYPES: Record<string, EntityType> = { individual: 'individual', vessel: 'vessel', aircraft: 'aircraft' };

/** Finds sdn.csv/alt.csv/add.csv/sdn_comments.csv or the cons_* equivalents in a folder. */
export function ofacFilesIn(dir: string): OfacFiles & { source: 'ofac_sdn' | 'ofac_cons' } {
  const cons = existsSync(join(dir, 'cons_prim.csv'));
  const p = cons ? 'cons_' : '';
  const opt = (name: string) => (existsSync(join(dir, name)) ? join(dir, name) : undefined);
  return {
    source: cons ? 'ofac_cons' : 'ofac_sdn',
    primary: join(dir, cons ? 'cons_prim.csv' : 'sdn.csv'),
    alt: opt(`${p}alt.csv`),
    add: opt(`${p}add.csv`),
    comments: opt(cons ? 'cons_comments.csv' : 'sdn_comments.csv'),
  };
}

export function loadOfac(files: OfacFiles, source = 'ofac_sdn'): WatchlistEntity[] {
  const byId = new Map<string, WatchlistEntity>();
  const remarks = new Map<string, string>();
  for (const { fields, line } of parseCsv(readListText(files.primary), { file: files.primary })) {
    if (fields.length < 12) throw new Error(`${files.primary}:${line}: expected 12 columns, got ${fields.length}`);
    const [id, name, sdnType, program, title, callSign, vessType, tonnage, grt, flag, owner, remark] = fields.map(ofacField);
    const type = TYPES[sdnType.toLowerCase()] ?? 'entity';
    const e = emptyEntity(source, id, type);
    addName(e, { value: name, kind: 'primary' });
    e.programs = program
      .replace(/^\[|\]$/g, '')
      .split(/\]\s*\[/)
      .map((s) => s.trim())
      .filter(Boolean);
    if (title) e.remarks = `Title: ${title}`;
    if (callSign) e.identifiers.push({ kind: 'call_sign', value: callSign });
    if (flag) pushUnique(e.countries, toCountryCode(flag));
    const vessel = [vessType && `type ${vessType}`, tonnage && `tonnage ${tonnage}`, grt && `GRT ${grt}`, owner && `owner ${owner}`]
      .filter(Boolean)
      .join(', ');
    if (vessel) e.remarks = [e.remarks, `Vessel: ${vessel}`].filter(Boolean).join('; ');
    if (remark) remarks.set(id, remark);
    e.sourceUrls.push(`https://sanctionssearch.ofac.treas.gov/Details.aspx?id=${id}`);
    byId.set(id, e);
  }
  if (files.comments) {
    // sdn_comments.csv continues a remark that was cut at the column limit.
    for (const { fields } of parseCsv(readListText(files.comments), { file: files.comments })) {
      const id = ofacField(fields[0]);
      if (byId.has(id)) remarks.set(id, (remarks.get(id) ?? '') + ofacField(fields[1]));
    }
  }
  for (const [id, r] of remarks) {
    const e = byId.get(id)!;
    e.remarks = [e.remarks, r].filter(Boolean).join('; ');
    applyOfacRemarks(e, r);
  }
  if (files.alt) {
    for (const { fields, line } of parseCsv(readListText(files.alt), { file: files.alt })) {
      const [id, , altType, altName] = fields.map(ofacField);
      const e = byId.get(id);
      if (!e) throw new Error(`${files.alt}:${line}: alias for unknown entry ${id}`);
      const t = altType.toLowerCase().replace(/\./g, '');
      const kind = t === 'fka' ? 'fka' : t === 'nka' ? 'nka' : 'aka';
      const before = e.names.length;
      addName(e, { value: altName, kind, quality: 'good' });
      if (e.names.length === before) {
        // Same value already came in as a weak remark alias: the alt.csv record is authoritative.
        const existing = e.names.find((n) => n.value.toLowerCase() === altName.toLowerCase().replace(/\s+/g, ' ').trim());
        if (existing && existing.kind !== 'primary') {
          existing.kind = kind;
          existing.quality = 'good';
        }
      }
    }
  }
  if (files.add) {
    for (const { fields, line } of parseCsv(readListText(files.add), { file: files.add })) {
      const [id, , address, cityLine, country, addRemarks] = fields.map(ofacField);
      const e = byId.get(id);
      if (!e) throw new Error(`${files.add}:${line}: address for unknown entry ${id}`);
      const cc = toCountryCode(country);
      const full = [address, cityLine, country].filter(Boolean).join(', ');
      if (!full) continue;
      e.addresses.push({
        street: address || undefined,
        city: cityLine || undefined,
        country: cc,
        full: addRemarks ? `${full} (${addRemarks})` : full,
      });
      pushUnique(e.countries, cc);
    }
  }
  return [...byId.values()];
}
