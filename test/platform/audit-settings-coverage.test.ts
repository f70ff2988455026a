// The audit trail covers the remaining settings and operations: profile groups (with their
// monitoring frequencies), custom field definitions, IDV themes, batch restarts and monitoring
// alert acknowledgements and assignments. Each change goes through GraphQL or REST; its entry shows
// in `auditEntries` with action, actor, address and object, names what changed without the
// workspace's texts or a free-text note, and the chain still verifies.
import { verifyAuditChains } from '../../platform/audit/verify';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createConsoleUser, signInToConsole, ConsoleClient } from '../helpers/console';
import { importList, UN_XML, versionsOf, waitForIndex } from '../screening/screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let admin: { userId: string };
let client: ConsoleClient;

beforeAll(async () => {
  // No worker: a submitted batch stays queued, so it can be restarted.
  platform = await startTestPlatform({ isolatedDatabase: true });
  tenant = await createTestTenant(platform);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
  const user = await createConsoleUser(platform, tenant, { role: 'admin', email: 'audit-settings-admin@example.com' });
  admin = user;
  client = await signInToConsole(platform, user);
});
afterAll(() => platform.close());

interface Entry {
  action: string;
  actorKind: string;
  actorId: string;
  clientAddress: string | null;
  objectType: string;
  objectId: string;
  outcome: string;
  detail: Record<string, unknown>;
}

const ENTRIES = `query ($filter: AuditEntryFilter) {
  auditEntries(first: 100, filter: $filter) {
    nodes { action actorKind actorId clientAddress objectType objectId outcome detail }
  }
}`;

async function entriesOf(objectType: string, objectId: string): Promise<Entry[]> {
  const answer = await client.graphql(ENTRIES, { filter: { objectType, objectId } });
  expect(answer.body.errors).toBeUndefined();
  // Newest first; oldest first reads like the story of the object.
  return [...answer.body.data.auditEntries.nodes].reverse();
}

async function mutate(document: string, variables: Record<string, unknown> = {}) {
  const answer = await client.graphql(document, variables);
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data;
}

const ADDRESS = /127\.0\.0\.1/;

function byAdmin(entry: Entry | undefined) {
  expect(entry).toBeDefined();
  expect(entry).toMatchObject({ actorKind: 'dashboard_user', actorId: admin.userId, outcome: 'succeeded' });
  expect(entry!.clientAddress).toMatch(ADDRESS);
  return entry!;
}

test('profile groups: create, frequency change and archive are audited with from/to, never the texts', async () => {
  const created = await mutate(
    `mutation { createProfileGroup(input: { name: "High risk EU", description: "Secret segment notes", priority: 2,
      monitoringFeedFrequencies: { sanctions: daily } }) { id } }`,
  );
  const groupId = created.createProfileGroup.id;
  await mutate(
    `mutation ($id: ID!) { updateProfileGroup(id: $id, input: { priority: 5, monitoringFeedFrequencies: { sanctions: deltas, pep: monthly } }) { id } }`,
    { id: groupId },
  );
  await mutate(`mutation ($id: ID!) { archiveProfileGroup(id: $id) { id } }`, { id: groupId });

  const [create, update, archive] = await entriesOf('profiles.group', groupId);
  expect(byAdmin(create)).toMatchObject({
    action: 'profiles.group.create',
    detail: { key: 'high_risk_eu', priority: 2, monitoring_feed_frequencies: { Sanctions: 'daily' } },
  });
  expect(byAdmin(update)).toMatchObject({
    action: 'profiles.group.update',
    detail: {
      fields: ['priority', 'monitoringFeedFrequencies'],
      priority: { from: 2, to: 5 },
      monitoring_feed_frequencies: { from: { Sanctions: 'daily' }, to: { Sanctions: 'deltas', PEP: 'monthly' } },
    },
  });
  expect(byAdmin(archive)).toMatchObject({ action: 'profiles.group.archive', objectId: groupId });
  expect(JSON.stringify([create, update, archive])).not.toMatch(/Secret segment|High risk EU/);
}, 60_000);

