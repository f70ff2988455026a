// The admissible moves of assessments, tasks and risks (docs/risk-assessments.md, "States").
// Every state change goes through one of the assert* functions: anything not in a table is a
// 409 naming the current state and the attempted move.
import { RiskError } from '../errors';

export const ASSESSMENT_STATUSES = [
  'draft',
  'running',
  'waiting_for_user',
  'interrupted',
  'ready_for_review',
  'reopened',
  'concluded',
  'cancelled',
  'failed',
] as const;
export type AssessmentStatus = (typeof ASSESSMENT_STATUSES)[number];

export const TASK_STATUSES = ['pending', 'in_progress', 'complete', 'incomplete', 'requires_review'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const RISK_STATUSES = ['active', 'resolved', 'false_positive', 'accepted'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];

/** Reviewer decisions that conclude an assessment (ConclusionDecision). */
export type ConclusionDecision = 'approved' | 'rejected';

// Closed sets the GraphQL schema exposes as enums (RiskCategory, AssessmentEvidenceKind,
// TrajectoryEventType, AssessmentRunStatus): typed here so that code writing a value outside them
// fails to compile instead of failing to serialize.
export const RISK_CATEGORIES = ['sanctions', 'pep', 'jurisdiction', 'data_quality', 'analyst'] as const;
export type RiskCategory = (typeof RISK_CATEGORIES)[number];
export type EvidenceKind = 'screening_search' | 'registration_check' | 'jurisdiction_check' | 'upload';
export type TrajectoryEventType =
  | 'status_changed'
  | 'task_started'
  | 'task_finished'
  | 'task_updated'
  | 'risk_updated'
  | 'registration_checked'
  | 'screened'
  | 'jurisdictions_checked'
  | 'client_rated'
  | 'question_asked'
  | 'no_questions'
  | 'answer_recorded'
  | 'steering'
  | 'evidence_uploaded'
  | 'run_completed';
/** Commands that act on the latest run (AssessmentCommandType). */
export type CommandType = 'input' | 'user_input' | 'steer' | 'steering' | 'resume' | 'cancel' | 'stop';
export type RunStatus = 'queued' | 'running' | 'waiting_for_user' | 'interrupted' | 'completed' | 'cancelled' | 'failed';

/** Triggers of assessment moves: API operations and commands, and the agent's own moves. */
export type AssessmentTrigger =
  'start' | 'agent_asks' | 'input' | 'stop' | 'resume' | 'cancel' | 'agent_completes' | 'agent_fails' | 'conclude' | 'reopen';

export const ASSESSMENT_MOVES: Record<AssessmentTrigger, { from: AssessmentStatus[]; to: AssessmentStatus }> = {
  start: { from: ['draft', 'reopened'], to: 'running' },
  agent_asks: { from: ['running'], to: 'waiting_for_user' },
  input: { from: ['waiting_for_user'], to: 'running' },
  stop: { from: ['running', 'waiting_for_user'], to: 'interrupted' },
  resume: { from: ['interrupted'], to: 'running' },
  cancel: { from: ['draft', 'running', 'waiting_for_user', 'interrupted', 'ready_for_review', 'reopened'], to: 'cancelled' },
  agent_completes: { from: ['running'], to: 'ready_for_review' },
  agent_fails: { from: ['running'], to: 'failed' },
  conclude: { from: ['ready_for_review', 'reopened'], to: 'concluded' },
  reopen: { from: ['ready_for_review', 'concluded', 'cancelled', 'failed'], to: 'reopened' },
};

export function assessmentMove(current: string, trigger: AssessmentTrigger): AssessmentStatus {
  const move = ASSESSMENT_MOVES[trigger];
  if (!move.from.includes(current as AssessmentStatus)) {
    throw new RiskError(
      'assessment_invalid_transition',
      `Cannot ${trigger.replace('_', ' ')} an assessment that is ${current} (allowed from: ${move.from.join(', ')})`,
    );
  }
  return move.to;
}

/** Task moves: analysts may set any of these through PATCH; the agent uses the same table. */
export const TASK_MOVES: Record<TaskStatus, TaskStatus[]> = {
  pending: ['in_progress', 'complete', 'incomplete'],
  in_progress: ['complete', 'incomplete', 'requires_review'],
  requires_review: ['complete', 'incomplete', 'in_progress'],
  incomplete: ['in_progress', 'complete', 'requires_review'],
  complete: ['requires_review', 'in_progress'],
};

export function assertTaskMove(current: string, next: TaskStatus): void {
  if (current === next) return;
  if (!TASK_MOVES[current as TaskStatus]?.includes(next)) {
    throw new RiskError(
      'task_invalid_transition',
      `Cannot move a task from ${current} to ${next} (allowed: ${TASK_MOVES[current as TaskStatus]?.join(', ') ?? 'none'})`,
      { field: 'status' },
    );
  }
}

/** Risk moves: a reviewer closes an active risk one of three ways, or reactivates a closed one. */
export const RISK_MOVES: Record<RiskStatus, RiskStatus[]> = {
  active: ['resolved', 'false_positive', 'accepted'],
  resolved: ['active'],
  false_positive: ['active'],
  accepted: ['active'],
};

export function assertRiskMove(current: string, next: RiskStatus): void {
  if (!RISK_MOVES[current as RiskStatus]?.includes(next)) {
    throw new RiskError(
      'risk_invalid_transition',
      `Cannot move a risk from ${current} to ${next} (allowed: ${RISK_MOVES[current as RiskStatus]?.join(', ') ?? 'none'})`,
      { field: 'status' },
    );
  }
}

/** Assessments in these states accept no task or risk edits. */
export const CLOSED_STATUSES: AssessmentStatus[] = ['concluded', 'cancelled'];

/**
 * The polling hint of the summary (spec Limits: "recommended assessment polling interval 10 to 30
 * seconds; avoid tight loops"): 10 s while the agent works, 30 s while the assessment waits for a
 * person, none once the status is final (concluded, cancelled, failed: stop polling).
 */
export const POLL_INTERVAL_SECONDS: Record<AssessmentStatus, number | null> = {
  draft: 30,
  running: 10,
  waiting_for_user: 30,
  interrupted: 30,
  ready_for_review: 30,
  reopened: 30,
  concluded: null,
  cancelled: null,
  failed: null,
};
