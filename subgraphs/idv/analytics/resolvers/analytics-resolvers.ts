// IDV's figures on the console's analytics page (WorkspaceAnalytics is owned by the profiles
// subgraph; its key carries the caller's workspace and the range). Thin: the service answers.
import type { Resolvers } from '../../resolvers/resolver-types.generated';
import { analyticsRefOf, decisionTime, outcomeWeeks, reviewQueue } from '../services/analytics-service';

export const analyticsResolvers = {
  WorkspaceAnalytics: {
    __resolveReference: (ref, ctx) => analyticsRefOf(ctx.principal, ref),
    idvOutcomeWeeks: (ref, _, ctx) => outcomeWeeks(ctx.idv.deps, ctx.principal, ref),
    idvDecisionTime: (ref, _, ctx) => decisionTime(ctx.idv.deps, ctx.principal, ref),
    idvReviewQueue: (_, __, ctx) => reviewQueue(ctx.idv.deps, ctx.principal),
  },
} satisfies Resolvers;
