// Erasing a profile with audit history: its entries stay, their personal parts go, nothing personal
// is left in the trail, and the workspace's chain still verifies (docs/audit.md, "Erasure").
import { appendAudit } from '../../platform/audit/audit-trail';
import { verifyAuditChains } from '../../platform/audit/verify';
import {
  auth,
  createDashboardToken,
  createSiblingWorkspace,
  createTestTenant,
  graphql,
  TestPlatform,
  TestTenant,
} from '../helpers/test-platform';
import { client, startProfilesPlatform } from './profiles-helpers';

let platform: TestPlatform;
let tenant: TestTenant;
let api: ReturnType<typeof client>;
beforeAll(async () => {
  platform = await startProfilesPlatform();
  tenant = await createTestTenant(platform);
  api = client(platform, tenant);
});
afterAll(async () => {
  await platform?.close();
});

test('erasure keeps the audit entries of the profile without personal data; the chain verifies', async () => {
  const profile = await api.createProfile({ name: 'Jane Doe', email: 'jane@example.com' });
  const scope = { tenantId: tenant.tenantId, workspaceId: tenant.workspaceId };
  // Earlier history of the profile: a decision whose note names the person.
  await appendAudit(platform.db, {
    ...scope,
    actorKind: 'dashboard_user',
    actorId: 'usr_reviewer',
    action: 'screening.match.review',
    resourceType: 'screening.match',
    resourceId: '0123456789abcdef01234567',
    profileId: profile.id,
    outcome: 'succeeded',
    detail: { from: 'unresolved', to: 'false_positive' },
    personal: { note: 'Jane Doe was born in 1980, not 1952' },
  });
  const before = await platform.db.auditLogEntry.findMany({ where: { ...scope, profileId: profile.id } });
  expect(before).toHaveLength(1);

  const erasure = await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`, { reason: 'Jane Doe asked by letter' });
  expect(erasure.status).toBe(200);

  const entries = await platform.db.auditLogEntry.findMany({ where: { ...scope, profileId: profile.id }, orderBy: { seq: 'asc' } });
  expect(entries.map((entry) => entry.action)).toEqual(['screening.match.review', 'profile.erasure.claimed', 'profile.erasure.completed']);
  for (const entry of entries) expect(entry.personal).toBeNull();
  // The entries that had a personal part keep its hash (the chain covers it).
  expect(entries[0].personalHash).toMatch(/^[0-9a-f]{64}$/);
  expect(entries[1].personalHash).toMatch(/^[0-9a-f]{64}$/);
  const text = JSON.stringify(entries, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));
  expect(text).not.toContain('Jane');
  expect(text).not.toContain('1980');
  // The REST caller's address reached the entry through the gateway.
  expect(entries[1]).toMatchObject({
    actorKind: 'application',
    actorId: tenant.applicationId,
    clientAddress: expect.stringMatching(/127\.0\.0\.1/),
  });

  const [report] = await verifyAuditChains(platform.db, { workspaceId: tenant.workspaceId });
  expect(report.problems).toEqual([]);
  expect(report.entries).toBe(3);
});

const AUDIT_QUERY = `query ($first: Int, $after: String, $filter: AuditEntryFilter) {
  auditEntries(first: $first, after: $after, filter: $filter) {
    totalCount
    pageInfo { hasNextPage endCursor }
    nodes { id sequence createdAt actorKind actorId clientAddress action objectType objectId profileId outcome detail personalDataErased entryHash }
  }
}`;

test('auditEntries pages the workspace trail newest first with filters; other workspaces and analysts see nothing', async () => {
  const profile = await api.createProfile({ name: 'Paged Person' });
  await api.call('POST', `/clm/v1/profiles/${profile.id}/erasure`, {});
  const headers = auth.apiKey(tenant.apiKey);
  const first = await graphql(platform, headers, AUDIT_QUERY, { first: 1, filter: { profileId: profile.id } });
  expect(first.body.errors).toBeUndefined();
  const page1 = first.body.data.auditEntries;
  expect(page1.totalCount).toBe(2);
  expect(page1.nodes).toEqual([
    expect.objectContaining({
      action: 'profile.erasure.completed',
      objectType: 'profile',
      objectId: profile.id,
      actorKind: 'application',
      outcome: 'allowed',
    }),
  ]);
  expect(page1.pageInfo.hasNextPage).toBe(true);
  const second = await graphql(platform, headers, AUDIT_QUERY, {
    first: 1,
    after: page1.pageInfo.endCursor,
    filter: { profileId: profile.id },
  });
  expect(second.body.data.auditEntries.nodes).toEqual([expect.objectContaining({ action: 'profile.erasure.claimed' })]);
  expect(second.body.data.auditEntries.pageInfo).toEqual({ hasNextPage: false, endCursor: null });
  expect(Number(second.body.data.auditEntries.nodes[0].sequence)).toBeLessThan(Number(page1.nodes[0].sequence));

  const byAction = await graphql(platform, headers, AUDIT_QUERY, {
    filter: { action: 'profile.erasure.claimed', actorKind: 'application', from: '2000-01-01T00:00:00Z' },
  });
  expect(byAction.body.data.auditEntries.nodes.every((node: { action: string }) => node.action === 'profile.erasure.claimed')).toBe(true);

  const sibling = await createSiblingWorkspace(platform, tenant);
  const other = await graphql(platform, auth.apiKey(sibling.apiKey), AUDIT_QUERY, { filter: { profileId: profile.id } });
  expect(other.body.data.auditEntries).toMatchObject({ totalCount: 0, nodes: [] });

  const analyst = await createDashboardToken(platform, tenant, 'audit-analyst@example.com');
  const refused = await graphql(platform, auth.bearer(analyst.token), AUDIT_QUERY, {});
  expect(refused.body.errors?.[0]?.extensions?.code).toBe('insufficient_role');

  const bad = await graphql(platform, headers, AUDIT_QUERY, { after: 'not-a-cursor' });
  expect(bad.body.errors?.[0]?.extensions?.code).toBe('schema_validation_failed');
});
