// Reviewer edits of risk assessments: tasks, risks and the canvas.
import { canvasBody, patchRiskBody, patchTaskBody, RISK_BASE, RISK_CREDENTIALS, RISK_FIELDS, TASK_FIELDS, toRisk, toTask } from './risk-mapping';
import { ApiError } from '../http/api-error';
import { Route } from './route';

const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

export const riskReviewRoutes: Route[] = [
  {
    ...common,
    method: 'patch',
    path: `${RISK_BASE}/assessments/:assessmentId/tasks/:taskId`,
    summary: 'Update a task: context, evidence ids, resolution, optional status',
    body: patchTaskBody,
    operation: `mutation PatchTask($id: ID!, $taskId: ID!, $input: UpdateAssessmentTaskInput!) { updateAssessmentTask(id: $id, taskId: $taskId, input: $input) { ${TASK_FIELDS} } }`,
    variables: ({ params, body }) => {
      const b = body as { status?: string; context?: object; evidence_ids?: string[]; resolution?: object };
      return { id: params.assessmentId, taskId: params.taskId, input: { status: b.status, context: b.context, evidenceIds: b.evidence_ids, resolution: b.resolution } };
    },
    result: (data) => ({ body: { task: toTask(data.updateAssessmentTask) } }),
  },
  {
    ...common,
    method: 'patch',
    path: `${RISK_BASE}/assessments/:assessmentId/risks/:riskId`,
    summary: 'Change a risk status (active → resolved, false_positive or accepted; back to active)',
    body: patchRiskBody,
    operation: `mutation PatchRisk($id: ID!, $riskId: ID!, $input: UpdateAssessmentRiskInput!) { updateAssessmentRisk(id: $id, riskId: $riskId, input: $input) { ${RISK_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.assessmentId, riskId: params.riskId, input: body }),
    result: (data) => ({ body: { risk: toRisk(data.updateAssessmentRisk) } }),
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/canvas`,
    summary: 'Read the canvas (state and version; version 0 before the first save)',
    operation: `query Canvas($id: ID!) { riskAssessment(id: $id) { canvas { state version } } }`,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw ApiError.of('assessment_not_found', 'Assessment not found');
      return { body: { canvas: data.riskAssessment.canvas } };
    },
  },
  {
    ...common,
    method: 'put',
    path: `${RISK_BASE}/assessments/:assessmentId/canvas`,
    summary: 'Replace the canvas if expected_version is current (409 canvas_version_conflict otherwise)',
    body: canvasBody,
    operation: `mutation Canvas($id: ID!, $input: SaveAssessmentCanvasInput!) { saveAssessmentCanvas(id: $id, input: $input) { state version } }`,
    variables: ({ params, body }) => {
      const b = body as { state: object; expected_version: number };
      return { id: params.assessmentId, input: { state: b.state, expectedVersion: b.expected_version } };
    },
    result: (data) => ({ body: { canvas: data.saveAssessmentCanvas } }),
  },
];
