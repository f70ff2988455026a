// Search history listing: every filter of GET /v2/search/requests as SQL that stays cheap over
// millions of stored searches (measured by `npm run bench:batch`; plans in docs/screening-batch.md):
// - the page's ids are found first on an index alone ((tenant, workspace, created_at, id) or
//   (tenant, workspace, job_id, created_at, id)), skipping OFFSET rows inside the index, and only
//   the page's rows are then read from the table (a "deferred join");
// - `q` runs the trigram index of search_results.name once, and the page and its total are both
//   taken from that one set of hits;
// - a request's entities are read shortened to the first SEARCH_ENTITIES_SHOWN (a batch job holds
//   up to 100,000), with the full count beside them;
// - the unfiltered total reads a per-workspace counter instead of counting millions of rows, in the
//   page's own statement.
import { Db, type Scope } from '../../../platform/db/prisma';
import { SearchRequestRow } from './search-store';

export interface HistoryFilter {
  q?: string;
  jobId?: string;
  from?: Date;
  to?: Date;
  sort: 'asc' | 'desc';
}

/** Entities of one request shown in history (and on ScreeningSearch.entities). */
export const SEARCH_ENTITIES_SHOWN = 100;

export interface Statement {
  sql: string;
  params: unknown[];
  /** Its prepared statement's name, when its text is the same for every run of its shape. */
  name?: string;
}

// The first entities by subscript (a jsonb array is indexed; unnesting 10,000 to keep 100 cost 3.5 ms a row).
const COLUMNS = `s.id, s.tenant_id AS "tenantId", s.workspace_id AS "workspaceId", s.actor_kind AS "actorKind", s.actor_id AS "actorId", s.user_name AS "userName",
  s.user_email AS "userEmail", s.config, s.job_id AS "jobId", s.profile_id AS "profileId", s.source, s.created_at AS "createdAt", s.updated_at AS "updatedAt",
  jsonb_array_length(s.entities)::int AS "entityCount",
  CASE WHEN jsonb_array_length(s.entities) <= ${SEARCH_ENTITIES_SHOWN} THEN s.entities
       ELSE jsonb_path_query_array(s.entities, '$[0 to ${SEARCH_ENTITIES_SHOWN - 1}]') END AS entities`;

/** `%`, `_` and `\` of q are literal. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Filters on search_requests q other than the name search; $1 tenant, $2 workspace. */
function requestFilter(scope: Scope, filter: HistoryFilter): Statement {
  const params: unknown[] = [scope.tenantId, scope.workspaceId];
  const clauses = ['q.tenant_id = $1', 'q.workspace_id = $2'];
  const add = (clause: (n: number) => string, value: unknown) => {
    params.push(value);
    clauses.push(clause(params.length));
  };
  if (filter.jobId) add((n) => `q.job_id = $${n}`, filter.jobId);
  // created_at is stored as UTC without a zone (Prisma's timestamp(3)).
  if (filter.from) add((n) => `q.created_at >= ($${n}::timestamptz AT TIME ZONE 'UTC')`, filter.from.toISOString());
  if (filter.to) add((n) => `q.created_at <= ($${n}::timestamptz AT TIME ZONE 'UTC')`, filter.to.toISOString());
  return { sql: clauses.join(' AND '), params };
}

const unfiltered = (filter: HistoryFilter) => !filter.q && !filter.jobId && !filter.from && !filter.to;

/** The SQL of one history page, and of its total when counted apart (without `count`, the page's
 * rows carry the total: the unfiltered page and the name search). Exported for the bench, which
 * prints their plans. */
