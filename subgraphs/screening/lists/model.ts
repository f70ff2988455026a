/**
 * The one normalized watchlist entity model every loader produces and the engine indexes.
 * Plain JSON data only (no Dates, Maps or class instances) so it can be stored as jsonb as-is.
 */
import { createHash } from 'node:crypto';

export const FEEDS = [
  'Sanctions',
  'PEP',
  'Criminal',
  'Legal',
  'Offshore',
  'Ownership',
  'Registries',
  'Social Media',
  'News',
  'Open Source',
] as const;
export type Feed = (typeof FEEDS)[number];

export type EntityType = 'individual' | 'entity' | 'vessel' | 'aircraft';

export type NameKind =
  | 'primary' // the name the issuer lists the record under
  | 'aka' // also known as (strong alias)
  | 'fka' // formerly known as
  | 'nka' // now known as
  | 'weak_aka' // low-quality alias (UN "Low", OFAC remarks' weak aliases, UK "weak")
  | 'original_script' // name in the original (non-Latin) script as published
  | 'title' // a title-only entry kept for display; never indexed alone
  | 'other';

export interface EntityName {
  value: string;
  kind: NameKind;
  /** Issuer-assessed alias quality; 'low' aliases can only produce capped scores. */
  quality?: 'good' | 'low';
  /** ISO 15924-ish script tag when not Latin: 'Arab', 'Cyrl', 'Hani', ... */
  script?: string;
}

export type BirthDate =
  | { kind: 'full'; value: string } // YYYY-MM-DD
  | { kind: 'month'; value: string } // YYYY-MM
  | { kind: 'year'; value: string } // YYYY
  | { kind: 'range'; from: string; to: string }; // years or dates, inclusive

export interface Address {
  street?: string;
  city?: string;
  region?: string;
  postalCode?: string;
  country?: string; // ISO-2 when derivable, raw otherwise
  full?: string; // the address as one line, as published
}

export interface Identifier {
  kind: string; // 'passport', 'national_id', 'imo', 'tax_id', 'registration', 'swift', ...
  value: string;
  country?: string;
}

export interface WatchlistEntity {
  source: string; // 'ofac_sdn' | 'ofac_cons' | 'un' | 'bis_dpl' | 'eu_fsf' | 'uk_ofsi' | 'opensanctions' | ...
  sourceId: string;
  feeds: Feed[];
  type: EntityType;
  names: EntityName[];
  birthDates: BirthDate[];
  nationalities: string[];
  countries: string[];
  addresses: Address[];
  identifiers: Identifier[];
  programs: string[];
  gender?: 'male' | 'female';
  remarks?: string;
  sourceUrls: string[];
  listedOn?: string; // YYYY-MM-DD
}

/** Stable id used by the engine and results: `${source}:${sourceId}`. */
export function entityKey(e: Pick<WatchlistEntity, 'source' | 'sourceId'>): string {
  return `${e.source}:${e.sourceId}`;
}

export function primaryName(e: WatchlistEntity): string {
  return (e.names.find((n) => n.kind === 'primary') ?? e.names[0])?.value ?? '';
}

/** JSON with object keys sorted, so equal content always serializes identically. */
export function stableStringify(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj)
    .filter((k) => obj[k] !== undefined)
    .sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${stableStringify(obj[k])}`).join(',')}}`;
}

/** Content hash for delta detection between list versions (sha256 hex of the stable JSON). */
export function entityContentHash(e: WatchlistEntity): string {
  return createHash('sha256').update(stableStringify(e)).digest('hex');
}

export interface WatchlistDelta {
  added: WatchlistEntity[];
  changed: WatchlistEntity[];
  removed: { source: string; sourceId: string }[];
}

/** Compares a new load against the previous content hashes keyed by entityKey(). */
export function diffWatchlist(previousHashes: Map<string, string>, next: WatchlistEntity[]): WatchlistDelta {
  const delta: WatchlistDelta = { added: [], changed: [], removed: [] };
  const seen = new Set<string>();
  for (const e of next) {
    const key = entityKey(e);
    seen.add(key);
    const prev = previousHashes.get(key);
    if (prev === undefined) delta.added.push(e);
    else if (prev !== entityContentHash(e)) delta.changed.push(e);
  }
  for (const key of previousHashes.keys()) {
    if (!seen.has(key)) {
      const i = key.indexOf(':');
      delta.removed.push({ source: key.slice(0, i), sourceId: key.slice(i + 1) });
    }
  }
  return delta;
}

export function emptyEntity(source: string, sourceId: string, type: EntityType, feeds: Feed[] = ['Sanctions']): WatchlistEntity {
  return {
    source,
    sourceId,
    feeds,
    type,
    names: [],
    birthDates: [],
    nationalities: [],
    countries: [],
    addresses: [],
    identifiers: [],
    programs: [],
    sourceUrls: [],
  };
}

/** Adds a name unless the same value (case-insensitive) is already present. */
export function addName(e: WatchlistEntity, name: EntityName): void {
  const v = name.value.replace(/\s+/g, ' ').trim();
  if (!v) return;
  const lower = v.toLowerCase();
  if (e.names.some((n) => n.value.toLowerCase() === lower)) return;
  e.names.push({ ...name, value: v });
}

export function pushUnique(arr: string[], v: string | undefined): void {
  if (v && !arr.includes(v)) arr.push(v);
}
