// The dashboard's read path runs a constant number of SQL statements per request, whatever the page
// size: a page of profiles with each one's sessions (IDV subgraph) and latest screening with its
// matches (screening subgraph) is batched per subgraph, never one query per profile. Statements are
// counted at the PostgreSQL driver (every pg client of this process: Prisma's adapter and the raw
// pools alike) while one request runs through the gateway.
import { ProfileDocument, ProfileGroupsDocument, ProfilesDocument, RiskAssessmentDocument } from '../../console/src/graphql/generated';
import { listComments } from '../../subgraphs/profiles/data/comment-store';
import { AlertFilter, listAlerts, readAlert } from '../../subgraphs/screening/monitoring/data/monitoring-store';
import { findGroups, findGroupsByIds } from '../../subgraphs/profiles/data/group-store';
import { findStatusChanges } from '../../subgraphs/profiles/data/status-store';
import {
  countProfiles,
  profilePageQuery,
  searchProfilePage,
  searchProfilePageWithTotal,
  type ProfilePageRequest,
} from '../../subgraphs/profiles/data/profile-search-store';
import {
  findProfilesByIds,
  findProfileWithParts,
  readGroupIdsByProfileIds,
  readValuesByProfileIds,
} from '../../subgraphs/profiles/data/profile-store';
import { findRunsOfProfiles, readRunsOfProfiles } from '../../subgraphs/profiles/onboarding/data/onboarding-store';
import { findAssessment, findAssessmentsByIds } from '../../subgraphs/risk/data/assessment-store';
import { findRun, findRunsByIds } from '../../subgraphs/risk/data/run-store';
import { readAllEvents, readTrajectory } from '../../subgraphs/risk/data/trajectory-store';
import { findEvidence, findQuestions, findRisks, findTasks } from '../../subgraphs/risk/data/work-store';
import { latestSearchesByProfile } from '../../subgraphs/screening/data/search-store';
import { type MatchView, readLatestSearches, readSearches } from '../../subgraphs/screening/services/search-service';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { installStatementRecorder, StatementRecorder, unnamedStatements } from '../helpers/statement-recorder';
import { defineTextCustomFields, seedProfiles, seedStoredSearches } from '../helpers/profile-fixtures';

let platform: TestPlatform;
let tenant: TestTenant;
let recorder: StatementRecorder;

beforeAll(async () => {
  recorder = installStatementRecorder();
  platform = await startTestPlatform({ services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter'] });
  tenant = await createTestTenant(platform, { riskAssessments: true });
  const ids = await seedProfiles(
    platform,
    tenant,
    Array.from({ length: 24 }, (_, index) => `Read Path ${index}`),
  );
  for (const profileId of ids) {
    const session = await request(platform.restUrl, 'POST', '/idv/v1/sessions', {
      headers: auth.xApiKey(tenant.apiKey),
      body: { profile_id: profileId },
    });
    expect(session.status).toBe(201);
  }
  // A stored search with two matches on every profile (no lists are loaded here, so no search would match).
  await seedStoredSearches(platform, tenant, ids, 'Read Path');
}, 180_000);

// The review desk's queue lists sessions awaiting review: every seeded session is.
beforeAll(async () => {
  await platform.db.$executeRawUnsafe(
    `UPDATE idv.sessions SET review_status = 'requires_review' WHERE tenant_id = $1 AND workspace_id = $2`,
    tenant.tenantId,
    tenant.workspaceId,
  );
});

afterAll(async () => {
  recorder?.uninstall();
  await platform?.close();
});

const OVERVIEW = `query ($first: Int) {
  profiles(first: $first) {
    nodes {
      id name status profileGroupIds
      profileCustomFields { key value }
      verificationSessions { id status reviewStatus }
      screening { searchCount latestSearch { searchId createdAt matches { id score reviewStatus comments { id } fourEyesProposal { id } } } }
    }
    totalCount
  }
}`;

/** The statements one overview request runs (after a first request warmed the credential cache). */
async function statementsOfOverview(first: number): Promise<string[]> {
  const warm = await graphql(platform, auth.apiKey(tenant.apiKey), OVERVIEW, { first });
  expect(warm.body.errors).toBeUndefined();
  recorder.start();
  try {
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), OVERVIEW, { first });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data.profiles.nodes).toHaveLength(first);
    for (const node of response.body.data.profiles.nodes) {
      expect(node.verificationSessions).toHaveLength(1);
      expect(node.screening.searchCount).toBe(1);
    }
  } finally {
    recorder.stop();
  }
  return [...recorder.texts];
}

it('reads a page of profiles with their sessions and latest screening in a constant number of statements', async () => {
  const few = await statementsOfOverview(2);
  const many = await statementsOfOverview(20);
  expect(many.length).toBe(few.length);
  // profiles: page + count (+ values, group ids); idv: sessions of the page; screening: latest
  // searches, their requests, their matches and the matches' pending four-eyes proposals; profiles
  // again: the matches' comments.
  expect(many.length).toBeLessThanOrEqual(12);
  // The page shows each latest search's matches as scores and review states: the latest searches,
  // their requests and their matches' summaries (without the payload) are one prepared statement.
  expect(recorder.names.filter((name) => name?.startsWith('screening_'))).toEqual(['screening_latest_search_summaries_by_profile']);
  // The page's keys, rows, group ids and total are one statement (neither the profile loader nor the
  // group ids loader reads for the page's own profiles, nor the counters apart).
  expect(recorder.names).toContain('profiles_page_rows_with_group_ids_with_total');
  expect(recorder.names).not.toContain('profile_counts_all');
  expect(recorder.names).not.toContain('profiles_by_ids');
  expect(recorder.names).not.toContain('profiles_group_ids_by_ids');
  expect(recorder.names).not.toContain('screening_matches_of_results');
});

const ALERTS = `query ($first: Int) {
  monitoringAlerts(first: $first, status: open) {
    nodes { id trigger matchCount search { id name matches { id score } profile { id name } } }
    totalCount
  }
}`;

