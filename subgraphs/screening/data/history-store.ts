// Search history listing: every filter of GET /v2/search/requests as one SQL statement on the
// (tenant, workspace, created_at) and (tenant, workspace, job_id, created_at) indexes; name search
// through the trigram index of search_results.name. The unfiltered total reads a per-workspace
// counter instead of counting millions of rows.
import { Db } from '../../../platform/db/prisma';
import { Scope, SearchRequestRow } from './search-store';
import { Sql } from './watchlist-store';

export interface HistoryFilter {
  q?: string;
  jobId?: string;
  from?: Date;
  to?: Date;
  sort: 'asc' | 'desc';
}

const COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", actor_kind AS "actorKind", actor_id AS "actorId", user_name AS "userName",
  user_email AS "userEmail", config, entities, job_id AS "jobId", profile_id AS "profileId", source, created_at AS "createdAt", updated_at AS "updatedAt"`;

function where(scope: Scope, filter: HistoryFilter): { sql: string; params: unknown[] } {
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
  if (filter.q) {
    add(
      (n) => `EXISTS (SELECT 1 FROM screening.search_results r WHERE r.request_id = q.id AND r.tenant_id = $1 AND r.workspace_id = $2 AND r.name ILIKE $${n})`,
      `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`,
    );
  }
  return { sql: clauses.join(' AND '), params };
}

const unfiltered = (filter: HistoryFilter) => !filter.q && !filter.jobId && !filter.from && !filter.to;

/** The exact total. Unfiltered (the usual first page): the workspace's maintained counter, one row
 * (kept by triggers in the inserting transaction). Filtered: a count bounded by the filter on the
 * indexes above (job_id: one request; created_at: an index-only range scan; q: the trigram index). */
async function countHistory(runner: Sql, scope: Scope, filter: HistoryFilter, sql: string, params: unknown[]): Promise<number> {
  if (unfiltered(filter)) {
    const counter = await runner.$queryRawUnsafe<{ n: number }[]>(
      'SELECT total::int AS n FROM screening.search_request_counts WHERE tenant_id = $1 AND workspace_id = $2',
      scope.tenantId,
      scope.workspaceId,
    );
    return counter[0]?.n ?? 0;
  }
  const count = await runner.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM screening.search_requests q WHERE ${sql}`, ...params);
  return count[0]?.n ?? 0;
}

export async function listHistory(db: Db, scope: Scope, filter: HistoryFilter, offset: number, limit: number): Promise<{ total: number; rows: SearchRequestRow[] }> {
  const { sql, params } = where(scope, filter);
  const direction = filter.sort === 'asc' ? 'ASC' : 'DESC';
  const runner = db as unknown as Sql;
  const [rows, count] = await Promise.all([
    runner.$queryRawUnsafe<SearchRequestRow[]>(
      `SELECT ${COLUMNS} FROM screening.search_requests q WHERE ${sql} ORDER BY q.created_at ${direction}, q.id ${direction} OFFSET ${Math.trunc(offset)} LIMIT ${Math.trunc(limit)}`,
      ...params,
    ),
    countHistory(runner, scope, filter, sql, params),
  ]);
  return { total: count, rows };
}
