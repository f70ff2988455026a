// Screening's share of the console's analytics page (WorkspaceAnalytics is owned by the profiles
// subgraph): screenings and alerts per day, reviewed matches per week, decision times and the two
// screening work queues, always of the caller's workspace. The SQL aggregates; this file lays the
// buckets out densely (every day and week of the range, zeros included) and names the figures.
import type { Scope } from '../../../../platform/db/prisma';
import { Db } from '../../../../platform/db/prisma';
import { checkAnalyticsRange, daysOf, densify, isoWeekLabel, isRangeProblem, weeksOf } from '../../../../lib/analytics/range';
import { ScreeningError } from '../../errors';
import {
  alertDecisionTimes,
  alertsPerDay,
  DurationRow,
  matchDecisionTimes,
  QueueAgeRow,
  reviewedMatchesPerWeek,
  screeningQueueAges,
  ScreeningQueueAges,
  screeningsPerDay,
} from '../data/analytics-store';

/** The WorkspaceAnalytics entity as this subgraph resolves it: its key, the range checked. */
export interface AnalyticsRef {
  workspaceId: string;
  from: Date;
  to: Date;
}

/** The entity's key as the gateway sends it (the range as ISO text), checked again here: the
 * figures are always of the caller's workspace, whatever the representation names. */
export function analyticsRefOf(scope: Scope, key: { from?: unknown; to?: unknown }): AnalyticsRef {
  const range = checkAnalyticsRange(key.from, key.to);
  if (isRangeProblem(range)) throw new ScreeningError('analytics_range_invalid', range.message, { field: range.field });
  return { workspaceId: scope.workspaceId, ...range };
}

export async function screeningDays(db: Db, scope: Scope, ref: AnalyticsRef) {
  const [screenings, alerts] = await Promise.all([
    screeningsPerDay(db, scope, ref.from, ref.to),
    alertsPerDay(db, scope, ref.from, ref.to),
  ]);
  const alertsByDay = new Map(alerts.map((row) => [new Date(row.bucket).getTime(), row.alerts]));
  return densify(daysOf(ref), screenings, (day, row) => ({
    day,
    screenings: row?.screenings ?? 0,
    screeningsWithMatches: row?.with_matches ?? 0,
    monitoringAlerts: alertsByDay.get(day.getTime()) ?? 0,
  }));
}

export async function matchReviewWeeks(db: Db, scope: Scope, ref: AnalyticsRef) {
  const rows = await reviewedMatchesPerWeek(db, scope, ref.from, ref.to);
  return densify(weeksOf(ref), rows, (weekStart, row) => {
    const truePositives = row?.true_positives ?? 0;
    const falsePositives = row?.false_positives ?? 0;
    const reviewed = truePositives + falsePositives;
    return {
      weekStart,
      isoWeek: isoWeekLabel(weekStart),
      reviewed,
      truePositives,
      falsePositives,
      falsePositiveRate: reviewed === 0 ? null : falsePositives / reviewed,
    };
  });
}

export type DecisionTimeKind = 'match' | 'alert';

export async function decisionTime(db: Db, scope: Scope, ref: AnalyticsRef, kind: DecisionTimeKind) {
  const row = await (kind === 'match' ? matchDecisionTimes : alertDecisionTimes)(db, scope, ref.from, ref.to);
  return durationView(row);
}

// Both queues are read by one statement, once per entity (a request's WorkspaceAnalytics): the
// resolver of the second queue gets the first one's answer.
const queueAgesOf = new WeakMap<AnalyticsRef, Promise<ScreeningQueueAges>>();

export async function queueAge(db: Db, scope: Scope, ref: AnalyticsRef, kind: 'match_review' | 'monitoring_alert', now: Date) {
  let ages = queueAgesOf.get(ref);
  if (!ages) {
    ages = screeningQueueAges(db, scope, now);
    queueAgesOf.set(ref, ages);
  }
  const both = await ages;
  return queueAgeView(kind === 'match_review' ? both.matches : both.alerts);
}

export function durationView(row: DurationRow) {
  return { decisions: row.decisions, medianSeconds: row.decisions === 0 ? null : row.median_seconds };
}

export function queueAgeView(row: QueueAgeRow) {
  return {
    waiting: row.waiting,
    oldestSeconds: row.waiting === 0 ? null : Math.max(0, row.oldest_seconds ?? 0),
    medianSeconds: row.waiting === 0 ? null : Math.max(0, row.median_seconds ?? 0),
  };
}
