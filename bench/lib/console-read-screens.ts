// The console's other read screens in bench:console: analytics, the batch jobs list and one job's
// page, a monitoring alert's page and a risk assessment's page. What they read beyond the seed of
// console.bench.ts and console-screening-screens.ts, seeded in SQL, and the peer's plain-SQL reads.
//  - analytics: a share of the stored matches decided (reviewed_at, status) with their match_reviews
//    history (first decision, some changed later), acknowledged alerts acknowledged hours to days
//    after they were raised, sessions reviewed (accepted, rejected) after their assessment; the
//    analytics ranges end at ANALYTICS_END, after every seeded instant, so the 12-week range holds
//    all of it and the 30-day range the newer part (sessions were assessed 19 Oct to 2 Nov);
//  - batch jobs: `batchJobs` jobs, each a stored search request of `rows` entities (the first job
//    `bigBatchRows`), its result rows and, on every 10th row, the real engine's matches copied from
//    the seeded searches;
//  - risk assessments: each gets a run (its latest), three findings and twelve trajectory events.
import type { Client } from 'pg';
import { openSubjects } from '../../subgraphs/risk/services/subjects';
import type { KeyProvider } from '../../platform/crypto/envelope';
import type { Db } from '../../platform/db/prisma';
import { pendingProposalAges } from '../../platform/four-eyes/data/four-eyes-store';
import { outcomesPerWeek, reviewDecisionTimes, reviewQueueAge } from '../../subgraphs/idv/analytics/data/analytics-store';
import {
  alertDecisionTimes,
  alertsPerDay,
  matchDecisionTimes,
  reviewedMatchesPerWeek,
  screeningQueueAges,
  screeningsPerDay,
} from '../../subgraphs/screening/analytics/data/analytics-store';

/** The analytics ranges end here (exclusive): after every seeded instant. */
export const ANALYTICS_END = new Date('2026-11-28T00:00:00Z');
const DAY_MS = 86_400_000;
/** The console's ranges: the last 30 days and the last 12 weeks, as workspaceAnalytics input. */
export const ANALYTICS_RANGES = [30, 84].map((days) => ({
  from: new Date(ANALYTICS_END.getTime() - days * DAY_MS).toISOString(),
  to: ANALYTICS_END.toISOString(),
}));

export interface ReadSeedScale {
  /** Stored searches with matches (search i for i below it). */
  matchedSearches: number;
  batchJobs: number;
  batchRows: number;
  bigBatchRows: number;
}

/** Batch job k's id: a uuid (the API refuses anything else). */
export const batchJobId = (k: number) => `00000000-0000-4000-8000-${k.toString(16).padStart(12, '0')}`;

