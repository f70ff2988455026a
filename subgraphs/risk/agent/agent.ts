// The agent interface. An agent plans a run as an ordered list of steps (deterministic for a given
// assessment, so a resumed run finds the same plan) and executes one step at a time, returning the
// step's effects. The executor commits each step's effects, its trajectory events and the step
// pointer in one transaction: a crash repeats at most the uncommitted step, whose writes carry
// dedupe keys.
import { ClientRiskRating, Severity } from '../catalog/scorecards';
import { Workflow, TaskTemplate } from '../catalog/workflows';
import { AssessmentRow } from '../data/assessment-store';
import { QuestionRow, RiskRow, TaskRow } from '../data/work-store';
import { EvidenceKind, RiskCategory, TaskStatus } from '../domain/states';
import { EvidenceOf } from '../domain/evidence-details';
import type { AgentEventOf } from '../domain/trajectory-data';
import { Subject } from '../services/subjects';
import { ScreeningPort } from './screening-client';

export interface AgentStep {
  /** Stable within the plan (e.g. "screen:subj_x:person_y"). */
  key: string;
  task: TaskTemplate;
  kind: 'begin_task' | 'work' | 'end_task' | 'ask' | 'after_answer' | 'finish';
  subject?: Subject;
  personId?: string;
}

export interface StepContext {
  assessment: AssessmentRow;
  subjects: Subject[];
  workflow: Workflow;
  runId: string;
  tasks: TaskRow[];
  risks: RiskRow[];
  questions: QuestionRow[];
  /** Steering messages received for this run (oldest first). */
  steering: string[];
  screening: ScreeningPort;
  now: Date;
}

/** Evidence the agent records: its kind decides the shape of its data (domain/evidence-details.ts). */
export type NewEvidence = { key: string; title: string } & EvidenceOf<Exclude<EvidenceKind, 'upload'>>;

export interface NewRisk {
  key: string;
  title: string;
  summary: string;
  severity: Severity;
  category: RiskCategory;
  tags: string[];
  subjectIds: string[];
  evidenceKeys: string[];
  sourceUrls: string[];
}

export interface StepEffects {
  events: AgentEventOf[];
  evidence?: NewEvidence[];
  risks?: NewRisk[];
  task?: { templateKey: string; status?: TaskStatus; context?: Record<string, unknown> };
  question?: { key: string; prompt: string; templateKey: string };
  ratings?: ClientRiskRating[];
  /** continue: next step; wait: waiting_for_user until input; complete: ready_for_review. */
  outcome: 'continue' | 'wait' | 'complete';
}

export interface RiskAgent {
  readonly name: string;
  plan(workflow: Workflow, subjects: Subject[]): AgentStep[];
  execute(step: AgentStep, context: StepContext): Promise<StepEffects>;
}
