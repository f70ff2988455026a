// The only module that touches Prisma for IDV workflows. Every query carries the caller's tenant
// and workspace: a workflow of another workspace reads exactly like an absent one.
import { Prisma } from '../../../platform/db/prisma-client';
import type { FlowStep } from '../model/steps';
import { flagSettingsColumn, workflowStepsColumn } from './json-columns';
import type { DbClient, DbTx, Scope } from '../../../platform/db/prisma';
import { scoped } from './scope';

export type WorkflowRow = NonNullable<Awaited<ReturnType<typeof findWorkflow>>>;

/** The editable fields of a workflow (steps and flag settings as their stored shapes). */
export interface WorkflowFields {
  name: string;
  description: string;
  preset: string | null;
  steps: FlowStep[];
  profileUpdateEnabled: boolean;
  flagSettings: Record<string, string>;
  privacyContactEmail: string;
  retentionDays: number;
}

export interface NewWorkflow extends Scope, WorkflowFields {
  id: string;
  status: string;
  activatedAt: Date | null;
}

/** What one change of a workflow sets (absent: unchanged). */
export interface WorkflowChange extends Partial<WorkflowFields> {
  status?: string;
  isDefault?: boolean;
  revision?: number;
  activatedAt?: Date | null;
  archivedAt?: Date | null;
}

/** The stored form of the JSON columns of a workflow's fields. */
function withJsonColumns<T extends Partial<WorkflowFields>>(fields: T) {
  const { steps, flagSettings, ...rest } = fields;
  return {
    ...rest,
    ...(steps !== undefined ? { steps: workflowStepsColumn.write(steps) } : {}),
    ...(flagSettings !== undefined ? { flagSettings: flagSettingsColumn.write(flagSettings) } : {}),
  };
}

export async function insertWorkflow(db: DbClient, workflow: NewWorkflow) {
  const data: Prisma.IdvWorkflowUncheckedCreateInput = { ...withJsonColumns(workflow), steps: workflowStepsColumn.write(workflow.steps) };
  return db.idvWorkflow.create({ data });
}

export async function findWorkflow(db: DbClient, scope: Scope, id: string) {
  return db.idvWorkflow.findFirst({ where: { ...scoped(scope), id } });
}

/** Row lock for the rest of the transaction; null when absent in scope. */
export async function lockWorkflow(db: DbClient, scope: Scope, id: string) {
  const rows = await db.$queryRaw<
    { id: string }[]
  >`SELECT id FROM "idv"."workflows" WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  if (rows.length === 0) return null;
  return findWorkflow(db, scope, id);
}

export async function updateWorkflow(db: DbClient, scope: Scope, id: string, change: WorkflowChange) {
  await db.idvWorkflow.updateMany({ where: { ...scoped(scope), id }, data: withJsonColumns(change) });
  return db.idvWorkflow.findFirstOrThrow({ where: { ...scoped(scope), id } });
}

export async function clearDefaults(db: DbClient, scope: Scope, exceptId?: string) {
  await db.idvWorkflow.updateMany({
    where: { ...scoped(scope), isDefault: true, ...(exceptId ? { id: { not: exceptId } } : {}) },
    data: { isDefault: false },
  });
}

export async function findDefaultWorkflow(db: DbClient, scope: Scope) {
  return db.idvWorkflow.findFirst({ where: { ...scoped(scope), isDefault: true }, orderBy: { updatedAt: 'desc' } });
}

export async function listWorkflows(
  db: DbClient,
  scope: Scope,
  filter: { status?: string; after?: { createdAt: Date; id: string }; take: number },
) {
  return db.idvWorkflow.findMany({
    where: {
      ...scoped(scope),
      ...(filter.status ? { status: filter.status } : {}),
      ...(filter.after
        ? { OR: [{ createdAt: { lt: filter.after.createdAt } }, { createdAt: filter.after.createdAt, id: { lt: filter.after.id } }] }
        : {}),
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
    take: filter.take,
  });
}

/** Serializes default changes of one scope: the advisory lock is held until the transaction ends. */
export async function lockDefaultChanges(tx: DbTx, scope: Scope): Promise<void> {
  await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`idv.workflow_default:${scope.tenantId}:${scope.workspaceId}`}))`;
}
