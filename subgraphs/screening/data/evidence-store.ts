// The reads an evidence pack of a screening search needs (services/evidence-source.ts).
import type { Db, Scope } from '../../../platform/db/prisma';

export async function requestIdsOfProfile(db: Db, scope: Scope, profileId: string): Promise<string[]> {
  const rows = await db.searchRequest.findMany({
    where: { ...scope, profileId },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    select: { id: true },
  });
  return rows.map((row) => row.id);
}

export async function resultsOfRequest(db: Db, scope: Scope, requestId: string) {
  return db.searchResult.findMany({
    where: { ...scope, requestId },
    orderBy: { entityIndex: 'asc' },
    select: { id: true, entityIndex: true, matchCount: true },
  });
}

export async function matchesOfRequest(db: Db, scope: Scope, requestId: string) {
  return db.searchMatch.findMany({
    where: { ...scope, requestId },
    orderBy: [{ searchResultId: 'asc' }, { rank: 'asc' }],
    select: { id: true, searchResultId: true, rank: true, entityRef: true, score: true, reviewStatus: true, reviewedAt: true },
  });
}
