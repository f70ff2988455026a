// The risk area's GraphQL results mapped to the documented snake_case wire format (the selections
// are in rest-adapter/operations/risk.graphql), and its request bodies. Each mapper takes the
// generated type of the fragment its callers select, so every operation feeding it shares one shape.
import { z } from 'zod';
import {
  AssessmentCommandTypeValues,
  AssessmentFieldsFragment,
  AssessmentSortKeyValues,
  AssessmentStatusValues,
  CommandDetailsFieldsFragment,
  ConclusionDecisionValues,
  CountsFieldsFragment,
  EvidenceFieldsFragment,
  ListFieldsFragment,
  QuestionFieldsFragment,
  RatingFieldsFragment,
  RiskFieldsFragment,
  RiskStatusValues,
  RiskTaskFieldsFragment,
  RunFieldsFragment,
  SortDirectionValues,
  SubjectTypeValues,
  SummaryFieldsFragment,
  TaskStatusValues,
  TrajectoryEventFieldsFragment,
  TrajectoryEventType,
} from '../operations/operations.generated';

export const RISK_CREDENTIALS = ['api-key', 'x-api-key'] as const;
export const RISK_BASE = '/risk-assessments/v2';

/** Task counts on the wire: the documented snake_case keys. */
export const toTaskStatusCounts = (counts: CountsFieldsFragment) => ({
  pending: counts.pending,
  in_progress: counts.inProgress,
  complete: counts.complete,
  incomplete: counts.incomplete,
  requires_review: counts.requiresReview,
});

const compact = <T extends Record<string, unknown>>(value: T) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined));

export const toRun = (run: RunFieldsFragment | null) =>
  run && {
    run_id: run.runId,
    agent: run.agent,
    status: run.status,
    reason: run.reason,
    steps_completed: run.stepsCompleted,
    error: run.error,
    started_at: run.startedAt,
    finished_at: run.finishedAt,
  };

export const toRisk = (risk: RiskFieldsFragment) => ({
  risk_id: risk.riskId,
  title: risk.title,
  summary: risk.summary,
  severity: risk.severity,
  category: risk.category,
  tags: risk.tags,
  status: risk.status,
  note: risk.note,
  subject_ids: risk.subjectIds,
  task_ids: risk.taskIds,
  evidence_ids: risk.evidenceIds,
  source_urls: risk.sourceUrls,
  created_at: risk.createdAt,
  updated_at: risk.updatedAt,
});

export const toTask = (task: RiskTaskFieldsFragment) => ({
  task_id: task.taskId,
  template_key: task.templateKey,
  title: task.title,
  required: task.required,
  status: task.status,
  tags: task.tags,
  evidence_ids: task.evidenceIds,
  risk_ids: task.riskIds,
  context: task.context,
  resolution: task.resolution,
  completed_at: task.completedAt,
  incomplete_at: task.incompleteAt,
  requires_review_at: task.requiresReviewAt,
});

export const toQuestion = (q: QuestionFieldsFragment) => ({
  question_id: q.questionId,
  run_id: q.runId,
  task_id: q.taskId,
  prompt: q.prompt,
  answered: q.answered,
  answer: q.answer,
  asked_at: q.askedAt,
  answered_at: q.answeredAt,
});

export const toRating = (r: RatingFieldsFragment) => ({
  scorecard_id: r.scorecardId,
  subject_id: r.subjectId,
  rating: r.rating,
  score: r.score,
  explanation: r.explanation,
  factors: r.factors.map((f) => ({ risk_id: f.riskId, title: f.title, severity: f.severity, category: f.category, points: f.points })),
  set_aside: r.setAside.map((s) => ({
    risk_id: s.riskId,
    title: s.title,
    severity: s.severity,
    category: s.category,
    status: s.status,
    note: s.note ?? null,
  })),
  computed_at: r.computedAt,
});

type EvidenceDetails = EvidenceFieldsFragment['details'];
type TrajectoryDetails = TrajectoryEventFieldsFragment['details'];
type CheckedJurisdiction = Extract<TrajectoryDetails, { __typename: 'JurisdictionCheckDetails' }>['checked'][number];

