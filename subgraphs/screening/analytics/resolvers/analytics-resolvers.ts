// Screening's figures on the console's analytics page (WorkspaceAnalytics is owned by the profiles
// subgraph; its key carries the caller's workspace and the range). Thin: the service answers.
import type { Resolvers } from '../../resolvers/resolver-types.generated';
import { analyticsRefOf, decisionTime, matchReviewWeeks, queueAge, screeningDays } from '../services/analytics-service';

export const analyticsResolvers = {
  WorkspaceAnalytics: {
    __resolveReference: (ref, ctx) => analyticsRefOf(ctx.scope, ref),
    screeningDays: (ref, _, ctx) => screeningDays(ctx.db, ctx.scope, ref),
    matchReviewWeeks: (ref, _, ctx) => matchReviewWeeks(ctx.db, ctx.scope, ref),
    matchDecisionTime: (ref, _, ctx) => decisionTime(ctx.db, ctx.scope, ref, 'match'),
    alertDecisionTime: (ref, _, ctx) => decisionTime(ctx.db, ctx.scope, ref, 'alert'),
    matchReviewQueue: (ref, _, ctx) => queueAge(ctx.db, ctx.scope, ref, 'match_review', new Date()),
    monitoringAlertQueue: (ref, _, ctx) => queueAge(ctx.db, ctx.scope, ref, 'monitoring_alert', new Date()),
  },
} satisfies Resolvers;
