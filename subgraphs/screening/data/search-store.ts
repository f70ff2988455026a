// Search history: requests, entity-scoped results and matches, every query scoped by
// tenant + workspace (a search of another workspace is indistinguishable from an absent one).
import { Db, Scope } from '../../../platform/db/prisma';
import { Sql } from './watchlist-store';
import { recordProfileScreeningSettled } from './profile-settled-event';
import { appendAuditRow, auditAppendCtes, auditAppendParams, AuditRowInput } from '../../../platform/audit/data/audit-store';

export interface SearchEntity {
  type: string | null;
  name: string;
  feeds: string[];
  custom_id: string | null;
}

/** A synchronous search to store: its request row, its one entity-scoped result and the matches. */
export interface NewSearch {
  request: SearchRequestRow & { entities: SearchEntity[] };
  resultId: string;
  matches: { id: string; rank: number; entityRef: string; score: number; payload: unknown }[];
}

/** Runs one statement with positional parameters: a node-postgres pool (the subgraph's hot path;
 * skips Prisma's per-call query compilation) or, by default, the Prisma client. `name` makes it a
 * prepared statement on the pool's connections (parsed and planned once per connection). */
export type StatementRunner = (sql: string, params: unknown[], name?: string) => Promise<unknown>;

/** Reads rows with one statement (a prepared one when named): the search path's hot reads. */
export type RowReader = (sql: string, params: unknown[], name?: string) => Promise<Record<string, unknown>[]>;

export function prismaRunner(db: Sql): StatementRunner {
  return (sql, params) => db.$executeRawUnsafe(sql, ...params);
}

const SYNC_SEARCH_CTES = `req AS (
       INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, user_name, user_email, config, entities, job_id, profile_id, source, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8::jsonb, $9::jsonb, NULL, $10, 'direct_api', $11::timestamp, $11::timestamp)
     ), res AS (
       INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, custom_id, match_count, created_at)
       VALUES ($12, $1, 0, $2, $3, $13, $14, $15, $16::int, $11::timestamp)
     )`;
const SYNC_SEARCH_MATCHES = `INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload, review_status, created_at)
     SELECT x.id, $12, $1, $2, $3, x.rank, x.entity_ref, x.score, x.payload, coalesce(x.payload->>'review_status', 'unresolved'), $11::timestamp
       FROM jsonb_to_recordset($17::jsonb) AS x(id text, rank int, entity_ref text, score float8, payload jsonb)`;
const SYNC_SEARCH_PARAMS = 17;
const INSERT_SYNC_SEARCH = `WITH ${SYNC_SEARCH_CTES}
     ${SYNC_SEARCH_MATCHES}`;
/** The same statement with the search's audit entry appended in it (its parameters follow). */
const INSERT_AUDITED_SYNC_SEARCH = `WITH ${auditAppendCtes(SYNC_SEARCH_PARAMS)}, ${SYNC_SEARCH_CTES}
     ${SYNC_SEARCH_MATCHES}`;

/** The request, its one result and all its matches in ONE statement (one round trip), with the
 * search's audit entry (platform/audit) when one is given. */
export async function insertSyncSearch(run: StatementRunner, search: NewSearch, audit?: AuditRowInput): Promise<void> {
  const { request } = search;
  const entity = request.entities[0];
  await run(
    audit ? INSERT_AUDITED_SYNC_SEARCH : INSERT_SYNC_SEARCH,
    [
      request.id,
      request.tenantId,
      request.workspaceId,
      request.actorKind,
      request.actorId,
      request.userName,
      request.userEmail,
      JSON.stringify(request.config),
      JSON.stringify(request.entities),
      request.profileId,
      request.createdAt.toISOString().replace('T', ' ').replace('Z', ''),
      search.resultId,
      entity.type,
      entity.name,
      entity.custom_id,
      search.matches.length,
      JSON.stringify(
        search.matches.map((match) => ({
          id: match.id,
          rank: match.rank,
          entity_ref: match.entityRef,
          score: match.score,
          payload: match.payload,
        })),
      ),
      ...(audit ? auditAppendParams(audit) : []),
    ],
    audit ? 'screening_insert_audited_sync_search' : 'screening_insert_sync_search',
  );
}

/**
 * A sync search written inside a caller's transaction, with the extra rows that must commit with it:
 * for a search made for a profile, the screening.profile_screening_settled event (so the profile's
 * status follows the search: the outbox relay sends the profiles.screening-outcome job, and neither
 * is written without the other); then whatever `alsoInTransaction` writes (the idempotency record
 * of a keyed search).
 */