/** Checked jurisdictions on the wire (JurisdictionCheckEntry in snake_case): evidence and trajectory. */
const toCheckedData = (checked: CheckedJurisdiction[]) =>
  checked.map((c) => ({ subject_id: c.subjectId, country: c.country, list: c.list }));

// Evidence details are typed per kind in GraphQL; the wire keeps them as `data` in snake_case
// (an upload's data is empty: its file fields sit on the evidence itself).
function toEvidenceData(d: EvidenceDetails): Record<string, unknown> {
  switch (d.__typename) {
    case 'ScreeningSearchEvidence':
      return {
        search_id: d.searchId,
        subject_id: d.subjectId,
        person_id: d.personId,
        match_count: d.matchCount,
        matches: d.matches.map((m) => ({
          match_id: m.matchId,
          score: m.score,
          listed_name: m.listedName,
          entity_ref: m.entityRef,
          feeds: m.feeds,
          programs: m.programs,
        })),
      };
    case 'RegistrationCheckEvidence':
      return { subject_id: d.subjectId, consistent: d.consistent, problems: d.problems };
    case 'JurisdictionCheckEvidence':
      return { publisher: d.publisher, published_on: d.publishedOn, checked: toCheckedData(d.checked) };
    default:
      return {};
  }
}

export const toEvidence = (e: EvidenceFieldsFragment) => ({
  evidence_id: e.evidenceId,
  kind: e.kind,
  title: e.title,
  data: toEvidenceData(e.details),
  file_name: e.fileName,
  content_type: e.contentType,
  size: e.size,
  sha256: e.sha256,
  created_by: e.createdBy,
  created_at: e.createdAt,
});

// Trajectory details are typed per event type in GraphQL; the wire keeps them as `data` with the
// keys the platform stores (snake_case, `commandId` as it always was). Members that share a field
// name with another type (from, to, step, taskId) are aliased: GraphQL refuses one response name
// with two types in one selection (risk.graphql).
const toCommandData = (c: CommandDetailsFieldsFragment) => ({
  commandId: c.commandId,
  type: c.type,
  reason: c.reason,
  artifact_refs: c.artifactRefs,
  payload: c.payload,
});

/** What a status move stored beside from/to/trigger, by its trigger (domain/trajectory-details.ts). */
function statusChangeExtra(d: Extract<TrajectoryDetails, { __typename: 'StatusChangeDetails' }>): Record<string, unknown> {
  if (d.command) return toCommandData(d.command);
  if (d.trigger === 'start' || d.trigger === 'reopen') return { reason: d.reason };
  if (d.trigger === 'conclude') return { decision: d.decision, note: d.note };
  if (d.trigger === 'agent_fails') return { step: d.failedStep };
  return {};
}

function toTrajectoryData(type: TrajectoryEventType, d: TrajectoryDetails): Record<string, unknown> {
  switch (d.__typename) {
    case 'StatusChangeDetails':
      return { from: d.statusFrom, to: d.statusTo, trigger: d.trigger, ...statusChangeExtra(d) };
    case 'CommandDetails':
      return toCommandData(d);
    case 'AgentTaskDetails':
      return type === 'task_finished' ? { step: d.step, task: d.task, status: d.taskStatus } : { step: d.step, task: d.task };
    case 'TaskUpdateDetails':
      return { task_id: d.updatedTaskId, from: d.taskFrom, to: d.taskTo };
    case 'RiskUpdateDetails':
      return { risk_id: d.riskId, from: d.riskFrom, to: d.riskTo, note: d.note };
    case 'RegistrationCheckDetails':
      return { step: d.step, subject_id: d.subjectId, problems: d.problems };
    case 'ScreeningStepDetails':
      return {
        step: d.step,
        search_id: d.searchId,
        subject_id: d.subjectId,
        person_id: d.personId,
        matches: d.matchCount,
        strong: d.strongMatchCount,
      };
    case 'JurisdictionCheckDetails':
      return { step: d.step, table_published_on: d.tablePublishedOn, checked: toCheckedData(d.checked) };
    case 'ClientRatingDetails':
      return { step: d.step, rating: d.rating, score: d.score };
    case 'AnswersRecordedDetails':
      return { step: d.step, question_ids: d.questionIds };
    case 'AgentStepDetails':
      return { step: d.step };
    case 'EvidenceUploadDetails':
      return { evidence_id: d.evidenceId, task_id: d.taskId, size: d.size };
    default:
      return {};
  }
}

