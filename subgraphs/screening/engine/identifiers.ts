/**
 * Identifier agreement: the documents a query names (passport, national id, tax id, registration number) against the
 * identifiers a listed entity carries. Pure code; docs/screening-matching.md ("Identifier agreement") gives the rules.
 */
import type { Identifier, WatchlistEntity } from '../lists/model';
import type { Adjustment } from './adjust';

/** Kinds a query may give an identifier (the GraphQL ScreeningIdentifierKind). */
export const QUERY_IDENTIFIER_KINDS = ['passport', 'national_id', 'tax_id', 'registration_number', 'other'] as const;
export type QueryIdentifierKind = (typeof QUERY_IDENTIFIER_KINDS)[number];

export interface QueryIdentifier {
  /** Omitted: any kind (as `other`). */
  kind?: QueryIdentifierKind;
  value: string;
  /** ISO 3166-1 alpha-2 of the issuing country, when known. */
  country?: string;
}

/** An identical identifier is strong evidence of the same party: it adds this much (the final score stays capped at 1). */
export const IDENTIFIER_MATCH_BONUS = 0.15;
/** A different document of the same kind (and country): weak evidence against, since lists carry several documents each. */
export const IDENTIFIER_MISMATCH = -0.02;
/** Shorter normalized values ("1234") are too common to identify a document: they are not compared. */
export const IDENTIFIER_MIN_COMPARABLE = 5;

/** Case, spaces, dashes, dots and slashes do not tell two documents apart: "ab-12.345 6" is "AB123456". */
export function normalizeIdentifier(value: string): string {
  return value
    .normalize('NFKC')
    .toUpperCase()
    .replace(/[\s\-\u2010-\u2015./_]+/g, '');
}

/** The identifier as explanations show it: its last 4 characters only (personal data). */
export function maskIdentifier(value: string): string {
  const v = normalizeIdentifier(value);
  return v.length <= 4 ? '****' : `****${v.slice(-4)}`;
}

type KindClass = QueryIdentifierKind | 'reference';

/** The listed kinds (each loader's own spelling) as the query's kinds; the lists' own reference numbers are not documents. */
function kindClass(kind: string): KindClass {
  const k = kind.toLowerCase();
  if (/^(un|eu)_reference$/.test(k)) return 'reference';
  if (/pas[as]?port|passeport|pasaporte/.test(k)) return 'passport';
  if (/national|identity|identification|id_card|^nid$|cedula|curp|dni|citizen|personal/.test(k)) return 'national_id';
  if (/tax|^inn$|^tin$|^vat|fiscal|^nif$|^rfc$|^nit$|^ruc$|cuit/.test(k)) return 'tax_id';
  if (/regist|^ogrn|company|commercial|business|chamber/.test(k)) return 'registration_number';
  return 'other';
}

const compatible = (a: KindClass, b: KindClass) => a !== 'reference' && b !== 'reference' && (a === b || a === 'other' || b === 'other');
const countriesConflict = (a: string | undefined, b: string | undefined) => !!a && !!b && a.toUpperCase() !== b.toUpperCase();

/**
 * Some lists write a number inside a sentence ("CAR diplomatic passport no. D00000898", "Central African Republic number
 * O00065772"): there the words holding a digit are the candidates too (a value of one or two words is compared whole).
 */
function numbersIn(value: string): string[] {
  const words = value.trim().split(/\s+/);
  if (words.length < 3) return [];
  return words.map(normalizeIdentifier).filter((word) => word.length >= IDENTIFIER_MIN_COMPARABLE && /\d/.test(word));
}

const describe = (kind: string, value: string, country?: string) => `${kind} ${maskIdentifier(value)}${country ? ` (${country})` : ''}`;

/**
 * One adjustment for the query's identifiers against the entity's: `match` when any query identifier is listed (same
 * normalized value, a compatible kind, no two different issuing countries), else `mismatch` when the entity lists a
 * different document of the same kind (and country, where both give one), else `unknown`. Undefined without query
 * identifiers, so such searches score as before.
 */
export function identifierAdjustment(
  query: readonly QueryIdentifier[] | undefined,
  e: WatchlistEntity,
): Adjustment<'identifier'> | undefined {
  if (!query?.length) return undefined;
  const listed = e.identifiers
    .map((i: Identifier) => ({ i, cls: kindClass(i.kind), norm: normalizeIdentifier(i.value), numbers: numbersIn(i.value) }))
    .filter((l) => l.cls !== 'reference' && l.norm.length > 0);
  let mismatch: { q: QueryIdentifier; l: Identifier } | undefined;
  for (const q of query) {
    const norm = normalizeIdentifier(q.value);
    if (norm.length < IDENTIFIER_MIN_COMPARABLE) continue;
    const qcls: KindClass = q.kind ?? 'other';
    for (const l of listed) {
      if (!compatible(qcls, l.cls) || countriesConflict(q.country, l.i.country)) continue;
      if (l.norm === norm || l.numbers.includes(norm))
        return {
          feature: 'identifier',
          outcome: 'match',
          delta: IDENTIFIER_MATCH_BONUS,
          detail: `${describe(q.kind ?? 'identifier', q.value, q.country)} matches the listed ${describe(l.i.kind, l.i.value, l.i.country)}`,
        };
      if (!mismatch && qcls !== 'other' && l.cls === qcls) mismatch = { q, l: l.i };
    }
  }
  if (mismatch)
    return {
      feature: 'identifier',
      outcome: 'mismatch',
      delta: IDENTIFIER_MISMATCH,
      detail: `${describe(mismatch.q.kind ?? 'identifier', mismatch.q.value, mismatch.q.country)} differs from the listed ${describe(mismatch.l.kind, mismatch.l.value, mismatch.l.country)}`,
    };
  return { feature: 'identifier', outcome: 'unknown', delta: 0, detail: 'listed entry has no comparable identifier' };
}