test('custom field definitions: create, update, archive and restore are audited', async () => {
  await mutate(
    `mutation { createProfileCustomFieldDefinition(input: { key: "tier", label: "Customer tier", type: enum,
      options: [{ value: "gold", label: "Gold" }] }) { key } }`,
  );
  await mutate(
    `mutation { updateProfileCustomFieldDefinition(key: "tier", input: { required: true, label: "Tier",
      options: [{ value: "gold", label: "Gold" }, { value: "silver", label: "Silver" }] }) { key } }`,
  );
  await mutate(`mutation { archiveProfileCustomFieldDefinition(key: "tier") { key } }`);
  await mutate(`mutation { restoreProfileCustomFieldDefinition(key: "tier") { key } }`);
  // Optional again, so later profiles need no tier.
  await mutate(`mutation { updateProfileCustomFieldDefinition(key: "tier", input: { required: false }) { key } }`);

  const [create, update, archive, restore, optional] = await entriesOf('profiles.custom_field_definition', 'tier');
  expect(byAdmin(create)).toMatchObject({
    action: 'profiles.custom_field_definition.create',
    detail: { revision: 1, type: 'enum', required: false, option_count: 1 },
  });
  expect(byAdmin(update)).toMatchObject({
    action: 'profiles.custom_field_definition.update',
    detail: {
      revision: 2,
      fields: ['label', 'required', 'options'],
      required: { from: false, to: true },
      option_count: { from: 1, to: 2 },
    },
  });
  expect(byAdmin(archive)).toMatchObject({
    action: 'profiles.custom_field_definition.archive',
    detail: { fields: ['archived'], archived: { from: false, to: true } },
  });
  expect(byAdmin(restore)).toMatchObject({
    action: 'profiles.custom_field_definition.restore',
    detail: { archived: { from: true, to: false } },
  });
  expect(byAdmin(optional)).toMatchObject({ detail: { revision: 5, fields: ['required'], required: { from: true, to: false } } });
  expect(JSON.stringify([create, update])).not.toMatch(/Customer tier|Silver/);
}, 60_000);

test('IDV themes: create, replace, make default and archive are audited without the branding', async () => {
  const first = (await mutate(`mutation { createIdvTheme(input: { name: "First", companyName: "Acme Brand Co" }) { themeId } }`))
    .createIdvTheme.themeId;
  const second = (await mutate(`mutation { createIdvTheme(input: { name: "Second", companyName: "Acme Brand Co" }) { themeId revision } }`))
    .createIdvTheme;
  await mutate(
    `mutation ($id: ID!, $revision: Int!) { replaceIdvTheme(themeId: $id, expectedRevision: $revision,
      input: { name: "Second", companyName: "Other Brand Ltd", status: active, colors: { primary: "#112233" } }) { revision } }`,
    { id: second.themeId, revision: second.revision },
  );
  await mutate(`mutation ($id: ID!) { makeDefaultIdvTheme(themeId: $id) { isDefault } }`, { id: second.themeId });
  await mutate(`mutation ($id: ID!) { archiveIdvTheme(themeId: $id) { status } }`, { id: second.themeId });

  const [createFirst] = await entriesOf('idv.theme', first);
  expect(byAdmin(createFirst)).toMatchObject({ action: 'idv.theme.create', detail: { is_default: true, status: 'draft' } });
  const [create, replace, makeDefault, archive] = await entriesOf('idv.theme', second.themeId);
  expect(byAdmin(create)).toMatchObject({ action: 'idv.theme.create', detail: { is_default: false } });
  expect(byAdmin(replace)).toMatchObject({
    action: 'idv.theme.update',
    detail: { fields: ['company_name', 'colors', 'status'], from_status: 'draft', to_status: 'active', revision: { from: 1, to: 2 } },
  });
  expect(byAdmin(makeDefault)).toMatchObject({ action: 'idv.theme.make_default', detail: { previous_default: first } });
  expect(byAdmin(archive)).toMatchObject({
    action: 'idv.theme.archive',
    detail: { from_status: 'active', to_status: 'archived', was_default: true },
  });
  expect(JSON.stringify([create, replace])).not.toMatch(/Brand|#112233/);
}, 60_000);

test('a batch restart is audited as the application that asked for it', async () => {
  const submitted = await request(platform.restUrl, 'POST', '/v1/search', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { requests: [{ name: 'Quillfeather Nobody' }], feeds: ['Sanctions'] },
  });
  expect(submitted.status).toBe(200);
  const batchId = submitted.body.result.id;
  const restarted = await graphql(
    platform,
    auth.apiKey(tenant.apiKey),
    'mutation ($id: ID!) { restartScreeningBatch(id: $id) { id restarts } }',
    { id: batchId },
  );
  expect(restarted.body.errors).toBeUndefined();
  expect(restarted.body.data.restartScreeningBatch.restarts).toBe(1);

  const actions = (await entriesOf('screening.batch', batchId)).map((entry) => entry.action);
  expect(actions).toEqual(['screening.batch.submit', 'screening.batch.restart']);
  const restart = (await entriesOf('screening.batch', batchId))[1];
  expect(restart).toMatchObject({
    actorKind: 'application',
    actorId: tenant.applicationId,
    outcome: 'succeeded',
    detail: { from_status: 'queued', restarts: 1, request_id: expect.any(String) },
  });
}, 60_000);