export const toTrajectoryEvent = (e: TrajectoryEventFieldsFragment) => ({
  sequence: e.sequence,
  type: e.type,
  message: e.message,
  run_id: e.runId,
  actor: e.actor,
  data: toTrajectoryData(e.type, e.details),
  created_at: e.createdAt,
});

const toSubject = (s: AssessmentFieldsFragment['subjects'][number]) =>
  compact({
    subject_id: s.subjectId,
    type: s.type,
    name: s.name,
    registration_id: s.registrationId ?? undefined,
    jurisdiction: s.jurisdiction ?? undefined,
    locations: s.locations.length ? s.locations : undefined,
    registrations: s.registrations.length
      ? s.registrations.map((r) => ({ registration_id: r.registrationId, registry_name: r.registryName, jurisdiction: r.jurisdiction }))
      : undefined,
    date_of_birth: s.dateOfBirth ?? undefined,
    nationality: s.nationality ?? undefined,
    persons: s.persons.map((p) => ({
      person_id: p.personId,
      name: p.name,
      role: p.role,
      date_of_birth: p.dateOfBirth,
      nationality: p.nationality,
    })),
    profile_id: s.profile?.id ?? undefined,
  });

export const toAssessment = (a: AssessmentFieldsFragment) => ({
  assessment_id: a.id,
  title: a.title,
  workflow_id: a.workflowId,
  purpose: a.purpose,
  context: a.context,
  subjects: a.subjects.map(toSubject),
  status: a.status,
  risks: a.risks.map(toRisk),
  client_risk_ratings: a.clientRiskRatings.map(toRating),
  task_status_counts: toTaskStatusCounts(a.taskStatusCounts),
  latest_run: toRun(a.latestRun),
  canvas_version: a.canvas.version,
  conclusion: a.conclusion && {
    decision: a.conclusion.decision,
    note: a.conclusion.note,
    concluded_by: a.conclusion.concludedBy,
    concluded_at: a.conclusion.concludedAt,
  },
  ready_at: a.readyAt,
  concluded_at: a.concludedAt,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const toListItem = (a: ListFieldsFragment) => ({
  assessment_id: a.id,
  title: a.title,
  workflow_id: a.workflowId,
  purpose: a.purpose,
  status: a.status,
  task_status_counts: toTaskStatusCounts(a.taskStatusCounts),
  latest_run: a.latestRun && { run_id: a.latestRun.runId, status: a.latestRun.status },
  ready_at: a.readyAt,
  concluded_at: a.concludedAt,
  created_at: a.createdAt,
  updated_at: a.updatedAt,
});

export const toSummary = (s: SummaryFieldsFragment['summary']) => ({
  assessment_id: s.assessmentId,
  status: s.status,
  task_status_counts: toTaskStatusCounts(s.taskStatusCounts),
  client_risk_rating_counts: s.clientRiskRatingCounts,
  latest_run: toRun(s.latestRun),
  updated_at: s.updatedAt,
  ready_at: s.readyAt,
  concluded_at: s.concludedAt,
  recommended_poll_interval_seconds: s.recommendedPollIntervalSeconds,
});

// --- request bodies -------------------------------------------------------------------------
const country = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')
  .transform((c) => c.toUpperCase());
const jurisdiction = z.strictObject({ country, state: z.string().max(100).nullish() });
const text = (max: number) => z.string().max(max);

const subject = z.strictObject({
  type: z.enum(SubjectTypeValues).default('organization'),
  name: z.string().min(1).max(512),
  registration_id: text(100).nullish(),
  jurisdiction: jurisdiction.nullish(),
  locations: z
    .array(z.strictObject({ type: z.string().min(1).max(50), country, state: z.string().max(100).nullish() }))
    .max(20)
    .nullish(),
  registrations: z
    .array(
      z.strictObject({
        registration_id: z.string().min(1).max(100),
        registry_name: text(200).nullish(),
        jurisdiction: z.strictObject({ level: text(50).nullish(), country, state: z.string().max(100).nullish() }),
      }),
    )
    .max(20)
    .nullish(),
  profile_id: z.string().min(1).max(100).nullish(),
  date_of_birth: z
    .string()
    .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'must be YYYY, YYYY-MM or YYYY-MM-DD')
    .nullish(),
  nationality: country.nullish(),
  persons: z
    .array(
      z.strictObject({
        name: z.string().min(1).max(512),
        role: text(100).nullish(),
        date_of_birth: z
          .string()
          .regex(/^\d{4}(-\d{2}(-\d{2})?)?$/, 'must be YYYY, YYYY-MM or YYYY-MM-DD')
          .nullish(),
        nationality: country.nullish(),
      }),
    )
    .max(50)
    .nullish(),
});

export const createAssessmentBody = z.strictObject({
  title: z.string().min(1).max(200),
  workflow_id: z.string().min(1).max(100).nullish(),
  purpose: text(500).nullish(),
  context: z.strictObject({ purpose: text(500).nullish(), description: text(5000).nullish() }).nullish(),
  subjects: z.array(subject).min(1).max(20),
});

export function createAssessmentInput(body: z.infer<typeof createAssessmentBody>) {
  return {
    title: body.title,
    workflowId: body.workflow_id,
    purpose: body.purpose,
    context: body.context,
    subjects: body.subjects.map((s) => ({
      type: s.type,
      name: s.name,
      registrationId: s.registration_id,
      jurisdiction: s.jurisdiction,
      locations: s.locations,
      registrations: s.registrations?.map((r) => ({
        registrationId: r.registration_id,
        registryName: r.registry_name,
        jurisdiction: r.jurisdiction,
      })),
      profileId: s.profile_id,
      dateOfBirth: s.date_of_birth,
      nationality: s.nationality,
      persons: s.persons?.map((p) => ({ name: p.name, role: p.role, dateOfBirth: p.date_of_birth, nationality: p.nationality })),
    })),
  };
}

/** A comma list of enum values ("running,draft"). */
const commaList = <T extends string>(values: readonly T[]) =>
  z
    .string()
    .transform((raw) =>
      raw
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.enum(values as [T, ...T[]])))
    .optional();

