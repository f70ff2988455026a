// Risk assessments (beta): /risk-assessments/v2, envelope {status, msg, result},
// Authorization: Api-Key (legacy X-Api-Key). Reads and creation; see risk-run-routes.ts for
// start/commands/conclude/reopen and risk-review-routes.ts for tasks, risks and the canvas.
import { ApiError } from '../http/api-error';
import {
  ASSESSMENT_FIELDS,
  createAssessmentBody,
  createAssessmentInput,
  LIST_FIELDS,
  listQuery,
  QUESTION_FIELDS,
  RATING_FIELDS,
  RISK_BASE,
  RISK_CREDENTIALS,
  SUMMARY_FIELDS,
  TASK_FIELDS,
  COUNTS_FIELDS,
  toAssessment,
  toListItem,
  toQuestion,
  toRating,
  toSummary,
  toTask,
  toTaskStatusCounts,
  trajectoryQuery,
  TRAJECTORY_EVENT_FIELDS,
  toTrajectoryEvent,
} from './risk-mapping';
import { Route } from './route';
import { riskRunRoutes } from './risk-run-routes';
import { riskReviewRoutes } from './risk-review-routes';
import { riskCatalogRoutes } from './risk-catalog-routes';

export const assessmentNotFound = () => ApiError.of('assessment_not_found', 'Assessment not found');
const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

const assessmentRoutes: Route[] = [
  {
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments`,
    summary: 'Create a risk assessment (draft)',
    body: createAssessmentBody,
    operation: `mutation CreateAssessment($input: CreateRiskAssessmentInput!) { createRiskAssessment(input: $input) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ body }) => ({ input: createAssessmentInput(body as never) }),
    result: (data) => ({ body: { assessment: toAssessment(data.createRiskAssessment) } }),
    successStatus: 201,
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments`,
    summary: 'List assessments (status and task_status comma lists, sort_by, sort_direction, limit, cursor)',
    query: listQuery,
    operation: `query Assessments($first: Int, $after: String, $statuses: [AssessmentStatus!], $taskStatuses: [TaskStatus!], $profileId: ID, $sortBy: AssessmentSortKey, $sortDirection: SortDirection) {
      riskAssessments(first: $first, after: $after, statuses: $statuses, taskStatuses: $taskStatuses, profileId: $profileId, sortBy: $sortBy, sortDirection: $sortDirection) { nodes { ${LIST_FIELDS} } pageInfo { hasNextPage endCursor } totalCount } }`,
    variables: ({ query }) => ({
      first: query.limit,
      after: query.cursor,
      statuses: query.status,
      taskStatuses: query.task_status,
      profileId: query.profile_id,
      sortBy: query.sort_by,
      sortDirection: query.sort_direction,
    }),
    result: (data) => {
      const page = data.riskAssessments;
      return { body: { assessments: page.nodes.map(toListItem), has_more: page.pageInfo.hasNextPage, next_cursor: page.pageInfo.endCursor, total_count: page.totalCount } };
    },
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId`,
    summary: 'Read an assessment (full document with risks)',
    operation: `query Assessment($id: ID!) { riskAssessment(id: $id) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw assessmentNotFound();
      return { body: { assessment: toAssessment(data.riskAssessment) } };
    },
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/summary`,
    summary: 'Polling view: status, task and rating counts, latest run (poll every 10 to 30 s)',
    operation: `query Summary($id: ID!) { riskAssessment(id: $id) { ${SUMMARY_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw assessmentNotFound();
      const summary = toSummary(data.riskAssessment.summary);
      // The polling hint as a header too, so generic HTTP pollers honour it; none once final.
      const interval = summary.recommended_poll_interval_seconds;
      const headers: Record<string, string> = interval ? { 'Retry-After': String(interval) } : {};
      return { body: { summary }, headers };
    },
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/trajectory`,
    summary: 'Activity stream: events after after_sequence (limit default 100, max 500)',
    query: trajectoryQuery,
    operation: `query Trajectory($id: ID!, $after: Int, $limit: Int, $direction: SortDirection) { riskAssessment(id: $id) { trajectory(afterSequence: $after, first: $limit, sortDirection: $direction) { events { ${TRAJECTORY_EVENT_FIELDS} } hasMore lastSequence } } }`,
    variables: ({ params, query }) => ({ id: params.assessmentId, after: query.after_sequence, limit: query.limit ?? 100, direction: query.sort_direction }),
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
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/tasks`,
    summary: 'Tasks, task_status_counts, questions, confirmations and client_risk_ratings',
    operation: `query Tasks($id: ID!) { riskAssessment(id: $id) { tasks { ${TASK_FIELDS} } taskStatusCounts { ${COUNTS_FIELDS} } questions { ${QUESTION_FIELDS} } confirmations { taskId title requestedAt } clientRiskRatings { ${RATING_FIELDS} } } }`,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      const a = data.riskAssessment;
      if (!a) throw assessmentNotFound();
      return {
        body: {
          tasks: a.tasks.map(toTask),
          task_status_counts: toTaskStatusCounts(a.taskStatusCounts),
          questions: a.questions.map(toQuestion),
          confirmations: a.confirmations.map((c: { taskId: string; title: string; requestedAt: string | null }) => ({ task_id: c.taskId, title: c.title, requested_at: c.requestedAt })),
          client_risk_ratings: a.clientRiskRatings.map(toRating),
        },
      };
    },
  },
];

export const riskRoutes: Route[] = [...riskCatalogRoutes, ...assessmentRoutes, ...riskRunRoutes, ...riskReviewRoutes];
