// Analyst edits of tasks and risks (PATCH), checked against the state tables.
import { Principal } from '../../../platform/principal/principal';
import { lockAssessment } from '../data/assessment-store';
import type { Scope } from '../../../platform/db/prisma';
import { appendEvents } from '../data/trajectory-store';
import { findEvidenceIds, findRisk, findTask, RiskRow, TaskChange, TaskRow, updateRisk, updateTask } from '../data/work-store';
import { assertRiskMove, assertTaskMove, CLOSED_STATUSES, RiskStatus, TaskStatus } from '../domain/states';
import { RiskError } from '../errors';
import { RiskDeps } from './deps';
import { newId } from '../../../platform/ids/new-id';
import { isOneOf } from '../../../platform/validation/one-of';
import { rerateAfterReview } from './rating-service';

export interface UpdateTaskInput {
  status?: TaskStatus | null;
  context?: Record<string, unknown> | null;
  evidenceIds?: string[] | null;
  resolution?: { outcome?: string | null; note?: string | null } | null;
}

export async function patchTask(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  assessmentId: string,
  taskId: string,
  input: UpdateTaskInput,
): Promise<TaskRow> {
  return deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, assessmentId);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    const task = await findTask(tx, scope, assessmentId, taskId);
    if (!task) throw new RiskError('task_not_found', 'Task not found');
    if (isOneOf(CLOSED_STATUSES, assessment.status))
      throw new RiskError('assessment_invalid_transition', `Tasks of a ${assessment.status} assessment cannot change; reopen it first`);
    const data: TaskChange = {};
    if (input.status) {
      assertTaskMove(task.status, input.status);
      const now = new Date();
      data.status = input.status;
      if (input.status === 'complete') data.completedAt = now;
      if (input.status === 'incomplete') data.incompleteAt = now;
      if (input.status === 'requires_review') data.requiresReviewAt = now;
    }
    if (input.context) data.context = { ...(task.context as object), ...input.context };
    if (input.resolution)
      data.resolution = { outcome: input.resolution.outcome ?? null, note: input.resolution.note ?? null, by: principal.actorId };
    if (input.evidenceIds) {
      const known = await findEvidenceIds(tx, scope, assessmentId, input.evidenceIds);
      const unknown = input.evidenceIds.filter((id) => !known.includes(id));
      if (unknown.length)
        throw new RiskError('evidence_not_found', `evidence_ids: ${unknown[0]} is not evidence of this assessment`, {
          field: 'evidence_ids',
        });
      data.evidenceIds = [...new Set([...task.evidenceIds, ...input.evidenceIds])];
    }
    const updated = await updateTask(tx, task.id, data);
    await appendEvents(tx, assessmentId, assessment.latestRunId, [
      {
        stepKey: `task:${newId('c', 12)}`,
        type: 'task_updated',
        message: `Task "${task.title}" updated${input.status ? `: ${task.status} → ${input.status}` : ''}`,
        actor: principal.actorId,
        data: { task_id: task.id, from: task.status as TaskStatus, to: updated.status as TaskStatus },
      },
    ]);
    return updated;
  });
}

export async function patchRisk(
  deps: RiskDeps,
  principal: Principal,
  scope: Scope,
  assessmentId: string,
  riskId: string,
  input: { status: RiskStatus; note?: string | null },
): Promise<RiskRow> {
  return deps.db.$transaction(async (tx) => {
    const assessment = await lockAssessment(tx, scope, assessmentId);
    if (!assessment) throw new RiskError('assessment_not_found', 'Assessment not found');
    const risk = await findRisk(tx, scope, assessmentId, riskId);
    if (!risk) throw new RiskError('risk_not_found', 'Risk not found');
    if (isOneOf(CLOSED_STATUSES, assessment.status))
      throw new RiskError('assessment_invalid_transition', `Risks of a ${assessment.status} assessment cannot change; reopen it first`);
    assertRiskMove(risk.status, input.status);
    const updated = await updateRisk(tx, risk.id, { status: input.status, note: input.note ?? risk.note });
    await appendEvents(tx, assessmentId, assessment.latestRunId, [
      {
        stepKey: `risk:${newId('c', 12)}`,
        type: 'risk_updated',
        message: `Risk "${risk.title}": ${risk.status} → ${input.status}`,
        actor: principal.actorId,
        data: { risk_id: risk.id, from: risk.status as RiskStatus, to: input.status, note: input.note ?? null },
      },
    ]);
    await rerateAfterReview(tx, scope, assessment, principal.actorId, new Date());
    return updated;
  });
}
