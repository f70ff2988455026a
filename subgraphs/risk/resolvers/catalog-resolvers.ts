// Workflows, scorecards and the jurisdiction table: shipped catalogues, read-only.
import { jurisdictionTable } from '../catalog/jurisdictions';
import { Scorecard, SCORECARDS } from '../catalog/scorecards';
import { WORKFLOWS } from '../catalog/workflows';
import { RiskContext } from '../context';

const scorecardView = (scorecard: Scorecard) => ({ ...scorecard, categoryWeights: Object.entries(scorecard.categoryWeights).map(([category, weight]) => ({ category, weight })) });

export const catalogResolvers = {
  Query: {
    riskWorkflows: (_: unknown, __: unknown, ctx: RiskContext) => {
      ctx.beta();
      return WORKFLOWS;
    },
    riskWorkflow: (_: unknown, args: { id: string }, ctx: RiskContext) => {
      ctx.beta();
      return WORKFLOWS.find((workflow) => workflow.id === args.id) ?? null;
    },
    riskScorecards: (_: unknown, __: unknown, ctx: RiskContext) => {
      ctx.beta();
      return SCORECARDS.map(scorecardView);
    },
    riskScorecard: (_: unknown, args: { id: string }, ctx: RiskContext) => {
      ctx.beta();
      const scorecard = SCORECARDS.find((candidate) => candidate.id === args.id);
      return scorecard ? scorecardView(scorecard) : null;
    },
    jurisdictionRiskTable: (_: unknown, __: unknown, ctx: RiskContext) => {
      ctx.beta();
      const table = jurisdictionTable();
      return { ...table, lists: table.lists.map((list) => ({ ...list, countries: Object.keys(list.countries) })) };
    },
  },
};
