// Erasure bookkeeping: the claim on the profile row and the platform audit trail.
import { Prisma } from '../../../platform/db/prisma-client';
import type { DbClient, Scope } from '../../../platform/db/prisma';

/** Sets the claim once (the first request wins); returns true when this call set it. */
export async function claimErasure(db: DbClient, scope: Scope, profileId: string, at: Date): Promise<boolean> {
  const result = await db.profile.updateMany({
    where: { ...scope, id: profileId, erasureClaimedAt: null },
    data: { erasureClaimedAt: at },
  });
  return result.count === 1;
}

export async function erasePersonalFields(db: DbClient, scope: Scope, profileId: string, placeholderName: string, at: Date) {
  await db.profile.updateMany({
    where: { ...scope, id: profileId },
    data: { name: placeholderName, email: null, erasedAt: at, updatedAt: at },
  });
}

export async function recordAudit(
  db: DbClient,
  scope: Scope,
  entry: {
    actorKind: string;
    actorId: string;
    action: string;
    resourceId: string;
    outcome: string;
    requestId?: string;
    detail: Record<string, unknown>;
  },
) {
  await db.auditLogEntry.create({
    data: {
      ...scope,
      actorKind: entry.actorKind,
      actorId: entry.actorId,
      action: entry.action,
      resourceType: 'profile',
      resourceId: entry.resourceId,
      outcome: entry.outcome,
      requestId: entry.requestId ?? null,
      detail: entry.detail as Prisma.InputJsonValue,
    },
  });
}
