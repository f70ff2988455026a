// Run control of risk assessments: start, commands, conclude, reopen.
import type { z } from 'zod';
import { commandBody, concludeBody, reopenBody, RISK_BASE, RISK_CREDENTIALS, startBody, toAssessment, toRun } from './risk-mapping';
import { route, Route } from './route';
import { CommandDocument, ConcludeDocument, ReopenDocument, StartDocument } from '../operations/operations.generated';

const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

export const riskRunRoutes: Route[] = [
  route({
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/start`,
    summary: 'Start an agent run (draft or reopened → running)',
    body: startBody,
    document: StartDocument,
    variables: ({ params, body }) => ({
      id: params.assessmentId,
      input: { reason: (body as { reason?: string } | undefined)?.reason ?? null },
    }),
    result: (data) => ({ body: { assessment: toAssessment(data.startRiskAssessment), run: toRun(data.startRiskAssessment.latestRun) } }),
  }),
  route({
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/commands`,
    summary: 'Send a command to the latest run (input, user_input, steer, steering, resume, cancel, stop)',
    body: commandBody,
    document: CommandDocument,
    variables: ({ params, body }) => {
      const b = body as z.infer<typeof commandBody>;
      return {
        id: params.assessmentId,
        input: {
          type: b.type,
          runId: b.run_id,
          prompt: b.prompt,
          message: b.message,
          reason: b.reason,
          payload: b.payload,
          artifactRefs: b.artifact_refs,
        },
      };
    },
    result: (data) => {
      const c = data.sendAssessmentCommand;
      return {
        body: {
          command: { command_id: c.commandId, type: c.type, run_id: c.runId },
          assessment_id: c.assessment.id,
          status: c.assessment.status,
          latest_run: toRun(c.assessment.latestRun),
        },
      };
    },
    successStatus: 202,
  }),
  route({
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/conclude`,
    summary: 'Conclude (ready_for_review or reopened → concluded) with a decision',
    body: concludeBody,
    document: ConcludeDocument,
    variables: ({ params, body }) => ({ id: params.assessmentId, input: body as z.infer<typeof concludeBody> }),
    result: (data) => ({ body: { assessment: toAssessment(data.concludeRiskAssessment) } }),
  }),
  route({
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/reopen`,
    summary: 'Reopen (ready_for_review, concluded, cancelled or failed → reopened); start again for a new run',
    body: reopenBody,
    document: ReopenDocument,
    variables: ({ params, body }) => ({ id: params.assessmentId, input: body as z.infer<typeof reopenBody> }),
    result: (data) => ({ body: { assessment: toAssessment(data.reopenRiskAssessment) } }),
  }),
];