export async function insertSyncSearchInTransaction(
  db: Db,
  search: NewSearch,
  options: {
    profileId?: string | null;
    alsoInTransaction?: (tx: Parameters<Parameters<Db['$transaction']>[0]>[0]) => Promise<void>;
    audit?: AuditRowInput;
  },
): Promise<void> {
  const count = (status: string) => search.matches.filter((match) => reviewStatusOf(match.payload) === status).length;
  await db.$transaction(async (tx) => {
    await insertSyncSearch(prismaRunner(tx), search);
    if (options.profileId) {
      await recordProfileScreeningSettled(
        tx,
        { tenantId: search.request.tenantId, workspaceId: search.request.workspaceId },
        {
          profileId: options.profileId,
          searchId: search.request.id,
          requestId: search.request.id,
          unresolvedMatches: count('unresolved'),
          truePositiveMatches: count('true_positive'),
          searchedAt: search.request.createdAt,
        },
      );
    }
    await options.alsoInTransaction?.(tx);
    // Last: the audit append holds the workspace's chain head until commit.
    if (options.audit) await appendAuditRow(tx, options.audit);
  });
}

/** The status the row will store: the payload's (clearance, automatic disposition) or unresolved. */
function reviewStatusOf(payload: unknown): string {
  const status = (payload as { review_status?: unknown } | null)?.review_status;
  return typeof status === 'string' ? status : 'unresolved';
}

export interface SearchRequestRow {
  id: string;
  tenantId: string;
  workspaceId: string;
  actorKind: string;
  actorId: string;
  userName: string | null;
  userEmail: string | null;
  config: unknown;
  entities: unknown;
  /** How many entities the request holds, when `entities` was read shortened (history pages). */
  entityCount?: number;
  jobId: string | null;
  profileId: string | null;
  source: string;
  createdAt: Date;
  updatedAt: Date;
}

export async function findSearchRequest(db: Db, scope: Scope, id: string): Promise<SearchRequestRow | undefined> {
  return ((await db.searchRequest.findFirst({ where: { ...scope, id } })) as SearchRequestRow | null) ?? undefined;
}

export async function findMatchesOfResult(db: Db, scope: Scope, searchResultId: string, limit = 1000) {
  return db.searchMatch.findMany({ where: { ...scope, searchResultId }, orderBy: { rank: 'asc' }, take: limit });
}

export type SearchMatchRow = Awaited<ReturnType<typeof findMatchesOfResult>>[number];