it('reads a page of monitoring alerts with their searches and profiles in a constant number of statements', async () => {
  // an open alert on every profile's stored search
  await platform.db.$executeRawUnsafe(
    `INSERT INTO screening.monitoring_alerts (id, tenant_id, workspace_id, profile_id, run_id, trigger, search_id, match_count, entity_refs)
     SELECT 'mal_' || r.id, r.tenant_id, r.workspace_id, r.profile_id, 'mrun_test', 'delta', r.id, 2, ARRAY['test:0', 'test:1']
       FROM screening.search_requests r WHERE r.tenant_id = $1 AND r.workspace_id = $2 AND r.profile_id IS NOT NULL`,
    tenant.tenantId,
    tenant.workspaceId,
  );
  const run = async (first: number) => {
    const warm = await graphql(platform, auth.apiKey(tenant.apiKey), ALERTS, { first });
    expect(warm.body.errors).toBeUndefined();
    recorder.start();
    try {
      const response = await graphql(platform, auth.apiKey(tenant.apiKey), ALERTS, { first });
      expect(response.body.errors).toBeUndefined();
      expect(response.body.data.monitoringAlerts.nodes).toHaveLength(first);
      for (const node of response.body.data.monitoringAlerts.nodes) {
        expect(node.search.matches).toHaveLength(2);
        expect(node.search.profile.name).toMatch(/^Read Path/);
      }
    } finally {
      recorder.stop();
    }
    return [...recorder.texts];
  };
  const few = await run(2);
  const many = await run(20);
  expect(many.length).toBe(few.length);
});

// The inbox's page and total are one prepared statement per filter shape, answering the rows and the
// count Prisma answers (the reference, computed here), for every filter and past the last page.
it('reads the monitoring inbox in prepared statements, the rows and totals Prisma reads', async () => {
  const db = platform.db;
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  const [first] = await db.monitoringAlert.findMany({ where: scope, orderBy: { id: 'asc' }, take: 1 });
  await db.monitoringAlert.update({ where: { id: first.id }, data: { assignee: 'usr_inbox', status: 'acknowledged' } });
  const filters: AlertFilter[] = [
    {},
    { status: 'open' },
    { status: 'acknowledged' },
    { assignee: 'usr_inbox' },
    { assignee: null },
    { profileId: first.profileId },
  ];
  for (const filter of filters) {
    const where = { ...scope, ...filter };
    const orderBy = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
    for (const [offset, limit] of [
      [0, 5],
      [3, 4],
      [100, 5],
    ]) {
      expect(await listAlerts(db, scope, filter, offset, limit)).toEqual({
        rows: await db.monitoringAlert.findMany({ where, orderBy, skip: offset, take: limit }),
        total: await db.monitoringAlert.count({ where }),
      });
    }
  }
  expect(await readAlert(db, scope, first.id)).toEqual(await db.monitoringAlert.findFirst({ where: { ...scope, id: first.id } }));
  expect(await readAlert(db, { ...scope, workspaceId: 'ws_other' }, first.id)).toBeNull();
  await graphql(platform, auth.apiKey(tenant.apiKey), ALERTS, { first: 5 });
  recorder.start();
  try {
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), ALERTS, { first: 5 });
    expect(response.body.data.monitoringAlerts.totalCount).toBe(23);
  } finally {
    recorder.stop();
  }
  expect(unnamedStatements(recorder)).toEqual([]);
  await db.monitoringAlert.update({ where: { id: first.id }, data: { assignee: null, status: 'open' } });
});

// The console's session lists (the sessions screen and the review desk's queue, each with its
// totalCount and each session's profile): prepared statements only (no per-call Prisma
// compilation), as many for 2 sessions as for 20.
const SESSION_ROW = `id status reviewStatus assignee createdAt submittedAt reviewedAt flagCategories profileId profile { id name }`;
const SESSIONS = `query ($first: Int) { verificationSessions(first: $first) { nodes { ${SESSION_ROW} } pageInfo { hasNextPage endCursor } totalCount } }`;
const REVIEW_QUEUE = `query ($first: Int) {
  idvReviewQueue(first: $first, reviewStatuses: [requires_review, escalation]) { nodes { ${SESSION_ROW} } pageInfo { hasNextPage endCursor } totalCount }
}`;

async function statementsOf(query: string, field: string, first: number): Promise<{ texts: string[]; names: (string | undefined)[] }> {
  const warm = await graphql(platform, auth.apiKey(tenant.apiKey), query, { first });
  expect(warm.body.errors).toBeUndefined();
  recorder.start();
  try {
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), query, { first });
    expect(response.body.errors).toBeUndefined();
    expect(response.body.data[field].nodes).toHaveLength(first);
    expect(response.body.data[field].totalCount).toBe(24);
    for (const node of response.body.data[field].nodes) expect(node.profile.name).toMatch(/^Read Path /);
  } finally {
    recorder.stop();
  }
  return { texts: [...recorder.texts], names: [...recorder.names] };
}

it.each([
  ['the sessions list', SESSIONS, 'verificationSessions'],
  ['the review queue', REVIEW_QUEUE, 'idvReviewQueue'],
])('reads %s and its profiles in a constant number of prepared statements', async (_, query, field) => {
  const few = await statementsOf(query, field, 2);
  const many = await statementsOf(query, field, 20);
  expect(many.texts.length).toBe(few.texts.length);
  // page with its count (idv: one statement), the page's profiles (profiles)
  expect(many.texts.length).toBeLessThanOrEqual(2);
  expect(unnamedStatements(many)).toEqual([]);
  // A list row selects none of a session's JSON parts: the page reads the summary columns only.
  const page = many.names.find((name) => name?.startsWith(field === 'idvReviewQueue' ? 'idv_review_queue_page_' : 'idv_sessions_page_'));
  expect(page).toMatch(/_summary_.*_counted$/);
  expect(many.texts.join('\n')).not.toMatch(/capture_manifest|step_manifest|review_history/);
});

