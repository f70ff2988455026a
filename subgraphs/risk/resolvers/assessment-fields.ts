// Fields of RiskAssessment: relations through the request's DataLoaders.
import { findWorkflow } from '../catalog/workflows';
import { RiskContext } from '../context';
import { AssessmentRow } from '../data/assessment-store';
import { readTrajectory } from '../data/trajectory-store';
import { AssessmentStatus, POLL_INTERVAL_SECONDS } from '../domain/states';
import { trajectoryDetails } from '../domain/trajectory-details';
import { RiskError } from '../errors';
import { openSubjects } from '../services/subjects';
import { confirmations, evidenceView, questionView, ratingCounts, ratingsOf, riskView, runView, taskStatusCounts, taskView } from './views';

export const TRAJECTORY_DEFAULT = 100;
export const TRAJECTORY_MAX = 500;

async function latestRun(row: AssessmentRow, ctx: RiskContext) {
  if (!row.latestRunId) return null;
  const run = await ctx.runs.load(row.latestRunId);
  return run ? runView(run) : null;
}

export const assessmentFields = {
  // Details objects carry their member's name (domain/evidence-details.ts, domain/trajectory-details.ts).
  AssessmentEvidenceDetails: { __resolveType: (details: { __typename: string }) => details.__typename },
  TrajectoryEventDetails: { __resolveType: (details: { __typename: string }) => details.__typename },
  TrajectoryEvent: { details: (event: { type: string; data: unknown }) => trajectoryDetails(event.type, event.data) },
  RiskAssessment: {
    __resolveReference: (ref: { id: string }, ctx: RiskContext) => {
      ctx.beta();
      return ctx.assessments.load(ref.id);
    },
    workflow: (row: AssessmentRow) => findWorkflow(row.workflowId),
    context: (row: AssessmentRow) => row.context ?? {},
    subjects: (row: AssessmentRow, _: unknown, ctx: RiskContext) =>
      openSubjects(ctx.deps.keys, row.id, row.subjects).map((subject) => ({ ...subject, profile: subject.profileId ? { id: subject.profileId } : null })),
    risks: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => (await ctx.risks.load(row.id)).map(riskView),
    tasks: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => (await ctx.tasks.load(row.id)).map(taskView),
    evidence: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => (await ctx.evidence.load(row.id)).map(evidenceView),
    questions: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => (await ctx.questions.load(row.id)).map(questionView),
    clientRiskRatings: (row: AssessmentRow) => ratingsOf(row),
    confirmations: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => confirmations(await ctx.tasks.load(row.id)),
    taskStatusCounts: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => taskStatusCounts(await ctx.tasks.load(row.id)),
    latestRun: (row: AssessmentRow, _: unknown, ctx: RiskContext) => latestRun(row, ctx),
    canvas: (row: AssessmentRow) => ({ state: row.canvasState, version: row.canvasVersion }),
    summary: async (row: AssessmentRow, _: unknown, ctx: RiskContext) => ({
      assessmentId: row.id,
      status: row.status,
      taskStatusCounts: taskStatusCounts(await ctx.tasks.load(row.id)),
      clientRiskRatingCounts: ratingCounts(ratingsOf(row)),
      latestRun: await latestRun(row, ctx),
      updatedAt: row.updatedAt,
      readyAt: row.readyAt,
      concludedAt: row.concludedAt,
      recommendedPollIntervalSeconds: POLL_INTERVAL_SECONDS[row.status as AssessmentStatus],
    }),
    trajectory: async (row: AssessmentRow, args: { afterSequence?: number | null; first?: number | null; sortDirection?: 'asc' | 'desc' | null }, ctx: RiskContext) => {
      const limit = args.first ?? TRAJECTORY_DEFAULT;
      if (!Number.isInteger(limit) || limit < 1 || limit > TRAJECTORY_MAX) throw new RiskError('schema_validation_failed', `first: must be an integer from 1 to ${TRAJECTORY_MAX}`, { field: 'first' });
      if (args.afterSequence !== undefined && args.afterSequence !== null && args.afterSequence < 0) throw new RiskError('schema_validation_failed', 'after_sequence: must be 0 or more', { field: 'after_sequence' });
      const rows = (await readTrajectory(ctx.deps.db, ctx.scope, row.id, { afterSequence: args.afterSequence ?? undefined, limit, direction: args.sortDirection ?? 'asc' })) ?? [];
      return { events: rows.slice(0, limit), hasMore: rows.length > limit, lastSequence: row.nextSequence - 1 };
    },
  },
  Profile: {
    __resolveReference: (ref: { id: string }) => ref,
    riskAssessments: (profile: { id: string }, _: unknown, ctx: RiskContext) => {
      ctx.beta();
      return ctx.assessmentsByProfile.load(profile.id);
    },
  },
};
