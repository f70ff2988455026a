// Audit trail of sensitive reads and decisions (platform.audit_log). Reads of decrypted results
// write their entry before any data is returned; a failed write fails the read closed.
import { Db, type DbClient } from '../../../platform/db/prisma';
import { Principal } from '../../../platform/principal/principal';
import { insertAuditEntry } from '../data/audit-store';

export interface AuditEntry {
  tenantId: string;
  workspaceId: string;
  actorKind: string;
  actorId: string;
  action: string;
  resourceType: string;
  resourceId: string;
  outcome: 'allowed' | 'denied' | 'succeeded';
  requestId?: string;
  detail?: Record<string, unknown>;
}

export type AuditWriter = (entry: AuditEntry) => Promise<void>;

export function dbAuditWriter(db: Db): AuditWriter {
  return (entry) => writeAudit(db, entry);
}

export async function writeAudit(db: DbClient, entry: AuditEntry): Promise<void> {
  await insertAuditEntry(db, { ...entry, requestId: entry.requestId ?? null, detail: entry.detail ?? {} });
}

export function actorOf(principal: Principal): { actorKind: string; actorId: string } {
  return { actorKind: principal.kind, actorId: principal.actorId };
}