// The REST page selects every documented field: one prepared statement for the page, with the view's
// columns and never the sealed or internal ones (subject reference, results, answers, storage, token).
it('reads the REST sessions page in one prepared statement without sealed columns', async () => {
  const headers = auth.xApiKey(tenant.apiKey);
  await request(platform.restUrl, 'GET', '/idv/v1/sessions?limit=20', { headers });
  recorder.start();
  let body: { data: { capture_manifest: unknown; step_manifest: unknown; theme_ref: unknown }[] };
  try {
    const response = await request(platform.restUrl, 'GET', '/idv/v1/sessions?limit=20', { headers });
    expect(response.status).toBe(200);
    body = response.body as typeof body;
  } finally {
    recorder.stop();
  }
  expect(body.data).toHaveLength(20);
  for (const session of body.data) {
    expect(session.capture_manifest).toBeDefined();
    expect(session.step_manifest).toBeDefined();
    expect(session.theme_ref).toBeDefined();
  }
  const sessionStatements = recorder.texts.filter((text) => text.includes('idv.sessions'));
  expect(recorder.names.filter((name) => name?.startsWith('idv_'))).toEqual([expect.stringMatching(/^idv_sessions_page_view_/)]);
  expect(sessionStatements).toHaveLength(1);
  expect(sessionStatements[0]).toMatch(/capture_manifest/);
  expect(sessionStatements[0]).not.toMatch(/subject_reference|results|answers|artifact_storage|token_hash|theme_snapshot/);
});

// The console's home (every count of the work queues, the recent activity and sessions) and the
// profiles list as it opens (with its total): prepared statements only, the totals read from the
// maintained counters rather than counted over every row.
const HOME = `{
  workQueues { idvAwaitingReview idvAssignedToMe idvUnassigned openMonitoringAlerts unresolvedScreeningMatches profilesAwaitingReview fourEyesPending }
  workspaceActivity(first: 12) { id type subjectType subjectId profileId occurredAt }
  recentSessions: verificationSessions(first: 8) { nodes { ${SESSION_ROW} } }
}`;
const PROFILES_LIST = `query ($first: Int) {
  profiles(first: $first) { nodes { id name kind status email profileGroupIds createdAt updatedAt } pageInfo { hasNextPage endCursor } totalCount }
}`;

it.each([
  [
    'the home page',
    HOME,
    (data: { workQueues: { idvAwaitingReview: number; unresolvedScreeningMatches: number } }) => {
      expect(data.workQueues.idvAwaitingReview).toBe(24);
      expect(data.workQueues.unresolvedScreeningMatches).toBe(48);
    },
  ],
  [
    'the profiles list',
    PROFILES_LIST,
    (data: { profiles: { totalCount: number; nodes: unknown[] } }) => {
      expect(data.profiles.totalCount).toBe(24);
      expect(data.profiles.nodes).toHaveLength(20);
    },
  ],
])('reads %s in prepared statements only, no count over the rows', async (_, query, check) => {
  const warm = await graphql(platform, auth.apiKey(tenant.apiKey), query, { first: 20 });
  expect(warm.body.errors).toBeUndefined();
  recorder.start();
  try {
    const response = await graphql(platform, auth.apiKey(tenant.apiKey), query, { first: 20 });
    expect(response.body.errors).toBeUndefined();
    (check as (data: unknown) => void)(response.body.data);
  } finally {
    recorder.stop();
  }
  expect(unnamedStatements(recorder)).toEqual([]);
  expect(recorder.texts.filter((text) => /count\(\*\)\S* AS n FROM (profiles\.profiles|screening\.search_matches)\b/.test(text))).toEqual(
    [],
  );
});

