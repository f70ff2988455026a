// Data access for idempotent requests (platform.idempotent_requests): claim a key, finish it with
// the sealed response, or release it when the request failed (a failed request wrote nothing, so
// a retry must run again).
import { newId } from '../ids/new-id';
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

/** Claims the key for this fingerprint, or says what an earlier request with the key did. Every
 * keyed request runs these statements: named ones on the pool (prepared once per connection), not
 * Prisma queries, whose per-call compilation cost more than the statements (docs/performance.md). */
export async function claimIdempotencyKey(db: Db, scope: IdempotencyScope, fingerprint: string, now = new Date()): Promise<Claim> {
  const leaseUntil = new Date(now.getTime() + IDEMPOTENCY_LEASE_MS);
  const expiresAt = new Date(now.getTime() + IDEMPOTENCY_TTL_MS);
  const id = newId('idem');
  // An expired record is as good as absent: deleted first (the insert reads the delete's count, so
  // it runs after it), then the key is claimed unless another record holds it.
  const inserted = await db.$runStatement(
    `WITH expired AS (
       DELETE FROM platform.idempotent_requests
        WHERE tenant_id = $2 AND workspace_id = $3 AND actor_id = $4 AND key = $5 AND expires_at < $9 RETURNING 1)
     INSERT INTO platform.idempotent_requests (id, tenant_id, workspace_id, actor_id, key, fingerprint, state, lease_until, expires_at)
     SELECT $1, $2, $3, $4, $5, $6, 'in_progress', $7, $8 WHERE (SELECT count(*) FROM expired) >= 0
     ON CONFLICT (tenant_id, workspace_id, actor_id, key) DO NOTHING RETURNING id`,
    [id, scope.tenantId, scope.workspaceId, scope.actorId, scope.key, fingerprint, leaseUntil, expiresAt, now],
    'idempotency_claim',
  );
  if (inserted.length === 1) return { outcome: 'claimed', id };

  const [existing] = await db.$readRows(
    `SELECT id, fingerprint, state, response FROM platform.idempotent_requests
      WHERE tenant_id = $1 AND workspace_id = $2 AND actor_id = $3 AND key = $4`,
    [scope.tenantId, scope.workspaceId, scope.actorId, scope.key],
    'idempotency_find',
  );
  if (!existing) return claimIdempotencyKey(db, scope, fingerprint, now);
  if (existing.fingerprint !== fingerprint) return { outcome: 'mismatch' };
  if (existing.state === 'completed') return { outcome: 'completed', response: existing.response };
  // The claimant's lease ran out (it crashed or was killed): take the key over, once.
  const takenOver = await db.$runStatement(
    `UPDATE platform.idempotent_requests SET lease_until = $2 WHERE id = $1 AND state = 'in_progress' AND lease_until < $3 RETURNING id`,
    [existing.id, leaseUntil, now],
    'idempotency_take_over',
  );
  return takenOver.length === 1 ? { outcome: 'claimed', id: existing.id as string } : { outcome: 'in_progress' };
}

export async function completeIdempotentRequest(db: Db, id: string, sealedResponse: unknown): Promise<void> {
  await db.$runStatement(
    `UPDATE platform.idempotent_requests SET state = 'completed', response = $2::jsonb WHERE id = $1`,
    [id, JSON.stringify(sealedResponse)],
    'idempotency_complete',
  );
}

export async function releaseIdempotencyKey(db: Db, id: string): Promise<void> {
  await db.$runStatement(`DELETE FROM platform.idempotent_requests WHERE id = $1 AND state = 'in_progress'`, [id], 'idempotency_release');
}

/** Drops records past their 24 h (called now and then by the gateway). */
export async function deleteExpiredIdempotentRequests(db: Db, now = new Date()): Promise<number> {
  const rows = await db.$runStatement(
    `DELETE FROM platform.idempotent_requests WHERE expires_at < $1 RETURNING id`,
    [now],
    'idempotency_sweep',
  );
  return rows.length;
}
