// Workflows, scorecards and the jurisdiction table: shipped catalogues, read-only.
import { jurisdictionTable } from '../catalog/jurisdictions';
import { Scorecard, SCORECARDS } from '../catalog/scorecards';
import { WORKFLOWS } from '../catalog/workflows';
import { RISK_CATEGORIES } from '../domain/states';
import { expectOneOf } from '../../../platform/validation/one-of';
import type { Resolvers } from './resolver-types.generated';

const scorecardView = (scorecard: Scorecard) => ({
  ...scorecard,
  categoryWeights: Object.entries(scorecard.categoryWeights).map(([category, weight]) => ({
    category: expectOneOf(RISK_CATEGORIES, category, 'scorecard category weight'),
    weight,
  })),
});

export const catalogResolvers = {
  Query: {
    riskWorkflows: (_, __, ctx) => {
      ctx.beta();
      return WORKFLOWS;
    },
    riskWorkflow: (_, args, ctx) => {
      ctx.beta();
      return WORKFLOWS.find((workflow) => workflow.id === args.id) ?? null;
    },
    riskScorecards: (_, __, ctx) => {
      ctx.beta();
      return SCORECARDS.map(scorecardView);
    },
    riskScorecard: (_, args, ctx) => {
      ctx.beta();
      const scorecard = SCORECARDS.find((candidate) => candidate.id === args.id);
      return scorecard ? scorecardView(scorecard) : null;
    },
    jurisdictionRiskTable: (_, __, ctx) => {
      ctx.beta();
      const table = jurisdictionTable();
      return { ...table, lists: table.lists.map((list) => ({ ...list, countries: Object.keys(list.countries) })) };
    },
  },
} satisfies Resolvers;