// The console's risk assessment page (its one operation: the assessment with its subjects and their
// profiles, risks, tasks, evidence, questions, latest run, ratings and the first trajectory page):
// as many statements for an assessment with one of each as for one with twelve, one statement per
// collection, no count and no repeated read of the assessment.
describe('the risk assessment page', () => {
  /** An assessment on the first `profiles` seeded profiles with `n` risks, evidence records, questions,
   * trajectory events and (beyond the workflow's) tasks, and a run as its latest. */
  async function assessmentWith(n: number): Promise<string> {
    const profiles = await platform.db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY id LIMIT 2`,
      tenant.tenantId,
      tenant.workspaceId,
    );
    const created = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        mutation ($input: CreateRiskAssessmentInput!) {
          createRiskAssessment(input: $input) {
            id
          }
        }
      `,
      {
        input: {
          title: `Statements ${n}`,
          subjects: profiles.map((profile, index) => ({ type: 'individual', name: `Subject ${index}`, profileId: profile.id })),
        },
      },
    );
    expect(created.body.errors).toBeUndefined();
    const id = created.body.data.createRiskAssessment.id as string;
    const scope = [tenant.tenantId, tenant.workspaceId, id, n];
    await platform.db.$executeRawUnsafe(
      `WITH run AS (
         INSERT INTO risk.runs (id, tenant_id, workspace_id, assessment_id, agent, status, step, updated_at) VALUES ('rrn_' || $3, $1, $2, $3, 'deterministic', 'waiting_for_user', $4, now())),
       risks AS (
         INSERT INTO risk.risks (id, tenant_id, workspace_id, assessment_id, dedupe_key, title, summary, severity, category, tags, subject_ids, task_ids, evidence_ids, source_urls, updated_at)
         SELECT 'rsk_' || $3 || '_' || k, $1, $2, $3, 'r' || k, 'Risk ' || k, 'Found', 'high', 'sanctions', '{}', '{}', '{}', '{}', '{}', now() FROM generate_series(1, $4::int) k),
       tasks AS (
         INSERT INTO risk.tasks (id, tenant_id, workspace_id, assessment_id, template_key, position, title, required, tags, evidence_ids, risk_ids, updated_at)
         SELECT 'tsk_' || $3 || '_' || k, $1, $2, $3, 'extra_' || k, 100 + k, 'Task ' || k, false, '{}', ARRAY['evd_' || $3 || '_' || k], '{}', now()
           FROM generate_series(1, $4::int) k),
       evidence AS (
         INSERT INTO risk.evidence (id, tenant_id, workspace_id, assessment_id, dedupe_key, kind, title, created_by)
         SELECT 'evd_' || $3 || '_' || k, $1, $2, $3, 'e' || k, 'upload', 'File ' || k, 'usr_test' FROM generate_series(1, $4::int) k),
       questions AS (
         INSERT INTO risk.questions (id, tenant_id, workspace_id, assessment_id, run_id, dedupe_key, prompt)
         SELECT 'q_' || $3 || '_' || k, $1, $2, $3, 'rrn_' || $3, 'q' || k, 'Question ' || k FROM generate_series(1, $4::int) k),
       events AS (
         INSERT INTO risk.trajectory_events (id, assessment_id, run_id, sequence, step_key, type, message, data, actor)
         SELECT 'te_' || $3 || '_' || k, $3, 'rrn_' || $3, k, 's' || k, 'task_started', 'Step ' || k, jsonb_build_object('step', 's' || k, 'task', 't'), 'agent'
           FROM generate_series(1, $4::int) k)
       UPDATE risk.assessments SET latest_run_id = 'rrn_' || $3, status = 'waiting_for_user', next_sequence = $4 + 1 WHERE id = $3`,
      ...scope,
    );
    return id;
  }

  async function statementsOfPage(id: string, n: number) {
    const query = RiskAssessmentDocument.toString();
    const warm = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id });
    expect(warm.body.errors).toBeUndefined();
    recorder.start();
    try {
      const response = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id });
      expect(response.body.errors).toBeUndefined();
      const assessment = response.body.data.riskAssessment;
      expect(assessment.risks).toHaveLength(n);
      expect(assessment.questions).toHaveLength(n);
      expect(assessment.evidence).toHaveLength(n);
      expect(assessment.latestRun.stepsCompleted).toBe(n);
      for (const subject of assessment.subjects) expect(subject.profile.name).toMatch(/^Read Path /);
    } finally {
      recorder.stop();
    }
    return { texts: [...recorder.texts], names: [...recorder.names] };
  }

  it('reads the page in a constant number of statements, whatever the number of risks, tasks and questions', async () => {
    const few = await statementsOfPage(await assessmentWith(1), 1);
    const many = await statementsOfPage(await assessmentWith(12), 12);
    expect(many.texts.length).toBe(few.texts.length);
    // risk: the assessment, then its risks, tasks, evidence, questions, latest run and first
    // trajectory page; profiles: the subjects' profiles. Prepared statements only.
    expect(many.texts.length).toBeLessThanOrEqual(8);
    expect(unnamedStatements(many)).toEqual([]);
    expect(many.texts.filter((text) => /\bcount\(/i.test(text))).toEqual([]);
  });

  it('reads the rows Prisma reads, as prepared statements outside a transaction', async () => {
    const id = await assessmentWith(3);
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    const db = platform.db;
    // Inside a Prisma transaction the same functions still ask Prisma: the reference.
    const viaPrisma = await db.$transaction(async (tx) => ({
      assessment: await findAssessment(tx, scope, id),
      tasks: await findTasks(tx, scope, [id]),
      risks: await findRisks(tx, scope, [id]),
      evidence: await findEvidence(tx, scope, [id]),
      questions: await findQuestions(tx, scope, [id]),
      run: await findRun(tx, `rrn_${id}`),
      events: await readAllEvents(tx, id, ['task_started']),
    }));
    expect(viaPrisma.tasks.length).toBeGreaterThan(3);
    expect(await findAssessmentsByIds(db, scope, [id])).toEqual([viaPrisma.assessment]);
    expect(await findTasks(db, scope, [id])).toEqual(viaPrisma.tasks);
    expect(await findRisks(db, scope, [id])).toEqual(viaPrisma.risks);
    expect(await findEvidence(db, scope, [id])).toEqual(viaPrisma.evidence);
    expect(await findQuestions(db, scope, [id])).toEqual(viaPrisma.questions);
    expect(await findRunsByIds(db, scope, [`rrn_${id}`])).toEqual([viaPrisma.run]);
    expect(await readTrajectory(db, id, { limit: 10, direction: 'asc' })).toEqual(viaPrisma.events);
    expect(await readTrajectory(db, id, { afterSequence: 1, limit: 1, direction: 'desc' })).toEqual(viaPrisma.events.slice(1).reverse());
    // another workspace's scope reads nothing
    const other = { tenantId: tenant.tenantId, workspaceId: 'ws_other' };
    expect(await findAssessmentsByIds(db, other, [id])).toEqual([]);
    expect(await findTasks(db, other, [id])).toEqual([]);
  });
});

// The count read by the page's statement counts over all pages: a later page (with its cursor)
// answers the same totalCount, and an empty filter result still counts 0.
it('answers the same totalCount on a later page of sessions', async () => {
  const query = `query ($first: Int, $after: String, $profileId: String) {
    verificationSessions(first: $first, after: $after, profileId: $profileId) { nodes { id } pageInfo { endCursor } totalCount }
  }`;
  const first = await graphql(platform, auth.apiKey(tenant.apiKey), query, { first: 5 });
  const next = await graphql(platform, auth.apiKey(tenant.apiKey), query, {
    first: 5,
    after: first.body.data.verificationSessions.pageInfo.endCursor,
  });
  const none = await graphql(platform, auth.apiKey(tenant.apiKey), query, { first: 5, profileId: 'prf_absent' });
  expect([first, next, none].map((r) => r.body.errors)).toEqual([undefined, undefined, undefined]);
  expect(first.body.data.verificationSessions.totalCount).toBe(24);
  expect(next.body.data.verificationSessions.totalCount).toBe(24);
  expect(next.body.data.verificationSessions.nodes[0].id).not.toBe(first.body.data.verificationSessions.nodes[0].id);
  expect(none.body.data.verificationSessions).toMatchObject({ nodes: [], totalCount: 0 });
});

