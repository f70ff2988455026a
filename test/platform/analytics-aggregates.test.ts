// The analytics page's maintained aggregates (migrations screening_analytics_review_aggregates and
// idv_outcome_day_counts) stay equal to the figures counted from the rows themselves under every
// kind of write: decisions made, changed, moved to another day, undone, rolled back and deleted;
// reviews added, backdated and removed; a match's created_at repaired; sessions assessed, decided,
// failed and deleted; alerts raised, acknowledged, re-dated and deleted. And the analytics stores
// read them.
import crypto from 'node:crypto';
import { createDb, Db } from '../../platform/db/prisma';
import { outcomesPerWeek, reviewDecisionTimes } from '../../subgraphs/idv/analytics/data/analytics-store';
import {
  alertDecisionTimes,
  alertsPerDay,
  matchDecisionTimes,
  matchQueueAge,
  reviewedMatchesPerWeek,
} from '../../subgraphs/screening/analytics/data/analytics-store';
import { testConfig } from '../helpers/test-platform';

let db: Db;
beforeAll(() => {
  db = createDb(testConfig().databaseUrl, 4);
});
afterAll(async () => {
  await db?.$disconnect();
});

const scope = {
  tenantId: `ten_agg_${crypto.randomBytes(5).toString('hex')}`,
  workspaceId: `wsp_agg_${crypto.randomBytes(5).toString('hex')}`,
};
const at = (day: number, hour = 0) => new Date(Date.UTC(2026, 10, day, hour));
const matchId = (n: number) => `${scope.workspaceId.slice(-10)}${n.toString(16).padStart(14, '0')}`;
let reviewSeq = 0;

async function storeMatch(n: number, createdAt: Date) {
  await db.$executeRawUnsafe(
    `INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload, created_at)
     VALUES ($1, 'res_agg', 'req_agg', $2, $3, 0, 'test:1', 0.9, '{}'::jsonb, $4::timestamp)`,
    matchId(n),
    scope.tenantId,
    scope.workspaceId,
    createdAt,
  );
}

/** A decision as the review service writes it: the match's status and its history row. */
async function decide(n: number, from: string, to: string, decidedAt: Date) {
  await db.$transaction([
    db.$executeRawUnsafe(
      `UPDATE screening.search_matches SET review_status = $2, reviewed_at = $3::timestamp WHERE id = $1`,
      matchId(n),
      to,
      to === 'unresolved' ? null : decidedAt,
    ),
    db.$executeRawUnsafe(
      `INSERT INTO screening.match_reviews (id, match_id, tenant_id, workspace_id, from_status, to_status, actor_kind, actor_id, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, 'dashboard_user', 'usr_agg', $7::timestamp)`,
      `mrv_${scope.workspaceId}_${++reviewSeq}`,
      matchId(n),
      scope.tenantId,
      scope.workspaceId,
      from,
      to,
      decidedAt,
    ),
  ]);
}

/** The day counters, and the same figures counted from the matches. */
async function reviewDays() {
  const kept = await db.$queryRawUnsafe<{ day: string; tp: number; fp: number }[]>(
    `SELECT day::text, sum(true_positives)::int AS tp, sum(false_positives)::int AS fp FROM screening.match_review_day_counts
      WHERE tenant_id = $1 AND workspace_id = $2 GROUP BY day HAVING sum(true_positives) <> 0 OR sum(false_positives) <> 0 ORDER BY day`,
    scope.tenantId,
    scope.workspaceId,
  );
  const counted = await db.$queryRawUnsafe<{ day: string; tp: number; fp: number }[]>(
    `SELECT reviewed_at::date::text AS day, count(*) FILTER (WHERE review_status = 'true_positive')::int AS tp,
            count(*) FILTER (WHERE review_status = 'false_positive')::int AS fp
       FROM screening.search_matches WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('true_positive', 'false_positive')
      GROUP BY 1 ORDER BY 1`,
    scope.tenantId,
    scope.workspaceId,
  );
  return { kept, counted };
}

