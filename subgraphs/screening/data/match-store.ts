// Stored matches read by id or by request (scoped like every screening read).
import { Db, readCount, type Scope } from '../../../platform/db/prisma';

export async function findMatchById(db: Db, scope: Scope, id: string) {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  return (await db.searchMatch.findFirst({ where: { ...scope, id } })) ?? undefined;
}

/** Matches of a request (or of one of its entity results), by entity then rank. */
export async function matchesOfRequestPage(
  db: Db,
  scope: Scope,
  requestId: string,
  searchResultId: string | undefined,
  offset: number,
  limit: number,
) {
  const where = { ...scope, requestId, ...(searchResultId ? { searchResultId } : {}) };
  const [rows, total] = await Promise.all([
    db.searchMatch.findMany({ where, orderBy: [{ searchResultId: 'asc' }, { rank: 'asc' }], skip: offset, take: limit }),
    db.searchMatch.count({ where }),
  ]);
  return { rows, total };
}

/** Stored matches nobody has reviewed yet (the home page's count): the maintained counters of
 * search_match_counts (statement triggers keep them in each writing transaction, migration
 * screening_match_counts), a few rows instead of a count over every match. */
export async function countUnresolvedMatches(db: Db, scope: Scope): Promise<number> {
  return readCount(
    db,
    `SELECT COALESCE(sum(total), 0)::int AS n FROM screening.search_match_counts WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = 'unresolved'`,
    [scope.tenantId, scope.workspaceId],
    'unresolved_matches_count',
  );
}
