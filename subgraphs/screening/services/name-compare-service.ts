// Pairwise name comparison (compareNames, POST /v1/names/compare): the rules of its input, then the engine's score of
// the pair with the served index's token rarity, so a pair scores exactly as the candidate would in a search.
import { ScreeningError } from '../errors';
import { countryCode, DEFAULT_THRESHOLD, type CompareParty, type EntityType, type NameComparison } from './engine-adapter';
import { INDEX_LOADING, IndexHolder } from './index-holder';
import { SEARCH_LIMITS, validDateOfBirth } from './search-service';

export interface ComparePartyInput {
  name: string;
  type?: EntityType | null;
  dateOfBirth?: string | null;
  country?: string | null;
}

export interface CompareNamesInput {
  query: ComparePartyInput;
  candidate: ComparePartyInput;
  threshold?: number | null;
}

const ENTITY_TYPES: EntityType[] = ['individual', 'entity', 'vessel', 'aircraft'];

function invalid(field: string, message: string): ScreeningError {
  return new ScreeningError('schema_validation_failed', `${field}: ${message}`, { field });
}

/** The rules of one side; `side` names the field in errors ("query", "candidate"). */
function party(input: ComparePartyInput | undefined, side: string): CompareParty {
  if (!input) throw invalid(side, 'is required');
  const name = (input.name ?? '').replace(/\s+/g, ' ').trim();
  if (!name) throw invalid(`${side}.name`, 'must not be empty');
  if (name.length > SEARCH_LIMITS.nameMax) throw invalid(`${side}.name`, `must be at most ${SEARCH_LIMITS.nameMax} characters`);
  if (input.type && !ENTITY_TYPES.includes(input.type)) throw invalid(`${side}.type`, `must be one of ${ENTITY_TYPES.join(', ')}`);
  const birthDate = input.dateOfBirth?.trim() || undefined;
  if (birthDate && !validDateOfBirth(birthDate)) throw invalid(`${side}.date_of_birth`, 'must be YYYY, YYYY-MM or YYYY-MM-DD');
  let country: string | undefined;
  if (input.country?.trim()) {
    country = countryCode(input.country.trim());
    if (!country) throw invalid(`${side}.country`, `unknown country "${input.country}" (ISO 3166-1 alpha-2 code or English name)`);
  }
  return { name, type: input.type ?? undefined, birthDate, country };
}

export async function compareNames(holder: IndexHolder, input: CompareNamesInput): Promise<NameComparison> {
  const query = party(input.query, 'query');
  const candidate = party(input.candidate, 'candidate');
  const threshold = input.threshold ?? DEFAULT_THRESHOLD;
  if (!(threshold >= 0 && threshold <= 1)) throw invalid('threshold', 'must be a number from 0 to 1');
  // token rarity comes from the lists: without an index a pair would score differently than in a search
  const snapshot = holder.current();
  if (!snapshot) throw new ScreeningError('screening_index_unavailable', holder.unavailableReason() ?? INDEX_LOADING);
  return snapshot.index.compare(query, candidate, threshold);
}
