// The review desk's reads of platform.audit_log: the assignment moves of one session (who assigned
// whom, when), which the session row does not keep. Scoped like every IDV read.
import type { Db, Scope } from '../../../../platform/db/prisma';

export interface AssignmentEntry {
  actorKind: string;
  actorId: string;
  detail: unknown;
  createdAt: Date;
}

/** One prepared statement (the case page reads it on every load): in chain order, as appended. */
export async function findAssignmentEntries(db: Db, scope: Scope, sessionId: string): Promise<AssignmentEntry[]> {
  const rows = await db.$readRows(
    `SELECT actor_kind AS "actorKind", actor_id AS "actorId", detail, created_at AS "createdAt" FROM platform.audit_log
      WHERE tenant_id = $1 AND workspace_id = $2 AND resource_type = 'idv.session' AND resource_id = $3
        AND action = 'idv.session.assign' AND outcome = 'succeeded'
      ORDER BY id ASC`,
    [scope.tenantId, scope.workspaceId, sessionId],
    'idv_review_assignment_entries',
  );
  return rows as unknown as AssignmentEntry[];
}
