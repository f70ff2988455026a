// What changed in one listed entity between two versions of its list, field by field, in the words an
// analyst reads (names with their kind, birth dates, identifiers as "kind value (country)"). Pure:
// the two payloads come from the delta log, which keeps every version of an entity's row.
import type { Address, BirthDate, EntityName, EntityType, Feed, Identifier, WatchlistEntity } from '../../lists/model';

/** The fields compared, in the order an analyst reads them (the GraphQL enum MonitoringListedField). */
export const LISTED_FIELDS = [
  'names',
  'entity_type',
  'gender',
  'birth_dates',
  'nationalities',
  'countries',
  'identifiers',
  'addresses',
  'programs',
  'listed_on',
  'remarks',
  'feeds',
  'source_urls',
] as const;
export type ListedField = (typeof LISTED_FIELDS)[number];

export interface ListedValues {
  names: string[];
  entityType: EntityType;
  gender: string | null;
  birthDates: string[];
  nationalities: string[];
  countries: string[];
  identifiers: string[];
  addresses: string[];
  programs: string[];
  listedOn: string | null;
  remarks: string | null;
  feeds: Feed[];
  sourceUrls: string[];
}

export interface FieldChange {
  field: ListedField;
  added: string[];
  removed: string[];
}

const NAME_KIND_LABEL: Record<string, string> = {
  primary: 'primary',
  aka: 'a.k.a.',
  fka: 'f.k.a.',
  nka: 'n.k.a.',
  weak_aka: 'weak a.k.a.',
  original_script: 'original script',
  title: 'title',
  other: 'other',
};

function nameText(name: EntityName): string {
  return name.kind === 'primary' ? name.value : `${name.value} (${NAME_KIND_LABEL[name.kind] ?? name.kind})`;
}

function birthText(date: BirthDate): string {
  return date.kind === 'range' ? `${date.from} – ${date.to}` : date.value;
}

function identifierText(id: Identifier): string {
  return `${id.kind} ${id.value}${id.country ? ` (${id.country})` : ''}`;
}

function addressText(address: Address): string {
  return address.full ?? [address.street, address.city, address.region, address.postalCode, address.country].filter(Boolean).join(', ');
}

const list = <T>(values: T[] | undefined, text: (value: T) => string): string[] => [...new Set((values ?? []).map(text).filter(Boolean))];

/** The entity's values as displayed and compared (tolerant of rows stored by older loaders). */
export function listedValues(entity: WatchlistEntity): ListedValues {
  return {
    names: list(entity.names, nameText),
    entityType: entity.type,
    gender: entity.gender ?? null,
    birthDates: list(entity.birthDates, birthText),
    nationalities: list(entity.nationalities, String),
    countries: list(entity.countries, String),
    identifiers: list(entity.identifiers, identifierText),
    addresses: list(entity.addresses, addressText),
    programs: list(entity.programs, String),
    listedOn: entity.listedOn ?? null,
    remarks: entity.remarks?.trim() || null,
    feeds: [...new Set(entity.feeds ?? [])],
    sourceUrls: list(entity.sourceUrls, String),
  };
}

function valuesOf(values: ListedValues, field: ListedField): string[] {
  switch (field) {
    case 'names':
      return values.names;
    case 'entity_type':
      return [values.entityType];
    case 'gender':
      return values.gender ? [values.gender] : [];
    case 'birth_dates':
      return values.birthDates;
    case 'nationalities':
      return values.nationalities;
    case 'countries':
      return values.countries;
    case 'identifiers':
      return values.identifiers;
    case 'addresses':
      return values.addresses;
    case 'programs':
      return values.programs;
    case 'listed_on':
      return values.listedOn ? [values.listedOn] : [];
    case 'remarks':
      return values.remarks ? [values.remarks] : [];
    case 'feeds':
      return values.feeds;
    case 'source_urls':
      return values.sourceUrls;
  }
}

/** Field by field, the values `next` has and `previous` had not (added) and the reverse (removed);
 * only the fields that differ. Without `previous` (a new listing) every value is added. A name whose
 * kind changes (an alias becoming the primary name) shows as removed in one kind, added in the other. */
export function diffListedValues(previous: ListedValues | null, next: ListedValues): FieldChange[] {
  const changes: FieldChange[] = [];
  for (const field of LISTED_FIELDS) {
    const after = valuesOf(next, field);
    const before = previous ? valuesOf(previous, field) : [];
    const had = new Set(before);
    const has = new Set(after);
    const added = after.filter((value) => !had.has(value));
    const removed = before.filter((value) => !has.has(value));
    if (added.length || removed.length) changes.push({ field, added, removed });
  }
  return changes;
}
