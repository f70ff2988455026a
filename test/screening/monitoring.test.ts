// Ongoing monitoring end to end with a real worker: a profile screened through /v1/search-sync is
// enrolled; a watchlist version that adds a matching entity triggers a delta run (NOTIFY → sweep →
// run) that stores a monitoring search, raises an alert (REST and GraphQL), records the outbox event
// and sends the profiles.screening-outcome job. Profiles on a daily frequency and other workspaces
// are untouched.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  auth,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  request,
  startTestPlatform,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { dplWithAddedRecord, waitForMonitoringCursor } from '../helpers/monitoring-fixtures';
import { BIS_DPL, importList, versionsOf, waitForIndex } from './screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let sibling: TestTenant;
let tmp: string;

const ADDED = 'ZEBEDIAH QUIMBLEFORTH VANTERPOOL';

beforeAll(async () => {
  platform = await startTestPlatform({
    services: ['profiles', 'idv', 'screening', 'risk', 'gateway', 'rest-adapter', 'worker'],
    isolatedDatabase: true,
  });
  tenant = await createTestTenant(platform);
  sibling = await createSiblingWorkspace(platform, tenant);
  tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'vigil-monitoring-'));
  const bis = await importList(platform, 'bis_dpl', BIS_DPL, 'us_bis_dpl_2022');
  await waitForIndex(platform.urls.screening!, versionsOf(bis));
  // The first version's own delta run (nobody enrolled yet) happens before any profile is screened:
  // a subject's delta base is the source's monitoring cursor, not the version its search used
  // (docs/screening-monitoring.md), so a profile enrolled before the cursor moves would be
  // re-screened against the whole first version.
  await waitForMonitoringCursor(platform, 'bis_dpl');
});
afterAll(async () => {
  await platform?.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const call = (who: TestTenant, method: string, urlPath: string, body?: unknown) =>
  request(platform.restUrl, method, urlPath, { headers: auth.xApiKey(who.apiKey), body });

async function screenedProfile(who: TestTenant, name: string): Promise<string> {
  const created = await call(who, 'POST', '/clm/v1/profiles', { name, kind: 'individual' });
  expect(created.status).toBe(201);
  const profileId = created.body.result.profile.id as string;
  const searched = await call(who, 'POST', '/v1/search-sync', { name, type: 'individual', profile_id: profileId });
  expect(searched.status).toBe(200);
  expect(searched.body.result.results).toEqual([]);
  return profileId;
}

async function waitForAlerts(who: TestTenant, query: string, count: number, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const listed = await call(who, 'GET', `/v1/monitoring/alerts?${query}`);
    expect(listed.status).toBe(200);
    if (listed.body.result.alerts.length >= count) return listed.body.result;
    if (Date.now() > deadline) throw new Error(`no monitoring alert after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

it('a list delta re-screens profiles on `deltas` against the changed entities only: alert, monitoring search, outbox event and outcome job', async () => {
  // Sanctions on every list change for the tenant's workspace; the sibling keeps the built-in daily.
  expect(
    (await call(tenant, 'PATCH', '/tenant-config/v1/monitoring-default', { monitoringFeedFrequencies: { Sanctions: 'deltas' } })).status,
  ).toBe(200);
  const watched = await screenedProfile(tenant, ADDED);
  const daily = await screenedProfile(sibling, ADDED);

  const modified = await importList(platform, 'bis_dpl', dplWithAddedRecord(tmp, ADDED), 'dpl-added');
  expect(modified.sources[0]).toMatchObject({ outcome: 'imported', added: 1, changed: 0, removed: 0 });

  const page = await waitForAlerts(tenant, `profile_id=${watched}`, 1);
  expect(page.pagination).toMatchObject({ page: 1, limit: 20, total_count: 1 });
  const [alert] = page.alerts;
  expect(alert).toMatchObject({ profile_id: watched, trigger: 'delta', status: 'open', match_count: 1, acknowledged_at: null, note: null });
  expect(alert.id).toMatch(/^mal_/);
  expect(alert.entity_refs).toHaveLength(1);
  expect(alert.entity_refs[0]).toMatch(/^bis_dpl:/);

  // The matches are a search in history (source monitoring, the profile id), reviewable as any other.
  const viaGraphql = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `query($id: ID!) { monitoringAlert(id: $id) { id trigger search { id } changes { kind newlyMatched fields { field } } } monitoredProfile(profileId: "${watched}") { sanctionsFrequency pepFrequency lastSearchId } }`,
    { id: alert.id },
  );
  expect(viaGraphql.body.errors).toBeUndefined();
  // The list update listed the entity: new on the list, and so newly matched.
  expect(viaGraphql.body.data.monitoringAlert).toEqual({
    id: alert.id,
    trigger: 'delta',
    search: { id: alert.search_id },
    changes: [{ kind: 'new_listing', newlyMatched: true, fields: expect.arrayContaining([{ field: 'names' }, { field: 'programs' }]) }],
  });
  expect(viaGraphql.body.data.monitoredProfile).toEqual({
    sanctionsFrequency: 'deltas',
    pepFrequency: 'weekly',
    lastSearchId: alert.search_id,
  });
  const [request_] = await platform.db.$queryRawUnsafe<
    { source: string; profile_id: string; name: string; match_count: number; review_status: string }[]
  >(
    `SELECT r.source, r.profile_id, s.name, s.match_count, m.review_status FROM screening.search_requests r
       JOIN screening.search_results s ON s.request_id = r.id JOIN screening.search_matches m ON m.request_id = r.id WHERE r.id = $1`,
    alert.search_id,
  );
  expect(request_).toEqual({ source: 'monitoring', profile_id: watched, name: ADDED, match_count: 1, review_status: 'unresolved' });

  // The profiles domain is told through its queue (contract of the lead), once per alert. (The
  // enrolling search-sync for the profile told it once too, with origin `search`.)
  const jobs = await platform.db.$queryRawUnsafe<{ data: Record<string, unknown>; singleton_key: string }[]>(
    `SELECT data, singleton_key FROM pgboss.job WHERE name = 'profiles.screening-outcome' AND data->>'profileId' = $1 AND data->>'origin' = 'monitoring'`,
    watched,
  );
  expect(jobs).toHaveLength(1);
  expect(jobs[0].singleton_key).toBe(`${watched}:${alert.search_id}`);
  expect(jobs[0].data).toEqual({
    tenantId: tenant.tenantId,
    workspaceId: tenant.workspaceId,
    profileId: watched,
    origin: 'monitoring',
    searchId: alert.search_id,
    unresolvedMatches: 1,
    truePositiveMatches: 0,
    at: expect.any(String),
  });

  // The screening event carries ids and counts only (no name).
  const events = await platform.db.outboxEvent.findMany({ where: { type: 'screening.monitoring.alert', aggregateId: alert.id } });
  expect(events).toHaveLength(1);
  expect(events[0].payload).toEqual({
    alert_id: alert.id,
    profile_id: watched,
    search_id: alert.search_id,
    run_id: alert.run_id,
    trigger: 'delta',
    match_count: 1,
  });
  expect(JSON.stringify(events[0].payload)).not.toContain('ZEBEDIAH');

  // The run screened only the one added entity; the sibling's daily profile was not re-screened.
  const run = await platform.db.monitoringRun.findUnique({ where: { id: alert.run_id } });
  expect(run).toMatchObject({ kind: 'delta', source: 'bis_dpl', status: 'completed', deltaSize: 1, alerts: 1 });
  expect((await call(sibling, 'GET', `/v1/monitoring/alerts?profile_id=${daily}`)).body.result.alerts).toEqual([]);
  const dailySubject = await graphql(
    platform,
    auth.apiKey(sibling.apiKey),
    `{ monitoredProfile(profileId: "${daily}") { sanctionsFrequency } }`,
  );
  expect(dailySubject.body.data.monitoredProfile).toEqual({ sanctionsFrequency: 'daily' });
}, 120_000);

it('alerts are read and acknowledged once, and are invisible from another workspace', async () => {
  const [alert] = (await waitForAlerts(tenant, 'status=open', 1)).alerts;
  const other = await call(sibling, 'GET', `/v1/monitoring/alerts/${alert.id}`);
  expect(other.status).toBe(404);
  expect(other.body).toMatchObject({ status: 404, msg: expect.any(String) });
  expect(JSON.stringify(other.body)).toContain('monitoring_alert_not_found');
  expect((await call(sibling, 'POST', `/v1/monitoring/alerts/${alert.id}/acknowledge`, {})).status).toBe(404);
  expect((await call(tenant, 'GET', '/v1/monitoring/alerts/mal_unknown')).status).toBe(404);
  expect((await call(tenant, 'POST', `/v1/monitoring/alerts/${alert.id}/acknowledge`, { note: 'x'.repeat(2001) })).status).toBe(400);
  expect((await call(tenant, 'POST', `/v1/monitoring/alerts/${alert.id}/acknowledge`, { extra: true })).status).toBe(400);
  expect((await call(tenant, 'GET', '/v1/monitoring/alerts?status=closed')).status).toBe(400);

  const acked = await call(tenant, 'POST', `/v1/monitoring/alerts/${alert.id}/acknowledge`, { note: 'Known customer, reviewed' });
  expect(acked.status).toBe(200);
  expect(acked.body.result.alert).toMatchObject({
    id: alert.id,
    status: 'acknowledged',
    note: 'Known customer, reviewed',
    acknowledged_by: expect.any(String),
  });
  const again = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      mutation ($id: ID!) {
        acknowledgeMonitoringAlert(id: $id, input: { note: "later" }) {
          status
          note
          acknowledgedAt
        }
      }
    `,
    { id: alert.id },
  );
  expect(again.body.data.acknowledgeMonitoringAlert).toEqual({
    status: 'acknowledged',
    note: 'Known customer, reviewed',
    acknowledgedAt: acked.body.result.alert.acknowledged_at,
  });
  expect((await call(tenant, 'GET', '/v1/monitoring/alerts?status=open')).body.result.alerts).toEqual([]);
  const missing = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      mutation {
        acknowledgeMonitoringAlert(id: "mal_unknown", input: {}) {
          id
        }
      }
    `,
  );
  expect(missing.body.errors?.[0].extensions?.code).toBe('monitoring_alert_not_found');
});

it('alerts are assigned and unassigned through GraphQL and filtered by assignee', async () => {
  const [alert] = (await waitForAlerts(tenant, '', 1)).alerts;
  const headers = auth.apiKey(tenant.apiKey);
  const assign = (assignee: string | null) =>
    graphql(
      platform,
      headers,
      'mutation($id: ID!, $input: AssignMonitoringAlertInput!) { assignMonitoringAlert(id: $id, input: $input) { id assignee assignedAt } }',
      { id: alert.id, input: { assignee } },
    );
  const list = async (filter: string) =>
    (await graphql(platform, headers, `{ monitoringAlerts(${filter}) { nodes { id assignee } totalCount } }`)).body.data.monitoringAlerts;

  expect((await list('unassigned: true')).nodes.map((node: { id: string }) => node.id)).toContain(alert.id);
  const assigned = await assign('usr_someone');
  expect(assigned.body.data.assignMonitoringAlert).toEqual({ id: alert.id, assignee: 'usr_someone', assignedAt: expect.any(String) });
  expect(await list('assignee: "usr_someone"')).toEqual({ nodes: [{ id: alert.id, assignee: 'usr_someone' }], totalCount: 1 });
  expect((await list('unassigned: true')).nodes.map((node: { id: string }) => node.id)).not.toContain(alert.id);
  expect((await list('assignee: "usr_other"')).totalCount).toBe(0);
  const both = await graphql(platform, headers, '{ monitoringAlerts(assignee: "usr_someone", unassigned: true) { totalCount } }');
  expect(both.body.errors?.[0].extensions?.code).toBe('schema_validation_failed');

  expect((await assign(null)).body.data.assignMonitoringAlert.assignee).toBeNull();
  expect((await list('unassigned: true')).nodes.map((node: { id: string }) => node.id)).toContain(alert.id);
  // Another workspace's alert is absent.
  const foreign = await graphql(
    platform,
    auth.apiKey(sibling.apiKey),
    'mutation($id: ID!) { assignMonitoringAlert(id: $id, input: { assignee: "usr_x" }) { id } }',
    { id: alert.id },
  );
  expect(foreign.body.errors?.[0].extensions?.code).toBe('monitoring_alert_not_found');
});

it("an alert says what the list update changed per matched entity: a new listing and a changed one's added alias", async () => {
  // A list of its own (FollowTheMoney lines): version 1 lists one person; version 2 adds an alias to
  // that person and lists a namesake. The profile matched the first before and now matches both.
  const NAME = 'ZORBALINA QUENTRISHAW';
  const file = path.join(tmp, 'vigil_changes_test.ftm.jsonl');
  const person = (id: string, props: Record<string, string[]>) =>
    JSON.stringify({ id, schema: 'Person', properties: { topics: ['sanction'], program: ['TEST-REGIME'], ...props } });
  const listed = person('vct-1', { name: [NAME], birthDate: ['1971-03-04'], nationality: ['ir'] });
  fs.writeFileSync(file, `${listed}\n`);
  const v1 = await importList(platform, 'ftm_jsonl', file, 'changes-v1');
  expect(v1.sources[0]).toMatchObject({ source: 'vigil_changes_test', outcome: 'imported', added: 1 });
  await waitForIndex(platform.urls.screening!, versionsOf(v1));
  await waitForMonitoringCursor(platform, 'vigil_changes_test');
  // The first version's run must be over before the profile is enrolled, or it would re-screen the
  // profile against the whole first version and raise an alert of its own.
  const runOf = async (toSeq: number, timeoutMs = 60_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const run = await platform.db.monitoringRun.findFirst({ where: { source: 'vigil_changes_test', toSeq } });
      if (run?.status === 'completed') return run;
      if (Date.now() > deadline) throw new Error(`the monitoring run of version ${toSeq} never completed`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  };
  await runOf(1);

  const created = await call(tenant, 'POST', '/clm/v1/profiles', { name: NAME, kind: 'individual' });
  const profileId = created.body.result.profile.id as string;
  const searched = await call(tenant, 'POST', '/v1/search-sync', { name: NAME, type: 'individual', profile_id: profileId });
  expect(searched.body.result.results).toHaveLength(1);

  fs.writeFileSync(
    file,
    [
      person('vct-1', { name: [NAME], alias: ['ZORBA QUENTRISHAW'], birthDate: ['1971-03-04'], nationality: ['ir'] }),
      person('vct-2', { name: [NAME], birthDate: ['1980-05-06'], nationality: ['sy'] }),
    ].join('\n') + '\n',
  );
  const v2 = await importList(platform, 'ftm_jsonl', file, 'changes-v2');
  expect(v2.sources[0]).toMatchObject({ outcome: 'imported', added: 1, changed: 1, removed: 0 });
  const run = await runOf(2);
  const [alert] = (await waitForAlerts(tenant, `profile_id=${profileId}`, 1)).alerts;
  expect(alert.run_id).toBe(run.id);

  const read = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    `
      query ($id: ID!) {
        monitoringAlert(id: $id) {
          changes {
            entityRef
            source
            sourceId
            name
            kind
            newlyMatched
            version {
              id
              seq
              label
            }
            previousVersion {
              id
              seq
              label
            }
            listedInVersion {
              seq
            }
            current {
              names
              birthDates
              nationalities
              programs
            }
            previous {
              names
              birthDates
              nationalities
              programs
            }
            fields {
              field
              added
              removed
            }
          }
        }
      }
    `,
    { id: alert.id },
  );
  expect(read.body.errors).toBeUndefined();
  const changes = read.body.data.monitoringAlert.changes as { sourceId: string }[];
  expect(changes.map((c) => c.sourceId).sort()).toEqual(['vct-1', 'vct-2']);
  const version = { id: v2.sources[0].versionId, seq: 2, label: 'changes-v2' };
  const previousVersion = { id: v1.sources[0].versionId, seq: 1, label: 'changes-v1' };
  expect(changes.find((c) => c.sourceId === 'vct-1')).toEqual({
    entityRef: 'vigil_changes_test:vct-1',
    source: 'vigil_changes_test',
    sourceId: 'vct-1',
    name: NAME,
    kind: 'changed_listing',
    newlyMatched: false,
    version,
    previousVersion,
    listedInVersion: { seq: 2 },
    current: { names: [NAME, 'ZORBA QUENTRISHAW (a.k.a.)'], birthDates: ['1971-03-04'], nationalities: ['IR'], programs: ['TEST-REGIME'] },
    previous: { names: [NAME], birthDates: ['1971-03-04'], nationalities: ['IR'], programs: ['TEST-REGIME'] },
    // exactly the alias: nothing else changed
    fields: [{ field: 'names', added: ['ZORBA QUENTRISHAW (a.k.a.)'], removed: [] }],
  });
  expect(changes.find((c) => c.sourceId === 'vct-2')).toEqual({
    entityRef: 'vigil_changes_test:vct-2',
    source: 'vigil_changes_test',
    sourceId: 'vct-2',
    name: NAME,
    kind: 'new_listing',
    newlyMatched: true,
    version,
    previousVersion,
    listedInVersion: { seq: 2 },
    current: { names: [NAME], birthDates: ['1980-05-06'], nationalities: ['SY'], programs: ['TEST-REGIME'] },
    previous: null,
    fields: [
      { field: 'names', added: [NAME], removed: [] },
      { field: 'entity_type', added: ['individual'], removed: [] },
      { field: 'birth_dates', added: ['1980-05-06'], removed: [] },
      { field: 'nationalities', added: ['SY'], removed: [] },
      { field: 'programs', added: ['TEST-REGIME'], removed: [] },
      { field: 'feeds', added: ['Sanctions'], removed: [] },
    ],
  });

  // REST: the single alert carries the same, snake_case; the list stays lean.
  const rest = await call(tenant, 'GET', `/v1/monitoring/alerts/${alert.id}`);
  expect(rest.status).toBe(200);
  const restChange = rest.body.result.alert.changes.find((c: { source_id: string }) => c.source_id === 'vct-1');
  expect(restChange).toMatchObject({
    entity_ref: 'vigil_changes_test:vct-1',
    kind: 'changed_listing',
    newly_matched: false,
    version: { id: version.id, seq: 2, label: 'changes-v2', imported_at: expect.any(String) },
    previous_version: { id: previousVersion.id, seq: 1 },
    fields: [{ field: 'names', added: ['ZORBA QUENTRISHAW (a.k.a.)'], removed: [] }],
  });
  expect(alert.changes).toBeUndefined();

  // Another workspace: absent, changes and all.
  const foreign = await graphql(
    platform,
    auth.apiKey(sibling.apiKey),
    'query($id: ID!) { monitoringAlert(id: $id) { id changes { kind } } }',
    {
      id: alert.id,
    },
  );
  expect(foreign.body.errors).toBeUndefined();
  expect(foreign.body.data.monitoringAlert).toBeNull();
  expect((await call(sibling, 'GET', `/v1/monitoring/alerts/${alert.id}`)).status).toBe(404);
}, 120_000);
