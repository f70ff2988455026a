// The audit trail's one write for IDV (platform.audit_log): an entry per sensitive read or decision.
import { Prisma } from '../../../platform/db/prisma-client';
import type { DbClient } from '../../../platform/db/prisma';

/** One audit entry; `detail` is stored as JSON. */
export interface NewAuditEntry {
  tenantId: string;
  workspaceId: string;
  actorKind: string;
  actorId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  outcome: string;
  requestId: string | null;
  detail: Record<string, unknown>;
}

export async function insertAuditEntry(db: DbClient, entry: NewAuditEntry): Promise<void> {
  await db.auditLogEntry.create({ data: { ...entry, detail: entry.detail as Prisma.InputJsonValue } });
}
