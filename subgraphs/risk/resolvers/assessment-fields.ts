// Fields of RiskAssessment: relations through the request's DataLoaders.
import { pendingConclusionProposal } from '../services/assessment-service';
import { findWorkflow } from '../catalog/workflows';
import { RiskContext } from '../context';
import { AssessmentRow } from '../data/assessment-store';
import { readTrajectory } from '../data/trajectory-store';
import { ASSESSMENT_STATUSES, POLL_INTERVAL_SECONDS } from '../domain/states';
import { trajectoryDetails } from '../domain/trajectory-details';
import { RiskError } from '../errors';
import { expectOneOf } from '../../../platform/validation/one-of';
import { openSubjects } from '../services/subjects';
import {
  canvasOf,
  confirmations,
  contextOf,
  evidenceView,
  questionView,
  ratingCounts,
  ratingsOf,
  riskView,
  runView,
  taskStatusCounts,
  taskView,
} from './views';
import type { Resolvers } from './resolver-types.generated';

/** What risk knows of a profile: its id (the mapper of Profile). */
export interface ProfileRef {
  id: string;
}

export const TRAJECTORY_DEFAULT = 100;
export const TRAJECTORY_MAX = 500;

async function latestRun(row: AssessmentRow, ctx: RiskContext) {
  if (!row.latestRunId) return null;
  const run = await ctx.runs.load(row.latestRunId);
  return run ? runView(run) : null;
}

export const assessmentFields = {
  // Details objects carry their member's name (domain/evidence-details.ts, domain/trajectory-details.ts).
  AssessmentEvidenceDetails: { __resolveType: (details) => details.__typename },
  TrajectoryEventDetails: { __resolveType: (details) => details.__typename },
  TrajectoryEvent: { details: (event) => trajectoryDetails(event.type, event.data) },
  // Ratings stored before risks set aside were recorded have none.
  ClientRiskRating: { setAside: (rating) => rating.setAside ?? [] },
  RiskAssessment: {
    // The conclusion waiting for a second reviewer (four eyes); the profiles subgraph resolves the rest.
    fourEyesProposal: async (assessment, _, ctx) => {
      const pending = await pendingConclusionProposal(ctx.deps, ctx.scope, assessment.id);
      return pending ? { id: pending.id } : null;
    },
    __resolveReference: (ref, ctx) => {
      ctx.beta();
      return ctx.assessments.load(ref.id);
    },
    workflow: (row) => findWorkflow(row.workflowId),
    context: (row) => contextOf(row),
    subjects: (row, _, ctx) =>
      openSubjects(ctx.deps.keys, row.id, row.subjects).map((subject) => ({
        ...subject,
        profile: subject.profileId ? { id: subject.profileId } : null,
      })),
    risks: async (row, _, ctx) => (await ctx.risks.load(row.id)).map(riskView),
    tasks: async (row, _, ctx) => (await ctx.tasks.load(row.id)).map(taskView),
    evidence: async (row, _, ctx) => (await ctx.evidence.load(row.id)).map(evidenceView),
    questions: async (row, _, ctx) => (await ctx.questions.load(row.id)).map(questionView),
    clientRiskRatings: (row) => ratingsOf(row),
    confirmations: async (row, _, ctx) => confirmations(await ctx.tasks.load(row.id)),
    taskStatusCounts: async (row, _, ctx) => taskStatusCounts(await ctx.tasks.load(row.id)),
    latestRun: (row, _, ctx) => latestRun(row, ctx),
    canvas: (row) => canvasOf(row),
    summary: async (row, _, ctx) => {
      const status = expectOneOf(ASSESSMENT_STATUSES, row.status, 'assessment status');
      return {
        assessmentId: row.id,
        status,
        taskStatusCounts: taskStatusCounts(await ctx.tasks.load(row.id)),
        clientRiskRatingCounts: ratingCounts(ratingsOf(row)),
        latestRun: await latestRun(row, ctx),
        updatedAt: row.updatedAt,
        readyAt: row.readyAt,
        concludedAt: row.concludedAt,
        recommendedPollIntervalSeconds: POLL_INTERVAL_SECONDS[status],
      };
    },
    trajectory: async (row, args, ctx) => {
      const limit = args.first ?? TRAJECTORY_DEFAULT;
      if (!Number.isInteger(limit) || limit < 1 || limit > TRAJECTORY_MAX)
        throw new RiskError('schema_validation_failed', `first: must be an integer from 1 to ${TRAJECTORY_MAX}`, { field: 'first' });
      if (args.afterSequence !== undefined && args.afterSequence !== null && args.afterSequence < 0)
        throw new RiskError('schema_validation_failed', 'after_sequence: must be 0 or more', { field: 'after_sequence' });
      // The assessment row was read in the caller's scope: its events need no second look at it.
      const rows = await readTrajectory(ctx.deps.db, row.id, {
        afterSequence: args.afterSequence ?? undefined,
        limit,
        direction: args.sortDirection ?? 'asc',
      });
      return { events: rows.slice(0, limit), hasMore: rows.length > limit, lastSequence: row.nextSequence - 1 };
    },
  },
  Profile: {
    __resolveReference: (ref) => ref,
    riskAssessments: (profile, _, ctx) => {
      ctx.beta();
      return ctx.assessmentsByProfile.load(profile.id);
    },
  },
} satisfies Resolvers;
