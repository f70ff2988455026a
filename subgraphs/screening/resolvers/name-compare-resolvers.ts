// compareNames: thin mapping of the engine's comparison onto the NameComparison types.
import { ScreeningContext } from '../context';
import { compareNames, CompareNamesInput } from '../services/name-compare-service';
import { expectOneOf } from '../../../platform/validation/one-of';
import type { NameComparisonTokenMatchKind, Resolvers } from './resolver-types.generated';

/** An aligned pair is never of kind none (an unmatched token is listed apart); the schema's enum has no such value. */
const ALIGNED_KINDS: readonly NameComparisonTokenMatchKind[] = ['exact', 'transliteration', 'typo', 'phonetic', 'initial', 'prefix_al', 'fuzzy', 'joined'];

export const nameCompareResolvers = {
  Query: {
    compareNames: async (_, args, ctx) => {
      const result = await compareNames(ctx.holder, args.input);
      return {
        score: result.score,
        level: result.level,
        isMatch: result.isMatch,
        threshold: result.threshold,
        nameScore: result.nameScore,
        scorerVersion: result.scorerVersion,
        explanation: {
          tokenAlignment: result.tokenAlignment.map((pair) => ({ query: pair.query, candidate: pair.list, similarity: pair.similarity, how: expectOneOf(ALIGNED_KINDS, pair.how, 'aligned token pair kind') })),
          unmatchedQueryTokens: result.unmatchedQueryTokens,
          unmatchedCandidateTokens: result.unmatchedCandidateTokens,
          caps: result.caps,
          adjustments: result.adjustments,
        },
      };
    },
  },
} satisfies Resolvers;
