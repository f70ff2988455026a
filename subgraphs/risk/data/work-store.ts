// Tasks, risks (risk.risks, model RiskFinding), evidence and questions of assessments.
import { Prisma } from '../../../platform/db/prisma-client';
import { newId } from '../../../platform/ids/new-id';
import { isRootClient, type DbClient, type Scope } from '../../../platform/db/prisma';

// Reads of an assessment's collections on the client itself (the API's reads, the report, the
// agent's look at its work) are one prepared statement each, the columns under their model names so
// the rows are the ones Prisma answers (which reads a NULL list column as an empty list); inside a Prisma transaction they stay Prisma queries (the
// transaction's own connection).
const SCOPED_BY_ASSESSMENTS = 'WHERE tenant_id = $1 AND workspace_id = $2 AND assessment_id = ANY($3::text[])';
const scopedParams = (scope: Scope, assessmentIds: readonly string[]) => [scope.tenantId, scope.workspaceId, [...assessmentIds]];

const TASK_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", assessment_id AS "assessmentId", template_key AS "templateKey",
  position, title, required, status, coalesce(tags, '{}') AS tags, coalesce(evidence_ids, '{}') AS "evidenceIds", coalesce(risk_ids, '{}') AS "riskIds", context, resolution,
  completed_at AS "completedAt", incomplete_at AS "incompleteAt", requires_review_at AS "requiresReviewAt", created_at AS "createdAt",
  updated_at AS "updatedAt"`;
const RISK_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", assessment_id AS "assessmentId", dedupe_key AS "dedupeKey",
  title, summary, severity, category, coalesce(tags, '{}') AS tags, status, coalesce(subject_ids, '{}') AS "subjectIds", coalesce(task_ids, '{}') AS "taskIds", coalesce(evidence_ids, '{}') AS "evidenceIds",
  coalesce(source_urls, '{}') AS "sourceUrls", note, created_at AS "createdAt", updated_at AS "updatedAt"`;
