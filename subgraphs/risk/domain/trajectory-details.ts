// Trajectory event details as stored (snake_case JSON, the REST `data` of an event) and as GraphQL
// serves them (the TrajectoryEventDetails union: one typed object per kind of event). Producers
// write the stored shapes through these types, so a field the schema promises cannot go missing
// without a compile error.
import type { Rating } from '../catalog/scorecards';
import { jurisdictionCheckEntries, type JurisdictionCheckData } from './evidence-details';
import type { AssessmentStatus, AssessmentTrigger, CommandType, ConclusionDecision, RiskStatus, TaskStatus, TrajectoryEventType } from './states';
import { trajectoryDataColumn } from '../data/json-columns';

/** A command as its trajectory event keeps it (steering, and the status moves commands cause).
 * `commandId` is camelCase on the wire too: the REST shape predates these types. */
export interface CommandData {
  commandId: string;
  type: CommandType;
  reason: string | null;
  artifact_refs: Record<string, unknown>[];
  payload: Record<string, unknown>;
}

/** What a status move adds to from/to/trigger, by what caused it: a start or reopen its reason, a
 * conclusion its decision, a failed run its step, a command the command. */
export type StatusChangeExtra = { reason: string | null } | { decision: ConclusionDecision; note: string | null } | { step: string } | CommandData;

type StatusChangeBase = { from: AssessmentStatus; to: AssessmentStatus; trigger: AssessmentTrigger };
export type StatusChangeData = StatusChangeBase | (StatusChangeBase & StatusChangeExtra);

/** The key of the agent's plan step that wrote an event (stable when the step is retried). */
interface AgentStep {
  step: string;
}

export interface StoredTrajectoryData {
  status_changed: StatusChangeData;
  task_started: AgentStep & { task: string };
  task_finished: AgentStep & { task: string; status: TaskStatus };
  task_updated: { task_id: string; from: TaskStatus; to: TaskStatus };
  risk_updated: { risk_id: string; from: RiskStatus; to: RiskStatus; note: string | null };
  registration_checked: AgentStep & { subject_id: string; problems: string[] };
  screened: AgentStep & { search_id: string; subject_id: string; person_id: string | null; matches: number; strong: number };
  jurisdictions_checked: AgentStep & { table_published_on: string; checked: JurisdictionCheckData['checked'] };
  client_rated: AgentStep & { rating: Rating; score: number };
  question_asked: AgentStep;
  no_questions: AgentStep;
  answer_recorded: AgentStep & { question_ids: string[] };
  steering: CommandData;
  evidence_uploaded: { evidence_id: string; task_id: string | null; size: number };
  run_completed: AgentStep;
}

/** An event type with the data stored for it. */
export type TrajectoryOf<T extends TrajectoryEventType = TrajectoryEventType> = T extends TrajectoryEventType ? { type: T; data: StoredTrajectoryData[T] } : never;

/** Event types the agent writes from its steps: the run adds the step key to their data. */
export type AgentEventType = {
  [T in TrajectoryEventType]: StoredTrajectoryData[T] extends AgentStep ? T : never;
}[TrajectoryEventType];

/** An event as an agent step returns it: the data without the step key. */
export type AgentEventOf<T extends AgentEventType = AgentEventType> = T extends AgentEventType
  ? { type: T; message: string } & (keyof Omit<StoredTrajectoryData[T], 'step'> extends never ? { data?: undefined } : { data: Omit<StoredTrajectoryData[T], 'step'> })
  : never;

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
      const d = stored as StatusChangeData & Partial<{ reason: string | null; decision: ConclusionDecision; note: string | null; step: string; commandId: string }>;
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
      return { __typename: 'ScreeningStepDetails' as const, step, searchId: d.search_id, subjectId: d.subject_id, personId: d.person_id ?? null, matchCount: d.matches, strongMatchCount: d.strong };
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