// The console's profile page (one operation over the four subgraphs: the profile with its groups,
// status history, custom fields, onboarding, latest screening, risk assessments and sessions, and its
// comments): prepared statements only. Prisma compiles every call it makes (its query compiler), which
// cost a profile page more CPU than everything else on it together.
describe('the profile page', () => {
  async function profileWithEverything(): Promise<string> {
    const db = platform.db;
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    // The oldest profile: the profiles list's test gives groups to the two newest (ids are random,
    // so the lowest id could be one of them).
    const [{ id }] = await db.$queryRawUnsafe<{ id: string }[]>(
      `SELECT id FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY created_at, id LIMIT 1`,
      scope.tenantId,
      scope.workspaceId,
    );
    const group = await db.profileGroup.create({ data: { id: 'pgr_page', ...scope, key: 'page', name: 'Page group', priority: 1 } });
    await db.profileGroupAssignment.create({ data: { profileId: id, groupId: group.id, ...scope } });
    for (const [index, text] of ['First note', 'Second note', 'Third note'].entries())
      await db.profileComment.create({
        data: { id: `pcm_page_${index}`, ...scope, profileId: id, kind: 'profile', text, createdBy: 'usr_a', updatedBy: 'usr_a' },
      });
    await db.profileOnboardingRun.create({
      data: {
        id: 'onb_page',
        ...scope,
        profileId: id,
        sequence: 'parallel',
        screeningFeeds: ['Sanctions', 'PEP'],
        actorKind: 'application',
        actorId: 'app_test',
        tasks: {
          create: [
            {
              id: 'obt_page_s',
              tenantId: scope.tenantId,
              workspaceId: scope.workspaceId,
              kind: 'screening',
              status: 'completed',
              createdAt: new Date(1),
            },
            { id: 'obt_page_i', tenantId: scope.tenantId, workspaceId: scope.workspaceId, kind: 'idv', createdAt: new Date(2) },
          ],
        },
      },
    });
    for (const [index, newStatus] of ['pending', 'clear'].entries())
      await db.outboxEvent.create({
        data: {
          id: `evt_page_${index}`,
          ...scope,
          type: 'profile_status_updated',
          aggregateType: 'profile',
          aggregateId: id,
          payload: { previous_status: index ? 'pending' : 'not_screened', new_status: newStatus, origin: 'search' },
          createdAt: new Date(Date.now() + index),
          publishedAt: new Date(),
        },
      });
    const created = await graphql(
      platform,
      auth.apiKey(tenant.apiKey),
      `
        mutation ($input: CreateRiskAssessmentInput!) {
          createRiskAssessment(input: $input) {
            id
          }
        }
      `,
      { input: { title: 'Profile page', subjects: [{ type: 'individual', name: 'Subject', profileId: id }] } },
    );
    expect(created.body.errors).toBeUndefined();
    return id;
  }

  it('reads the whole page in prepared statements, the same rows Prisma reads', async () => {
    const id = await profileWithEverything();
    const query = ProfileDocument.toString();
    const warm = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id });
    expect(warm.body.errors).toBeUndefined();
    recorder.start();
    let page;
    try {
      page = await graphql(platform, auth.apiKey(tenant.apiKey), query, { id });
    } finally {
      recorder.stop();
    }
    expect(page.body.errors).toBeUndefined();
    const { profile, profileComments } = page.body.data;
    expect(profile.groups).toEqual([{ id: 'pgr_page', name: 'Page group' }]);
    expect(profile.statusHistory.map((change: { newStatus: string }) => change.newStatus)).toEqual(['pending', 'clear']);
    expect(profile.onboarding.tasks.map((task: { taskId: string; status: string }) => [task.taskId, task.status])).toEqual([
      ['obt_page_s', 'completed'],
      ['obt_page_i', 'pending'],
    ]);
    // (the risk page's tests above name this profile in their assessments too)
    expect(profile.riskAssessments.map((assessment: { title: string }) => assessment.title)).toContain('Profile page');
    expect(profile.screening.searchCount).toBe(1);
    expect(profileComments.nodes.map((comment: { text: string }) => comment.text)).toEqual(['First note', 'Second note', 'Third note']);
    expect(unnamedStatements(recorder)).toEqual([]);

    // The raw reads answer what Prisma answers for the same rows.
    const db = platform.db;
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    expect(await findGroupsByIds(db, scope, ['pgr_page'])).toEqual(await db.profileGroup.findMany({ where: { ...scope, id: 'pgr_page' } }));
    expect(await readRunsOfProfiles(db, scope, [id])).toEqual(await findRunsOfProfiles(db, scope, [id]));
    expect(await findStatusChanges(db, scope, [id])).toEqual(
      await db.outboxEvent.findMany({
        where: { ...scope, aggregateType: 'profile', aggregateId: id, type: 'profile_status_updated' },
        select: { aggregateId: true, payload: true, createdAt: true },
        orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
      }),
    );
    const comments = await db.profileComment.findMany({
      where: { ...scope, profileId: id },
      orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
    });
    expect(await listComments(db, scope, id, { skip: 1, take: 1 })).toEqual({ rows: comments.slice(1, 2), total: 3 });
    // A page past the end still counts the comments.
    expect(await listComments(db, scope, id, { skip: 5, take: 2 })).toEqual({ rows: [], total: 3 });
    // Another workspace's scope reads nothing.
    const other = { tenantId: tenant.tenantId, workspaceId: 'ws_other' };
    expect(await readRunsOfProfiles(db, other, [id])).toEqual([]);
    expect(await listComments(db, other, id, { skip: 0, take: 5 })).toEqual({ rows: [], total: 0 });
  });
});

