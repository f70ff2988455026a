// compareNames: thin mapping of the engine's comparison onto the NameComparison types.
import { ScreeningContext } from '../context';
import { compareNames, CompareNamesInput } from '../services/name-compare-service';

export const nameCompareResolvers = {
  Query: {
    compareNames: async (_: unknown, args: { input: CompareNamesInput }, ctx: ScreeningContext) => {
      const result = await compareNames(ctx.holder, args.input);
      return {
        score: result.score,
        level: result.level,
        isMatch: result.isMatch,
        threshold: result.threshold,
        nameScore: result.nameScore,
        scorerVersion: result.scorerVersion,
        explanation: {
          tokenAlignment: result.tokenAlignment.map((pair) => ({ query: pair.query, candidate: pair.list, similarity: pair.similarity, how: pair.how })),
          unmatchedQueryTokens: result.unmatchedQueryTokens,
          unmatchedCandidateTokens: result.unmatchedCandidateTokens,
          caps: result.caps,
          adjustments: result.adjustments,
        },
      };
    },
  },
};
