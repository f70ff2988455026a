// Read-only catalogues of the risk area: workflows, scorecards and the FATF jurisdiction table.
import { ApiError } from '../http/api-error';
import { RISK_BASE, RISK_CREDENTIALS } from './risk-mapping';
import { Route } from './route';

const common = { area: 'risk' as const, tag: 'Risk assessments', credentials: [...RISK_CREDENTIALS] };
const WORKFLOW = 'id name description subjectType scorecardId tasks { key title required action tags }';
const SCORECARD = 'id name severityPoints { low medium high critical } categoryWeights { category weight } bands { rating minScore } criticalSanctionsProhibits';

/* eslint-disable @typescript-eslint/no-explicit-any */
const toWorkflow = (w: any) => ({ workflow_id: w.id, name: w.name, description: w.description, subject_type: w.subjectType, scorecard_id: w.scorecardId, tasks: w.tasks });
const toScorecard = (s: any) => ({
  scorecard_id: s.id,
  name: s.name,
  severity_points: s.severityPoints,
  category_weights: Object.fromEntries(s.categoryWeights.map((c: any) => [c.category, c.weight])),
  bands: s.bands.map((b: any) => ({ rating: b.rating, min_score: b.minScore })),
  critical_sanctions_prohibits: s.criticalSanctionsProhibits,
});

export const riskCatalogRoutes: Route[] = [
  { ...common, method: 'get', path: `${RISK_BASE}/workflows`, summary: 'List the shipped workflows', operation: `{ riskWorkflows { ${WORKFLOW} } }`, result: (data) => ({ body: { workflows: data.riskWorkflows.map(toWorkflow) } }) },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/workflows/:workflowId`,
    summary: 'Read a workflow',
    operation: `query Workflow($id: ID!) { riskWorkflow(id: $id) { ${WORKFLOW} } }`,
    variables: ({ params }) => ({ id: params.workflowId }),
    result: (data) => {
      if (!data.riskWorkflow) throw ApiError.of('risk_workflow_not_found', 'Workflow not found');
      return { body: { workflow: toWorkflow(data.riskWorkflow) } };
    },
  },
  { ...common, method: 'get', path: `${RISK_BASE}/scorecards`, summary: 'List the shipped scorecards', operation: `{ riskScorecards { ${SCORECARD} } }`, result: (data) => ({ body: { scorecards: data.riskScorecards.map(toScorecard) } }) },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/scorecards/:scorecardId`,
    summary: 'Read a scorecard',
    operation: `query Scorecard($id: ID!) { riskScorecard(id: $id) { ${SCORECARD} } }`,
    variables: ({ params }) => ({ id: params.scorecardId }),
    result: (data) => {
      if (!data.riskScorecard) throw ApiError.of('risk_scorecard_not_found', 'Scorecard not found');
      return { body: { scorecard: toScorecard(data.riskScorecard) } };
    },
  },
  {
    ...common,
    method: 'get',
    path: `${RISK_BASE}/jurisdiction-risk-table`,
    summary: 'The dated FATF jurisdiction table the agent uses',
    operation: `{ jurisdictionRiskTable { publisher publishedOn lists { key title severity sourceUrl countries } } }`,
    result: (data) => {
      const t = data.jurisdictionRiskTable;
      return { body: { publisher: t.publisher, published_on: t.publishedOn, lists: t.lists.map((l: any) => ({ key: l.key, title: l.title, severity: l.severity, source_url: l.sourceUrl, countries: l.countries })) } };
    },
  },
];