describe('the profiles list', () => {
  it('opens and pages in prepared statements, the groups Prisma reads', async () => {
    const db = platform.db;
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    await db.profileGroup.create({ data: { id: 'pgr_list_low', ...scope, key: 'list-low', name: 'Low', priority: 1 } });
    await db.profileGroup.create({ data: { id: 'pgr_list_high', ...scope, key: 'list-high', name: 'High', priority: 9 } });
    await db.profileGroup.create({
      data: { id: 'pgr_list_old', ...scope, key: 'list-old', name: 'Old', priority: 5, archivedAt: new Date() },
    });
    const open = () =>
      Promise.all([
        graphql(platform, auth.apiKey(tenant.apiKey), ProfilesDocument.toString(), { first: 10 }),
        graphql(platform, auth.apiKey(tenant.apiKey), ProfileGroupsDocument.toString(), {}),
      ]);
    await open();
    recorder.start();
    let list, groups, next;
    try {
      [list, groups] = await open();
      next = await graphql(platform, auth.apiKey(tenant.apiKey), ProfilesDocument.toString(), {
        first: 10,
        after: list.body.data.profiles.pageInfo.endCursor,
      });
    } finally {
      recorder.stop();
    }
    for (const response of [list, groups, next]) expect(response.body.errors).toBeUndefined();
    expect(list.body.data.profiles.nodes).toHaveLength(10);
    expect(next.body.data.profiles.nodes).toHaveLength(10);
    expect(groups.body.data.profileGroups.nodes.map((group: { id: string }) => group.id)).toEqual(
      expect.arrayContaining(['pgr_list_high', 'pgr_list_low']),
    );
    expect(unnamedStatements(recorder)).toEqual([]);

    // The raw read answers what Prisma answers, in Prisma's order, with and without archived groups.
    for (const includeArchived of [false, true])
      expect(await findGroups(db, scope, includeArchived)).toEqual(
        await db.profileGroup.findMany({
          where: { ...scope, ...(includeArchived ? {} : { archivedAt: null }) },
          orderBy: [{ priority: 'desc' }, { createdAt: 'asc' }, { id: 'asc' }],
        }),
      );
    expect(await findGroups(db, { tenantId: tenant.tenantId, workspaceId: 'ws_other' }, true)).toEqual([]);
  });

  it("reads a page's keys and rows in one statement, the rows of the keys and then the profiles by id", async () => {
    const db = platform.db;
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    const pageGroupIds = new Map<string, string[]>();
    const groupIds = (id: string) => pageGroupIds.get(id);
    const [newest, second] = await searchProfilePage(db, scope, { filter: {}, take: 2 });
    // Group assignments on the two newest profiles, the second's in another order than created.
    for (const id of ['pgr_page_a', 'pgr_page_b']) await db.profileGroup.create({ data: { id, ...scope, key: id, name: id, priority: 1 } });
    await db.profileGroupAssignment.create({ data: { profileId: newest.id, groupId: 'pgr_page_a', ...scope, position: 0 } });
    for (const [groupId, position] of [
      ['pgr_page_a', 1],
      ['pgr_page_b', 0],
    ] as const)
      await db.profileGroupAssignment.create({ data: { profileId: second.id, groupId, ...scope, position } });
    const pages: ProfilePageRequest[] = [
      { filter: {}, take: 21 },
      { filter: {}, after: { createdAt: second.createdAt, id: second.id }, take: 5 },
      { filter: {}, take: 5, offset: 7 },
      { filter: { statuses: ['not_screened'] }, take: 3 },
      { filter: { search: 'read path 1' }, take: 50 },
      { filter: { groupIds: [] }, take: 5 },
      { filter: {}, take: 5, offset: 10_000 },
    ];
    for (const page of pages) {
      const keysQuery = profilePageQuery(scope, page.filter, page.after, page.take, page.offset);
      const keys = await db.$readRows(keysQuery.text, keysQuery.values);
      const byId = new Map(
        (
          await findProfilesByIds(
            db,
            scope,
            keys.map((key) => key.id as string),
          )
        ).map((row) => [row.id, row]),
      );
      const assignments = await readGroupIdsByProfileIds(
        db,
        scope,
        keys.map((key) => key.id as string),
      );
      const received = new Map<string, string[]>();
      recorder.start();
      const rows = await searchProfilePage(db, scope, page);
      const withGroupIds = await searchProfilePage(db, scope, { ...page, groupIdsTo: (id, ids) => received.set(id, ids) });
      recorder.stop();
      expect(recorder.texts).toHaveLength(2);
      expect(rows).toEqual(keys.map((key) => byId.get(key.id as string)));
      expect(withGroupIds).toEqual(rows);
      expect(Object.fromEntries(received)).toEqual(
        Object.fromEntries(keys.map((key) => [key.id, assignments.filter((row) => row.profileId === key.id).map((row) => row.groupId)])),
      );
    }
    await searchProfilePage(db, scope, { filter: {}, take: 2, groupIdsTo: (id, ids) => pageGroupIds.set(id, ids) });
    expect(groupIds(newest.id)).toEqual(['pgr_page_a']);
    expect(groupIds(second.id)).toEqual(['pgr_page_b', 'pgr_page_a']);
    expect(newest.id).not.toBe(second.id);
    expect(await searchProfilePage(db, { tenantId: tenant.tenantId, workspaceId: 'ws_other' }, { filter: {}, take: 5 })).toEqual([]);
  });

  it('reads a page with its total in one statement where the counters answer, the rows and count of the two reads', async () => {
    const db = platform.db;
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    const [newest] = await searchProfilePage(db, scope, { filter: {}, take: 1 });
    const pages: [ProfilePageRequest, number][] = [
      // the page, the statements it takes
      [{ filter: {}, take: 21 }, 1],
      [{ filter: {}, after: { createdAt: newest.createdAt, id: newest.id }, take: 5 }, 1],
      [{ filter: {}, take: 5, offset: 7 }, 1],
      [{ filter: {}, take: 5, offset: 10_000 }, 1], // past the end: no row, the total still
      [{ filter: { statuses: ['not_screened'] }, take: 3 }, 1],
      [{ filter: { statuses: ['blocked'] }, take: 3 }, 1], // no profile in it: no row, a total of 0
      [{ filter: { search: 'read path 1' }, take: 50 }, 2], // a filter the counters cannot answer: page and count apart
      [{ filter: { groupIds: [] }, take: 5 }, 2],
    ];
    for (const [page, statements] of pages) {
      const withGroupIds = new Map<string, string[]>();
      const apart = new Map<string, string[]>();
      recorder.start();
      const read = await searchProfilePageWithTotal(db, scope, { ...page, groupIdsTo: (id, ids) => withGroupIds.set(id, ids) });
      recorder.stop();
      expect(recorder.texts).toHaveLength(statements);
      expect(read).toEqual({
        rows: await searchProfilePage(db, scope, { ...page, groupIdsTo: (id, ids) => apart.set(id, ids) }),
        total: await countProfiles(db, scope, page.filter),
      });
      expect(withGroupIds).toEqual(apart);
      expect(await searchProfilePageWithTotal(db, scope, page)).toEqual(read);
    }
    expect((await searchProfilePageWithTotal(db, scope, { filter: {}, take: 2 })).total).toBeGreaterThan(2);
    expect(await searchProfilePageWithTotal(db, { tenantId: tenant.tenantId, workspaceId: 'ws_other' }, { filter: {}, take: 5 })).toEqual({
      rows: [],
      total: 0,
    });
  });
});