/** The first decisions kept, and the same computed from the review history. */
async function firstDecisions() {
  const kept = await db.$queryRawUnsafe<{ match_id: string; decided_at: Date; seconds: number }[]>(
    `SELECT match_id, decided_at, seconds FROM screening.match_first_decisions WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY match_id`,
    scope.tenantId,
    scope.workspaceId,
  );
  const counted = await db.$queryRawUnsafe<{ match_id: string; decided_at: Date; seconds: number }[]>(
    `SELECT r.match_id, min(r.created_at) AS decided_at, extract(epoch FROM min(r.created_at) - m.created_at)::float8 AS seconds
       FROM screening.match_reviews r JOIN screening.search_matches m ON m.id = r.match_id
      WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.from_status = 'unresolved' AND r.to_status <> 'unresolved'
      GROUP BY r.match_id, m.created_at ORDER BY r.match_id`,
    scope.tenantId,
    scope.workspaceId,
  );
  return { kept, counted };
}

/** The first decisions per day and duration bucket, and the same counted from the first decisions. */
async function decisionBuckets() {
  const kept = await db.$queryRawUnsafe<{ day: string; bucket: number; n: number }[]>(
    `SELECT day::text, bucket::int, sum(decisions)::int AS n FROM screening.match_decision_day_buckets
      WHERE tenant_id = $1 AND workspace_id = $2 GROUP BY 1, 2 HAVING sum(decisions) <> 0 ORDER BY 1, 2`,
    scope.tenantId,
    scope.workspaceId,
  );
  const counted = await db.$queryRawUnsafe<{ day: string; bucket: number; n: number }[]>(
    `SELECT decided_at::date::text AS day, screening.duration_bucket(seconds)::int AS bucket, count(*)::int AS n
       FROM screening.match_first_decisions WHERE tenant_id = $1 AND workspace_id = $2 GROUP BY 1, 2 ORDER BY 1, 2`,
    scope.tenantId,
    scope.workspaceId,
  );
  return { kept, counted };
}

/** The median time to a first decision over [from, to) as the store reads it, and percentile_cont
 * over every first decision of the range. */
async function expectMedian(from: Date, to: Date) {
  const [counted] = await db.$queryRawUnsafe<{ decisions: number; median_seconds: number | null }[]>(
    `SELECT count(*)::int AS decisions, (percentile_cont(0.5) WITHIN GROUP (ORDER BY seconds))::float8 AS median_seconds
       FROM screening.match_first_decisions WHERE tenant_id = $1 AND workspace_id = $2 AND decided_at >= $3::timestamp AND decided_at < $4::timestamp`,
    scope.tenantId,
    scope.workspaceId,
    from,
    to,
  );
  const read = await matchDecisionTimes(db, scope, from, to);
  expect(read).toEqual(counted);
  return read;
}

async function expectExact() {
  const days = await reviewDays();
  expect(days.kept).toEqual(days.counted);
  const decisions = await firstDecisions();
  expect(decisions.kept).toEqual(decisions.counted);
  const buckets = await decisionBuckets();
  expect(buckets.kept).toEqual(buckets.counted);
  // Whole days, and a range cutting both ends (live parts), against every decision of the range.
  await expectMedian(at(1), at(30));
  await expectMedian(at(2, 9), at(9, 9));
  return { days: days.kept, decisions: decisions.kept };
}

