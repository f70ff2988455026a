// The review desk's reads of platform.audit_log: the assignment moves of one session (who assigned
// whom, when), which the session row does not keep. Scoped like every IDV read.
import type { DbClient, Scope } from '../../../../platform/db/prisma';

export async function findAssignmentEntries(db: DbClient, scope: Scope, sessionId: string) {
  return db.auditLogEntry.findMany({
    where: {
      tenantId: scope.tenantId,
      workspaceId: scope.workspaceId,
      resourceType: 'idv.session',
      resourceId: sessionId,
      action: 'idv.session.assign',
      outcome: 'succeeded',
    },
    select: { actorKind: true, actorId: true, detail: true, createdAt: true },
    orderBy: { id: 'asc' },
  });
}

export type AssignmentEntry = Awaited<ReturnType<typeof findAssignmentEntries>>[number];
