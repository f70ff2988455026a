// The audit trail covers console sign-ins (both outcomes, with method and address, no secret),
// sign-outs, member administration, settings changes and batch screenings: each kind shows in
// `auditEntries` (read through the console's GraphQL) with the right actor and address, the chain
// still verifies, and the verification field answers the same for an admin.
import { SERVICE_NAMES } from '../../app/start-platform';
import { verifyAuditChains } from '../../platform/audit/verify';
import { auth, createTestTenant, graphql, request, startTestPlatform, TestPlatform, TestTenant } from '../helpers/test-platform';
import { createConsoleUser, signInToConsole, ConsoleClient, TEST_PASSWORD } from '../helpers/console';
import { importList, UN_XML, versionsOf, waitForBatch, waitForIndex } from '../screening/screening-helpers';

let platform: TestPlatform;
let tenant: TestTenant;

beforeAll(async () => {
  // The worker runs the batch; its own database keeps other files' jobs away from it.
  platform = await startTestPlatform({ services: SERVICE_NAMES, isolatedDatabase: true });
  tenant = await createTestTenant(platform);
  const un = await importList(platform, 'un_xml', UN_XML);
  await waitForIndex(platform.urls.screening!, versionsOf(un));
});
afterAll(() => platform.close());

interface Entry {
  sequence: string;
  action: string;
  actorKind: string;
  actorId: string;
  clientAddress: string | null;
  objectType: string;
  objectId: string;
  outcome: string;
  detail: Record<string, unknown>;
}

const ENTRIES = `query ($filter: AuditEntryFilter, $after: String) {
  auditEntries(first: 100, filter: $filter, after: $after) {
    nodes { sequence action actorKind actorId clientAddress objectType objectId outcome detail }
    pageInfo { hasNextPage endCursor }
  }
}`;

async function entries(client: ConsoleClient, filter: Record<string, unknown> = {}): Promise<Entry[]> {
  const answer = await client.graphql(ENTRIES, { filter });
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data.auditEntries.nodes;
}

