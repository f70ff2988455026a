// The reads of the screening threshold lab (services/threshold-lab-service.ts): the served lists'
// entities (global reference data, for the labelled sample), and the workspace's recent screenings
// and reviewed matches with what the lab recounts of them. Reads only; every workspace read is
// scoped by tenant and workspace.
import type { Db, Scope } from '../../../platform/db/prisma';

/** The entities of every source's active version, as the loaders published them. */
export async function activeListEntities<T>(db: Db): Promise<T[]> {
  const rows = await db.$queryRawUnsafe<{ data: T }[]>(
    `SELECT e.data FROM screening.watchlist_entities e
       JOIN screening.watchlist_sources s ON s.source = e.source
      WHERE s.active_seq IS NOT NULL AND e.added_seq <= s.active_seq AND (e.removed_seq IS NULL OR e.removed_seq > s.active_seq)
      ORDER BY e.source, e.source_id`,
  );
  return rows.map((row) => row.data);
}

/** Screenings (one per screened name) of requests made since `since`, grouped by what they were
 * searched with: the threshold and feeds of the request's config. */
export interface ScreeningGroupRow {
  threshold: number | null;
  feeds: unknown;
  screenings: number;
}

export async function recentScreeningGroups(db: Db, scope: Scope, since: Date): Promise<ScreeningGroupRow[]> {
  const rows = await db.$queryRawUnsafe<{ threshold: number | null; feeds: unknown; screenings: bigint }[]>(
    `SELECT (q.config->>'threshold')::float8 AS threshold, q.config->'feeds' AS feeds, count(*) AS screenings
       FROM screening.search_requests q
       JOIN screening.search_results r ON r.request_id = q.id AND r.tenant_id = q.tenant_id AND r.workspace_id = q.workspace_id
      WHERE q.tenant_id = $1 AND q.workspace_id = $2 AND q.created_at >= $3
      GROUP BY 1, 2`,
    scope.tenantId,
    scope.workspaceId,
    since,
  );
  return rows.map((row) => ({ threshold: row.threshold, feeds: row.feeds, screenings: Number(row.screenings) }));
}

/** A stored match of a recent screening at or above a score, with what its screening was searched with. */
export interface RecentMatchRow {
  searchResultId: string;
  threshold: number | null;
  searchedFeeds: unknown;
  score: number;
  entityFeeds: unknown;
}

export async function recentMatchesAtOrAbove(db: Db, scope: Scope, since: Date, minScore: number): Promise<RecentMatchRow[]> {
  return db.$queryRawUnsafe<RecentMatchRow[]>(
    `SELECT m.search_result_id AS "searchResultId", (q.config->>'threshold')::float8 AS threshold, q.config->'feeds' AS "searchedFeeds",
            m.score, m.payload->'entity'->'feeds' AS "entityFeeds"
       FROM screening.search_requests q
       JOIN screening.search_matches m ON m.request_id = q.id AND m.tenant_id = q.tenant_id AND m.workspace_id = q.workspace_id
      WHERE q.tenant_id = $1 AND q.workspace_id = $2 AND q.created_at >= $3 AND m.score >= $4`,
    scope.tenantId,
    scope.workspaceId,
    since,
    minScore,
  );
}

/** A match with a review decision (true or false positive). */
export interface ReviewedMatchRow {
  id: string;
  searchResultId: string;
  reviewStatus: 'true_positive' | 'false_positive';
  reviewedAt: Date | null;
  score: number;
  entityRef: string;
  listedName: string | null;
  entityFeeds: unknown;
}

/** The workspace's reviewed matches, most recently reviewed first, at most `limit`. */
export async function reviewedMatches(db: Db, scope: Scope, limit: number): Promise<ReviewedMatchRow[]> {
  return db.$queryRawUnsafe<ReviewedMatchRow[]>(
    `SELECT m.id, m.search_result_id AS "searchResultId", m.review_status AS "reviewStatus", m.reviewed_at AS "reviewedAt",
            m.score, m.entity_ref AS "entityRef", m.payload->'entity'->>'name' AS "listedName", m.payload->'entity'->'feeds' AS "entityFeeds"
       FROM screening.search_matches m
      WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND m.review_status IN ('true_positive', 'false_positive')
      ORDER BY m.reviewed_at DESC NULLS LAST, m.id
      LIMIT $3`,
    scope.tenantId,
    scope.workspaceId,
    limit,
  );
}
