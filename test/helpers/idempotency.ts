// Helpers of the idempotency tests: lose the gateway's record of a keyed request the ways it gets
// lost after the subgraph's create committed, so that only the subgraph's own record of the key
// (platform/idempotency/create-once.ts) can stop a second object:
// - 'crashed': the state a process killed mid-request leaves (claimed, answer never stored, lease
//   run out), so the next retry takes the key over and runs the mutation again;
// - 'released': the gateway saw the request fail (the subgraph's answer never reached it) and let
//   the key go, fingerprint and all.
import type { RunningPlatform } from '../../app/start-platform';
import type { TestTenant } from './test-platform';

export async function loseGatewayAnswer(
  platform: RunningPlatform,
  tenant: TestTenant,
  key: string,
  how: 'crashed' | 'released' = 'crashed',
): Promise<void> {
  const where = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, key };
  const changed =
    how === 'crashed'
      ? await platform.db.idempotentRequest.updateMany({ where, data: { state: 'in_progress', leaseUntil: new Date(Date.now() - 1_000) } })
      : await platform.db.idempotentRequest.deleteMany({ where });
  if (changed.count !== 1) throw new Error(`no gateway record of key ${key} to lose`);
}