it('keeps reviewed matches per day and first decisions exact under every write, and the store reads them', async () => {
  for (let n = 1; n <= 4; n++) await storeMatch(n, at(2, 8));
  await decide(1, 'unresolved', 'true_positive', at(2, 10)); // 2 h
  await decide(2, 'unresolved', 'false_positive', at(3, 8)); // 24 h
  await decide(3, 'unresolved', 'false_positive', at(9, 8)); // 7 days
  let state = await expectExact();
  expect(state.days).toEqual([
    { day: '2026-11-02', tp: 1, fp: 0 },
    { day: '2026-11-03', tp: 0, fp: 1 },
    { day: '2026-11-09', tp: 0, fp: 1 },
  ]);
  expect(state.decisions.map((row) => row.seconds)).toEqual([2 * 3600, 24 * 3600, 7 * 86400]);

  // A decision changed later moves the match to the new day and column; its first decision stays.
  await decide(1, 'true_positive', 'false_positive', at(10, 9));
  // Undone: out of the counts; its first decision (history) stays.
  await decide(3, 'false_positive', 'unresolved', at(10, 10));
  // A rolled-back decision never counts.
  await expect(
    db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(
        `UPDATE screening.search_matches SET review_status = 'true_positive', reviewed_at = now() WHERE id = $1`,
        matchId(4),
      );
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  state = await expectExact();
  expect(state.days).toEqual([
    { day: '2026-11-03', tp: 0, fp: 1 },
    { day: '2026-11-10', tp: 0, fp: 1 },
  ]);
  expect(state.decisions.map((row) => row.seconds)).toEqual([2 * 3600, 24 * 3600, 7 * 86400]);

  // Data repairs: a review backdated, a match's created_at moved, a first review removed.
  await db.$executeRawUnsafe(
    `UPDATE screening.match_reviews SET created_at = $2::timestamp WHERE match_id = $1 AND from_status = 'unresolved'`,
    matchId(2),
    at(2, 20),
  );
  await db.$executeRawUnsafe(`UPDATE screening.search_matches SET created_at = $2::timestamp WHERE id = $1`, matchId(1), at(2, 9));
  await db.$executeRawUnsafe(`DELETE FROM screening.match_reviews WHERE match_id = $1`, matchId(3));
  state = await expectExact();
  expect(state.decisions.map((row) => row.seconds)).toEqual([3600, 12 * 3600]);

  // A match removed takes its counts and its first decision with it.
  await db.$executeRawUnsafe(`DELETE FROM screening.search_matches WHERE id = $1`, matchId(2));
  state = await expectExact();
  expect(state.days).toEqual([{ day: '2026-11-10', tp: 0, fp: 1 }]);
  expect(state.decisions).toHaveLength(1);

  // The store: whole days from the counters, a range's cut days counted live, summed per week.
  await decide(4, 'unresolved', 'true_positive', at(11, 15));
  const weeks = await reviewedMatchesPerWeek(db, scope, at(9, 12), at(12, 0));
  expect(weeks.map((row) => ({ week: new Date(row.bucket).toISOString(), tp: row.true_positives, fp: row.false_positives }))).toEqual([
    { week: '2026-11-09T00:00:00.000Z', tp: 1, fp: 1 },
  ]);
  // Cut at 08:00 on the 10th and noon on the 12th: the 10th's part live (match 1), the 11th from the
  // counters (match 4), summed into their one week.
  const cut = await reviewedMatchesPerWeek(db, scope, at(10, 8), at(12, 12));
  expect(cut.map((row) => [row.true_positives, row.false_positives])).toEqual([[1, 1]]);
  const times = await matchDecisionTimes(db, scope, at(1), at(30));
  expect(times).toEqual({ decisions: 2, median_seconds: (3600 + 9 * 86400 + 7 * 3600) / 2 });
  // More decisions in one duration bucket and across buckets: the median's bucket is found from the
  // counts, its rank within the bucket from the decisions themselves (odd and even counts; a range
  // holding no whole day is read live).
  const storedAt = at(12, 0);
  const minutes = [61, 62, 63, 64, 65, 300, 9000];
  for (const [k, m] of minutes.entries()) {
    await storeMatch(20 + k, storedAt);
    await decide(20 + k, 'unresolved', 'false_positive', new Date(storedAt.getTime() + m * 60_000));
  }
  await expectExact();
  expect(await expectMedian(at(12), at(20))).toEqual({ decisions: 7, median_seconds: 64 * 60 });
  expect(await expectMedian(at(12, 1), at(12, 5))).toEqual({ decisions: 5, median_seconds: 63 * 60 });
  expect(await expectMedian(at(12, 1), at(12, 6))).toEqual({ decisions: 6, median_seconds: 63.5 * 60 });
  expect(await expectMedian(at(13), at(14))).toEqual({ decisions: 0, median_seconds: null });
});

/** The IDV outcome counters, and the same figures counted from the sessions. */
async function outcomeDays() {
  const kept = await db.$queryRawUnsafe<{ day: string; pass: number; review: number; rejected: number }[]>(
    `SELECT day::text, sum(automatic_pass)::int AS pass, sum(sent_to_review)::int AS review, sum(rejected)::int AS rejected
       FROM idv.outcome_day_counts WHERE tenant_id = $1 AND workspace_id = $2
      GROUP BY day HAVING sum(automatic_pass) <> 0 OR sum(sent_to_review) <> 0 OR sum(rejected) <> 0 ORDER BY day`,
    scope.tenantId,
    scope.workspaceId,
  );
  const counted = await db.$queryRawUnsafe<{ day: string; pass: number; review: number; rejected: number }[]>(
    `SELECT assessed_at::date::text AS day, count(*) FILTER (WHERE review_status = 'automatic_pass')::int AS pass,
            count(*) FILTER (WHERE review_status IN ('requires_review', 'escalation', 'accepted', 'rejected'))::int AS review,
            count(*) FILTER (WHERE review_status = 'rejected')::int AS rejected
       FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'assessed' AND assessed_at IS NOT NULL
      GROUP BY 1 HAVING count(*) FILTER (WHERE review_status IN ('automatic_pass', 'requires_review', 'escalation', 'accepted', 'rejected')) > 0
      ORDER BY 1`,
    scope.tenantId,
    scope.workspaceId,
  );
  expect(kept).toEqual(counted);
  return kept;
}

/** The IDV decisions per day and duration bucket against the sessions, and the median decision
 * time as the store reads it against percentile_cont over every decision of the range (whole days,
 * and a range cutting both ends). */
async function expectIdvDecisions() {
  const kept = await db.$queryRawUnsafe<{ day: string; bucket: number; n: number }[]>(
    `SELECT day::text, bucket::int, sum(decisions)::int AS n FROM idv.decision_day_buckets
      WHERE tenant_id = $1 AND workspace_id = $2 GROUP BY 1, 2 HAVING sum(decisions) <> 0 ORDER BY 1, 2`,
    scope.tenantId,
    scope.workspaceId,
  );
  const counted = await db.$queryRawUnsafe<{ day: string; bucket: number; n: number }[]>(
    `SELECT reviewed_at::date::text AS day, idv.duration_bucket(date_part('epoch', reviewed_at - assessed_at))::int AS bucket, count(*)::int AS n
       FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('accepted', 'rejected')
        AND assessed_at IS NOT NULL AND reviewed_at IS NOT NULL GROUP BY 1, 2 ORDER BY 1, 2`,
    scope.tenantId,
    scope.workspaceId,
  );
  expect(kept).toEqual(counted);
  for (const [from, to] of [
    [at(1), at(30)],
    [at(3, 12), at(4, 10)],
  ]) {
    const [live] = await db.$queryRawUnsafe<{ decisions: number; median_seconds: number | null }[]>(
      `SELECT count(*)::int AS decisions, (percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', reviewed_at - assessed_at)))::float8 AS median_seconds
         FROM idv.sessions WHERE tenant_id = $1 AND workspace_id = $2 AND review_status IN ('accepted', 'rejected') AND assessed_at IS NOT NULL
          AND reviewed_at >= $3::timestamp AND reviewed_at < $4::timestamp`,
      scope.tenantId,
      scope.workspaceId,
      from,
      to,
    );
    expect(await reviewDecisionTimes(db, scope, from, to)).toEqual(live);
  }
  return kept;
}

const sessionId = (n: number) => `ses_${scope.workspaceId.slice(-10)}_${n}`;
async function setSession(n: number, fields: string, ...values: unknown[]) {
  await db.$executeRawUnsafe(`UPDATE idv.sessions SET ${fields} WHERE id = $1`, sessionId(n), ...values);
}

it('keeps the IDV outcomes and decision buckets per day exact as sessions are assessed, decided, failed and deleted', async () => {
  for (let n = 1; n <= 4; n++)
    await db.$executeRawUnsafe(
      `INSERT INTO idv.sessions (id, tenant_id, workspace_id, profile_id, creator_kind, creator_id, capture_manifest, step_manifest,
                                 token_expires_at, delete_after, updated_at, created_at)
       VALUES ($1, $2, $3, 'prf_agg', 'application', 'app_agg', '{}'::jsonb, '{}'::jsonb, now(), now() + interval '30 days', now(), $4::timestamp)`,
      sessionId(n),
      scope.tenantId,
      scope.workspaceId,
      at(2, 8),
    );
  expect(await outcomeDays()).toEqual([]);
  // Assessed: two pass on their own, two go to review (one each day).
  await setSession(1, `status = 'assessed', assessed_at = $2::timestamp, review_status = 'automatic_pass'`, at(2, 9));
  await setSession(2, `status = 'assessed', assessed_at = $2::timestamp, review_status = 'automatic_pass'`, at(3, 9));
  await db.$executeRawUnsafe(
    `UPDATE idv.sessions SET status = 'assessed', assessed_at = $3::timestamp, review_status = 'requires_review' WHERE id IN ($1, $2)`,
    sessionId(3),
    sessionId(4),
    at(3, 10),
  );
  expect(await outcomeDays()).toEqual([
    { day: '2026-11-02', pass: 1, review: 0, rejected: 0 },
    { day: '2026-11-03', pass: 1, review: 2, rejected: 0 },
  ]);
  // A reviewer rejects one and accepts the other; an unrelated update writes nothing; a session
  // re-assessed on another day moves; a failed one leaves; a deleted one goes.
  await setSession(3, `review_status = 'rejected', reviewed_at = $2::timestamp`, at(4, 9));
  await setSession(4, `review_status = 'accepted', reviewed_at = $2::timestamp`, at(4, 9));
  await setSession(4, `updated_at = now()`);
  await setSession(2, `assessed_at = $2::timestamp`, at(5, 9));
  await setSession(1, `status = 'failed'`);
  await expect(
    db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`UPDATE idv.sessions SET review_status = 'rejected' WHERE id = $1`, sessionId(4));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await outcomeDays()).toEqual([
    { day: '2026-11-03', pass: 0, review: 2, rejected: 1 },
    { day: '2026-11-05', pass: 1, review: 0, rejected: 0 },
  ]);
  // Two decisions on the 4th, both 23 h after the assessment: one bucket.
  expect(await expectIdvDecisions()).toEqual([{ day: '2026-11-04', bucket: expect.any(Number), n: 2 }]);
  expect(await reviewDecisionTimes(db, scope, at(4), at(5))).toEqual({ decisions: 2, median_seconds: 23 * 3600 });
  // A decision re-dated (another day and duration), an escalation (not final: out), and back.
  await setSession(4, `reviewed_at = $2::timestamp`, at(6, 10));
  await setSession(3, `review_status = 'escalation'`);
  expect(await expectIdvDecisions()).toEqual([{ day: '2026-11-06', bucket: expect.any(Number), n: 1 }]);
  await setSession(3, `review_status = 'rejected'`);
  expect(await expectIdvDecisions()).toHaveLength(2);
  expect(await reviewDecisionTimes(db, scope, at(1), at(30))).toEqual({ decisions: 2, median_seconds: (23 * 3600 + 72 * 3600) / 2 });
  await db.$executeRawUnsafe(`DELETE FROM idv.sessions WHERE id = $1`, sessionId(3));
  expect(await expectIdvDecisions()).toEqual([{ day: '2026-11-06', bucket: expect.any(Number), n: 1 }]);
  expect(await outcomeDays()).toEqual([
    { day: '2026-11-03', pass: 0, review: 1, rejected: 0 },
    { day: '2026-11-05', pass: 1, review: 0, rejected: 0 },
  ]);
  // The store sums the counted days and a cut day's live part into their week.
  const weeks = await outcomesPerWeek(db, scope, at(3, 6), at(9, 0));
  expect(weeks.map((row) => [new Date(row.bucket).toISOString(), row.automatic_pass, row.sent_to_review, row.rejected])).toEqual([
    ['2026-11-02T00:00:00.000Z', 1, 1, 0],
  ]);
});