test('monitoring alerts: an assignment and the first acknowledgement are audited; the note stays personal', async () => {
  const profile = await request(platform.restUrl, 'POST', '/clm/v1/profiles', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { name: 'Alerted Person', kind: 'individual' },
  });
  expect(profile.status).toBe(201);
  const profileId = profile.body.result.profile.id as string;
  // Raising an alert needs a monitoring run over a new list version (test/screening/monitoring.test.ts);
  // here the alert is seeded, and what is audited is what people do with it.
  const alertId = `mal_audit${Date.now()}`;
  await platform.db.monitoringAlert.create({
    data: {
      id: alertId,
      tenantId: tenant.tenantId,
      workspaceId: tenant.workspaceId,
      profileId,
      runId: 'run_audit_settings',
      trigger: 'delta',
      searchId: 'srch_audit_settings',
      matchCount: 1,
      entityRefs: ['un:1'],
    },
  });
  await mutate(`mutation ($id: ID!) { assignMonitoringAlert(id: $id, input: { assignee: "usr_colleague" }) { id } }`, { id: alertId });
  await mutate(`mutation ($id: ID!) { acknowledgeMonitoringAlert(id: $id, input: { note: "Called the client's wife" }) { status } }`, {
    id: alertId,
  });
  // Acknowledging again changes nothing and records nothing.
  await mutate(`mutation ($id: ID!) { acknowledgeMonitoringAlert(id: $id, input: {}) { status } }`, { id: alertId });

  const entries = await entriesOf('screening.monitoring_alert', alertId);
  expect(entries.map((entry) => entry.action)).toEqual(['screening.monitoring_alert.assign', 'screening.monitoring_alert.acknowledge']);
  const [assign, acknowledge] = entries;
  expect(byAdmin(assign)).toMatchObject({ detail: { from: null, to: 'usr_colleague' } });
  expect(byAdmin(acknowledge)).toMatchObject({ detail: { from: 'open', to: 'acknowledged', noted: true } });
  expect(JSON.stringify(entries)).not.toContain('wife');
  // The note is the entry's personal part, tied to the profile so its erasure removes it.
  const [stored] = await platform.db.auditLogEntry.findMany({
    where: { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, action: 'screening.monitoring_alert.acknowledge' },
  });
  expect(stored.profileId).toBe(profileId);
  expect(JSON.stringify(stored.personal)).toContain('wife');
}, 60_000);

test('the chain verifies after all of it', async () => {
  const verified = await client.graphql('query { auditChainVerification { verified problems { kind message } } }');
  expect(verified.body.errors).toBeUndefined();
  expect(verified.body.data.auditChainVerification).toMatchObject({ verified: true, problems: [] });
  const [report] = await verifyAuditChains(platform.db, { workspaceId: tenant.workspaceId });
  expect(report.problems).toEqual([]);
}, 60_000);
