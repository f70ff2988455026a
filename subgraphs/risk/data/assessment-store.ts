// Assessments: the only code touching risk.assessments. Every query is scoped by tenant+workspace
// (the agent reads through the run's own scope).
import { Prisma } from '../../../platform/db/prisma-client';
import type { ClientRiskRating } from '../catalog/scorecards';
import { assessmentContextColumn, canvasStateColumn, clientRiskRatingsColumn, StoredAssessmentContext } from './json-columns';
import type { DbClient, DbTx, Scope } from '../../../platform/db/prisma';

export async function insertAssessment(
  db: DbClient,
  scope: Scope,
  data: {
    id: string;
    title: string;
    workflowId: string;
    purpose: string | null;
    context: StoredAssessmentContext;
    subjects: object;
    profileIds: string[];
  },
) {
  return db.riskAssessment.create({
    data: { ...scope, ...data, context: assessmentContextColumn.write(data.context), subjects: data.subjects as Prisma.InputJsonValue },
  });
}

export type AssessmentRow = Awaited<ReturnType<typeof insertAssessment>>;

export async function findAssessment(db: DbClient, scope: Scope, id: string): Promise<AssessmentRow | null> {
  return db.riskAssessment.findFirst({ where: { ...scope, id } });
}

export async function findAssessmentsByIds(db: DbClient, scope: Scope, ids: readonly string[]): Promise<AssessmentRow[]> {
  return db.riskAssessment.findMany({ where: { ...scope, id: { in: [...ids] } } });
}

/** Locks the assessment row for the rest of the transaction (serialises state changes). */
export async function lockAssessment(tx: DbTx, scope: Scope, id: string): Promise<AssessmentRow | null> {
  const rows = await tx.$queryRaw<
    { id: string }[]
  >`SELECT id FROM risk.assessments WHERE id = ${id} AND tenant_id = ${scope.tenantId} AND workspace_id = ${scope.workspaceId} FOR UPDATE`;
  if (!rows.length) return null;
  return findAssessment(tx, scope, id);
}

/** What one change of an assessment sets (absent: unchanged); JSON columns as their stored shapes. */
export interface AssessmentChange {
  status?: string;
  latestRunId?: string | null;
  readyAt?: Date | null;
  concludedAt?: Date | null;
  conclusion?: Record<string, unknown>;
  clientRiskRatings?: ClientRiskRating[];
}

export async function updateAssessment(db: DbClient, scope: Scope, id: string, change: AssessmentChange): Promise<void> {
  const { conclusion, clientRiskRatings, ...rest } = change;
  const data: Prisma.RiskAssessmentUncheckedUpdateManyInput = {
    ...rest,
    ...(conclusion !== undefined ? { conclusion: conclusion as Prisma.InputJsonValue } : {}),
    ...(clientRiskRatings !== undefined ? { clientRiskRatings: clientRiskRatingsColumn.write(clientRiskRatings) } : {}),
  };
  await db.riskAssessment.updateMany({ where: { ...scope, id }, data });
}

/** Compare-and-set of the canvas: writes only when the stored version is `expectedVersion` (then
 * bumps it). True when this write won. */
export async function saveCanvasIfVersion(
  db: DbClient,
  scope: Scope,
  id: string,
  state: Record<string, unknown>,
  expectedVersion: number,
): Promise<boolean> {
  const updated = await db.riskAssessment.updateMany({
    where: { ...scope, id, canvasVersion: expectedVersion },
    data: { canvasState: canvasStateColumn.write(state), canvasVersion: { increment: 1 } },
  });
  return updated.count > 0;
}

export type SortKey = 'created_at' | 'updated_at' | 'title' | 'status';
const SORT_COLUMNS: Record<SortKey, 'createdAt' | 'updatedAt' | 'title' | 'status'> = {
  created_at: 'createdAt',
  updated_at: 'updatedAt',
  title: 'title',
  status: 'status',
};

export interface AssessmentListQuery {
  statuses?: string[];
  taskStatuses?: string[];
  profileId?: string;
  sortBy: SortKey;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

export async function listAssessments(
  db: DbClient,
  scope: Scope,
  query: AssessmentListQuery,
): Promise<{ rows: AssessmentRow[]; total: number }> {
  const where: Prisma.RiskAssessmentWhereInput = { ...scope };
  if (query.statuses?.length) where.status = { in: query.statuses };
  if (query.profileId) where.profileIds = { has: query.profileId };
  if (query.taskStatuses?.length) {
    const withTasks = await db.riskTask.findMany({
      where: { ...scope, status: { in: query.taskStatuses } },
      select: { assessmentId: true },
      distinct: ['assessmentId'],
    });
    where.id = { in: withTasks.map((task) => task.assessmentId) };
  }
  const [rows, total] = await Promise.all([
    db.riskAssessment.findMany({
      where,
      orderBy: [{ [SORT_COLUMNS[query.sortBy]]: query.direction }, { id: query.direction }],
      skip: query.offset,
      take: query.limit + 1,
    }),
    db.riskAssessment.count({ where }),
  ]);
  return { rows, total };
}

export async function findAssessmentsByProfileIds(db: DbClient, scope: Scope, profileIds: readonly string[]): Promise<AssessmentRow[]> {
  return db.riskAssessment.findMany({ where: { ...scope, profileIds: { hasSome: [...profileIds] } }, orderBy: { createdAt: 'asc' } });
}

/** Takes the next trajectory sequence numbers (in the caller's transaction, under the row lock). */
export async function takeSequences(tx: DbTx, assessmentId: string, count: number): Promise<number> {
  const rows = await tx.$queryRaw<
    { first: number }[]
  >`UPDATE risk.assessments SET next_sequence = next_sequence + ${count} WHERE id = ${assessmentId} RETURNING next_sequence - ${count} AS first`;
  return Number(rows[0].first);
}

/** Assessments in one status (the home page's count of those waiting for a person). */
export async function countAssessmentsInStatus(db: DbClient, scope: Scope, status: string): Promise<number> {
  return db.riskAssessment.count({ where: { tenantId: scope.tenantId, workspaceId: scope.workspaceId, status } });
}
