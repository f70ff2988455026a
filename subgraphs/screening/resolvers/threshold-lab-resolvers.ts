// The threshold lab over GraphQL: thin, the figures come from services/threshold-lab-service.ts.
import { evaluateThresholdLab, thresholdLabView } from '../services/threshold-lab-service';
import type { Resolvers } from './resolver-types.generated';

export const thresholdLabResolvers = {
  Query: {
    screeningThresholdLab: async (_, args, ctx) =>
      thresholdLabView(await evaluateThresholdLab(ctx, ctx.scope, { threshold: args.input.threshold, feeds: args.input.feeds })),
  },
} satisfies Resolvers;
