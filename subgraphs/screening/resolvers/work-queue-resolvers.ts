// Screening's counts on the console's home page (WorkQueues is owned by the profiles subgraph; its
// key is the caller's workspace, and the counts are always of the caller's scope).
import { countUnresolvedMatches } from '../data/match-store';
import { countOpenAlerts } from '../monitoring/data/monitoring-store';
import type { Resolvers } from './resolver-types.generated';

/** The WorkQueues entity as this subgraph receives it: its key. */
export interface WorkQueuesRef {
  workspaceId: string;
}

export const workQueueResolvers = {
  WorkQueues: {
    __resolveReference: (ref) => ({ workspaceId: ref.workspaceId }),
    unresolvedScreeningMatches: (_, __, ctx) => countUnresolvedMatches(ctx.db, ctx.scope),
    openMonitoringAlerts: (_, __, ctx) => countOpenAlerts(ctx.db, ctx.scope),
  },
} satisfies Resolvers;