// GET one profile (REST and the gateway's `profile(id)`) shows the profile's custom fields and group
// ids: the profile, its values and its assignments are read in one statement.
describe('one profile', () => {
  it('reads the profile with its custom field values and group ids in one statement, the rows of the three reads', async () => {
    const db = platform.db;
    const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
    // Two profiles no other test of this file gave groups (the profiles list's test assigns some).
    const assigned = new Set(
      (await db.profileGroupAssignment.findMany({ where: scope, select: { profileId: true } })).map((a) => a.profileId),
    );
    const [withParts, without] = (
      await db.$queryRawUnsafe<{ id: string }[]>(
        `SELECT id FROM profiles.profiles WHERE tenant_id = $1 AND workspace_id = $2 ORDER BY id DESC`,
        scope.tenantId,
        scope.workspaceId,
      )
    ).filter((profile) => !assigned.has(profile.id));
    await defineTextCustomFields(platform, tenant, ['one_ref', 'two_ref']);
    // Values whose text needs quoting inside a PostgreSQL array; assignments in another order than created.
    await db.profileCustomFieldValue.createMany({
      data: [
        { profileId: withParts.id, key: 'two_ref', ...scope, valueJson: JSON.stringify('a, "b" {c}'), bytes: 12 },
        { profileId: withParts.id, key: 'one_ref', ...scope, valueJson: JSON.stringify('NULL'), bytes: 6 },
      ],
    });
    for (const [position, id] of ['pgr_one_b', 'pgr_one_a'].entries()) {
      await db.profileGroup.create({ data: { id, ...scope, key: id, name: id, priority: 1 } });
      await db.profileGroupAssignment.create({ data: { profileId: withParts.id, groupId: id, ...scope, position } });
    }
    const query = `query ($id: ID!) { profile(id: $id) { id name profileCustomFields { key value } profileGroupIds } }`;
    const read = async (id: string, text = query) => {
      recorder.start();
      try {
        const response = await graphql(platform, auth.apiKey(tenant.apiKey), text, { id });
        expect(response.body.errors).toBeUndefined();
        return response.body.data.profile;
      } finally {
        recorder.stop();
      }
    };
    await read(withParts.id); // warms the credential and definition caches
    expect(await read(withParts.id)).toEqual({
      id: withParts.id,
      name: expect.any(String),
      profileCustomFields: [
        { key: 'one_ref', value: JSON.stringify('NULL') },
        { key: 'two_ref', value: JSON.stringify('a, "b" {c}') },
      ],
      profileGroupIds: ['pgr_one_b', 'pgr_one_a'],
    });
    expect(recorder.names).toEqual(['profile_with_parts']);
    expect(await read(without.id)).toEqual({ id: without.id, name: expect.any(String), profileCustomFields: null, profileGroupIds: [] });
    expect(recorder.names).toEqual(['profile_with_parts']);
    expect(await read('prf_absent')).toBeNull();
    // Without the parts selected, the profile alone.
    await read(withParts.id, `query ($id: ID!) { profile(id: $id) { id name } }`);
    expect(recorder.names).toEqual(['profiles_by_ids']);

    // The one statement answers the rows the three reads answer.
    for (const id of [withParts.id, without.id]) {
      const values = await readValuesByProfileIds(db, scope, [id]);
      expect(await findProfileWithParts(db, scope, id)).toEqual({
        profile: (await findProfilesByIds(db, scope, [id]))[0],
        values: values.sort((a, b) => a.key.localeCompare(b.key)),
        groupIds: (await readGroupIdsByProfileIds(db, scope, [id])).map((row) => row.groupId),
      });
    }
    expect(await findProfileWithParts(db, { tenantId: tenant.tenantId, workspaceId: 'ws_other' }, withParts.id)).toBeNull();
    expect(await findProfileWithParts(db, scope, 'prf_absent')).toBeNull();
  });
});

