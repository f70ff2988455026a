// Screening's figures of the console's analytics page, aggregated in SQL over the caller's
// workspace (every statement filters by tenant and workspace first, so the (tenant, workspace, ...)
// indexes bound each scan). Timestamps are stored as UTC without a zone, so date_trunc buckets are
// UTC days and ISO weeks (date_trunc('week') starts on Monday). Definitions: docs/graphql.md
// "Workspace analytics".
import { Db, type Scope } from '../../../../platform/db/prisma';
import { countedAndLive, dayBounds } from '../../../../lib/analytics/range';

export interface ScreeningDayRow {
  bucket: Date;
  screenings: number;
  with_matches: number;
}
export interface AlertDayRow {
  bucket: Date;
  alerts: number;
}
export interface ReviewWeekRow {
  bucket: Date;
  true_positives: number;
  false_positives: number;
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

/** Names screened per UTC day of the request (monitoring's own searches left out: they are alerts).
 * Whole days come from the maintained counters (search_day_counts, kept by a trigger on every
 * stored result: a few rows per day instead of every search of the range joined to its results);
 * the parts of a day a range cuts are counted live. */
export async function screeningsPerDay(db: Db, scope: Scope, from: Date, to: Date): Promise<ScreeningDayRow[]> {
  return countedAndLive(
    from,
    to,
    async (fromDay, toDay) =>
      (await db.$readRows(
        `SELECT day::timestamp AS bucket, sum(screenings)::int AS screenings, sum(with_matches)::int AS with_matches
           FROM screening.search_day_counts
          WHERE tenant_id = $1 AND workspace_id = $2 AND day >= $3::date AND day < $4::date
          GROUP BY day`,
        [scope.tenantId, scope.workspaceId, fromDay, toDay],
        'analytics_search_day_counts',
      )) as unknown as ScreeningDayRow[],
    (liveFrom, liveTo) => screeningsPerDayLive(db, scope, liveFrom, liveTo),
  );
}

/** The same figures counted from the stored searches themselves (a part of a day). */
async function screeningsPerDayLive(db: Db, scope: Scope, from: Date, to: Date): Promise<ScreeningDayRow[]> {
  return db.$queryRawUnsafe<ScreeningDayRow[]>(
    `SELECT date_trunc('day', q.created_at) AS bucket,
            count(r.id)::int AS screenings,
            count(r.id) FILTER (WHERE r.match_count > 0)::int AS with_matches
       FROM screening.search_requests q
       JOIN screening.search_results r ON r.tenant_id = q.tenant_id AND r.workspace_id = q.workspace_id AND r.request_id = q.id
      WHERE q.tenant_id = $1 AND q.workspace_id = $2 AND q.created_at >= $3::timestamp AND q.created_at < $4::timestamp
        AND q.source <> 'monitoring'
      GROUP BY 1`,
    scope.tenantId,
    scope.workspaceId,
    from,
    to,
  );
}

/** Monitoring alerts raised per UTC day: whole days from the maintained counters (alert_day_counts,
 * kept by triggers on every alert written), the parts of a day a range cuts from the alerts. */
export async function alertsPerDay(db: Db, scope: Scope, from: Date, to: Date): Promise<AlertDayRow[]> {
  return countedAndLive(
    from,
    to,
    async (fromDay, toDay) =>
      (await db.$readRows(
        `SELECT day::timestamp AS bucket, sum(alerts)::int AS alerts
           FROM screening.alert_day_counts
          WHERE tenant_id = $1 AND workspace_id = $2 AND day >= $3::date AND day < $4::date
          GROUP BY day`,
        [scope.tenantId, scope.workspaceId, fromDay, toDay],
        'analytics_alert_day_counts',
      )) as unknown as AlertDayRow[],
    (liveFrom, liveTo) => alertsPerDayLive(db, scope, liveFrom, liveTo),
  );
}

/** The same figures counted from the alerts themselves (a part of a day). */
async function alertsPerDayLive(db: Db, scope: Scope, from: Date, to: Date): Promise<AlertDayRow[]> {
  return db.$queryRawUnsafe<AlertDayRow[]>(
    `SELECT date_trunc('day', created_at) AS bucket, count(*)::int AS alerts
       FROM screening.monitoring_alerts
      WHERE tenant_id = $1 AND workspace_id = $2 AND created_at >= $3::timestamp AND created_at < $4::timestamp
      GROUP BY 1`,
    scope.tenantId,
    scope.workspaceId,
    from,
    to,
  );
}

/** Matches whose current review decision (true or false positive) was made in each ISO week. Whole
 * days come from the maintained counters (match_review_day_counts, kept by triggers on every change
 * of a match's decision), the parts of a day a range cuts from the matches themselves; a week's
 * parts are summed. */
export async function reviewedMatchesPerWeek(db: Db, scope: Scope, from: Date, to: Date): Promise<ReviewWeekRow[]> {
  return countedAndLive(
    from,
    to,
    async (fromDay, toDay) =>
      (await db.$readRows(
        `SELECT date_trunc('week', day::timestamp) AS bucket,
                sum(true_positives)::int AS true_positives, sum(false_positives)::int AS false_positives
           FROM screening.match_review_day_counts
          WHERE tenant_id = $1 AND workspace_id = $2 AND day >= $3::date AND day < $4::date
          GROUP BY 1`,
        [scope.tenantId, scope.workspaceId, fromDay, toDay],
        'analytics_match_review_day_counts',
      )) as unknown as ReviewWeekRow[],
    (liveFrom, liveTo) => reviewedMatchesPerWeekLive(db, scope, liveFrom, liveTo),
  );
}

/** The same figures counted from the matches themselves (a part of a day). */
async function reviewedMatchesPerWeekLive(db: Db, scope: Scope, from: Date, to: Date): Promise<ReviewWeekRow[]> {
  return db.$queryRawUnsafe<ReviewWeekRow[]>(
    `SELECT date_trunc('week', reviewed_at) AS bucket,
            count(*) FILTER (WHERE review_status = 'true_positive')::int AS true_positives,
            count(*) FILTER (WHERE review_status = 'false_positive')::int AS false_positives
       FROM screening.search_matches
      WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('true_positive', 'false_positive')
        AND reviewed_at >= $3::timestamp AND reviewed_at < $4::timestamp
      GROUP BY 1`,
    scope.tenantId,
    scope.workspaceId,
    from,
    to,
  );
}

/** A duration's median over a range: the durations (`seconds`, an expression over `source`'s
 * columns) of the `source` rows matching `where` whose event instant (`at`) falls in the range, and
 * the table counting them per UTC day of that instant and duration bucket. Constants of this file,
 * never input. */
interface BucketedDurations {
  counters: string;
  source: string;
  where: string;
  at: string;
  seconds: string;
}

// The exact median (percentile_cont's) without sorting every duration of the range. The counters
// (kept by triggers) count the durations per day and screening.duration_bucket, which is monotone:
// the buckets in order hold the durations in order. The range's counts per bucket (whole days from
// the counters, the parts of a day the range cuts from the rows themselves) locate the bucket of each
// middle rank; only that bucket's durations of the range are then read, in order, from an index on
// (tenant, workspace, bucket, instant), and the rank within the bucket picked. One statement; the two
// middle values are combined as percentile_cont does (lo + 0.5 * (hi - lo)), so the figure is the
// same to the last bit.
async function bucketedMedian(db: Db, scope: Scope, from: Date, to: Date, of: BucketedDurations, name: string): Promise<DurationRow> {
  const { fromDay, toDay, headEnd, tailStart } = dayBounds(from, to);
  const rows = (await db.$readRows(
    `WITH hist AS (
       SELECT bucket, sum(n)::bigint AS n
         FROM (SELECT bucket, decisions AS n FROM ${of.counters}
                WHERE tenant_id = $1 AND workspace_id = $2 AND day >= $5::date AND day < $6::date
               UNION ALL
               SELECT screening.duration_bucket(${of.seconds}), 1 FROM ${of.source}
                WHERE tenant_id = $1 AND workspace_id = $2 AND ${of.where} AND ${of.at} >= $3::timestamp AND ${of.at} < $7::timestamp
               UNION ALL
               SELECT screening.duration_bucket(${of.seconds}), 1 FROM ${of.source}
                WHERE tenant_id = $1 AND workspace_id = $2 AND ${of.where} AND ${of.at} >= $8::timestamp AND ${of.at} < $4::timestamp) parts
        GROUP BY bucket),
     total AS (SELECT coalesce(sum(n), 0)::bigint AS n FROM hist),
     cum AS (SELECT bucket, n, sum(n) OVER (ORDER BY bucket) - n AS before FROM hist WHERE n <> 0),
     ranks AS (SELECT (n - 1) / 2 AS k FROM total WHERE n > 0 UNION SELECT n / 2 FROM total WHERE n > 0),
     middle AS MATERIALIZED (
       SELECT (SELECT ${of.seconds} FROM ${of.source}
                WHERE tenant_id = $1 AND workspace_id = $2 AND ${of.where} AND screening.duration_bucket(${of.seconds}) = cum.bucket
                  AND ${of.at} >= $3::timestamp AND ${of.at} < $4::timestamp
                ORDER BY 1 OFFSET ranks.k - cum.before LIMIT 1) AS seconds
         FROM ranks JOIN cum ON ranks.k >= cum.before AND ranks.k < cum.before + cum.n)
     SELECT (SELECT n FROM total)::int AS decisions,
            (SELECT min(seconds) + 0.5 * (max(seconds) - min(seconds)) FROM middle) AS median_seconds`,
    [scope.tenantId, scope.workspaceId, from, to, fromDay, toDay, headEnd, tailStart],
    name,
  )) as unknown as DurationRow[];
  return rows[0] ?? { decisions: 0, median_seconds: null };
}

/** Stored match to its first decision (its first review leaving unresolved), for first decisions
 * made in the range: match_first_decisions (kept by a trigger on the review history) holds each
 * duration, match_decision_day_buckets counts them. */
export async function matchDecisionTimes(db: Db, scope: Scope, from: Date, to: Date): Promise<DurationRow> {
  return bucketedMedian(
    db,
    scope,
    from,
    to,
    {
      counters: 'screening.match_decision_day_buckets',
      source: 'screening.match_first_decisions',
      where: 'true',
      at: 'decided_at',
      seconds: 'seconds',
    },
    'analytics_match_decision_times',
  );
}

/** Monitoring alert raised to acknowledged, for acknowledgements made in the range
 * (alert_decision_day_buckets counts them, kept by triggers on monitoring_alerts). */
export async function alertDecisionTimes(db: Db, scope: Scope, from: Date, to: Date): Promise<DurationRow> {
  return bucketedMedian(
    db,
    scope,
    from,
    to,
    {
      counters: 'screening.alert_decision_day_buckets',
      source: 'screening.monitoring_alerts',
      where: `status = 'acknowledged'`,
      at: 'acknowledged_at',
      seconds: `date_part('epoch', acknowledged_at - created_at)`,
    },
    'analytics_alert_decision_times',
  );
}

/** The two screening queues: unresolved matches by age since stored and open monitoring alerts by
 * age since raised, at `now`. */
export interface ScreeningQueueAges {
  matches: QueueAgeRow;
  alerts: QueueAgeRow;
}

// One statement for both queues (one round trip per load). Each median is read in the order of an
// index on the waiting items' created_at: the middle one or two entries, found by skipping half the
// waiting items, instead of sorting every waiting item's age; the result is percentile_cont's (lo +
// 0.5 * (hi - lo) of the two middle ages when the count is even, as percentile_cont interpolates).
// The number of unresolved matches comes from the maintained search_match_counts (no pass over the
// queue to count it); the open alerts are counted from a partial index holding only them (index-only).
// That count reads its rows in created_at order on purpose: as a prepared statement's generic plan
// (tenant and workspace unknown) the planner otherwise counted them with a sequential scan of every
// alert at the default random_page_cost; ordered, the index that already holds them in order wins.
const QUEUE_AGES_SQL = `
  WITH match_queue AS (
    SELECT coalesce(sum(total), 0)::int AS n FROM screening.search_match_counts
     WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = 'unresolved'),
  match_middle AS MATERIALIZED (
    SELECT created_at FROM screening.search_matches WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = 'unresolved'
     ORDER BY created_at
    OFFSET (SELECT greatest((n - 1) / 2, 0) FROM match_queue) LIMIT (SELECT 2 - n % 2 FROM match_queue)),
  alert_queue AS (
    SELECT count(*)::int AS n, min(created_at) AS oldest
      FROM (SELECT created_at FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'open'
             ORDER BY created_at) open_alerts),
  alert_middle AS MATERIALIZED (
    SELECT created_at FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'open'
     ORDER BY created_at
    OFFSET (SELECT greatest((n - 1) / 2, 0) FROM alert_queue) LIMIT (SELECT 2 - n % 2 FROM alert_queue))
  SELECT (SELECT n FROM match_queue) AS match_waiting,
         date_part('epoch', $3::timestamp - (SELECT min(created_at) FROM screening.search_matches
                                               WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = 'unresolved')) AS match_oldest,
         (SELECT lo + 0.5 * (hi - lo) FROM (SELECT date_part('epoch', $3::timestamp - max(created_at)) AS lo,
                                                   date_part('epoch', $3::timestamp - min(created_at)) AS hi FROM match_middle) m) AS match_median,
         (SELECT n FROM alert_queue) AS alert_waiting,
         (SELECT date_part('epoch', $3::timestamp - oldest) FROM alert_queue) AS alert_oldest,
         (SELECT lo + 0.5 * (hi - lo) FROM (SELECT date_part('epoch', $3::timestamp - max(created_at)) AS lo,
                                                   date_part('epoch', $3::timestamp - min(created_at)) AS hi FROM alert_middle) a) AS alert_median`;

export async function screeningQueueAges(db: Db, scope: Scope, now: Date): Promise<ScreeningQueueAges> {
  const [row] = (await db.$readRows(QUEUE_AGES_SQL, [scope.tenantId, scope.workspaceId, now], 'analytics_screening_queue_ages')) as {
    match_waiting: number;
    match_oldest: number | null;
    match_median: number | null;
    alert_waiting: number;
    alert_oldest: number | null;
    alert_median: number | null;
  }[];
  return {
    matches: { waiting: row.match_waiting, oldest_seconds: row.match_oldest, median_seconds: row.match_median },
    alerts: { waiting: row.alert_waiting, oldest_seconds: row.alert_oldest, median_seconds: row.alert_median },
  };
}

/** Unresolved matches by age since stored, at `now`. */
export async function matchQueueAge(db: Db, scope: Scope, now: Date): Promise<QueueAgeRow> {
  return (await screeningQueueAges(db, scope, now)).matches;
}
