/**
 * Pairwise comparison: one name (with optional type and secondary facts) against one candidate, scored exactly as a
 * search scores a listed name (same readings of the query, same caps, same adjustments), with the same per-token
 * explanation. Token rarity comes from the served index, so a pair scores as it would in a search.
 */
import { birthDateAdjustment, countryAdjustment, typeAdjustment, type Adjustment } from './adjust';
import { DEFAULT_THRESHOLD, matchLevel, SCORER_VERSION, type CriteriaMatchLevel } from '../../../lib/names/levels';
import type { NameStyle } from '../../../lib/names/normalize';
import { styleForType } from './name-style';
import { queryReadings } from './readings';
import {
  hasJapaneseAlternate,
  prepareJapaneseAlternate,
  prepareName,
  round,
  scoreName,
  type AlignedPair,
  type PreparedName,
} from '../../../lib/names/score';
import { addName, emptyEntity, type EntityType } from '../lists/model';
import { parseBirthDate } from '../lists/dates';
import { toCountryCode } from '../lists/countries';
import { detectScript } from '../lists/scripts';

export interface CompareParty {
  name: string;
  type?: EntityType;
  /** YYYY, YYYY-MM or YYYY-MM-DD */
  birthDate?: string;
  /** ISO-2 code or English country name. */
  country?: string;
}

export interface NameComparison {
  score: number;
  level: CriteriaMatchLevel;
  /** Name score before adjustments. */
  nameScore: number;
  threshold: number;
  isMatch: boolean;
  scorerVersion: string;
  tokenAlignment: AlignedPair[];
  unmatchedQueryTokens: string[];
  unmatchedCandidateTokens: string[];
  caps: string[];
  /** A comparison of two parties weighs no identifiers. */
  adjustments: Adjustment<'birth_date' | 'country' | 'type'>[];
}

/** What a comparison takes from the served index (without one, every token counts as rare). */
export interface CompareVocabulary {
  rarity(token: string): number;
  prepareQuery(name: string, style: NameStyle): PreparedName;
}

const NO_INDEX: CompareVocabulary = { rarity: () => 1, prepareQuery: (name, style) => prepareName(name, style) };

export function compareParties(
  query: CompareParty,
  candidate: CompareParty,
  vocabulary: CompareVocabulary = NO_INDEX,
  threshold = DEFAULT_THRESHOLD,
): NameComparison {
  const rarity = (t: string) => vocabulary.rarity(t);
  const candidateType = candidate.type ?? query.type ?? 'individual';
  // the candidate plays a listed record: untyped, it takes the query's type (a person when neither says)
  const entity = emptyEntity('compare', 'candidate', candidateType);
  addName(entity, { value: candidate.name, kind: 'primary', script: detectScript(candidate.name) });
  const born = candidate.birthDate ? parseBirthDate(candidate.birthDate) : undefined;
  if (born) entity.birthDates.push(born);
  const country = candidate.country ? toCountryCode(candidate.country) : undefined;
  if (country) entity.countries.push(country);
  const q = queryReadings((style) => vocabulary.prepareQuery(query.name, style), query.type).queryFor(entity);
  const l = prepareName(candidate.name, styleForType(candidateType), rarity);
  // a name in kanji is also read as Japanese (either side), and the better pair of readings counts, as in a search
  const qJa = hasJapaneseAlternate(query.name)
    ? queryReadings((style) => prepareJapaneseAlternate(query.name, style, rarity) ?? q, query.type).queryFor(entity)
    : undefined;
  const lJa = hasJapaneseAlternate(candidate.name)
    ? prepareJapaneseAlternate(candidate.name, styleForType(candidateType), rarity)
    : undefined;
  let name = scoreName(q, l, { explain: true });
  for (const [qa, la] of [
    [qJa, l],
    [q, lJa],
    [qJa, lJa],
  ] as const) {
    if (!qa || !la) continue;
    const alt = scoreName(qa, la, { explain: true });
    if (alt.score > name.score) name = alt;
  }
  const adjustments = [
    birthDateAdjustment(query.birthDate, entity),
    countryAdjustment(query.country, entity),
    candidate.type ? typeAdjustment(query.type, entity) : undefined,
  ].filter((a): a is Adjustment<'birth_date' | 'country' | 'type'> => !!a);
  const penalty = adjustments.reduce((s, a) => s + Math.min(0, a.delta), 0);
  const bonus = adjustments.reduce((s, a) => s + Math.max(0, a.delta), 0);
  const score = round(Math.min(1, Math.max(0, name.score + penalty) + bonus));
  return {
    score,
    level: matchLevel(score),
    nameScore: name.score,
    threshold,
    isMatch: score >= threshold,
    scorerVersion: SCORER_VERSION,
    tokenAlignment: name.pairs,
    unmatchedQueryTokens: name.unmatchedQuery,
    unmatchedCandidateTokens: name.unmatchedList,
    caps: name.caps,
    adjustments,
  };
}
