/**
 * FollowTheMoney JSON lines (OpenSanctions exports and any other FtM publisher): one entity per line, streamed line by
 * line. Each file is a source of its own, named after its dataset (see ftmSourceName); FtM is a format, not a publisher.
 */
import { createReadStream } from 'node:fs';
import { basename, dirname } from 'node:path';
import { createInterface } from 'node:readline';
import { toCountryCode } from '../countries';
import { parseBirthDate } from '../dates';
import { addName, emptyEntity, pushUnique, type EntityType, type WatchlistEntity } from '../model';
import { feedsForTopics } from '../../services/feed-topics';
import { detectScript } from '../scripts';

const SCHEMA_TYPES: Record<string, EntityType | undefined> = {
  Person: 'individual',
  Organization: 'entity',
  Company: 'entity',
  LegalEntity: 'entity',
  PublicBody: 'entity',
  Vessel: 'vessel',
  Airplane: 'aircraft',
};

interface FtmEntity {
  id: string;
  schema: string;
  caption?: string;
  properties: Record<string, string[] | undefined>;
  datasets?: string[];
  first_seen?: string;
}

/** Returns undefined for schemas that are not screenable parties (Address, Sanction, Ownership, ...). */
export function ftmToEntity(raw: FtmEntity, file = 'ftm', line = 0, source = ftmSourceName(file)): WatchlistEntity | undefined {
  if (!raw || typeof raw.id !== 'string' || typeof raw.schema !== 'string' || typeof raw.properties !== 'object') {
    throw new Error(`${file}:${line}: not a FollowTheMoney entity`);
  }
  const type = SCHEMA_TYPES[raw.schema];
  if (!type) return undefined;
  const p = (k: string) => (raw.properties[k] ?? []).filter((x) => typeof x === 'string' && x.trim());
  const feeds = feedsForTopics(p('topics')); // topic -> feed table: services/feed-topics.ts
  const e = emptyEntity(source, raw.id, type, feeds);
  const names = p('name');
  names.forEach((n, i) =>
    addName(e, {
      value: n,
      kind: i === 0 ? 'primary' : detectScript(n) ? 'original_script' : 'aka',
      quality: 'good',
      script: detectScript(n),
    }),
  );
  if (!e.names.length && raw.caption) addName(e, { value: raw.caption, kind: 'primary' });
  for (const n of p('alias'))
    addName(e, { value: n, kind: detectScript(n) ? 'original_script' : 'aka', quality: 'good', script: detectScript(n) });
  for (const n of p('previousName')) addName(e, { value: n, kind: 'fka', quality: 'good' });
  for (const n of p('weakAlias')) addName(e, { value: n, kind: 'weak_aka', quality: 'low' });
  for (const d of p('birthDate')) {
    const b = parseBirthDate(d);
    if (b) e.birthDates.push(b);
  }
  for (const c of [...p('nationality'), ...p('citizenship')]) pushUnique(e.nationalities, toCountryCode(c));
  for (const c of [...p('country'), ...p('jurisdiction'), ...p('flag')]) pushUnique(e.countries, toCountryCode(c));
  for (const a of p('address')) e.addresses.push({ full: a });
  for (const [prop, kind] of [
    ['idNumber', 'national_id'],
    ['passportNumber', 'passport'],
    ['taxNumber', 'tax_id'],
    ['registrationNumber', 'registration'],
    ['imoNumber', 'imo'],
    ['swiftBic', 'swift'],
    ['innCode', 'tax_id'],
    ['ogrnCode', 'registration'],
  ] as const) {
    for (const v of p(prop)) e.identifiers.push({ kind, value: v });
  }
  e.programs = [...p('program'), ...(raw.datasets ?? [])];
  const g = p('gender')[0];
  if (g === 'male' || g === 'female') e.gender = g;
  const notes = p('notes');
  if (notes.length) e.remarks = notes.join('\n');
  // only the URLs the data itself carries: an FtM file need not come from OpenSanctions, whose entity pages would not exist
  e.sourceUrls = p('sourceUrl');
  if (raw.first_seen) e.listedOn = raw.first_seen.slice(0, 10);
  return e;
}

/**
 * The source an FtM file loads as: its dataset name, from the file name ("us_congress_executive_pep.ftm.jsonl" ->
 * "us_congress_executive_pep"), or from the folder when the file has an export's generic name ("entities.ftm.json" in
 * "opensanctions_sanctions_2026-01" -> "opensanctions_sanctions"). Dates are dropped so editions share one source.
 */
export function ftmSourceName(path: string): string {
  const file = basename(path).replace(/(\.ftm)?\.(jsonl?|ndjson)$/i, '');
  const generic = /^(entities|targets|export|data|statements)?$/i.test(file);
  const name = (generic ? basename(dirname(path)) : file)
    .toLowerCase()
    .replace(/[-_]?\d{4}(-\d{2}){0,2}[a-z_]*$/, '')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  return name || 'ftm';
}

export function parseFtmLines(text: string, file = 'ftm', source = ftmSourceName(file)): WatchlistEntity[] {
  const out: WatchlistEntity[] = [];
  text.split(/\r?\n/).forEach((l, i) => {
    if (!l.trim()) return;
    let raw: FtmEntity;
    try {
      raw = JSON.parse(l) as FtmEntity;
    } catch (err) {
      throw new Error(`${file}:${i + 1}: invalid JSON (${(err as Error).message})`, { cause: err });
    }
    const e = ftmToEntity(raw, file, i + 1, source);
    if (e) out.push(e);
  });
  return out;
}

/** Streams a (possibly multi-GB) FollowTheMoney export without loading it whole. */
export async function* streamFtmFile(path: string, source = ftmSourceName(path)): AsyncGenerator<WatchlistEntity> {
  const rl = createInterface({ input: createReadStream(path, 'utf8'), crlfDelay: Infinity });
  let line = 0;
  for await (const l of rl) {
    line++;
    if (!l.trim()) continue;
    let raw: FtmEntity;
    try {
      raw = JSON.parse(l) as FtmEntity;
    } catch (err) {
      throw new Error(`${path}:${line}: invalid JSON (${(err as Error).message})`, { cause: err });
    }
    const e = ftmToEntity(raw, path, line, source);
    if (e) yield e;
  }
}

export async function loadFtmFile(path: string): Promise<WatchlistEntity[]> {
  const out: WatchlistEntity[] = [];
  for await (const e of streamFtmFile(path)) out.push(e);
  return out;
}