test('sign-ins, sign-outs, member changes, settings and batches appear in auditEntries with actor and address', async () => {
  const admin = await createConsoleUser(platform, tenant, { role: 'admin', email: 'audit-admin@example.com' });
  const colleague = await createConsoleUser(platform, tenant, { role: 'analyst', email: 'audit-analyst@example.com' });

  // A refused sign-in of a known account, then a successful one.
  const refused = await request(platform.restUrl, 'POST', '/console/auth/password', {
    body: { email: admin.email, password: 'not the password at all' },
  });
  expect(refused.status).toBe(401);
  const client = await signInToConsole(platform, { email: admin.email, password: TEST_PASSWORD });

  // Member administration.
  const invited = await client.graphql(
    `mutation ($input: InviteDashboardUserInput!) { inviteDashboardUser(input: $input) { user { id } } }`,
    { input: { email: `invitee-${tenant.tenantId}@example.com`, name: 'Invitee', role: 'viewer' } },
  );
  expect(invited.body.errors).toBeUndefined();
  const inviteeId = invited.body.data.inviteDashboardUser.user.id;
  const changed = await client.graphql(
    `mutation ($input: ChangeDashboardUserRoleInput!) { changeDashboardUserRole(input: $input) { id } }`,
    { input: { userId: colleague.userId, role: 'reviewer' } },
  );
  expect(changed.body.errors).toBeUndefined();
  const deactivated = await client.graphql(
    `mutation ($input: DeactivateDashboardUserInput!) { deactivateDashboardUser(input: $input) { id } }`,
    { input: { userId: inviteeId } },
  );
  expect(deactivated.body.errors).toBeUndefined();

  // Settings: the monitoring default, a webhook destination, an IDV workflow.
  const monitoring = await client.graphql(
    'mutation { updateWorkspaceMonitoringDefault(input: { monitoringFeedFrequencies: { sanctions: weekly } }) { customized } }',
  );
  expect(monitoring.body.errors).toBeUndefined();
  const webhook = await client.graphql(
    `mutation { createWebhookDestination(input: { url: "https://hooks.example.com/vigil?token=secret", kinds: [idv] }) { destination { id } } }`,
  );
  expect(webhook.body.errors).toBeUndefined();
  const destinationId = webhook.body.data.createWebhookDestination.destination.id;
  const disabled = await client.graphql(`mutation ($id: ID!) { disableWebhookDestination(id: $id) { id } }`, { id: destinationId });
  expect(disabled.body.errors).toBeUndefined();
  const workflow = await client.graphql(`mutation { createIdvWorkflow(input: { name: "Audited flow" }) { id } }`);
  expect(workflow.body.errors).toBeUndefined();
  const workflowId = workflow.body.data.createIdvWorkflow.id;
  const activated = await client.graphql(`mutation ($id: ID!) { activateIdvWorkflow(id: $id) { id } }`, { id: workflowId });
  expect(activated.body.errors).toBeUndefined();

  // A batch screening through REST (an application).
  const submitted = await request(platform.restUrl, 'POST', '/v1/search', {
    headers: auth.xApiKey(tenant.apiKey),
    body: { requests: [{ name: 'Barzan Ibrahim Hassan al-Tikriti' }, { name: 'Quillfeather Nobody' }], feeds: ['Sanctions'] },
  });
  expect(submitted.status).toBe(200);
  const batchId = submitted.body.result.id;
  await waitForBatch(platform.restUrl, tenant.apiKey, batchId);

  const all = await entries(client);
  const byAction = (action: string) => all.filter((entry) => entry.action === action);
  const adminAddress = /127\.0\.0\.1/;

  const signIns = byAction('access.sign_in');
  expect(signIns).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ actorKind: 'dashboard_user', actorId: admin.userId, outcome: 'failed', objectId: admin.userId }),
      expect.objectContaining({ actorKind: 'dashboard_user', actorId: admin.userId, outcome: 'succeeded' }),
    ]),
  );
  for (const entry of signIns) expect(entry.clientAddress).toMatch(adminAddress);
  expect(signIns.find((entry) => entry.outcome === 'failed')!.detail).toEqual({ method: 'password', reason: 'wrong_password' });
  expect(signIns.find((entry) => entry.outcome === 'succeeded')!.detail).toEqual({ method: 'password', state: 'signed_in' });
  expect(JSON.stringify(all)).not.toContain('not the password at all');
  expect(JSON.stringify(all)).not.toContain(TEST_PASSWORD);

  const administered = (action: string) => byAction(action).find((entry) => entry.actorId === admin.userId);
  expect(administered('access.user.invite')).toMatchObject({ objectId: inviteeId, detail: { role: 'viewer', new_account: true } });
  expect(administered('access.user.role.change')).toMatchObject({
    objectId: colleague.userId,
    detail: { from: 'analyst', to: 'reviewer' },
  });
  expect(administered('access.user.deactivate')).toMatchObject({ objectId: inviteeId });
  expect(administered('profiles.settings.monitoring_default.update')).toMatchObject({
    detail: { from: { Sanctions: 'daily' }, to: { Sanctions: 'weekly' } },
  });
  const created = administered('idv.webhook_destination.create')!;
  expect(created).toMatchObject({ objectType: 'idv.webhook_destination', objectId: destinationId });
  expect(created.detail.url_origin).toBe('https://hooks.example.com');
  expect(JSON.stringify(created.detail)).not.toContain('secret');
  expect(administered('idv.webhook_destination.disable')).toMatchObject({ objectId: destinationId });
  expect(administered('idv.workflow.create')).toMatchObject({ objectType: 'idv.workflow', objectId: workflowId });
  expect(administered('idv.workflow.activate')).toMatchObject({ detail: { from_status: 'draft', to_status: 'active' } });
  for (const action of [
    'access.user.invite',
    'access.user.role.change',
    'profiles.settings.monitoring_default.update',
    'idv.webhook_destination.create',
    'idv.workflow.create',
  ])
    expect(administered(action)!.clientAddress).toMatch(adminAddress);

  const [submit] = byAction('screening.batch.submit');
  expect(submit).toMatchObject({ actorKind: 'application', objectType: 'screening.batch', objectId: batchId });
  expect(submit.clientAddress).toMatch(adminAddress);
  expect(submit.detail).toMatchObject({ row_count: 2, threshold: expect.any(Number), list_versions: expect.any(Object) });
  expect(submit.detail.input_hash).toMatch(/^[0-9a-f]{64}$/);
  expect(JSON.stringify(submit.detail)).not.toMatch(/Barzan/i);
  const [complete] = byAction('screening.batch.complete');
  expect(complete).toMatchObject({ actorKind: 'application', clientAddress: null, objectId: batchId });
  expect(complete.detail.result_ids).toHaveLength(2);
  expect(complete.detail.rows_with_matches).toBe(1);

  // Filters: by object, by actor.
  expect((await entries(client, { objectType: 'screening.batch', objectId: batchId })).map((entry) => entry.action).sort()).toEqual([
    'screening.batch.complete',
    'screening.batch.submit',
  ]);
  expect((await entries(client, { actorKind: 'application' })).every((entry) => entry.actorKind === 'application')).toBe(true);

  // The chain verifies, from the CLI's code and from the admin's GraphQL field.
  const verified = await client.graphql('query { auditChainVerification { verified entries problems { kind message } } }');
  expect(verified.body.errors).toBeUndefined();
  expect(verified.body.data.auditChainVerification).toMatchObject({ verified: true, problems: [] });
  expect(verified.body.data.auditChainVerification.entries).toBeGreaterThanOrEqual(all.length);

  // Sign-out is the last entry of the session.
  const signedOut = await client.post('/console/auth/sign-out', {});
  expect(signedOut.status).toBe(200);
  const [signOut] = await platform.db.auditLogEntry.findMany({
    where: { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId, action: 'access.sign_out' },
  });
  expect(signOut).toMatchObject({ actorKind: 'dashboard_user', actorId: admin.userId, resourceId: admin.userId });
  expect(signOut.clientAddress).toMatch(adminAddress);

  const [report] = await verifyAuditChains(platform.db, { workspaceId: tenant.workspaceId });
  expect(report.problems).toEqual([]);
}, 180_000);

test('a reviewer reads the trail but may not run the verification; an analyst reads neither', async () => {
  const reviewer = await createConsoleUser(platform, tenant, { role: 'reviewer', email: 'audit-reviewer@example.com' });
  const analyst = await createConsoleUser(platform, tenant, { role: 'analyst', email: 'audit-analyst-2@example.com' });
  const asReviewer = await signInToConsole(platform, reviewer);
  expect((await entries(asReviewer, { action: 'access.sign_in' })).length).toBeGreaterThan(0);
  const verify = await asReviewer.graphql('query { auditChainVerification { verified } }');
  expect(verify.body.errors?.[0]?.extensions?.code).toBe('insufficient_role');
  const asAnalyst = await signInToConsole(platform, analyst);
  const read = await asAnalyst.graphql(ENTRIES, {});
  expect(read.body.errors?.[0]?.extensions?.code).toBe('insufficient_role');
  // Applications (API keys) may verify.
  const byKey = await graphql(platform, auth.apiKey(tenant.apiKey), 'query { auditChainVerification { verified } }');
  expect(byKey.body.data.auditChainVerification.verified).toBe(true);
}, 60_000);