const REQUEST_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", actor_kind AS "actorKind", actor_id AS "actorId",
  user_name AS "userName", user_email AS "userEmail", config, entities, job_id AS "jobId", profile_id AS "profileId", source,
  created_at AS "createdAt", updated_at AS "updatedAt"`;

/** A request row of a UNION ALL read (REQUEST_COLUMNS) without the other row shape's empty columns. */
function requestRowOf(row: Record<string, never>): SearchRequestRow {
  return {
    id: row.id,
    tenantId: row.tenantId,
    workspaceId: row.workspaceId,
    actorKind: row.actorKind,
    actorId: row.actorId,
    userName: row.userName,
    userEmail: row.userEmail,
    config: row.config,
    entities: row.entities,
    jobId: row.jobId,
    profileId: row.profileId,
    source: row.source,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A stored match as a read of its search answers it (storedMatchOf): its payload, rank and review state. */
export type StoredMatchRow = Pick<
  SearchMatchRow,
  'id' | 'searchResultId' | 'rank' | 'payload' | 'reviewStatus' | 'reviewedBy' | 'reviewedByName' | 'reviewedAt'
>;

/**
 * Search requests by id and the stored matches of the given results (each result's by rank, at most
 * `limit` each, as findMatchesOfResult) in one prepared statement: the two row shapes side by side in
 * a UNION ALL, told apart by `kind`, so that reading a search (the matches of a request, through REST
 * and GraphQL) is one round trip instead of two one after the other. Both parts are scoped.
 */
export async function readRequestsWithMatches(
  db: Db,
  scope: Scope,
  requestIds: readonly string[],
  resultIds: readonly string[],
  limit = 1000,
): Promise<{ requests: SearchRequestRow[]; matches: StoredMatchRow[] }> {
  const rows = await db.$readRows(
    `SELECT 'request' AS kind, ${REQUEST_COLUMNS},
            NULL::text AS "searchResultId", NULL::int AS rank, NULL::jsonb AS payload, NULL::text AS "reviewStatus",
            NULL::text AS "reviewedBy", NULL::text AS "reviewedByName", NULL::timestamp(3) AS "reviewedAt"
       FROM screening.search_requests WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3::text[])
     UNION ALL
     SELECT 'match', id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
            search_result_id, rank, payload, review_status, reviewed_by, reviewed_by_name, reviewed_at
       FROM (SELECT m.*, row_number() OVER (PARTITION BY m.search_result_id ORDER BY m.rank) AS n
               FROM screening.search_matches m
              WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND m.search_result_id = ANY($4::text[])) ranked
      WHERE n <= $5
     ORDER BY "searchResultId", rank`,
    [scope.tenantId, scope.workspaceId, requestIds, resultIds, limit],
    'screening_requests_with_matches',
  );
  const requests: SearchRequestRow[] = [];
  const matches: StoredMatchRow[] = [];
  // Each row back to its own shape, without the other shape's empty columns.
  for (const row of rows as Record<string, never>[]) {
    if (row.kind === 'request') requests.push(requestRowOf(row));
    else
      matches.push({
        id: row.id,
        searchResultId: row.searchResultId,
        rank: row.rank,
        payload: row.payload,
        reviewStatus: row.reviewStatus,
        reviewedBy: row.reviewedBy,
        reviewedByName: row.reviewedByName,
        reviewedAt: row.reviewedAt,
      });
  }
  return { requests, matches };
}

/** A stored match without its payload: the columns a match summary answers (id, rank, score, review
 * state), for a page that shows each search's matches as scores and review states. */
export type SearchMatchSummaryRow = Pick<
  SearchMatchRow,
  'id' | 'searchResultId' | 'rank' | 'score' | 'reviewStatus' | 'reviewedBy' | 'reviewedByName' | 'reviewedAt'
>;

/** A profile's latest search request, with how many searches the profile has. */
export type LatestSearchRow = SearchRequestRow & { searchCount: number };

/**
 * The latest search of each profile (newest first by created_at, then id), how many searches each
 * profile has, and the match summaries of each latest search's first result (by rank, at most `limit`
 * each, without the payload), in ONE prepared statement: the two row shapes side by side in a UNION
 * ALL told apart by `kind` (as readRequestsWithMatches), where the latest searches, their requests and
 * their matches took three round trips one after the other. Both parts are scoped.
 */
export async function readLatestSearchSummaries(
  db: Db,
  scope: Scope,
  profileIds: readonly string[],
  limit = 1000,
): Promise<{ latest: LatestSearchRow[]; matches: SearchMatchSummaryRow[] }> {
  const rows = await db.$readRows(
    `WITH latest AS MATERIALIZED (
       SELECT DISTINCT ON (profile_id) ${REQUEST_COLUMNS}, (count(*) OVER (PARTITION BY profile_id))::int AS "searchCount"
         FROM screening.search_requests
        WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = ANY($3::text[])
        ORDER BY profile_id, created_at DESC, id DESC)
     SELECT 'request' AS kind, latest.*,
            NULL::text AS "searchResultId", NULL::int AS rank, NULL::float8 AS score, NULL::text AS "reviewStatus",
            NULL::text AS "reviewedBy", NULL::text AS "reviewedByName", NULL::timestamp(3) AS "reviewedAt"
       FROM latest
     UNION ALL
     SELECT 'match', id, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
            search_result_id, rank, score, review_status, reviewed_by, reviewed_by_name, reviewed_at
       FROM (SELECT m.id, m.search_result_id, m.rank, m.score, m.review_status, m.reviewed_by, m.reviewed_by_name, m.reviewed_at,
                    row_number() OVER (PARTITION BY m.search_result_id ORDER BY m.rank) AS n
               FROM latest JOIN screening.search_matches m ON m.search_result_id = latest.id || '_0'
              WHERE m.tenant_id = $1 AND m.workspace_id = $2) ranked
      WHERE n <= $4
     ORDER BY "searchResultId", rank`,
    [scope.tenantId, scope.workspaceId, profileIds, limit],
    'screening_latest_search_summaries_by_profile',
  );
  const latest: LatestSearchRow[] = [];
  const matches: SearchMatchSummaryRow[] = [];
  // Each row back to its own shape, without the other shape's empty columns.
  for (const row of rows as Record<string, never>[]) {
    if (row.kind === 'request') latest.push(Object.assign(requestRowOf(row), { searchCount: row.searchCount }));
    else
      matches.push({
        id: row.id,
        searchResultId: row.searchResultId,
        rank: row.rank,
        score: row.score,
        reviewStatus: row.reviewStatus,
        reviewedBy: row.reviewedBy,
        reviewedByName: row.reviewedByName,
        reviewedAt: row.reviewedAt,
      });
  }
  return { latest, matches };
}

/** The latest search of each profile (one query for a batch of profiles) and how many there are. */
export async function latestSearchesByProfile(
  db: Db,
  scope: Scope,
  profileIds: readonly string[],
): Promise<Map<string, { requestId: string; count: number }>> {
  // A prepared statement on the pool (parsed and planned once per connection), not a Prisma raw query.
  const rows = (await db.$readRows(
    `SELECT DISTINCT ON (profile_id) profile_id, id, (count(*) OVER (PARTITION BY profile_id))::int AS n
       FROM screening.search_requests
      WHERE tenant_id = $1 AND workspace_id = $2 AND profile_id = ANY($3::text[])
      ORDER BY profile_id, created_at DESC, id DESC`,
    [scope.tenantId, scope.workspaceId, profileIds],
    'screening_latest_searches_by_profile',
  )) as unknown as { profile_id: string; id: string; n: number }[];
  return new Map(rows.map((row) => [row.profile_id, { requestId: row.id, count: row.n }]));
}
