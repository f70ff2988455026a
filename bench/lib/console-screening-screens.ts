// The screening, monitoring and risk screens of bench:console: what they seed beside the profiles,
// sessions and stored searches, and the peer's plain-SQL reads of the same screens.
//  - matches: the first `matchedSearches` stored searches get the matches the real engine finds for
//    real listed names (payloads as the screening subgraph stores them), so the request page reads
//    the same JSON it reads in production;
//  - monitoring alerts: one every `alertEvery` profiles (a third acknowledged), each on a stored
//    search of its profile;
//  - risk assessments: `assessments` of them over the profiles, a third with a task awaiting review.
import type { Client } from 'pg';
import { buildIndex } from '../../subgraphs/screening/engine/index';
import { loadBenchEntities } from './evaluation-lists';
import { toStoredMatch } from '../../subgraphs/screening/services/search-service';
import { sealSubjects, type Subject } from '../../subgraphs/risk/services/subjects';
import type { KeyProvider } from '../../platform/crypto/envelope';

/** Real listed names whose matches the seeded requests carry (several matches each). */
const MATCHED_NAMES = ['Usama bin Ladin', 'Kim Jong Un', 'Vladimir Putin', 'Ali Khamenei', 'Bashar al-Assad', 'Viktor Bout'];

export interface ScreeningSeedScale {
  profiles: number;
  searches: number;
  matchedSearches: number;
  alertEvery: number;
  assessments: number;
}

/** Match payloads of the real engine for MATCHED_NAMES, stored as the search service stores them (the id is set per row). */
async function realMatchPayloads(): Promise<{ entityRef: string; score: number; payload: unknown }[][]> {
  const index = buildIndex(await loadBenchEntities(false));
  return MATCHED_NAMES.map((name) =>
    index
      .search(name, { type: 'individual', limit: 10 })
      .map((match, rank) => ({ entityRef: match.entity.id, score: match.score, payload: toStoredMatch(match, '', rank) })),
  );
}

/**
 * Seeds matches, monitoring alerts and risk assessments for the screens below. Stored search i has
 * id lpad(to_hex(i), 24, '0') and, for even i, profile (i / 2 * 13) % profiles (bench/console.bench.ts).
 */