export function historyStatements(
  scope: Scope,
  filter: HistoryFilter,
  offset: number,
  limit: number,
): { page: Statement; count?: Statement } {
  const { sql, params } = requestFilter(scope, filter);
  const dir = filter.sort === 'asc' ? 'ASC' : 'DESC';
  const window = (alias: string) =>
    `ORDER BY ${alias}created_at ${dir}, ${alias}id ${dir} OFFSET ${Math.trunc(offset)} LIMIT ${Math.trunc(limit)}`;
  if (filter.q) {
    // One trigram lookup: the matching requests are materialised once (a selective q is a few
    // rows; the planner cannot misjudge it into walking the created_at index and probing each
    // request), and both the page and the exact total come from them.
    const qParam = params.length + 1;
    return {
      page: {
        sql: `WITH hits AS MATERIALIZED (
                SELECT q.id, q.created_at FROM screening.search_requests q
                WHERE ${sql} AND q.id IN (SELECT r.request_id FROM screening.search_results r WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.name ILIKE $${qParam})),
              total AS (SELECT count(*)::int AS n FROM hits),
              page AS (SELECT id, created_at FROM hits ${window('')})
              SELECT ${COLUMNS}, total.n AS total FROM total LEFT JOIN page ON true LEFT JOIN screening.search_requests s ON s.id = page.id
              ORDER BY page.created_at ${dir}, page.id ${dir}`,
        params: [...params, likePattern(filter.q)],
      },
    };
  }
  if (unfiltered(filter)) {
    // The page and the workspace's maintained counter (one row, kept by triggers in the inserting
    // transaction) in one prepared statement: the console's and the API's default history page is
    // one round trip. OFFSET and LIMIT are parameters here, so that its text is the same for every
    // page; PostgreSQL still plans each run with their values (a generic plan, costed for an
    // unknown limit, is dearer than these custom ones and is not chosen).
    return {
      page: {
        sql: `WITH page AS (SELECT q.id, q.created_at FROM screening.search_requests q WHERE ${sql}
                ORDER BY q.created_at ${dir}, q.id ${dir} OFFSET $3 LIMIT $4),
              total AS (SELECT COALESCE((SELECT c.total::int FROM screening.search_request_counts c WHERE c.tenant_id = $1 AND c.workspace_id = $2), 0) AS n)
              SELECT ${COLUMNS}, total.n AS total FROM total LEFT JOIN page ON true LEFT JOIN screening.search_requests s ON s.id = page.id
              ORDER BY page.created_at ${dir}, page.id ${dir}`,
        params: [...params, Math.trunc(offset), Math.trunc(limit)],
        name: `screening_history_page_${dir.toLowerCase()}`,
      },
    };
  }
  // The page's ids off the index alone (OFFSET skips index entries, not table rows), then its rows.
  const page: Statement = {
    sql: `WITH page AS (SELECT q.id, q.created_at FROM screening.search_requests q WHERE ${sql} ${window('q.')})
          SELECT ${COLUMNS} FROM page JOIN screening.search_requests s ON s.id = page.id ORDER BY page.created_at ${dir}, page.id ${dir}`,
    params,
  };
  // The exact total, a count bounded by the filter on the indexes above (job_id: one request;
  // created_at: an index-only range scan), read beside the page.
  return { page, count: { sql: `SELECT count(*)::int AS n FROM screening.search_requests q WHERE ${sql}`, params } };
}

export async function listHistory(
  db: Db,
  scope: Scope,
  filter: HistoryFilter,
  offset: number,
  limit: number,
): Promise<{ total: number; rows: SearchRequestRow[] }> {
  // Raw reads on the client's pool: no Prisma per call (docs/performance.md "Read path").
  const { page, count } = historyStatements(scope, filter, offset, limit);
  if (!count) {
    const rows = (await db.$readRows(page.sql, page.params, page.name)) as unknown as (SearchRequestRow & { total: number })[];
    // The total comes on every row; a page past the end still has one row (total, no request).
    return { total: rows[0]?.total ?? 0, rows: rows.filter((row) => row.id !== null).map(({ total: _total, ...row }) => row) };
  }
  const [rows, counted] = await Promise.all([db.$readRows(page.sql, page.params), db.$readRows(count.sql, count.params)]);
  return { total: (counted[0]?.n as number | undefined) ?? 0, rows: rows as unknown as SearchRequestRow[] };
}
