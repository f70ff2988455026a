// IDV's share of the console's analytics page (WorkspaceAnalytics is owned by the profiles
// subgraph): assessment outcomes per ISO week, review decision time and the review queue's ages,
// always of the caller's workspace; for management principals only (application keys, dashboard
// users), like every IDV read.
import { checkAnalyticsRange, densify, isoWeekLabel, isRangeProblem, weeksOf } from '../../../../lib/analytics/range';
import { Principal } from '../../../../platform/principal/principal';
import { IdvError } from '../../errors';
import { IdvDeps } from '../../services/deps';
import { requireManagement } from '../../services/principals';
import { outcomesPerWeek, reviewDecisionTimes, reviewQueueAge } from '../data/analytics-store';

/** The WorkspaceAnalytics entity as this subgraph resolves it: its key, the range checked. */
export interface AnalyticsRef {
  workspaceId: string;
  from: Date;
  to: Date;
}

/** The entity's key as the gateway sends it (the range as ISO text), checked again here: the
 * figures are always of the caller's workspace, whatever the representation names. */
export function analyticsRefOf(principal: Principal, key: { from?: unknown; to?: unknown }): AnalyticsRef {
  const scope = requireManagement(principal);
  const range = checkAnalyticsRange(key.from, key.to);
  if (isRangeProblem(range)) throw new IdvError('analytics_range_invalid', range.message, { field: range.field });
  return { workspaceId: scope.workspaceId, ...range };
}

export async function outcomeWeeks(deps: IdvDeps, principal: Principal, ref: AnalyticsRef) {
  const rows = await outcomesPerWeek(deps.db, requireManagement(principal), ref.from, ref.to);
  return densify(weeksOf(ref), rows, (weekStart, row) => {
    const automaticPass = row?.automatic_pass ?? 0;
    const sentToReview = row?.sent_to_review ?? 0;
    return {
      weekStart,
      isoWeek: isoWeekLabel(weekStart),
      assessed: automaticPass + sentToReview,
      automaticPass,
      sentToReview,
      rejected: row?.rejected ?? 0,
    };
  });
}

export async function decisionTime(deps: IdvDeps, principal: Principal, ref: AnalyticsRef) {
  const row = await reviewDecisionTimes(deps.db, requireManagement(principal), ref.from, ref.to);
  return { decisions: row.decisions, medianSeconds: row.decisions === 0 ? null : row.median_seconds };
}

export async function reviewQueue(deps: IdvDeps, principal: Principal) {
  const row = await reviewQueueAge(deps.db, requireManagement(principal), deps.now());
  return {
    waiting: row.waiting,
    oldestSeconds: row.waiting === 0 ? null : Math.max(0, row.oldest_seconds ?? 0),
    medianSeconds: row.waiting === 0 ? null : Math.max(0, row.median_seconds ?? 0),
  };
}
