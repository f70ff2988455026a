// Run control of risk assessments: start, commands, conclude, reopen.
import { ASSESSMENT_FIELDS, commandBody, concludeBody, reopenBody, RISK_BASE, RISK_CREDENTIALS, RUN_FIELDS, startBody, toAssessment, toRun } from './risk-mapping';
import { Route } from './route';

const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

export const riskRunRoutes: Route[] = [
  {
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/start`,
    summary: 'Start an agent run (draft or reopened → running)',
    body: startBody,
    operation: `mutation Start($id: ID!, $input: StartRiskAssessmentInput!) { startRiskAssessment(id: $id, input: $input) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.assessmentId, input: { reason: (body as { reason?: string } | undefined)?.reason ?? null } }),
    result: (data) => ({ body: { assessment: toAssessment(data.startRiskAssessment), run: toRun(data.startRiskAssessment.latestRun) } }),
  },
  {
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/commands`,
    summary: 'Send a command to the latest run (input, user_input, steer, steering, resume, cancel, stop)',
    body: commandBody,
    operation: `mutation Command($id: ID!, $input: AssessmentCommandInput!) { sendAssessmentCommand(id: $id, input: $input) { commandId type runId assessment { id status latestRun { ${RUN_FIELDS} } } } }`,
    variables: ({ params, body }) => {
      const b = body as { type: string; run_id?: string; prompt?: string; message?: string; reason?: string; payload?: object; artifact_refs?: object[] };
      return { id: params.assessmentId, input: { type: b.type, runId: b.run_id, prompt: b.prompt, message: b.message, reason: b.reason, payload: b.payload, artifactRefs: b.artifact_refs } };
    },
    result: (data) => {
      const c = data.sendAssessmentCommand;
      return { body: { command: { command_id: c.commandId, type: c.type, run_id: c.runId }, assessment_id: c.assessment.id, status: c.assessment.status, latest_run: toRun(c.assessment.latestRun) } };
    },
    successStatus: 202,
  },
  {
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/conclude`,
    summary: 'Conclude (ready_for_review or reopened → concluded) with a decision',
    body: concludeBody,
    operation: `mutation Conclude($id: ID!, $input: ConcludeRiskAssessmentInput!) { concludeRiskAssessment(id: $id, input: $input) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.assessmentId, input: body }),
    result: (data) => ({ body: { assessment: toAssessment(data.concludeRiskAssessment) } }),
  },
  {
    ...common,
    method: 'post',
    path: `${RISK_BASE}/assessments/:assessmentId/reopen`,
    summary: 'Reopen (ready_for_review, concluded, cancelled or failed → reopened); start again for a new run',
    body: reopenBody,
    operation: `mutation Reopen($id: ID!, $input: ReopenRiskAssessmentInput!) { reopenRiskAssessment(id: $id, input: $input) { ${ASSESSMENT_FIELDS} } }`,
    variables: ({ params, body }) => ({ id: params.assessmentId, input: body }),
    result: (data) => ({ body: { assessment: toAssessment(data.reopenRiskAssessment) } }),
  },
];
