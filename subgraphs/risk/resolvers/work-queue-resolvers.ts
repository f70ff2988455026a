// Risk's count on the console's home page (WorkQueues is owned by the profiles subgraph; its key is
// the caller's workspace, and the count is always of the caller's scope). A caller outside the risk
// beta gets null rather than an error, so the home page's one query still answers.
import { countAssessmentsInStatus } from '../data/assessment-store';
import { RiskError } from '../errors';
import type { Resolvers } from './resolver-types.generated';

/** The WorkQueues entity as this subgraph receives it: its key. */
export interface WorkQueuesRef {
  workspaceId: string;
}

export const workQueueResolvers = {
  WorkQueues: {
    __resolveReference: (ref) => ({ workspaceId: ref.workspaceId }),
    riskAssessmentsWaitingForUser: async (_, __, ctx) => {
      try {
        ctx.beta();
      } catch (error) {
        if (error instanceof RiskError) return null;
        throw error;
      }
      return countAssessmentsInStatus(ctx.deps.db, ctx.scope, 'waiting_for_user');
    },
  },
} satisfies Resolvers;
