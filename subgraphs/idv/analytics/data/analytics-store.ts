// IDV's figures of the console's analytics page, aggregated in SQL over the caller's workspace.
// Timestamps are stored as UTC without a zone, so date_trunc('week') buckets are ISO weeks
// (Monday 00:00 UTC). Definitions: docs/graphql.md "Workspace analytics".
import { type Db, type Scope } from '../../../../platform/db/prisma';
import { countedAndLive } from '../../../../lib/analytics/range';

export interface OutcomeWeekRow {
  bucket: Date;
  automatic_pass: number;
  sent_to_review: number;
  rejected: number;
}
export interface DurationRow {
  decisions: number;
  median_seconds: number | null;
}
export interface QueueAgeRow {
  waiting: number;
  oldest_seconds: number | null;
  median_seconds: number | null;
}

/** Sessions whose assessment completed in each ISO week, by the review status it led to. An
 * assessment ends in automatic_pass or requires_review; a person moves the latter on (escalation,
 * accepted, rejected), so every status but automatic_pass means "sent to review". Whole days come
 * from the maintained counters (outcome_day_counts, kept by triggers on every session write), the
 * parts of a day a range cuts from the sessions themselves; a week's parts are summed. */
export async function outcomesPerWeek(db: Db, scope: Scope, from: Date, to: Date): Promise<OutcomeWeekRow[]> {
  return countedAndLive(
    from,
    to,
    async (fromDay, toDay) =>
      (await db.$readRows(
        `SELECT date_trunc('week', day::timestamp) AS bucket, sum(automatic_pass)::int AS automatic_pass,
                sum(sent_to_review)::int AS sent_to_review, sum(rejected)::int AS rejected
           FROM idv.outcome_day_counts
          WHERE tenant_id = $1 AND workspace_id = $2 AND day >= $3::date AND day < $4::date
          GROUP BY 1`,
        [scope.tenantId, scope.workspaceId, fromDay, toDay],
        'analytics_idv_outcome_day_counts',
      )) as unknown as OutcomeWeekRow[],
    (liveFrom, liveTo) => outcomesPerWeekLive(db, scope, liveFrom, liveTo),
  );
}

/** The same figures counted from the sessions themselves (a part of a day). */
async function outcomesPerWeekLive(db: Db, scope: Scope, from: Date, to: Date): Promise<OutcomeWeekRow[]> {
  return db.$queryRawUnsafe<OutcomeWeekRow[]>(
    `SELECT date_trunc('week', assessed_at) AS bucket,
            count(*) FILTER (WHERE review_status = 'automatic_pass')::int AS automatic_pass,
            count(*) FILTER (WHERE review_status IN ('requires_review', 'escalation', 'accepted', 'rejected'))::int AS sent_to_review,
            count(*) FILTER (WHERE review_status = 'rejected')::int AS rejected
       FROM idv.sessions
      WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'assessed'
        AND assessed_at >= $3::timestamp AND assessed_at < $4::timestamp
      GROUP BY 1`,
    scope.tenantId,
    scope.workspaceId,
    from,
    to,
  );
}

/** Assessed (entering review) to the final decision (accepted or rejected), for decisions made in
 * the range: index-only on the (tenant, workspace, reviewed_at, review_status, assessed_at) index. */
export async function reviewDecisionTimes(db: Db, scope: Scope, from: Date, to: Date): Promise<DurationRow> {
  const rows = (await db.$readRows(
    `SELECT count(*)::int AS decisions,
            (percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', reviewed_at - assessed_at)))::float8 AS median_seconds
       FROM idv.sessions
      WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL
        AND reviewed_at >= $3::timestamp AND reviewed_at < $4::timestamp`,
    [scope.tenantId, scope.workspaceId, from, to],
    'analytics_idv_decision_times',
  )) as unknown as DurationRow[];
  return rows[0] ?? { decisions: 0, median_seconds: null };
}

/** Sessions waiting for a reviewer (requires_review, escalation) by age since assessed (created,
 * for one never assessed), at `now`. Read from a partial index holding only the waiting sessions in
 * order of that instant (migration idv_review_queue_age_index), index-only: counted, then the median
 * from its middle one or two entries (skipping half the queue) instead of sorting every waiting
 * session's age; lo + 0.5 * (hi - lo) of the two middle ages when the count is even, as
 * percentile_cont interpolates. */
export async function reviewQueueAge(db: Db, scope: Scope, now: Date): Promise<QueueAgeRow> {
  const rows = (await db.$readRows(
    `WITH queue AS (
       SELECT count(*)::int AS n, min(coalesce(assessed_at, created_at)) AS oldest FROM idv.sessions
        WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('requires_review', 'escalation')),
     middle AS MATERIALIZED (
       SELECT coalesce(assessed_at, created_at) AS waiting_since FROM idv.sessions
        WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('requires_review', 'escalation')
        ORDER BY coalesce(assessed_at, created_at)
       OFFSET (SELECT greatest((n - 1) / 2, 0) FROM queue) LIMIT (SELECT 2 - n % 2 FROM queue))
     SELECT queue.n AS waiting, date_part('epoch', $3::timestamp - queue.oldest) AS oldest_seconds,
            (SELECT lo + 0.5 * (hi - lo) FROM (SELECT date_part('epoch', $3::timestamp - max(waiting_since)) AS lo,
                                                      date_part('epoch', $3::timestamp - min(waiting_since)) AS hi FROM middle) m) AS median_seconds
       FROM queue`,
    [scope.tenantId, scope.workspaceId, now],
    'analytics_idv_review_queue_age',
  )) as unknown as QueueAgeRow[];
  return rows[0] ?? { waiting: 0, oldest_seconds: null, median_seconds: null };
}
