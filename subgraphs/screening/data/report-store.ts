// Report rows (the PDF bytes live in the blob store) and what a report needs to name its lists.
import { Db, type Scope } from '../../../platform/db/prisma';

export interface ReportRow {
  id: string;
  tenantId: string;
  workspaceId: string;
  searchResultId: string;
  matchIndex: number;
  blobKey: string;
  bytes: number;
  pages: number;
  createdAt: Date;
}

export async function insertReport(db: Db, row: Omit<ReportRow, 'createdAt'>): Promise<ReportRow> {
  return db.searchReport.create({ data: row });
}

export async function findReport(db: Db, scope: Scope, id: string): Promise<ReportRow | undefined> {
  if (!/^[0-9a-f]{24}$/.test(id)) return undefined;
  return (await db.searchReport.findFirst({ where: { ...scope, id } })) ?? undefined;
}

export async function listVersionLabels(db: Db, versionIds: string[]): Promise<Map<string, { label: string; seq: number }>> {
  if (!versionIds.length) return new Map();
  const rows = await db.watchlistVersion.findMany({ where: { id: { in: versionIds } }, select: { id: true, label: true, seq: true } });
  return new Map(rows.map((row) => [row.id, { label: row.label, seq: row.seq }]));
}

export async function resultIdsWithMatches(db: Db, scope: Scope, requestId: string, limit: number): Promise<string[]> {
  const rows = await db.searchResult.findMany({
    where: { ...scope, requestId, matchCount: { gt: 0 } },
    orderBy: { entityIndex: 'asc' },
    take: limit,
    select: { id: true },
  });
  return rows.map((row) => row.id);
}
