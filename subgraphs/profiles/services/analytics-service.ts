// The console's analytics page: the WorkspaceAnalytics entity (owned here; the screening and IDV
// subgraphs add their figures to it through federation, like WorkQueues) and its four-eyes queue.
// The range is checked here first, so a bad one is refused before any subgraph is asked.
import type { Db, Scope } from '../../../platform/db/prisma';
import { pendingProposalQueueAge } from '../../../platform/four-eyes/four-eyes';
import { checkAnalyticsRange, isRangeProblem } from '../../../lib/analytics/range';
import { ProfilesError } from '../errors';

/** The WorkspaceAnalytics entity: the caller's workspace and the checked half-open range. */
export interface AnalyticsRef {
  workspaceId: string;
  from: Date;
  to: Date;
}

/** The entity of the caller's workspace for a range; analytics_range_invalid (400) names the field
 * unless from < to and the range spans at most 366 days. */
export function analyticsRefOf(scope: Scope, key: { from?: unknown; to?: unknown }): AnalyticsRef {
  const range = checkAnalyticsRange(key.from, key.to);
  if (isRangeProblem(range)) throw new ProfilesError('analytics_range_invalid', range.message, { field: range.field });
  return { workspaceId: scope.workspaceId, ...range };
}

export function fourEyesQueueAge(db: Db, scope: Scope) {
  return pendingProposalQueueAge(db, scope, new Date());
}
