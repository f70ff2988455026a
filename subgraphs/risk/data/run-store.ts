// Agent runs and their leases. A worker holds a run while lease_until is in the future; another
// worker may take it over once the lease has expired (the holder crashed).
import { Prisma } from '../../../platform/db/prisma-client';
import { newId } from '../../../platform/ids/new-id';
import type { Db, DbClient, Scope } from '../../../platform/db/prisma';

export async function insertRun(db: DbClient, scope: Scope, data: { assessmentId: string; agent: string; reason: string | null }) {
  return db.riskRun.create({ data: { id: newId('run'), ...scope, ...data, status: 'running' } });
}

export type RunRow = Awaited<ReturnType<typeof insertRun>>;

export async function findRun(db: DbClient, id: string): Promise<RunRow | null> {
  return db.riskRun.findUnique({ where: { id } });
}

/** The run columns under their model names (raw reads answer the rows Prisma would). */
const RUN_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", assessment_id AS "assessmentId", agent, reason, status, step,
  attempts, step_failures AS "stepFailures", lease_owner AS "leaseOwner", lease_until AS "leaseUntil", error, started_at AS "startedAt",
  finished_at AS "finishedAt", updated_at AS "updatedAt"`;

/** Runs by id (the assessments' latest runs on a read): one prepared statement. */
export async function findRunsByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<RunRow[]> {
  const rows = await db.$readRows(
    `SELECT ${RUN_COLUMNS} FROM risk.runs WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3::text[])`,
    [scope.tenantId, scope.workspaceId, [...ids]],
    'risk_runs_by_ids',
  );
  return rows as unknown as RunRow[];
}

export async function updateRun(db: DbClient, id: string, data: Prisma.RiskRunUncheckedUpdateInput): Promise<void> {
  await db.riskRun.update({ where: { id }, data });
}

/** Claims (or renews) the lease; false when another live worker holds it or the run is not active. */
export async function claimRunLease(db: DbClient, id: string, owner: string, leaseMs: number): Promise<boolean> {
  const claimed = await db.$executeRaw`
    UPDATE risk.runs SET lease_owner = ${owner}, lease_until = now() + (${leaseMs} * interval '1 millisecond'), attempts = attempts + CASE WHEN lease_owner = ${owner} THEN 0 ELSE 1 END, updated_at = now()
    WHERE id = ${id} AND status = 'running' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = ${owner})`;
  return claimed === 1;
}

export async function releaseRunLease(db: DbClient, id: string, owner: string): Promise<void> {
  await db.riskRun.updateMany({ where: { id, leaseOwner: owner }, data: { leaseOwner: null, leaseUntil: null } });
}
