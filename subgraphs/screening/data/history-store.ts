// Search history listing: every filter of GET /v2/search/requests as one SQL statement on the
// (tenant, workspace, created_at) and (tenant, workspace, job_id, created_at) indexes; name search
// through the trigram index of search_results.name.
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

export async function listHistory(db: Db, scope: Scope, filter: HistoryFilter, offset: number, limit: number): Promise<{ total: number; rows: SearchRequestRow[] }> {
  const { sql, params } = where(scope, filter);
  const direction = filter.sort === 'asc' ? 'ASC' : 'DESC';
  const runner = db as unknown as Sql;
  const [rows, count] = await Promise.all([
    runner.$queryRawUnsafe<SearchRequestRow[]>(
      `SELECT ${COLUMNS} FROM screening.search_requests q WHERE ${sql} ORDER BY q.created_at ${direction}, q.id ${direction} OFFSET ${Math.trunc(offset)} LIMIT ${Math.trunc(limit)}`,
      ...params,
    ),
    runner.$queryRawUnsafe<{ n: number }[]>(`SELECT count(*)::int AS n FROM screening.search_requests q WHERE ${sql}`, ...params),
  ]);
  return { total: count[0]?.n ?? 0, rows };
}
