// The workspace monitoring default (feed frequencies groups inherit): the only Prisma access for it.
import { DbClient, Scope } from './scope';

export async function findMonitoringDefault(db: DbClient, scope: Scope) {
  return db.workspaceMonitoringDefault.findUnique({ where: { tenantId_workspaceId: scope } });
}

export async function saveMonitoringDefault(
  db: DbClient,
  scope: Scope,
  data: { sanctions: string; pep: string; news: string; updatedBy: string | null },
) {
  return db.workspaceMonitoringDefault.upsert({
    where: { tenantId_workspaceId: scope },
    create: { ...scope, ...data },
    update: { ...data, updatedAt: new Date() },
  });
}
