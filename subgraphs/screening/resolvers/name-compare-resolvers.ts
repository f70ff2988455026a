// compareNames: thin mapping of the engine's comparison onto the NameComparison types.
import { compareNames } from '../services/name-compare-service';
import { expectOneOf } from '../../../platform/validation/one-of';
import type { NameComparisonTokenMatchKind, Resolvers } from './resolver-types.generated';

/** The kinds of an aligned pair the schema's enum knows: the engine's token kinds also have none, which the GraphQL enum could not serialize either. */
const ALIGNED_KINDS: readonly NameComparisonTokenMatchKind[] = [
  'exact',
  'transliteration',
  'other_script',
  'typo',
  'phonetic',
  'initial',
  'prefix_al',
  'fuzzy',
  'joined',
];

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
          tokenAlignment: result.tokenAlignment.map((pair) => ({
            query: pair.query,
            candidate: pair.list,
            similarity: pair.similarity,
            how: expectOneOf(ALIGNED_KINDS, pair.how, 'aligned token pair kind'),
          })),
          unmatchedQueryTokens: result.unmatchedQueryTokens,
          unmatchedCandidateTokens: result.unmatchedCandidateTokens,
          caps: result.caps,
          adjustments: result.adjustments,
        },
      };
    },
  },
} satisfies Resolvers;