export async function seedReadScreens(client: Client, scale: ReadSeedScale, scope: [string, string], progress: (line: string) => void) {
  const started = performance.now();
  // Analytics 1: matches of searches i % 5 in (0, 1, 2) decided; the first decision 1 to 480 hours
  // after the match was stored, and for i % 5 = 0 changed 36 hours later (the current decision).
  const decided = `request_id IN (SELECT lpad(to_hex(i), 24, '0') FROM generate_series(0, $3::int - 1) AS i WHERE i % 5 IN (0, 1, 2))`;
  await client.query(
    `WITH d AS (
       SELECT m.id, m.created_at, ('x' || right(m.request_id, 8))::bit(32)::int % 5 AS k, m.rank,
              m.created_at + make_interval(hours => 1 + (('x' || right(m.request_id, 8))::bit(32)::int * 7 + m.rank) % 480) AS first_at
         FROM screening.search_matches m WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND ${decided}),
     first AS (
       INSERT INTO screening.match_reviews (id, match_id, tenant_id, workspace_id, from_status, to_status, actor_kind, actor_id, actor_name, created_at)
       SELECT 'mrv_' || d.id || '_1', d.id, $1, $2, 'unresolved', CASE WHEN d.k = 0 THEN 'true_positive' ELSE 'false_positive' END,
              'dashboard_user', 'usr_bench', 'Bench reviewer', d.first_at
         FROM d RETURNING match_id),
     later AS (
       INSERT INTO screening.match_reviews (id, match_id, tenant_id, workspace_id, from_status, to_status, actor_kind, actor_id, actor_name, created_at)
       SELECT 'mrv_' || d.id || '_2', d.id, $1, $2, 'true_positive', 'false_positive', 'dashboard_user', 'usr_bench', 'Bench reviewer',
              d.first_at + interval '36 hours'
         FROM d WHERE d.k = 0 AND d.rank > 0 RETURNING match_id)
     UPDATE screening.search_matches m
        SET review_status = CASE WHEN d.k = 0 AND d.rank = 0 THEN 'true_positive' ELSE 'false_positive' END,
            reviewed_by = 'usr_bench', reviewed_by_name = 'Bench reviewer',
            reviewed_at = CASE WHEN d.k = 0 AND d.rank > 0 THEN d.first_at + interval '36 hours' ELSE d.first_at END
       FROM d WHERE m.id = d.id`,
    [...scope, scale.matchedSearches],
  );
  // Analytics 2: acknowledged alerts, acknowledged 1 to 200 hours after they were raised.
  await client.query(
    `UPDATE screening.monitoring_alerts SET acknowledged_at = created_at + make_interval(hours => 1 + right(id, 6)::int % 200),
            acknowledged_by = 'usr_bench'
      WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'acknowledged'`,
    scope,
  );
  // Analytics 3: sessions reviewed after assessment: the rejected ones, and every 10th (i % 10 = 2)
  // automatic pass accepted by a reviewer, 1 to 96 hours after the assessment.
  await client.query(
    `UPDATE idv.sessions
        SET review_status = CASE WHEN review_status = 'automatic_pass' THEN 'accepted' ELSE review_status END,
            reviewed_at = assessed_at + make_interval(hours => 1 + right(id, 6)::int % 96)
      WHERE tenant_id = $1 AND workspace_id = $2 AND assessed_at IS NOT NULL
        AND (review_status = 'rejected' OR (review_status = 'automatic_pass' AND right(id, 1) = '2'))`,
    scope,
  );
  progress(`analytics: decided matches with their history, acknowledged alerts, reviewed sessions`);

  // Batch jobs: job k is search request 'b' || k (24 hex), created one hour apart before 3 Nov.
  for (let k = 0; k < scale.batchJobs; k++) {
    const rows = k === 0 ? scale.bigBatchRows : scale.batchRows;
    const id = batchJobId(k);
    const requestId = `b${k.toString(16).padStart(23, '0')}`;
    const status = k % 20 === 3 ? 'failed' : k === 1 ? 'running' : 'completed';
    await client.query(
      `WITH job AS (
         INSERT INTO screening.batch_jobs (id, tenant_id, workspace_id, request_id, status, total, processed, matched, attempts, error,
                                           created_at, updated_at, started_at, finished_at)
         VALUES ($3, $1, $2, $4, $5, $6, $6, 0, 1, CASE WHEN $5 = 'failed' THEN 'index unavailable' END,
                 timestamptz '2026-11-03' - make_interval(hours => $7), timestamptz '2026-11-03' - make_interval(hours => $7) + interval '5 minutes',
                 timestamptz '2026-11-03' - make_interval(hours => $7), CASE WHEN $5 <> 'running' THEN timestamptz '2026-11-03' - make_interval(hours => $7) + interval '5 minutes' END)
         RETURNING id),
       request AS (
         INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, config, entities, job_id, source, created_at, updated_at)
         SELECT $4, $1, $2, 'dashboard_user', 'usr_bench', '{"threshold": 0.7, "limit": 10}'::jsonb,
                (SELECT jsonb_agg(jsonb_build_object('type', 'individual', 'name', 'Batch name ' || i, 'custom_id', 'c' || i)) FROM generate_series(0, $6::int - 1) AS i),
                job.id, 'batch', timestamptz '2026-11-03' - make_interval(hours => $7), timestamptz '2026-11-03' - make_interval(hours => $7)
           FROM job RETURNING id, created_at)
       INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, custom_id, match_count, created_at)
       SELECT request.id || '_' || i, request.id, i, $1, $2, 'individual', 'Batch name ' || i, 'c' || i, 0, request.created_at
         FROM request, generate_series(0, $6::int - 1) AS i`,
      [...scope, id, requestId, status, rows, k],
    );
  }
  // Every 10th row gets the matches of seeded search (row % 60) (the real engine's, ids made unique).
  await client.query(
    `WITH src AS (
       SELECT r.id AS result_id, r.request_id, r.created_at, m.rank, m.entity_ref, m.score, m.payload,
              'e' || right(r.request_id, 15) || lpad(to_hex(r.entity_index), 6, '0') || lpad(to_hex(m.rank), 2, '0') AS id
         FROM screening.search_results r
         JOIN screening.search_matches m ON m.tenant_id = r.tenant_id AND m.workspace_id = r.workspace_id
          AND m.request_id = lpad(to_hex(r.entity_index % 60), 24, '0')
        WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.request_id LIKE 'b%' AND r.entity_index % 10 = 0),
     ins AS (
       INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload, review_status, created_at)
       SELECT id, result_id, request_id, $1, $2, rank, entity_ref, score, payload || jsonb_build_object('id', id), 'unresolved', created_at FROM src
       RETURNING search_result_id)
     UPDATE screening.search_results r SET match_count = c.n FROM (SELECT search_result_id, count(*)::int AS n FROM ins GROUP BY 1) c
      WHERE r.id = c.search_result_id`,
    scope,
  );
  await client.query(
    `UPDATE screening.batch_jobs j SET matched = (SELECT count(*) FROM screening.search_results r WHERE r.request_id = j.request_id AND r.match_count > 0)
      WHERE j.tenant_id = $1 AND j.workspace_id = $2`,
    scope,
  );
  progress(
    `${scale.batchJobs} batch jobs (${scale.bigBatchRows.toLocaleString('en')} rows in the first, ${scale.batchRows} in the others)`,
  );

  // Risk assessments: a run, three findings and twelve trajectory events each.
  await client.query(
    `WITH a AS (SELECT id, tenant_id, workspace_id, created_at, right(id, 6)::int AS k FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2),
     run AS (
       INSERT INTO risk.runs (id, tenant_id, workspace_id, assessment_id, agent, status, step, started_at, finished_at, updated_at)
       SELECT 'rrn_' || substr(a.id, 5), a.tenant_id, a.workspace_id, a.id, 'kyb_onboarding', 'completed', 12, a.created_at, a.created_at + interval '3 minutes',
              a.created_at + interval '3 minutes' FROM a RETURNING assessment_id),
     risk AS (
       INSERT INTO risk.risks (id, tenant_id, workspace_id, assessment_id, dedupe_key, title, summary, severity, category, tags, status, subject_ids,
                               task_ids, evidence_ids, source_urls, created_at, updated_at)
       SELECT 'rsk_' || substr(a.id, 5) || '_' || n, a.tenant_id, a.workspace_id, a.id, 'finding_' || n,
              (ARRAY['Possible sanctions match','Politically exposed relative','High-risk jurisdiction'])[n],
              'Found by the agent while screening the subject; needs a reviewer''s decision.',
              (ARRAY['high','medium','low'])[n], (ARRAY['sanctions','pep','jurisdiction'])[n], '{}', 'active', ARRAY['subj_' || a.k], '{}', '{}',
              ARRAY['https://example.com/source/' || a.k || '/' || n], a.created_at, a.created_at
         FROM a, generate_series(1, 3) AS n RETURNING assessment_id)
     INSERT INTO risk.trajectory_events (id, assessment_id, run_id, sequence, step_key, type, message, data, actor, created_at)
     SELECT 'rte_' || substr(a.id, 5) || '_' || n, a.id, 'rrn_' || substr(a.id, 5), n, 'step_' || n,
            CASE WHEN n = 1 THEN 'status_changed' WHEN n % 3 = 0 THEN 'screened' WHEN n % 3 = 1 THEN 'task_started' ELSE 'task_finished' END,
            'Step ' || n || ' of the onboarding review',
            CASE WHEN n = 1 THEN jsonb_build_object('from', 'draft', 'to', 'running', 'trigger', 'start', 'reason', null)
                 WHEN n % 3 = 0 THEN jsonb_build_object('step', 'step_' || n, 'search_id', lpad(to_hex(a.k), 24, '0'), 'subject_id', 'subj_' || a.k,
                                                        'person_id', null, 'matches', n % 4, 'strong', n % 2)
                 WHEN n % 3 = 1 THEN jsonb_build_object('step', 'step_' || n, 'task', 'source_of_funds')
                 ELSE jsonb_build_object('step', 'step_' || n, 'task', 'source_of_funds', 'status', 'complete') END,
            'agent', a.created_at + make_interval(secs => n * 15)
       FROM a, generate_series(1, 12) AS n`,
    scope,
  );
  await client.query(
    `UPDATE risk.assessments SET latest_run_id = 'rrn_' || substr(id, 5), next_sequence = 13 WHERE tenant_id = $1 AND workspace_id = $2`,
    scope,
  );
  progress(`risk assessments: a run, 3 findings and 12 trajectory events each`);
  progress(`read screens seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type Rows = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The peer's reads of the same screens (GET /<name>?…), straight from SQL. */
export function readPeerScreens(
  rows: Rows,
  scope: string[],
  keys: KeyProvider,
  statements: Db,
): Record<string, (query: URLSearchParams) => Promise<unknown>> {
  return {
    /** workspaceAnalytics: the platform's own analytics statements (the three subgraphs' data layers and
     * the four-eyes store, called with a plain pg pool in place of the platform's database), in
     * parallel: the same SQL over the same maintained counters, without the API around it. */
    async analytics(query) {
      const from = new Date(query.get('from') ?? '');
      const to = new Date(query.get('to') ?? '');
      const now = new Date();
      const at = { tenantId: scope[0], workspaceId: scope[1] };
      const [screenings, alerts, reviewWeeks, matchTime, alertTime, outcomes, idvTime, idvQueue, screeningQueues, fourEyes] =
        await Promise.all([
          screeningsPerDay(statements, at, from, to),
          alertsPerDay(statements, at, from, to),
          reviewedMatchesPerWeek(statements, at, from, to),
          matchDecisionTimes(statements, at, from, to),
          alertDecisionTimes(statements, at, from, to),
          outcomesPerWeek(statements, at, from, to),
          reviewDecisionTimes(statements, at, from, to),
          reviewQueueAge(statements, at, now),
          screeningQueueAges(statements, at, now),
          pendingProposalAges(statements, at, now),
        ]);
      return { screenings, alerts, reviewWeeks, matchTime, alertTime, outcomes, idvTime, idvQueue, screeningQueues, fourEyes };
    },
    /** The batch jobs list: newest first, 25 a page, with the total. */
    async batches() {
      const [nodes, count] = await Promise.all([
        rows(
          `SELECT id, status, request_id, total, processed, matched, restarts, error, created_at, updated_at, started_at, finished_at
             FROM screening.batch_jobs WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY created_at DESC, id DESC LIMIT 26`,
          scope,
        ),
        rows(`SELECT count(*)::int AS n FROM screening.batch_jobs WHERE tenant_id = $1 AND workspace_id = $2`, scope),
      ]);
      return { nodes: nodes.slice(0, 25), pageInfo: { hasNextPage: nodes.length > 25 }, totalCount: count[0].n };
    },
    /** One batch job with its first 50 result rows (by entity index) and each row's matches. */
    async batch(query) {
      const [job] = await rows(
        `SELECT id, status, request_id, total, processed, matched, restarts, error, created_at, updated_at, started_at, finished_at
           FROM screening.batch_jobs WHERE tenant_id = $1 AND workspace_id = $2 AND id = $3`,
        [...scope, query.get('id')],
      );
      if (!job) return { job: null };
      const results = await rows(
        `SELECT r.id, r.entity_index, r.name, r.type, r.custom_id, r.match_count,
                COALESCE((SELECT json_agg(json_build_object('id', m.id, 'score', m.score, 'review_status', m.review_status,
                                  'listed_name', m.payload->'entity'->>'name', 'source', m.payload->'entity'->>'source') ORDER BY m.rank)
                            FROM screening.search_matches m WHERE m.search_result_id = r.id), '[]') AS matches
           FROM screening.search_results r WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.request_id = $3
          ORDER BY r.entity_index LIMIT 51`,
        [...scope, job.request_id],
      );
      return { job, results: { nodes: results.slice(0, 50), pageInfo: { hasNextPage: results.length > 50 }, totalCount: job.processed } };
    },
    /** A monitoring alert with its search (name, profile) and that search's matches (their payloads). */
    async alert(query) {
      const [alert] = await rows(
        `SELECT a.*, res.id AS search_result_id, res.name AS search_name, res.type AS search_type, q.created_at AS search_created_at,
                json_build_object('id', p.id, 'name', p.name, 'kind', p.kind, 'status', p.status) AS profile
           FROM screening.monitoring_alerts a
           LEFT JOIN screening.search_requests q ON q.tenant_id = a.tenant_id AND q.workspace_id = a.workspace_id AND q.id = a.search_id
           LEFT JOIN screening.search_results res ON res.tenant_id = a.tenant_id AND res.workspace_id = a.workspace_id AND res.request_id = a.search_id AND res.entity_index = 0
           LEFT JOIN profiles.profiles p ON p.tenant_id = a.tenant_id AND p.workspace_id = a.workspace_id AND p.id = q.profile_id
          WHERE a.tenant_id = $1 AND a.workspace_id = $2 AND a.id = $3`,
        [...scope, query.get('id')],
      );
      if (!alert) return { alert: null };
      const matches = await rows(
        `SELECT m.id, m.score, m.review_status, m.entity_ref, m.payload FROM screening.search_matches m
          WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND m.request_id = $3 ORDER BY m.rank`,
        [...scope, alert.search_id],
      );
      return { alert, matches };
    },
    /** A risk assessment with its subjects (opened), their profiles, tasks, findings, evidence, questions,
     * latest run, and the first 200 trajectory events (which the page reads with the assessment). */
    async assessment(query) {
      const id = query.get('id');
      const [assessment] = await rows(`SELECT * FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2 AND id = $3`, [
        ...scope,
        id,
      ]);
      if (!assessment) return { assessment: null };
      const subjects = openSubjects(keys, assessment.id as string, assessment.subjects);
      const [tasks, risks, evidence, questions, run, profiles, trajectory] = await Promise.all([
        rows(`SELECT * FROM risk.tasks WHERE assessment_id = $1 ORDER BY position`, [id]),
        rows(`SELECT * FROM risk.risks WHERE assessment_id = $1 ORDER BY created_at`, [id]),
        rows(`SELECT id, kind, title, file_name, created_at FROM risk.evidence WHERE assessment_id = $1 ORDER BY created_at`, [id]),
        rows(`SELECT * FROM risk.questions WHERE assessment_id = $1 ORDER BY asked_at`, [id]),
        rows(`SELECT * FROM risk.runs WHERE id = $1`, [assessment.latest_run_id]),
        rows(`SELECT id, name FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 AND id = ANY($3)`, [
          ...scope,
          assessment.profile_ids,
        ]),
        rows(`SELECT * FROM risk.trajectory_events WHERE assessment_id = $1 AND sequence > 0 ORDER BY sequence LIMIT 201`, [id]),
      ]);
      return { assessment: { ...assessment, subjects }, tasks, risks, evidence, questions, run: run[0] ?? null, profiles, trajectory };
    },
  };
}
