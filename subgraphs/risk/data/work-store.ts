// Tasks, risks (risk.risks, model RiskFinding), evidence and questions of assessments.
import { Prisma } from '../../../platform/db/prisma-client';
import { newId } from '../../../platform/ids/new-id';
import type { DbClient, Scope } from '../../../platform/db/prisma';

export async function findTasks(db: DbClient, scope: Scope, assessmentIds: readonly string[]) {
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