describe('the latest searches of a page of profiles', () => {
  /** A stored search of a profile in a scope, its first result and its matches (rank, score, review). */
  async function insertSearch(
    scope: { tenantId: string; workspaceId: string },
    search: { id: string; profileId: string; createdAt: string },
    matches: { rank: number; score: number; review?: string; reviewedBy?: string; reviewedByName?: string; workspaceId?: string }[],
  ) {
    await platform.db.$executeRawUnsafe(
      `WITH req AS (
         INSERT INTO screening.search_requests (id, tenant_id, workspace_id, actor_kind, actor_id, config, entities, profile_id, created_at, updated_at)
         VALUES ($1, $2, $3, 'application', 'app_test', '{"threshold": 0.7}', '[{"type": "individual", "name": "Latest"}]', $4, $5::timestamp, $5::timestamp)),
       res AS (
         INSERT INTO screening.search_results (id, request_id, entity_index, tenant_id, workspace_id, type, name, match_count)
         VALUES ($1 || '_0', $1, 0, $2, $3, 'individual', 'Latest', 0))
       SELECT 1`,
      search.id,
      scope.tenantId,
      scope.workspaceId,
      search.profileId,
      search.createdAt,
    );
    for (const match of matches)
      await platform.db.$executeRawUnsafe(
        `INSERT INTO screening.search_matches (id, search_result_id, request_id, tenant_id, workspace_id, rank, entity_ref, score, payload,
                                                review_status, reviewed_by, reviewed_by_name, reviewed_at)
         VALUES ($1 || '_m' || $4::text, $1 || '_0', $1, $2, $3, $4::int, 'test:' || $4::text, $5::float8, jsonb_build_object('score', $5::float8),
                 $6, $7, $8, CASE WHEN $7::text IS NULL THEN NULL ELSE '2026-11-01 10:00:00'::timestamp END)`,
        search.id,
        scope.tenantId,
        match.workspaceId ?? scope.workspaceId,
        match.rank,
        match.score,
        match.review ?? 'unresolved',
        match.reviewedBy ?? null,
        match.reviewedByName ?? null,
      );
  }

  it("reads each profile's latest search with its match summaries in one statement, the rows of the three reads", async () => {
    const other = await createTestTenant(platform);
    const scope = { tenantId: other.tenantId, workspaceId: other.workspaceId };
    const [twoSearches, noSearch, noMatches, foreignRows] = await seedProfiles(platform, other, [
      'Two searches',
      'No search',
      'No matches',
      'Foreign rows',
    ]);
    await insertSearch(scope, { id: 'aaaaaaaaaaaaaaaaaaaaaa01', profileId: twoSearches, createdAt: '2026-11-01 09:00:00' }, [
      { rank: 0, score: 0.5 },
    ]);
    // The newer search's matches inserted out of rank order, one reviewed (by a user whose name is kept).
    await insertSearch(scope, { id: 'aaaaaaaaaaaaaaaaaaaaaa02', profileId: twoSearches, createdAt: '2026-11-02 09:00:00' }, [
      { rank: 2, score: 0.71 },
      { rank: 0, score: 0.93, review: 'true_positive', reviewedBy: 'usr_1', reviewedByName: 'Reviewer One' },
      { rank: 1, score: 0.88, review: 'false_positive', reviewedBy: 'usr_2' },
    ]);
    await insertSearch(scope, { id: 'aaaaaaaaaaaaaaaaaaaaaa03', profileId: noMatches, createdAt: '2026-11-02 09:00:00' }, []);
    // Another workspace's rows: a newer search of the same profile id, and a match on this workspace's result.
    await insertSearch(scope, { id: 'aaaaaaaaaaaaaaaaaaaaaa04', profileId: foreignRows, createdAt: '2026-11-02 09:00:00' }, [
      { rank: 0, score: 0.8 },
      { rank: 1, score: 0.99, workspaceId: 'ws_other' },
    ]);
    await insertSearch(
      { tenantId: other.tenantId, workspaceId: 'ws_other' },
      { id: 'aaaaaaaaaaaaaaaaaaaaaa05', profileId: foreignRows, createdAt: '2026-11-03 09:00:00' },
      [{ rank: 0, score: 0.6 }],
    );
    const profileIds = [twoSearches, noSearch, noMatches, foreignRows, 'prf_absent'];

    recorder.start();
    const read = await readLatestSearches(platform.db, scope, profileIds);
    recorder.stop();
    expect(recorder.names).toEqual(['screening_latest_search_summaries_by_profile']);

    // The reference: the latest searches, then each one's request and matches as a search is read.
    const latest = await latestSearchesByProfile(platform.db, scope, profileIds);
    const searches = await readSearches(
      platform.db,
      scope,
      profileIds.map((id) => latest.get(id)?.requestId ?? 'absent'),
    );
    const summary = (match: MatchView) => ({
      id: match.id,
      rank: match.rank,
      score: match.score,
      review_status: match.review_status,
      searchResultId: match.searchResultId,
      reviewedBy: match.reviewedBy,
      reviewedAt: match.reviewedAt,
    });
    expect(
      read.map(
        (found) =>
          found && {
            count: found.count,
            ...found.search,
            request: { ...found.search.request },
            matches: found.search.matches!.map(summary),
          },
      ),
    ).toEqual(
      profileIds.map((id, index) => {
        const search = searches[index];
        const count = latest.get(id)?.count;
        return search && { count, ...search, request: { ...search.request, searchCount: count }, matches: search.matches!.map(summary) };
      }),
    );
    // What the reference answered, spelled out.
    expect(read.map((found) => found && [found.count, found.search.searchId, found.search.matches!.map((match) => match.score)])).toEqual([
      [2, 'aaaaaaaaaaaaaaaaaaaaaa02', [0.93, 0.88, 0.71]],
      undefined,
      [1, 'aaaaaaaaaaaaaaaaaaaaaa03', []],
      [1, 'aaaaaaaaaaaaaaaaaaaaaa04', [0.8]],
      undefined,
    ]);
    expect(read[0]!.search.matches!.map((match) => [match.review_status, match.reviewedBy])).toEqual([
      ['true_positive', 'Reviewer One'],
      ['false_positive', 'usr_2'],
      ['unresolved', null],
    ]);

    // Through the gateway: the overview's screening of the same profiles.
    const page = await graphql(platform, auth.apiKey(other.apiKey), OVERVIEW, { first: 10 });
    expect(page.body.errors).toBeUndefined();
    const screeningOf = new Map(page.body.data.profiles.nodes.map((node: { id: string; screening: unknown }) => [node.id, node.screening]));
    expect(screeningOf.get(noSearch)).toEqual({ searchCount: 0, latestSearch: null });
    expect(screeningOf.get(noMatches)).toMatchObject({
      searchCount: 1,
      latestSearch: { searchId: 'aaaaaaaaaaaaaaaaaaaaaa03', matches: [] },
    });
    expect(screeningOf.get(twoSearches)).toMatchObject({
      searchCount: 2,
      latestSearch: {
        searchId: 'aaaaaaaaaaaaaaaaaaaaaa02',
        createdAt: '2026-11-02T09:00:00.000Z',
        matches: [{ score: 0.93 }, { score: 0.88 }, { score: 0.71 }],
      },
    });
  });
});
