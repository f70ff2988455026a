// Screening at work: batch submission, status and results, restart, search history, match review
// and PDF reports (docs/screening-batch.md). x-api-key credentials; envelope {msg, status, result}
// except POST /v1/reports, which answers the documented top-level {status, response, reports} and
// errors {status, response, error}.
import { z } from 'zod';
import { categoryKeys } from './adverse-media-mapping';
import { offsetCursor } from '../../platform/graphql/paging';
import { ApiError } from '../http/api-error';
import { route, Route, RouteInput } from './route';
import { feedEnum, historyRecord, identifiersBody, identifiersInput, restMatch } from './screening-mapping';
import {
  type JobFieldsFragment,
  BatchDocument,
  HistoryDocument,
  MatchReviewStatusValues,
  ReportsDocument,
  RestartDocument,
  ReviewBatchMatchDocument,
  ScreeningQueryTypeValues,
  SortDirectionValues,
  SubmitBatchDocument,
} from '../operations/operations.generated';

const CREDENTIALS: Route['credentials'] = ['x-api-key', 'api-key'];
/** Documented limits (docs/screening-batch.md). */
export const BATCH_MAX_ENTITIES = 100_000;
const DOB = /^\d{4}(-\d{2}(-\d{2})?)?$/;
const RFC3339 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/i;
const JOB_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const batchEntity = z.strictObject({
  type: z.enum(ScreeningQueryTypeValues).optional(),
  name: z.string().min(1).max(512),
  custom_id: z.string().max(256).optional(),
  date_of_birth: z.string().regex(DOB, 'must be YYYY, YYYY-MM or YYYY-MM-DD').optional(),
  country: z.string().min(2).max(64).optional(),
  identifiers: identifiersBody,
  profile_id: z.string().min(1).max(64).optional(),
  global_filters: z.strictObject({ adverse_media_risk_categories: categoryKeys.optional() }).optional(),
});

const batchBody = z.strictObject({
  requests: z.array(batchEntity).min(1),
  feeds: z.union([
    z.string().regex(/^all$/i, 'must be "all" or an array of feed names'),
    z.array(z.string().min(1).max(32)).min(1).max(11),
  ]),
  limit: z.number().int().min(1).max(100).optional(),
  threshold: z.number().min(0).max(1).optional(),
});

function submitVariables({ body, headers }: RouteInput) {
  const b = body as z.infer<typeof batchBody>;
  if (b.requests.length > BATCH_MAX_ENTITIES) {
    throw ApiError.of(
      'batch_too_large',
      `requests: at most ${BATCH_MAX_ENTITIES} entities a job (got ${b.requests.length}); split the list into several jobs`,
    );
  }
  return {
    input: {
      requests: b.requests.map((r) => ({
        type: r.type,
        name: r.name,
        customId: r.custom_id,
        dateOfBirth: r.date_of_birth,
        country: r.country,
        identifiers: identifiersInput(r.identifiers),
        profileId: r.profile_id,
        globalFilters: r.global_filters ? { adverseMediaRiskCategories: r.global_filters.adverse_media_risk_categories } : undefined,
      })),
      feeds: (typeof b.feeds === 'string' ? ['all'] : b.feeds).map(feedEnum),
      limit: b.limit,
      threshold: b.threshold,
      automaticDisposition: headers['x-service-automatic-disposition'] ?? null,
    },
  };
}

const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a positive integer')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be an integer from 1 to 1000')
    .optional(),
});

function pageOf(page: unknown, limit: unknown, fallback: number, max: number): { page: number; limit: number } {
  const p = page === undefined ? 1 : Number(page);
  const l = limit === undefined ? fallback : Number(limit);
  if (!Number.isInteger(p) || p < 1) throw ApiError.of('schema_validation_failed', 'page: must be a positive integer');
  if (!Number.isInteger(l) || l < 1 || l > max) throw ApiError.of('schema_validation_failed', `limit: must be an integer from 1 to ${max}`);
  return { page: p, limit: l };
}

function pagination(page: number, limit: number, total: number) {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total_count: total, total_pages: totalPages, has_next: page < totalPages, has_prev: page > 1 };
}

function jobBody(job: JobFieldsFragment) {
  const percent = job.total ? Math.floor((job.processed / job.total) * 1000) / 10 : 100;
  return {
    id: job.id,
    status: job.status,
    message:
      job.status === 'completed'
        ? `Completed: ${job.total} entities screened`
        : job.status === 'failed'
          ? `Failed: ${job.error ?? 'unknown error'}`
          : `${job.processed} of ${job.total} entities screened`,
    request_id: job.requestId,
    automatic_disposition: job.automaticDisposition,
    progress: { total: job.total, processed: job.processed, matched: job.matched, percent },
    restarts: job.restarts,
    created_at: job.createdAt,
    updated_at: job.updatedAt,
    started_at: job.startedAt,
    finished_at: job.finishedAt,
  };
}

