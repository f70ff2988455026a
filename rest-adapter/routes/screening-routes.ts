// Screening: /v1 searches and /v2 stored matches, envelope {msg, status, result}, x-api-key.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { feedEnum, historyRecord, identifiersBody, identifiersInput, restMatch } from './screening-mapping';
import { toComment } from './profiles-mapping';
import { categoryKeys } from './adverse-media-mapping';
import { REST_FEEDS } from './feed-names';
import { route, Route, RouteInput } from './route';
import {
  type ScreenMutation,
  MatchReviewStatusValues,
  MatchesDocument,
  ScreenDocument,
  ScreeningQueryTypeValues,
} from '../operations/operations.generated';

const DOB = /^\d{4}(-\d{2}(-\d{2})?)?$/;
/** Upper bound of `limit` on GET /v2/search/matches; larger values are clamped to it. */
const MAX_STORED_MATCHES_LIMIT = 1000;
const CREDENTIALS: Route['credentials'] = ['x-api-key', 'api-key'];

const searchBody = z.strictObject({
  // Accepted query types (the screening service maps person → individual, organization/company → entity).
  type: z.enum(ScreeningQueryTypeValues).optional(),
  name: z.string().min(1).max(512),
  feeds: z
    .array(z.string().min(1).max(32))
    .min(1)
    .max(REST_FEEDS.length + 1)
    .optional(),
  date_of_birth: z.string().regex(DOB, 'must be YYYY, YYYY-MM or YYYY-MM-DD').optional(),
  country: z.string().min(2).max(64).optional(),
  identifiers: identifiersBody,
  limit: z.number().int().min(1).max(100).optional(),
  threshold: z.number().min(0).max(1).optional(),
  custom_id: z.string().max(256).optional(),
  profile_id: z.string().min(1).max(64).optional(),
  global_filters: z.strictObject({ adverse_media_risk_categories: categoryKeys.optional() }).optional(),
});

const searchQuery = z.object({
  name: z.string().min(1).max(512),
  type: z.enum(ScreeningQueryTypeValues).optional(),
  feeds: z.union([z.string().max(256), z.array(z.string().max(64)).max(REST_FEEDS.length + 1)]).optional(),
  date_of_birth: z.string().regex(DOB, 'must be YYYY, YYYY-MM or YYYY-MM-DD').optional(),
  country: z.string().min(2).max(64).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer from 1 to 100')
    .optional(),
  threshold: z
    .string()
    .regex(/^(0(\.\d+)?|1(\.0+)?)$/, 'must be a number from 0 to 1')
    .optional(),
  custom_id: z.string().max(256).optional(),
  profile_id: z.string().min(1).max(64).optional(),
});

function screenResult(data: ScreenMutation) {
  return { body: { searchId: data.screen.id, results: data.screen.matches.map(restMatch) } };
}

function fromBody({ body, headers }: RouteInput) {
  const b = body as z.infer<typeof searchBody>;
  return {
    input: {
      type: b.type,
      name: b.name,
      feeds: b.feeds?.map(feedEnum),
      dateOfBirth: b.date_of_birth,
      country: b.country,
      identifiers: identifiersInput(b.identifiers),
      limit: b.limit,
      threshold: b.threshold,
      customId: b.custom_id,
      profileId: b.profile_id,
      automaticDisposition: headers['x-service-automatic-disposition'] ?? null,
      globalFilters: b.global_filters ? { adverseMediaRiskCategories: b.global_filters.adverse_media_risk_categories } : undefined,
    },
  };
}

function fromQuery({ query, headers }: RouteInput) {
  const q = query as z.infer<typeof searchQuery>;
  const limit = q.limit === undefined ? undefined : Number(q.limit);
  if (limit !== undefined && (limit < 1 || limit > 100))
    throw ApiError.of('schema_validation_failed', 'query.limit: must be an integer from 1 to 100');
  return {
    input: {
      type: q.type,
      name: q.name,
      feeds: (Array.isArray(q.feeds) ? q.feeds : q.feeds?.split(','))
        ?.map((feed) => feed.trim())
        .filter(Boolean)
        .map(feedEnum),
      dateOfBirth: q.date_of_birth,
      country: q.country,
      limit,
      threshold: q.threshold === undefined ? undefined : Number(q.threshold),
      customId: q.custom_id,
      profileId: q.profile_id,
      automaticDisposition: headers['x-service-automatic-disposition'] ?? null,
    },
  };
}

const match = z.object({
  id: z.string(),
  score: z.number(),
  name: z.object({ value: z.string(), match_score: z.number(), criteria_match_level: z.string() }),
  aliases: z.array(
    z.object({ value: z.string(), match_score: z.number(), criteria_match_level: z.string(), matched_query: z.boolean().optional() }),
  ),
  checklist: z.object({ screen: z.record(z.string(), z.boolean()), hits: z.array(z.string()), hits_info: z.array(z.unknown()) }),
  match_score_info: z.unknown(),
  source_details: z.array(z.object({ description: z.string(), urls: z.array(z.string()), inference_context: z.string() })),
  review_status: z.enum(MatchReviewStatusValues),
  entity: z.object({
    id: z.string(),
    source: z.string(),
    source_id: z.string(),
    type: z.string(),
    name: z.string(),
    programs: z.array(z.string()),
    dates_of_birth: z.array(z.unknown()),
    nationalities: z.array(z.string()),
  }),
});
const searchResponse = z.object({ searchId: z.string(), results: z.array(match) });

export const screeningRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/search-sync',
    area: 'clm',
    tag: 'Screening',
    summary: 'Synchronous single search against the watchlists (stored in the search history)',
    credentials: CREDENTIALS,
    body: searchBody,
    document: ScreenDocument,
    variables: fromBody,
    result: screenResult,
    response: searchResponse,
  }),
  route({
    method: 'get',
    path: '/v1/search-sync',
    area: 'clm',
    tag: 'Screening',
    summary: 'Synchronous single search (legacy; query parameters, feeds comma-separated)',
    credentials: CREDENTIALS,
    query: searchQuery,
    document: ScreenDocument,
    variables: fromQuery,
    result: screenResult,
    response: searchResponse,
  }),
  route({
    method: 'get',
    path: '/v2/search/matches',
    area: 'clm',
    tag: 'Search history',
    summary: 'Stored matches of a search request (request_id from the history, or an entity-scoped searchId), ranked',
    credentials: CREDENTIALS,
    query: z.object({
      request_id: z.string().min(1).max(64),
      limit: z
        .string()
        .regex(/^[1-9]\d{0,8}$/, 'must be a positive integer (values above 1000 read as 1000)')
        .optional(),
    }),
    document: MatchesDocument,
    variables: ({ query }) => ({ id: String(query.request_id) }),
    result: (data, { query }) => {
      if (!data.screeningSearch) throw ApiError.of('search_not_found', 'Search not found');
      // Absent: every stored match of the entity (bounded by the search's own limit); above the
      // maximum it is clamped, like the other list limits, rather than refused.
      const limit = query.limit ? Math.min(MAX_STORED_MATCHES_LIMIT, Number(query.limit)) : undefined;
      // comments come from the profiles subgraph (one batched entity call for all matches).
      const matches = data.screeningSearch.matches.map((m) => ({ ...restMatch(m), comments: m.comments.map(toComment) }));
      return {
        body: {
          request: historyRecord(data.screeningSearch),
          searchId: data.screeningSearch.searchId,
          matches: limit ? matches.slice(0, limit) : matches,
        },
      };
    },
  }),
];
