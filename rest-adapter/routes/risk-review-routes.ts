// Reviewer edits of risk assessments: tasks, risks and the canvas.
import type { z } from 'zod';
import { canvasBody, patchRiskBody, patchTaskBody, RISK_BASE, RISK_CREDENTIALS, toRisk, toTask } from './risk-mapping';
import { ApiError } from '../http/api-error';
import { route, Route } from './route';
import { CanvasDocument, PatchRiskDocument, PatchTaskDocument, SaveCanvasDocument } from '../operations/operations.generated';

const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

export const riskReviewRoutes: Route[] = [
  route({
    ...common,
    method: 'patch',
    path: `${RISK_BASE}/assessments/:assessmentId/tasks/:taskId`,
    summary: 'Update a task: context, evidence ids, resolution, optional status',
    body: patchTaskBody,
    document: PatchTaskDocument,
    variables: ({ params, body }) => {
      const b = body as z.infer<typeof patchTaskBody>;
      return {
        id: params.assessmentId,
        taskId: params.taskId,
        input: { status: b.status, context: b.context, evidenceIds: b.evidence_ids, resolution: b.resolution },
      };
    },
    result: (data) => ({ body: { task: toTask(data.updateAssessmentTask) } }),
  }),
  route({
    ...common,
    method: 'patch',
    path: `${RISK_BASE}/assessments/:assessmentId/risks/:riskId`,
    summary: 'Change a risk status (active → resolved, false_positive or accepted; back to active)',
    body: patchRiskBody,
    document: PatchRiskDocument,
    variables: ({ params, body }) => ({ id: params.assessmentId, riskId: params.riskId, input: body as z.infer<typeof patchRiskBody> }),
    result: (data) => ({ body: { risk: toRisk(data.updateAssessmentRisk) } }),
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/assessments/:assessmentId/canvas`,
    summary: 'Read the canvas (state and version; version 0 before the first save)',
    document: CanvasDocument,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw ApiError.of('assessment_not_found', 'Assessment not found');
      return { body: { canvas: data.riskAssessment.canvas } };
    },
  }),
  route({
    ...common,
    method: 'put',
    path: `${RISK_BASE}/assessments/:assessmentId/canvas`,
    summary: 'Replace the canvas if expected_version is current (409 canvas_version_conflict otherwise)',
    body: canvasBody,
    document: SaveCanvasDocument,
    variables: ({ params, body }) => {
      const b = body as z.infer<typeof canvasBody>;
      return { id: params.assessmentId, input: { state: b.state, expectedVersion: b.expected_version } };
    },
    result: (data) => ({ body: { canvas: data.saveAssessmentCanvas } }),
  }),
];
