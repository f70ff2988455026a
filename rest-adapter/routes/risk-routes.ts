// Risk assessments (beta): /risk-assessments/v2, envelope {status, msg, result},
// Authorization: Api-Key (legacy X-Api-Key). Reads and creation; see risk-run-routes.ts for
// start/commands/conclude/reopen and risk-review-routes.ts for tasks, risks and the canvas.
import type { z } from 'zod';
import { ApiError } from '../http/api-error';
import {
  createAssessmentBody,
  createAssessmentInput,
  listQuery,
  RISK_BASE,
  RISK_CREDENTIALS,
  toAssessment,
  toListItem,
  toQuestion,
  toRating,
  toSummary,
  toTask,
  toTaskStatusCounts,
  trajectoryQuery,
  toTrajectoryEvent,
} from './risk-mapping';
import { route, Route } from './route';
import { riskRunRoutes } from './risk-run-routes';
import { riskReviewRoutes } from './risk-review-routes';
import { riskCatalogRoutes } from './risk-catalog-routes';
import {
  AssessmentDocument,
  AssessmentsDocument,
  CreateAssessmentDocument,
  SummaryDocument,
  TasksDocument,
  TrajectoryDocument,
} from '../operations/operations.generated';

export const assessmentNotFound = () => ApiError.of('assessment_not_found', 'Assessment not found');
const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

const assessmentRoutes: Route[] = [
  route({
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments`,
    summary: 'Create a risk assessment (draft)',
    body: createAssessmentBody,
    document: CreateAssessmentDocument,
    variables: ({ body }) => ({ input: createAssessmentInput(body as never) }),
    result: (data) => ({ body: { assessment: toAssessment(data.createRiskAssessment) } }),
    successStatus: 201,
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments`,
    summary: 'List assessments (status and task_status comma lists, sort_by, sort_direction, limit, cursor)',
    query: listQuery,
    document: AssessmentsDocument,
    variables: ({ query }) => {
      const q = query as z.infer<typeof listQuery>;
      return {
        first: q.limit,
        after: q.cursor,
        statuses: q.status,
        taskStatuses: q.task_status,
        profileId: q.profile_id,
        sortBy: q.sort_by,
        sortDirection: q.sort_direction,
      };
    },
    result: (data) => {
      const page = data.riskAssessments;
      return {
        body: {
          assessments: page.nodes.map(toListItem),
          has_more: page.pageInfo.hasNextPage,
          next_cursor: page.pageInfo.endCursor,
          total_count: page.totalCount,
        },
      };
    },
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId`,
    summary: 'Read an assessment (full document with risks)',
    document: AssessmentDocument,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw assessmentNotFound();
      return { body: { assessment: toAssessment(data.riskAssessment) } };
    },
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/summary`,
    summary: 'Polling view: status, task and rating counts, latest run (poll every 10 to 30 s)',
    document: SummaryDocument,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw assessmentNotFound();
      const summary = toSummary(data.riskAssessment.summary);
      // The polling hint as a header too, so generic HTTP pollers honour it; none once final.
      const interval = summary.recommended_poll_interval_seconds;
      const headers: Record<string, string> = interval ? { 'Retry-After': String(interval) } : {};
      return { body: { summary }, headers };
    },
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/trajectory`,
    summary: 'Activity stream: events after after_sequence (limit default 100, max 500)',
    query: trajectoryQuery,
    document: TrajectoryDocument,
    variables: ({ params, query }) => {
      const q = query as z.infer<typeof trajectoryQuery>;
      return { id: params.assessmentId, after: q.after_sequence, limit: q.limit ?? 100, direction: q.sort_direction };
    },
    result: (data) => {
      if (!data.riskAssessment) throw assessmentNotFound();
      const page = data.riskAssessment.trajectory;
      return {
        body: {
          events: page.events.map(toTrajectoryEvent),
          has_more: page.hasMore,
          last_sequence: page.lastSequence,
        },
      };
    },
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/tasks`,
    summary: 'Tasks, task_status_counts, questions, confirmations and client_risk_ratings',
    document: TasksDocument,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      const a = data.riskAssessment;
      if (!a) throw assessmentNotFound();
      return {
        body: {
          tasks: a.tasks.map(toTask),
          task_status_counts: toTaskStatusCounts(a.taskStatusCounts),
          questions: a.questions.map(toQuestion),
          confirmations: a.confirmations.map((c: { taskId: string; title: string; requestedAt: string | null }) => ({
            task_id: c.taskId,
            title: c.title,
            requested_at: c.requestedAt,
          })),
          client_risk_ratings: a.clientRiskRatings.map(toRating),
        },
      };
    },
  }),
];

export const riskRoutes: Route[] = [...riskCatalogRoutes, ...assessmentRoutes, ...riskRunRoutes, ...riskReviewRoutes];
