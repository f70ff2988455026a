// Typed GraphQL objects of a stored match (the snake_case match payload of the interface spec,
// field by field). Only renames live here; the shapes are the engine's.
import { agreementOf, type Feed } from '../services/engine-adapter';
import type { StoredMatch } from '../services/search-model';
import type { CriteriaMatchLevel, Resolvers } from './resolver-types.generated';

// The parts of a stored match each GraphQL object resolves from (mappers in resolver-types.config.ts).
export type MatchedNamePayload = StoredMatch['name'];
export type AliasPayload = StoredMatch['aliases'][number];
export type ChecklistPayload = StoredMatch['checklist'];
export type HitPayload = ChecklistPayload['hits_info'][number];
export type ScoreInfoPayload = NonNullable<StoredMatch['match_score_info']>;
export type BestNamePayload = ScoreInfoPayload['best_name'];
export type SourceDetailPayload = StoredMatch['source_details'][number];
export type ListedEntityPayload = StoredMatch['entity'];
export type BirthDatePayload = ListedEntityPayload['dates_of_birth'][number];
/** ScreeningFeed as resolvers give it: the feed names of the engine (`Social Media`), or all. */
export type ScreeningFeedValue = 'all' | Feed;

export function matchLevelOf(match: StoredMatch): CriteriaMatchLevel {
  const best = match.match_score_info?.best_name;
  const all = [match.name, ...match.aliases];
  return all.find((name) => name.value === best?.value)?.criteria_match_level ?? match.name.criteria_match_level;
}

export const matchResolvers = {
  ScreeningMatch: {
    reviewStatus: (match) => match.review_status,
    reviewedBy: (match) => match.reviewedBy ?? null,
    reviewedAt: (match) => match.reviewedAt ?? null,
    searchResultId: (match) => match.searchResultId ?? null,
    previouslyCleared: (match) =>
      match.previously_cleared
        ? {
            matchId: match.previously_cleared.match_id,
            clearedAt: new Date(match.previously_cleared.cleared_at),
            clearedBy: match.previously_cleared.cleared_by,
          }
        : null,
    reviewHistory: (match, _, ctx) => ctx.reviewHistory.load(match.id),
    entityRef: (match) => match.entity.id,
    source: (match) => match.entity.source,
    sourceId: (match) => match.entity.source_id,
    entityType: (match) => match.entity.type,
    listedName: (match) => match.entity.name,
    matchedName: (match) => match.match_score_info?.best_name?.value ?? match.name.value,
    criteriaMatchLevel: (match) => matchLevelOf(match),
    feeds: (match) => match.entity.feeds,
    programs: (match) => match.entity.programs,
    matchScoreInfo: (match) => match.match_score_info,
    sourceDetails: (match) => match.source_details,
  },
  MatchedName: {
    matchScore: (name) => name.match_score,
    criteriaMatchLevel: (name) => name.criteria_match_level,
  },
  MatchedAlias: {
    matchScore: (alias) => alias.match_score,
    criteriaMatchLevel: (alias) => alias.criteria_match_level,
    matchedQuery: (alias) => alias.matched_query ?? null,
  },
  MatchChecklist: {
    // Object.entries widens the keys of the Record<Feed, boolean> to string.
    screen: (checklist) => (Object.entries(checklist.screen) as [Feed, boolean][]).map(([feed, flagged]) => ({ feed, flagged })),
    hitsInfo: (checklist) => checklist.hits_info,
  },
  ChecklistHit: {
    matchedName: (hit) => hit.matched_name,
  },
  MatchScoreInfo: {
    scorerVersion: (info) => info.scorer_version,
    bestName: (info) => info.best_name,
    nameSimilarity: (info) => info.name_similarity,
    tokenAlignment: (info) => info.token_alignment,
    unmatchedQueryTokens: (info) => info.unmatched_query_tokens,
    unmatchedListTokens: (info) => info.unmatched_list_tokens,
    phoneticAgreement: (info) => info.phonetic_agreement,
    // Derived, not stored: matches stored before the summary existed read the same way.
    agreement: (info) => {
      const agreement = agreementOf(info.adjustments);
      return { birthDate: agreement.birth_date ?? null, country: agreement.country ?? null, identifier: agreement.identifier ?? null };
    },
    finalScore: (info) => info.final_score,
  },
  BestName: {
    rawScore: (best) => best.raw_score,
    uncalibratedScore: (best) => best.uncalibrated_score ?? null,
  },
  SourceDetail: {
    inferenceContext: (detail) => detail.inference_context,
  },
  ListedEntity: {
    sourceId: (entity) => entity.source_id,
    datesOfBirth: (entity) => entity.dates_of_birth,
    listedOn: (entity) => entity.listed_on,
  },
  ListedBirthDate: {
    value: (date) => ('value' in date ? date.value : null),
    from: (date) => ('from' in date ? date.from : null),
    to: (date) => ('to' in date ? date.to : null),
  },
  MatchReviewChange: {},
  ScreeningFeed: { Social_Media: 'Social Media', Open_Source: 'Open Source' },
} satisfies Resolvers;
