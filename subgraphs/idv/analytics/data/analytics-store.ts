// IDV's figures of the console's analytics page, aggregated in SQL over the caller's workspace.
// Timestamps are stored as UTC without a zone, so date_trunc('week') buckets are ISO weeks
// (Monday 00:00 UTC). Definitions: docs/graphql.md "Workspace analytics".
import { type Db, type Scope } from '../../../../platform/db/prisma';
import { countedAndLive, dayBounds } from '../../../../lib/analytics/range';

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
 * the range: the exact median (percentile_cont's) without sorting every decision of the range.
 * decision_day_buckets (kept by triggers on sessions) counts the decisions per day and duration
 * bucket; the range's counts per bucket (whole days from it, the parts of a day the range cuts from
 * the sessions themselves) locate the bucket of each middle rank, and only that bucket's decisions
 * of the range are read from their partial index. One statement; the two middle values are combined
 * as percentile_cont does (lo + 0.5 * (hi - lo)), so the figure is the same to the last bit. */
export async function reviewDecisionTimes(db: Db, scope: Scope, from: Date, to: Date): Promise<DurationRow> {
  const { fromDay, toDay, headEnd, tailStart } = dayBounds(from, to);
  const decided = `tenant_id = $1 AND workspace_id = $2 AND review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL`;
  const rows = (await db.$readRows(
    `WITH hist AS (
       SELECT bucket, sum(n)::bigint AS n
         FROM (SELECT bucket, decisions AS n FROM idv.decision_day_buckets
                WHERE tenant_id = $1 AND workspace_id = $2 AND day >= $5::date AND day < $6::date
               UNION ALL
               SELECT idv.duration_bucket(date_part('epoch', reviewed_at - assessed_at)), 1 FROM idv.sessions
                WHERE ${decided} AND reviewed_at >= $3::timestamp AND reviewed_at < $7::timestamp
               UNION ALL
               SELECT idv.duration_bucket(date_part('epoch', reviewed_at - assessed_at)), 1 FROM idv.sessions
                WHERE ${decided} AND reviewed_at >= $8::timestamp AND reviewed_at < $4::timestamp) parts
        GROUP BY bucket),
     total AS (SELECT coalesce(sum(n), 0)::bigint AS n FROM hist),
     cum AS (SELECT bucket, n, sum(n) OVER (ORDER BY bucket) - n AS before FROM hist WHERE n <> 0),
     ranks AS (SELECT (n - 1) / 2 AS k FROM total WHERE n > 0 UNION SELECT n / 2 FROM total WHERE n > 0),
     middle AS MATERIALIZED (
       SELECT (SELECT date_part('epoch', s.reviewed_at - s.assessed_at) FROM idv.sessions s
                WHERE s.tenant_id = $1 AND s.workspace_id = $2 AND s.review_status IN ('accepted', 'rejected') AND s.assessed_at IS NOT NULL
                  AND idv.duration_bucket(date_part('epoch', s.reviewed_at - s.assessed_at)) = cum.bucket
                  AND s.reviewed_at >= $3::timestamp AND s.reviewed_at < $4::timestamp
                ORDER BY 1 OFFSET ranks.k - cum.before LIMIT 1) AS seconds
         FROM ranks JOIN cum ON ranks.k >= cum.before AND ranks.k < cum.before + cum.n)
     SELECT (SELECT n FROM total)::int AS decisions,
            (SELECT min(seconds) + 0.5 * (max(seconds) - min(seconds)) FROM middle) AS median_seconds`,
    [scope.tenantId, scope.workspaceId, from, to, fromDay, toDay, headEnd, tailStart],
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