export const listQuery = z.object({
  status: commaList(AssessmentStatusValues),
  task_status: commaList(TaskStatusValues),
  profile_id: z.string().max(100).optional(),
  sort_by: z.enum(AssessmentSortKeyValues).optional(),
  sort_direction: z.enum(SortDirectionValues).optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer from 1 to 100')
    .transform(Number)
    .pipe(z.number().int().min(1).max(100))
    .optional(),
  cursor: z.string().max(500).optional(),
});

export const trajectoryQuery = z.object({
  after_sequence: z
    .string()
    .regex(/^\d{1,9}$/, 'must be a non-negative integer')
    .transform(Number)
    .optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, 'must be an integer from 1 to 500')
    .transform(Number)
    .pipe(z.number().int().min(1).max(500))
    .optional(),
  sort_direction: z.enum(SortDirectionValues).optional(),
});

export const commandBody = z.strictObject({
  type: z.enum(AssessmentCommandTypeValues),
  run_id: z.string().max(100).nullish(),
  prompt: text(10_000).nullish(),
  message: text(10_000).nullish(),
  reason: text(2000).nullish(),
  payload: z.record(z.string(), z.unknown()).nullish(),
  artifact_refs: z.array(z.record(z.string(), z.unknown())).max(50).nullish(),
});

export const patchTaskBody = z.strictObject({
  status: z.enum(TaskStatusValues).optional(),
  context: z.record(z.string(), z.unknown()).optional(),
  evidence_ids: z.array(z.string().max(100)).max(100).optional(),
  resolution: z.strictObject({ outcome: text(100).nullish(), note: text(5000).nullish() }).optional(),
});

export const patchRiskBody = z.strictObject({ status: z.enum(RiskStatusValues), note: text(5000).nullish() });
export const canvasBody = z.strictObject({ state: z.record(z.string(), z.unknown()), expected_version: z.number().int().min(0) });
export const concludeBody = z.strictObject({ decision: z.enum(ConclusionDecisionValues), note: text(5000).nullish() });
export const reopenBody = z.strictObject({ reason: z.string().min(1).max(2000) });
export const startBody = z.strictObject({ reason: text(2000).nullish() }).optional();