const EVIDENCE_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", assessment_id AS "assessmentId", dedupe_key AS "dedupeKey",
  kind, title, data, file_name AS "fileName", content_type AS "contentType", size, sha256, created_by AS "createdBy", created_at AS "createdAt"`;
const QUESTION_COLUMNS = `id, tenant_id AS "tenantId", workspace_id AS "workspaceId", assessment_id AS "assessmentId", run_id AS "runId",
  task_id AS "taskId", dedupe_key AS "dedupeKey", prompt, status, answer, answered_by AS "answeredBy", asked_at AS "askedAt",
  answered_at AS "answeredAt"`;

export async function findTasks(db: DbClient, scope: Scope, assessmentIds: readonly string[]) {
  if (isRootClient(db))
    return (await db.$readRows(
      `SELECT ${TASK_COLUMNS} FROM risk.tasks ${SCOPED_BY_ASSESSMENTS} ORDER BY assessment_id, position`,
      scopedParams(scope, assessmentIds),
      'risk_tasks_of_assessments',
    )) as unknown as Awaited<ReturnType<typeof db.riskTask.findMany>>;
  return db.riskTask.findMany({
    where: { ...scope, assessmentId: { in: [...assessmentIds] } },
    orderBy: [{ assessmentId: 'asc' }, { position: 'asc' }],
  });
}
export type TaskRow = Awaited<ReturnType<typeof findTasks>>[number];

export async function findTask(db: DbClient, scope: Scope, assessmentId: string, taskId: string): Promise<TaskRow | null> {
  return db.riskTask.findFirst({ where: { ...scope, assessmentId, id: taskId } });
}

export async function createTasks(
  db: DbClient,
  scope: Scope,
  assessmentId: string,
  tasks: { templateKey: string; title: string; required: boolean; tags: string[] }[],
): Promise<void> {
  await db.riskTask.createMany({
    data: tasks.map((task, position) => ({ id: newId('task'), ...scope, assessmentId, position, ...task })),
    skipDuplicates: true,
  });
}

/** What one change of a task sets (absent: unchanged); context and resolution are JSON objects. */
export interface TaskChange {
  status?: string;
  completedAt?: Date;
  incompleteAt?: Date;
  requiresReviewAt?: Date;
  context?: Record<string, unknown>;
  resolution?: Record<string, unknown>;
  evidenceIds?: string[];
  riskIds?: string[];
}

export async function updateTask(db: DbClient, id: string, change: TaskChange): Promise<TaskRow> {
  const { context, resolution, ...rest } = change;
  const data: Prisma.RiskTaskUncheckedUpdateInput = {
    ...rest,
    ...(context !== undefined ? { context: context as Prisma.InputJsonValue } : {}),
    ...(resolution !== undefined ? { resolution: resolution as Prisma.InputJsonValue } : {}),
  };
  return db.riskTask.update({ where: { id }, data });
}

export async function findRisks(db: DbClient, scope: Scope, assessmentIds: readonly string[]) {
  if (isRootClient(db))
    return (await db.$readRows(
      `SELECT ${RISK_COLUMNS} FROM risk.risks ${SCOPED_BY_ASSESSMENTS} ORDER BY created_at`,
      scopedParams(scope, assessmentIds),
      'risk_risks_of_assessments',
    )) as unknown as Awaited<ReturnType<typeof db.riskFinding.findMany>>;
  return db.riskFinding.findMany({ where: { ...scope, assessmentId: { in: [...assessmentIds] } }, orderBy: { createdAt: 'asc' } });
}
export type RiskRow = Awaited<ReturnType<typeof findRisks>>[number];

export async function findRisk(db: DbClient, scope: Scope, assessmentId: string, riskId: string): Promise<RiskRow | null> {
  return db.riskFinding.findFirst({ where: { ...scope, assessmentId, id: riskId } });
}

export async function updateRisk(db: DbClient, id: string, data: Prisma.RiskFindingUncheckedUpdateInput): Promise<RiskRow> {
  return db.riskFinding.update({ where: { id }, data });
}

/** Inserts the risk unless one with the same dedupe key exists; returns the stored row either way. */
export async function upsertRisk(
  db: DbClient,
  scope: Scope,
  data: Omit<Prisma.RiskFindingUncheckedCreateInput, 'id' | 'tenantId' | 'workspaceId'>,
): Promise<RiskRow> {
  const key = { assessmentId_dedupeKey: { assessmentId: data.assessmentId, dedupeKey: data.dedupeKey } };
  return db.riskFinding.upsert({ where: key, create: { id: newId('risk'), ...scope, ...data }, update: {} });
}

export async function findEvidence(db: DbClient, scope: Scope, assessmentIds: readonly string[]) {
  if (isRootClient(db))
    return (await db.$readRows(
      `SELECT ${EVIDENCE_COLUMNS} FROM risk.evidence ${SCOPED_BY_ASSESSMENTS} ORDER BY created_at`,
      scopedParams(scope, assessmentIds),
      'risk_evidence_of_assessments',
    )) as unknown as Awaited<ReturnType<typeof db.riskEvidence.findMany>>;
  return db.riskEvidence.findMany({ where: { ...scope, assessmentId: { in: [...assessmentIds] } }, orderBy: { createdAt: 'asc' } });
}
export type EvidenceRow = Awaited<ReturnType<typeof findEvidence>>[number];

export async function findEvidenceItem(db: DbClient, scope: Scope, assessmentId: string, id: string): Promise<EvidenceRow | null> {
  return db.riskEvidence.findFirst({ where: { ...scope, assessmentId, id } });
}

export async function findEvidenceIds(db: DbClient, scope: Scope, assessmentId: string, ids: string[]): Promise<string[]> {
  const rows = await db.riskEvidence.findMany({ where: { ...scope, assessmentId, id: { in: ids } }, select: { id: true } });
  return rows.map((row) => row.id);
}

export async function upsertEvidence(
  db: DbClient,
  scope: Scope,
  data: Omit<Prisma.RiskEvidenceUncheckedCreateInput, 'tenantId' | 'workspaceId' | 'id'> & { id?: string },
): Promise<EvidenceRow> {
  const key = { assessmentId_dedupeKey: { assessmentId: data.assessmentId, dedupeKey: data.dedupeKey } };
  return db.riskEvidence.upsert({ where: key, create: { ...scope, ...data, id: data.id ?? newId('evd') }, update: {} });
}

export async function findQuestions(db: DbClient, scope: Scope, assessmentIds: readonly string[]) {
  if (isRootClient(db))
    return (await db.$readRows(
      `SELECT ${QUESTION_COLUMNS} FROM risk.questions ${SCOPED_BY_ASSESSMENTS} ORDER BY asked_at`,
      scopedParams(scope, assessmentIds),
      'risk_questions_of_assessments',
    )) as unknown as Awaited<ReturnType<typeof db.riskQuestion.findMany>>;
  return db.riskQuestion.findMany({ where: { ...scope, assessmentId: { in: [...assessmentIds] } }, orderBy: { askedAt: 'asc' } });
}
export type QuestionRow = Awaited<ReturnType<typeof findQuestions>>[number];

export async function upsertQuestion(
  db: DbClient,
  scope: Scope,
  data: { assessmentId: string; runId: string; taskId: string | null; dedupeKey: string; prompt: string },
): Promise<QuestionRow> {
  const key = { assessmentId_dedupeKey: { assessmentId: data.assessmentId, dedupeKey: data.dedupeKey } };
  return db.riskQuestion.upsert({ where: key, create: { id: newId('q'), ...scope, ...data }, update: {} });
}

export async function answerOpenQuestions(
  db: DbClient,
  scope: Scope,
  assessmentId: string,
  answer: string,
  answeredBy: string,
): Promise<number> {
  const result = await db.riskQuestion.updateMany({
    where: { ...scope, assessmentId, status: 'open' },
    data: { status: 'answered', answer, answeredBy, answeredAt: new Date() },
  });
  return result.count;
}
