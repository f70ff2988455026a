// The one writer of the audit trail. Domains describe what happened (who, from where, what, on which
// object, with which outcome) and call appendAudit in the transaction of the decision it records;
// the entry joins its workspace's hash chain in the same statement (data/audit-store.ts).
// Personal data goes in `personal` only: that part is hashed separately and removed when the
// profile it belongs to is erased, so the chain still verifies (docs/audit.md).
import crypto from 'node:crypto';
import type { DbClient } from '../db/prisma';
import type { Principal } from '../principal/principal';
import { appendAuditRow, AuditListFilter, listEntries, erasePersonalParts, AuditRowInput, findEntryDetail } from './data/audit-store';
import { sha256Hex } from './chain';

export type AuditOutcome = 'allowed' | 'denied' | 'succeeded' | 'failed';

/** Who acted: a principal's kind and id, and the client address the gateway saw. */
export interface AuditActor {
  actorKind: string;
  actorId: string;
  clientAddress?: string | null;
}

export interface AuditEntry extends AuditActor {
  tenantId: string;
  workspaceId: string;
  /** Dotted verb (`idv.session.review`, `screening.search`, `screening.settings.update`). */
  action: string;
  /** The object acted on: its type and id. */
  resourceType: string;
  resourceId: string;
  /** The profile (data subject) the entry is about, when there is one. */
  profileId?: string | null;
  outcome: AuditOutcome;
  requestId?: string | null;
  /** What happened, without personal data. */
  detail?: Record<string, unknown>;
  /** Personal data the entry needs (names searched, free-text reasons); erased with the profile. */
  personal?: Record<string, unknown> | null;
  /** Default: now. */
  at?: Date;
}

export function auditActorOf(principal: Principal): AuditActor {
  return { actorKind: principal.kind, actorId: principal.actorId, clientAddress: principal.clientAddress ?? null };
}

export function auditRow(entry: AuditEntry): AuditRowInput {
  return {
    tenantId: entry.tenantId,
    workspaceId: entry.workspaceId,
    actorKind: entry.actorKind,
    actorId: entry.actorId,
    clientAddress: entry.clientAddress ?? null,
    action: entry.action,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    profileId: entry.profileId ?? null,
    outcome: entry.outcome,
    requestId: entry.requestId ?? null,
    detail: JSON.stringify(entry.detail ?? {}),
    personal: entry.personal ? JSON.stringify(entry.personal) : null,
    createdAt: (entry.at ?? new Date()).toISOString(),
  };
}

/** Appends the entry; in the caller's transaction when `db` is one (the decision and its entry commit
 * together). Keep it the last write of the transaction: it holds the workspace's chain head until
 * commit. */
export async function appendAudit(db: DbClient, entry: AuditEntry): Promise<void> {
  await appendAuditRow(db, auditRow(entry));
}

/** A salted hash of an input that may hold personal data: the salt lives in the entry's personal part,
 * so once the profile is erased the hash can no longer be tested against guessed inputs. */
export function saltedInputHash(input: unknown): { hash: string; salt: string } {
  const salt = crypto.randomBytes(16).toString('hex');
  return { hash: sha256Hex(`${salt}:${JSON.stringify(input)}`), salt };
}

/** Erasure of a profile: the personal part of every entry about it goes; the entries, their hash of
 * that part and the chain stay (docs/audit.md, "Erasure"). */
export async function eraseAuditPersonalData(
  db: DbClient,
  scope: { tenantId: string; workspaceId: string },
  profileId: string,
): Promise<number> {
  return erasePersonalParts(db, scope, profileId);
}

export type { AuditListFilter, AuditEntryRow } from './data/audit-store';

/** A page of a workspace's entries, newest first (`beforeSeq` continues a page): `limit + 1` rows. */
export function readAuditEntries(
  db: DbClient,
  scope: { tenantId: string; workspaceId: string },
  filter: AuditListFilter,
  beforeSeq: bigint | undefined,
  limit: number,
) {
  return listEntries(db, scope, filter, beforeSeq, limit);
}

/** The detail of the first entry with this action on the object (a search's own entry), or null. */
export function auditDetailOf(db: DbClient, scope: { tenantId: string; workspaceId: string }, action: string, resourceId: string) {
  return findEntryDetail(db, scope, action, resourceId);
}