function statusRoute(
  method: 'get' | 'post',
  path: string,
  idOf: (input: RouteInput) => string | undefined,
  pageSource: (input: RouteInput) => Record<string, unknown>,
  extra: Pick<Route, 'body' | 'query'>,
): Route {
  return route({
    method,
    path,
    area: 'clm',
    tag: 'Screening batch',
    summary:
      'Batch job status, progress and entity results (results[n].searchId is `<requestId>_<entityIndex>`), paged by page/limit (default 100, max 1000)',
    credentials: CREDENTIALS,
    document: BatchDocument,
    variables: (input) => {
      const id = idOf(input) ?? '';
      if (!JOB_ID.test(id)) throw ApiError.of('batch_job_not_found', 'Batch job not found');
      const { page, limit } = pageOf(pageSource(input).page, pageSource(input).limit, 100, 1000);
      return { id, first: limit, after: page > 1 ? offsetCursor((page - 1) * limit) : null };
    },
    result: (data, input) => {
      const job = data.screeningBatchJob;
      if (!job) throw ApiError.of('batch_job_not_found', 'Batch job not found');
      const { page, limit } = pageOf(pageSource(input).page, pageSource(input).limit, 100, 1000);
      return {
        body: {
          ...jobBody(job),
          results: job.results.nodes.map((r) => ({
            searchId: r.searchId,
            index: r.index,
            name: r.name,
            type: r.type,
            custom_id: r.customId,
            match_count: r.matchCount,
            results: r.matches.map(restMatch),
          })),
          pagination: pagination(page, limit, job.results.totalCount ?? 0),
        },
      };
    },
    ...extra,
  });
}

const historyQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a positive integer')
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,4}$/, 'must be an integer from 1 to 250')
    .optional(),
  q: z.string().max(512).optional(),
  job_id: z.string().regex(JOB_ID, 'must be a batch job id (uuid)').optional(),
  created_at_from: z.string().regex(RFC3339, 'must be an RFC 3339 date-time with a timezone').optional(),
  created_at_to: z.string().regex(RFC3339, 'must be an RFC 3339 date-time with a timezone').optional(),
  sort_key: z.enum(['created_at']).optional(), // REST-only: the history is ordered by creation only
  sort: z.enum(SortDirectionValues).optional(),
});

function rfc3339(field: string, value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (Number.isNaN(Date.parse(value))) throw ApiError.of('schema_validation_failed', `query.${field}: is not a valid date-time`);
  return value;
}

const reviewBody = z.strictObject({ review_status: z.enum(MatchReviewStatusValues), note: z.string().max(4000).optional() });

const reportsBody = z.strictObject({
  searchResultId: z.string().min(1).max(64).optional(),
  results: z.array(z.string().min(1).max(64)).min(1).max(100).optional(),
  index: z.union([z.number().int().min(0).max(99), z.array(z.number().int().min(0).max(99)).max(100)]).optional(),
  id: z.string().min(1).max(64).optional(),
});

/** The answer of POST /v1/reports (top level, no envelope), for the OpenAPI document. */
const reportsAnswer = z.object({
  status: z.number().int().describe('200'),
  response: z.string().describe('How many reports were generated'),
  reports: z.array(z.string()).describe('Signed URLs of the PDFs (valid 15 minutes)'),
});

function baseUrl(headers: RouteInput['headers']): string {
  const proto = (headers['x-forwarded-proto'] ?? 'http').split(',')[0].trim();
  return `${proto}://${headers['x-forwarded-host'] ?? headers.host ?? 'localhost'}`;
}