it('reads the age of the unresolved matches from the middle of the queue, as percentile_cont over every age would', async () => {
  const queue = { tenantId: scope.tenantId, workspaceId: `${scope.workspaceId}_q` };
  const now = at(20, 0);
  const expectQueue = async () => {
    const [counted] = await db.$queryRawUnsafe<{ waiting: number; oldest_seconds: number | null; median_seconds: number | null }[]>(
      `SELECT count(*)::int AS waiting, extract(epoch FROM $3::timestamp - min(created_at))::float8 AS oldest_seconds,
              (percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM $3::timestamp - created_at)))::float8 AS median_seconds
         FROM screening.search_matches WHERE tenant_id = $1 AND workspace_id = $2 AND review_status = 'unresolved'`,
      queue.tenantId,
      queue.workspaceId,
      now,
    );
    const read = await matchQueueAge(db, queue, now);
    expect(read).toEqual(counted);
    return read;
  };
  expect(await expectQueue()).toEqual({ waiting: 0, oldest_seconds: null, median_seconds: null });
  const hoursBefore = [1, 2, 3, 10, 30];
  for (const [n, hours] of hoursBefore.entries())
    await db.$executeRawUnsafe(
      `INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload, created_at)
       VALUES ($1, 'res_q', 'req_q', $2, $3, 0, 'test:1', 0.9, '{}'::jsonb, $4::timestamp)`,
      `${matchId(100 + n)}q`,
      queue.tenantId,
      queue.workspaceId,
      new Date(now.getTime() - hours * 3_600_000),
    );
  // Five waiting: the middle one (3 h). Once the oldest is decided, four: the mean of the two middle
  // ones (2 h and 3 h of 1, 2, 3 and 10 h).
  expect(await expectQueue()).toEqual({ waiting: 5, oldest_seconds: 30 * 3600, median_seconds: 3 * 3600 });
  await db.$executeRawUnsafe(`UPDATE screening.search_matches SET review_status = 'false_positive' WHERE id = $1`, `${matchId(104)}q`);
  expect(await expectQueue()).toEqual({ waiting: 4, oldest_seconds: 10 * 3600, median_seconds: 2.5 * 3600 });
});