export async function seedScreeningScreens(
  client: Client,
  scale: ScreeningSeedScale,
  scope: [string, string],
  keys: KeyProvider,
  progress: (line: string) => void,
): Promise<void> {
  const sets = await realMatchPayloads();
  const started = performance.now();
  // Matches: search i carries set i % sets.length; a match id is 'f', i in 21 hex digits, the rank in 2.
  for (let s = 0; s < sets.length; s++) {
    await client.query(
      `INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload, review_status, created_at)
       SELECT 'f' || lpad(to_hex(i), 21, '0') || lpad(to_hex(m.rank), 2, '0'), lpad(to_hex(i), 24, '0') || '_0', lpad(to_hex(i), 24, '0'), $3, $4,
              m.rank, m.entity_ref, m.score, m.payload || jsonb_build_object('id', 'f' || lpad(to_hex(i), 21, '0') || lpad(to_hex(m.rank), 2, '0')),
              CASE WHEN i % 5 = 0 THEN 'false_positive' ELSE 'unresolved' END, timestamptz '2026-11-03' - make_interval(secs => i)
         FROM generate_series($1::int, $2::int - 1) AS i
        CROSS JOIN jsonb_to_recordset($5::jsonb) AS m(rank int, entity_ref text, score float8, payload jsonb)
        WHERE i % $6::int = $7::int`,
      [
        0,
        Math.min(scale.matchedSearches, scale.searches),
        ...scope,
        JSON.stringify(sets[s].map((m, rank) => ({ rank, entity_ref: m.entityRef, score: m.score, payload: m.payload }))),
        sets.length,
        s,
      ],
    );
  }
  await client.query(
    `UPDATE screening.search_results r SET match_count = (SELECT count(*) FROM screening.search_matches m WHERE m.search_result_id = r.id)
      WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.request_id IN (SELECT lpad(to_hex(i), 24, '0') FROM generate_series(0, $3::int - 1) AS i)`,
    [...scope, Math.min(scale.matchedSearches, scale.searches)],
  );
  progress(`matches on ${scale.matchedSearches.toLocaleString('en')} stored searches`);

  // Monitoring alerts: on stored search 2p for p every alertEvery-th (an even search, whose profile is (p*13) % profiles).
  const alerts = Math.floor(scale.profiles / scale.alertEvery);
  await client.query(
    `INSERT INTO screening.monitoring_alerts (id, tenant_id, workspace_id, profile_id, run_id, trigger, search_id, status, match_count, entity_refs, acknowledged_at, created_at)
     SELECT 'mal_' || lpad(k::text, 20, '0'), $1, $2, 'prf_' || lpad(((k::bigint * $5 * 13) % $3)::text, 20, '0'), 'mrun_bench_' || (k % 50),
            CASE WHEN k % 4 = 0 THEN 'scheduled' ELSE 'delta' END, lpad(to_hex((2 * k * $5) % $6), 24, '0'),
            CASE WHEN k % 3 = 0 THEN 'acknowledged' ELSE 'open' END, 1 + k % 3, ARRAY['ofac_sdn:' || (k % 9000)],
            CASE WHEN k % 3 = 0 THEN timestamptz '2026-11-04' END, timestamptz '2026-11-04' - make_interval(mins => k)
       FROM generate_series(0, $4::int - 1) AS k
     ON CONFLICT DO NOTHING`,
    [...scope, scale.profiles, alerts, scale.alertEvery, scale.searches],
  );
  progress(`${alerts.toLocaleString('en')} monitoring alerts`);

  // Risk assessments over profiles, each with one task; a third of the tasks await review. Subjects are
  // sealed per assessment as the risk subgraph seals them (the list decrypts each row's subjects).
  for (let from = 0; from < scale.assessments; from += 5_000) {
    const ids: string[] = [];
    const subjects: string[] = [];
    for (let k = from; k < Math.min(scale.assessments, from + 5_000); k++) {
      const id = `ras_${String(k).padStart(20, '0')}`;
      const profileId = `prf_${String(k % scale.profiles).padStart(20, '0')}`;
      const subject = {
        subjectId: `subj_${k}`,
        type: 'individual',
        name: `Subject ${k}`,
        profileId,
        locations: [],
        registrations: [],
        persons: [],
      };
      ids.push(id);
      subjects.push(JSON.stringify(sealSubjects(keys, id, [subject as Subject])));
    }
    await client.query(
      `WITH a AS (
         INSERT INTO risk.assessments (id, tenant_id, workspace_id, title, workflow_id, subjects, profile_ids, status, created_at, updated_at)
         SELECT x.id, $1, $2, 'Onboarding review ' || x.k, 'kyb_standard', x.subjects::jsonb,
                ARRAY['prf_' || lpad((x.k % $3)::text, 20, '0')],
                (ARRAY['draft','running','waiting_for_user','ready_for_review','concluded','cancelled'])[1 + x.k % 6],
                timestamptz '2026-11-05' - make_interval(mins => x.k), timestamptz '2026-11-05' - make_interval(mins => x.k)
           FROM (SELECT u.id, u.subjects, ($6::int + u.n::int - 1) AS k
                   FROM unnest($4::text[], $5::text[]) WITH ORDINALITY AS u(id, subjects, n)) AS x
         RETURNING id, tenant_id, workspace_id, created_at)
       INSERT INTO risk.tasks (id, assessment_id, tenant_id, workspace_id, template_key, position, title, required, status, created_at, updated_at)
       SELECT 'rtk_' || substr(a.id, 5), a.id, a.tenant_id, a.workspace_id, 'source_of_funds', 0, 'Check the source of funds', true,
              CASE WHEN right(a.id, 1)::int % 3 = 0 THEN 'requires_review' ELSE 'pending' END, a.created_at, a.created_at
         FROM a`,
      [...scope, scale.profiles, ids, subjects, from],
    );
  }
  progress(`${scale.assessments.toLocaleString('en')} risk assessments`);
  progress(`screening screens seeded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

type Rows = (sql: string, params: unknown[]) => Promise<Record<string, unknown>[]>;

/** The peer's reads of the same screens (GET /<name>?…), straight from SQL. */
export function screeningPeerScreens(rows: Rows, scope: string[]): Record<string, (query: URLSearchParams) => Promise<unknown>> {
  return {
    /** Search history, newest first, 25 a page, with the workspace's maintained total. */
    async history() {
      const [nodes, count] = await Promise.all([
        rows(
          `WITH page AS (SELECT q.id, q.created_at FROM screening.search_requests q WHERE q.tenant_id = $1 AND q.workspace_id = $2
                          ORDER BY q.created_at DESC, q.id DESC LIMIT 26)
           SELECT r.id, res.id AS search_id, res.name, res.type, r.config->'feeds' AS feeds, jsonb_array_length(r.entities) AS entity_count,
                  r.user_name, r.user_email, r.actor_id AS user_id, r.job_id, r.profile_id, r.created_at, res.match_count
             FROM page JOIN screening.search_requests r ON r.id = page.id
             LEFT JOIN screening.search_results res ON res.tenant_id = r.tenant_id AND res.workspace_id = r.workspace_id AND res.request_id = r.id AND res.entity_index = 0
            ORDER BY page.created_at DESC, page.id DESC`,
          scope,
        ),
        rows('SELECT total::int AS n FROM screening.search_request_counts WHERE tenant_id = $1 AND workspace_id = $2', scope),
      ]);
      return { nodes: nodes.slice(0, 25), pageInfo: { hasNextPage: nodes.length > 25 }, totalCount: count[0]?.n ?? 0 };
    },
    /** One stored search with its matches (their payloads) and each match's review history. */
    async request(query) {
      const id = query.get('id');
      const [request, matches] = await Promise.all([
        rows(
          `SELECT r.*, res.id AS search_id, res.name, res.type, res.match_count FROM screening.search_requests r
             LEFT JOIN screening.search_results res ON res.tenant_id = r.tenant_id AND res.workspace_id = r.workspace_id AND res.request_id = r.id AND res.entity_index = 0
            WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.id = $3`,
          [...scope, id],
        ),
        rows(
          `SELECT m.id, m.rank, m.score, m.review_status, m.reviewed_by, m.reviewed_at, m.payload,
                  COALESCE((SELECT json_agg(e ORDER BY e.created_at) FROM screening.match_reviews e WHERE e.tenant_id = m.tenant_id AND e.workspace_id = m.workspace_id AND e.match_id = m.id), '[]') AS history
             FROM screening.search_matches m WHERE m.tenant_id = $1 AND m.workspace_id = $2 AND m.request_id = $3 ORDER BY m.rank`,
          [...scope, id],
        ),
      ]);
      return { search: request[0] ?? null, matches };
    },
    /** The alerts inbox: open alerts, newest first, 25 a page, with the search's name and the profile's. */
    async alerts() {
      const [nodes, count] = await Promise.all([
        rows(
          `SELECT a.id, a.profile_id, a.trigger, a.status, a.match_count, a.assignee, a.created_at, res.name AS search_name, p.name AS profile_name
             FROM screening.monitoring_alerts a
             LEFT JOIN screening.search_results res ON res.tenant_id = a.tenant_id AND res.workspace_id = a.workspace_id AND res.request_id = a.search_id AND res.entity_index = 0
             LEFT JOIN profiles.profiles p ON p.id = a.profile_id
            WHERE a.tenant_id = $1 AND a.workspace_id = $2 AND a.status = 'open' ORDER BY a.created_at DESC, a.id DESC LIMIT 26`,
          scope,
        ),
        rows(
          `SELECT count(*)::int AS n FROM screening.monitoring_alerts WHERE tenant_id = $1 AND workspace_id = $2 AND status = 'open'`,
          scope,
        ),
      ]);
      return { nodes: nodes.slice(0, 25), pageInfo: { hasNextPage: nodes.length > 25 }, totalCount: count[0].n };
    },
    /** Risk assessments, last updated first, 25 a page, with their tasks awaiting review. */
    async assessments() {
      const [nodes, count] = await Promise.all([
        rows(
          `SELECT a.id, a.title, a.status, a.workflow_id, a.created_at, a.updated_at, a.subjects, a.client_risk_ratings,
                  (SELECT count(*)::int FROM risk.tasks t WHERE t.assessment_id = a.id AND t.status = 'requires_review') AS requires_review
             FROM risk.assessments a WHERE a.tenant_id = $1 AND a.workspace_id = $2 ORDER BY a.updated_at DESC, a.id DESC LIMIT 26`,
          scope,
        ),
        rows(`SELECT count(*)::int AS n FROM risk.assessments WHERE tenant_id = $1 AND workspace_id = $2`, scope),
      ]);
      return { nodes: nodes.slice(0, 25), pageInfo: { hasNextPage: nodes.length > 25 }, totalCount: count[0].n };
    },
  };
}