export const screeningBatchRoutes: Route[] = [
  route({
    method: 'post',
    path: '/v1/search',
    area: 'clm',
    tag: 'Screening batch',
    summary: 'Batch search: 1 to 100,000 entities screened by the workers; answers the job id (uuid)',
    credentials: CREDENTIALS,
    body: batchBody,
    bodyLimit: '32mb',
    document: SubmitBatchDocument,
    variables: submitVariables,
    result: (data) => ({
      body: {
        status: data.submitScreeningBatch.status,
        message: `Batch search queued: ${data.submitScreeningBatch.total} entities`,
        id: data.submitScreeningBatch.id,
      },
    }),
    response: z.object({ status: z.string(), message: z.string(), id: z.string() }),
  }),
  statusRoute(
    'post',
    '/v1/searchStatus',
    (input) => (input.body as { id: string }).id,
    (input) => input.body as Record<string, unknown>,
    {
      body: z.strictObject({
        id: z.string().min(1).max(64),
        page: z.number().int().min(1).optional(),
        limit: z.number().int().min(1).max(1000).optional(),
      }),
    },
  ),
  statusRoute(
    'get',
    '/v1/search/:jobid',
    (input) => input.params.jobid,
    (input) => input.query,
    { query: pageQuery },
  ),
  route({
    method: 'post',
    path: '/v1/search/:jobid/restart',
    area: 'clm',
    tag: 'Screening batch',
    summary: 'Batch restart: re-queues the entities without a result under the same job id; 409 batch_job_completed once completed',
    credentials: CREDENTIALS,
    document: RestartDocument,
    variables: ({ params }) => {
      if (!JOB_ID.test(params.jobid)) throw ApiError.of('batch_job_not_found', 'Batch job not found');
      return { id: params.jobid };
    },
    result: (data) => ({
      body: { ...jobBody(data.restartScreeningBatch), status: data.restartScreeningBatch.status, message: 'Batch job re-queued' },
    }),
  }),
  route({
    method: 'get',
    path: '/v2/search/requests',
    area: 'clm',
    tag: 'Search history',
    summary: 'Search history (sync and batch), newest first by default; limit default 10, max 250 (above: 400)',
    credentials: CREDENTIALS,
    query: historyQuery,
    document: HistoryDocument,
    variables: ({ query }) => {
      const q = query as z.infer<typeof historyQuery>;
      const { page, limit } = pageOf(q.page, q.limit, 10, 250);
      return {
        first: limit,
        after: page > 1 ? offsetCursor((page - 1) * limit) : null,
        q: q.q ?? null,
        jobId: q.job_id ?? null,
        from: rfc3339('created_at_from', q.created_at_from) ?? null,
        to: rfc3339('created_at_to', q.created_at_to) ?? null,
        sort: q.sort ?? 'desc',
      };
    },
    result: (data, { query }) => {
      const { page, limit } = pageOf(query.page, query.limit, 10, 250);
      return {
        body: {
          requests: data.screeningSearches.nodes.map(historyRecord),
          pagination: pagination(page, limit, data.screeningSearches.totalCount ?? 0),
        },
      };
    },
  }),
  route({
    method: 'patch',
    path: '/v2/search/matches/:matchId',
    area: 'clm',
    tag: 'Search history',
    summary: 'Review a stored match: review_status unresolved, true_positive or false_positive (append-only history)',
    credentials: CREDENTIALS,
    body: reviewBody,
    document: ReviewBatchMatchDocument,
    variables: ({ params, body }) => {
      const b = body as z.infer<typeof reviewBody>;
      return { id: params.matchId, input: { reviewStatus: b.review_status, note: b.note ?? null } };
    },
    result: (data) => {
      const m = data.reviewScreeningMatch;
      return {
        body: {
          match: { ...restMatch(m), search_id: m.searchResultId, reviewed_by: m.reviewedBy, reviewed_at: m.reviewedAt },
          review_history: m.reviewHistory.map((h) => ({
            id: h.id,
            from_status: h.fromStatus,
            to_status: h.toStatus,
            actor_id: h.actorId,
            actor_name: h.actorName,
            note: h.note,
            created_at: h.createdAt,
          })),
        },
      };
    },
  }),
  route({
    method: 'post',
    path: '/v1/reports',
    area: 'reports',
    tag: 'Reports',
    summary:
      'PDF reports of stored search results (searchResultId, results[] with index[], or a batch job id); URLs are signed links valid 15 minutes',
    credentials: CREDENTIALS,
    body: reportsBody,
    response: reportsAnswer,
    document: ReportsDocument,
    variables: ({ body }) => {
      const b = body as z.infer<typeof reportsBody>;
      return {
        input: {
          searchResultId: b.searchResultId ?? null,
          results: b.results ?? null,
          id: b.id ?? null,
          index: b.index === undefined ? null : Array.isArray(b.index) ? b.index : [b.index],
        },
      };
    },
    result: (data, { headers }) => {
      const reports = data.generateScreeningReports.reports.map((r) => `${baseUrl(headers)}${r.downloadPath}`);
      return { body: { status: 200, response: `${reports.length} report(s) generated`, reports } };
    },
  }),
];
