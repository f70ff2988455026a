// Audit trail of sensitive reads and decisions (platform.audit_log, through the platform's one
// writer: platform/audit). Reads of decrypted results write their entry before any data is
// returned; a failed write fails the read closed. Decisions write theirs in their own transaction.
import { Db, type DbClient } from '../../../platform/db/prisma';
import { appendAudit, AuditEntry as PlatformAuditEntry, auditActorOf } from '../../../platform/audit/audit-trail';
import { Principal } from '../../../platform/principal/principal';

export type AuditEntry = PlatformAuditEntry;

export type AuditWriter = (entry: AuditEntry) => Promise<void>;

export function dbAuditWriter(db: Db): AuditWriter {
  return (entry) => writeAudit(db, entry);
}

export async function writeAudit(db: DbClient, entry: AuditEntry): Promise<void> {
  await appendAudit(db, entry);
}

export function actorOf(principal: Principal): { actorKind: string; actorId: string; clientAddress?: string | null } {
  return auditActorOf(principal);
}
