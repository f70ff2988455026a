// Data access for idempotent requests (platform.idempotent_requests): claim a key, finish it with
// the sealed response, or release it when the request failed (a failed request wrote nothing, so
// a retry must run again).
import { newId } from '../ids/new-id';
import { Prisma } from './prisma-client';
import type { Db } from './prisma';

/** How long a key is remembered. */
export const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** How long a claim holds before a retry may take it over (the claiming process died). */
export const IDEMPOTENCY_LEASE_MS = 10_000;

export interface IdempotencyScope {
  tenantId: string;
  workspaceId: string;
  actorId: string;
  key: string;
}

export type Claim =
  { outcome: 'claimed'; id: string } | { outcome: 'completed'; response: unknown } | { outcome: 'mismatch' } | { outcome: 'in_progress' };

/** Claims the key for this fingerprint, or says what an earlier request with the key did. */
export async function claimIdempotencyKey(db: Db, scope: IdempotencyScope, fingerprint: string, now = new Date()): Promise<Claim> {
  const where = { tenantId_workspaceId_actorId_key: scope };
  const leaseUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  // An expired record is as good as absent.
  await db.idempotentRequest.deleteMany({ where: { ...scope, expiresAt: { lt: now } } });
  const id = newId('idem');
  const inserted = await db.$executeRaw`
    INSERT INTO platform.idempotent_requests (id, tenant_id, workspace_id, actor_id, key, fingerprint, state, lease_until, expires_at)
    VALUES (${id}, ${scope.tenantId}, ${scope.workspaceId}, ${scope.actorId}, ${scope.key}, ${fingerprint}, 'in_progress', ${leaseUntil}, ${expiresAt})
    ON CONFLICT (tenant_id, workspace_id, actor_id, key) DO NOTHING`;
  if (inserted === 1) return { outcome: 'claimed', id };

  const existing = await db.idempotentRequest.findUnique({ where });
  if (!existing) return claimIdempotencyKey(db, scope, fingerprint, now);
  if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  if (existing.state === 'completed') return { outcome: 'completed', response: existing.response };
  // The claimant's lease ran out (it crashed or was killed): take the key over, once.
  const takenOver = await db.idempotentRequest.updateMany({
    where: { id: existing.id, state: 'in_progress', leaseUntil: { lt: now } },
    data: { leaseUntil },
  });
  return takenOver.count === 1 ? { outcome: 'claimed', id: existing.id } : { outcome: 'in_progress' };
}

export async function completeIdempotentRequest(db: Db, id: string, sealedResponse: unknown): Promise<void> {
  await db.idempotentRequest.updateMany({ where: { id }, data: { state: 'completed', response: sealedResponse as Prisma.InputJsonValue } });
}

export async function releaseIdempotencyKey(db: Db, id: string): Promise<void> {
  await db.idempotentRequest.deleteMany({ where: { id, state: 'in_progress' } });
}

/** Drops records past their 24 h (called now and then by the gateway). */
export async function deleteExpiredIdempotentRequests(db: Db, now = new Date()): Promise<number> {
  return (await db.idempotentRequest.deleteMany({ where: { expiresAt: { lt: now } } })).count;
}
