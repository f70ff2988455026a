// GraphQL ⇄ REST wire format of screening: the typed match of the screening subgraph back to the
// snake_case "Screening match" of the interface spec, and search history records.
import { restDisposition } from './disposition-mapping';
import { restArticles } from './adverse-media-mapping';
import { z } from 'zod';
import { type HistoryFieldsFragment, type MatchFieldsFragment, ScreeningIdentifierKindValues } from '../operations/operations.generated';
import { feedName } from './feed-names';

/** Identity documents of a searched party (search-sync and batch entities; an extension of the interface, docs/screening.md). */
export const identifiersBody = z
  .array(
    z.strictObject({
      kind: z.enum(ScreeningIdentifierKindValues).optional(),
      value: z.string().min(1).max(64),
      country: z.string().min(2).max(64).optional(),
    }),
  )
  .max(10)
  .optional();

/** The REST identifiers as GraphQL's ScreeningIdentifierInput. */
export const identifiersInput = (identifiers: z.infer<typeof identifiersBody>) =>
  identifiers?.map((identifier) => ({ kind: identifier.kind, value: identifier.value, country: identifier.country }));

export { feedEnum, feedName } from './feed-names';

const dropNull = <T extends Record<string, unknown>>(object: T) =>
  Object.fromEntries(Object.entries(object).filter(([, value]) => value !== null && value !== undefined));

/** The match as search-sync answers it (same keys as the stored payload). */
export function restMatch(m: MatchFieldsFragment): Record<string, unknown> {
  const info = m.matchScoreInfo;
  return {
    id: m.id,
    rank: m.rank,
    score: m.score,
    name: { value: m.name.value, match_score: m.name.matchScore, criteria_match_level: m.name.criteriaMatchLevel },
    aliases: m.aliases.map((a) => ({
      value: a.value,
      match_score: a.matchScore,
      criteria_match_level: a.criteriaMatchLevel,
      kind: a.kind,
      ...(a.matchedQuery ? { matched_query: true } : {}),
    })),
    checklist: {
      screen: Object.fromEntries(m.checklist.screen.map((flag) => [feedName(flag.feed), flag.flagged])),
      hits: m.checklist.hits.map(feedName),
      hits_info: m.checklist.hitsInfo.map((hit) => ({
        feed: feedName(hit.feed),
        source: hit.source,
        programs: hit.programs,
        matched_name: hit.matchedName,
        score: hit.score,
      })),
    },
    match_score_info: {
      scorer_version: info.scorerVersion,
      threshold: info.threshold,
      query: info.query,
      best_name: dropNull({
        value: info.bestName.value,
        kind: info.bestName.kind,
        score: info.bestName.score,
        raw_score: info.bestName.rawScore,
        uncalibrated_score: info.bestName.uncalibratedScore,
      }),
      name_similarity: info.nameSimilarity,
      token_alignment: info.tokenAlignment,
      unmatched_query_tokens: info.unmatchedQueryTokens,
      unmatched_list_tokens: info.unmatchedListTokens,
      phonetic_agreement: info.phoneticAgreement,
      caps: info.caps,
      adjustments: info.adjustments,
      agreement: dropNull({
        birth_date: info.agreement.birthDate,
        country: info.agreement.country,
        identifier: info.agreement.identifier,
      }),
      final_score: info.finalScore,
    },
    source_details: m.sourceDetails.map((d) => ({ description: d.description, urls: d.urls, inference_context: d.inferenceContext })),
    review_status: m.reviewStatus,
    ...(m.automaticDisposition ? { automatic_disposition: restDisposition(m.automaticDisposition) } : {}),
    ...(m.dispositionHint ? { disposition_hint: restDisposition(m.dispositionHint) } : {}),
    ...restArticles(m),
    ...(m.previouslyCleared
      ? {
          previously_cleared: {
            match_id: m.previouslyCleared.matchId,
            cleared_at: m.previouslyCleared.clearedAt,
            cleared_by: m.previouslyCleared.clearedBy,
          },
        }
      : {}),
    entity: {
      id: m.entity.id,
      source: m.entity.source,
      source_id: m.entity.sourceId,
      type: m.entity.type,
      name: m.entity.name,
      feeds: m.entity.feeds.map(feedName),
      programs: m.entity.programs,
      dates_of_birth: m.entity.datesOfBirth.map((d) => dropNull(d)),
      nationalities: m.entity.nationalities,
      countries: m.entity.countries,
      listed_on: m.entity.listedOn,
    },
  };
}

/** The "Search request record" of the interface spec. */
export function historyRecord(s: HistoryFieldsFragment): Record<string, unknown> {
  return {
    id: s.id,
    legacy_search_id: s.legacySearchId,
    tenant_id: s.tenantId,
    workspace_id: s.workspaceId,
    config: { feeds: s.feeds.map(feedName) },
    entities: s.entities.map((e) => ({ type: e.type, name: e.name, feeds: e.feeds.map(feedName), custom_id: e.customId })),
    entity_count: s.entityCount,
    created_at: s.createdAt,
    updated_at: s.updatedAt,
    user_id: s.userId,
    ...(s.userName ? { user_name: s.userName } : {}),
    ...(s.userEmail ? { user_email: s.userEmail } : {}),
    job_id: s.jobId,
    profile_id: s.profileId,
  };
}
