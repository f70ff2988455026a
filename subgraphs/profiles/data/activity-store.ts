// The home page's activity: the workspace's latest events
// from the transactional outbox (platform.event_outbox, which keeps every domain's events; index
// (tenant_id, workspace_id, created_at) of migration platform_outbox_workspace_recent).
import type { Db, Scope } from '../../../platform/db/prisma';

/** A workspace's latest events, newest first, with what the home page shows of them: never the
 * payload itself, only the profile it names. One prepared statement on the pool. */
export async function latestWorkspaceEvents(db: Db, scope: Scope, take: number) {
  const rows = await db.$readRows(
    `SELECT id, type, aggregate_type AS "aggregateType", aggregate_id AS "aggregateId", payload->>'profile_id' AS "payloadProfileId",
            created_at AS "createdAt"
       FROM platform.event_outbox WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY created_at DESC, id DESC LIMIT $3`,
    [scope.tenantId, scope.workspaceId, take],
    'workspace_latest_events',
  );
  return rows as unknown as {
    id: string;
    type: string;
    aggregateType: string;
    aggregateId: string;
    payloadProfileId: string | null;
    createdAt: Date;
  }[];
}
