// Read-only catalogues of the risk area: workflows, scorecards and the FATF jurisdiction table.
import { ApiError } from '../http/api-error';
import { RISK_BASE, RISK_CREDENTIALS } from './risk-mapping';
import { route, Route } from './route';
import {
  JurisdictionRiskTableDocument,
  RiskScorecardsDocument,
  RiskWorkflowDocument,
  RiskWorkflowFieldsFragment,
  RiskWorkflowsDocument,
  ScorecardDocument,
  ScorecardFieldsFragment,
} from '../operations/operations.generated';

const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };

const toWorkflow = (w: RiskWorkflowFieldsFragment) => ({
  workflow_id: w.id,
  name: w.name,
  description: w.description,
  subject_type: w.subjectType,
  scorecard_id: w.scorecardId,
  tasks: w.tasks,
});
const toScorecard = (s: ScorecardFieldsFragment) => ({
  scorecard_id: s.id,
  name: s.name,
  severity_points: s.severityPoints,
  category_weights: Object.fromEntries(s.categoryWeights.map((c) => [c.category, c.weight])),
  bands: s.bands.map((b) => ({ rating: b.rating, min_score: b.minScore })),
  critical_sanctions_prohibits: s.criticalSanctionsProhibits,
});

export const riskCatalogRoutes: Route[] = [
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/workflows`,
    summary: 'List the shipped workflows',
    document: RiskWorkflowsDocument,
    result: (data) => ({ body: { workflows: data.riskWorkflows.map(toWorkflow) } }),
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/workflows/:workflowId`,
    summary: 'Read a workflow',
    document: RiskWorkflowDocument,
    variables: ({ params }) => ({ id: params.workflowId }),
    result: (data) => {
      if (!data.riskWorkflow) throw ApiError.of('risk_workflow_not_found', 'Workflow not found');
      return { body: { workflow: toWorkflow(data.riskWorkflow) } };
    },
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/scorecards`,
    summary: 'List the shipped scorecards',
    document: RiskScorecardsDocument,
    result: (data) => ({ body: { scorecards: data.riskScorecards.map(toScorecard) } }),
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/scorecards/:scorecardId`,
    summary: 'Read a scorecard',
    document: ScorecardDocument,
    variables: ({ params }) => ({ id: params.scorecardId }),
    result: (data) => {
      if (!data.riskScorecard) throw ApiError.of('risk_scorecard_not_found', 'Scorecard not found');
      return { body: { scorecard: toScorecard(data.riskScorecard) } };
    },
  }),
  route({
    ...common,
    method: 'get',
    path: `${RISK_BASE}/jurisdiction-risk-table`,
    summary: 'The dated FATF jurisdiction table the agent uses',
    document: JurisdictionRiskTableDocument,
    result: (data) => {
      const t = data.jurisdictionRiskTable;
      return {
        body: {
          publisher: t.publisher,
          published_on: t.publishedOn,
          lists: t.lists.map((l) => ({
            key: l.key,
            title: l.title,
            severity: l.severity,
            source_url: l.sourceUrl,
            countries: l.countries,
          })),
        },
      };
    },
  }),
];
