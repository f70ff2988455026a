// Trajectory event details as GraphQL serves them (the TrajectoryEventDetails union: one typed
// object per kind of event), from the stored shapes (trajectory-data.ts). Producers write the
// stored shapes through those types, so a field the schema promises cannot go missing without a
// compile error.
import { jurisdictionCheckEntries } from './evidence-details';
import type { ConclusionDecision, TrajectoryEventType } from './states';
import type { AgentEventOf, AgentEventType, CommandData, StatusChangeData, TrajectoryOf } from './trajectory-data';
import { trajectoryDataColumn } from '../data/json-columns';

/** The stored data of an agent's event: its own data with the step key. */
export function withStep(event: AgentEventOf, step: string): TrajectoryOf<AgentEventType> {
  return { type: event.type, data: { step, ...event.data } } as TrajectoryOf<AgentEventType>;
}

const commandDetails = (d: CommandData) => ({
  __typename: 'CommandDetails' as const,
  commandId: d.commandId,
  type: d.type,
  reason: d.reason ?? null,
  payload: d.payload ?? {},
  artifactRefs: d.artifact_refs ?? [],
});

/** The GraphQL details object of one stored event (with its union member's name). */
export function trajectoryDetails(type: string, data: unknown) {
  const stored = (data ?? {}) as Record<string, unknown>;
  const step = (stored.step as string | undefined) ?? '';
  switch (type as TrajectoryEventType) {
    case 'status_changed': {
      const d = stored as StatusChangeData &
        Partial<{ reason: string | null; decision: ConclusionDecision; note: string | null; step: string; commandId: string }>;
      return {
        __typename: 'StatusChangeDetails' as const,
        from: d.from,
        to: d.to,
        trigger: d.trigger,
        reason: d.commandId ? null : (d.reason ?? null),
        decision: d.decision ?? null,
        note: d.note ?? null,
        step: d.step ?? null,
        command: d.commandId ? commandDetails(d as CommandData) : null,
      };
    }
    case 'task_started':
    case 'task_finished': {
      const d = trajectoryDataColumn.read('task_finished', stored);
      return { __typename: 'AgentTaskDetails' as const, step, task: d.task, status: d.status ?? null };
    }
    case 'task_updated': {
      const d = trajectoryDataColumn.read('task_updated', stored);
      return { __typename: 'TaskUpdateDetails' as const, taskId: d.task_id, from: d.from, to: d.to };
    }
    case 'risk_updated': {
      const d = trajectoryDataColumn.read('risk_updated', stored);
      return { __typename: 'RiskUpdateDetails' as const, riskId: d.risk_id, from: d.from, to: d.to, note: d.note ?? null };
    }
    case 'registration_checked': {
      const d = trajectoryDataColumn.read('registration_checked', stored);
      return { __typename: 'RegistrationCheckDetails' as const, step, subjectId: d.subject_id, problems: d.problems ?? [] };
    }
    case 'screened': {
      const d = trajectoryDataColumn.read('screened', stored);
      return {
        __typename: 'ScreeningStepDetails' as const,
        step,
        searchId: d.search_id,
        subjectId: d.subject_id,
        personId: d.person_id ?? null,
        matchCount: d.matches,
        strongMatchCount: d.strong,
      };
    }
    case 'jurisdictions_checked': {
      const d = trajectoryDataColumn.read('jurisdictions_checked', stored);
      return {
        __typename: 'JurisdictionCheckDetails' as const,
        step,
        tablePublishedOn: d.table_published_on,
        checked: jurisdictionCheckEntries(d.checked),
      };
    }
    case 'client_rated': {
      const d = trajectoryDataColumn.read('client_rated', stored);
      return { __typename: 'ClientRatingDetails' as const, step, rating: d.rating, score: d.score };
    }
    case 'answer_recorded': {
      const d = trajectoryDataColumn.read('answer_recorded', stored);
      return { __typename: 'AnswersRecordedDetails' as const, step, questionIds: d.question_ids ?? [] };
    }
    case 'question_asked':
    case 'no_questions':
    case 'run_completed':
      return { __typename: 'AgentStepDetails' as const, step };
    case 'steering':
      return commandDetails(trajectoryDataColumn.read('steering', stored));
    case 'evidence_uploaded': {
      const d = trajectoryDataColumn.read('evidence_uploaded', stored);
      return { __typename: 'EvidenceUploadDetails' as const, evidenceId: d.evidence_id, taskId: d.task_id ?? null, size: d.size };
    }
  }
  throw new Error(`trajectory event type ${type} has no details type`);
}
