// The workspace monitoring default (feed frequencies groups inherit): the only Prisma access for it.
import type { DbClient, Scope } from '../../../platform/db/prisma';

export async function findMonitoringDefault(db: DbClient, scope: Scope) {
  return db.workspaceMonitoringDefault.findUnique({ where: { tenantId_workspaceId: scope } });
}

/** Creates the row from `initial` or updates only the `changed` feeds of an existing one. */
export async function saveMonitoringDefault(
  db: DbClient,
  scope: Scope,
  data: { initial: FeedColumns; changed: Partial<FeedColumns>; updatedBy: string | null },
) {
  const columns = (feeds: Partial<FeedColumns>) => ({
    ...(feeds.Sanctions !== undefined ? { sanctions: feeds.Sanctions } : {}),
    ...(feeds.PEP !== undefined ? { pep: feeds.PEP } : {}),
    ...(feeds.News !== undefined ? { news: feeds.News } : {}),
  });
  const initial = { sanctions: data.initial.Sanctions, pep: data.initial.PEP, news: data.initial.News };
  return db.workspaceMonitoringDefault.upsert({
    where: { tenantId_workspaceId: scope },
    create: { ...scope, ...initial, updatedBy: data.updatedBy },
    update: { ...columns(data.changed), updatedBy: data.updatedBy, updatedAt: new Date() },
  });
}

interface FeedColumns {
  Sanctions: string;
  PEP: string;
  News: string;
}
