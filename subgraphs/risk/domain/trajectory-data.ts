// Trajectory event data as stored (snake_case JSON, the REST `data` of an event): one shape per
// event type. Types only, and a leaf: the column codec (data/json-columns.ts) and the details
// mapping (trajectory-details.ts) both build on these shapes.
import type { Rating } from '../catalog/scorecards';
import type { JurisdictionCheckData } from './evidence-details';
import type {
  AssessmentStatus,
  AssessmentTrigger,
  CommandType,
  ConclusionDecision,
  RiskStatus,
  TaskStatus,
  TrajectoryEventType,
} from './states';

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
export type StatusChangeExtra =
  { reason: string | null } | { decision: ConclusionDecision; note: string | null } | { step: string } | CommandData;

type StatusChangeBase = { from: AssessmentStatus; to: AssessmentStatus; trigger: AssessmentTrigger };
export type StatusChangeData = StatusChangeBase | (StatusChangeBase & StatusChangeExtra);

/** The key of the agent's plan step that wrote an event (stable when the step is retried). */
export interface AgentStep {
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
export type TrajectoryOf<T extends TrajectoryEventType = TrajectoryEventType> = T extends TrajectoryEventType
  ? { type: T; data: StoredTrajectoryData[T] }
  : never;

/** Event types the agent writes from its steps: the run adds the step key to their data. */
export type AgentEventType = {
  [T in TrajectoryEventType]: StoredTrajectoryData[T] extends AgentStep ? T : never;
}[TrajectoryEventType];

/** An event as an agent step returns it: the data without the step key. */
export type AgentEventOf<T extends AgentEventType = AgentEventType> = T extends AgentEventType
  ? { type: T; message: string } & (keyof Omit<StoredTrajectoryData[T], 'step'> extends never
      ? { data?: undefined }
      : { data: Omit<StoredTrajectoryData[T], 'step'> })
  : never;
