// Assessments: the only code touching risk.assessments. Every query is scoped by tenant+workspace
// (the agent reads through the run's own scope).
import { Prisma } from '../../../platform/db/prisma-client';
import type { ClientRiskRating } from '../catalog/scorecards';
import { assessmentContextColumn, canvasStateColumn, clientRiskRatingsColumn, StoredAssessmentContext } from './json-columns';
import { readCount, type Db, type DbClient, type DbTx, type Scope } from '../../../platform/db/prisma';

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

/** The assessment columns under their model names (raw reads answer the rows Prisma would; Prisma reads
 * a NULL list column as an empty list). */
const ASSESSMENT_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", title, workflow_id AS "workflowId", purpose, context,
  subjects, coalesce(profile_ids, '{}') AS "profileIds", status, latest_run_id AS "latestRunId", client_risk_ratings AS "clientRiskRatings",
  canvas_state AS "canvasState", canvas_version AS "canvasVersion", conclusion, next_sequence AS "nextSequence", ready_at AS "readyAt",
  concluded_at AS "concludedAt", created_at AS "createdAt", updated_at AS "updatedAt"`;

export async function findAssessment(db: DbClient, scope: Scope, id: string): Promise<AssessmentRow | null> {
  return db.riskAssessment.findFirst({ where: { ...scope, id } });
}

/** The request's assessments by id (the DataLoader behind every assessment read of the API): one
 * prepared statement, no Prisma per call. */
export async function findAssessmentsByIds(db: Db, scope: Scope, ids: readonly string[]): Promise<AssessmentRow[]> {
  const rows = await db.$readRows(
    `SELECT ${ASSESSMENT_COLUMNS} FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3::text[])`,
    [scope.tenantId, scope.workspaceId, [...ids]],
    'risk_assessments_by_ids',
  );
  return rows as unknown as AssessmentRow[];
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
export interface AssessmentListQuery {
  statuses?: string[];
  taskStatuses?: string[];
  profileId?: string;
  sortBy: SortKey;
  direction: 'asc' | 'desc';
  offset: number;
  limit: number;
}

const SORT_SQL: Record<SortKey, string> = { created_at: 'created_at', updated_at: 'updated_at', title: 'title', status: 'status' };

/** A page of the workspace's assessments and the total under the filters: two prepared statements
 * (one text per filter shape and order) on the pool, no Prisma per call (the console's list). */
export async function listAssessments(db: Db, scope: Scope, query: AssessmentListQuery): Promise<{ rows: AssessmentRow[]; total: number }> {
  const where = ['tenant_id = $1', 'workspace_id = $2'];
  const params: unknown[] = [scope.tenantId, scope.workspaceId];
  const shape: string[] = [];
  if (query.statuses?.length) {
    params.push(query.statuses);
    where.push(`status = ANY($${params.length}::text[])`);
    shape.push('s');
  }
  if (query.profileId) {
    params.push([query.profileId]);
    where.push(`profile_ids @> $${params.length}::text[]`);
    shape.push('p');
  }
  if (query.taskStatuses?.length) {
    params.push(query.taskStatuses);
    where.push(
      `id IN (SELECT t.assessment_id FROM risk.tasks t WHERE t.tenant_id = $1 AND t.workspace_id = $2 AND t.status = ANY($${params.length}::text[]))`,
    );
    shape.push('t');
  }
  const direction = query.direction === 'asc' ? 'ASC' : 'DESC';
  const name = `risk_assessments_${shape.join('') || 'all'}`;
  const [rows, counted] = await Promise.all([
    db.$readRows(
      `SELECT ${ASSESSMENT_COLUMNS} FROM risk.assessments WHERE ${where.join(' AND ')}
        ORDER BY ${SORT_SQL[query.sortBy]} ${direction}, id ${direction} OFFSET $${params.length + 1} LIMIT $${params.length + 2}`,
      [...params, query.offset, query.limit + 1],
      `${name}_${query.sortBy}_${direction.toLowerCase()}`,
    ),
    db.$readRows(`SELECT count(*)::int AS n FROM risk.assessments WHERE ${where.join(' AND ')}`, params, `${name}_count`),
  ]);
  return { rows: rows as unknown as AssessmentRow[], total: (counted[0]?.n as number | undefined) ?? 0 };
}

/** The assessments naming any of these profiles, oldest first (a profile page's list): one prepared
 * statement on the GIN index of profile_ids (`&&`; `= ANY(profile_ids)` could not use it). */
export async function findAssessmentsByProfileIds(db: Db, scope: Scope, profileIds: readonly string[]): Promise<AssessmentRow[]> {
  const rows = await db.$readRows(
    `SELECT ${ASSESSMENT_COLUMNS} FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2 AND profile_ids && $3::text[]
      ORDER BY created_at, id`,
    [scope.tenantId, scope.workspaceId, [...profileIds]],
    'risk_assessments_by_profile_ids',
  );
  return rows as unknown as AssessmentRow[];
}

/** Takes the next trajectory sequence numbers (in the caller's transaction, under the row lock). */
export async function takeSequences(tx: DbTx, assessmentId: string, count: number): Promise<number> {
  const rows = await tx.$queryRaw<
    { first: number }[]
  >`UPDATE risk.assessments SET next_sequence = next_sequence + ${count} WHERE id = ${assessmentId} RETURNING next_sequence - ${count} AS first`;
  return Number(rows[0].first);
}

/** Assessments in one status (the home page's count of those waiting for a person). */
export async function countAssessmentsInStatus(db: Db, scope: Scope, status: string): Promise<number> {
  // The home page's count: one prepared statement.
  return readCount(
    db,
    `SELECT count(*)::int AS n FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2 AND status = $3`,
    [scope.tenantId, scope.workspaceId, status],
    'assessments_in_status_count',
  );
}
