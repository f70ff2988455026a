// The audit trail's one write for IDV (platform.audit_log): an entry per sensitive read or decision.
import { Prisma } from '../../../platform/db/prisma';
import { DbClient } from './scope';

export async function insertAuditEntry(db: DbClient, data: Prisma.AuditLogEntryUncheckedCreateInput): Promise<void> {
  await db.auditLogEntry.create({ data });
}