it('keeps the monitoring alerts and acknowledgement buckets per day exact as alerts are raised, acknowledged, re-dated and deleted', async () => {
  const alerts = { tenantId: scope.tenantId, workspaceId: `${scope.workspaceId}_a` };
  const alertId = (n: number) => `mal_${alerts.workspaceId}_${n}`;
  const days = async () => {
    const kept = await db.$queryRawUnsafe<{ day: string; n: number }[]>(
      `SELECT day::text, sum(alerts)::int AS n FROM screening.alert_day_counts WHERE tenant_id = $1 AND workspace_id = $2
        GROUP BY day HAVING sum(alerts) <> 0 ORDER BY day`,
      alerts.tenantId,
      alerts.workspaceId,
    );
    const counted = await db.$queryRawUnsafe<{ day: string; n: number }[]>(
      `SELECT created_at::date::text AS day, count(*)::int AS n FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2
        GROUP BY 1 ORDER BY 1`,
      alerts.tenantId,
      alerts.workspaceId,
    );
    expect(kept).toEqual(counted);
    return kept;
  };
  // Three raised in one statement (as a monitoring run writes them), on two days.
  await db.$executeRawUnsafe(
    `INSERT INTO screening.monitoring_alerts (id, tenant_id, workspace_id, profile_id, run_id, trigger, search_id, match_count, entity_refs, created_at)
     SELECT $3 || n, $1, $2, 'prf_agg_' || n, 'run_agg', 'delta', 'srch_agg', 1, ARRAY['un:1'], CASE WHEN n < 3 THEN $4::timestamp ELSE $5::timestamp END
       FROM generate_series(1, 3) AS n`,
    alerts.tenantId,
    alerts.workspaceId,
    alertId(0).slice(0, -1),
    at(2, 9),
    at(3, 9),
  );
  expect(await days()).toEqual([
    { day: '2026-11-02', n: 2 },
    { day: '2026-11-03', n: 1 },
  ]);
  // Acknowledged: no move. Re-dated: moves. Deleted: leaves. Rolled back: never counts.
  await db.$executeRawUnsafe(
    `UPDATE screening.monitoring_alerts SET status = 'acknowledged', acknowledged_at = now() WHERE id = $1`,
    alertId(1),
  );
  await db.$executeRawUnsafe(`UPDATE screening.monitoring_alerts SET created_at = $2::timestamp WHERE id = $1`, alertId(2), at(4, 9));
  await db.$executeRawUnsafe(`DELETE FROM screening.monitoring_alerts WHERE id = $1`, alertId(3));
  await expect(
    db.$transaction(async (tx) => {
      await tx.$executeRawUnsafe(`DELETE FROM screening.monitoring_alerts WHERE id = $1`, alertId(1));
      throw new Error('rolled back');
    }),
  ).rejects.toThrow('rolled back');
  expect(await days()).toEqual([
    { day: '2026-11-02', n: 1 },
    { day: '2026-11-04', n: 1 },
  ]);
  // Acknowledgements per day and duration bucket, and the median alert decision time, against the
  // alerts: acknowledged, re-acknowledged on another day, re-dated, reopened and deleted.
  const decisions = async () => {
    const kept = await db.$queryRawUnsafe<{ day: string; bucket: number; n: number }[]>(
      `SELECT day::text, bucket::int, sum(decisions)::int AS n FROM screening.alert_decision_day_buckets
        WHERE tenant_id = $1 AND workspace_id = $2 GROUP BY 1, 2 HAVING sum(decisions) <> 0 ORDER BY 1, 2`,
      alerts.tenantId,
      alerts.workspaceId,
    );
    const counted = await db.$queryRawUnsafe<{ day: string; bucket: number; n: number }[]>(
      `SELECT acknowledged_at::date::text AS day, screening.duration_bucket(date_part('epoch', acknowledged_at - created_at))::int AS bucket,
              count(*)::int AS n
         FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'acknowledged' AND acknowledged_at IS NOT NULL
        GROUP BY 1, 2 ORDER BY 1, 2`,
      alerts.tenantId,
      alerts.workspaceId,
    );
    expect(kept).toEqual(counted);
    for (const [from, to] of [
      [at(1), at(30)],
      [at(4, 12), at(6, 10)],
    ]) {
      const [live] = await db.$queryRawUnsafe<{ decisions: number; median_seconds: number | null }[]>(
        `SELECT count(*)::int AS decisions,
                (percentile_cont(0.5) WITHIN GROUP (ORDER BY date_part('epoch', acknowledged_at - created_at)))::float8 AS median_seconds
           FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'acknowledged'
            AND acknowledged_at >= $3::timestamp AND acknowledged_at < $4::timestamp`,
        alerts.tenantId,
        alerts.workspaceId,
        from,
        to,
      );
      expect(await alertDecisionTimes(db, alerts, from, to)).toEqual(live);
    }
    return kept;
  };
  await db.$executeRawUnsafe(
    `UPDATE screening.monitoring_alerts SET status = 'acknowledged', acknowledged_at = $2::timestamp WHERE id = $1`,
    alertId(2),
    at(5, 9),
  );
  await db.$executeRawUnsafe(`UPDATE screening.monitoring_alerts SET acknowledged_at = $2::timestamp WHERE id = $1`, alertId(1), at(5, 21));
  expect(await decisions()).toHaveLength(2);
  // Alert 1 raised on the 2nd at 09:00, acknowledged on the 5th at 21:00 (84 h); alert 2 raised on
  // the 4th at 09:00, acknowledged a day later (24 h).
  expect(await alertDecisionTimes(db, alerts, at(5), at(6))).toEqual({ decisions: 2, median_seconds: (84 + 24) * 1800 });
  await db.$executeRawUnsafe(`UPDATE screening.monitoring_alerts SET created_at = $2::timestamp WHERE id = $1`, alertId(2), at(5, 8));
  await db.$executeRawUnsafe(`UPDATE screening.monitoring_alerts SET status = 'open', acknowledged_at = NULL WHERE id = $1`, alertId(1));
  expect(await decisions()).toEqual([{ day: '2026-11-05', bucket: expect.any(Number), n: 1 }]);
  await db.$executeRawUnsafe(`UPDATE screening.monitoring_alerts SET created_at = $2::timestamp WHERE id = $1`, alertId(2), at(4, 9));
  // One raised and acknowledged in one statement, then deleted.
  await db.$executeRawUnsafe(
    `INSERT INTO screening.monitoring_alerts (id, tenant_id, workspace_id, profile_id, run_id, trigger, search_id, match_count, entity_refs,
                                              status, acknowledged_at, created_at)
     VALUES ($3, $1, $2, 'prf_agg_9', 'run_agg', 'delta', 'srch_agg', 1, ARRAY['un:1'], 'acknowledged', $4::timestamp, $5::timestamp)`,
    alerts.tenantId,
    alerts.workspaceId,
    alertId(9),
    at(6, 9),
    at(6, 8),
  );
  expect(await decisions()).toHaveLength(2);
  await db.$executeRawUnsafe(`DELETE FROM screening.monitoring_alerts WHERE id = $1`, alertId(9));
  expect(await decisions()).toEqual([{ day: '2026-11-05', bucket: expect.any(Number), n: 1 }]);

  // The store: the 2nd's afternoon live (nothing: the alert is at 09:00), the 3rd and 4th counted.
  const read = await alertsPerDay(db, alerts, at(2, 12), at(5, 0));
  // (A day whose alerts all left reads 0, as the page's dense axis shows it anyway.)
  expect(read.filter((row) => row.alerts).map((row) => [new Date(row.bucket).toISOString().slice(0, 10), row.alerts])).toEqual([
    ['2026-11-04', 1],
  ]);
});
