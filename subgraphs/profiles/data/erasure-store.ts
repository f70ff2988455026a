// Erasure bookkeeping: the claim on the profile row (its audit entries go through platform/audit).
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
