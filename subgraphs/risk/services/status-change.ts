// One place that moves an assessment between states inside a transaction: it checks the move
// against the state table, writes the new status, the trajectory event and the outbox event.
import { recordEvent } from '../../../platform/events/outbox';
import { AssessmentChange, AssessmentRow, updateAssessment } from '../data/assessment-store';
import type { DbTx, Scope } from '../../../platform/db/prisma';
import { appendEvents } from '../data/trajectory-store';
import { assessmentMove, AssessmentStatus, AssessmentTrigger } from '../domain/states';
import type { StatusChangeExtra } from '../domain/trajectory-data';

export interface StatusChange {
  trigger: AssessmentTrigger;
  stepKey: string;
  actor: string;
  runId: string | null;
  message: string;
  data?: StatusChangeExtra;
  extra?: AssessmentChange;
}

export async function changeStatus(tx: DbTx, scope: Scope, assessment: AssessmentRow, change: StatusChange): Promise<AssessmentStatus> {
  const to = assessmentMove(assessment.status, change.trigger);
  await updateAssessment(tx, scope, assessment.id, { status: to, ...change.extra });
  await appendEvents(tx, assessment.id, change.runId, [
    {
      stepKey: change.stepKey,
      type: 'status_changed',
      message: change.message,
      actor: change.actor,
      data: { from: assessment.status as AssessmentStatus, to, trigger: change.trigger, ...change.data },
    },
  ]);
  await recordEvent(tx, {
    ...scope,
    type: 'risk_assessment.status_changed',
    aggregateType: 'risk_assessment',
    aggregateId: assessment.id,
    payload: { assessment_id: assessment.id, from: assessment.status, to, run_id: change.runId },
  });
  return to;
}
