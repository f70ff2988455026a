// Typed GraphQL objects of a stored match (the snake_case match payload of the interface spec,
// field by field). Only renames live here; the shapes are the engine's.
import { ScreeningContext } from '../context';
import type { StoredMatch } from '../services/search-model';
import type { MatchView } from '../services/search-service';

type Alias = StoredMatch['aliases'][number];
type Info = StoredMatch['match_score_info'];
type Hit = StoredMatch['checklist']['hits_info'][number];
type BirthDate = StoredMatch['entity']['dates_of_birth'][number];

export function matchLevelOf(match: StoredMatch): string {
  const best = match.match_score_info?.best_name;
  const all = [match.name, ...match.aliases];
  return all.find((name) => name.value === best?.value)?.criteria_match_level ?? match.name.criteria_match_level;
}

export const matchResolvers = {
  ScreeningMatch: {
    reviewStatus: (match: MatchView) => match.review_status,
    reviewedBy: (match: MatchView) => match.reviewedBy ?? null,
    reviewedAt: (match: MatchView) => match.reviewedAt ?? null,
    searchResultId: (match: MatchView) => match.searchResultId ?? null,
    previouslyCleared: (match: MatchView) =>
      match.previously_cleared ? { matchId: match.previously_cleared.match_id, clearedAt: new Date(match.previously_cleared.cleared_at), clearedBy: match.previously_cleared.cleared_by } : null,
    reviewHistory: (match: MatchView, _: unknown, ctx: ScreeningContext) => ctx.reviewHistory.load(match.id),
    entityRef: (match: MatchView) => match.entity.id,
    source: (match: MatchView) => match.entity.source,
    sourceId: (match: MatchView) => match.entity.source_id,
    entityType: (match: MatchView) => match.entity.type,
    listedName: (match: MatchView) => match.entity.name,
    matchedName: (match: MatchView) => match.match_score_info?.best_name?.value ?? match.name.value,
    criteriaMatchLevel: (match: MatchView) => matchLevelOf(match),
    feeds: (match: MatchView) => match.entity.feeds,
    programs: (match: MatchView) => match.entity.programs,
    matchScoreInfo: (match: MatchView) => match.match_score_info,
    sourceDetails: (match: MatchView) => match.source_details,
  },
  MatchedName: {
    matchScore: (name: StoredMatch['name']) => name.match_score,
    criteriaMatchLevel: (name: StoredMatch['name']) => name.criteria_match_level,
  },
  MatchedAlias: {
    matchScore: (alias: Alias) => alias.match_score,
    criteriaMatchLevel: (alias: Alias) => alias.criteria_match_level,
    matchedQuery: (alias: Alias) => alias.matched_query ?? null,
  },
  MatchChecklist: {
    screen: (checklist: StoredMatch['checklist']) => Object.entries(checklist.screen).map(([feed, flagged]) => ({ feed, flagged })),
    hitsInfo: (checklist: StoredMatch['checklist']) => checklist.hits_info,
  },
  ChecklistHit: {
    matchedName: (hit: Hit) => hit.matched_name,
  },
  MatchScoreInfo: {
    scorerVersion: (info: Info) => info.scorer_version,
    bestName: (info: Info) => info.best_name,
    nameSimilarity: (info: Info) => info.name_similarity,
    tokenAlignment: (info: Info) => info.token_alignment,
    unmatchedQueryTokens: (info: Info) => info.unmatched_query_tokens,
    unmatchedListTokens: (info: Info) => info.unmatched_list_tokens,
    phoneticAgreement: (info: Info) => info.phonetic_agreement,
    finalScore: (info: Info) => info.final_score,
  },
  BestName: {
    rawScore: (best: Info['best_name']) => best.raw_score,
    uncalibratedScore: (best: Info['best_name']) => best.uncalibrated_score ?? null,
  },
  SourceDetail: {
    inferenceContext: (detail: StoredMatch['source_details'][number]) => detail.inference_context,
  },
  ListedEntity: {
    sourceId: (entity: StoredMatch['entity']) => entity.source_id,
    datesOfBirth: (entity: StoredMatch['entity']) => entity.dates_of_birth,
    listedOn: (entity: StoredMatch['entity']) => entity.listed_on,
  },
  ListedBirthDate: {
    value: (date: BirthDate) => ('value' in date ? date.value : null),
    from: (date: BirthDate) => ('from' in date ? date.from : null),
    to: (date: BirthDate) => ('to' in date ? date.to : null),
  },
  MatchReviewChange: {},
  ScreeningFeed: { Social_Media: 'Social Media', Open_Source: 'Open Source' },
};
