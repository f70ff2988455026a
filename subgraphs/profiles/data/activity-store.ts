// The home page's reads: the count of profiles awaiting a human, and the workspace's latest events
// from the transactional outbox (platform.event_outbox, which keeps every domain's events; index
// (tenant_id, workspace_id, created_at) of migration platform_outbox_workspace_recent).
import type { DbClient, Scope } from '../../../platform/db/prisma';

export async function countProfilesInStatus(db: DbClient, scope: Scope, statuses: string[]): Promise<number> {
  return db.profile.count({ where: { ...scope, status: { in: statuses } } });
}

export async function latestWorkspaceEvents(db: DbClient, scope: Scope, take: number) {
  return db.outboxEvent.findMany({
    where: { tenantId: scope.tenantId, workspaceId: scope.workspaceId },
    select: { id: true, type: true, aggregateType: true, aggregateId: true, payload: true, createdAt: true },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take,
  });
}
