// Risk assessments (beta): /risk-assessments/v2, envelope {status, msg, result}.
import { z } from 'zod';
import { ApiError } from '../http/api-error';
import { Route } from './route';

const ASSESSMENT_FIELDS = 'id title workflowId purpose status profile { id } createdAt updatedAt';

function toAssessment(record: { id: string; title: string; workflowId: string | null; purpose: string | null; status: string; profile: { id: string } | null; createdAt: string; updatedAt: string }) {
  return {
    assessment_id: record.id,
    title: record.title,
    workflow_id: record.workflowId,
    purpose: record.purpose,
    status: record.status,
    profile_id: record.profile?.id ?? null,
    created_at: record.createdAt,
    updated_at: record.updatedAt,
  };
}

export const riskRoutes: Route[] = [
  {
    method: 'post',
    path: '/risk-assessments/v2/assessments',
    area: 'risk',
    tag: 'Risk assessments',
    summary: 'Create a risk assessment (draft)',
    credentials: ['api-key', 'x-api-key'],
    body: z.object({ title: z.string().min(1).max(200), workflow_id: z.string().optional(), purpose: z.string().optional(), profile_id: z.string().optional() }),
    operation: `mutation CreateAssessment($input: CreateRiskAssessmentInput!) { createRiskAssessment(input: $input) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ body }) => {
      const input = body as { title: string; workflow_id?: string; purpose?: string; profile_id?: string };
      return { input: { title: input.title, workflowId: input.workflow_id, purpose: input.purpose, profileId: input.profile_id } };
    },
    result: (data) => ({ body: { assessment: toAssessment(data.createRiskAssessment) } }),
    successStatus: 201,
  },
  {
    method: 'get',
    path: '/risk-assessments/v2/assessments/:assessmentId',
    area: 'risk',
    tag: 'Risk assessments',
    summary: 'Read a risk assessment',
    credentials: ['api-key', 'x-api-key'],
    operation: `query Assessment($id: ID!) { riskAssessment(id: $id) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ params }) => ({ id: params.assessmentId }),
    result: (data) => {
      if (!data.riskAssessment) throw ApiError.of('assessment_not_found', 'Assessment not found');
      return { body: { assessment: toAssessment(data.riskAssessment) } };
    },
  },
];
